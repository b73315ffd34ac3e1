package catalogue

import (
	"context"
	"mazebook/layout/spec"
	"os"
	"path/filepath"
	"testing"
)

// The bytes a catalogue says it will write before it starts come within
// a factor of 1.5 of what it writes, for books of every kind: short and
// long, rectangles, circles, hexagons and triangles, themed pages for
// young children, teacher editions and covers. (The estimate once
// counted only cells and pages, and said 70 MB of a catalogue that wrote
// 262 MB: each PDF's fonts, a theme's pictures and the covers were not
// in it.)
func TestEstimateWithinAFactorOfOneAndAHalf(t *testing.T) {
	specs := writeSpecs(t, map[string]string{
		"short.yaml":    "title: Short\nseed: 1\nsections:\n  - {count: 2, size: 6x6}\n",
		"rect.yaml":     "title: Rect\nseed: 2\npad: 24\npage: {size: 6x9in, bleed: true}\ncover: {paper: white}\nsections:\n  - {count: 30, difficulty: 5, per_page: 2}\n",
		"circle.yaml":   "title: Circle\nseed: 3\nteacher_edition: true\nsections:\n  - {count: 12, shape: circle, difficulty: 6}\n",
		"shapes.yaml":   "title: Shapes\nseed: 4\npage: {size: 8.5x11in}\nsections:\n  - {count: 10, shape: hexagon, difficulty: 5}\n  - {count: 10, shape: triangle, difficulty: 7}\n",
		"children.yaml": "title: Little\nseed: 5\ntheme: random\npad: 24\ncover: {paper: white}\nsections:\n  - {count: 16, ages: 4-6}\n",
	})
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	estimate, err := Measure(jobs, 0)
	if err != nil {
		t.Fatal(err)
	}
	books := t.TempDir()
	results, err := Build(context.Background(), jobs, Options{Dir: books})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Job.Name, r.Err)
		}
	}
	names, _ := filepath.Glob(filepath.Join(books, "*.pdf"))
	var written int64
	for _, n := range names {
		st, err := os.Stat(n)
		if err != nil {
			t.Fatal(err)
		}
		written += st.Size()
	}
	ratio := float64(written) / estimate.Bytes
	t.Logf("%d PDFs, %d bytes written, %.0f estimated: %.2f", len(names), written, estimate.Bytes, ratio)
	if ratio > 1.5 || ratio < 1/1.5 {
		t.Errorf("%d bytes written, and the estimate said %.0f: %.2f times, more than 1.5 apart", written, estimate.Bytes, ratio)
	}
}
