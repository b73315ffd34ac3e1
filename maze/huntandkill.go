package maze

import "math/bits"

// HuntAndKill carves a perfect maze with the hunt-and-kill algorithm: walk
// at random into unvisited neighbours, carving, until stuck; then hunt,
// scanning the cells in order for the first unvisited cell next to the
// maze, join it to the maze through a random visited neighbour and walk on
// from there. Its mazes look like the backtracker's, with long corridors,
// but it needs no stack.
//
// A plain scan makes large mazes take quadratic time, so the cells the hunt
// looks for, the unvisited cells beside the maze, are kept in a bit set that
// finds its first member in a few steps; the hunt finds the same cell the
// scan would. On a rectangular grid a specialised loop finds neighbours
// arithmetically; it makes exactly the maze the general loop makes.
func HuntAndKill(m *Maze, r *Rand) {
	if g, ok := m.Grid.(Rect); ok && m.rec == nil {
		huntAndKillRect(m, g, r)
		return
	}
	g := m.Grid
	n := g.Cells()
	visited := make([]bool, n)
	beside := newMinSet(n) // unvisited cells with a visited neighbour
	visit := func(c int) {
		visited[c] = true
		m.note(OpIn, c)
		beside.remove(c)
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && !visited[nb] {
				beside.add(nb)
			}
		}
	}
	cur := r.IntN(n)
	m.note(OpWalk, cur)
	visit(cur)
	var cand [8]int
	for {
		// Kill: walk into unvisited neighbours.
		for {
			k := 0
			for s := 0; s < g.Sides(cur); s++ {
				if nb := g.Neighbor(cur, s); nb >= 0 && !visited[nb] {
					cand[k] = s
					k++
				}
			}
			if k == 0 {
				break
			}
			s := cand[r.IntN(k)]
			m.Carve(cur, s)
			cur = g.Neighbor(cur, s)
			m.note(OpWalk, cur)
			visit(cur)
		}
		// Hunt: the first unvisited cell with a visited neighbour.
		cur = beside.first()
		if cur < 0 {
			return
		}
		m.note(OpHunt, cur)
		k := 0
		for s := 0; s < g.Sides(cur); s++ {
			if nb := g.Neighbor(cur, s); nb >= 0 && visited[nb] {
				cand[k] = s
				k++
			}
		}
		m.Carve(cur, cand[r.IntN(k)])
		m.note(OpWalk, cur)
		visit(cur)
	}
}

// huntAndKillRect is HuntAndKill on a rectangular grid.
func huntAndKillRect(m *Maze, g Rect, r *Rand) {
	w, h := g.W, g.H
	n := w * h
	open := m.open
	step, _, _ := rectSteps(w)
	visited := make([]bool, n)
	beside := newMinSet(n)
	// visit marks c visited and returns its set of sides with an unvisited
	// neighbour.
	visit := func(c int) (unvisited uint8) {
		visited[c] = true
		beside.remove(c)
		for b := rectInner(c%w, c/w, w, h); b != 0; b &= b - 1 {
			s := bits.TrailingZeros8(b)
			if nb := c + step[s]; !visited[nb] {
				beside.add(nb)
				unvisited |= 1 << s
			}
		}
		return unvisited
	}
	carve := func(c int, s uint8) {
		open[c] |= 1 << s
		open[c+step[s]] |= 1 << (s ^ 2)
	}
	cur := r.IntN(n)
	ahead := visit(cur)
	for {
		// Kill: walk into unvisited neighbours.
		for ahead != 0 {
			s := nthSide[ahead][r.IntN(int(sideCount[ahead]))]
			carve(cur, s)
			cur += step[s]
			ahead = visit(cur)
		}
		// Hunt: the first unvisited cell with a visited neighbour.
		cur = beside.first()
		if cur < 0 {
			return
		}
		var back uint8
		for b := rectInner(cur%w, cur/w, w, h); b != 0; b &= b - 1 {
			if s := bits.TrailingZeros8(b); visited[cur+step[s]] {
				back |= 1 << s
			}
		}
		carve(cur, nthSide[back][r.IntN(int(sideCount[back]))])
		ahead = visit(cur)
	}
}

// minSet is a set of the integers 0..n-1 that finds its smallest member in
// a few steps: a bit set, with above it a bit set of its non-zero words,
// and so on up to a single word.
type minSet struct {
	levels [][]uint64 // levels[0] has a bit per integer
}

func newMinSet(n int) *minSet {
	s := &minSet{}
	for {
		words := (n + 63) / 64
		s.levels = append(s.levels, make([]uint64, words))
		if words <= 1 {
			return s
		}
		n = words
	}
}

// add puts x in the set.
func (s *minSet) add(x int) {
	for _, level := range s.levels {
		word := level[x/64]
		level[x/64] = word | 1<<(x%64)
		if word != 0 {
			return // the levels above know this word already
		}
		x /= 64
	}
}

// remove takes x out of the set.
func (s *minSet) remove(x int) {
	for _, level := range s.levels {
		level[x/64] &^= 1 << (x % 64)
		if level[x/64] != 0 {
			return // the word still has members
		}
		x /= 64
	}
}

// first returns the smallest member, or -1 when the set is empty.
func (s *minSet) first() int {
	x := 0
	for i := len(s.levels) - 1; i >= 0; i-- {
		word := s.levels[i][x]
		if word == 0 {
			return -1
		}
		x = x*64 + bits.TrailingZeros64(word)
	}
	return x
}
