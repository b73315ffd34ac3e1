package layout_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/animate"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
)

const stepsBook = `
seed: 4
sections:
  - {title: Puzzles, count: 1, size: 6x6}
  - title: How Prim grows a maze
    kind: steps
    size: 7x6
    every: 4
    solver: bfs
    instructions: "I is in the maze, F is the frontier."
  - {title: Kruskal, kind: steps, algorithm: kruskal, size: 5x5, columns: 3}
`

// TestStepsSectionBuilds builds a book with storyboard sections and
// checks that its steps pages hold every frame of the film once, in
// order, and that the pages, written as a PDF and read back by poppler,
// show frames: the frontier's colour in Prim's, the sets' in Kruskal's.
func TestStepsSectionBuilds(t *testing.T) {
	sp, err := spec.Parse("steps.yaml", []byte(stepsBook))
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frames := map[int]int{} // section: frames on its pages
	var stepsPages []int
	for i, pp := range book.Plan.Pages {
		if pp.Kind != plan.StepsPage {
			continue
		}
		stepsPages = append(stepsPages, i)
		if pp.Board == nil || pp.Board.First != frames[pp.Section] {
			t.Fatalf("page %d: board %+v after %d frames", pp.Number, pp.Board, frames[pp.Section])
		}
		frames[pp.Section] += pp.Board.Count
		if want := pp.Board.Film.BoardFrames(pp.Board.Layout); frames[pp.Section] > want {
			t.Fatalf("page %d: %d frames of %d", pp.Number, frames[pp.Section], want)
		}
	}
	for si := 1; si <= 2; si++ {
		var film *plan.Board
		for _, pp := range book.Plan.Pages {
			if pp.Section == si && pp.Board != nil {
				film = pp.Board
			}
		}
		if film == nil || frames[si] != film.Film.BoardFrames(film.Layout) {
			t.Fatalf("section %d: %d frames on its pages", si, frames[si])
		}
	}
	if len(book.Plan.Mazes) != 1 {
		t.Fatalf("%d mazes: a storyboard adds none", len(book.Plan.Mazes))
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := pdf.Write(&buf, book.Pages, pdf.Metadata{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "steps.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if qpdf, err := exec.LookPath("qpdf"); err == nil {
		if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil {
			t.Fatalf("qpdf --check: %v\n%s", err, out)
		}
	}
	want := map[int]color.RGBA{1: rgba(animate.FrontierColor), 2: rgba(animate.SetColors[0])}
	for _, i := range stepsPages {
		img, err := rastertest.FromPDF(path, i+1, 50)
		if errors.Is(err, rastertest.ErrNoPdftoppm) {
			tooltest.Missing(t, "pdftoppm")
		}
		if err != nil {
			t.Fatal(err)
		}
		sec := book.Plan.Pages[i].Section
		if book.Plan.Pages[i].Board.First > 0 {
			continue // a later page of Prim's shows its solving
		}
		if n := count(img, want[sec]); n < 20 {
			t.Fatalf("page %d: %d pixels of %v: no frames drawn", i+1, n, want[sec])
		}
	}
}

func rgba(c display.Color) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// count counts the pixels within 6 of colour c in every channel.
func count(img *image.RGBA, c color.RGBA) int {
	n := 0
	near := func(a, b uint8) bool { return a-b < 6 || b-a < 6 }
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if near(img.Pix[i], c.R) && near(img.Pix[i+1], c.G) && near(img.Pix[i+2], c.B) {
			n++
		}
	}
	return n
}
