package layout_test

import (
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// TestPadAddsNotesPages checks what pad: adds: ruled notes pages, each
// with its heading in the book's language and black rules no thinner
// than a printer keeps, rather than the blank pages it added on main.
func TestPadAddsNotesPages(t *testing.T) {
	book := build(t, "language: de\nanswers: false\npad: 6\npage: {size: 6x9in}\nsections: [{count: 2, size: 5x5}]\n")
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
	if notes != 4 {
		t.Errorf("%d notes pages, want 4 (2 mazes padded to 6 pages)", notes)
	}
}
