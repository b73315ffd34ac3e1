package layout_test

import (
	"strings"
	"testing"

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
		{"500-shapes.yaml", "Names:", 2, 0.30},       // two names a page: 16.3-30.0% on main
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

// TestNoNameAloneOnItsLastPage checks 500-shapes' names: six of each, two
// a page, so that no name maze stands alone at the size of a pair.
func TestNoNameAloneOnItsLastPage(t *testing.T) {
	b := readFinishBook(t, "500-shapes.yaml")
	pairs := 0
	for _, pp := range b.Plan.Pages {
		if pp.Kind != plan.PuzzlePage || !strings.HasPrefix(b.Plan.Spec.Sections[pp.Section].Title, "Names:") {
			continue
		}
		if len(pp.Mazes) != 2 {
			t.Errorf("page %d (%s) holds %d names", pp.Number, b.Plan.Spec.Sections[pp.Section].Title, len(pp.Mazes))
		}
		pairs++
	}
	if pairs != 30 {
		t.Errorf("%d pages of names, want 30", pairs)
	}
}
