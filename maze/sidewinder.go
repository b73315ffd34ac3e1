package maze

// Sidewinder carves a perfect maze row by row: in each row, run east,
// carving, and at random close the run, opening north from one random cell
// of the run. The top row is one corridor. Paths tend to run up, with
// horizontal stretches; easier than most. Rectangular grids only.
func Sidewinder(m *Maze, r *Rand) {
	g := m.Grid.(Rect)
	for y := 0; y < g.H; y++ {
		runStart := 0
		for x := 0; x < g.W; x++ {
			c := g.Cell(x, y)
			atEast := x == g.W-1
			if y == 0 {
				if !atEast {
					m.Carve(c, East)
				}
				continue
			}
			if atEast || r.Uint64()&1 == 0 {
				// Close the run: open north from one of its cells.
				pick := runStart + r.IntN(x-runStart+1)
				m.Carve(g.Cell(pick, y), North)
				runStart = x + 1
			} else {
				m.Carve(c, East)
			}
		}
	}
}
