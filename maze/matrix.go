package maze

import (
	"bytes"
	"fmt"
)

// Matrix returns the maze as the pixel matrix of seed 003: for a W by H
// rectangular maze, 2H+1 rows of 2W+1 pixels, where cell (x, y) is pixel
// (2x+1, 2y+1), the pixels between two cells are passages when the cells are
// joined, the corners are always wall, and the doors are open border pixels.
// true means wall.
func (m *Maze) Matrix() ([][]bool, error) {
	g, ok := m.Grid.(Rect)
	if !ok {
		return nil, fmt.Errorf("the pixel matrix needs a rectangular grid")
	}
	rows := make([][]bool, 2*g.H+1)
	for i := range rows {
		rows[i] = make([]bool, 2*g.W+1)
		for j := range rows[i] {
			rows[i][j] = true
		}
	}
	for c := 0; c < g.Cells(); c++ {
		x, y := g.XY(c)
		px, py := 2*x+1, 2*y+1
		rows[py][px] = false
		if m.IsOpen(c, North) {
			rows[py-1][px] = false
		}
		if m.IsOpen(c, East) {
			rows[py][px+1] = false
		}
		if m.IsOpen(c, South) {
			rows[py+1][px] = false
		}
		if m.IsOpen(c, West) {
			rows[py][px-1] = false
		}
	}
	return rows, nil
}

// Text returns the pixel matrix as text: '#' for wall, ' ' for passage, one
// row per line, each line ended by a newline. A door inside its cell (a
// goal in the middle) is marked in the cell: 'S' the entrance, 'G' the
// exit. When path is not nil, its cells, the passages between them and
// the doors at its ends are marked with '.'.
func (m *Maze) Text(path []int) ([]byte, error) {
	rows, err := m.Matrix()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(rows) * (len(rows[0]) + 1))
	for _, row := range rows {
		for _, wall := range row {
			if wall {
				b.WriteByte('#')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	out := b.Bytes()
	g := m.Grid.(Rect)
	stride := 2*g.W + 2
	defer func() {
		for i, d := range []Door{m.Entrance, m.Exit} {
			if d.IsInside() && d.Cell >= 0 && d.Cell < g.Cells() {
				x, y := g.XY(d.Cell)
				out[(2*y+1)*stride+2*x+1] = "SG"[i]
			}
		}
	}()
	if path == nil {
		return out, nil
	}
	set := func(px, py int) { out[py*stride+px] = '.' }
	for i, c := range path {
		x, y := g.XY(c)
		set(2*x+1, 2*y+1)
		if i > 0 {
			px, py := g.XY(path[i-1])
			set(x+px+1, y+py+1)
		}
	}
	for _, d := range []Door{m.Entrance, m.Exit} {
		if !d.opens() || len(path) == 0 || d.Cell != path[0] && d.Cell != path[len(path)-1] {
			continue
		}
		x, y := g.XY(d.Cell)
		dx := [4]int{0, 1, 0, -1}[d.Side]
		dy := [4]int{-1, 0, 1, 0}[d.Side]
		set(2*x+1+dx, 2*y+1+dy)
	}
	return out, nil
}
