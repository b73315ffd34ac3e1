package plan

import (
	"reflect"
	"testing"

	"mazebook/layout/display"
)

// TestRows checks that a page's slots are told apart by row, each row's
// from the left, on pages of two and four, portrait and landscape, and a
// last page holding fewer mazes than its slots.
func TestRows(t *testing.T) {
	portrait := display.Box{X: 36, Y: 36, W: 540, H: 720}
	landscape := display.Box{X: 36, Y: 36, W: 720, H: 540}
	for _, c := range []struct {
		name   string
		area   display.Box
		per, n int
		want   [][]int
	}{
		{"two portrait", portrait, 2, 2, [][]int{{0}, {1}}},
		{"two landscape", landscape, 2, 2, [][]int{{0, 1}}},
		{"four portrait", portrait, 4, 4, [][]int{{0, 1}, {2, 3}}},
		{"four, three held", portrait, 4, 3, [][]int{{0, 1}, {2}}},
		{"six landscape", landscape, 6, 6, [][]int{{0, 1, 2}, {3, 4, 5}}},
	} {
		pp := &Page{Slots: slots(c.area, c.area.Y, c.per, c.n), Mazes: make([]int, c.n)}
		if got := (&Plan{}).Rows(pp); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: rows %v, want %v", c.name, got, c.want)
		}
	}
}
