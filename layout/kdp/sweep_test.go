package kdp

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// kdpTrims are the trim sizes of KDP paperbacks the sweep builds.
var kdpTrims = []string{"5x8in", "5.25x8in", "5.5x8.5in", "6x9in", "7x10in", "7.5x9.25in", "8x10in", "8.25x8.25in", "8.5x11in", "a4"}

// TestEveryLevelTrimAndPerPageKeepsTheRules builds, under the kdp preset,
// a page of mazes of every level for every KDP trim and every number of
// mazes a page holds (puzzles and answers), and checks each page: every
// line at least MinLine, everything within the live area, and no text
// over another text, a star, a marker or a line. A combination may be
// refused, but only with a spec error that says what to change.
func TestEveryLevelTrimAndPerPageKeepsTheRules(t *testing.T) {
	per := spec.PerPageChoices
	if testing.Short() {
		per = []int{1, 4, 9}
	}
	refused := 0
	for _, trim := range kdpTrims {
		for k, n := range per {
			if n > 9 {
				continue
			}
			answers := per[(k+3)%len(per)]
			for level := 1; level <= 10; level++ {
				// Every other level marks its doors with words, at the two
				// ends of the longest path, where they may be neighbours.
				markers, openings := "squares", "corners"
				if level%2 == 0 {
					markers, openings = "labels", "longest"
				}
				name := fmt.Sprintf("%s/%d-per-page/%d-answers/level-%d/%s", trim, n, answers, level, markers)
				src := fmt.Sprintf(`title: Sweep
preset: kdp
style: {answer_refs: true, markers: %s}
page: {size: %s, bleed: true, margin: {top: 0.6in, bottom: 0.75in, inside: auto, outside: 0.5in}}
answers: {per_page: %d}
sections:
  - {title: Level %d, count: %d, per_page: %d, difficulty: %d, openings: %s}
`, markers, trim, answers, level, n, n, level, openings)
				s, err := spec.Parse("sweep.yaml", []byte(src))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				b, err := layout.Make(s, layout.Options{})
				if err != nil {
					var se spec.Errors
					if !errors.As(err, &se) || !strings.Contains(err.Error(), "sweep.yaml:") {
						t.Errorf("%s: refused without a spec error: %v", name, err)
					}
					refused++
					continue
				}
				checkBook(t, name, b)
			}
		}
	}
	t.Logf("%d combinations refused with a spec error", refused)
}

// TestEveryShapeKeepsTheRules is the sweep for the other shapes, on two
// trims, with doors marked with squares and with words.
func TestEveryShapeKeepsTheRules(t *testing.T) {
	for _, shape := range []string{"circle", "hexagon", "triangle"} {
		for _, trim := range []string{"6x9in", "8.5x11in"} {
			for _, n := range []int{1, 4, 9} {
				for _, level := range []int{1, 5, 9} {
					for _, markers := range []string{"squares", "labels"} {
						name := fmt.Sprintf("%s/%s/%d-per-page/level-%d/%s", shape, trim, n, level, markers)
						src := fmt.Sprintf(`title: Sweep
preset: kdp
style: {answer_refs: true, markers: %s}
page: {size: %s, bleed: true, margin: {top: 0.6in, bottom: 0.75in, inside: auto, outside: 0.5in}}
answers: {per_page: %d}
sections:
  - {title: Shapes, shape: %s, count: %d, per_page: %d, difficulty: %d, openings: longest}
`, markers, trim, n, shape, n, n, level)
						s, err := spec.Parse("sweep.yaml", []byte(src))
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						b, err := layout.Make(s, layout.Options{})
						if err != nil {
							if !strings.Contains(err.Error(), "sweep.yaml:") {
								t.Errorf("%s: refused without a spec error: %v", name, err)
							}
							continue
						}
						checkBook(t, name, b)
					}
				}
			}
		}
	}
}

// checkBook draws every page of b and checks it against the kdp rules that
// apply to a page (not the page count, nor the PDF's fonts) and for
// overlaps.
func checkBook(t *testing.T, name string, b *layout.Book) {
	t.Helper()
	c := NewChecker(b.Plan)
	for i := range b.Plan.Pages {
		page, err := b.Page(i)
		if err != nil {
			t.Fatalf("%s: page %d: %v", name, i+1, err)
		}
		c.Page(i, &page)
		if err := pageOverlaps(&page); err != nil {
			t.Errorf("%s: page %d: %v", name, i+1, err)
		}
	}
	for _, v := range c.Finish(nil) {
		if v.Rule != "pages" && v.Rule != "fonts" {
			t.Errorf("%s: %s", name, v)
		}
	}
}

// pageOverlaps reports the first place on a page where a text overlaps
// another text or a row of stars, or touches a line or a marker, and
// where a row of stars touches a line that is not its own.
func pageOverlaps(p *display.Page) error {
	type label struct {
		box  display.Box
		what string
	}
	var labels []label
	var lines []*display.Line
	var fills []display.Box
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Text:
			if it.Text != "" {
				labels = append(labels, label{it.Bounds(), fmt.Sprintf("text %q", it.Text)})
			}
		case *display.Line:
			if isStars(it) {
				var b display.Box
				for i, path := range it.Paths {
					if i == 0 {
						b = path.Bounds()
					} else {
						b = union(b, path.Bounds())
					}
				}
				labels = append(labels, label{b, "stars"})
				continue
			}
			lines = append(lines, it)
		case *display.Fill:
			fills = append(fills, it.Box)
		}
	}
	const tol = 0.01
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			if intersect(a.box, b.box, -tol) {
				return fmt.Errorf("%s at %+v overlaps %s at %+v", a.what, a.box, b.what, b.box)
			}
		}
		for _, f := range fills {
			if intersect(a.box, f, -tol) {
				return fmt.Errorf("%s at %+v overlaps a marker at %+v", a.what, a.box, f)
			}
		}
		for _, l := range lines {
			for _, path := range l.Paths {
				pts := path.Flatten(0.05)
				for k := 1; k < len(pts); k++ {
					if draw.SegmentNearBox(pts[k-1], pts[k], a.box, l.Width/2-tol) {
						return fmt.Errorf("%s at %+v touches a line (%gpt) from %v to %v", a.what, a.box, l.Width, pts[k-1], pts[k])
					}
				}
			}
		}
	}
	return nil
}

// isStars reports whether a line outlines a row of difficulty stars: each
// of its paths a closed ten-pointed polygon.
func isStars(l *display.Line) bool {
	if len(l.Paths) != 5 {
		return false
	}
	for _, p := range l.Paths {
		if len(p.Points) != 11 || p.Points[0] != p.Points[10] {
			return false
		}
	}
	return true
}

func union(a, b display.Box) display.Box {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.X+a.W, b.X+b.W), math.Max(a.Y+a.H, b.Y+b.H)
	return display.Box{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// intersect reports whether two boxes, each grown by pad, overlap.
func intersect(a, b display.Box, pad float64) bool {
	return a.X-pad < b.X+b.W+pad && b.X-pad < a.X+a.W+pad && a.Y-pad < b.Y+b.H+pad && b.Y-pad < a.Y+a.H+pad
}

// TestOverlapsFindsEachCollision shows that the geometry the sweep relies
// on finds what it looks for.
func TestOverlapsFindsEachCollision(t *testing.T) {
	txt := func(x, y float64, s string) *display.Text {
		return &display.Text{X: x, Y: y, Size: 11, Font: typeface.Bold, Text: s}
	}
	wall := &display.Line{Width: 1, Paths: []display.Path{display.Polyline(display.Point{X: 0, Y: 100}, display.Point{X: 200, Y: 100})}}
	tests := []struct {
		name  string
		items []display.Item
		want  string
	}{
		{"apart", []display.Item{txt(10, 20, "Start"), txt(10, 60, "Finish"), wall}, ""},
		{"two texts", []display.Item{txt(10, 20, "Start"), txt(30, 22, "Finish")}, "overlaps text"},
		{"text on a wall", []display.Item{txt(10, 103, "Start"), wall}, "touches a line"},
		{"text on a marker", []display.Item{txt(10, 20, "Start"), &display.Fill{Box: display.Box{X: 12, Y: 12, W: 5, H: 5}}}, "overlaps a marker"},
		{"stars on a text", append([]display.Item{txt(10, 20, "Maze 1")}, draw.Stars(60, 22, 11, 3)...), "overlaps stars"},
	}
	for _, tt := range tests {
		err := pageOverlaps(&display.Page{Width: 300, Height: 300, Items: tt.items})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// TestPresetDefaultsPass builds, under the kdp preset with no margins
// given, a book in every KDP trim, with and without bleed, and in one trim
// at page counts across every gutter step up to KDP's most: the preset's
// own margins pass every one of its rules, page numbers included. The
// books are in premium colour (which KDP prints from 24 pages to 828 at
// 6x9), and a book padded to its page count is held to every rule but
// that of the blank pages at its end.
func TestPresetDefaultsPass(t *testing.T) {
	type book struct {
		trim   string
		bleed  bool
		pad    int
		themed bool // a theme's pictures at the doors and in the margins
	}
	var books []book
	for _, trim := range kdpTrims {
		for _, bleed := range []bool{false, true} {
			// Every theme's pictures at every trim, with bleed and
			// without: a random theme deals all 26 pairs to 26 mazes.
			books = append(books, book{trim, bleed, 0, false}, book{trim, bleed, 0, true})
		}
	}
	for _, pad := range []int{151, 301, 501, 701, MaxPages} {
		books = append(books, book{"6x9in", true, pad, pad == MaxPages})
	}
	for _, bk := range books {
		name := fmt.Sprintf("%s/bleed %v/%d pages/themed %v", bk.trim, bk.bleed, bk.pad, bk.themed)
		style := "{answer_refs: true}"
		if bk.themed {
			style = "{answer_refs: true, motifs: true}\ntheme: random"
		}
		src := fmt.Sprintf("title: Defaults\npreset: kdp\ncover: {paper: color}\npad: %d\npage: {size: %s, bleed: %v}\nstyle: %s\nsections:\n  - {title: A, count: 16, difficulty: 1..9, per_page: 1}\n  - {title: B, count: 8, difficulty: 3, per_page: 4}\n  - {title: C, count: 2, ages: 4-6, per_page: 2}\n", bk.pad, bk.trim, bk.bleed, style)
		s, err := spec.Parse("defaults.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := layout.Make(s, layout.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		c := NewChecker(b.Plan)
		for i := range b.Plan.Pages {
			page, err := b.Page(i)
			if err != nil {
				t.Fatalf("%s: page %d: %v", name, i+1, err)
			}
			c.Page(i, &page)
			if err := pageOverlaps(&page); err != nil {
				t.Errorf("%s: page %d: %v", name, i+1, err)
			}
		}
		for _, v := range c.Finish(nil) {
			if v.Rule == "blank" && bk.pad > 0 {
				continue // the pages counts are reached by padding
			}
			t.Errorf("%s (%d pages): %s", name, len(b.Plan.Pages), v)
		}
	}
}

// TestThickWallsKeepTheirMarksIn builds books whose big cells have walls
// so thick that a door's arrow, a gap off the wall, reached past the
// room the plan keeps for it, and printed within the inside margin of
// KDP's trim (3 to 6 of 300 generated catalogue books, ages 6-8 a maze
// a page on a letter page with bleed): the mark is drawn smaller, and the
// book passes every rule.
func TestThickWallsKeepTheirMarksIn(t *testing.T) {
	for _, seed := range []uint64{212173772, 672011631, 199083379} {
		src := fmt.Sprintf("title: Curious Robot Mazes\nsubtitle: For kids 6-8\nauthor: Jonas Berg\nseed: %d\npreset: kdp\ntitle_page: true\npad: 24\npage: {size: 8.5x11in, bleed: true}\nstyle: {color: black}\nsections:\n  - {title: Part 1, count: 12, shape: rectangle, per_page: 1, ages: 6-8}\n", seed)
		s, err := spec.Parse("thick.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		b, err := layout.Make(s, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c := NewChecker(b.Plan)
		for i := range b.Plan.Pages {
			page, err := b.Page(i)
			if err != nil {
				t.Fatalf("seed %d: page %d: %v", seed, i+1, err)
			}
			c.Page(i, &page)
		}
		for _, v := range c.Finish(nil) {
			t.Errorf("seed %d: %s", seed, v)
		}
	}
}
