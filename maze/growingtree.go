package maze

import "math/bits"

// GrowingTree returns a generator for the growing tree algorithm: keep a
// list of active cells, starting with one random cell; take a cell from the
// list, carve into a random unvisited neighbour and add that neighbour to
// the list, or, when it has none, remove the cell from the list. Which cell
// is taken decides the texture: newest gives the backtracker's long
// corridors, random gives Prim's short dead ends, oldest gives long straight
// runs from the start. newest is the share of picks that take the newest
// cell; the others take a random one. With oldest set, every pick takes the
// oldest cell.
//
// The list keeps its order as cells leave it from anywhere, in logarithmic
// time, so even a random pick on a large grid is fast. On a rectangular
// grid neighbours are found arithmetically; the maze is the same.
func GrowingTree(newest float64, oldest bool) func(m *Maze, r *Rand) {
	return func(m *Maze, r *Rand) {
		g := m.Grid
		n := g.Cells()
		rect, isRect := g.(Rect)
		w, h := rect.W, rect.H
		step, _, _ := rectSteps(w)
		visited := make([]bool, n)
		start := r.IntN(n)
		visited[start] = true
		random := !oldest && newest < 1 // can a pick take a random cell?
		active := newActiveList(n, random)
		active.add(start)
		rec := m.rec // nil unless recording: checked once per step
		if rec != nil {
			rec.add(OpPush, start, 0, 0)
		}
		var cand [8]int
		for active.len() > 0 {
			var i int // the position of the picked cell in the list
			switch {
			case oldest:
				i = active.first()
			case newest >= 1 || newest > 0 && r.Float64() < newest:
				i = active.last()
			default:
				i = active.at(r.IntN(active.len()))
			}
			c := active.cell(i)
			k := 0
			if isRect {
				for b := rectInner(c%w, c/w, w, h); b != 0; b &= b - 1 {
					if s := bits.TrailingZeros8(b); !visited[c+step[s]] {
						cand[k] = s
						k++
					}
				}
			} else {
				for s := 0; s < g.Sides(c); s++ {
					if nb := g.Neighbor(c, s); nb >= 0 && !visited[nb] {
						cand[k] = s
						k++
					}
				}
			}
			if k == 0 {
				active.remove(i)
				if rec != nil {
					rec.add(OpPop, c, 0, 0)
				}
				continue
			}
			s := cand[r.IntN(k)]
			var nb int
			if isRect {
				nb = c + step[s]
				m.open[c] |= 1 << s
				m.open[nb] |= 1 << (s ^ 2)
				if rec != nil {
					rec.add(OpCarve, c, s, 0)
				}
			} else {
				nb = g.Neighbor(c, s)
				m.Carve(c, s)
			}
			visited[nb] = true
			active.add(nb)
			if rec != nil {
				rec.add(OpPush, nb, 0, 0)
			}
		}
	}
}

// activeList is the growing tree's list of active cells, in the order they
// were added. Cells leave from anywhere but keep their places: a bit per
// place says whether it still holds an active cell, and, when random picks
// are wanted, a Fenwick tree counts the active places word by word, so the
// k-th active cell is found in logarithmic time. Dead places at the end are
// dropped, so the newest active cell is always the last place.
type activeList struct {
	cells  []int32  // the cell in each place
	live   []uint64 // bit p is set while place p holds an active cell
	counts []int32  // Fenwick tree over the words of live, or nil
	lo     int      // every place before lo is dead
	n      int      // the number of active cells
}

func newActiveList(cells int, ranked bool) *activeList {
	words := (cells + 63) / 64
	l := &activeList{
		cells: make([]int32, 0, cells),
		live:  make([]uint64, words),
	}
	if ranked {
		// A power of two words, so that the descent in at never leaves
		// the tree.
		l.counts = make([]int32, 1<<bits.Len(uint(words-1))+1)
	}
	return l
}

// len returns the number of active cells.
func (l *activeList) len() int { return l.n }

// cell returns the cell in place p.
func (l *activeList) cell(p int) int { return int(l.cells[p]) }

// add appends cell c to the list.
func (l *activeList) add(c int) {
	p := len(l.cells)
	l.cells = append(l.cells, int32(c))
	l.live[p/64] |= 1 << (p % 64)
	l.count(p/64, 1)
	l.n++
}

// remove takes the cell in place p out of the list.
func (l *activeList) remove(p int) {
	l.live[p/64] &^= 1 << (p % 64)
	l.count(p/64, -1)
	l.n--
	// Drop the dead places at the end.
	end := len(l.cells)
	for end > l.lo && l.live[(end-1)/64]&(1<<((end-1)%64)) == 0 {
		end--
	}
	l.cells = l.cells[:end]
}

// count adds d to the count of active places in word i of live.
func (l *activeList) count(i, d int) {
	if l.counts == nil {
		return
	}
	for j := i + 1; j < len(l.counts); j += j & -j {
		l.counts[j] += int32(d)
	}
}

// first returns the place of the oldest active cell.
func (l *activeList) first() int {
	for l.live[l.lo/64]&(1<<(l.lo%64)) == 0 {
		l.lo++
	}
	return l.lo
}

// last returns the place of the newest active cell.
func (l *activeList) last() int { return len(l.cells) - 1 }

// at returns the place of the k-th active cell, counting from 0, oldest
// first. It needs the Fenwick tree.
func (l *activeList) at(k int) int {
	// Descend the tree to the word holding the k-th active place.
	// Which way it goes is random, so the step is taken with a mask
	// rather than a branch the processor would mispredict half the time.
	word := 0
	for stride := (len(l.counts) - 1) / 2; stride > 0; stride >>= 1 {
		c := int(l.counts[word+stride])
		take := ^((k - c) >> 63) // all ones when c <= k
		word += stride & take
		k -= c & take
	}
	// The k-th set bit of that word.
	v := l.live[word]
	p := word * 64
	for c := bits.OnesCount8(uint8(v)); k >= c; c = bits.OnesCount8(uint8(v)) {
		k -= c
		v >>= 8
		p += 8
	}
	for ; k > 0; k-- {
		v &= v - 1
	}
	return p + bits.TrailingZeros64(v)
}
