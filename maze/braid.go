package maze

// DeadEnds appends to dst the cells with exactly one passage and returns
// it.
func (m *Maze) DeadEnds(dst []int) []int {
	for c := 0; c < m.Grid.Cells(); c++ {
		if m.Degree(c) == 1 {
			dst = append(dst, c)
		}
	}
	return dst
}

// Braid makes a multiply-connected maze (seed 000's LCM): it removes dead
// ends by opening one more wall of each, adding loops. p, from 0 to 1, is
// the share of the maze's dead ends that are removed: 0 leaves the maze
// perfect, 1 leaves no dead end at all. Dead ends are taken in random order;
// each opens into a neighbour that is itself a dead end when there is one
// (joining two dead ends removes both with one wall), otherwise into a
// random neighbour. Opening walls never disconnects a maze. On a grid one
// cell wide the two end cells of the corridor have no wall to open and stay
// dead ends.
func Braid(m *Maze, p float64, r *Rand) {
	if !(p > 0) {
		return
	}
	g := m.Grid
	n := 0
	for c := range g.Cells() {
		if m.Degree(c) == 1 {
			n++
		}
	}
	ends := m.DeadEnds(make([]int, 0, n))
	r.Shuffle(len(ends), func(i, j int) { ends[i], ends[j] = ends[j], ends[i] })
	target := len(ends)
	if p < 1 {
		target = int(float64(p*float64(len(ends))) + 0.5)
	}
	removed := 0
	var pref, other [8]int
	for _, c := range ends {
		if removed >= target {
			break
		}
		if m.Degree(c) != 1 {
			continue // joined to another dead end already
		}
		np, no := 0, 0
		for s := 0; s < g.Sides(c); s++ {
			nb := g.Neighbor(c, s)
			if nb < 0 || m.IsOpen(c, s) {
				continue
			}
			if m.Degree(nb) == 1 {
				pref[np] = s
				np++
			} else {
				other[no] = s
				no++
			}
		}
		switch {
		case np > 0:
			m.Carve(c, pref[r.IntN(np)])
			removed += 2
		case no > 0:
			m.Carve(c, other[r.IntN(no)])
			removed++
		}
	}
}
