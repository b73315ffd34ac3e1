package maze

// Eller carves a perfect maze one row at a time, keeping only one row of
// set labels, so its memory is proportional to the width, not the area.
// In each row, neighbouring cells of different sets are joined at random;
// then every set opens at least one passage down into the next row, whose
// other cells start in new sets. The last row joins every set left. Its
// mazes have an even texture. Rectangular grids only.
func Eller(m *Maze, r *Rand) {
	g := m.Grid.(Rect)
	w := g.W
	// label[x] is the set of column x in the current row, in [0, 2w):
	// below w a set carried down from the row above, from w a new one.
	label := make([]int32, w)
	below := make([]int32, w) // labels of the next row
	remap := make([]int32, 2*w)
	parent := make([]int32, w) // union-find over the row's sets
	first := make([]int32, w)  // per set: first member column, or -1
	nextOf := make([]int32, w) // per column: next member of its set, or -1
	for x := range label {
		label[x] = int32(w + x)
	}
	find := func(a int32) int32 {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	var members []int32
	for y := 0; y < g.H; y++ {
		// Number the row's sets 0.. in order of first appearance.
		for i := range remap {
			remap[i] = -1
		}
		n := int32(0)
		for x := range label {
			if remap[label[x]] < 0 {
				remap[label[x]] = n
				n++
			}
			label[x] = remap[label[x]]
		}
		for i := range parent {
			parent[i] = int32(i)
		}
		// Join neighbours of different sets: at random, or always on the
		// last row.
		last := y == g.H-1
		for x := 0; x+1 < w; x++ {
			a, b := find(label[x]), find(label[x+1])
			if a != b && (last || r.Uint64()&1 == 0) {
				if m.rec != nil {
					m.rec.add(OpMerge, g.Cell(x, y), 0, g.Cell(x+1, y))
				}
				m.Carve(g.Cell(x, y), East)
				parent[b] = a
			}
		}
		if last {
			return
		}
		// List each set's columns, then drop at least one passage from
		// each set into the next row.
		for i := range first {
			first[i] = -1
		}
		for x := w - 1; x >= 0; x-- {
			s := find(label[x])
			label[x] = s
			nextOf[x] = first[s]
			first[s] = int32(x)
		}
		for x := 0; x < w; x++ {
			s := label[x]
			if first[s] != int32(x) {
				continue // not the set's first column: handled already
			}
			members = members[:0]
			for c := first[s]; c >= 0; c = nextOf[c] {
				members = append(members, c)
			}
			r.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
			drops := 1 + r.IntN(len(members))
			for i, c := range members {
				if i < drops {
					if m.rec != nil {
						m.rec.add(OpMerge, g.Cell(int(c), y), 0, g.Cell(int(c), y+1))
					}
					m.Carve(g.Cell(int(c), y), South)
					below[c] = s
				} else {
					below[c] = int32(w) + c // a new set in the next row
				}
			}
		}
		label, below = below, label
	}
}
