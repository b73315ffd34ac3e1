package read

import (
	"slices"
	"strings"
	"unicode"
)

// The words and arrows people write beside a maze's doors, and the role
// each gives the door it stands by.
var (
	startWords = []string{"start", "begin", "entrance", "enter", "in", "s", "a"}
	goalWords  = []string{"end", "goal", "finish", "exit", "out", "e", "g", "f", "b"}
)

// arrowRole returns the role an arrow gives the door it stands by, on
// side (0 above, 1 right, 2 below, 3 left of the maze): pointing in, the
// start; pointing out, the goal; not an arrow, unmarked.
func arrowRole(c rune, side int) role {
	dir := -1 // the way the arrow points: 0 up, 1 right, 2 down, 3 left
	switch c {
	case '↑', '^', '⇑', '▲':
		dir = 0
	case '→', '>', '⇒', '▶', '►':
		dir = 1
	case '↓', 'v', 'V', '⇓', '▼':
		dir = 2
	case '←', '<', '⇐', '◀', '◄':
		dir = 3
	}
	switch {
	case dir < 0:
		return unmarked
	case dir == (side+2)%4: // pointing from the side towards the maze
		return start
	case dir == side:
		return goal
	}
	return unmarked
}

// labelRole reads a label written beside a door: a word (start, end,
// goal, ...) or a letter decides; else an arrow pointing in or out. A
// strict label (a line above or below the maze, which may be a title)
// counts only when it is nothing but such words and arrows.
func labelRole(label string, side int, strict bool) role {
	words := strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !unicode.IsLetter(r) })
	if strict {
		for _, w := range words {
			if !slices.Contains(startWords, w) && !slices.Contains(goalWords, w) {
				return unmarked
			}
		}
	}
	for _, w := range words {
		switch {
		case slices.Contains(startWords, w):
			return start
		case slices.Contains(goalWords, w):
			return goal
		}
	}
	for _, c := range label {
		if r := arrowRole(c, side); r != unmarked {
			return r
		}
	}
	return unmarked
}

// isWallChar reports whether c draws a wall of a text matrix.
func isWallChar(c rune, opt Options) bool {
	if opt.Wall != 0 {
		return c == opt.Wall
	}
	return c == '#' || c == '█'
}

// takeLabels finds the words and arrows written outside a text matrix
// (beside a door on its line, or above or below it), takes them away,
// and writes the role they give into the door they stand by: S or G in
// the gap of the outer wall, as if it had been marked there. Lines above
// and below the maze with no wall (a title, a label) are taken away. It
// returns the rows left and the number of lines taken from the top.
func takeLabels(rows [][]rune, opt Options) ([][]rune, int) {
	first, last := -1, -1
	lo, hi := -1, -1 // the columns of the outer walls
	for y, r := range rows {
		for x, c := range r {
			if isWallChar(c, opt) {
				if first < 0 {
					first = y
				}
				last = y
				if lo < 0 || x < lo {
					lo = x
				}
				hi = max(hi, x)
			}
		}
	}
	if first < 0 {
		return rows, 0
	}
	mark := func(y, x int, r role) {
		if r == unmarked || y < 0 || y >= len(rows) || x < 0 || x >= len(rows[y]) || rows[y][x] != ' ' {
			return
		}
		rows[y][x] = 'G'
		if r == start {
			rows[y][x] = 'S'
		}
	}
	// Beside the maze on its lines: left of the west wall, right of the
	// east wall.
	for y := first; y <= last; y++ {
		r := rows[y]
		if lo > 0 && len(r) > 0 {
			left := string(r[:min(lo, len(r))])
			if strings.TrimSpace(left) != "" {
				for x := range min(lo, len(r)) {
					r[x] = ' '
				}
				mark(y, lo, labelRole(left, 3, false))
			}
		}
		if len(r) > hi+1 {
			right := string(r[hi+1:])
			if strings.TrimSpace(right) != "" {
				rows[y] = r[:hi+1]
				for len(rows[y]) < hi+1 {
					rows[y] = append(rows[y], ' ')
				}
				mark(y, hi, labelRole(right, 1, false))
			}
		}
	}
	// Above and below: each label marks the gap of the outer wall nearest
	// its middle.
	nearestGap := func(y int, label []rune) int {
		mid, n := 0, 0
		for x, c := range label {
			if c != ' ' {
				mid += x
				n++
			}
		}
		if n == 0 {
			return -1
		}
		mid /= n
		best := -1
		for x := lo; x <= hi && x < len(rows[y]); x++ {
			if rows[y][x] == ' ' && (best < 0 || abs(x-mid) < abs(best-mid)) {
				best = x
			}
		}
		return best
	}
	for y := 0; y < first; y++ {
		if role := labelRole(string(rows[y]), 0, true); role != unmarked {
			mark(first, nearestGap(first, rows[y]), role)
		}
	}
	for y := last + 1; y < len(rows); y++ {
		if role := labelRole(string(rows[y]), 2, true); role != unmarked {
			mark(last, nearestGap(last, rows[y]), role)
		}
	}
	return rows[first : last+1], first
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
