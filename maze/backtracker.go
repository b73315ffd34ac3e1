package maze

// Backtracker carves a perfect maze with the recursive backtracker (a
// randomized depth-first search), as seeds 000 and 001 describe it: start in
// a random room, always dig into a random neighbouring room that has not been
// dug yet, and when there is none, go back along the tunnel until there is.
//
// It is iterative and needs no stack: each cell remembers the side it was
// entered through, so backing up follows those sides home. Memory is half
// a byte per cell besides the maze itself (a quarter on a rectangle). On a rectangular grid a
// specialised loop computes neighbours arithmetically; it makes exactly the
// maze the general loop makes.
func Backtracker(m *Maze, r *Rand) {
	if g, ok := m.Grid.(Rect); ok && m.rec == nil {
		backtrackRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
	// back marks the cells dug, each with its side toward the start.
	back := newWayBack(n)
	cur := r.IntN(n)
	back.set(cur, home)
	m.note(OpPush, cur)
	var cand [8]int
	for {
		k := 0
		for s := 0; s < g.Sides(cur); s++ {
			if nb := g.Neighbor(cur, s); nb >= 0 && !back.reached(nb) {
				cand[k] = s
				k++
			}
		}
		if k > 0 {
			s := cand[0]
			if k > 1 {
				s = cand[r.IntN(k)]
			}
			next := g.Neighbor(cur, s)
			m.Carve(cur, s)
			back.set(next, uint8(1+g.Opposite(cur, s)))
			cur = next
			m.note(OpPush, cur)
			continue
		}
		m.note(OpPop, cur)
		if back.get(cur) == home {
			return
		}
		cur = g.Neighbor(cur, back.side(cur))
	}
}

// backtrackRect is Backtracker on a rectangular grid.
func backtrackRect(m *Maze, g Rect, r *Rand) {
	w, h := g.W, g.H
	open := m.open
	// A cell is dug once a passage opens it: the start cell, dug first,
	// is the only one left closed, and only until the first step. back
	// holds the side of each dug cell that leads toward the start, two
	// bits a cell.
	back := make([]uint8, (w*h+3)/4)
	start := r.IntN(w * h)
	cur := start
	x, y := cur%w, cur/w
	// Cell offsets and coordinate steps of the four sides.
	step := [4]int{-w, 1, w, -1}
	dx := [4]int{0, 1, 0, -1}
	dy := [4]int{-1, 0, 1, 0}
	var cand [4]int
	for {
		k := 0
		if y > 0 && open[cur-w] == 0 {
			cand[k] = North
			k++
		}
		if x < w-1 && open[cur+1] == 0 {
			cand[k] = East
			k++
		}
		if y < h-1 && open[cur+w] == 0 {
			cand[k] = South
			k++
		}
		if x > 0 && open[cur-1] == 0 {
			cand[k] = West
			k++
		}
		if k > 0 {
			s := cand[0]
			if k > 1 {
				s = cand[r.IntN(k)]
			}
			o := (s + 2) & 3
			next := cur + step[s]
			open[cur] |= 1 << uint(s)
			open[next] |= 1 << uint(o)
			back[next>>2] |= uint8(o) << (uint(next&3) * 2)
			cur, x, y = next, x+dx[s], y+dy[s]
			continue
		}
		if cur == start {
			return
		}
		s := int(back[cur>>2] >> (uint(cur&3) * 2) & 3)
		cur, x, y = cur+step[s], x+dx[s], y+dy[s]
	}
}

// The fast loops of the generators on rectangular grids share these
// helpers, which find a cell's neighbours arithmetically instead of through
// the Grid interface. They list sides in increasing order, North, East,
// South, West, as the general loops do, so that both draw the same random
// numbers and make the same maze.

// rectSteps returns the cell offsets and the column and row steps across
// each side of a rectangular grid w cells wide.
func rectSteps(w int) (step, dx, dy [4]int) {
	return [4]int{-w, 1, w, -1}, [4]int{0, 1, 0, -1}, [4]int{-1, 0, 1, 0}
}

// rectInner returns the set of sides of cell (x, y) of a w by h grid that
// have a neighbour across them: bit s for side s.
func rectInner(x, y, w, h int) uint8 {
	var b uint8
	if y > 0 {
		b |= 1 << North
	}
	if x < w-1 {
		b |= 1 << East
	}
	if y < h-1 {
		b |= 1 << South
	}
	if x > 0 {
		b |= 1 << West
	}
	return b
}

// sideCount[b] is the number of sides in the set b.
var sideCount = [16]uint8{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4}

// nthSide[b][i] is the i-th side, in increasing order, of the set b.
var nthSide = func() (t [16][4]uint8) {
	for b := range t {
		i := 0
		for s := 0; s < 4; s++ {
			if b&(1<<s) != 0 {
				t[b][i] = uint8(s)
				i++
			}
		}
	}
	return t
}()
