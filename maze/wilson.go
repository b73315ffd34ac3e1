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
	if g, ok := m.Grid.(Rect); ok && m.rec == nil {
		wilsonRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
	in := make([]bool, n)
	// exit[c] is the side the current walk last left cell c through.
	exit := make([]uint8, n)
	first := r.IntN(n)
	in[first] = true
	m.note(OpIn, first)
	var cand [8]int
	// When recording, walked holds the loop-erased walk so far and onWalk
	// its cells, so that erasures can be told.
	var walked []int32
	var onWalk []bool
	if m.rec != nil {
		onWalk = make([]bool, n)
	}
	for start := 0; start < n; start++ {
		if in[start] {
			continue
		}
		if onWalk != nil {
			walked = append(walked[:0], int32(start))
			onWalk[start] = true
			m.note(OpWalk, start)
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
			if onWalk != nil && !in[c] {
				walked = wilsonStep(m, walked, onWalk, c)
			}
		}
		// Carve the loop-erased path.
		for c := start; !in[c]; {
			s := int(exit[c])
			in[c] = true
			m.Carve(c, s)
			if onWalk != nil {
				onWalk[c] = false
				m.note(OpIn, c)
			}
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

// wilsonStep records the walk of a recorded Wilson stepping into cell c,
// which is not in the maze: a cell already on the walk closes a loop,
// whose cells are erased back to c; another cell extends the walk. It
// returns the walk.
func wilsonStep(m *Maze, walked []int32, onWalk []bool, c int) []int32 {
	if !onWalk[c] {
		onWalk[c] = true
		m.note(OpWalk, c)
		return append(walked, int32(c))
	}
	for walked[len(walked)-1] != int32(c) {
		d := int(walked[len(walked)-1])
		walked = walked[:len(walked)-1]
		onWalk[d] = false
		m.note(OpErase, d)
	}
	return walked
}
