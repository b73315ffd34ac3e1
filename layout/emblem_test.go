package layout_test

import (
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// titlePage returns the items of a book's title page and its content box.
func titlePage(t *testing.T, b *layout.Book) ([]display.Item, display.Box) {
	t.Helper()
	for i, pp := range b.Plan.Pages {
		if pp.Kind == plan.TitlePage {
			return b.Pages[i].Items, pp.Frame.Content
		}
	}
	t.Fatal("the book has no title page")
	return nil, display.Box{}
}

// TestTitlePageHasAPicture checks that the title page of a book without
// a theme shows a picture of what the book holds, as a puzzle book's
// does (it was two lines of text on white): a round maze of walls, at
// least EmblemLeast across, inside the page's margins, under the
// title's text and clear of it, in the book's wall colour, with the
// book's own door pictures when it has them; and that a themed book's
// title page keeps its characters and has none.
func TestTitlePageHasAPicture(t *testing.T) {
	for _, tt := range []struct {
		book     string
		emblem   bool
		pictures int
	}{
		{"default", true, 0},
		{"kdp-6x9.yaml", true, 0},
		{"mouse-and-cheese.yaml", true, 2},
		{"story-book.yaml", false, 0},
	} {
		t.Run(tt.book, func(t *testing.T) {
			b := readFinishBook(t, tt.book)
			items, c := titlePage(t, b)
			var text, walls, images display.Box
			var lines int
			wall := b.Plan.Style(0).WallColor
			for _, it := range items {
				switch it := it.(type) {
				case *display.Text:
					text = text.Union(display.InkBounds(it))
				case *display.Line:
					lines++
					walls = walls.Union(display.InkBounds(it))
					if tt.emblem && it.Color != wall {
						t.Errorf("an emblem's wall is %v, not the book's %v", it.Color, wall)
					}
				case *display.Image:
					images = images.Union(display.InkBounds(it))
				}
			}
			if !tt.emblem {
				if images == (display.Box{}) && lines == 0 {
					t.Error("the themed title page lost its characters")
				}
				return
			}
			side := max(walls.W, walls.H)
			if lines == 0 || side < layout.EmblemLeast || side > layout.EmblemMost+10 {
				t.Fatalf("the title page's maze is %.1fmm across in %d lines, want %.0f to %.0fmm", side/72*25.4, lines, layout.EmblemLeast/72*25.4, layout.EmblemMost/72*25.4)
			}
			all := walls.Union(images)
			if all.X < c.X || all.Y < c.Y || all.X+all.W > c.X+c.W || all.Y+all.H > c.Y+c.H {
				t.Errorf("the emblem %+v leaves the margins %+v", all, c)
			}
			if all.Y < text.Y+text.H {
				t.Errorf("the emblem starts at %.1f, above the text's end %.1f", all.Y, text.Y+text.H)
			}
			if mid, at := all.X+all.W/2, c.X+c.W/2; mid-at > 2 || at-mid > 2 && tt.pictures == 0 {
				t.Errorf("the emblem is centred at %.1f, the page at %.1f", mid, at)
			}
			n := 0
			for _, it := range items {
				if _, ok := it.(*display.Image); ok {
					n++
				}
			}
			if n != tt.pictures {
				t.Errorf("%d pictures at the emblem's doors, want %d", n, tt.pictures)
			}
		})
	}
}
