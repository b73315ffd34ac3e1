package layout_test

import (
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// TestPadAddsNotesPages checks what pad: adds where no bonus maze can
// (a book of a storyboard alone: see plan.Bonus): ruled notes pages,
// each with its heading in the book's language and black rules no
// thinner than a printer keeps, rather than the blank pages it added on
// main.
func TestPadAddsNotesPages(t *testing.T) {
	book := build(t, "language: de\nanswers: false\npad: 6\npage: {size: 6x9in}\nsections: [{kind: steps, size: 4x4}]\n")
	own := 0
	for _, pp := range book.Plan.Pages {
		if pp.Kind != plan.NotesPage {
			own++
		}
	}
	notes := 0
	for i, pp := range book.Plan.Pages {
		if pp.Kind == plan.BlankPage {
			t.Errorf("page %d is blank", pp.Number)
		}
		if pp.Kind != plan.NotesPage {
			continue
		}
		notes++
		heading, rules := "", 0
		for _, it := range book.Pages[i].Items {
			switch it := it.(type) {
			case *display.Text:
				heading = it.Text
			case *display.Line:
				if it.Width < plan.MinLine || it.Color != display.Black {
					t.Errorf("page %d: rules %gpt in %v", pp.Number, it.Width, it.Color)
				}
				rules += len(it.Paths)
			}
		}
		if heading != "Notizen" || rules < 15 {
			t.Errorf("page %d: heading %q and %d rules, want Notizen and 15 or more", pp.Number, heading, rules)
		}
	}
	if notes == 0 || notes != 6-own {
		t.Errorf("%d notes pages, want %d (a storyboard of %d pages padded to 6)", notes, 6-own, own)
	}
}
