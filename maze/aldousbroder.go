package maze

// AldousBroder carves a perfect maze with the Aldous-Broder algorithm, as
// seed 000 describes it: start in a random room and keep moving to a random
// neighbouring room; whenever the room entered has not been visited, dig the
// tunnel back to the room just left. It stops when every room is visited.
// Every perfect maze of the grid is equally likely, but the walk revisits
// rooms many times, so it is slow on large grids.
func AldousBroder(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	visited := make([]bool, n)
	cur := r.IntN(n)
	visited[cur] = true
	remaining := n - 1
	var cand [8]int
	for remaining > 0 {
		k := 0
		for s := 0; s < sides; s++ {
			if g.Neighbor(cur, s) >= 0 {
				cand[k] = s
				k++
			}
		}
		s := cand[r.IntN(k)]
		next := g.Neighbor(cur, s)
		if !visited[next] {
			visited[next] = true
			m.Carve(cur, s)
			remaining--
		}
		cur = next
	}
}
