package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// Walk geometry, as shares of the narrowest corridor: each step of a walk
// runs on a lane walkLane off the corridor's middle on the walker's right
// hand, so that a passage walked there and back shows two lines, one each
// way, and a solution drawn down the middle (a third of the corridor
// wide) covers neither; the lanes are walkWidth wide.
const (
	walkLane = 0.26
	// walkLaneBent is the lane on grids whose corridors turn by other
	// than right angles (hexagons, triangles, circles), where a lane as
	// far out would come near the walls at the turns.
	walkLaneBent = 0.2
	walkWidth    = 0.12
	// minWalk is the thinnest walk line drawn, in points, while it still
	// leaves the lanes apart.
	minWalk = 0.6
)

// walkItem draws a solver's walk (every cell stepped on, in order, going
// back included) as lanes beside the corridors' middles: each step on
// the walker's right, turning where the walk turns, so the line keeps to
// the right hand's wall as a wall follower does; a dead end is a U-turn
// at its far wall. Colour ink draws it solid in st.WalkColor; grayscale
// and black ink dashed (a thin solid dark line would read as a wall).
func walkItem(m *maze.Maze, walks [][]int, at func(maze.Point) display.Point, corridor float64, st Style) display.Item {
	if _, rect := m.Grid.(maze.Rect); !rect {
		// A hexagon's or a triangle's side is shorter than its cell is
		// wide: the lane keeps within the narrowest doorway.
		corridor = math.Min(corridor, float64(narrowestSide(m.Grid)*(at(maze.Point{X: 1}).X-at(maze.Point{}).X))-st.Wall)
	}
	lane := float64(walkLane * corridor)
	width := math.Min(math.Max(float64(walkWidth*corridor), minWalk), lane)
	var paths []display.Path
	for _, w := range walks {
		for _, run := range walkRuns(m, w, at) {
			if pts := offsetRun(run, lane); len(pts) > 1 {
				paths = append(paths, display.Polyline(straighten(pts)...))
			}
		}
	}
	line := &display.Line{Paths: paths, Width: width, Color: st.WalkColor, Cap: display.RoundCap, Join: display.RoundJoin}
	if st.Ink.shapes() {
		line.Cap = display.ButtCap
		line.Paths = dashes(paths, float64(3*width), float64(2.5*width))
	}
	return line
}

// walkRuns returns the centre lines of a walk, in page units: through the
// centres of its cells (round the rings of a circle, arcs flattened),
// broken where the walk passes under a weave's crossing.
func walkRuns(m *maze.Maze, walk []int, at func(maze.Point) display.Point) [][]display.Point {
	if len(walk) < 2 {
		return nil
	}
	weave, _ := m.Grid.(*maze.Weave)
	tol := float64(0.02 * math.Hypot(at(maze.Point{X: 1}).X-at(maze.Point{}).X, 0))
	var runs [][]display.Point
	cur := []display.Point{at(m.Grid.Center(walk[0]))}
	for i := 1; i < len(walk); i++ {
		prev, c := walk[i-1], walk[i]
		if weave != nil && (weave.Above(c) >= 0 || weave.Above(prev) >= 0) {
			a, b := at(m.Grid.Center(prev)), at(m.Grid.Center(c))
			const short = 0.45
			if weave.Above(c) >= 0 {
				cur = append(cur, lerp(a, b, short))
				runs = append(runs, cur)
				cur = nil
			} else {
				cur = []display.Point{lerp(a, b, 1-short), b}
			}
			continue
		}
		e := maze.StepEdge(m.Grid, prev, c)
		p := display.Path{Points: []display.Point{at(e.A), at(e.B)}}
		if sweep := e.Sweep(); sweep != 0 {
			p.Bends = []float64{sweep}
		} else if mid, ok := sideMid(m.Grid, prev, c); ok {
			// Through the middle of the side crossed: from a cell to one
			// of the two it faces across a circle's ring, the straight
			// line would pass the end of the wall between those two.
			p.Points = []display.Point{p.Points[0], at(mid), p.Points[1]}
		}
		pts := p.Flatten(tol)
		if len(cur) == 0 {
			cur = append(cur, pts[0])
		}
		cur = append(cur, pts[1:]...)
	}
	return append(runs, cur)
}

// narrowestSide returns the length of the shortest side between two
// cells of the grid, in grid units.
func narrowestSide(g maze.Grid) float64 {
	least := math.Inf(1)
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) < 0 {
				continue
			}
			e := g.Side(c, s)
			l := math.Hypot(e.B.X-e.A.X, e.B.Y-e.A.Y)
			if e.IsArc() {
				l = float64(e.Radius * math.Abs(e.Sweep()))
			}
			least = math.Min(least, l)
		}
	}
	return least
}

// sideMid returns the middle of the side of cell a that faces cell b.
func sideMid(g maze.Grid, a, b int) (maze.Point, bool) {
	for s := 0; s < g.Sides(a); s++ {
		if g.Neighbor(a, s) == b {
			return g.Side(a, s).Mid(), true
		}
	}
	return maze.Point{}, false
}

// offsetRun returns the line lane to the right of a centre line (y down:
// the right of heading (dx, dy) is (-dy, dx)). Where the line turns, the
// lanes meet at a mitre, or, turning sharper than about 100°, cut across; where
// it turns right round (a dead end), the lane goes on lane ahead and
// comes back on the other side.
func offsetRun(run []display.Point, lane float64) []display.Point {
	// Drop repeated points: every piece has a direction.
	pts := run[:0:0]
	for _, p := range run {
		if len(pts) == 0 || math.Hypot(p.X-pts[len(pts)-1].X, p.Y-pts[len(pts)-1].Y) > 1e-9 {
			pts = append(pts, p)
		}
	}
	if len(pts) < 2 {
		return nil
	}
	dir := func(i int) display.Point { // unit direction of piece i
		a, b := pts[i], pts[i+1]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		return display.Point{X: (b.X - a.X) / l, Y: (b.Y - a.Y) / l}
	}
	right := func(u display.Point) display.Point { return display.Point{X: -u.Y, Y: u.X} }
	add := func(p, v display.Point, k float64) display.Point {
		return display.Point{X: p.X + float64(v.X*k), Y: p.Y + float64(v.Y*k)}
	}
	out := []display.Point{add(pts[0], right(dir(0)), lane)}
	for i := 1; i < len(pts)-1; i++ {
		u1, u2 := dir(i-1), dir(i)
		n1, n2 := right(u1), right(u2)
		dot := float64(n1.X*n2.X) + float64(n1.Y*n2.Y)
		switch {
		case dot < -0.999: // a U-turn
			const r = math.Sqrt2 / 2
			out = append(out, add(pts[i], n1, lane),
				add(pts[i], display.Point{X: float64((n1.X + u1.X) * r), Y: float64((n1.Y + u1.Y) * r)}, lane),
				add(pts[i], u1, lane),
				add(pts[i], display.Point{X: float64((n2.X + u1.X) * r), Y: float64((n2.Y + u1.Y) * r)}, lane),
				add(pts[i], n2, lane))
		case dot < -0.2: // sharper than about 100°: cut across, as a mitre would reach the wall
			out = append(out, add(pts[i], n1, lane), add(pts[i], n2, lane))
		default:
			m := display.Point{X: n1.X + n2.X, Y: n1.Y + n2.Y}
			out = append(out, add(pts[i], m, lane/(1+dot)))
		}
	}
	return append(out, add(pts[len(pts)-1], right(dir(len(pts)-2)), lane))
}

// dashes cuts polylines into dashes on long with gaps off long between
// them, the pattern running on across the polylines' corners.
func dashes(paths []display.Path, on, off float64) []display.Path {
	if !(on > 0 && off > 0) {
		return paths
	}
	var out []display.Path
	for _, p := range paths {
		pts := p.Points
		drawing, left := true, on // in a dash or a gap, and what is left of it
		cur := []display.Point{pts[0]}
		for i := 1; i < len(pts); i++ {
			a, b := pts[i-1], pts[i]
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			t := 0.0
			for l-t > left {
				t += left
				q := lerp(a, b, t/l)
				if drawing {
					out = append(out, display.Polyline(append(cur, q)...))
					cur = nil
				} else {
					cur = []display.Point{q}
				}
				drawing = !drawing
				left = on
				if !drawing {
					left = off
				}
			}
			left -= l - t
			if drawing {
				cur = append(cur, b)
			}
		}
		if drawing && len(cur) > 1 {
			out = append(out, display.Polyline(cur...))
		}
	}
	return out
}
