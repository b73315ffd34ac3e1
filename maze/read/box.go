package read

import (
	"fmt"

	"mazebook/maze"
)

// The arms of a box-drawing character: the directions its strokes go.
const (
	armUp = 1 << iota
	armRight
	armDown
	armLeft
)

// boxArms are the arms of the box-drawing characters mazes use: light,
// heavy, double and rounded, and the halves.
var boxArms = func() map[rune]uint8 {
	m := map[rune]uint8{'-': armLeft | armRight, '|': armUp | armDown, '+': 15}
	for _, g := range []struct {
		chars string
		arms  uint8
	}{
		{"─━═", armLeft | armRight},
		{"│┃║", armUp | armDown},
		{"┌┏╔╭", armRight | armDown},
		{"┐┓╗╮", armLeft | armDown},
		{"└┗╚╰", armUp | armRight},
		{"┘┛╝╯", armUp | armLeft},
		{"├┣╠", armUp | armDown | armRight},
		{"┤┫╣", armUp | armDown | armLeft},
		{"┬┳╦", armLeft | armRight | armDown},
		{"┴┻╩", armLeft | armRight | armUp},
		{"┼╋╬", 15},
		{"╴╸", armLeft},
		{"╵╹", armUp},
		{"╶╺", armRight},
		{"╷╻", armDown},
	} {
		for _, c := range g.chars {
			m[c] = g.arms
		}
	}
	return m
}()

// arms returns the arms of a character: 0 for anything that is not a
// line; any other box-drawing character counts as a cross.
func arms(c rune) uint8 {
	if a, ok := boxArms[c]; ok {
		return a
	}
	if c >= 0x2500 && c <= 0x257f {
		return 15
	}
	return 0
}

// isBox reports whether text is box drawing: Unicode box characters, or
// '+' corners with '-' or '|' lines (unless the caller named the
// characters of a matrix).
func isBox(rows [][]rune, opt Options) bool {
	if opt.Wall != 0 || opt.Passage != 0 {
		return false
	}
	plus, line := false, false
	for _, r := range rows {
		for _, c := range r {
			switch {
			case c >= 0x2500 && c <= 0x257f:
				return true
			case c == '+':
				plus = true
			case c == '-' || c == '|':
				line = true
			}
		}
	}
	return plus && line
}

// readBox reads box drawing: corners on a regular grid of columns and
// lines, found from where the vertical and horizontal strokes are.
func readBox(rows [][]rune, size int) (*Result, error) {
	at := func(x, y int) rune {
		if y < 0 || y >= len(rows) || x < 0 || x >= len(rows[y]) {
			return ' '
		}
		return rows[y][x]
	}
	left, right, top, bottom := -1, -1, -1, -1
	var cols, lines []int
	seenCol := map[int]bool{}
	// A column of corners is one with a vertical stroke or a junction (a
	// corner, a tee, a wall's end: anything but a plain horizontal run);
	// a line of corners likewise. A wall's end tells where a corner
	// stands even where no wall goes on from it (a maze one cell wide).
	// A plain run whose stroke stops at its next character is a wall's
	// end too (the double-line set has no half lines).
	for y, r := range rows {
		horizontal := false
		for x, c := range r {
			a := arms(c)
			if a == 0 {
				continue
			}
			across := a == armLeft|armRight && arms(at(x-1, y))&armRight != 0 && arms(at(x+1, y))&armLeft != 0
			if !across && !seenCol[x] {
				seenCol[x] = true
				cols = append(cols, x)
			}
			down := a == armUp|armDown && arms(at(x, y-1))&armDown != 0 && arms(at(x, y+1))&armUp != 0
			if !down {
				horizontal = true
			}
		}
		if horizontal {
			lines = append(lines, y)
		}
	}
	if len(cols) < 2 || len(lines) < 2 {
		return nil, fmt.Errorf("%w: the box drawing has no closed outer wall", ErrNotGrid)
	}
	pitchX, left, right := spacing(cols)
	pitchY, top, bottom := spacing(lines)
	if pitchX < 2 || pitchY < 2 {
		return nil, fmt.Errorf("%w: the box drawing's corners are not on a regular grid (columns %d apart, lines %d apart)", ErrNotGrid, pitchX, pitchY)
	}
	w, h := (right-left)/pitchX, (bottom-top)/pitchY
	if w*h > size {
		// Every cell of a drawing takes a character at least.
		return nil, fmt.Errorf("%w: the box drawing's strokes span %dx%d cells, more than the text has characters", ErrNotGrid, w, h)
	}
	g, err := maze.NewRect(w, h)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
	}
	// hWall reports whether the stretch of line y from column x0 to x1
	// (corners excluded) is drawn; vWall the same for a column.
	hWall := func(y, x0, x1 int) (bool, role) {
		r := unmarked
		for x := x0 + 1; x < x1; x++ {
			if arms(at(x, y))&(armLeft|armRight) != 0 {
				return true, r
			}
			r = max(r, markOf(at(x, y)))
		}
		return false, r
	}
	vWall := func(x, y0, y1 int) (bool, role) {
		r := unmarked
		for y := y0 + 1; y < y1; y++ {
			if arms(at(x, y))&(armUp|armDown) != 0 {
				return true, r
			}
			r = max(r, markOf(at(x, y)))
		}
		return false, r
	}
	m := maze.New(g)
	var cands []candidate
	for cy := 0; cy < g.H; cy++ {
		for cx := 0; cx < g.W; cx++ {
			c := g.Cell(cx, cy)
			x0, y0 := left+cx*pitchX, top+cy*pitchY
			x1, y1 := x0+pitchX, y0+pitchY
			if cx < g.W-1 {
				if w, _ := vWall(x1, y0, y1); !w {
					m.Carve(c, maze.East)
				}
			}
			if cy < g.H-1 {
				if w, _ := hWall(y1, x0, x1); !w {
					m.Carve(c, maze.South)
				}
			}
			r := unmarked
			for y := y0 + 1; y < y1; y++ {
				for x := x0 + 1; x < x1; x++ {
					r = max(r, markOf(at(x, y)))
				}
			}
			if r != unmarked {
				cands = append(cands, candidate{maze.Door{Cell: c, Side: maze.Inside}, r})
			}
		}
	}
	open := func(wall bool, r role, c, side int) {
		if !wall {
			cands = append(cands, candidate{maze.Door{Cell: c, Side: side}, r})
		}
	}
	for cx := 0; cx < g.W; cx++ {
		w, r := hWall(top, left+cx*pitchX, left+(cx+1)*pitchX)
		open(w, r, g.Cell(cx, 0), maze.North)
	}
	for cy := 0; cy < g.H; cy++ {
		w, r := vWall(left, top+cy*pitchY, top+(cy+1)*pitchY)
		open(w, r, g.Cell(0, cy), maze.West)
		w, r = vWall(right, top+cy*pitchY, top+(cy+1)*pitchY)
		open(w, r, g.Cell(g.W-1, cy), maze.East)
	}
	for cx := 0; cx < g.W; cx++ {
		w, r := hWall(bottom, left+cx*pitchX, left+(cx+1)*pitchX)
		open(w, r, g.Cell(cx, g.H-1), maze.South)
	}
	return finish(m, Box, cands, nil)
}

// markOf returns the role a character marks: S or A the start; G, E, F
// or B the goal.
func markOf(c rune) role {
	switch c {
	case 'S', 's', 'A':
		return start
	case 'G', 'g', 'E', 'e', 'F', 'f', 'B':
		return goal
	}
	return unmarked
}

// spacing returns the greatest common divisor of the distances between
// positions, and the first and last position.
func spacing(pos []int) (pitch, lo, hi int) {
	lo, hi = pos[0], pos[0]
	for _, p := range pos {
		lo, hi = min(lo, p), max(hi, p)
	}
	for _, p := range pos {
		pitch = gcd(pitch, p-lo)
	}
	return pitch, lo, hi
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
