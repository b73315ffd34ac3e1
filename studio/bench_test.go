package studio

import (
	"fmt"
	"net/http"
	"testing"
)

// book100 is a book of 100 mazes, as a classroom pack: 50 pages of
// puzzles and their answer key.
const book100 = `title: A hundred mazes
seed: %d
sections:
  - title: Warm-up
    count: 40
    difficulty: easy
    per_page: 2
  - title: Steady
    count: 40
    difficulty: medium
    per_page: 2
  - title: Hard
    count: 20
    difficulty: hard
    per_page: 1
`

// BenchmarkPreviewPage measures what the preview waits for after a
// change to a 100-maze book: the spec checked and the book made again
// (a new seed), and the page drawn as SVG.
func BenchmarkPreviewPage(b *testing.B) {
	s := newServerB(b)
	for i := 0; b.Loop(); i++ {
		r := checkB(b, s, fmt.Sprintf(book100, i))
		w := doB(s, "GET", "/"+token+"/api/view/"+r.Key+"/3", nil)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkPreviewTitle measures the preview after a change that keeps
// the mazes of a small page: a one-maze worksheet's title.
func BenchmarkPreviewWorksheet(b *testing.B) {
	s := newServerB(b)
	for i := 0; b.Loop(); i++ {
		r := checkB(b, s, fmt.Sprintf("title: Sheet %d\nsections: [{count: 1, difficulty: medium}]\n", i))
		w := doB(s, "GET", "/"+token+"/api/view/"+r.Key+"/1", nil)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkDownload100 measures downloading a 100-maze book's PDF from
// nothing: the spec sent, the mazes made, every page drawn and written.
func BenchmarkDownload100(b *testing.B) {
	s := newServerB(b)
	for i := 0; b.Loop(); i++ {
		r := checkB(b, s, fmt.Sprintf(book100, i))
		w := doB(s, "GET", "/"+token+"/api/pdf/"+r.Key+"/x.pdf", nil)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code, w.Body.String())
		}
		b.ReportMetric(float64(w.Body.Len()), "pdf-bytes")
	}
}
