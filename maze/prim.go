package maze

// Prim carves a perfect maze with randomized Prim's algorithm, labelling
// rooms as seeds 000 and 002 do: a room is I once it is part of the maze, F
// when it is not yet dug but touches an I room, and u otherwise. Start from
// a random room labelled I with its neighbours labelled F; then repeatedly
// pick a random F room, dig through the wall to a random I neighbour, label
// it I and label its u neighbours F, until no F room is left.
func Prim(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	const (
		labelU = iota
		labelF
		labelI
	)
	label := make([]uint8, n)
	var frontier []int32
	mark := func(c int) {
		label[c] = labelI
		for s := 0; s < sides; s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && label[nb] == labelU {
				label[nb] = labelF
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
		for s := 0; s < sides; s++ {
			if nb := g.Neighbor(f, s); nb >= 0 && label[nb] == labelI {
				cand[k] = s
				k++
			}
		}
		m.Carve(f, cand[r.IntN(k)])
		mark(f)
	}
}
