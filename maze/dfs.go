package maze

// solveDFS is depth-first search with an explicit stack: it follows one
// passage as deep as it goes, in side order, before backing up. On a perfect
// maze its path is the only one; on a maze with loops it may be longer than
// the shortest.
func solveDFS(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	back := newWayBack(g.Cells())
	back.set(from, home)
	stack := []int32{int32(from)}
	visited := 1
	var depth []int32 // when recording, each cell's depth in the search
	if m.rec != nil {
		depth = make([]int32, g.Cells())
		m.rec.add(OpReach, from, 0, 0)
	}
	for len(stack) > 0 && !back.reached(to) {
		c := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		// Push in reverse side order, so side 0 is explored first.
		for s := g.Sides(c) - 1; s >= 0; s-- {
			if !m.IsOpen(c, s) {
				continue
			}
			if nb := g.Neighbor(c, s); nb >= 0 && !back.reached(nb) {
				back.set(nb, uint8(1+g.Opposite(c, s)))
				stack = append(stack, int32(nb))
				visited++
				if depth != nil {
					depth[nb] = depth[c] + 1
					m.rec.add(OpReach, nb, 0, int(depth[nb]))
				}
			}
		}
	}
	if !back.reached(to) {
		return Solution{Visited: visited}, errUnreachable("dfs", from, to)
	}
	return Solution{Path: pathFromBack(g, back, from, to), Visited: visited}, nil
}

// pathFromBack follows the ways back (see wayBack) from to
// home to from and returns the path from from to to. It counts the steps
// first, so the path is allocated once at its size.
func pathFromBack(g Grid, back wayBack, from, to int) []int {
	n := 1
	for c := to; c != from; c = g.Neighbor(c, back.side(c)) {
		n++
	}
	path := make([]int, n)
	for c, i := to, n-1; ; c, i = g.Neighbor(c, back.side(c)), i-1 {
		path[i] = c
		if c == from {
			break
		}
	}
	return path
}
