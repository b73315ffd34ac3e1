package animate

import (
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// A storyboard's title is set in the board's font when it has one (the
// face that reads the book's language), in Go Bold without.
func TestStoryboardTitleFont(t *testing.T) {
	f := film(t, "prim", "bfs", 6, 6)
	for _, c := range []struct {
		font, want typeface.Face
	}{{nil, typeface.Bold}, {typeface.Regular, typeface.Regular}} {
		pages, err := f.StoryboardPages(Board{Font: c.font}, 595, 842, 36, "Prim, 6x6")
		if err != nil {
			t.Fatal(err)
		}
		title, ok := pages[0].Items[0].(*display.Text)
		if !ok || !strings.HasPrefix(title.Text, "Prim, 6x6") {
			t.Fatalf("the first item is not the title: %#v", pages[0].Items[0])
		}
		if title.Font != c.want {
			t.Errorf("board font %v: the title is set in %v, want %v", c.font, title.Font, c.want)
		}
	}
}
