package maze

// RecursiveDivision makes a perfect maze by adding walls instead of
// carving passages: start with an open room; divide it with a wall, across
// its shorter side, leaving one random gap; then divide each half the same
// way until rooms are one cell wide. Its mazes have long straight walls and
// a visible box structure. Iterative, with an explicit stack of rooms.
// Rectangular grids only.
func RecursiveDivision(m *Maze, r *Rand) {
	g := m.Grid.(Rect)
	// Open every passage inside the grid.
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		if x < g.W-1 {
			m.Carve(c, East)
		}
		if y < g.H-1 {
			m.Carve(c, South)
		}
	}
	type room struct{ x, y, w, h int }
	stack := []room{{0, 0, g.W, g.H}}
	for len(stack) > 0 {
		rm := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if rm.w < 2 || rm.h < 2 {
			// A corridor one cell wide: nothing to divide.
			continue
		}
		horizontal := rm.w < rm.h || rm.w == rm.h && r.Uint64()&1 == 0
		if horizontal {
			// A wall below row wy, with one gap at column gx.
			wy := rm.y + r.IntN(rm.h-1)
			gx := rm.x + r.IntN(rm.w)
			for x := rm.x; x < rm.x+rm.w; x++ {
				if x != gx {
					m.Build(g.Cell(x, wy), South)
				}
			}
			stack = append(stack, room{rm.x, rm.y, rm.w, wy - rm.y + 1}, room{rm.x, wy + 1, rm.w, rm.y + rm.h - wy - 1})
		} else {
			wx := rm.x + r.IntN(rm.w-1)
			gy := rm.y + r.IntN(rm.h)
			for y := rm.y; y < rm.y+rm.h; y++ {
				if y != gy {
					m.Build(g.Cell(wx, y), East)
				}
			}
			stack = append(stack, room{rm.x, rm.y, wx - rm.x + 1, rm.h}, room{wx + 1, rm.y, rm.x + rm.w - wx - 1, rm.h})
		}
	}
}
