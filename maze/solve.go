package maze

// Distances returns, for every cell, the number of steps from cell from
// through the maze's passages, or -1 for a cell that cannot be reached. It is
// a breadth-first search.
func (m *Maze) Distances(from int) []int32 {
	n := m.Grid.Cells()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := make([]int32, 0, 64)
	queue = append(queue, int32(from))
	var links []int
	for head := 0; head < len(queue); head++ {
		c := int(queue[head])
		links = m.Links(c, links[:0])
		for _, nb := range links {
			if dist[nb] < 0 {
				dist[nb] = dist[c] + 1
				queue = append(queue, int32(nb))
			}
		}
	}
	return dist
}

// ShortestPath returns a shortest path of cells from cell from to cell to,
// both included, found by breadth-first search; nil when to cannot be
// reached.
func (m *Maze) ShortestPath(from, to int) []int {
	dist := m.Distances(to)
	if dist[from] < 0 {
		return nil
	}
	// Walk downhill from from to to: each step goes to a neighbour one step
	// closer to the goal, so the path is shortest. Ties take the first side.
	path := make([]int, 0, dist[from]+1)
	path = append(path, from)
	var links []int
	for c := from; c != to; {
		links = m.Links(c, links[:0])
		for _, nb := range links {
			if dist[nb] == dist[c]-1 {
				c = nb
				break
			}
		}
		path = append(path, c)
	}
	return path
}

// Solution returns a shortest path from the entrance cell to the exit cell.
func (m *Maze) Solution() []int {
	return m.ShortestPath(m.Entrance.Cell, m.Exit.Cell)
}
