package maze

// GrowingTree returns a generator for the growing tree algorithm: keep a
// list of active cells, starting with one random cell; take a cell from the
// list, carve into a random unvisited neighbour and add that neighbour to
// the list, or, when it has none, remove the cell from the list. Which cell
// is taken decides the texture: newest gives the backtracker's long
// corridors, random gives Prim's short dead ends, oldest gives long straight
// runs from the start. newest is the share of picks that take the newest
// cell; the others take a random one. With oldest set, every pick takes the
// oldest cell.
func GrowingTree(newest float64, oldest bool) func(m *Maze, r *Rand) {
	return func(m *Maze, r *Rand) {
		g := m.Grid
		n := g.Cells()
		sides := g.Sides()
		visited := make([]bool, n)
		start := r.IntN(n)
		visited[start] = true
		active := []int32{int32(start)}
		head := 0 // active[:head] are removed (oldest picks only)
		var cand [8]int
		for len(active) > head {
			var i int
			switch {
			case oldest:
				i = head
			case newest >= 1 || newest > 0 && r.Float64() < newest:
				i = len(active) - 1
			default:
				i = head + r.IntN(len(active)-head)
			}
			c := int(active[i])
			k := 0
			for s := 0; s < sides; s++ {
				if nb := g.Neighbor(c, s); nb >= 0 && !visited[nb] {
					cand[k] = s
					k++
				}
			}
			if k == 0 {
				if oldest {
					head++
				} else {
					// Remove, keeping the order of the others: the
					// newest cell must stay last.
					copy(active[i:], active[i+1:])
					active = active[:len(active)-1]
				}
				continue
			}
			s := cand[r.IntN(k)]
			nb := g.Neighbor(c, s)
			m.Carve(c, s)
			visited[nb] = true
			active = append(active, int32(nb))
		}
	}
}
