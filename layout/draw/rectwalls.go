package draw

import (
	"mazebook/layout/display"
	"mazebook/maze"
)

// stitchRect stitches the walls of a rectangle of square cells as stitch
// does, and into the same paths in the same order, but on the lattice of
// the cells' corners (see lattice), where stitch keeps about 25 bytes a
// wall and asks the grid for every wall's ends again and again.
// drawn(c, s) says whether side s of cell c is drawn from c.
func stitchRect(g maze.Rect, drawn func(c, s int) bool, at func(maze.Point) display.Point) []display.Path {
	l, n := newLattice(g, drawn)
	if n == 0 {
		return nil
	}
	l.b = pathBuilder{at: at, hint: 2*n + 2}
	// Paths from the ends and the junctions first, then the loops left,
	// in stitch's order.
	most := 0
	for v := range l.corner {
		if _, k := l.walls(v); k != 2 {
			most += k
		}
	}
	paths := make([]display.Path, 0, most/2+1)
	for v := range l.corner {
		ws, k := l.walls(v)
		if k == 2 {
			continue
		}
		for _, e := range ws[:k] {
			if !l.used(e) {
				paths = append(paths, l.walk(e, v))
			}
		}
	}
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		v := y*l.w1 + x
		for _, e := range [4]latticeWall{{v, false}, {v + 1, true}, {v + l.w1, false}, {v, true}} {
			if !l.present(e) || l.used(e) {
				continue
			}
			if k, first := l.key(e); k/maze.MaxSides == c {
				paths = append(paths, l.walk(e, first))
			}
		}
	}
	return paths
}

// A lattice holds the walls of a rectangle of square cells on its cells'
// corners, numbered row by row, W+1 a row: a byte a corner holds which of
// its two walls (right and down) are drawn and which are stitched.
type lattice struct {
	g      maze.Rect
	w1     int // corners a row
	corner []uint8
	b      pathBuilder
}

// The bits of a corner.
const (
	latticeRight     = 1 << iota // the wall from this corner to the one on its right
	latticeDown                  // the wall from this corner to the one below
	latticeRightUsed             // stitched
	latticeDownUsed
)

// A latticeWall is named by its corner (its top or left end) and whether
// it runs down.
type latticeWall struct {
	v    int
	down bool
}

// newLattice returns the lattice of g's drawn walls, and their number.
func newLattice(g maze.Rect, drawn func(c, s int) bool) (*lattice, int) {
	w1 := g.W + 1
	l := &lattice{g: g, w1: w1, corner: make([]uint8, w1*(g.H+1))}
	n := 0
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		v := y*w1 + x
		for s := 0; s < 4; s++ {
			if !drawn(c, s) {
				continue
			}
			n++
			switch s {
			case maze.North:
				l.corner[v] |= latticeRight
			case maze.East:
				l.corner[v+1] |= latticeDown
			case maze.South:
				l.corner[v+w1] |= latticeRight
			default:
				l.corner[v] |= latticeDown
			}
		}
	}
	return l, n
}

// present reports whether wall e is drawn.
func (l *lattice) present(e latticeWall) bool {
	if e.down {
		return l.corner[e.v]&latticeDown != 0
	}
	return l.corner[e.v]&latticeRight != 0
}

// used reports whether wall e is stitched.
func (l *lattice) used(e latticeWall) bool {
	if e.down {
		return l.corner[e.v]&latticeDownUsed != 0
	}
	return l.corner[e.v]&latticeRightUsed != 0
}

// key returns a wall's place in stitch's order: the cell that draws it
// and its side, c*MaxSides+s (see walls); first is the end at which its
// side begins, going clockwise round that cell.
func (l *lattice) key(e latticeWall) (k int, first int) {
	w, w1 := l.g.W, l.w1
	x, y := e.v%w1, e.v/w1
	switch {
	case !e.down && y > 0: // the south side of the cell above
		return ((y-1)*w+x)*maze.MaxSides + maze.South, e.v + 1
	case !e.down: // the north side of the top row
		return x*maze.MaxSides + maze.North, e.v
	case x > 0: // the east side of the cell on the left
		return (y*w+x-1)*maze.MaxSides + maze.East, e.v
	default: // the west side of the left column
		return y*w*maze.MaxSides + maze.West, e.v + w1
	}
}

// other returns the end of wall e that is not corner v.
func (l *lattice) other(e latticeWall, v int) int {
	end := e.v + 1
	if e.down {
		end = e.v + l.w1
	}
	if v == e.v {
		return end
	}
	return e.v
}

// walls returns the walls at corner v, in stitch's order: by key, which
// on the top row is left, down, right; on the left column right, up,
// down; and elsewhere up, left, right, down.
func (l *lattice) walls(v int) ([4]latticeWall, int) {
	var ws [4]latticeWall
	k := 0
	add := func(e latticeWall, ok bool) {
		if ok {
			ws[k] = e
			k++
		}
	}
	c, w1 := l.corner, l.w1
	x, y := v%w1, v/w1
	switch {
	case y == 0:
		add(latticeWall{v - 1, false}, x > 0 && c[v-1]&latticeRight != 0)
		add(latticeWall{v, true}, c[v]&latticeDown != 0)
		add(latticeWall{v, false}, c[v]&latticeRight != 0)
	case x == 0:
		add(latticeWall{v, false}, c[v]&latticeRight != 0)
		add(latticeWall{v - w1, true}, c[v-w1]&latticeDown != 0)
		add(latticeWall{v, true}, c[v]&latticeDown != 0)
	default:
		add(latticeWall{v - w1, true}, c[v-w1]&latticeDown != 0)
		add(latticeWall{v - 1, false}, c[v-1]&latticeRight != 0)
		add(latticeWall{v, false}, c[v]&latticeRight != 0)
		add(latticeWall{v, true}, c[v]&latticeDown != 0)
	}
	return ws, k
}

// point returns corner v in the grid's units.
func (l *lattice) point(v int) maze.Point {
	return maze.Point{X: float64(v % l.w1), Y: float64(v / l.w1)}
}

// walk follows the walls from corner from along e for as long as they go
// on: through a corner of two walls round it, through one of more only
// straight on; it marks them stitched and returns their path.
func (l *lattice) walk(e latticeWall, from int) display.Path {
	b := &l.b
	b.start(l.point(from))
	startV := from
	for {
		if e.down {
			l.corner[e.v] |= latticeDownUsed
		} else {
			l.corner[e.v] |= latticeRightUsed
		}
		v := l.other(e, from)
		b.add(maze.Edge{A: l.point(from), B: l.point(v)})
		ws, k := l.walls(v)
		if v == startV && k == 2 {
			b.closed = true
			break
		}
		next := -1
		for i := range k {
			if l.used(ws[i]) {
				continue
			}
			if k == 2 || l.other(ws[i], v)-v == v-from { // round a corner, or straight on
				next = i
				break
			}
		}
		if next < 0 {
			break
		}
		e, from = ws[next], v
	}
	return b.path()
}
