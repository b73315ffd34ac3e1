package draw

import (
	"mazebook/layout/display"
	"mazebook/maze"
)

// weaveInset is how far, in cells, a crossing's over passage stands in
// from the edges of its square: it is 1 - 2*weaveInset wide, and the
// under passage's walls stop short of it, so a child sees the passage go
// under the bridge.
const weaveInset = 0.2

// WeaveClearance is the width of a weave's corridors as drawn, in cells:
// narrower than a square's, to leave room for the bridges.
const WeaveClearance = 1 - 2*weaveInset

// weaveWalls returns the walls of a weave: the walls of every ordinary
// square, as on any rectangle, and at each crossing the over passage's two
// walls the square's whole length and the under passage's walls from the
// square's edges to them. The four corners of a crossing's square, closed
// off by those walls, are filled: the piers of the bridge.
func weaveWalls(m *maze.Maze, w *maze.Weave, at func(maze.Point) display.Point, st Style) []display.Item {
	piers := &display.Shape{Color: st.WallColor}
	var edges []maze.Edge
	seg := func(x0, y0, x1, y1 float64) {
		edges = append(edges, maze.Edge{A: maze.Point{X: x0, Y: y0}, B: maze.Point{X: x1, Y: y1}})
	}
	const i = weaveInset
	for c := 0; c < w.W*w.H; c++ {
		x, y := w.XY(c)
		fx, fy := float64(x), float64(y)
		_, overNS, crossing := w.Crossing(c)
		if !crossing {
			for s := 0; s < 4; s++ {
				nb := w.Neighbor(c, s)
				if m.IsOpen(c, s) || nb >= 0 && nb < c {
					continue // no wall, or drawn from the other square
				}
				edges = append(edges, w.Side(c, s))
			}
			continue
		}
		// Draw the crossing as if its over passage ran north-south, turned
		// a quarter for one running east-west.
		put := func(x0, y0, x1, y1 float64) {
			if overNS {
				seg(fx+x0, fy+y0, fx+x1, fy+y1)
			} else {
				seg(fx+y0, fy+x0, fx+y1, fy+x1)
			}
		}
		put(i, 0, i, 1) // the over passage's walls
		put(1-i, 0, 1-i, 1)
		for _, v := range []float64{i, 1 - i} { // the under passage's walls
			put(0, v, i, v)
			put(1-i, v, 1, v)
		}
		for _, corner := range [][2]float64{{0, 0}, {1 - i, 0}, {0, 1 - i}, {1 - i, 1 - i}} {
			x0, y0 := fx+corner[0], fy+corner[1]
			piers.Polygons = append(piers.Polygons, []display.Point{
				at(maze.Point{X: x0, Y: y0}), at(maze.Point{X: x0 + i, Y: y0}),
				at(maze.Point{X: x0 + i, Y: y0 + i}), at(maze.Point{X: x0, Y: y0 + i}),
			})
		}
	}
	gw, gh := w.Size()
	paths, _, _ := stitch(edges, gw, gh, at)
	items := []display.Item{&display.Line{Paths: paths, Width: st.Wall, Color: st.WallColor, Cap: display.SquareCap, Join: display.MiterJoin}}
	if len(piers.Polygons) > 0 {
		items = append(items, piers)
	}
	return items
}
