package kdp

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

func build(t *testing.T, src string) (*layout.Book, []byte) {
	t.Helper()
	s, err := spec.Parse("kdp.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, b.Pages, pdf.Metadata{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	return b, buf.Bytes()
}

// good is a book that keeps every rule: 6x9 with bleed, mirrored margins,
// automatic gutter, more than 24 pages, in premium colour (standard colour
// needs 72 pages).
const good = `
title: T
cover: {paper: color}
title_page: true
page: {size: 6x9in, bleed: true, margin: {top: 0.6in, bottom: 0.75in, inside: auto, outside: 0.5in}}
sections:
  - {title: A, count: 30, difficulty: easy}
`

func TestExampleKeepsEveryRule(t *testing.T) {
	data, err := os.ReadFile("../../examples/kdp-6x9.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{good, string(data)} {
		b, p := build(t, spec)
		if v := Check(b, p); len(v) > 0 {
			t.Fatalf("violations: %v", v)
		}
	}
}

// TestCheckCatchesEachRule breaks each rule on purpose.
func TestCheckCatchesEachRule(t *testing.T) {
	tests := []struct {
		name, spec string
		rule, want string
	}{
		{"too few pages", "page: {size: 6x9in, margin: {top: 0.6in, bottom: 0.75in, inside: auto, outside: 0.5in}}\nsections: [{count: 3}]", "pages", "4 pages"},
		{"standard colour under 72 pages", strings.Replace(good, "paper: color", "paper: white", 1), "pages", "a paperback in standard colour needs 72 to 600"},
		{"trim too large", strings.Replace(good, "size: 6x9in", "size: a3", 1), "trim", "outside 4 x 6 in"},
		{"margins too small", strings.Replace(good, "outside: 0.5in", "outside: 0.2in", 1), "margin", "outside 0.2in"},
		{"gutter too small", strings.Replace(good, "inside: auto", "inside: 0.25in", 1), "gutter", "narrower than the 0.38in"},
		{"thin lines", strings.Replace(good, "title: T", "title: T\nstyle: {wall: 0.4pt}", 1), "line", "thinner than 0.75pt"},
		{"content near the edge", strings.Replace(good, "bottom: 0.75in", "bottom: 0.3in", 1), "margin", "within 0.38in of the trim edge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, p := build(t, tt.spec)
			v := Check(b, p)
			found := false
			for _, x := range v {
				if x.Rule == tt.rule && strings.Contains(x.Msg, tt.want) {
					found = true
				}
			}
			if !found {
				t.Fatalf("no %s violation containing %q in %v", tt.rule, tt.want, v)
			}
		})
	}
	// Rules the builder never breaks, broken by hand.
	b, p := build(t, good)
	b.Pages[3].Width += 5
	if v := Check(b, p); len(v) != 1 || v[0].Rule != "bleed" {
		t.Fatalf("a page without its bleed: %v", v)
	}
	b, p = build(t, good)
	if v := Check(b, bytes.ReplaceAll(p, []byte("/FontFile2"), []byte("/FontFileX"))); len(v) != 1 || v[0].Rule != "fonts" {
		t.Fatalf("fonts not embedded: %v", v)
	}
	if v := Check(b, append(append([]byte(nil), p...), []byte("/Annots [1 0 R]")...)); len(v) != 1 || v[0].Rule != "annotations" {
		t.Fatalf("annotations: %v", v)
	}
}

// TestPagesMirror checks the 6x9 example's geometry: every page is the
// trim plus the bleed, the trim box sits on the binding side, odd and even
// pages mirror their margins, and the page numbers sit on the outside.
func TestPagesMirror(t *testing.T) {
	data, _ := os.ReadFile("../../examples/kdp-6x9.yaml")
	b, p := build(t, string(data))
	for i, page := range b.Pages {
		f := b.Plan.Pages[i].Frame
		if page.Width != 441 || page.Height != 666 || page.Trim.W != 432 || page.Trim.H != 648 || page.Trim.Y != 9 {
			t.Fatalf("page %d: %vx%v trim %+v", i+1, page.Width, page.Height, page.Trim)
		}
		recto := (i+1)%2 == 1
		wantX := 0.0
		if !recto {
			wantX = 9
		}
		if page.Trim.X != wantX {
			t.Fatalf("page %d: trim at x=%v, want %v (bleed on the outside edge)", i+1, page.Trim.X, wantX)
		}
		left := f.Content.X - f.Trim.X
		right := f.Trim.X + f.Trim.W - f.Content.X - f.Content.W
		inside, outside := left, right
		if !recto {
			inside, outside = right, left
		}
		if inside != b.Plan.Inside || outside != 36 {
			t.Fatalf("page %d: inside %v outside %v, want %v and 36", i+1, inside, outside, b.Plan.Inside)
		}
		if b.Plan.Pages[i].Kind == plan.PuzzlePage {
			// The page number: the last text, on the outside corner.
			num := page.Items[len(page.Items)-1].(*display.Text)
			if num.Text != strconv.Itoa(i+1) {
				t.Fatalf("page %d: last text %q is not the page number", i+1, num.Text)
			}
			if recto && num.Align != display.AlignRight || !recto && num.Align != display.AlignLeft {
				t.Fatalf("page %d: page number not on the outside corner", i+1)
			}
		}
	}
	if len(b.Pages)%2 != 0 {
		t.Fatalf("%d pages: the count is not even", len(b.Pages))
	}
	if b.Plan.Inside != spec.Gutter(len(b.Pages)) {
		t.Fatalf("gutter %v for %d pages", b.Plan.Inside, len(b.Pages))
	}
	// The PDF says the same, read by poppler.
	path := t.TempDir() + "/kdp.pdf"
	os.WriteFile(path, p, 0o644)
	pi := tooltest.Require(t, "pdfinfo")
	out, err := exec.Command(pi, "-box", "-f", "1", "-l", "2", path).CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Page    1 size:\s+441 x 666 pts`,
		`Page    1 TrimBox:\s+0.00\s+9.00\s+432.00\s+657.00`,
		`Page    2 TrimBox:\s+9.00\s+9.00\s+441.00\s+657.00`,
		`Page    1 BleedBox:\s+0.00\s+0.00\s+441.00\s+666.00`,
	} {
		if !regexp.MustCompile(want).Match(out) {
			t.Fatalf("pdfinfo -box does not show %s:\n%s", want, out)
		}
	}
}

// TestLineBounds checks that the ink of a line includes its arcs' bulges
// and its stroke's half-width.
func TestLineBounds(t *testing.T) {
	l := &display.Line{Paths: []display.Path{
		display.Polyline(display.Point{X: 10, Y: 10}, display.Point{X: 20, Y: 10}),
		// The top half of the circle of radius 10 around (50, 50), drawn
		// clockwise (as seen, y down) from 9 o'clock to 3 o'clock.
		{Points: []display.Point{{X: 40, Y: 50}, {X: 60, Y: 50}}, Bends: []float64{math.Pi}},
		{},
	}, Width: 2}
	got := bounds(l)
	want := display.Box{X: 9, Y: 9, W: 52, H: 42}
	if d := []float64{got.X - want.X, got.Y - want.Y, got.W - want.W, got.H - want.H}; d[0]*d[0]+d[1]*d[1]+d[2]*d[2]+d[3]*d[3] > 1e-12 {
		t.Errorf("bounds = %+v, want %+v", got, want)
	}
	// The bottom half reaches down to 60.
	l.Paths[1].Bends[0] = -math.Pi
	if got := bounds(l); got.Y+got.H < 61-1e-9 || got.Y != 9 {
		t.Errorf("bounds = %+v, want it from y 9 to 61", got)
	}
}
