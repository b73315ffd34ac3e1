package maze

// HuntAndKill carves a perfect maze with the hunt-and-kill algorithm: walk
// at random into unvisited neighbours, carving, until stuck; then hunt,
// scanning the cells in order for an unvisited cell next to the maze, join
// it to the maze and walk on from there. Its mazes look like the
// backtracker's, with long corridors, but it needs no stack. The hunt
// resumes where the previous one left off, since cells before it are all
// visited.
func HuntAndKill(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	visited := make([]bool, n)
	cur := r.IntN(n)
	visited[cur] = true
	scan := 0
	var cand [8]int
	for {
		// Kill: walk into unvisited neighbours.
		for {
			k := 0
			for s := 0; s < sides; s++ {
				if nb := g.Neighbor(cur, s); nb >= 0 && !visited[nb] {
					cand[k] = s
					k++
				}
			}
			if k == 0 {
				break
			}
			s := cand[r.IntN(k)]
			next := g.Neighbor(cur, s)
			m.Carve(cur, s)
			visited[next] = true
			cur = next
		}
		// Hunt: the first unvisited cell with a visited neighbour.
		for scan < n && visited[scan] {
			scan++
		}
		found := false
		for c := scan; c < n && !found; c++ {
			if visited[c] {
				continue
			}
			k := 0
			for s := 0; s < sides; s++ {
				if nb := g.Neighbor(c, s); nb >= 0 && visited[nb] {
					cand[k] = s
					k++
				}
			}
			if k > 0 {
				m.Carve(c, cand[r.IntN(k)])
				visited[c] = true
				cur = c
				found = true
			}
		}
		if !found {
			return
		}
	}
}
