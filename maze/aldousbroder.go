package maze

// AldousBroder carves a perfect maze with the Aldous-Broder algorithm, as
// seed 000 describes it: start in a random room and keep moving to a random
// neighbouring room; whenever the room entered has not been visited, dig the
// tunnel back to the room just left. It stops when every room is visited.
// Every perfect maze of the grid is equally likely, but the walk revisits
// rooms many times, so it is slow on large grids.
//
// On a rectangular grid a specialised loop steps arithmetically; it makes
// exactly the maze the general loop makes.
func AldousBroder(m *Maze, r *Rand) {
	if g, ok := m.Grid.(Rect); ok && m.rec == nil {
		aldousBroderRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
	visited := make([]bool, n)
	cur := r.IntN(n)
	visited[cur] = true
	m.note(OpIn, cur)
	m.note(OpWalk, cur)
	remaining := n - 1
	var cand [8]int
	for remaining > 0 {
		k := 0
		for s := 0; s < g.Sides(cur); s++ {
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
			m.note(OpIn, next)
			remaining--
		}
		cur = next
		m.note(OpWalk, cur)
	}
}

// aldousBroderRect is AldousBroder on a rectangular grid.
func aldousBroderRect(m *Maze, g Rect, r *Rand) {
	w, h := g.W, g.H
	open := m.open
	step, dx, dy := rectSteps(w)
	visited := make([]bool, w*h)
	cur := r.IntN(w * h)
	x, y := cur%w, cur/w
	visited[cur] = true
	for remaining := w*h - 1; remaining > 0; {
		inner := rectInner(x, y, w, h)
		s := nthSide[inner][r.IntN(int(sideCount[inner]))]
		next := cur + step[s]
		if !visited[next] {
			visited[next] = true
			open[cur] |= 1 << s
			open[next] |= 1 << (s ^ 2)
			remaining--
		}
		cur, x, y = next, x+dx[s], y+dy[s]
	}
}
