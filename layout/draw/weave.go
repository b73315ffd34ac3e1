package draw

import (
	"mazebook/layout/display"
	"mazebook/maze"
)

// weaveInset is how far, in cells, the walls of a weave stand in from the
// edges of their cells: the corridors are 1 - 2*weaveInset wide, and the
// gap between a crossing's over passage and the cell's edge shows the
// passage under it.
const weaveInset = 0.15

// weaveWalls returns the walls of a weave, drawn inset: each cell is a
// room inside its square, with a short corridor out through each open
// side. At a crossing the over passage's walls run the square's whole
// length, and the under passage's corridor meets them from both sides,
// so a child sees it pass beneath.
func weaveWalls(m *maze.Maze, w *maze.Weave, at func(maze.Point) display.Point, st Style) *display.Line {
	var edges []maze.Edge
	seg := func(x0, y0, x1, y1 float64) {
		edges = append(edges, maze.Edge{A: maze.Point{X: x0, Y: y0}, B: maze.Point{X: x1, Y: y1}})
	}
	const i = weaveInset
	for c := 0; c < w.W*w.H; c++ {
		x, y := w.XY(c)
		fx, fy := float64(x), float64(y)
		if _, overNS, ok := w.Crossing(c); ok {
			// The over passage's two walls, the whole square long, and
			// the under passage's corridor walls from the square's edges
			// to them.
			if overNS {
				seg(fx+i, fy, fx+i, fy+1)
				seg(fx+1-i, fy, fx+1-i, fy+1)
				seg(fx, fy+i, fx+i, fy+i)
				seg(fx, fy+1-i, fx+i, fy+1-i)
				seg(fx+1-i, fy+i, fx+1, fy+i)
				seg(fx+1-i, fy+1-i, fx+1, fy+1-i)
			} else {
				seg(fx, fy+i, fx+1, fy+i)
				seg(fx, fy+1-i, fx+1, fy+1-i)
				seg(fx+i, fy, fx+i, fy+i)
				seg(fx+1-i, fy, fx+1-i, fy+i)
				seg(fx+i, fy+1-i, fx+i, fy+1)
				seg(fx+1-i, fy+1-i, fx+1-i, fy+1)
			}
			continue
		}
		// A room: its side closed, or a corridor out through it.
		corners := [4][2]maze.Point{
			maze.North: {{X: fx + i, Y: fy + i}, {X: fx + 1 - i, Y: fy + i}},
			maze.East:  {{X: fx + 1 - i, Y: fy + i}, {X: fx + 1 - i, Y: fy + 1 - i}},
			maze.South: {{X: fx + 1 - i, Y: fy + 1 - i}, {X: fx + i, Y: fy + 1 - i}},
			maze.West:  {{X: fx + i, Y: fy + 1 - i}, {X: fx + i, Y: fy + i}},
		}
		out := [4]maze.Point{maze.North: {Y: -i}, maze.East: {X: i}, maze.South: {Y: i}, maze.West: {X: -i}}
		for s := 0; s < 4; s++ {
			a, b := corners[s][0], corners[s][1]
			if !m.IsOpen(c, s) {
				seg(a.X, a.Y, b.X, b.Y)
				continue
			}
			d := out[s]
			seg(a.X, a.Y, a.X+d.X, a.Y+d.Y)
			seg(b.X, b.Y, b.X+d.X, b.Y+d.Y)
		}
	}
	gw, gh := w.Size()
	paths, _, _ := stitch(edges, gw+1, gh+1, at) // not on whole units: by map
	return &display.Line{Paths: paths, Width: st.Wall, Color: st.WallColor, Cap: display.SquareCap, Join: display.MiterJoin}
}
