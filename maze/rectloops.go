package maze

// The fast loops of the generators on rectangular grids share these
// helpers, which find a cell's neighbours arithmetically instead of through
// the Grid interface. They list sides in increasing order, North, East,
// South, West, as the general loops do, so that both draw the same random
// numbers and make the same maze.

// rectSteps returns the cell offsets and the column and row steps across
// each side of a rectangular grid w cells wide.
func rectSteps(w int) (step, dx, dy [4]int) {
	return [4]int{-w, 1, w, -1}, [4]int{0, 1, 0, -1}, [4]int{-1, 0, 1, 0}
}

// rectInner returns the set of sides of cell (x, y) of a w by h grid that
// have a neighbour across them: bit s for side s.
func rectInner(x, y, w, h int) uint8 {
	var b uint8
	if y > 0 {
		b |= 1 << North
	}
	if x < w-1 {
		b |= 1 << East
	}
	if y < h-1 {
		b |= 1 << South
	}
	if x > 0 {
		b |= 1 << West
	}
	return b
}

// sideCount[b] is the number of sides in the set b.
var sideCount = [16]uint8{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4}

// nthSide[b][i] is the i-th side, in increasing order, of the set b.
var nthSide = func() (t [16][4]uint8) {
	for b := range t {
		i := 0
		for s := 0; s < 4; s++ {
			if b&(1<<s) != 0 {
				t[b][i] = uint8(s)
				i++
			}
		}
	}
	return t
}()
