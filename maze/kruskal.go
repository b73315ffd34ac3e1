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
	walls := make([]uint64, 0, 2*n)
	for c := 0; c < n; c++ {
		for s := 0; s < sides; s++ {
			if nb := g.Neighbor(c, s); nb > c {
				walls = append(walls, uint64(c)*uint64(sides)+uint64(s))
			}
		}
	}
	r.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })

	sets := newDisjointSets(n)
	joined := 1
	for _, w := range walls {
		if joined == n {
			break
		}
		c, s := int(w/uint64(sides)), int(w%uint64(sides))
		if sets.union(c, g.Neighbor(c, s)) {
			m.Carve(c, s)
			joined++
		}
	}
}

// disjointSets is a union-find forest over the integers 0..n-1.
type disjointSets struct {
	parent []int32
	size   []int32
}

func newDisjointSets(n int) *disjointSets {
	d := &disjointSets{parent: make([]int32, n), size: make([]int32, n)}
	for i := range d.parent {
		d.parent[i] = int32(i)
		d.size[i] = 1
	}
	return d
}

// find returns the representative of x's set, halving the path on the way.
func (d *disjointSets) find(x int) int {
	p := d.parent
	for int(p[x]) != x {
		p[x] = p[p[x]]
		x = int(p[x])
	}
	return x
}

// union merges the sets of a and b and reports whether they were different.
func (d *disjointSets) union(a, b int) bool {
	a, b = d.find(a), d.find(b)
	if a == b {
		return false
	}
	if d.size[a] < d.size[b] {
		a, b = b, a
	}
	d.parent[b] = int32(a)
	d.size[a] += d.size[b]
	return true
}
