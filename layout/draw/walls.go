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
// A style for young children (Style.Round) rounds every end and corner.
// The walls between the cells of the room around a picture inside the
// maze (see clearing) are not drawn.
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
		if st.cleared != nil && st.cleared[c] && nb >= 0 && st.cleared[nb] {
			return false // inside the room around a picture
		}
		// No wall, or drawn from the other cell.
		return !(nb == maze.NoSide || m.IsOpen(c, s) && !(blank && nb >= 0) || nb >= 0 && nb < c)
	}
	var paths []display.Path
	square, sharp := true, false
	if r, ok := g.(maze.Rect); ok {
		paths = stitchRect(r, drawn, at)
	} else {
		paths, square, sharp = stitchSides(g, drawn, at)
	}
	l := &display.Line{Paths: paths, Width: st.Wall, Color: st.WallColor, Cap: display.RoundCap, Join: display.MiterJoin}
	if square {
		l.Cap = display.SquareCap
	}
	if sharp {
		l.Join = display.RoundJoin
	}
	if st.Round {
		l.Cap, l.Join = display.RoundCap, display.RoundJoin
	}
	return l
}

// stitchSides stitches the sides of g's cells that drawn(c, s) says are
// drawn from c.
func stitchSides(g maze.Grid, drawn func(c, s int) bool, at func(maze.Point) display.Point) (paths []display.Path, square, sharp bool) {
	// The walls are named by cell and side, four bytes each, and their
	// ends asked of the grid when needed: a maze of a million cells has
	// about as many walls, which as edges would take 64 bytes each.
	// Counted first, so that they are allocated once at their size.
	n := 0
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if drawn(c, s) {
				n++
			}
		}
	}
	sides := make([]uint32, 0, n)
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if drawn(c, s) {
				sides = append(sides, uint32(c*maze.MaxSides+s))
			}
		}
	}
	edge := func(i int) maze.Edge {
		x := int(sides[i])
		return g.Side(x/maze.MaxSides, x%maze.MaxSides)
	}
	gw, gh := g.Size()
	return stitch(len(sides), edge, gw, gh, at)
}

// stitch joins edges that share ends into paths: through a point where
// two walls meet it goes on; through one where three or more meet it goes
// straight on when a wall continues within 60° of its way (a straight
// wall across many cells is one stroke, a circle's ring wall one arc after
// another), and stops otherwise; walls that close on themselves become
// closed paths. It reports whether every edge is a horizontal or vertical
// segment (square cells), and whether a path turns by more than a right
// angle. Its order depends only on the order of the edges, which are
// the n edges edge(0) to edge(n-1).
func stitch(n int, edge func(int) maze.Edge, gw, gh float64, at func(maze.Point) display.Point) (paths []display.Path, square, sharp bool) {
	if n == 0 {
		return nil, true, false
	}
	ids := newVertexIDs(n, edge, gw, gh)
	// The edges at each vertex, as 2*edge+end (end 0 is A, 1 is B), in
	// that order: vertex v's are inc[start[v]:start[v+1]]. The ends are
	// numbered again where needed rather than kept.
	nv := ids.count()
	start := make([]int32, nv+1)
	square = true
	for i := range n {
		e := edge(i)
		start[ids.id(e.A)]++
		start[ids.id(e.B)]++
		if e.IsArc() || e.A.X != e.B.X && e.A.Y != e.B.Y {
			square = false
		}
	}
	for v := 1; v <= nv; v++ {
		start[v] += start[v-1] // the end of v's edges
	}
	inc := make([]int32, 2*n)
	for i := n - 1; i >= 0; i-- {
		e := edge(i)
		b, a := ids.id(e.B), ids.id(e.A)
		start[b]--
		inc[start[b]] = int32(2*i + 1)
		start[a]--
		inc[start[a]] = int32(2 * i)
	}
	used := make([]bool, n)
	deg := func(v int32) int { return int(start[v+1] - start[v]) }
	builder := pathBuilder{at: at, hint: 2*n + 2}
	// Every path but a loop has its two ends where walls do not meet in
	// twos, so there are at most half as many as such ends.
	most := 0
	for v := int32(0); v < int32(nv); v++ {
		if d := deg(v); d != 2 {
			most += d
		}
	}
	paths = make([]display.Path, 0, most/2+1)

	// walk follows the walls from vertex v along edge e (leaving through
	// its end k) for as long as they go on.
	walk := func(e, k int) display.Path {
		first := edge(e).A
		if k == 1 {
			first = edge(e).B
		}
		p := &builder
		p.start(first)
		startV := ids.id(first)
		for {
			used[e] = true
			ed := edge(e)
			if k == 1 {
				ed = ed.Reverse()
			}
			p.add(ed)
			v := ids.id(ed.B)
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
				out := edge(o)
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
	for v := int32(0); v < int32(nv); v++ {
		if deg(v) == 2 {
			continue
		}
		for _, x := range inc[start[v]:start[v+1]] {
			if e := int(x / 2); !used[e] {
				paths = append(paths, walk(e, int(x%2)))
			}
		}
	}
	for e := range n {
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

// pathBuilder builds display paths edge by edge, merging a straight edge
// that goes on in the direction of the one before. The points of all its
// paths share blocks of memory: a maze of a million cells has hundreds of
// thousands of paths of a few points each.
type pathBuilder struct {
	at    func(maze.Point) display.Point
	block []display.Point // the points of the paths, the last one's from first
	first int
	hint  int // about how many points all the paths have: the first block's size

	bends  []float64 // nil while the path is straight
	pieces int
	arcs   bool
	dir    float64 // the direction of the last straight piece
	last   bool    // whether the last piece is straight
	closed bool
}

// pathBlock is how many points a block of a pathBuilder holds.
const pathBlock = 1 << 13

// start begins a new path at p.
func (b *pathBuilder) start(p maze.Point) {
	b.first = len(b.block)
	b.bends, b.pieces, b.arcs, b.last, b.closed = nil, 0, false, false, false
	b.push(b.at(p))
}

// push appends a point to the path, moving the path to a new block when
// its block is full.
func (b *pathBuilder) push(q display.Point) {
	if len(b.block) == cap(b.block) {
		cur := b.block[b.first:]
		size := pathBlock
		if b.block == nil && b.hint > 0 {
			size = min(pathBlock, b.hint) // a small maze, a small block
		}
		nb := make([]display.Point, len(cur), max(size, 2*len(cur)))
		copy(nb, cur)
		b.block, b.first = nb, 0
	}
	b.block = append(b.block, q)
}

// piece records the bend of a new piece.
func (b *pathBuilder) piece(bend float64) {
	if bend != 0 && b.bends == nil {
		b.bends = make([]float64, b.pieces, b.pieces+4)
	}
	if b.bends != nil {
		b.bends = append(b.bends, bend)
	}
	b.pieces++
}

func (b *pathBuilder) add(e maze.Edge) {
	if !e.IsArc() {
		d := math.Atan2(e.B.Y-e.A.Y, e.B.X-e.A.X)
		if b.last && len(b.block)-b.first >= 2 && maze.AngleGap(d, b.dir) < 1e-9 {
			b.block[len(b.block)-1] = b.at(e.B) // the same straight line goes on
			return
		}
		b.push(b.at(e.B))
		b.piece(0)
		b.dir, b.last = d, true
		return
	}
	b.push(b.at(e.B))
	b.piece(e.Sweep())
	b.arcs, b.last = true, false
}

// path returns the path built since start.
func (b *pathBuilder) path() display.Path {
	n := len(b.block)
	p := display.Path{Points: b.block[b.first:n:n], Closed: b.closed}
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

func newVertexIDs(n int, edge func(int) maze.Edge, gw, gh float64) *vertexIDs {
	v := &vertexIDs{}
	if gw == math.Round(gw) && gh == math.Round(gh) && gw*gh < 1e9 {
		v.offsets = latticeOffsets(n, edge)
	}
	if v.offsets != nil {
		k := len(v.offsets)
		v.w, v.h = int(gw)*k+1, int(gh)*k+1
		if float64(v.w)*float64(v.h) < math.MaxInt32 {
			return v
		}
		v.offsets = nil
	}
	v.byPoint = make(map[[2]int64]int32, n)
	for i := range n {
		e := edge(i)
		for _, p := range [2]maze.Point{e.A, e.B} {
			k := key(p)
			if _, ok := v.byPoint[k]; !ok {
				v.byPoint[k] = int32(len(v.byPoint))
			}
		}
	}
	return v
}

// latticeOffsets returns the places within a unit, sorted from 0, where
// the ends of the n edges edge(i) stand, or nil when there are more than
// maxOffsets of them (or an end is not a number).
func latticeOffsets(n int, edge func(int) maze.Edge) []float64 {
	offsets := make([]float64, 1, maxOffsets) // 0 always: the last row and column
	have := func(f float64) bool {
		for _, o := range offsets {
			if math.Abs(f-o) <= offsetTolerance {
				return true
			}
		}
		return false
	}
	for i := range n {
		e := edge(i)
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
	return [2]int64{int64(math.Round(float64(p.X * 1e6))), int64(math.Round(float64(p.Y * 1e6)))}
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
