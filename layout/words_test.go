package layout_test

import (
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// TestWordsFillThePage checks that a word or a name set as a maze fills
// its page as a designer sets it (issue 46): its letters drawn taller on
// a page taller than the word, a word whose letters are mazes of their
// own set in lines, a name alone on the last page of a section of two a
// page sized for that page. Each case gives the least share of the page
// inside half-inch margins (see fillOf) of every page of the sections
// whose titles begin with prefix; on a portrait page a five-letter word
// joined into one maze cannot reach 45%: its letters, twice as tall as
// the font's at most (plan.MaxTall), leave the rest.
func TestWordsFillThePage(t *testing.T) {
	for _, tt := range []struct {
		book, prefix string
		per          int // the mazes on the page; 0 for any
		least        float64
	}{
		{"shapes.yaml", "Names", 2, 0.45},            // EMMA two a page (MAZES alone: 11.9% before the round, 23.7% after)
		{"shapes.yaml", "Letter by letter", 0, 0.45}, // SOL in two lines: 20.3% on main
		{"name-worksheet.yaml", "", 0, 0.45},         // LUCÍA, landscape: 32.2% on main
	} {
		b := readFinishBook(t, tt.book)
		seen := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 || tt.per > 0 && len(pp.Mazes) != tt.per {
				continue
			}
			if !strings.HasPrefix(b.Plan.Spec.Sections[pp.Section].Title, tt.prefix) {
				continue
			}
			seen++
			if share, _ := fillOf(b, pp); share < tt.least {
				t.Errorf("%s page %d (%s): its name covers %.1f%% of the page, want %.0f%%", tt.book, pp.Number, b.Plan.Spec.Sections[pp.Section].Title, 100*share, 100*tt.least)
			}
		}
		if seen == 0 {
			t.Errorf("%s: no page of a section %q with %d mazes", tt.book, tt.prefix, tt.per)
		}
	}
}

// TestYoungNamesHaveWideCorridors checks that a young child's name maze
// (ages 4-6) has cells of plan.YoungNameCell, 6mm, where its page holds
// its capitals plan.NameCapRows tall at them, and a wide name on a
// portrait page, which cannot, is still made.
func TestYoungNamesHaveWideCorridors(t *testing.T) {
	for _, tt := range []struct {
		src  string
		cell float64 // in mm
	}{
		{"page: {size: letter, orientation: landscape}\nsections:\n  - {mask: {text: ANA}, ages: 4-6}\n", 6}, // 4.5mm on main
		{"page: {size: a4, orientation: landscape}\nsections:\n  - {mask: {text: ZOË}, ages: 3-5}\n", 6},     // 4.5mm on main
		{"page: {size: letter, orientation: landscape}\nsections:\n  - {mask: {text: LEO}, ages: 5-7}\n", 6}, // 4.5mm on main
		{"page: {size: letter}\nsections:\n  - {mask: {text: OLIVIA}, ages: 4-6}\n", spec.MinCell / spec.PointsPerMM},
	} {
		b := bookOf(t, tt.src)
		if c := b.Placed[0].Cell / spec.PointsPerMM; c < tt.cell-1e-9 {
			t.Errorf("%q: cells of %.2fmm, want %gmm or more", tt.src, c, tt.cell)
		}
	}
}

// TestNoNameAloneOnItsLastPage checks 500-shapes' names: six of each,
// two or three a page (a short name two, a long one three), every page
// of a name as full as its section asks, so that no name maze stands
// alone at the size of a pair; sixty names in all.
func TestNoNameAloneOnItsLastPage(t *testing.T) {
	b := readFinishBook(t, "500-shapes.yaml")
	names, threes := 0, 0
	for _, pp := range b.Plan.Pages {
		if pp.Kind != plan.PuzzlePage {
			continue
		}
		sec := &b.Plan.Spec.Sections[pp.Section]
		if !strings.HasPrefix(sec.Title, "Names:") {
			continue
		}
		if len(pp.Mazes) != sec.PerPage || sec.PerPage < 2 {
			t.Errorf("page %d (%s) holds %d names, its section %d a page", pp.Number, sec.Title, len(pp.Mazes), sec.PerPage)
		}
		if len(pp.Mazes) == 3 {
			threes++
		}
		names += len(pp.Mazes)
	}
	if names != 60 || threes == 0 {
		t.Errorf("%d names, %d pages of three; want 60 names, long ones three a page", names, threes)
	}
}

// TestTopBottomMasksTakeTheWidth checks masks whose doors are in the tops
// and bottoms of their cells (a word whose spec places no doors, a mask
// with openings top-bottom): beside the grid they keep only what the
// arrow or the flag at a door in its first or last column reaches past
// it, half a mark and a gap, so that a wide word or a heart on a portrait
// page is as wide as the page's content less that; and every mark still
// stands inside the content. Before, they kept the whole room of a mark
// beside a side wall (8mm a side: OLIVIA two a page on 6x9 at 86.7% of
// the content's width). A heart with doors the seed places keeps that
// room.
func TestTopBottomMasksTakeTheWidth(t *testing.T) {
	reach := draw.MarkSide/2 + draw.MarkGap
	for _, tt := range []struct {
		src  string
		wide bool // as wide as the content less the marks' reach
	}{
		{"page: {size: 6x9in}\nsections:\n  - {mask: {text: OLIVIA}, count: 2, per_page: 2}\n", true},
		{"page: {size: 6x9in}\nsections:\n  - {mask: {text: LUCAS}, count: 2, per_page: 2}\n", true},
		{"page: {size: 6x9in}\nstyle: {markers: shapes}\nsections:\n  - {mask: heart.png, openings: top-bottom, count: 2, difficulty: 3}\n", true},
		{"page: {size: 6x9in}\nsections:\n  - {mask: heart.png, count: 2, difficulty: 3}\n", false},
	} {
		s, err := spec.Parse("../examples/book.yaml", []byte(tt.src)) // heart.png beside it
		if err != nil {
			t.Fatal(err)
		}
		b, err := layout.Build(s, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, at := range b.Placed {
			pp := b.Plan.Pages[at.Page]
			c, mp := pp.Frame.Content, b.Plan.Mazes[i]
			w := float64(mp.GridW * at.Cell)
			if got := w >= c.W-2*reach-0.01; got != tt.wide {
				t.Errorf("%q: maze %d is %.1fpt wide in a content %.1fpt wide (marks' reach %.1fpt): as wide as it less that %v, want %v", tt.src, i+1, w, c.W, reach, got, tt.wide)
			}
			for _, mk := range at.Marks {
				bb := mk.Box
				if out := max(c.X-bb.X, bb.X+bb.W-c.X-c.W, c.Y-bb.Y, bb.Y+bb.H-c.Y-c.H); out > 0.01 {
					t.Errorf("%q: maze %d: a mark stands %.2fpt past the content", tt.src, i+1, out)
				}
			}
		}
	}
}
