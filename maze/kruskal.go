package maze

// Kruskal carves a perfect maze with randomized Kruskal's algorithm, as seed
// 000 describes it: every room starts with its own label; walls are taken in
// random order, and a wall is dug through only when the rooms on its two
// sides carry different labels, which are then merged. When one label is
// left, the maze is done. The labels are a disjoint-set forest with path
// halving and union by size.
func Kruskal(m *Maze, r *Rand) {
	g := m.Grid
	n := g.Cells()
	sides := g.Sides()
	// Every interior wall once, as cell*sides+side, seen from the cell with
	// the smaller number.
	walls := make([]uint32, 0, 2*n)
	for c := 0; c < n; c++ {
		for s := 0; s < sides; s++ {
			if nb := g.Neighbor(c, s); nb > c {
				walls = append(walls, uint32(c*sides+s))
			}
		}
	}
	// The same Fisher-Yates shuffle as Rand.Shuffle, without a call per
	// swap.
	for i := len(walls) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		walls[i], walls[j] = walls[j], walls[i]
	}

	sets := newDisjointSets(n)
	joined := 1
	for _, w := range walls {
		if joined == n {
			break
		}
		c, s := int(w)/sides, int(w)%sides
		if sets.union(c, g.Neighbor(c, s)) {
			m.Carve(c, s)
			joined++
		}
	}
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
