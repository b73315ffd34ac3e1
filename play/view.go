package play

import (
	"fmt"
	"math"
	"strings"

	"mazebook/maze"
)

// Tag says what a rune of a rendered view shows, for the front end to
// paint.
type Tag uint8

// The tags.
const (
	// Fog is what the view hides.
	Fog Tag = iota
	// Floor is open ground seen, and the space around the maze.
	Floor
	// Wall is a wall.
	Wall
	// Player is the player.
	Player
	// Thread is Ariadne's thread, the way walked.
	Thread
	// Solution is the way out from the player.
	Solution
	// Entrance is the entrance's opening (an arrow in).
	Entrance
	// Exit is the exit's opening (an arrow out), or the goal inside a
	// cell.
	Exit
)

// Cell is one rune of a rendered view and what it shows.
type Cell struct {
	Rune rune
	Tag  Tag
}

// Canvas is a rendered view: W columns and H rows of cells, row by row.
// A square maze cell is 4 columns by 2 rows of it (3 columns of floor
// between one-column walls, and a row of floor between one-row walls), so
// that it looks about square in a terminal; other shapes are drawn in
// Braille dots, several runes to a cell (see raster).
type Canvas struct {
	W, H  int
	Cells []Cell
	// PlayerX and PlayerY are the column and row of the player.
	PlayerX, PlayerY int
}

// At returns the cell in column x and row y.
func (c Canvas) At(x, y int) Cell { return c.Cells[y*c.W+x] }

// String returns the canvas's runes, one line per row, each ended by a
// newline, with the spaces at the end of each line trimmed.
func (c Canvas) String() string {
	var b strings.Builder
	for y := 0; y < c.H; y++ {
		row := make([]rune, c.W)
		for x := range row {
			row[x] = c.At(x, y).Rune
		}
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// The glyphs of a view.
const (
	PlayerRune      = '@'
	ThreadRune      = '•' // the thread in a cell
	ThreadLinkRune  = '·' // the thread between cells
	SolutionRune    = '+'
	GoalRune        = 'X' // an exit inside a cell
	HorizontalWall  = '─'
	VerticalWall    = '│'
	OverNorthSouth  = '║' // a crossing whose upper corridor runs north-south
	OverEastWest    = '═'
	emptyRune       = ' '
	cellColumns     = 3 // the floor columns of a cell
	columnsPerPixel = cellColumns + 1
)

// junctions are the glyphs where walls meet, by the walls that leave the
// corner: bit 0 north, 1 east, 2 south, 3 west.
var junctions = [16]rune{' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'}

// Arrows pointing north, east, south and west.
var arrows = [4]rune{'↑', '→', '↓', '←'}

// board places each cell of a grid of square cells on a W by H block of
// squares: a weave's crossing and the tunnel under it share one.
type board struct {
	w, h int
	pos  []int32 // the square of each cell, y*w+x
	// over is the crossing's own cell of each square with a tunnel under
	// it, -1 for other squares.
	over   []int32
	overNS []bool
	// used says which squares hold a cell.
	used []bool
}

// MaxCells is the most cells the views draw: a 500x500 maze renders in
// about 50 ms, fast enough for a key press, and no window shows more.
const MaxCells = 250_000

// Drawable reports, with an error that says why not, whether the views
// can draw grid g: grids of square cells in rows and columns (rectangles,
// their masks and weaves) are drawn with box-drawing runes, and other
// grids (circles, hexagons, triangles) in Braille dots; a grid of more
// than MaxCells cells is not drawn.
func Drawable(g maze.Grid) error {
	_, _, err := layOut(g)
	return err
}

// layOut places the cells of g on squares, or failing that on a raster
// of dots, or says why it cannot.
func layOut(g maze.Grid) (*board, *raster, error) {
	if g.Cells() > MaxCells {
		return nil, nil, fmt.Errorf("the views draw at most %d cells (500x500), and this maze has %d", MaxCells, g.Cells())
	}
	if b, err := newBoard(g); err == nil {
		return b, nil, nil
	}
	r, err := newRaster(g)
	if err != nil {
		return nil, nil, err
	}
	return nil, r, nil
}

// newBoard places the cells of g on squares, or says why it cannot.
func newBoard(g maze.Grid) (*board, error) {
	if g.Cells() > MaxCells {
		return nil, fmt.Errorf("the views draw at most %d cells (500x500), and this maze has %d", MaxCells, g.Cells())
	}
	if g.MaxSides() != 4 {
		return nil, fmt.Errorf("the views draw square cells, and this maze's cells have up to %d sides", g.MaxSides())
	}
	gw, gh := g.Size()
	w, h := int(math.Ceil(gw-1e-9)), int(math.Ceil(gh-1e-9))
	if w < 1 || h < 1 || int64(w)*int64(h) > maze.MaxCells {
		return nil, fmt.Errorf("the maze's size %gx%g cannot be drawn", gw, gh)
	}
	b := &board{w: w, h: h, pos: make([]int32, g.Cells()), over: make([]int32, w*h)}
	for i := range b.over {
		b.over[i] = -1
	}
	taken := make([]int32, w*h)
	for i := range taken {
		taken[i] = -1
	}
	for c := 0; c < g.Cells(); c++ {
		if g.Sides(c) != 4 {
			return nil, fmt.Errorf("the views draw square cells, and cell %d has %d sides", c, g.Sides(c))
		}
		for s := 0; s < 4; s++ {
			if maze.AngleGap(g.Heading(c, s), Direction(s).heading()) > 1e-6 {
				return nil, fmt.Errorf("the views draw square cells in rows and columns, and cell %d is turned", c)
			}
		}
		p := g.Center(c)
		x, y := p.X-0.5, p.Y-0.5
		if math.Abs(x-math.Round(x)) > 1e-6 || math.Abs(y-math.Round(y)) > 1e-6 || x < -1e-6 || y < -1e-6 || int(math.Round(x)) >= w || int(math.Round(y)) >= h {
			return nil, fmt.Errorf("the views draw square cells in rows and columns, and cell %d is off the rows", c)
		}
		sq := int32(int(math.Round(y))*w + int(math.Round(x)))
		b.pos[c] = sq
		if o := taken[sq]; o >= 0 {
			// Two cells on one square: a crossing and its tunnel. The
			// crossing's own cell is the one whose sides run along it.
			if b.over[sq] >= 0 {
				return nil, fmt.Errorf("the views draw one cell a square, or a crossing, and square %d holds three", sq)
			}
			b.over[sq] = o
			continue
		}
		taken[sq] = int32(c)
	}
	b.used = make([]bool, w*h)
	for sq, c := range taken {
		b.used[sq] = c >= 0
	}
	b.overNS = make([]bool, w*h)
	for sq, o := range b.over {
		if o >= 0 {
			b.overNS[sq] = g.Neighbor(int(o), maze.North) != maze.NoSide
		}
	}
	return b, nil
}

// The kinds of pixel of the board's matrix: 2w+1 by 2h+1 pixels, a cell
// at each odd (x, y), walls or passages between them, and corners at
// each even (x, y).
const (
	wallNone uint8 = iota // no cell on either side
	wallOpen
	wallUp
)

// Render draws the game as its view shows it: a grid of squares with
// box-drawing runes, any other grid in Braille dots (see raster). It
// fails for a grid the views cannot draw (see Drawable).
func (g *Game) Render() (Canvas, error) {
	if g.board == nil && g.raster == nil {
		b, r, err := layOut(g.m.Grid)
		if err != nil {
			return Canvas{}, err
		}
		g.board, g.raster = b, r
	}
	if g.raster != nil {
		return g.renderRaster()
	}
	b, m, gr := g.board, g.m, g.m.Grid
	pw, ph := 2*b.w+1, 2*b.h+1
	pix := func(x, y int) int { return y*pw + x }
	vis := g.Visible()
	state := make([]uint8, pw*ph)
	seen := make([]bool, pw*ph)
	door := make([]rune, pw*ph)
	doorTag := make([]Tag, pw*ph)
	dx, dy := [4]int{0, 1, 0, -1}, [4]int{-1, 0, 1, 0}
	center := func(c int) (int, int) {
		sq := int(b.pos[c])
		return 2*(sq%b.w) + 1, 2*(sq/b.w) + 1
	}
	for c := 0; c < gr.Cells(); c++ {
		cx, cy := center(c)
		seen[pix(cx, cy)] = seen[pix(cx, cy)] || vis[c]
		for s := 0; s < 4; s++ {
			if gr.Neighbor(c, s) == maze.NoSide {
				continue
			}
			p := pix(cx+dx[s], cy+dy[s])
			if m.IsOpen(c, s) {
				if state[p] != wallUp {
					state[p] = wallOpen
				}
			} else {
				state[p] = wallUp
			}
			seen[p] = seen[p] || vis[c]
		}
	}
	for i, d := range []maze.Door{m.Entrance, m.Exit} {
		if d.IsInside() || d.Cell < 0 {
			continue
		}
		cx, cy := center(d.Cell)
		p := pix(cx+dx[d.Side&3], cy+dy[d.Side&3])
		if i == 0 {
			door[p], doorTag[p] = arrows[(d.Side+2)&3], Entrance
		} else {
			door[p], doorTag[p] = arrows[d.Side&3], Exit
		}
	}

	// The thread and the way out, as marks on the pixels they cross.
	threadAt := make([]bool, pw*ph)
	solutionAt := make([]bool, pw*ph)
	mark := func(at []bool, path []int) {
		for i, c := range path {
			cx, cy := center(c)
			at[pix(cx, cy)] = true
			if i == 0 {
				continue
			}
			prev := path[i-1]
			for s := 0; s < 4; s++ {
				if gr.Neighbor(prev, s) == c {
					px, py := center(prev)
					at[pix(px+dx[s], py+dy[s])] = true
					break
				}
			}
		}
	}
	if g.thread {
		thread := g.Thread()
		mark(threadAt, thread)
		if d := m.Entrance; !d.IsInside() {
			cx, cy := center(d.Cell)
			threadAt[pix(cx+dx[d.Side&3], cy+dy[d.Side&3])] = true
		}
		if d := m.Exit; g.finished && !d.IsInside() {
			cx, cy := center(d.Cell)
			threadAt[pix(cx+dx[d.Side&3], cy+dy[d.Side&3])] = true
		}
	}
	if g.solution && !g.finished {
		mark(solutionAt, g.WayOut())
	}

	cv := Canvas{W: b.w*columnsPerPixel + 1, H: ph}
	cv.Cells = make([]Cell, cv.W*cv.H)
	put := func(col, row int, r rune, t Tag) { cv.Cells[row*cv.W+col] = Cell{r, t} }
	player := g.Player()
	playerX, playerY := center(player)
	for y := 0; y < ph; y++ {
		for x := 0; x < pw; x++ {
			p := pix(x, y)
			col := x / 2 * columnsPerPixel
			switch {
			case x%2 == 0 && y%2 == 0: // a corner
				arms := 0
				for s := 0; s < 4; s++ {
					ax, ay := x+dx[s], y+dy[s]
					if ax >= 0 && ay >= 0 && ax < pw && ay < ph && state[pix(ax, ay)] == wallUp && seen[pix(ax, ay)] {
						arms |= 1 << s
					}
				}
				switch {
				case arms != 0:
					put(col, y, junctions[arms], Wall)
				case g.cornerSeen(seen, state, pix, x, y, pw, ph):
					put(col, y, emptyRune, Floor)
				default:
					put(col, y, emptyRune, fogOr(state[p] == wallNone && !g.cornerNearCell(state, pix, x, y, pw, ph)))
				}
			case x%2 == 1 && y%2 == 1: // a cell
				t := fogOr(seen[p] || !b.used[(y/2)*b.w+x/2])
				mid, midTag := emptyRune, t
				left, right := Cell{emptyRune, t}, Cell{emptyRune, t}
				if seen[p] {
					sq := (y/2)*b.w + x/2
					if o := b.over[sq]; o >= 0 {
						mid, midTag = OverEastWest, Floor
						if b.overNS[sq] {
							mid = OverNorthSouth
						}
					}
					if d := m.Exit; d.IsInside() && x == 2*(int(b.pos[d.Cell])%b.w)+1 && y == 2*(int(b.pos[d.Cell])/b.w)+1 {
						mid, midTag = GoalRune, Exit
					}
				}
				if solutionAt[p] {
					mid, midTag = SolutionRune, Solution
				}
				if threadAt[p] && seen[p] {
					mid, midTag = ThreadRune, Thread
					if x > 0 && threadAt[pix(x-1, y)] {
						left = Cell{ThreadLinkRune, Thread}
					}
					if x < pw-1 && threadAt[pix(x+1, y)] {
						right = Cell{ThreadLinkRune, Thread}
					}
				}
				if x == playerX && y == playerY {
					mid, midTag = PlayerRune, Player
				}
				put(col+1, y, left.Rune, left.Tag)
				put(col+2, y, mid, midTag)
				put(col+3, y, right.Rune, right.Tag)
			default: // a wall or a passage between two cells
				r, t := emptyRune, fogOr(seen[p] || state[p] == wallNone)
				switch {
				case !seen[p]:
					if solutionAt[p] {
						r, t = SolutionRune, Solution
					}
				case state[p] == wallUp:
					r, t = HorizontalWall, Wall
					if x%2 == 0 {
						r = VerticalWall
					}
				case threadAt[p]:
					r, t = ThreadLinkRune, Thread
				case door[p] != 0:
					r, t = door[p], doorTag[p]
				case solutionAt[p]:
					r, t = SolutionRune, Solution
				}
				if x%2 == 0 {
					put(col, y, r, t)
					break
				}
				// A horizontal wall runs the three columns of the cell
				// it bounds; a mark in it sits in the middle.
				side := Cell{emptyRune, t}
				if r == HorizontalWall {
					side = Cell{r, t}
				} else if t == Thread || t == Solution || t == Entrance || t == Exit {
					side = Cell{emptyRune, Floor}
				}
				put(col+1, y, side.Rune, side.Tag)
				put(col+2, y, r, t)
				put(col+3, y, side.Rune, side.Tag)
			}
		}
	}
	cv.PlayerX, cv.PlayerY = playerX/2*columnsPerPixel+2, playerY
	return cv, nil
}

// fogOr returns Floor when shown, else Fog.
func fogOr(shown bool) Tag {
	if shown {
		return Floor
	}
	return Fog
}

// cornerSeen reports whether any wall or passage next to the corner at
// pixel (x, y) is seen.
func (g *Game) cornerSeen(seen []bool, state []uint8, pix func(x, y int) int, x, y, pw, ph int) bool {
	for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		ax, ay := x+d[0], y+d[1]
		if ax >= 0 && ay >= 0 && ax < pw && ay < ph && seen[pix(ax, ay)] && state[pix(ax, ay)] != wallNone {
			return true
		}
	}
	return false
}

// cornerNearCell reports whether any wall or passage next to the corner
// at pixel (x, y) bounds a cell.
func (g *Game) cornerNearCell(state []uint8, pix func(x, y int) int, x, y, pw, ph int) bool {
	for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		ax, ay := x+d[0], y+d[1]
		if ax >= 0 && ay >= 0 && ax < pw && ay < ph && state[pix(ax, ay)] != wallNone {
			return true
		}
	}
	return false
}
