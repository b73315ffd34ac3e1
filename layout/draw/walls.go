package draw

import (
	"math"
	"sort"

	"mazebook/layout/display"
	"mazebook/maze"
)

// walls returns the maze's closed sides as one line: every wall once,
// stitched into paths (see stitch). Walls of squares meet in square caps
// and miter joins, as they always have; walls at other angles end in
// round caps, which sit inside the wall they meet at any angle, so no
// corner shows a notch or a nub; corners sharper than a right angle (on
// triangles) are rounded, since a miter there would poke into a corridor.
// A blank maze has every side between two cells closed: only its doors
// are open. With only not nil, the sides of the cells it marks are drawn,
// no others.
func walls(m *maze.Maze, at func(maze.Point) display.Point, st Style, blank bool, only []bool) *display.Line {
	g := m.Grid
	drawn := func(c, s int) bool {
		nb := g.Neighbor(c, s)
		if only != nil && !only[c] && !(nb >= 0 && only[nb]) {
			return false
		}
		// No wall, or drawn from the other cell.
		return !(nb == maze.NoSide || m.IsOpen(c, s) && !(blank && nb >= 0) || nb >= 0 && nb < c)
	}
	// Counted first, so that the edges are allocated once at their size.
	n := 0
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if drawn(c, s) {
				n++
			}
		}
	}
	edges := make([]maze.Edge, 0, n)
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if drawn(c, s) {
				edges = append(edges, g.Side(c, s))
			}
		}
	}
	gw, gh := g.Size()
	paths, square, sharp := stitch(edges, gw, gh, at)
	l := &display.Line{Paths: paths, Width: st.Wall, Color: st.WallColor, Cap: display.RoundCap, Join: display.MiterJoin}
	if square {
		l.Cap = display.SquareCap
	}
	if sharp {
		l.Join = display.RoundJoin
	}
	return l
}

// stitch joins edges that share ends into paths: through a point where
// two walls meet it goes on; through one where three or more meet it goes
// straight on when a wall continues within 60° of its way (a straight
// wall across many cells is one stroke, a circle's ring wall one arc after
// another), and stops otherwise; walls that close on themselves become
// closed paths. It reports whether every edge is a horizontal or vertical
// segment (square cells), and whether a path turns by more than a right
// angle. Its order depends only on the order of edges.
func stitch(edges []maze.Edge, gw, gh float64, at func(maze.Point) display.Point) (paths []display.Path, square, sharp bool) {
	if len(edges) == 0 {
		return nil, true, false
	}
	ids := newVertexIDs(edges, gw, gh)
	ends := make([][2]int32, len(edges))
	square = true
	for i, e := range edges {
		ends[i] = [2]int32{ids.id(e.A), ids.id(e.B)}
		if e.IsArc() || e.A.X != e.B.X && e.A.Y != e.B.Y {
			square = false
		}
	}
	// The edges at each vertex, as 2*edge+end (end 0 is A, 1 is B).
	n := ids.count()
	start := make([]int32, n+1)
	for _, e := range ends {
		start[e[0]+1]++
		start[e[1]+1]++
	}
	for v := 0; v < n; v++ {
		start[v+1] += start[v]
	}
	inc := make([]int32, 2*len(edges))
	fill := append([]int32(nil), start[:n]...)
	for i, e := range ends {
		for k := 0; k < 2; k++ {
			inc[fill[e[k]]] = int32(2*i + k)
			fill[e[k]]++
		}
	}
	used := make([]bool, len(edges))
	deg := func(v int32) int { return int(start[v+1] - start[v]) }

	// walk follows the walls from vertex v along edge e (leaving through
	// its end k) for as long as they go on.
	walk := func(e, k int) display.Path {
		first := edges[e].A
		if k == 1 {
			first = edges[e].B
		}
		p := pathBuilder{at: at}
		p.start(first)
		startV := ends[e][k]
		for {
			used[e] = true
			ed := edges[e]
			if k == 1 {
				ed = ed.Reverse()
			}
			p.add(ed)
			v := ends[e][1-k]
			if v == startV && deg(v) == 2 {
				p.closed = true
				break
			}
			next, nk := -1, 0
			arrive := tangent(ed, true)
			best := math.Pi/3 + 1e-6 // through a junction only nearly straight
			if deg(v) == 2 {
				best = math.Inf(1)
			}
			for _, x := range inc[start[v]:start[v+1]] {
				o, ok := int(x/2), int(x%2)
				if used[o] {
					continue
				}
				out := edges[o]
				if ok == 1 {
					out = out.Reverse()
				}
				if turn := maze.AngleGap(arrive, tangent(out, false)); turn < best-1e-9 {
					next, nk, best = o, ok, turn
				}
			}
			if next < 0 {
				break
			}
			if best > math.Pi/2+1e-6 {
				sharp = true
			}
			e, k = next, nk
		}
		return p.path()
	}
	// Paths from the ends and the junctions first, then the loops left.
	for v := int32(0); v < int32(n); v++ {
		if deg(v) == 2 {
			continue
		}
		for _, x := range inc[start[v]:start[v+1]] {
			if e := int(x / 2); !used[e] {
				paths = append(paths, walk(e, int(x%2)))
			}
		}
	}
	for e := range edges {
		if !used[e] {
			paths = append(paths, walk(e, 0))
		}
	}
	return paths, square, sharp
}

// tangent returns the direction of an edge at its start, or at its end
// (the way it arrives) when end is set.
func tangent(e maze.Edge, end bool) float64 {
	if !e.IsArc() {
		return math.Atan2(e.B.Y-e.A.Y, e.B.X-e.A.X)
	}
	p := e.A
	if end {
		p = e.B
	}
	radial := math.Atan2(p.Y-e.Center.Y, p.X-e.Center.X)
	if e.Clockwise {
		return radial + math.Pi/2
	}
	return radial - math.Pi/2
}

// pathBuilder builds a display path edge by edge, merging a straight edge
// that goes on in the direction of the one before.
type pathBuilder struct {
	at     func(maze.Point) display.Point
	pts    []display.Point
	bends  []float64
	arcs   bool
	dir    float64 // the direction of the last straight piece
	last   bool    // whether the last piece is straight
	closed bool
}

func (b *pathBuilder) start(p maze.Point) {
	b.pts = append(b.pts, b.at(p))
}

func (b *pathBuilder) add(e maze.Edge) {
	if !e.IsArc() {
		d := math.Atan2(e.B.Y-e.A.Y, e.B.X-e.A.X)
		if b.last && len(b.pts) >= 2 && maze.AngleGap(d, b.dir) < 1e-9 {
			b.pts[len(b.pts)-1] = b.at(e.B) // the same straight line goes on
			return
		}
		b.pts = append(b.pts, b.at(e.B))
		b.bends = append(b.bends, 0)
		b.dir, b.last = d, true
		return
	}
	b.pts = append(b.pts, b.at(e.B))
	b.bends = append(b.bends, e.Sweep())
	b.arcs, b.last = true, false
}

func (b *pathBuilder) path() display.Path {
	p := display.Path{Points: b.pts, Closed: b.closed}
	if b.closed {
		// The last point is the first again: the closing piece runs to it.
		p.Points = p.Points[:len(p.Points)-1]
	}
	if b.arcs {
		p.Bends = b.bends
	}
	return p
}

// vertexIDs numbers the ends of edges: on a grid whose corners all
// stand at a few fixed places within each unit (the corners of square
// cells; the inset walls of a weave's corridors), arithmetically, as a
// finer lattice; elsewhere through a map of the ends rounded to a
// millionth of a unit.
type vertexIDs struct {
	// offsets are the places of the vertices within a unit, sorted from
	// 0, when they are few enough for a lattice (nil otherwise).
	offsets []float64
	w, h    int // vertices per row and per column on the lattice
	byPoint map[[2]int64]int32
}

// maxOffsets is the most places within a unit a lattice takes.
const maxOffsets = 4

// offsetTolerance is how close two places within a unit are to be one.
const offsetTolerance = 1e-6

func newVertexIDs(edges []maze.Edge, gw, gh float64) *vertexIDs {
	v := &vertexIDs{}
	if gw == math.Round(gw) && gh == math.Round(gh) && gw*gh < 1e9 {
		v.offsets = latticeOffsets(edges)
	}
	if v.offsets != nil {
		k := len(v.offsets)
		v.w, v.h = int(gw)*k+1, int(gh)*k+1
		if float64(v.w)*float64(v.h) < math.MaxInt32 {
			return v
		}
		v.offsets = nil
	}
	v.byPoint = make(map[[2]int64]int32, len(edges))
	for _, e := range edges {
		for _, p := range []maze.Point{e.A, e.B} {
			k := key(p)
			if _, ok := v.byPoint[k]; !ok {
				v.byPoint[k] = int32(len(v.byPoint))
			}
		}
	}
	return v
}

// latticeOffsets returns the places within a unit, sorted from 0, where
// the edges' ends stand, or nil when there are more than maxOffsets of
// them (or an end is not a number).
func latticeOffsets(edges []maze.Edge) []float64 {
	offsets := make([]float64, 1, maxOffsets) // 0 always: the last row and column
	have := func(f float64) bool {
		for _, o := range offsets {
			if math.Abs(f-o) <= offsetTolerance {
				return true
			}
		}
		return false
	}
	for _, e := range edges {
		for _, c := range [4]float64{e.A.X, e.A.Y, e.B.X, e.B.Y} {
			f := c - math.Floor(c)
			if f > 1-offsetTolerance {
				f = 0
			}
			if have(f) {
				continue
			}
			if len(offsets) == maxOffsets || math.IsNaN(f) {
				return nil
			}
			offsets = append(offsets, f)
		}
	}
	sort.Float64s(offsets)
	return offsets
}

// place is a coordinate's number on the lattice.
func (v *vertexIDs) place(c float64) int {
	unit := math.Floor(c + offsetTolerance)
	f := c - unit
	for i, o := range v.offsets {
		if math.Abs(f-o) <= offsetTolerance {
			return int(unit)*len(v.offsets) + i
		}
	}
	return int(unit) * len(v.offsets) // not reached: every end was seen
}

func key(p maze.Point) [2]int64 {
	return [2]int64{int64(math.Round(p.X * 1e6)), int64(math.Round(p.Y * 1e6))}
}

func (v *vertexIDs) id(p maze.Point) int32 {
	if v.offsets != nil {
		return int32(v.place(p.Y)*v.w + v.place(p.X))
	}
	return v.byPoint[key(p)]
}

func (v *vertexIDs) count() int {
	if v.offsets != nil {
		return v.w * v.h
	}
	return len(v.byPoint)
}
