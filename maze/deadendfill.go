package maze

// solveDeadEndFilling fills dead ends: every cell with one open passage,
// other than the start and the goal, is filled, which may make its
// neighbour a dead end in turn, until none is left. On a perfect maze what
// stays unfilled is exactly the solution. On a maze with loops the loops
// stay too, and a breadth-first search through the unfilled cells picks the
// shortest way among them.
func solveDeadEndFilling(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	adj := newAdjacency(g)
	n := g.Cells()
	degree := make([]uint8, n)
	filled := make([]bool, n)
	var stack []int32
	for c := 0; c < n; c++ {
		degree[c] = uint8(m.Degree(c))
		if degree[c] <= 1 && c != from && c != to {
			stack = append(stack, int32(c))
		}
	}
	visited := 0
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if filled[c] {
			continue
		}
		filled[c] = true
		visited++
		m.note(OpFill, c)
		for bits, s := m.PassageSides(c), 0; bits != 0; bits, s = bits>>1, s+1 {
			if bits&1 == 0 {
				continue
			}
			nb := adj.across(c, s)
			if filled[nb] {
				continue
			}
			degree[nb]--
			if degree[nb] <= 1 && nb != from && nb != to {
				stack = append(stack, int32(nb))
			}
		}
	}
	// Search what is left.
	back := newWayBack(n)
	back.set(from, home)
	q := newQueue()
	q.push(int32(from))
	for !q.empty() && !back.reached(to) {
		c := int(q.pop())
		for bits, s := m.PassageSides(c), 0; bits != 0; bits, s = bits>>1, s+1 {
			if bits&1 == 0 {
				continue
			}
			if nb := adj.across(c, s); !filled[nb] && !back.reached(nb) {
				back.set(nb, uint8(1+adj.opposite(c, s)))
				q.push(int32(nb))
			}
		}
	}
	if !back.reached(to) {
		return Solution{Visited: visited}, errUnreachable("dead-end-filling", from, to)
	}
	return Solution{Path: pathFromBack(g, back, from, to), Visited: n}, nil
}
