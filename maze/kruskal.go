package maze

import (
	"math/bits"
	"runtime"
)

// Kruskal carves a perfect maze with randomized Kruskal's algorithm, as seed
// 000 describes it: every room starts with its own label; walls are taken in
// random order, and a wall is dug through only when the rooms on its two
// sides carry different labels, which are then merged. When one label is
// left, the maze is done. The labels are a disjoint-set forest with path
// halving and union by size.
//
// On a rectangular grid the walls are listed and dug arithmetically, without
// calls through the Grid interface; the maze is the same.
func Kruskal(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	rect, isRect := g.(Rect)
	// Every interior wall once, as cell*MaxSides+side, seen from the cell
	// with the smaller number.
	var walls []uint32
	if isRect {
		walls = rectWalls(rect)
	} else {
		walls = make([]uint32, 0, 2*n)
		for c := 0; c < n; c++ {
			for s := 0; s < g.Sides(c); s++ {
				if nb := g.Neighbor(c, s); nb > c {
					walls = append(walls, uint32(c*MaxSides+s))
				}
			}
		}
	}
	shuffleWalls(walls, r)

	sets := newDisjointSets(n)
	joined := 1
	if f, ok := g.(fixedPassages); ok {
		// Passages the grid needs open (a weave's crossings) come first.
		for _, p := range f.Fixed() {
			c, s := p[0], p[1]
			if sets.union(c, g.Neighbor(c, s)) {
				joined++
			}
			m.Carve(c, s)
		}
	}
	if isRect && m.rec == nil {
		kruskalRect(m, rect, walls, sets, joined)
		return
	}
	for _, wall := range walls {
		if joined == n {
			break
		}
		c, s := int(wall)/MaxSides, int(wall)%MaxSides
		if isRect { // a recorded rectangle: its walls are listed as cell*4+side
			c, s = int(wall>>2), int(wall&3)
		}
		if nb := g.Neighbor(c, s); sets.union(c, nb) {
			if m.rec != nil {
				m.rec.add(OpMerge, c, 0, nb)
			}
			m.Carve(c, s)
			joined++
		}
	}
}

// shuffleWalls is the Fisher-Yates shuffle of Rand.Shuffle, without a
// call per swap, its random places drawn a block at a time ahead of
// their swaps (the same numbers, in the same order): the drawing is
// arithmetic alone, and the swaps, a short loop of loads and stores on
// a large grid's cache misses, overlap many of their misses. Two and a
// half times as fast at 4000x4000 as drawing each place as it is swapped.
func shuffleWalls(walls []uint32, r *Rand) {
	var places [1024]uint32
	for i := len(walls) - 1; i > 0; {
		n := min(i, len(places))
		// r.IntN(i-k+1), inlined, with the state in a register; a draw
		// IntN would reject is left to IntN itself.
		state := r.state
		for k := range n {
			bound := uint64(i - k + 1)
			state += 0x9e3779b97f4a7c15
			j, lo := bits.Mul64(mix64(state), bound)
			if lo < bound {
				r.state = state - 0x9e3779b97f4a7c15
				j = uint64(r.IntN(int(bound)))
				state = r.state
			}
			places[k] = uint32(j)
		}
		r.state = state
		for k, j := range places[:n] {
			walls[i-k], walls[j] = walls[j], walls[i-k]
		}
		i -= n
	}
}

// kruskalRect is the loop of Kruskal over the shuffled walls on a
// rectangle, unrecorded. The walls are in random order, so each wall's
// sets are cache misses; reading those of a wall a few places ahead lets
// the misses of several walls overlap, which makes the loop about a third
// faster on large grids. The walls dug are marked in a bitset, a bit a
// wall (a quarter of the memory of the cells' sides), and opened in the
// cells in one pass in cell order after: the same passages.
func kruskalRect(m *Maze, g Rect, walls []uint32, sets disjointSets, joined int) {
	n, w := g.Cells(), g.W
	dug := newBitset(2 * n) // bit 2c: cell c's East wall; 2c+1: its South wall
	const ahead = 16
	var touch int32
	for i, wall := range walls {
		if joined == n {
			break
		}
		if j := i + ahead; j < len(walls) {
			a := int(walls[j] >> 2)
			touch += sets[a] + sets[min(a+w, n-1)]
		}
		// Only East and South walls are listed.
		c, s := int(wall>>2), int(wall&3)
		nb := c + 1
		if s == South {
			nb = c + w
		}
		if sets.union(c, nb) {
			dug.set(2*c + s>>1)
			joined++
		}
	}
	runtime.KeepAlive(touch) // the reads must happen
	// Every row but the last, whose cells have no South wall listed,
	// and whose last cell has no East wall: opened without a branch.
	open := m.open
	for c := range n - w {
		b := uint8(dug[c>>5]>>(uint(c&31)*2)) & 3
		e, s := b&1, b>>1
		open[c] |= e<<East | s<<South
		open[c+1] |= e << West
		open[c+w] |= s << North
	}
	for c := n - w; c < n-1; c++ {
		e := uint8(dug[c>>5]>>(uint(c&31)*2)) & 1
		open[c] |= e << East
		open[c+1] |= e << West
	}
}

// rectWalls lists the interior walls of a rectangular grid in cell order,
// each as cell*4+side with side East or South: the list the general loop
// of Kruskal makes.
func rectWalls(g Rect) []uint32 {
	walls := make([]uint32, 0, 2*g.W*g.H)
	for y := 0; y < g.H; y++ {
		c := uint32(y * g.W)
		for x := 0; x < g.W; x, c = x+1, c+1 {
			if x < g.W-1 {
				walls = append(walls, c<<2|East)
			}
			if y < g.H-1 {
				walls = append(walls, c<<2|South)
			}
		}
	}
	return walls
}

// disjointSets is a union-find forest over the integers 0..n-1: entry x
// is x's parent, or, for the root of a set, minus the set's size. One
// array keeps each step of a find to one memory access.
type disjointSets []int32

func newDisjointSets(n int) disjointSets {
	d := make(disjointSets, n)
	for i := range d {
		d[i] = -1
	}
	return d
}

// find returns the representative of x's set, halving the path on the way.
func (d disjointSets) find(x int) int {
	for d[x] >= 0 {
		p := int(d[x])
		if d[p] >= 0 {
			d[x] = d[p]
		}
		x = p
	}
	return x
}

// union merges the sets of a and b and reports whether they were different.
func (d disjointSets) union(a, b int) bool {
	a, b = d.find(a), d.find(b)
	if a == b {
		return false
	}
	if d[a] > d[b] { // a's set is smaller: hang it under b
		a, b = b, a
	}
	d[a] += d[b]
	d[b] = int32(a)
	return true
}
