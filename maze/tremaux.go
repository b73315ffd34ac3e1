package maze

// solveTremaux is Trémaux's algorithm, seed 003's Ariadne's thread: walk
// from the start unrolling a thread; at each cell take the first passage,
// in the right hand's order (see turnOrder), into a cell never visited;
// when there is none, roll the thread back up one step. Every passage is
// walked at most twice, and when the goal is reached the thread is the
// path. Walk records every step, rolling back included.
func solveTremaux(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	visited := make([]bool, g.Cells())
	visited[from] = true
	thread := []int{from}
	entered := make([]uint8, 0, 64) // the side each thread step came in by
	walk := []int{from}
	count := 1
	var order [MaxSides]int
	for len(thread) > 0 && thread[len(thread)-1] != to {
		c := thread[len(thread)-1]
		in := startSide(m, c)
		if len(entered) > 0 {
			in = int(entered[len(entered)-1])
		}
		moved := false
		for _, s := range turnOrder(g.Sides(c), in, true, order[:0]) {
			if !m.Linked(c, s) {
				continue
			}
			if nb := g.Neighbor(c, s); !visited[nb] {
				visited[nb] = true
				count++
				thread = append(thread, nb)
				entered = append(entered, uint8(g.Opposite(c, s)))
				walk = append(walk, nb)
				moved = true
				break
			}
		}
		if !moved {
			// A dead end, or every way already tried: roll back.
			thread = thread[:len(thread)-1]
			if len(entered) > 0 {
				entered = entered[:len(entered)-1]
			}
			if len(thread) > 0 {
				walk = append(walk, thread[len(thread)-1])
			}
		}
	}
	if len(thread) == 0 {
		return Solution{Walk: walk, Visited: count}, errUnreachable("tremaux", from, to)
	}
	return Solution{Path: thread, Walk: walk, Visited: count}, nil
}
