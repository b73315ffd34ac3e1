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
// row per line, each line ended by a newline.
func (m *Maze) Text() ([]byte, error) {
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
	return b.Bytes(), nil
}
