package maze

import "math/bits"

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

// backtrackRect is Backtracker on a rectangular grid. Which neighbours
// are free to dig into is worked out without a branch: each side's
// neighbour is read (the cell itself stands in for one off the grid),
// and the sides off the grid masked away; the random choice among two
// or more is IntN's very draw, inlined.
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
	state := r.state // r's, kept in a register
	for {
		// The neighbours, or cur where there is none.
		n, e, so, we := cur-w, cur+1, cur+w, cur-1
		var inner uint8 = 0xf
		if y == 0 {
			n, inner = cur, inner&^(1<<North)
		}
		if x == w-1 {
			e, inner = cur, inner&^(1<<East)
		}
		if y == h-1 {
			so, inner = cur, inner&^(1<<South)
		}
		if x == 0 {
			we, inner = cur, inner&^(1<<West)
		}
		free := (isZero(open[n])<<North | isZero(open[e])<<East | isZero(open[so])<<South | isZero(open[we])<<West) & inner
		if free != 0 {
			// r.IntN(k) for k of 2 or more, nothing drawn for one: the
			// next number mixed and bounded whatever k is, and the state
			// advanced only for two or more. IntN's rejection, which for
			// 3 happens with a chance of 2^-64 and for 2 and 4 never, is
			// left to IntN itself.
			k := uint64(sideCount[free])
			i, lo := bits.Mul64(mix64(state+0x9e3779b97f4a7c15), k)
			var advance uint64
			if k > 1 {
				advance = 0x9e3779b97f4a7c15
			}
			if lo < k {
				r.state = state
				i = uint64(r.pickSlowly(int(k)))
				state, advance = r.state, 0
			}
			state += advance
			s := int(nthSide[free][i])
			o := (s + 2) & 3
			next := cur + step[s]
			open[cur] |= 1 << uint(s)
			open[next] |= 1 << uint(o)
			back[next>>2] |= uint8(o) << (uint(next&3) * 2)
			cur, x, y = next, x+dx[s], y+dy[s]
			continue
		}
		if cur == start {
			r.state = state
			return
		}
		s := int(back[cur>>2] >> (uint(cur&3) * 2) & 3)
		cur, x, y = cur+step[s], x+dx[s], y+dy[s]
	}
}

// isZero returns 1 for 0, else 0.
func isZero(b uint8) uint8 {
	if b == 0 {
		return 1
	}
	return 0
}

// pickSlowly returns r.IntN(k) for k of 2 or more, and 0 drawing
// nothing for one.
func (r *Rand) pickSlowly(k int) int {
	if k == 1 {
		return 0
	}
	return r.IntN(k)
}
