// Package tight is the yardstick of mazebook's speed: the tightest plain
// program that makes a rectangular maze and finds its way through, with
// nothing else. Everything is bit-packed:
//
//   - a cell's passages are two bits (its east and south walls open);
//   - the backtracker keeps its way back in two bits a cell and its
//     cells dug in one bit, with no stack: backing up follows the ways
//     back home;
//   - Kruskal lists the walls as 32-bit numbers, and its labels are one
//     32-bit word a cell (a parent, or minus a set's size);
//   - the breadth-first search keeps one bit of "seen" a cell and only
//     the cells of two levels;
//   - the random numbers come from a multiply-and-xor generator (wyrand)
//     and are bounded by a multiply and a shift.
//
// A 4000x4000 backtracker maze and its way through take 12 MB. mazebook's
// own work on the same maze (its general grid, every shape's doors, its
// own reproducible random numbers, the metrics and the difficulty score)
// is measured against it (see scripts/speed.sh and docs/speed.md). The
// yardstick makes its own mazes, not mazebook's: only the work is the same.
package tight

import (
	"math/bits"
	"runtime"
)

// Maze is a rectangle of W x H cells whose passages are two bits a cell:
// bit 0 opens the east wall, bit 1 the south wall. No wall on the border
// is ever opened.
type Maze struct {
	W, H  int
	cells []uint8 // four cells a byte
}

// New returns a maze of w x h cells with every wall closed.
func New(w, h int) *Maze { return &Maze{W: w, H: h, cells: make([]uint8, (w*h+3)/4)} }

const (
	east  = 1 // the bit of an open east wall
	south = 2 // the bit of an open south wall
)

func (m *Maze) open(c int, bit uint8) { m.cells[c>>2] |= bit << (uint(c&3) * 2) }

func (m *Maze) bits(c int) uint8 { return m.cells[c>>2] >> (uint(c&3) * 2) }

// Open reports whether the passage from cell c in direction d (0 north,
// 1 east, 2 south, 3 west) is open.
func (m *Maze) Open(c, d int) bool {
	switch d {
	case 0:
		return c >= m.W && m.bits(c-m.W)&south != 0
	case 1:
		return c%m.W < m.W-1 && m.bits(c)&east != 0
	case 2:
		return c < m.W*(m.H-1) && m.bits(c)&south != 0
	}
	return c%m.W > 0 && m.bits(c-1)&east != 0
}

// rng is wyrand: a counter, one 64x64->128-bit multiply, and the xor of
// the product's halves.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// below returns a number in [0, n) by multiply-shift: the high half of
// 32 random bits times n (its bias, below n/2^32, is of no matter here).
func (r *rng) below(n uint32) uint32 {
	return uint32(uint64(uint32(r.next())) * uint64(n) >> 32)
}

func has(set []uint64, c int) bool { return set[c>>6]&(1<<uint(c&63)) != 0 }

func put(set []uint64, c int) { set[c>>6] |= 1 << uint(c&63) }

// Backtracker carves the maze by a depth-first random walk from the top
// left cell. Each cell dug keeps the side it was entered through (two
// bits), so that backing up needs no stack. The sides free to dig into
// are found without a branch: each neighbour's bit is read (the cell
// itself stands in for one off the grid) and the sides off the grid
// masked away; a number is drawn whatever the count of free sides.
func Backtracker(w, h int, seed uint64) *Maze {
	n := w * h
	m := New(w, h)
	back := make([]uint8, (n+3)/4)
	dug := make([]uint64, (n+63)/64)
	r := rng{seed}
	step := [4]int{-w, 1, w, -1} // north, east, south, west
	wall := [4]int{-w, 0, 0, -1} // the cell whose bits hold the wall
	dx := [4]int{0, 1, 0, -1}
	dy := [4]int{-1, 0, 1, 0}
	c, x, y := 0, 0, 0
	put(dug, 0)
	for {
		no, ea, so, we := c-w, c+1, c+w, c-1
		var inner uint64 = 0xf
		if y == 0 {
			no, inner = c, inner&^1
		}
		if x == w-1 {
			ea, inner = c, inner&^2
		}
		if y == h-1 {
			so, inner = c, inner&^4
		}
		if x == 0 {
			we, inner = c, inner&^8
		}
		free := ^(bit(dug, no) | bit(dug, ea)<<1 | bit(dug, so)<<2 | bit(dug, we)<<3) & inner
		if free == 0 {
			if c == 0 {
				return m
			}
			d := back[c>>2] >> (uint(c&3) * 2) & 3
			c, x, y = c+step[d], x+dx[d], y+dy[d]
			continue
		}
		d := nth[free][r.below(uint32(count[free]))]
		nb := c + step[d&3]
		// The wall between c and nb is the south (d even) or the east
		// (d odd) one of the upper or left of the two.
		m.open(c+wall[d&3], south>>(d&1))
		back[nb>>2] |= (d ^ 2) << (uint(nb&3) * 2) // the side back
		put(dug, nb)
		c, x, y = nb, x+dx[d], y+dy[d]
	}
}

// bit returns cell c's bit of set, 0 or 1.
func bit(set []uint64, c int) uint64 { return set[c>>6] >> uint(c&63) & 1 }

// count[b] is the number of sides in the set b, and nth[b][i] its i-th.
var count, nth = func() (count [16]uint8, nth [16][4]uint8) {
	for b := range 16 {
		for d := range 4 {
			if b&(1<<d) != 0 {
				nth[b][count[b]] = uint8(d)
				count[b]++
			}
		}
	}
	return
}()

// Kruskal carves the maze by opening the walls in a random order, each
// one that joins two parts not yet joined (union-find by size with path
// halving, one word a cell: a parent, or minus the size of a set).
// Shuffling the walls and joining their cells are cache misses: the
// shuffle draws its places a block at a time, and swaps them in a loop
// short enough for the processor to overlap many misses; the joining
// reads the labels of a wall a few walls ahead.
func Kruskal(w, h int, seed uint64) *Maze {
	m := New(w, h)
	r := rng{seed}
	n := w * h
	// Wall e: cell e>>1's east (e even) or south (e odd) wall.
	walls := make([]uint32, 0, 2*n-w-h)
	for y := range h {
		c := uint32(y * w)
		for x := range w {
			if x < w-1 {
				walls = append(walls, (c+uint32(x))<<1)
			}
			if y < h-1 {
				walls = append(walls, (c+uint32(x))<<1|1)
			}
		}
	}
	const ahead = 16
	var touch uint32
	// Fisher-Yates, its places drawn a block at a time, then swapped in a
	// short loop whose cache misses overlap.
	var places [1024]uint32
	for i := len(walls) - 1; i > 0; {
		n := min(i, len(places))
		for k := range n {
			places[k] = r.below(uint32(i - k + 1))
		}
		for k, j := range places[:n] {
			walls[i-k], walls[j] = walls[j], walls[i-k]
		}
		i -= n
	}
	sets := make([]int32, n)
	for i := range sets {
		sets[i] = -1
	}
	find := func(x int32) int32 {
		for sets[x] >= 0 {
			p := sets[x]
			if sets[p] >= 0 {
				sets[x] = sets[p]
			}
			x = p
		}
		return x
	}
	joined := 1
	for i, e := range walls {
		if joined == n {
			break
		}
		if j := i + ahead; j < len(walls) {
			a := int(walls[j] >> 1)
			touch += uint32(sets[a] + sets[min(a+w, n-1)])
		}
		c := int32(e >> 1)
		nb, bit := c+1, uint8(east)
		if e&1 == 1 {
			nb, bit = c+int32(w), south
		}
		a, b := find(c), find(nb)
		if a == b {
			continue
		}
		if sets[a] > sets[b] { // a's set is the smaller
			a, b = b, a
		}
		sets[a] += sets[b]
		sets[b] = a
		m.open(int(c), bit)
		joined++
	}
	runtime.KeepAlive(touch) // the reads ahead must happen
	return m
}

// Solve returns the length, in cells, of the shortest way from the top
// left cell to the bottom right one, by breadth-first search, level by
// level; 0 when there is none. A cell of a level carries the side it was
// reached through, which is not looked across again; its other open
// sides are gathered into a set, then taken one by one.
func Solve(m *Maze) int {
	w, n := m.W, m.W*m.H
	seen := make([]uint64, (n+63)/64)
	level := make([]uint32, 1, 1024) // cell<<2 | the side back
	next := make([]uint32, 0, 1024)
	level[0] = 0 // cell 0 (<<2), as if reached through its north wall (side 0), which is closed
	put(seen, 0)
	goal := n - 1
	step := [4]int{-w, 1, w, -1}
	for depth := 1; len(level) > 0; depth++ {
		for _, e := range level {
			c, in := int(e>>2), e&3
			if c == goal {
				return depth
			}
			// The open sides, a bit each (bit 0 north ... bit 3 west),
			// but the one back. No border wall is open: the east bit of
			// a row's last cell, and the south bits of the last row,
			// are never set.
			b := m.bits(c)
			ways := uint(b&(east|south)) << 1
			if c >= w {
				ways |= uint(m.bits(c-w)>>1) & 1
			}
			if c > 0 {
				ways |= uint(m.bits(c-1)&east) << 3
			}
			for ways &^= 1 << in; ways != 0; ways &= ways - 1 {
				d := bits.TrailingZeros(ways)
				nb := c + step[d&3]
				if !has(seen, nb) {
					put(seen, nb)
					next = append(next, uint32(nb)<<2|uint32(d^2))
				}
			}
		}
		level, next = next, level[:0]
	}
	return 0
}
