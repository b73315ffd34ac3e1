package play

import (
	"fmt"
	"math"

	"mazebook/maze"
)

// The views draw a grid whose cells are not squares in rows and columns
// (a circle, hexagons, triangles) as a picture in Braille dots: each rune
// of the canvas is a block of 2 by 4 dots (U+2800 to U+28FF), and a dot
// is about square in a terminal, whose characters are about twice as
// tall as wide. The walls of the cells the view shows are lines of dots;
// Ariadne's thread is a line of ThreadLinkRunes between the cells'
// centres with a ThreadRune in each cell it passes; the way out is a SolutionRune in
// each of its cells and passages; the player, the goal and the doors'
// arrows are runes of their own.

// Dots of a Braille rune: a rune is dotsX dots wide and dotsY tall.
const (
	dotsX       = 2
	dotsY       = 4
	brailleBase = 0x2800
	// corridorDots is how many dots wide the views draw the narrowest
	// corridor of a grid: a cell is then several runes wide, with room
	// for the player between its walls.
	corridorDots = 10
	// marginDots is the room around the maze for the doors' arrows.
	marginDots = 4
)

// brailleBit is the bit of a Braille rune for the dot in column x (0 or
// 1) and row y (0 to 3) of its block.
var brailleBit = [dotsY][dotsX]uint8{{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}}

// Arrows pointing the eight ways, from east turning clockwise (y grows
// downwards).
var arrows8 = [8]rune{'→', '↘', '↓', '↙', '←', '↖', '↑', '↗'}

// arrowToward returns the arrow nearest the direction of angle a.
func arrowToward(a float64) rune {
	i := int(math.Round(a/(math.Pi/4))) % 8
	if i < 0 {
		i += 8
	}
	return arrows8[i]
}

// raster is the geometry of a grid drawn in dots: the scale and origin
// that take grid units to dots, the canvas's size, and the cell whose
// area holds each rune's middle.
type raster struct {
	scale  float64 // dots per grid unit
	origin float64 // dots between the canvas's edge and the grid's (0, 0)
	w, h   int     // the canvas's size in runes
	owner  []int32 // for each rune, the cell holding its middle, or -1
}

// newRaster places grid g on a canvas of Braille runes, or says why it
// cannot.
func newRaster(g maze.Grid) (*raster, error) {
	if g.Cells() > MaxCells {
		return nil, fmt.Errorf("the views draw at most %d cells, and this maze has %d", MaxCells, g.Cells())
	}
	gw, gh := g.Size()
	clear := maze.Clearance(g)
	if !(clear > 0) || math.IsInf(clear, 0) {
		return nil, fmt.Errorf("the maze's corridors have no width")
	}
	scale := min(max(corridorDots/clear, 4), 14)
	dw, dh := float64(gw*scale)+2*marginDots, float64(gh*scale)+2*marginDots
	if !(dw > 0 && dh > 0) || dw*dh > 64*MaxCells*float64(dotsX*dotsY) {
		return nil, fmt.Errorf("the maze's size %gx%g cannot be drawn", gw, gh)
	}
	r := &raster{scale: scale, origin: marginDots, w: int(math.Ceil(dw / dotsX)), h: int(math.Ceil(dh / dotsY))}
	r.owner = make([]int32, r.w*r.h)
	for i := range r.owner {
		r.owner[i] = -1
	}
	var poly []maze.Point
	for c := 0; c < g.Cells(); c++ {
		poly = poly[:0]
		for s := 0; s < g.Sides(c); s++ {
			poly = r.flatten(g.Side(c, s), poly, false)
		}
		r.fill(c, poly)
	}
	return r, nil
}

// dot returns where grid point p lies in dots.
func (r *raster) dot(p maze.Point) (float64, float64) {
	return r.origin + float64(p.X*r.scale), r.origin + float64(p.Y*r.scale)
}

// runeAt returns the column and row of the rune holding grid point p.
func (r *raster) runeAt(p maze.Point) (int, int) {
	x, y := r.dot(p)
	return int(math.Floor(x / dotsX)), int(math.Floor(y / dotsY))
}

// flatten appends the points of edge e to pts, an arc as short chords of
// at most two dots, and its last point when last is set (a side's last
// point is the next side's first).
func (r *raster) flatten(e maze.Edge, pts []maze.Point, last bool) []maze.Point {
	if !e.IsArc() {
		pts = append(pts, e.A)
		if last {
			pts = append(pts, e.B)
		}
		return pts
	}
	a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
	sweep := e.Sweep()
	n := int(math.Ceil(math.Abs(sweep)*e.Radius*r.scale/2)) + 1
	for i := 0; i < n; i++ {
		a := a0 + sweep*float64(i)/float64(n)
		pts = append(pts, maze.Point{X: e.Center.X + float64(e.Radius*math.Cos(a)), Y: e.Center.Y + float64(e.Radius*math.Sin(a))})
	}
	if last {
		pts = append(pts, e.B)
	}
	return pts
}

// fill makes cell c the owner of the runes whose middles lie inside
// polygon poly (grid units).
func (r *raster) fill(c int, poly []maze.Point) {
	if len(poly) < 3 {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		x, y := r.dot(p)
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	x0, x1 := max(0, int(math.Floor(minX/dotsX))), min(r.w-1, int(math.Ceil(maxX/dotsX)))
	y0, y1 := max(0, int(math.Floor(minY/dotsY))), min(r.h-1, int(math.Ceil(maxY/dotsY)))
	for row := y0; row <= y1; row++ {
		py := ((float64(row)+0.5)*dotsY - r.origin) / r.scale
		for col := x0; col <= x1; col++ {
			px := ((float64(col)+0.5)*dotsX - r.origin) / r.scale
			if inside(poly, px, py) {
				r.owner[row*r.w+col] = int32(c)
			}
		}
	}
}

// inside reports whether (x, y) lies inside polygon poly, by the even-odd
// rule.
func inside(poly []maze.Point, x, y float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > y) != (b.Y > y) && x < (b.X-a.X)*(y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// dots is a picture in dots, a canvas's runes times 2 by 4.
type dots struct {
	w, h int // in dots
	bits []bool
}

func (d *dots) set(x, y float64) {
	ix, iy := int(math.Floor(x)), int(math.Floor(y))
	if ix >= 0 && iy >= 0 && ix < d.w && iy < d.h {
		d.bits[iy*d.w+ix] = true
	}
}

// line draws the chord from p to q (in dots), every dot, or every other
// dot when dotted.
func (d *dots) line(px, py, qx, qy float64, dotted bool) {
	n := int(math.Ceil(math.Max(math.Abs(qx-px), math.Abs(qy-py))))
	step := 1
	if dotted {
		step = 2
	}
	if !dotted {
		n *= 2 // half-dot steps leave no gaps
	}
	if n == 0 {
		d.set(px, py)
		return
	}
	for i := 0; i <= n; i += step {
		t := float64(i) / float64(n)
		d.set(px+float64((qx-px)*t), py+float64((qy-py)*t))
	}
}

// edge draws edge e of the grid.
func (r *raster) edge(d *dots, e maze.Edge, dotted bool, buf []maze.Point) []maze.Point {
	buf = r.flatten(e, buf[:0], true)
	for i := 1; i < len(buf); i++ {
		ax, ay := r.dot(buf[i-1])
		bx, by := r.dot(buf[i])
		d.line(ax, ay, bx, by, dotted)
	}
	return buf
}

// renderRaster draws the game on a grid that is not made of squares (see
// raster).
func (g *Game) renderRaster() (Canvas, error) {
	if g.raster == nil {
		r, err := newRaster(g.m.Grid)
		if err != nil {
			return Canvas{}, err
		}
		g.raster = r
	}
	r, m, gr := g.raster, g.m, g.m.Grid
	vis := g.Visible()
	walls := &dots{w: r.w * dotsX, h: r.h * dotsY}
	walls.bits = make([]bool, walls.w*walls.h)
	var buf []maze.Point
	for c := 0; c < gr.Cells(); c++ {
		if !vis[c] {
			continue
		}
		for s := 0; s < gr.Sides(c); s++ {
			if gr.Neighbor(c, s) == maze.NoSide || m.IsOpen(c, s) {
				continue
			}
			// A wall between two shown cells is drawn once.
			if n := gr.Neighbor(c, s); n >= 0 && n < c && vis[n] {
				continue
			}
			buf = r.edge(walls, gr.Side(c, s), false, buf)
		}
	}

	cv := Canvas{W: r.w, H: r.h, Cells: make([]Cell, r.w*r.h)}
	shown := func(col, row int) bool {
		o := r.owner[row*r.w+col]
		return o < 0 || vis[o]
	}
	// The thread: a ThreadLinkRune in each rune its way from the entrance
	// through the cells' centres crosses, drawn where the view shows.
	link := make([]bool, r.w*r.h)
	var threadCells []int
	if g.thread {
		threadCells = g.Thread()
		mark := func(e maze.Edge) {
			buf = r.flatten(e, buf[:0], true)
			for i := 1; i < len(buf); i++ {
				ax, ay := r.dot(buf[i-1])
				bx, by := r.dot(buf[i])
				n := int(math.Ceil(math.Max(math.Abs(bx-ax), math.Abs(by-ay)))) + 1
				for k := 0; k <= n; k++ {
					t := float64(k) / float64(n)
					col, row := int((ax+float64((bx-ax)*t))/dotsX), int((ay+float64((by-ay)*t))/dotsY)
					if col >= 0 && row >= 0 && col < r.w && row < r.h {
						link[row*r.w+col] = true
					}
				}
			}
		}
		if d := m.Entrance; !d.IsInside() {
			mark(maze.Edge{A: gr.Side(d.Cell, d.Side).Mid(), B: gr.Center(d.Cell)})
		}
		for i := 1; i < len(threadCells); i++ {
			a, b := threadCells[i-1], threadCells[i]
			if st, ok := gr.(maze.Stepper); ok {
				mark(st.Step(a, b))
			} else {
				mark(maze.Edge{A: gr.Center(a), B: gr.Center(b)})
			}
		}
		if d := m.Exit; g.finished && !d.IsInside() {
			mark(maze.Edge{A: gr.Center(d.Cell), B: gr.Side(d.Cell, d.Side).Mid()})
		}
	}
	for row := 0; row < r.h; row++ {
		for col := 0; col < r.w; col++ {
			var bits uint8
			for y := 0; y < dotsY; y++ {
				for x := 0; x < dotsX; x++ {
					if walls.bits[(row*dotsY+y)*walls.w+col*dotsX+x] {
						bits |= brailleBit[y][x]
					}
				}
			}
			cell := Cell{emptyRune, fogOr(shown(col, row))}
			switch {
			case bits != 0:
				cell = Cell{rune(brailleBase) + rune(bits), Wall}
			case link[row*r.w+col] && shown(col, row):
				cell = Cell{ThreadLinkRune, Thread}
			}
			cv.Cells[row*r.w+col] = cell
		}
	}
	put := func(p maze.Point, c Cell) {
		col, row := r.runeAt(p)
		if col >= 0 && row >= 0 && col < r.w && row < r.h {
			cv.Cells[row*r.w+col] = c
		}
	}
	// The doors of the cells shown: an arrow outside the opening,
	// pointing in at the entrance and out at the exit; a goal inside a
	// cell is a GoalRune.
	for i, d := range []maze.Door{m.Entrance, m.Exit} {
		if !vis[d.Cell] {
			continue
		}
		if d.IsInside() {
			if i == 1 {
				put(gr.Center(d.Cell), Cell{GoalRune, Exit})
			}
			continue
		}
		mid, ctr := gr.Side(d.Cell, d.Side).Mid(), gr.Center(d.Cell)
		a := math.Atan2(mid.Y-ctr.Y, mid.X-ctr.X)
		out := 0.6 * marginDots / r.scale
		at := maze.Point{X: mid.X + float64(out*math.Cos(a)), Y: mid.Y + float64(out*math.Sin(a))}
		if i == 0 {
			put(at, Cell{arrowToward(a + math.Pi), Entrance})
		} else {
			put(at, Cell{arrowToward(a), Exit})
		}
	}
	for _, c := range threadCells {
		if vis[c] {
			put(gr.Center(c), Cell{ThreadRune, Thread})
		}
	}
	// The way out, through the dark too: a mark in each cell and in each
	// passage between two.
	if g.solution && !g.finished {
		way := g.WayOut()
		for i, c := range way {
			put(gr.Center(c), Cell{SolutionRune, Solution})
			if i == 0 {
				continue
			}
			for s := 0; s < gr.Sides(way[i-1]); s++ {
				if gr.Neighbor(way[i-1], s) == c {
					put(gr.Side(way[i-1], s).Mid(), Cell{SolutionRune, Solution})
					break
				}
			}
		}
	}
	cv.PlayerX, cv.PlayerY = r.runeAt(gr.Center(g.Player()))
	put(gr.Center(g.Player()), Cell{PlayerRune, Player})
	return cv, nil
}
