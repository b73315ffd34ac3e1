package maze

import "math/bits"

// Prim carves a perfect maze with randomized Prim's algorithm, labelling
// rooms as seeds 000 and 002 do: a room is I once it is part of the maze, F
// when it is not yet dug but touches an I room, and u otherwise. Start from
// a random room labelled I with its neighbours labelled F; then repeatedly
// pick a random F room, dig through the wall to a random I neighbour, label
// it I and label its u neighbours F, until no F room is left.
//
// On a rectangular grid a specialised loop finds neighbours arithmetically;
// it makes exactly the maze the general loop makes.
func Prim(m *Maze, r *Rand) {
	if g, ok := m.Grid.(Rect); ok && m.rec == nil {
		primRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
	label := make([]uint8, n)
	var frontier []int32
	mark := func(c int) {
		label[c] = labelI
		m.note(OpIn, c)
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && label[nb] == labelU {
				label[nb] = labelF
				m.note(OpFrontier, nb)
				frontier = append(frontier, int32(nb))
			}
		}
	}
	mark(r.IntN(n))
	var cand [8]int
	for len(frontier) > 0 {
		i := r.IntN(len(frontier))
		f := int(frontier[i])
		frontier[i] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		k := 0
		for s := 0; s < g.Sides(f); s++ {
			if nb := g.Neighbor(f, s); nb >= 0 && label[nb] == labelI {
				cand[k] = s
				k++
			}
		}
		m.Carve(f, cand[r.IntN(k)])
		mark(f)
	}
}

// Prim's labels of the rooms.
const (
	labelU = iota
	labelF
	labelI
)

// primRect is Prim on a rectangular grid.
func primRect(m *Maze, g Rect, r *Rand) {
	w, h := g.W, g.H
	open := m.open
	step, _, _ := rectSteps(w)
	label := make([]uint8, w*h)
	var frontier []int32
	// mark labels c I and its u neighbours F; inner is c's set of sides
	// with a neighbour.
	mark := func(c int, inner uint8) {
		label[c] = labelI
		for b := inner; b != 0; b &= b - 1 {
			if nb := c + step[bits.TrailingZeros8(b)]; label[nb] == labelU {
				label[nb] = labelF
				frontier = append(frontier, int32(nb))
			}
		}
	}
	start := r.IntN(w * h)
	mark(start, rectInner(start%w, start/w, w, h))
	for len(frontier) > 0 {
		i := r.IntN(len(frontier))
		f := int(frontier[i])
		frontier[i] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		inner := rectInner(f%w, f/w, w, h)
		var toI uint8 // the sides of f with an I neighbour
		for b := inner; b != 0; b &= b - 1 {
			if s := bits.TrailingZeros8(b); label[f+step[s]] == labelI {
				toI |= 1 << s
			}
		}
		s := nthSide[toI][r.IntN(int(sideCount[toI]))]
		open[f] |= 1 << s
		open[f+step[s]] |= 1 << (s ^ 2)
		mark(f, inner)
	}
}
