package maze

// Backtracker carves a perfect maze with the recursive backtracker (a
// randomized depth-first search), as seeds 000 and 001 describe it: start in
// a random room, always dig into a random neighbouring room that has not been
// dug yet, and when there is none, go back along the tunnel until there is.
//
// It is iterative and needs no stack: each cell remembers the side it was
// entered through, so backing up follows those sides home. Memory is one
// byte per cell besides the maze itself.
func Backtracker(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	// back[c] is 0 for a cell not yet dug, noBack for the start cell, and
	// 1+s for a cell entered through its side s.
	const noBack = 0xff
	back := make([]uint8, n)
	cur := r.IntN(n)
	back[cur] = noBack
	var cand [8]int
	for {
		k := 0
		for s := 0; s < sides; s++ {
			if nb := g.Neighbor(cur, s); nb >= 0 && back[nb] == 0 {
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
			back[next] = uint8(1 + g.Opposite(s))
			cur = next
			continue
		}
		if back[cur] == noBack {
			return
		}
		cur = g.Neighbor(cur, int(back[cur]-1))
	}
}
