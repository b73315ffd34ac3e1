// Package tight is the yardstick of mazebook's speed: the tightest plain
// program that makes a rectangular maze and finds its way through, with
// nothing else. A cell is two bits (its east and south walls open), the
// walks keep 32-bit indices, and the breadth-first search one bit of
// "seen" a cell. mazebook's own work on the same maze (its general grid,
// every shape's doors, the metrics and the difficulty score) is measured
// against it (see scripts/speed.sh and docs/speed.md).
package tight

import (
	"math/rand/v2"
)

// Maze is a rectangle of W x H cells whose passages are two bits a cell:
// bit 0 opens the east wall, bit 1 the south wall.
type Maze struct {
	W, H  int
	cells []uint8 // four cells a byte
}

// New returns a maze of w x h cells with every wall closed.
func New(w, h int) *Maze { return &Maze{W: w, H: h, cells: make([]uint8, (w*h+3)/4)} }

func (m *Maze) open(c int, bit uint8) { m.cells[c>>2] |= bit << (uint(c&3) * 2) }

func (m *Maze) has(c int, bit uint8) bool { return m.cells[c>>2]>>(uint(c&3)*2)&bit != 0 }

// Open reports whether the passage from cell c in direction d (0 north,
// 1 east, 2 south, 3 west) is open.
func (m *Maze) Open(c, d int) bool {
	switch d {
	case 0:
		return c >= m.W && m.has(c-m.W, 2)
	case 1:
		return c%m.W < m.W-1 && m.has(c, 1)
	case 2:
		return c < m.W*(m.H-1) && m.has(c, 2)
	}
	return c%m.W > 0 && m.has(c-1, 1)
}

// Backtracker carves the maze by a depth-first random walk with an
// explicit stack.
func Backtracker(w, h int, seed uint64) *Maze {
	m := New(w, h)
	rng := rand.New(rand.NewPCG(seed, 0))
	seen := make([]uint64, (w*h+63)/64)
	stack := make([]uint32, 1, 1024)
	seen[0] |= 1
	var next [4]int
	var dir [4]uint8 // 0 north, 1 east, 2 south, 3 west
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		x, y := c%w, c/w
		n := 0
		try := func(ok bool, nb int, d uint8) {
			if ok && seen[nb>>6]&(1<<uint(nb&63)) == 0 {
				next[n], dir[n] = nb, d
				n++
			}
		}
		try(y > 0, c-w, 0)
		try(x < w-1, c+1, 1)
		try(y < h-1, c+w, 2)
		try(x > 0, c-1, 3)
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		k := rng.IntN(n)
		nb := next[k]
		switch dir[k] {
		case 0:
			m.open(nb, 2)
		case 1:
			m.open(c, 1)
		case 2:
			m.open(c, 2)
		default:
			m.open(nb, 1)
		}
		seen[nb>>6] |= 1 << uint(nb&63)
		stack = append(stack, uint32(nb))
	}
	return m
}

// Kruskal carves the maze by opening the walls in a random order, each
// one that joins two parts not yet joined (union-find by size with path
// halving).
func Kruskal(w, h int, seed uint64) *Maze {
	m := New(w, h)
	rng := rand.New(rand.NewPCG(seed, 0))
	n := w * h
	// Wall e: cell e/2's east (e even) or south (e odd) wall.
	walls := make([]uint32, 0, 2*n)
	for c := range n {
		if c%w < w-1 {
			walls = append(walls, uint32(2*c))
		}
		if c/w < h-1 {
			walls = append(walls, uint32(2*c+1))
		}
	}
	rng.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })
	parent := make([]int32, n)
	size := make([]int32, n)
	for i := range parent {
		parent[i], size[i] = int32(i), 1
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	joined := 0
	for _, e := range walls {
		c := int(e / 2)
		nb, bit := c+1, uint8(1)
		if e&1 == 1 {
			nb, bit = c+w, 2
		}
		a, b := find(int32(c)), find(int32(nb))
		if a == b {
			continue
		}
		if size[a] > size[b] {
			a, b = b, a
		}
		parent[a], size[b] = b, size[a]+size[b]
		m.open(c, bit)
		if joined++; joined == n-1 {
			break
		}
	}
	return m
}

// Solve returns the length, in cells, of the shortest way from the top
// left cell to the bottom right one, by breadth-first search; 0 when
// there is none.
func Solve(m *Maze) int {
	n := m.W * m.H
	seen := make([]uint64, (n+63)/64)
	queue := make([]uint32, 0, 1024)
	queue = append(queue, 0)
	seen[0] |= 1
	goal := n - 1
	for depth := 1; len(queue) > 0; depth++ {
		level := len(queue)
		for _, q := range queue[:level] {
			c := int(q)
			if c == goal {
				return depth
			}
			for d := range 4 {
				if !m.Open(c, d) {
					continue
				}
				nb := c + [4]int{-m.W, 1, m.W, -1}[d]
				if seen[nb>>6]&(1<<uint(nb&63)) == 0 {
					seen[nb>>6] |= 1 << uint(nb&63)
					queue = append(queue, uint32(nb))
				}
			}
		}
		queue = queue[level:]
	}
	return 0
}
