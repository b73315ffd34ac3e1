package read

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"mazebook/maze"
)

// pixel is one character of a text matrix as read.
type pixel uint8

const (
	free pixel = iota
	wall
	startMark
	goalMark
)

func (p pixel) open() bool { return p != wall }

// Text reads a maze drawn in text: the pixel matrix (2H+1 lines of 2W+1
// characters, '#' or '█' a wall, space or '.' a passage, or the characters
// opt gives), the same with two characters a pixel ("██" and "  "), or box
// drawing (+--+ and |  |, or Unicode's ┌─┐│└┘ family). S marks the start
// and G (or E, the end) the goal, in a cell or in a gap of the outer wall.
// Lines may end in CRLF, trailing spaces may be missing (short lines are
// padded with passage), blank lines around the maze do not count, tabs
// are expanded and a margin of spaces common to every line (an indented
// paste) is taken away.
func Text(data []byte, opt Options) (*Result, error) {
	r, err := text(data, opt)
	return withDoors(r, err, opt)
}

// text is Text, returning the maze read with the error of its doors (see
// finish).
func text(data []byte, opt Options) (*Result, error) {
	if len(data) > MaxTextBytes {
		return nil, fmt.Errorf("%w: the text has %d bytes; the most read is %d", ErrTooLarge, len(data), MaxTextBytes)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%w: the file is neither UTF-8 text nor a PNG or JPEG picture", ErrNoMaze)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	first, last := 0, len(lines)-1
	for first <= last && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	for last >= first && strings.TrimSpace(lines[last]) == "" {
		last--
	}
	if first > last {
		return nil, fmt.Errorf("%w: the text is empty", ErrNoMaze)
	}
	// What people paste: tabs (to the next multiple of eight, as a
	// terminal shows them) and a margin of spaces common to every line (a
	// maze indented in a README or a chat) are taken away.
	body := lines[first : last+1]
	expanded := make([][]rune, len(body))
	for i, l := range body {
		var r []rune
		for _, c := range strings.TrimRight(l, "\r") {
			if c == '\t' {
				for len(r)%8 != 7 {
					r = append(r, ' ')
				}
				c = ' '
			}
			r = append(r, c)
		}
		expanded[i] = r
	}
	if !isBox(expanded, opt) {
		// Words and arrows beside the doors, a title above: marks for
		// the doors, taken out of the matrix.
		var top int
		expanded, top = takeLabels(expanded, opt)
		first += top
	}
	margin := commonMargin(expanded)
	rows := make([][]rune, 0, len(body))
	width := 0
	for _, r := range expanded {
		if len(r) >= margin {
			r = r[margin:]
		} else {
			r = nil
		}
		rows = append(rows, r)
		width = max(width, len(r))
	}
	// Lines of very different lengths would make a matrix far larger
	// than the text: a real matrix's lines are all about as long, its
	// outer wall running to the end of each (a door's line may lack its
	// trailing spaces).
	if int64(len(rows))*int64(width) > 2*int64(len(data))+4*int64(width)+64 {
		return nil, fmt.Errorf("%w: the lines are of very different lengths (the longest has %d characters)", ErrNotGrid, width)
	}
	if isBox(rows, opt) {
		return readBox(rows, len(data))
	}
	px := make([][]pixel, len(rows))
	for y, r := range rows {
		px[y] = make([]pixel, width)
		for x, c := range r {
			p, ok := classify(c, opt)
			if !ok {
				return nil, fmt.Errorf("%w: line %d, column %d: %s is neither a wall nor a passage (give --wall-char and --passage-char)", ErrNoMaze, first+y+1, x+1, strconv.QuoteRune(c))
			}
			px[y][x] = p
		}
	}
	kind := Matrix
	if d, ok := undouble(px, width); ok {
		px, width, kind = d, width/2, Doubled
	}
	return readMatrix(px, width, kind, first)
}

// commonMargin is the number of spaces that begin every line that is
// not blank.
func commonMargin(rows [][]rune) int {
	margin := -1
	for _, r := range rows {
		lead := 0
		for lead < len(r) && r[lead] == ' ' {
			lead++
		}
		if lead < len(r) && (margin < 0 || lead < margin) {
			margin = lead
		}
	}
	return max(margin, 0)
}

// classify reads one character of a matrix.
func classify(c rune, opt Options) (pixel, bool) {
	switch {
	case opt.Wall != 0 && c == opt.Wall:
		return wall, true
	case opt.Passage != 0 && c == opt.Passage:
		return free, true
	}
	switch c {
	case 'S', 's', 'A':
		return startMark, true
	case 'G', 'g', 'E', 'e', 'F', 'f', 'B':
		return goalMark, true
	case ' ', '.':
		return free, true
	case '#', '█':
		if opt.Wall == 0 {
			return wall, true
		}
	}
	return 0, false
}

// undouble returns the matrix with every pair of characters made one,
// when every line is made of pairs (two walls, or two passages, or a mark
// and a passage).
func undouble(px [][]pixel, width int) ([][]pixel, bool) {
	if width%2 != 0 || width < 6 {
		return nil, false
	}
	out := make([][]pixel, len(px))
	for y, row := range px {
		out[y] = make([]pixel, width/2)
		for x := 0; x < width; x += 2 {
			a, b := row[x], row[x+1]
			switch {
			case a == b:
			case a == free && b.open():
				a = b
			case b == free && a.open():
			default:
				return nil, false
			}
			out[y][x/2] = a
		}
	}
	return out, true
}

// readMatrix reads the pixel matrix: cell (x, y) is pixel (2x+1, 2y+1).
func readMatrix(px [][]pixel, width int, kind Kind, first int) (*Result, error) {
	h, w := len(px), width
	if h < 3 || w < 3 || h%2 == 0 || w%2 == 0 {
		return nil, fmt.Errorf("%w: a text matrix has 2H+1 lines of 2W+1 characters, cells at odd lines and columns; this one has %d lines of %d", ErrNotGrid, h, w)
	}
	g, err := maze.NewRect((w-1)/2, (h-1)/2)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
	}
	// Cells are passage; a wall where a cell should be means the text is
	// not the matrix.
	for y := 1; y < h; y += 2 {
		for x := 1; x < w; x += 2 {
			if px[y][x] == wall {
				return nil, fmt.Errorf("%w: line %d, column %d is a wall where a cell should be (a text matrix has cells at odd lines and columns, counted from 1 as 2, 4, ...)", ErrNotGrid, first+y+1, x+1)
			}
		}
	}
	m := maze.New(g)
	var cands []candidate
	mark := func(p pixel, d maze.Door) {
		switch p {
		case startMark:
			cands = append(cands, candidate{d, start})
		case goalMark:
			cands = append(cands, candidate{d, goal})
		}
	}
	for cy := 0; cy < g.H; cy++ {
		for cx := 0; cx < g.W; cx++ {
			c := g.Cell(cx, cy)
			x, y := 2*cx+1, 2*cy+1
			mark(px[y][x], maze.Door{Cell: c, Side: maze.Inside})
			if cx < g.W-1 && px[y][x+1].open() {
				m.Carve(c, maze.East)
				mark(px[y][x+1], maze.Door{Cell: c, Side: maze.Inside})
			}
			if cy < g.H-1 && px[y+1][x].open() {
				m.Carve(c, maze.South)
				mark(px[y+1][x], maze.Door{Cell: c, Side: maze.Inside})
			}
		}
	}
	border := func(p pixel, c, side int) {
		if !p.open() {
			return
		}
		r := unmarked
		switch p {
		case startMark:
			r = start
		case goalMark:
			r = goal
		}
		cands = append(cands, candidate{maze.Door{Cell: c, Side: side}, r})
	}
	// In reading order: the top, then the sides line by line, then the
	// bottom.
	for cx := 0; cx < g.W; cx++ {
		border(px[0][2*cx+1], g.Cell(cx, 0), maze.North)
	}
	for cy := 0; cy < g.H; cy++ {
		border(px[2*cy+1][0], g.Cell(0, cy), maze.West)
		border(px[2*cy+1][w-1], g.Cell(g.W-1, cy), maze.East)
	}
	for cx := 0; cx < g.W; cx++ {
		border(px[h-1][2*cx+1], g.Cell(cx, g.H-1), maze.South)
	}
	return finish(m, kind, cands, nil)
}
