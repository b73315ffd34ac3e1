package layout_test

import (
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// pageTexts returns the texts of a page, in order.
func pageTexts(p display.Page) []*display.Text {
	var out []*display.Text
	for _, it := range p.Items {
		if t, ok := it.(*display.Text); ok {
			out = append(out, t)
		}
	}
	return out
}

// firstPage returns the first page of a kind.
func firstPage(t *testing.T, b *layout.Book, kind plan.Kind) display.Page {
	t.Helper()
	for i, pp := range b.Plan.Pages {
		if pp.Kind == kind {
			return b.Pages[i]
		}
	}
	t.Fatalf("no page of kind %d", kind)
	return display.Page{}
}

// TestNameLinePunctuation checks that the name line writes its colons as
// the book's language does: a no-break space before it in French, a
// full-width one in Chinese, a label the spec gives followed by the
// language's colon.
func TestNameLinePunctuation(t *testing.T) {
	for _, tt := range []struct {
		lang, labels string
		name, date   string
	}{
		{"en", "", "Name:", "Date:"},
		{"fr", "", "Nom\u00a0:", "Date\u00a0:"},
		{"fr", "labels: {name: Prénom}\n", "Prénom\u00a0:", "Date\u00a0:"},
		{"de", "", "Name:", "Datum:"},
		{"zh", "", "姓名：", "日期："},
		{"ar", "", "الاسم:", "التاريخ:"},
	} {
		t.Run(tt.lang+" "+tt.name, func(t *testing.T) {
			sp, err := spec.Parse("book.yaml", []byte("language: "+tt.lang+"\n"+tt.labels+"style: {name_line: true}\nanswers: false\nsections:\n  - {count: 1}\n"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, txt := range pageTexts(firstPage(t, b, plan.PuzzlePage)) {
				if strings.ContainsAny(txt.Text, ":：") {
					got = append(got, txt.Text)
				}
			}
			if len(got) != 2 || got[0] != tt.name || got[1] != tt.date {
				t.Errorf("the name line says %q, want %q and %q", got, tt.name, tt.date)
			}
		})
	}
}

// TestHowToNoWidow checks that no paragraph of the how-to page ends on a
// word alone (in Chinese, a character), in any language, on pages of
// several sizes: the greedy wrap left "solved." alone on a letter page.
func TestHowToNoWidow(t *testing.T) {
	for _, lang := range spec.Languages {
		for _, size := range []string{"letter", "a4", "6x9in", "a5"} {
			sp, err := spec.Parse("book.yaml", []byte("language: "+lang+"\nhow_to: true\npage: {size: "+size+"}\nsections:\n  - {count: 2}\n"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			texts := pageTexts(firstPage(t, b, plan.HowToPage))
			for _, txt := range texts[1:] { // the title, then the text
				if len(typeface.Pieces(txt.Text)) == 1 {
					t.Errorf("%s on %s: the line %q stands alone", lang, size, txt.Text)
				}
			}
		}
	}
}

// TestLongTitles checks that a title too long for one line is wrapped onto
// balanced lines, set no smaller than layout.LeastTitleSize, every line
// inside the page's content, its words all printed; and that a title the
// page cannot hold even so is cut short with a warning at the spec's
// title line (not shrunk to a few points, as it was).
func TestLongTitles(t *testing.T) {
	words := func(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }
	for _, tt := range []struct {
		name, title, page string
		lines             int    // at least
		warn              string // in the warning, "" for none
	}{
		{"short", "Mazes for Rainy Days", "letter", 1, ""},
		{"330 characters", words("Maze and labyrinth book", 14), "letter", 4, ""},
		{"330 on A5", words("Maze and labyrinth book", 14), "a5", 6, ""},
		{"1000 on a small page", words("Maze and labyrinth adventure", 34), "4x6in", 10, "book.yaml:1:8: title: too long for the title page"},
		{"one long word", strings.Repeat("x", 330), "letter", 1, "book.yaml:1:8: title: a word is wider than the title page"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sp := parse(t, "title: "+tt.title+"\nsubtitle: "+words("Forty mazes", 8)+"\nauthor: Ana Rivera\ntitle_page: true\npage: {size: "+tt.page+"}\nsections:\n  - {count: 1}\n")
			sp.File = "book.yaml"
			b, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var title []string
			c := b.Plan.Pages[0].Frame.Content
			for _, txt := range pageTexts(b.Pages[0]) {
				if bb := txt.Bounds(); bb.X < c.X-0.01 || bb.X+bb.W > c.X+c.W+0.01 || bb.Y < c.Y-0.01 || bb.Y+bb.H > c.Y+c.H+0.01 {
					t.Errorf("%q at %+v is outside the content %+v", txt.Text, bb, c)
				}
				if txt.Font == typeface.Bold {
					title = append(title, txt.Text)
					if txt.Size < layout.LeastTitleSize {
						t.Errorf("%q is set at %gpt", txt.Text, txt.Size)
					}
				}
			}
			if len(title) < tt.lines {
				t.Errorf("the title is set in %d lines, want %d or more: %q", len(title), tt.lines, title)
			}
			warnings := strings.Join(b.Warnings(), "\n")
			if tt.warn == "" {
				if warnings != "" {
					t.Errorf("warnings: %s", warnings)
				}
				if got := strings.Join(title, " "); got != tt.title {
					t.Errorf("the title reads %q", got)
				}
				return
			}
			if !strings.Contains(warnings, tt.warn) {
				t.Errorf("warnings %q, want %q", warnings, tt.warn)
			}
		})
	}
}
