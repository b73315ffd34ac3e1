package maze

// solveTremaux is Trémaux's algorithm, seed 003's Ariadne's thread: walk
// from the start unrolling a thread; at each cell take the first passage,
// in right-hand order, into a cell never visited; when there is none, roll
// the thread back up one step. Every passage is walked at most twice, and
// when the goal is reached the thread is the path. Walk records every step,
// rolling back included.
func solveTremaux(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	sides := g.Sides()
	visited := make([]bool, g.Cells())
	visited[from] = true
	thread := []int{from}
	heading := make([]uint8, 0, 64) // the side each thread step was taken through
	walk := []int{from}
	count := 1
	for len(thread) > 0 && thread[len(thread)-1] != to {
		c := thread[len(thread)-1]
		h := 0
		if len(heading) > 0 {
			h = int(heading[len(heading)-1])
		} else if c == m.Entrance.Cell {
			h = g.Opposite(m.Entrance.Side)
		}
		moved := false
		for _, t := range []int{1, 0, sides - 1, sides / 2} {
			s := (h + t) % sides
			if !m.Linked(c, s) {
				continue
			}
			if nb := g.Neighbor(c, s); !visited[nb] {
				visited[nb] = true
				count++
				thread = append(thread, nb)
				heading = append(heading, uint8(s))
				walk = append(walk, nb)
				moved = true
				break
			}
		}
		if !moved {
			// A dead end, or every way already tried: roll back.
			thread = thread[:len(thread)-1]
			if len(heading) > 0 {
				heading = heading[:len(heading)-1]
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
