package maze

// solveTremaux is Trémaux's algorithm, seed 003's Ariadne's thread: walk
// from the start unrolling a thread; at each cell take the first passage,
// in the right hand's order (see turnOrder), into a cell never visited;
// when there is none, roll the thread back up one step. Every passage is
// walked at most twice, and when the goal is reached the thread is the
// path. Walk records every step, rolling back included.
func solveTremaux(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	adj := newAdjacency(g)
	visited := make([]bool, g.Cells())
	visited[from] = true
	thread := []int{from}
	entered := make([]uint8, 0, 64) // the side each thread step came in by
	walk := []int{from}
	count := 1
	m.note(OpPush, from)
	for len(thread) > 0 && thread[len(thread)-1] != to {
		c := thread[len(thread)-1]
		var in int
		if len(entered) > 0 {
			in = int(entered[len(entered)-1])
		} else {
			in = startSide(m, c)
		}
		moved := false
		n, open := adj.sides(c), m.PassageSides(c)
		for k := 1; k <= n; k++ {
			s := turn(n, in, k, true)
			if open>>uint(s)&1 == 0 {
				continue
			}
			if nb := adj.across(c, s); !visited[nb] {
				visited[nb] = true
				count++
				thread = append(thread, nb)
				entered = append(entered, uint8(adj.opposite(c, s)))
				walk = append(walk, nb)
				m.note(OpPush, nb)
				moved = true
				break
			}
		}
		if !moved {
			// A dead end, or every way already tried: roll back.
			m.note(OpPop, c)
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
