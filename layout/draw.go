package layout

import (
	"math"
	"sort"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// MazeStyle is how one maze is drawn.
type MazeStyle struct {
	// Cell is the cell size and Wall the wall thickness, in points.
	Cell, Wall    float64
	WallColor     display.Color
	SolutionColor display.Color
	EntranceColor display.Color
	ExitColor     display.Color
	Markers       Markers
	// Start and Finish label the openings when Markers is MarkLabels.
	Start, Finish string
}

// Drawing is a maze placed on a page: where its grid's origin is, and the
// items that draw it.
type Drawing struct {
	// Origin is the page position of the grid's (0, 0) corner.
	Origin display.Point
	// Cell is the size of one grid unit in points.
	Cell float64
	// Items draw the walls, then the solution, then the markers.
	Items []display.Item
}

// DrawMaze draws maze m centred in box as st says. When solution is not
// nil, the path of cells is drawn over the maze as a line that runs through
// the cell centres and out through both openings.
func DrawMaze(m *maze.Maze, box display.Box, st MazeStyle, solution []int) Drawing {
	gw, gh := m.Grid.Size()
	cell := st.Cell
	origin := display.Point{X: box.X + (box.W-gw*cell)/2, Y: box.Y + (box.H-gh*cell)/2}
	d := Drawing{Origin: origin, Cell: cell}
	at := func(p maze.Point) display.Point {
		return display.Point{X: origin.X + p.X*cell, Y: origin.Y + p.Y*cell}
	}

	d.Items = append(d.Items, &display.Line{Paths: display.Polylines(wallPaths(m, at)), Width: st.Wall, Color: st.WallColor, Cap: display.SquareCap, Join: display.MiterJoin})

	// The solution runs out to the squares' centres, half a cell outside
	// the doors; with labels it stops at the doors, clear of the words.
	reach := cell / 2
	if st.Markers == MarkLabels {
		reach = 0
	}
	in, out := doorPoint(m, m.Entrance, at, reach), doorPoint(m, m.Exit, at, reach)
	if solution != nil {
		pts := []display.Point{in}
		for _, c := range solution {
			pts = append(pts, at(m.Grid.Center(c)))
		}
		pts = append(pts, out)
		d.Items = append(d.Items, &display.Line{Paths: []display.Path{display.Polyline(straighten(pts)...)}, Width: (cell - st.Wall) / 3, Color: st.SolutionColor, Cap: display.RoundCap, Join: display.RoundJoin})
	}

	switch st.Markers {
	case MarkSquares:
		size := cell * 0.6
		for _, mk := range []struct {
			p display.Point
			c display.Color
		}{{in, st.EntranceColor}, {out, st.ExitColor}} {
			d.Items = append(d.Items, &display.Fill{Box: display.Box{X: mk.p.X - size/2, Y: mk.p.Y - size/2, W: size, H: size}, Color: mk.c})
		}
	case MarkLabels:
		gap := 3 + (cell-st.Wall)/6 // clear of the solution's round end
		d.Items = append(d.Items, doorLabel(m, m.Entrance, at, st.Start, gap), doorLabel(m, m.Exit, at, st.Finish, gap))
	}
	return d
}

// doorPoint is the point reach points outside a door, on the line from the
// door's cell centre through the middle of the door.
func doorPoint(m *maze.Maze, d maze.Door, at func(maze.Point) display.Point, reach float64) display.Point {
	c := at(m.Grid.Center(d.Cell))
	e := m.Grid.Side(d.Cell, d.Side)
	a, b := e.A, e.B
	mid := at(maze.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2})
	dx, dy := mid.X-c.X, mid.Y-c.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return mid
	}
	return display.Point{X: mid.X + dx/l*reach, Y: mid.Y + dy/l*reach}
}

// doorLabel writes text gap points outside a door.
func doorLabel(m *maze.Maze, d maze.Door, at func(maze.Point) display.Point, text string, gap float64) *display.Text {
	e := m.Grid.Side(d.Cell, d.Side)
	a, b := e.A, e.B
	pa, pb := at(a), at(b)
	mid := display.Point{X: (pa.X + pb.X) / 2, Y: (pa.Y + pb.Y) / 2}
	c := at(m.Grid.Center(d.Cell))
	t := &display.Text{Size: labelSize, Font: typeface.Bold, Color: display.Black, Text: text}
	asc, _ := typeface.Metrics(typeface.Bold, labelSize)
	capMid := asc * 0.35
	switch {
	case math.Abs(mid.X-c.X) > math.Abs(mid.Y-c.Y) && mid.X < c.X: // west
		t.X, t.Y, t.Align = mid.X-gap, mid.Y+capMid, display.AlignRight
	case math.Abs(mid.X-c.X) > math.Abs(mid.Y-c.Y): // east
		t.X, t.Y, t.Align = mid.X+gap, mid.Y+capMid, display.AlignLeft
	case mid.Y < c.Y: // north
		t.X, t.Y, t.Align = mid.X, mid.Y-gap-1, display.AlignCenter
	default: // south
		t.X, t.Y, t.Align = mid.X, mid.Y+gap+asc*0.75, display.AlignCenter
	}
	return t
}

// wallPaths returns the maze's closed sides as paths, with collinear
// axis-aligned sides that touch merged into one run, so that a wall is one
// straight stroke however many cells it spans.
func wallPaths(m *maze.Maze, at func(maze.Point) display.Point) [][]display.Point {
	g := m.Grid
	type run struct{ a, b float64 }
	horiz := map[float64][]run{} // y -> x runs
	vert := map[float64][]run{}  // x -> y runs
	var other [][]display.Point
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if m.IsOpen(c, s) {
				continue
			}
			if nb := g.Neighbor(c, s); nb >= 0 && nb < c {
				continue // drawn from the other cell
			}
			e := g.Side(c, s)
			p, q := e.A, e.B
			switch {
			case p.Y == q.Y:
				horiz[p.Y] = append(horiz[p.Y], run{math.Min(p.X, q.X), math.Max(p.X, q.X)})
			case p.X == q.X:
				vert[p.X] = append(vert[p.X], run{math.Min(p.Y, q.Y), math.Max(p.Y, q.Y)})
			default:
				other = append(other, []display.Point{at(p), at(q)})
			}
		}
	}
	merge := func(lines map[float64][]run, horizontal bool) [][]display.Point {
		keys := make([]float64, 0, len(lines))
		for k := range lines {
			keys = append(keys, k)
		}
		sort.Float64s(keys)
		var paths [][]display.Point
		for _, k := range keys {
			runs := lines[k]
			sort.Slice(runs, func(i, j int) bool { return runs[i].a < runs[j].a })
			cur := runs[0]
			flush := func() {
				var p, q maze.Point
				if horizontal {
					p, q = maze.Point{X: cur.a, Y: k}, maze.Point{X: cur.b, Y: k}
				} else {
					p, q = maze.Point{X: k, Y: cur.a}, maze.Point{X: k, Y: cur.b}
				}
				paths = append(paths, []display.Point{at(p), at(q)})
			}
			for _, r := range runs[1:] {
				if r.a <= cur.b+1e-9 {
					cur.b = math.Max(cur.b, r.b)
					continue
				}
				flush()
				cur = r
			}
			flush()
		}
		return paths
	}
	paths := merge(horiz, true)
	paths = append(paths, merge(vert, false)...)
	return append(paths, other...)
}

// straighten drops the points of a polyline that lie on a straight line
// between their neighbours, going on in the same direction.
func straighten(pts []display.Point) []display.Point {
	if len(pts) < 3 {
		return pts
	}
	out := []display.Point{pts[0]}
	for i := 1; i < len(pts)-1; i++ {
		a, b, c := out[len(out)-1], pts[i], pts[i+1]
		cross := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		dot := (b.X-a.X)*(c.X-b.X) + (b.Y-a.Y)*(c.Y-b.Y)
		if math.Abs(cross) > 1e-9 || dot < 0 {
			out = append(out, b)
		}
	}
	return append(out, pts[len(pts)-1])
}

// MazePageSize returns the size of the page MazePage draws for a maze
// whose grid is gw by gh units.
func MazePageSize(gw, gh float64, st MazeStyle, margin float64) (w, h float64) {
	r := (&Style{Markers: st.Markers}).room(Labels{Start: st.Start, Finish: st.Finish})
	return gw*st.Cell + 2*(r.CellsX*st.Cell+r.AbsX+margin), gh*st.Cell + 2*(r.CellsY*st.Cell+r.AbsY+margin)
}

// MazePage returns a page just large enough for maze m drawn as st says,
// with a margin of margin points around the maze and its markers: the page
// `mazebook maze` writes.
func MazePage(m *maze.Maze, st MazeStyle, solution []int, margin float64) display.Page {
	gw, gh := m.Grid.Size()
	w, h := MazePageSize(gw, gh, st, margin)
	page := display.Page{Width: w, Height: h, Trim: display.Box{W: w, H: h}}
	page.Items = DrawMaze(m, display.Box{W: w, H: h}, st, solution).Items
	return page
}
