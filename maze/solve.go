package maze

import "math/bits"

// Distances returns, for every cell, the number of steps from cell from
// through the maze's passages, or -1 for a cell that cannot be reached. It is
// a breadth-first search.
func (m *Maze) Distances(from int) []int32 {
	n := m.Grid.Cells()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := make([]int32, 0, 64)
	queue = append(queue, int32(from))
	var links []int
	for head := 0; head < len(queue); head++ {
		c := int(queue[head])
		links = m.Links(c, links[:0])
		for _, nb := range links {
			if dist[nb] < 0 {
				dist[nb] = dist[c] + 1
				queue = append(queue, int32(nb))
			}
		}
	}
	return dist
}

// ShortestPath returns a shortest path of cells from cell from to cell to,
// both included, found by breadth-first search; nil when to cannot be
// reached. It needs half a byte per cell besides its queue: each cell reached
// remembers the side it was reached through.
func (m *Maze) ShortestPath(from, to int) []int {
	path, _ := m.bfs(from, to)
	return path
}

// bfs is ShortestPath, also returning the number of cells it reached.
func (m *Maze) bfs(from, to int) ([]int, int) {
	if r, ok := m.Grid.(Rect); ok && m.rec == nil {
		return m.bfsRect(r, from, to)
	}
	g := m.Grid
	back := newWayBack(g.Cells())
	back.set(from, home)
	q := newQueue()
	q.push(int32(from))
	reached := 1
	adj := newAdjacency(g)
	var dist []int32 // when recording, each cell's distance from from
	if m.rec != nil {
		dist = make([]int32, g.Cells())
		m.rec.add(OpReach, from, 0, 0)
	}
	for !q.empty() && !back.reached(to) {
		c := int(q.pop())
		bits := m.PassageSides(c)
		for s := 0; bits != 0; s++ {
			if bits&1 != 0 {
				if nb := adj.across(c, s); !back.reached(nb) {
					back.set(nb, uint8(1+adj.opposite(c, s)))
					q.push(int32(nb))
					reached++
					if dist != nil {
						dist[nb] = dist[c] + 1
						m.rec.add(OpReach, nb, 0, int(dist[nb]))
					}
				}
			}
			bits >>= 1
		}
	}
	if !back.reached(to) {
		return nil, reached
	}
	return pathFromBack(g, back, from, to), reached
}

// bfsRect is bfs on a rectangular grid, unrecorded: the same search in
// the same order (the queue's cells, each one's sides North to West),
// reaching the same cells and finding the same path, with the cell
// across a side found by adding its offset. The cells reached are a bit
// each, and their ways back two bits (a side: six bits a cell where the
// general search takes eight); each cell of a level carries the side it
// was reached through, so that the search does not look back across it.
func (m *Maze) bfsRect(g Rect, from, to int) ([]int, int) {
	n := g.Cells()
	seen := newBitset(n)
	back := make([]uint8, (n+3)/4) // the side back, two bits a cell
	seen.set(from)
	step := [4]int{-g.W, 1, g.W, -1}
	// The search goes a level of cells at a time, in the order a queue
	// takes them; a cell of a level is c<<3 | the side it was reached
	// through, or 4 for from, reached through none.
	mask := [8]uint8{0xe, 0xd, 0xb, 0x7, 0xf, 0xf, 0xf, 0xf} // every side but the way back
	level := append(make([]uint32, 0, 1024), uint32(from)<<3|4)
	next := make([]uint32, 0, 1024)
	open, ent, exit, plain := m.open, m.Entrance.Cell, m.Exit.Cell, m.parts == nil
	reached := 1
	found := from == to
	length := 1 // the cells of a way to the level's cells
	for len(level) > 0 && !found {
		length++
		for _, e := range level {
			c := int(e >> 3)
			ways := open[c]
			if !plain || c == ent || c == exit {
				ways = m.PassageSides(c)
			}
			for ways &= mask[e&7]; ways != 0; ways &= ways - 1 {
				s := bits.TrailingZeros8(ways)
				nb := c + step[s&3]
				if seen.has(nb) {
					continue
				}
				seen.set(nb)
				o := s ^ 2
				back[nb>>2] |= uint8(o) << (uint(nb&3) * 2)
				next = append(next, uint32(nb)<<3|uint32(o))
				reached++
				found = found || nb == to
			}
			if found {
				break // the queue would stop here
			}
		}
		level, next = next, level[:0]
	}
	if !found {
		return nil, reached
	}
	side := func(c int) int { return int(back[c>>2] >> (uint(c&3) * 2) & 3) }
	path := make([]int, length)
	for c, i := to, length-1; ; c, i = c+step[side(c)], i-1 {
		path[i] = c
		if c == from {
			break
		}
	}
	return path, reached
}

// Solution returns a shortest path from the entrance cell to the exit cell.
func (m *Maze) Solution() []int {
	if m.Entrance.Cell < 0 || m.Exit.Cell < 0 {
		return nil
	}
	return m.ShortestPath(m.Entrance.Cell, m.Exit.Cell)
}

// SolutionParts returns a shortest path of every part (see Parts) from its
// entrance to its exit.
func (m *Maze) SolutionParts() [][]int {
	var paths [][]int
	for _, p := range m.Parts() {
		if p.Entrance.Cell < 0 || p.Exit.Cell < 0 {
			paths = append(paths, nil)
			continue
		}
		paths = append(paths, m.ShortestPath(p.Entrance.Cell, p.Exit.Cell))
	}
	return paths
}

// queue is a FIFO of cells in a ring buffer that grows as needed (its
// length always a power of two), so a breadth-first search uses memory for
// its frontier, not for every cell.
type queue struct {
	buf        []int32
	head, size int
}

func newQueue() *queue { return &queue{buf: make([]int32, 1024)} }

func (q *queue) empty() bool { return q.size == 0 }

func (q *queue) push(c int32) {
	if q.size == len(q.buf) {
		grown := make([]int32, 2*len(q.buf))
		n := copy(grown, q.buf[q.head:])
		copy(grown[n:], q.buf[:q.head])
		q.buf, q.head = grown, 0
	}
	q.buf[(q.head+q.size)&(len(q.buf)-1)] = c
	q.size++
}

func (q *queue) pop() int32 {
	c := q.buf[q.head]
	q.head = (q.head + 1) & (len(q.buf) - 1)
	q.size--
	return c
}
