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
	p := g.pixels()
	cv := Canvas{W: p.b.w*columnsPerPixel + 1, H: p.h}
	cv.Cells = make([]Cell, cv.W*cv.H)
	put := func(col, row int, c Cell) { cv.Cells[row*cv.W+col] = c }
	playerX, playerY := p.center(g.Player())
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			col := x / 2 * columnsPerPixel
			switch {
			case x%2 == 0 && y%2 == 0:
				put(col, y, p.corner(x, y))
			case x%2 == 1 && y%2 == 1:
				left, mid, right := p.cell(x, y)
				if x == playerX && y == playerY {
					mid = Cell{PlayerRune, Player}
				}
				put(col+1, y, left)
				put(col+2, y, mid)
				put(col+3, y, right)
			case x%2 == 0:
				put(col, y, p.between(x, y))
			default:
				// A horizontal wall runs the three columns of the cell
				// it bounds; a mark in it sits in the middle.
				mid := p.between(x, y)
				side := Cell{emptyRune, mid.Tag}
				if mid.Rune == HorizontalWall {
					side = mid
				} else if t := mid.Tag; t == Thread || t == Solution || t == Entrance || t == Exit {
					side = Cell{emptyRune, Floor}
				}
				put(col+1, y, side)
				put(col+2, y, mid)
				put(col+3, y, side)
			}
		}
	}
	cv.PlayerX, cv.PlayerY = playerX/2*columnsPerPixel+2, playerY
	return cv, nil
}

// pixels are a board of squares as the game's view shows it, on a grid of
// pixels twice as fine plus one: a cell at each odd (x, y), the wall or
// passage between two cells at each (x, y) of one odd coordinate, and
// corners at each even (x, y).
type pixels struct {
	g    *Game
	b    *board
	w, h int
	// state is each wall pixel's wall (wallNone, wallOpen, wallUp) and
	// seen whether the view shows it; door and doorTag are the arrows of
	// the doors in the outer wall.
	state   []uint8
	seen    []bool
	door    []rune
	doorTag []Tag
	// thread and solution mark the pixels the thread and the way out
	// cross.
	thread, solution []bool
}

// pixels lays the game's board out as pixels: its walls, what the view
// shows, its doors, the thread and the way out.
func (g *Game) pixels() *pixels {
	b, m, gr := g.board, g.m, g.m.Grid
	pw, ph := 2*b.w+1, 2*b.h+1
	n := pw * ph
	p := &pixels{g: g, b: b, w: pw, h: ph, state: make([]uint8, n), seen: make([]bool, n),
		door: make([]rune, n), doorTag: make([]Tag, n), thread: make([]bool, n), solution: make([]bool, n)}
	vis := g.Visible()
	for c := 0; c < gr.Cells(); c++ {
		cx, cy := p.center(c)
		p.seen[p.at(cx, cy)] = p.seen[p.at(cx, cy)] || vis[c]
		for s := 0; s < 4; s++ {
			if gr.Neighbor(c, s) == maze.NoSide {
				continue
			}
			i := p.at(cx+stepX[s], cy+stepY[s])
			if m.IsOpen(c, s) {
				if p.state[i] != wallUp {
					p.state[i] = wallOpen
				}
			} else {
				p.state[i] = wallUp
			}
			p.seen[i] = p.seen[i] || vis[c]
		}
	}
	for i, d := range []maze.Door{m.Entrance, m.Exit} {
		if d.IsInside() || d.Cell < 0 {
			continue
		}
		k := p.doorPixel(d)
		if i == 0 {
			p.door[k], p.doorTag[k] = arrows[(d.Side+2)&3], Entrance
		} else {
			p.door[k], p.doorTag[k] = arrows[d.Side&3], Exit
		}
	}
	if g.thread {
		p.mark(p.thread, g.Thread())
		if d := m.Entrance; !d.IsInside() {
			p.thread[p.doorPixel(d)] = true
		}
		if d := m.Exit; g.finished && !d.IsInside() {
			p.thread[p.doorPixel(d)] = true
		}
	}
	if g.solution && !g.finished {
		p.mark(p.solution, g.WayOut())
	}
	return p
}

// The pixel steps across each side of a square: north, east, south,
// west.
var (
	stepX = [4]int{0, 1, 0, -1}
	stepY = [4]int{-1, 0, 1, 0}
)

// at returns the index of pixel (x, y).
func (p *pixels) at(x, y int) int { return y*p.w + x }

// center returns the pixel of cell c.
func (p *pixels) center(c int) (int, int) {
	sq := int(p.b.pos[c])
	return 2*(sq%p.b.w) + 1, 2*(sq/p.b.w) + 1
}

// doorPixel returns the index of the pixel of door d in the outer wall.
func (p *pixels) doorPixel(d maze.Door) int {
	cx, cy := p.center(d.Cell)
	return p.at(cx+stepX[d.Side&3], cy+stepY[d.Side&3])
}

// mark sets the pixels path crosses: its cells and the passages between
// them.
func (p *pixels) mark(at []bool, path []int) {
	gr := p.g.m.Grid
	for i, c := range path {
		cx, cy := p.center(c)
		at[p.at(cx, cy)] = true
		if i == 0 {
			continue
		}
		prev := path[i-1]
		for s := 0; s < 4; s++ {
			if gr.Neighbor(prev, s) == c {
				px, py := p.center(prev)
				at[p.at(px+stepX[s], py+stepY[s])] = true
				break
			}
		}
	}
}

// corner draws the corner at pixel (x, y): the junction of the walls
// seen around it, or floor or fog.
func (p *pixels) corner(x, y int) Cell {
	arms := 0
	for s := 0; s < 4; s++ {
		ax, ay := x+stepX[s], y+stepY[s]
		if ax >= 0 && ay >= 0 && ax < p.w && ay < p.h && p.state[p.at(ax, ay)] == wallUp && p.seen[p.at(ax, ay)] {
			arms |= 1 << s
		}
	}
	switch {
	case arms != 0:
		return Cell{junctions[arms], Wall}
	case p.around(x, y, true):
		return Cell{emptyRune, Floor}
	}
	return Cell{emptyRune, fogOr(p.state[p.at(x, y)] == wallNone && !p.around(x, y, false))}
}

// around reports whether any wall or passage next to the corner at pixel
// (x, y) is there (bounds a cell), and, when seen is set, is seen.
func (p *pixels) around(x, y int, seen bool) bool {
	for s := 0; s < 4; s++ {
		ax, ay := x+stepX[s], y+stepY[s]
		if ax < 0 || ay < 0 || ax >= p.w || ay >= p.h {
			continue
		}
		if i := p.at(ax, ay); p.state[i] != wallNone && (!seen || p.seen[i]) {
			return true
		}
	}
	return false
}

// cell draws the cell at pixel (x, y) in three columns: its middle (a
// crossing, the goal, the way out or the thread) and the thread's links
// to its neighbours on either side.
func (p *pixels) cell(x, y int) (left, mid, right Cell) {
	i := p.at(x, y)
	t := fogOr(p.seen[i] || !p.b.used[(y/2)*p.b.w+x/2])
	mid = Cell{emptyRune, t}
	left, right = mid, mid
	if p.seen[i] {
		sq := (y/2)*p.b.w + x/2
		if o := p.b.over[sq]; o >= 0 {
			mid = Cell{OverEastWest, Floor}
			if p.b.overNS[sq] {
				mid.Rune = OverNorthSouth
			}
		}
		if d := p.g.m.Exit; d.IsInside() {
			if gx, gy := p.center(d.Cell); x == gx && y == gy {
				mid = Cell{GoalRune, Exit}
			}
		}
	}
	if p.solution[i] {
		mid = Cell{SolutionRune, Solution}
	}
	if p.thread[i] && p.seen[i] {
		mid = Cell{ThreadRune, Thread}
		if x > 0 && p.thread[p.at(x-1, y)] {
			left = Cell{ThreadLinkRune, Thread}
		}
		if x < p.w-1 && p.thread[p.at(x+1, y)] {
			right = Cell{ThreadLinkRune, Thread}
		}
	}
	return left, mid, right
}

// between draws the wall or passage between two cells at pixel (x, y):
// the wall where it stands and is seen, else the thread, a door's arrow
// or the way out across it.
func (p *pixels) between(x, y int) Cell {
	i := p.at(x, y)
	c := Cell{emptyRune, fogOr(p.seen[i] || p.state[i] == wallNone)}
	switch {
	case !p.seen[i]:
		if p.solution[i] {
			c = Cell{SolutionRune, Solution}
		}
	case p.state[i] == wallUp:
		c = Cell{HorizontalWall, Wall}
		if x%2 == 0 {
			c.Rune = VerticalWall
		}
	case p.thread[i]:
		c = Cell{ThreadLinkRune, Thread}
	case p.door[i] != 0:
		c = Cell{p.door[i], p.doorTag[i]}
	case p.solution[i]:
		c = Cell{SolutionRune, Solution}
	}
	return c
}

// fogOr returns Floor when shown, else Fog.
func fogOr(shown bool) Tag {
	if shown {
		return Floor
	}
	return Fog
}
