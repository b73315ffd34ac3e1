package maze

import (
	"encoding/binary"
	"math/bits"
)

// meetRect finds the way from cell from to cell to through a rectangle
// of one part, unrecorded, that holds no loop, by two breadth-first
// searches at once on two cores, one from each end, until the cells
// they reached meet. Each reaches about the cells nearer its own end
// than the middle of the way, so the two take about half the time of
// one search from one end. Without loops the way is the only one, so it
// is the way bfsRect finds.
//
// On a maze with loops the way it gives may be neither the shortest nor
// a way at all: the caller must know that the cells it reaches hold no
// loop, or check (as difficulty.SolveAndRate does, with the exact sum's walk of
// every side branch, which finds any loop). ok is false when the
// searches found no way: the ends are not joined, or a search went on
// past as many cells as the maze has (round a loop).
func (m *Maze) meetRect(g Rect, from, to int) (path []int, ok bool) {
	if from == to {
		return []int{from}, true
	}
	n := g.Cells()
	a := newTreeSearch(m, g, from)
	b := newTreeSearch(m, g, to)
	a.goal = to
	b.seen = newBitset(n)
	b.seen.set(to)

	// The search from the exit grows on a second core while this one
	// grows the search from the entrance; between rounds it waits, so
	// that the cells it reached can be read here.
	grow := make(chan struct{})
	grown := make(chan struct{})
	defer close(grow)
	go func() {
		for range grow {
			b.grow()
			grown <- struct{}{}
		}
	}()
	for {
		grow <- struct{}{}
		a.grow()
		<-grown
		if x, steps, met := a.meets(b); met {
			return joinWays(a, b, x, steps, n)
		}
		if a.exhausted() || a.reached > n || b.reached > n {
			return nil, false
		}
	}
}

// meets returns a cell x that both searches reached, if there is one
// yet, and the steps from a's start to it, looking only at the cells a
// is to go on from: without loops, the cells each search reached are
// joined, and so are the cells of the way through among them, the first
// of the way from a's start and the last from b's; once they meet, the
// cell of the way farthest from a's start that a reached is one b
// reached too, and a has not gone on from it (the next cell of the way
// would be a's), unless it is b's start.
func (a *treeSearch) meets(b *treeSearch) (x, steps int, met bool) {
	if a.reachedGoal {
		return b.start, -1, true
	}
	for _, e := range a.level[a.at:] {
		if c := int(e >> 3); b.seen.has(c) {
			return c, a.depth, true
		}
	}
	for _, e := range a.next {
		if c := int(e >> 3); b.seen.has(c) {
			return c, a.depth + 1, true
		}
	}
	return 0, 0, false
}

// meetRound is the cells each search of meetRect reaches between two
// looks at where they meet: a few thousand rounds at most, so that
// waiting for each other costs little, and few enough cells that the
// searches go little past each other.
const meetRound = 1 << 15

// A treeSearch is one end's search of meetRect: breadth first, with no
// set of the cells it reached (without loops, and the side it came
// through closed, no cell is reached twice), each cell reached keeping
// the side back toward the search's start in two bits.
type treeSearch struct {
	m     *Maze
	start int
	step  [4]int
	back  []uint8 // the side back, two bits a cell
	// level is the cells of a level, c<<3 | the side it was reached
	// through (4 for start); at is the next to take, and next is the
	// cells of the next level reached so far.
	level, next []uint32
	at          int
	depth       int // the steps from start to the cells of level
	reached     int
	// seen, when not nil, holds every cell reached; reachedGoal says
	// whether cell goal was.
	seen        bitset
	goal        int
	reachedGoal bool
}

func newTreeSearch(m *Maze, g Rect, start int) *treeSearch {
	return &treeSearch{
		m:       m,
		start:   start,
		step:    [4]int{-g.W, 1, g.W, -1},
		back:    make([]uint8, (g.Cells()+3)/4),
		level:   append(make([]uint32, 0, 1024), uint32(start)<<3|4),
		next:    make([]uint32, 0, 1024),
		reached: 1,
		goal:    -1,
	}
}

// exhausted reports whether the search has no cell left to go on from.
func (s *treeSearch) exhausted() bool { return s.at == len(s.level) && len(s.next) == 0 }

// grow takes cells from the search's levels, in order, until it has
// reached meetRound more cells or can go no further.
func (s *treeSearch) grow() {
	m := s.m
	open, ent, exit := m.open, m.Entrance.Cell, m.Exit.Cell
	mask := [8]uint8{0xe, 0xd, 0xb, 0x7, 0xf, 0xf, 0xf, 0xf} // every side but the way back
	back, step, seen, goal := s.back, s.step, s.seen, s.goal
	level, next, at, depth, reached, found := s.level, s.next, s.at, s.depth, s.reached, s.reachedGoal
	for end := reached + meetRound; reached < end; {
		if at == len(level) {
			if len(next) == 0 {
				break
			}
			level, next, at, depth = next, level[:0], 0, depth+1
		}
		e := level[at]
		at++
		c := int(e >> 3)
		ways := open[c]
		if c == ent || c == exit {
			ways = m.PassageSides(c)
		}
		for ways &= mask[e&7]; ways != 0; ways &= ways - 1 {
			side := bits.TrailingZeros8(ways)
			nb := c + step[side&3]
			o := side ^ 2
			back[nb>>2] |= uint8(o) << (uint(nb&3) * 2)
			next = append(next, uint32(nb)<<3|uint32(o))
			if seen != nil {
				seen.set(nb)
			}
			found = found || nb == goal
			reached++
		}
	}
	s.level, s.next, s.at, s.depth, s.reached, s.reachedGoal = level, next, at, depth, reached, found
}

// toward returns the cell one step nearer the search's start than cell
// c, reached by the search and not its start; -1 when the way back it
// kept is no passage (the search went round a loop, reaching c twice).
func (s *treeSearch) toward(c int) int {
	side := s.back[c>>2] >> (uint(c&3) * 2) & 3
	if s.m.PassageSides(c)>>side&1 == 0 {
		return -1
	}
	return c + s.step[side]
}

// joinWays returns the way from a's start to b's through cell x, which
// both reached, steps from a's start (-1: not known), in a maze of n
// cells. Without loops the ways back from x run together to the cell p
// where x's branch leaves the way through (x itself when it lies on it),
// and part there: the way is a's way back from p, turned round, then
// b's, each written on a core of its own. ok is false when a way back
// is lost round a loop.
func joinWays(a, b *treeSearch, x, steps, n int) (path []int, ok bool) {
	if steps < 0 {
		steps = 0
		for c := x; c != a.start; c = a.toward(c) {
			if steps++; c < 0 || steps > n {
				return nil, false
			}
		}
	}
	p := x
	for steps > 0 && p != b.start {
		pa, pb := a.toward(p), b.toward(p)
		if pa < 0 || pb < 0 {
			return nil, false
		}
		if pa != pb {
			break
		}
		p, steps = pa, steps-1
	}
	// b's way back from p takes at most b's depth.
	path = make([]int, steps+1, steps+b.depth+3)
	end := make(chan int)
	go func() {
		i := steps + 1
		for c := p; c != b.start; i++ {
			if c = b.toward(c); c < 0 || i == cap(path) {
				end <- -1
				return
			}
			path[:cap(path)][i] = c
		}
		end <- i
	}()
	aok := true
	for c, i := p, steps; ; c, i = a.toward(c), i-1 {
		if c < 0 {
			aok = false
			break
		}
		if path[i] = c; i == 0 {
			break
		}
	}
	last := <-end
	if !aok || last < 0 {
		return nil, false
	}
	path = path[:last]
	return path, path[0] == a.start
}

// SolveTree finds the way from the entrance to the exit of a rectangle
// of one part, unrecorded, whose passages are one fewer than its cells
// (as a maze in one piece without loops has), by two searches at once,
// one from each end, on two cores: about half the time of a
// breadth-first search, for the same way. ok is false for any other
// maze, or when the searches found no way.
//
// A maze not in one piece may have that count of passages and a loop:
// the way found may then be neither the shortest nor a way at all. The
// caller must check that the cells it reaches hold no loop (as the
// difficulty model's exact sum does, walking every side branch).
func (m *Maze) SolveTree() (path []int, ok bool) {
	g, rect := m.Grid.(Rect)
	if !rect || m.rec != nil || m.parts != nil || m.Entrance.Cell < 0 || m.Exit.Cell < 0 || !m.treeByCount() {
		return nil, false
	}
	return m.meetRect(g, m.Entrance.Cell, m.Exit.Cell)
}

// treeByCount reports whether the maze's passages are one fewer than its
// cells, as a maze in one piece without loops has.
func (m *Maze) treeByCount() bool {
	sides, open := 0, m.open
	for ; len(open) >= 8; open = open[8:] {
		sides += bits.OnesCount64(binary.LittleEndian.Uint64(open))
	}
	for _, o := range open {
		sides += bits.OnesCount8(o)
	}
	for _, d := range []Door{m.Entrance, m.Exit} {
		if d.opens() {
			sides-- // a door, no passage
		}
	}
	return sides == 2*(len(m.open)-1)
}
