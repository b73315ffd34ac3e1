package maze

// BinaryTree carves a perfect maze with the binary tree algorithm: every
// cell opens either its north or its east wall, at random, when it has both;
// cells in the top row can only open east and cells in the last column only
// north. The top row and the right column are each one long corridor, and
// every path runs diagonally up and to the right: a strong bias that makes
// easy mazes. Rectangular grids only.
func BinaryTree(m *Maze, r *Rand) {
	g := m.Grid.(Rect)
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		north, east := y > 0, x < g.W-1
		switch {
		case north && east:
			if r.Uint64()&1 == 0 {
				m.Carve(c, North)
			} else {
				m.Carve(c, East)
			}
		case north:
			m.Carve(c, North)
		case east:
			m.Carve(c, East)
		}
	}
}
