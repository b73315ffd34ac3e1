package difficulty

import (
	"math/bits"

	"mazebook/maze"
)

// Small copies of package maze's own helpers, which the walks of the
// model use in their inner loops.

// bitset is a set of cells with one bit per cell.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i int)      { b[i>>6] |= 1 << uint(i&63) }
func (b bitset) has(i int) bool { return b[i>>6]&(1<<uint(i&63)) != 0 }

func popcount(b uint8) int { return bits.OnesCount8(b) }

// adjacency finds the cell across a passage quickly: arithmetically on a
// rectangular grid, through the Grid elsewhere.
type adjacency struct {
	g    maze.Grid
	rect bool
	step [4]int
}

func newAdjacency(g maze.Grid) adjacency {
	a := adjacency{g: g}
	if r, ok := g.(maze.Rect); ok {
		a.rect = true
		a.step = [4]int{-r.W, 1, r.W, -1}
	}
	return a
}

// across returns the cell across side s of cell c, which must be a
// passage (see maze.Maze.PassageSides).
func (a *adjacency) across(c, s int) int {
	if a.rect {
		return c + a.step[s&3]
	}
	return a.g.Neighbor(c, s)
}

// sides returns the number of sides of cell c.
func (a *adjacency) sides(c int) int {
	if a.rect {
		return 4
	}
	return a.g.Sides(c)
}

// opposite returns the side facing side s of cell c across a passage.
func (a *adjacency) opposite(c, s int) int {
	if a.rect {
		return (s + 2) & 3
	}
	return a.g.Opposite(c, s)
}

// stepSide returns the side of cell a that leads to its neighbour b, or -1.
func stepSide(m *maze.Maze, a, b int) int {
	for s := 0; s < m.Grid.Sides(a); s++ {
		if m.Grid.Neighbor(a, s) == b {
			return s
		}
	}
	return -1
}
