package draw

import (
	"reflect"
	"testing"

	"mazebook/layout/display"
	"mazebook/maze"
)

// TestStitchRectAsSides holds the lattice stitching of rectangles to the
// general one: the same paths, point for point, in the same order, on
// mazes with and without loops, blank, and with only some cells drawn.
func TestStitchRectAsSides(t *testing.T) {
	at := func(p maze.Point) display.Point { return display.Point{X: 3 + 2*p.X, Y: 5 + 2*p.Y} }
	for _, tt := range []struct {
		name  string
		r     maze.Recipe
		blank bool
		only  func(c int) bool
	}{
		{"backtracker", maze.Recipe{Size: maze.Size{W: 30, H: 20}, Algorithm: "backtracker", Seed: 1}, false, nil},
		{"kruskal", maze.Recipe{Size: maze.Size{W: 17, H: 23}, Algorithm: "kruskal", Seed: 2}, false, nil},
		{"one cell", maze.Recipe{Size: maze.Size{W: 1, H: 1}, Algorithm: "backtracker", Seed: 3}, false, nil},
		{"one row", maze.Recipe{Size: maze.Size{W: 9, H: 1}, Algorithm: "prim", Seed: 4}, false, nil},
		{"one column", maze.Recipe{Size: maze.Size{W: 1, H: 9}, Algorithm: "prim", Seed: 4}, false, nil},
		{"braided", maze.Recipe{Size: maze.Size{W: 25, H: 25}, Algorithm: "prim", Seed: 5, Braid: 1}, false, nil},
		{"blank", maze.Recipe{Size: maze.Size{W: 12, H: 8}, Algorithm: "backtracker", Seed: 6}, true, nil},
		{"some cells", maze.Recipe{Size: maze.Size{W: 20, H: 20}, Algorithm: "wilson", Seed: 7}, false, func(c int) bool { return c%7 < 3 }},
		{"none", maze.Recipe{Size: maze.Size{W: 5, H: 5}, Algorithm: "wilson", Seed: 8}, false, func(int) bool { return false }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := maze.Make(tt.r)
			if err != nil {
				t.Fatal(err)
			}
			var only []bool
			if tt.only != nil {
				only = make([]bool, m.Grid.Cells())
				for c := range only {
					only[c] = tt.only(c)
				}
			}
			g := m.Grid.(maze.Rect)
			drawn := func(c, s int) bool {
				nb := g.Neighbor(c, s)
				if only != nil && !only[c] && !(nb >= 0 && only[nb]) {
					return false
				}
				return !(m.IsOpen(c, s) && !(tt.blank && nb >= 0) || nb >= 0 && nb < c)
			}
			want, square, sharp := stitchSides(g, drawn, at)
			got := stitchRect(g, drawn, at)
			if !square || sharp {
				t.Errorf("stitchSides: square %v, sharp %v", square, sharp)
			}
			if len(got) == 0 && len(want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("stitchRect gives %d paths, stitchSides %d; first differing:", len(got), len(want))
				for i := range min(len(got), len(want)) {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Errorf("path %d: %+v, want %+v", i, got[i], want[i])
						break
					}
				}
			}
		})
	}
}
