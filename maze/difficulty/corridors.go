package difficulty

import (
	"math/bits"

	"mazebook/maze"
)

// corridors are the runs of cells with two passages each that join the
// other cells of a maze, its nodes (junctions, dead ends): found once for
// all the walks of a maze with loops. A walk that enters a corridor has
// one way on at every cell of it, and goes through to the node at its far
// end, or back when that node is seen; so it can pass the corridor at one
// go, without visiting its cells (see field.passable).
type corridors struct {
	nodes rank
	sides int
	// links holds the corridor through side s of node i at i*sides+s.
	links []link
}

// link is a corridor from a node: the node at its far end, and the
// corridor's cells times 8 plus the side of that node it comes in by (0:
// the side opens on a node, or is closed).
type link struct {
	end, run uint32
}

// maxRun is the most cells a corridor may have to be passed at one go:
// a longer one is walked cell by cell.
const maxRun = 1<<29 - 1

// newCorridors finds the corridors of m; on a large maze, half of them
// on a second core.
func newCorridors(m *maze.Maze) *corridors {
	g := m.Grid
	n := g.Cells()
	set := newBitset(n)
	for c := range n {
		if m.Degree(c) != 2 {
			set.set(c)
		}
	}
	cs := &corridors{nodes: newRank(set), sides: g.MaxSides()}
	cs.links = make([]link, cs.nodes.size()*cs.sides)
	if n < concurrentCells {
		cs.follow(m, 0, n)
		return cs
	}
	half := n / 2 &^ 63
	done := make(chan struct{})
	go func() { cs.follow(m, half, n); close(done) }()
	cs.follow(m, 0, half)
	<-done
	return cs
}

// follow finds the corridors from the nodes among cells lo to hi.
func (cs *corridors) follow(m *maze.Maze, lo, hi int) {
	adj := newAdjacency(m.Grid)
	k := cs.sides
	for c := lo; c < hi; c++ {
		if !cs.nodes.set.has(c) {
			continue
		}
		i := cs.nodes.index(c) * k
		open := m.PassageSides(c)
		for s := 0; open != 0; s++ {
			if open&1 == 0 {
				open >>= 1
				continue
			}
			open >>= 1
			x, in := adj.across(c, s), adj.opposite(c, s)
			cells := 0
			for !cs.nodes.set.has(x) && cells < maxRun {
				cells++
				x, in = onward(m, &adj, x, in)
			}
			if cells > 0 && cs.nodes.set.has(x) {
				cs.links[i+s] = link{end: uint32(x), run: uint32(cells)<<3 | uint32(in)}
			}
		}
	}
}

// onward returns the cell after x along its corridor, x entered through
// its side in (x has two passages), and the side of that cell the
// corridor comes in by.
func onward(m *maze.Maze, adj *adjacency, x, in int) (next, nextIn int) {
	on := bits.TrailingZeros8(m.PassageSides(x) &^ (1 << uint(in)))
	return adj.across(x, on), adj.opposite(x, on)
}

// slot returns where side s of cell c is kept, or -1 when c is no node.
func (cs *corridors) slot(c, s int) int {
	if !cs.nodes.set.has(c) {
		return -1
	}
	return cs.nodes.index(c)*cs.sides + s
}

// through returns the corridor kept at slot i: its cells (0: none), the
// node at its far end and the side of that node it comes in by.
func (cs *corridors) through(i int) (cells, end, in int) {
	l := cs.links[i]
	return int(l.run >> 3), int(l.end), int(l.run & 7)
}
