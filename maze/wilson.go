package maze

// Wilson carves a perfect maze with Wilson's algorithm: a loop-erased
// random walk. One random cell starts the maze; then, from each cell not yet
// in the maze, walk at random until the walk hits the maze, erasing every
// loop the walk makes, and carve the walk's path into the maze. Like
// Aldous-Broder it picks every perfect maze with equal probability, but it
// is much faster once the maze has grown.
//
// The walk is remembered as the side each cell was last left through, so
// loops erase themselves: a cell visited again simply gets a new side.
func Wilson(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	in := make([]bool, n)
	// exit[c] is the side the current walk last left cell c through.
	exit := make([]uint8, n)
	in[r.IntN(n)] = true
	var cand [8]int
	for start := 0; start < n; start++ {
		if in[start] {
			continue
		}
		// Walk until the maze is hit.
		for c := start; !in[c]; {
			k := 0
			for s := 0; s < sides; s++ {
				if g.Neighbor(c, s) >= 0 {
					cand[k] = s
					k++
				}
			}
			s := cand[r.IntN(k)]
			exit[c] = uint8(s)
			c = g.Neighbor(c, s)
		}
		// Carve the loop-erased path.
		for c := start; !in[c]; {
			s := int(exit[c])
			in[c] = true
			m.Carve(c, s)
			c = g.Neighbor(c, s)
		}
	}
}
