package maze

// Wilson carves a perfect maze with Wilson's algorithm: a loop-erased
// random walk. One random cell starts the maze; then, from each cell not yet
// in the maze, walk at random until the walk hits the maze, erasing every
// loop the walk makes, and carve the walk's path into the maze. Like
// Aldous-Broder it picks every perfect maze with equal probability, but it
// is much faster once the maze has grown.
//
// The walk is remembered as the side each cell was last left through, so
// loops erase themselves: a cell visited again simply gets a new side. It
// is iterative, and on a rectangular grid a specialised loop steps
// arithmetically; it makes exactly the maze the general loop makes.
func Wilson(m *Maze, r *Rand) {
	if g, ok := m.Grid.(Rect); ok {
		wilsonRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
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
			for s := 0; s < g.Sides(c); s++ {
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

// wilsonRect is Wilson on a rectangular grid. One byte per cell holds both
// whether the cell is in the maze and the side the walk last left it
// through.
func wilsonRect(m *Maze, g Rect, r *Rand) {
	const in = 0x80
	w, h := g.W, g.H
	n := w * h
	open := m.open
	step, dx, dy := rectSteps(w)
	state := make([]uint8, n)
	state[r.IntN(n)] = in
	for start := 0; start < n; start++ {
		if state[start] == in {
			continue
		}
		// Walk until the maze is hit.
		for c, x, y := start, start%w, start/w; state[c] != in; {
			inner := rectInner(x, y, w, h)
			s := nthSide[inner][r.IntN(int(sideCount[inner]))]
			state[c] = s
			c, x, y = c+step[s], x+dx[s], y+dy[s]
		}
		// Carve the loop-erased path.
		for c := start; state[c] != in; {
			s := state[c]
			state[c] = in
			next := c + step[s]
			open[c] |= 1 << s
			open[next] |= 1 << (s ^ 2)
			c = next
		}
	}
}
