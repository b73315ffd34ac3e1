package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// weaveInset is how far, in cells, a weave's corridors stand in from the
// edges of their squares: every corridor is 1 - 2*weaveInset wide, so
// that where one passes over another its walls run on unbroken, and the
// walls of the one beneath stop short of them, cut flush.
const weaveInset = 0.2

// WeaveClearance is the width of a weave's corridors as drawn, in cells:
// narrower than a square's, to leave room for the bridges.
const WeaveClearance = 1 - 2*weaveInset

// weaveWalls returns the walls of a weave, every corridor drawn as a tube
// inset from its square's edges: a square's closed sides are walls round
// its middle, and each open side two short walls out to the next square.
// At a crossing the over passage's two walls run the square's whole
// length, and the under passage's walls come in from the square's edges
// and stop, cut flush, a gap short of them: the under passage is seen to
// go on beneath the bridge.
func weaveWalls(m *maze.Maze, w *maze.Weave, at func(maze.Point) display.Point, st Style) []display.Item {
	// Counted first, so that the slices are allocated once at their size:
	// two walls a crossing, one a closed side, two an open one.
	nEdges, nCrossings := 0, 0
	for c := 0; c < w.W*w.H; c++ {
		if _, _, crossing := w.Crossing(c); crossing {
			nEdges += 2
			nCrossings++
			continue
		}
		for s := 0; s < 4; s++ {
			nEdges++
			if m.IsOpen(c, s) {
				nEdges++
			}
		}
	}
	edges := make([]maze.Edge, 0, nEdges)
	under := make([]display.Path, 0, 4*nCrossings) // the under passages' walls, cut flush
	const lo, hi = weaveInset, 1 - weaveInset
	// How far an under passage's wall stops short of the bridge's line:
	// half the bridge's wall, then paper as wide as a wall (a twentieth
	// of a cell at least), leaving a stub of the under wall at the edge.
	gap := weaveGap(st.Wall, st.Cell)
	for c := 0; c < w.W*w.H; c++ {
		x, y := w.XY(c)
		fx, fy := float64(x), float64(y)
		seg := func(x0, y0, x1, y1 float64) {
			edges = append(edges, maze.Edge{A: maze.Point{X: fx + x0, Y: fy + y0}, B: maze.Point{X: fx + x1, Y: fy + y1}})
		}
		_, overNS, crossing := w.Crossing(c)
		if crossing {
			// As if the over passage ran north-south, turned a quarter
			// for one running east-west.
			put := func(x0, y0, x1, y1 float64) {
				if !overNS {
					x0, y0, x1, y1 = y0, x0, y1, x1
				}
				seg(x0, y0, x1, y1)
			}
			cut := func(x0, y0, x1, y1 float64) {
				if !overNS {
					x0, y0, x1, y1 = y0, x0, y1, x1
				}
				under = append(under, display.Polyline(at(maze.Point{X: fx + x0, Y: fy + y0}), at(maze.Point{X: fx + x1, Y: fy + y1})))
			}
			put(lo, 0, lo, 1) // the bridge's walls
			put(hi, 0, hi, 1)
			for _, v := range []float64{lo, hi} { // the under passage's
				cut(0, v, lo-gap, v)
				cut(hi+gap, v, 1, v)
			}
			continue
		}
		for s := 0; s < 4; s++ {
			open := m.IsOpen(c, s)
			switch {
			case s == maze.North && open:
				seg(lo, 0, lo, lo)
				seg(hi, 0, hi, lo)
			case s == maze.North:
				seg(lo, lo, hi, lo)
			case s == maze.South && open:
				seg(lo, hi, lo, 1)
				seg(hi, hi, hi, 1)
			case s == maze.South:
				seg(lo, hi, hi, hi)
			case s == maze.West && open:
				seg(0, lo, lo, lo)
				seg(0, hi, lo, hi)
			case s == maze.West:
				seg(lo, lo, lo, hi)
			case s == maze.East && open:
				seg(hi, lo, 1, lo)
				seg(hi, hi, 1, hi)
			default:
				seg(hi, lo, hi, hi)
			}
		}
	}
	gw, gh := w.Size()
	paths, _, _ := stitch(len(edges), func(i int) maze.Edge { return edges[i] }, gw, gh, at)
	items := []display.Item{&display.Line{Paths: paths, Width: st.Wall, Color: st.WallColor, Cap: display.SquareCap, Join: display.MiterJoin}}
	if len(under) > 0 {
		items = append(items, &display.Line{Paths: under, Width: st.Wall, Color: st.WallColor, Cap: display.ButtCap, Join: display.MiterJoin})
	}
	return items
}

// weaveGap returns how far, in cells, the walls of a passage beneath a
// bridge stop short of the bridge's walls' lines, for walls wall points
// thick on cells cell points wide: half a wall, then a clear gap a wall
// wide (a twentieth of a cell at least), but never so far that less than
// a wall of the under passage's wall is left.
func weaveGap(wall, cell float64) float64 {
	g := (wall/2 + math.Max(wall, float64(0.05*cell))) / cell
	return math.Min(g, weaveInset-wall/cell)
}
