package kdp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// planned returns the plan of a spec of mazes small mazes, one a page, no
// answer key and no copyright page (its pages are its mazes), in trim,
// ink and paper, with extra top-level keys.
func planned(t *testing.T, mazes int, trim, ink, paper, extra string) *plan.Plan {
	t.Helper()
	src := fmt.Sprintf("title: T\npreset: kdp\ncopyright: \"\"\nanswers: false\npage: {size: %s}\nstyle: {color: %s}\ncover: {paper: %s}\n%ssections:\n  - {count: %d, size: 4x4, per_page: 1}\n", trim, ink, paper, extra, mazes)
	s, err := spec.Parse("kdp.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Make(s, plan.Student)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pageViolations returns the violations of the rules on page counts of a
// plan: its pages and its blank end.
func pageViolations(p *plan.Plan) []Violation {
	var out []Violation
	for _, v := range NewChecker(p).Finish(nil) {
		if v.Rule == "pages" || v.Rule == "blank" {
			out = append(out, v)
		}
	}
	return out
}

// TestPageCountsByInterior checks the least and most pages KDP prints, by
// interior and trim, each at its limit and one page past it: standard
// colour from 72 pages, every other interior from 24; the most from KDP's
// table (600 at 8.5x11 on white is refused, 590 not; 560 on cream, 800 at
// A4).
func TestPageCountsByInterior(t *testing.T) {
	tests := []struct {
		trim, ink, paper string
		pages            int
		want             string // in the pages violation; "" for none
	}{
		{"6x9in", "color", "white", 70, "standard colour needs 72 to 600"},
		{"6x9in", "color", "white", 72, ""},
		{"6x9in", "color", "color", 24, ""},
		{"6x9in", "black", "white", 24, ""},
		{"6x9in", "grayscale", "cream", 24, ""},
		{"6x9in", "color", "white", 600, ""},
		{"6x9in", "color", "white", 602, "standard colour at 6in x 9in needs 72 to 600"},
		{"6x9in", "black", "white", 828, ""},
		{"6x9in", "black", "cream", 776, ""},
		{"6x9in", "black", "cream", 778, "black & white on cream paper at 6in x 9in needs 24 to 776"},
		{"6x9in", "color", "color", 828, ""},
		{"8.5x11in", "black", "white", 590, ""},
		{"8.5x11in", "black", "white", 600, "black & white on white paper at 8.5in x 11in needs 24 to 590"},
		{"8.5x11in", "black", "cream", 550, ""},
		{"8.5x11in", "black", "cream", 560, "needs 24 to 550"},
		{"8.5x11in", "color", "color", 592, "premium colour at 8.5in x 11in needs 24 to 590"},
		{"8.5x11in", "color", "white", 600, ""},
		{"7x10in", "black", "white", 592, "needs 24 to 590"},
		{"a4", "black", "white", 780, ""},
		{"a4", "black", "white", 800, "at 8.27in x 11.69in needs 24 to 780"},
		{"a4", "black", "cream", 730, ""},
		{"a4", "black", "cream", 732, "needs 24 to 730"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s %s ink on %s, %d pages", tt.trim, tt.ink, tt.paper, tt.pages)
		p := planned(t, tt.pages, tt.trim, tt.ink, tt.paper, "")
		if len(p.Pages) != tt.pages {
			t.Fatalf("%s: the plan has %d pages", name, len(p.Pages))
		}
		v := pageViolations(p)
		switch {
		case tt.want == "" && len(v) > 0:
			t.Errorf("%s: %v", name, v)
		case tt.want != "" && (len(v) != 1 || v[0].Rule != "pages" || !strings.Contains(v[0].Msg, tt.want)):
			t.Errorf("%s: got %v, want a pages violation with %q", name, v, tt.want)
		}
	}
}

// TestInteriorNames checks the interior of each ink and paper, and its
// name as KDP's dashboard gives it (the manifest's).
func TestInteriorNames(t *testing.T) {
	for _, c := range []struct {
		ink   draw.Ink
		paper spec.Paper
		want  Interior
		name  string
	}{
		{draw.InkBlack, spec.PaperWhite, BlackOnWhite, "Black & white interior with white paper"},
		{draw.InkGrayscale, spec.PaperWhite, BlackOnWhite, "Black & white interior with white paper"},
		{draw.InkBlack, spec.PaperCream, BlackOnCream, "Black & white interior with cream paper"},
		{draw.InkGrayscale, spec.PaperCream, BlackOnCream, "Black & white interior with cream paper"},
		{draw.InkColor, spec.PaperWhite, StandardColor, "Standard color interior with white paper"},
		{draw.InkColor, spec.PaperColor, PremiumColor, "Premium color interior with white paper"},
		{draw.InkBlack, spec.PaperColor, PremiumColor, "Premium color interior with white paper"},
	} {
		got := InteriorOf(c.ink, c.paper)
		if got != c.want || got.Name() != c.name {
			t.Errorf("InteriorOf(%s, %s) = %v (%q), want %v (%q)", c.ink, c.paper, got, got.Name(), c.want, c.name)
		}
	}
}

// TestBlankEnd checks that a book ending with more than 10 blank pages is
// refused, and one ending with 10 is not; and that pad: fills a book with
// bonus mazes and ruled notes pages, not blank ones, so that a padded
// book passes (on main, pad: 42 ended 30 mazes with 12 blank pages).
func TestBlankEnd(t *testing.T) {
	for _, tt := range []struct {
		mazes, pad int
	}{{30, 40}, {30, 42}, {4, 24}} {
		p := planned(t, tt.mazes, "6x9in", "black", "white", fmt.Sprintf("pad: %d\n", tt.pad))
		if v := pageViolations(p); len(v) > 0 {
			t.Errorf("%d mazes, pad %d: %v", tt.mazes, tt.pad, v)
		}
		notes := 0
		for _, pg := range p.Pages {
			switch pg.Kind {
			case plan.NotesPage:
				notes++
			case plan.BlankPage:
				t.Errorf("%d mazes, pad %d: page %d is blank", tt.mazes, tt.pad, pg.Number)
			}
		}
		// Bonus mazes fill the pad; notes pages only round it out.
		if len(p.Pages) != tt.pad || notes > MaxBlankEnd || len(p.Mazes) <= tt.mazes {
			t.Errorf("%d mazes, pad %d: %d pages, %d mazes, %d notes pages; want bonus mazes, and no more than %d notes pages", tt.mazes, tt.pad, len(p.Pages), len(p.Mazes), notes, MaxBlankEnd)
		}
	}
	// Blank pages at the end, however they came: 10 pass, 11 do not.
	for _, blanks := range []int{10, 11} {
		p := planned(t, 30, "6x9in", "black", "white", "")
		for range blanks {
			p.Pages = append(p.Pages, plan.Page{Kind: plan.BlankPage, Section: -1, Number: len(p.Pages) + 1, Frame: p.Pages[0].Frame})
		}
		v := pageViolations(p)
		want := fmt.Sprintf("the book ends with %d blank pages, and KDP prints at most 10", blanks)
		switch {
		case blanks <= MaxBlankEnd && len(v) > 0:
			t.Errorf("%d blank pages at the end: %v", blanks, v)
		case blanks > MaxBlankEnd && (len(v) != 1 || v[0].Rule != "blank" || !strings.Contains(v[0].Msg, want)):
			t.Errorf("%d blank pages at the end: got %v, want %q", blanks, v, want)
		}
	}
}

// TestLengthen checks the advice to a book too short for a cover: pad:
// 24, which fills it with bonus mazes, or, for a book that takes none (a
// storyboard alone), mazes.
func TestLengthen(t *testing.T) {
	for _, tt := range []struct {
		pages int
		bonus bool
		want  string
	}{
		{14, true, "add mazes, or pad: 24 in the spec to fill the book's 10 more pages with bonus mazes"},
		{4, true, "add mazes, or pad: 24 in the spec to fill the book's 20 more pages with bonus mazes"},
		{6, false, "add a section of mazes: the book's 18 more pages cannot be filled with bonus mazes"},
	} {
		if got := Lengthen(tt.pages, tt.bonus); got != tt.want {
			t.Errorf("Lengthen(%d, %v) = %q, want %q", tt.pages, tt.bonus, got, tt.want)
		}
	}
}

// TestShortBookAdvice checks the advice given to a book too short, at
// every count of mazes under the least: it advises pad: least, and the
// book padded as advised passes, filled with bonus mazes, not blanks.
func TestShortBookAdvice(t *testing.T) {
	pad := regexp.MustCompile(`or pad: (\d+) to fill the book with bonus mazes`)
	for _, in := range []struct{ ink, paper string }{{"black", "white"}, {"color", "white"}} {
		least := 24
		if in.ink == "color" {
			least = 72
		}
		for mazes := 1; mazes < least; mazes++ {
			p := planned(t, mazes, "6x9in", in.ink, in.paper, "")
			n := len(p.Pages)
			v := pageViolations(p)
			if n >= least {
				continue
			}
			if len(v) != 1 || v[0].Rule != "pages" || !strings.Contains(v[0].Msg, "add about") {
				t.Fatalf("%s ink, %d mazes (%d pages): %v", in.ink, mazes, n, v)
			}
			m := pad.FindStringSubmatch(v[0].Msg)
			if m == nil || m[1] != strconv.Itoa(least) {
				t.Errorf("%s ink, %d mazes (%d pages): %q does not advise pad: %d", in.ink, mazes, n, v[0].Msg, least)
				continue
			}
			padded := planned(t, mazes, "6x9in", in.ink, in.paper, fmt.Sprintf("pad: %d\n", least))
			if v := pageViolations(padded); len(v) > 0 {
				t.Errorf("%s ink, %d mazes padded as advised to %s: %v", in.ink, mazes, m[1], v)
			}
		}
	}
}

// TestPadPastWhatBonusMazesFill checks a pad far past what a book's
// bonus mazes can fill: a storyboard alone (no bonus maze), or mazes of
// few cells (at most plan.BonusPerCell a cell). Its notes pages are
// pages without a maze, counted with the blank ones at the end: more
// than 10 are refused, with the pad that would end with 10 at most when
// that pad still makes a paperback (on main, a storyboard padded to 40
// ended with 38 notes pages and 3 mazes of 3x3 cells padded to 60 with
// 20, and both passed; and a storyboard of 2 pages was advised pad: 24,
// which gives it 22 notes pages). A pad the book reaches by itself, and an odd
// pad, end as they should: with its own pages, and with a blank page
// after its notes to make the count even.
func TestPadPastWhatBonusMazesFill(t *testing.T) {
	const steps = "title: S\npreset: kdp\nanswers: false\npage: {size: 6x9in}\nstyle: {color: black}\nsections: [{kind: steps, size: 4x4}]\n"
	const tiny = "title: T\npreset: kdp\nanswers: false\npage: {size: 6x9in}\nstyle: {color: black}\nsections: [{count: 3, size: 3x3}]\n"
	const four = "title: F\npreset: kdp\npage: {size: 6x9in}\nstyle: {color: black}\nsections: [{count: 4, size: 8x8, per_page: 2}]\n"
	const full = "title: E\npreset: kdp\npage: {size: 6x9in}\nstyle: {color: black}\nsections: [{count: 24, size: 8x8}]\n"
	tests := []struct {
		name, src string
		pad       int
		want      string // the blank violation, "" for none
		advised   int    // the pad it advises, 0 for none
	}{
		{"storyboard far past", steps, 40, "the book ends with 38 pages without a maze (38 of them notes), and KDP prints at most 10: add mazes in their place", 0},
		{"storyboard just past", steps, 12, "", 0},
		{"storyboard unpadded", steps, 0, "", 0},
		{"few cells far past", tiny, 60, "the book ends with 20 pages without a maze (20 of them notes), and KDP prints at most 10: add mazes, or give pad: 50 or less", 50},
		{"pad its own count", full, 32, "", 0},
		{"pad odd", four, 25, "", 0},
		{"pad far past bonus mazes", four, 200, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := plannedSpec(t, fmt.Sprintf("pad: %d\n%s", tt.pad, tt.src))
			var got []string
			for _, v := range pageViolations(p) {
				if v.Rule == "blank" {
					got = append(got, v.Msg)
				}
				// pad: adds no bonus maze to a storyboard, so it is
				// not the way to the pages a paperback needs.
				if v.Rule == "pages" && tt.src == steps && strings.Contains(v.Msg, "pad:") {
					t.Errorf("%d pages: %q advises a pad", len(p.Pages), v.Msg)
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("%d pages: %q, want no blank violation", len(p.Pages), got)
			case tt.want != "" && (len(got) != 1 || got[0] != tt.want):
				t.Errorf("%d pages: %q, want %q", len(p.Pages), got, tt.want)
			}
			end := 0
			for i := len(p.Pages) - 1; i >= 0 && (p.Pages[i].Kind == plan.NotesPage || p.Pages[i].Kind == plan.BlankPage); i-- {
				end++
			}
			if tt.want == "" && end > MaxBlankEnd {
				t.Errorf("%d pages end with %d without a maze, and nothing says so", len(p.Pages), end)
			}
			if len(p.Pages) < tt.pad || len(p.Pages)%2 == 1 {
				t.Errorf("%d pages, padded to %d", len(p.Pages), tt.pad)
			}
			if own := plannedSpec(t, tt.src); len(own.Pages) >= tt.pad && len(p.Pages) != len(own.Pages) {
				t.Errorf("a book of %d pages padded to %d has %d", len(own.Pages), tt.pad, len(p.Pages))
			}
			if tt.advised == 0 {
				return
			}
			// The pad advised ends with MaxBlankEnd at most.
			q := plannedSpec(t, fmt.Sprintf("pad: %d\n%s", tt.advised, tt.src))
			if v := pageViolations(q); len(v) > 0 {
				t.Errorf("pad: %d, as advised: %v", tt.advised, v)
			}
		})
	}
}

// plannedSpec returns the student plan of a spec's text.
func plannedSpec(t *testing.T, src string) *plan.Plan {
	t.Helper()
	s, err := spec.Parse("kdp.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Make(s, plan.Student)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPaddedTeacherEdition checks a padded book's teacher edition: it
// has no answer key, so the pad its book reaches with bonus mazes and
// their answers would be reached with notes pages where the answers
// were. It ends with plan.MaxTeacherNotes of them at most and passes the
// page rules, with the same mazes as the book (on main, padded to 60,
// it ended with 20 notes pages; to 24, it reaches its pad, as it did).
func TestPaddedTeacherEdition(t *testing.T) {
	for _, tt := range []struct {
		pad    int
		padded bool // whether the teacher edition reaches the pad
	}{{24, true}, {60, false}, {100, false}} {
		s, err := spec.Parse("kdp.yaml", []byte(fmt.Sprintf("title: T\npreset: kdp\npad: %d\nteacher_edition: true\npage: {size: 6x9in}\nstyle: {color: black}\nsections: [{count: 4, size: 8x8, per_page: 2}]\n", tt.pad)))
		if err != nil {
			t.Fatal(err)
		}
		book, err := plan.Make(s, plan.Student)
		if err != nil {
			t.Fatal(err)
		}
		teacher, err := plan.Make(s, plan.Teacher)
		if err != nil {
			t.Fatal(err)
		}
		end := 0
		for i := len(teacher.Pages) - 1; i >= 0 && (teacher.Pages[i].Kind == plan.NotesPage || teacher.Pages[i].Kind == plan.BlankPage); i-- {
			end++
		}
		if len(teacher.Mazes) != len(book.Mazes) || len(book.Pages) != tt.pad || (len(teacher.Pages) == tt.pad) != tt.padded || end > plan.MaxTeacherNotes || !tt.padded && end < plan.MaxTeacherNotes-1 {
			t.Errorf("pad %d: the teacher edition has %d mazes on %d pages, %d at the end without a maze (the book %d on %d)", tt.pad, len(teacher.Mazes), len(teacher.Pages), end, len(book.Mazes), len(book.Pages))
		}
		if v := pageViolations(teacher); len(v) > 0 {
			t.Errorf("pad %d: the teacher edition: %v", tt.pad, v)
		}
	}
}
