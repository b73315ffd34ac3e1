package draw

import (
	"mazebook/layout/display"
	"mazebook/maze"
)

// stitchRect stitches the walls of a rectangle of square cells as stitch
// does, and into the same paths in the same order, but on the lattice of
// the cells' corners: a byte a corner holds which of its two walls (right
// and down) are drawn and which are stitched, where stitch keeps about 25
// bytes a wall and asks the grid for every wall's ends again and again.
// drawn(c, s) says whether side s of cell c is drawn from c.
func stitchRect(g maze.Rect, drawn func(c, s int) bool, at func(maze.Point) display.Point) []display.Path {
	w1 := g.W + 1
	nv := w1 * (g.H + 1)
	const (
		right     = 1 << iota // the wall from this corner to the one on its right
		down                  // the wall from this corner to the one below
		rightUsed             // stitched
		downUsed
	)
	corner := make([]uint8, nv)
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
				corner[v] |= right
			case maze.East:
				corner[v+1] |= down
			case maze.South:
				corner[v+w1] |= right
			default:
				corner[v] |= down
			}
		}
	}
	if n == 0 {
		return nil
	}
	// A wall is named by its corner (its top or left end) and whether it
	// runs down.
	type wall struct {
		v    int
		down bool
	}
	// key is a wall's place in stitch's order: the cell that draws it and
	// its side, c*MaxSides+s (see walls); first is the end at which its
	// side begins, going clockwise round that cell.
	key := func(e wall) (k int, first int) {
		x, y := e.v%w1, e.v/w1
		switch {
		case !e.down && y > 0: // the south side of the cell above
			return ((y-1)*g.W+x)*maze.MaxSides + maze.South, e.v + 1
		case !e.down: // the north side of the top row
			return x*maze.MaxSides + maze.North, e.v
		case x > 0: // the east side of the cell on the left
			return (y*g.W+x-1)*maze.MaxSides + maze.East, e.v
		default: // the west side of the left column
			return y*g.W*maze.MaxSides + maze.West, e.v + w1
		}
	}
	other := func(e wall, v int) int {
		end := e.v + 1
		if e.down {
			end = e.v + w1
		}
		if v == e.v {
			return end
		}
		return e.v
	}
	used := func(e wall) bool {
		if e.down {
			return corner[e.v]&downUsed != 0
		}
		return corner[e.v]&rightUsed != 0
	}
	// walls returns the walls at corner v, in stitch's order: by key,
	// which on the top row is left, down, right; on the left column
	// right, up, down; and elsewhere up, left, right, down.
	walls := func(v int) ([4]wall, int) {
		var ws [4]wall
		k := 0
		add := func(e wall, ok bool) {
			if ok {
				ws[k] = e
				k++
			}
		}
		x, y := v%w1, v/w1
		switch {
		case y == 0:
			add(wall{v - 1, false}, x > 0 && corner[v-1]&right != 0)
			add(wall{v, true}, corner[v]&down != 0)
			add(wall{v, false}, corner[v]&right != 0)
		case x == 0:
			add(wall{v, false}, corner[v]&right != 0)
			add(wall{v - w1, true}, corner[v-w1]&down != 0)
			add(wall{v, true}, corner[v]&down != 0)
		default:
			add(wall{v - w1, true}, corner[v-w1]&down != 0)
			add(wall{v - 1, false}, corner[v-1]&right != 0)
			add(wall{v, false}, corner[v]&right != 0)
			add(wall{v, true}, corner[v]&down != 0)
		}
		return ws, k
	}
	point := func(v int) maze.Point { return maze.Point{X: float64(v % w1), Y: float64(v / w1)} }
	b := pathBuilder{at: at, hint: 2*n + 2}
	// walk follows the walls from corner from along e for as long as they
	// go on: through a corner of two walls round it, through one of more
	// only straight on.
	walk := func(e wall, from int) display.Path {
		b.start(point(from))
		startV := from
		for {
			if e.down {
				corner[e.v] |= downUsed
			} else {
				corner[e.v] |= rightUsed
			}
			v := other(e, from)
			b.add(maze.Edge{A: point(from), B: point(v)})
			ws, k := walls(v)
			if v == startV && k == 2 {
				b.closed = true
				break
			}
			next := -1
			for i := range k {
				if used(ws[i]) {
					continue
				}
				if k == 2 || other(ws[i], v)-v == v-from { // round a corner, or straight on
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
	// Paths from the ends and the junctions first, then the loops left,
	// in stitch's order.
	most := 0
	for v := range nv {
		if _, k := walls(v); k != 2 {
			most += k
		}
	}
	paths := make([]display.Path, 0, most/2+1)
	for v := range nv {
		ws, k := walls(v)
		if k == 2 {
			continue
		}
		for _, e := range ws[:k] {
			if !used(e) {
				paths = append(paths, walk(e, v))
			}
		}
	}
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		v := y*w1 + x
		for _, e := range [4]wall{{v, false}, {v + 1, true}, {v + w1, false}, {v, true}} {
			if present := e.down && corner[e.v]&down != 0 || !e.down && corner[e.v]&right != 0; !present || used(e) {
				continue
			}
			if k, first := key(e); k/maze.MaxSides == c {
				paths = append(paths, walk(e, first))
			}
		}
	}
	return paths
}
