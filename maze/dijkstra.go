package maze

import "math"

// solveDijkstra is Dijkstra's algorithm: cells are settled in order of
// their distance from the start, kept in a binary heap. Every step costs 1,
// so it finds what breadth-first search finds, the general way.
func solveDijkstra(m *Maze, from, to int) (Solution, error) {
	return bestFirst(m, from, to, "dijkstra", func(int) float64 { return 0 })
}

// solveAStar is A*: like Dijkstra, but cells are taken in order of their
// distance so far plus an estimate of the distance left that never
// overestimates it (the Manhattan distance on a rectangular grid, the
// straight-line distance on others), so it examines fewer cells and still
// finds a shortest path.
func solveAStar(m *Maze, from, to int) (Solution, error) {
	g := m.Grid
	if r, ok := g.(Rect); ok {
		tx, ty := r.XY(to)
		return bestFirst(m, from, to, "astar", func(c int) float64 {
			x, y := r.XY(c)
			return math.Abs(float64(x-tx)) + math.Abs(float64(y-ty))
		})
	}
	// The straight line, in steps of the longest step between two
	// centres, never overestimates the steps left.
	goal := g.Center(to)
	step := longestStep(g)
	return bestFirst(m, from, to, "astar", func(c int) float64 {
		p := g.Center(c)
		return math.Hypot(p.X-goal.X, p.Y-goal.Y) / step
	})
}

// longestStep returns the longest distance between the centres of two
// neighbouring cells, or 1 when no cell has a neighbour.
func longestStep(g Grid) float64 {
	longest := 0.0
	for c := 0; c < g.Cells(); c++ {
		p := g.Center(c)
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb > c {
				q := g.Center(nb)
				longest = math.Max(longest, math.Hypot(p.X-q.X, p.Y-q.Y))
			}
		}
	}
	if longest == 0 {
		return 1
	}
	return longest
}

// bestFirst is Dijkstra's algorithm ordered by distance plus estimate(c).
func bestFirst(m *Maze, from, to int, name string, estimate func(int) float64) (Solution, error) {
	g := m.Grid
	n := g.Cells()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	back := newWayBack(n)
	back.set(from, home)
	done := make([]bool, n)
	dist[from] = 0
	h := &heap{}
	h.push(heapItem{estimate(from), 0, int32(from)})
	visited := 0
	for h.len() > 0 {
		it := h.pop()
		c := int(it.cell)
		if done[c] {
			continue
		}
		done[c] = true
		visited++
		if m.rec != nil {
			m.rec.add(OpReach, c, 0, int(dist[c]))
		}
		if c == to {
			return Solution{Path: pathFromBack(g, back, from, to), Visited: visited}, nil
		}
		for s := 0; s < g.Sides(c); s++ {
			if !m.IsOpen(c, s) {
				continue
			}
			nb := g.Neighbor(c, s)
			if nb < 0 || done[nb] {
				continue
			}
			if d := dist[c] + 1; dist[nb] < 0 || d < dist[nb] {
				dist[nb] = d
				back.set(nb, uint8(1+g.Opposite(c, s)))
				h.push(heapItem{float64(d) + estimate(nb), d, int32(nb)})
			}
		}
	}
	return Solution{Visited: visited}, errUnreachable(name, from, to)
}

// heapItem is a cell waiting in the heap with its priority; ties go to the
// cell farther along (larger dist), then the lower cell number, so the
// order is fully determined.
type heapItem struct {
	prio float64
	dist int32
	cell int32
}

func (a heapItem) less(b heapItem) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	if a.dist != b.dist {
		return a.dist > b.dist
	}
	return a.cell < b.cell
}

// heap is a binary min-heap of heapItems.
type heap struct{ items []heapItem }

func (h *heap) len() int { return len(h.items) }

func (h *heap) push(it heapItem) {
	h.items = append(h.items, it)
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.items[i].less(h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *heap) pop() heapItem {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	for i := 0; ; {
		l, r, small := 2*i+1, 2*i+2, i
		if l < last && h.items[l].less(h.items[small]) {
			small = l
		}
		if r < last && h.items[r].less(h.items[small]) {
			small = r
		}
		if small == i {
			break
		}
		h.items[i], h.items[small] = h.items[small], h.items[i]
		i = small
	}
	return top
}
