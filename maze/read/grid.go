package read

import (
	"fmt"
	"math"
	"sort"

	"mazebook/maze"
)

// readGrid reads the maze in box on its grid.
func readGrid(g *gray, thr int, box rect, walls int) (*Result, error) {
	box = trimBox(g, thr, box)
	t := wallThickness(g, thr, box)
	if t < 1 {
		return nil, errNoGrid
	}
	// The ink profiles along the box.
	cols := make([]float64, box.w())
	rows := make([]float64, box.h())
	for y := box.y0; y <= box.y1; y++ {
		for x := box.x0; x <= box.x1; x++ {
			if int(g.lum[y*g.w+x]) < thr {
				cols[x-box.x0]++
				rows[y-box.y0]++
			}
		}
	}
	combX, combY := combScores(cols, t), combScores(rows, t)
	xs, cx := best(combX)
	ys, cy := best(combY)
	// Cells are most often square: an axis with few walls (Eller's or
	// the sidewinder's long corridors) may show a multiple of the pitch
	// the other shows; take the finer grid when it fits well enough.
	ys, cy = squareUp(xs, cx, ys, cy, combY)
	xs, cx = squareUp(ys, cy, xs, cx, combX)
	if xs.n < 2 || ys.n < 2 || cx < minCorrelation || cy < minCorrelation {
		return nil, errNoGrid
	}
	xs.first += float64(box.x0)
	ys.first += float64(box.y0)
	return readOn(g, thr, t, xs, ys, walls)
}

// A gridReader reads a picture's maze on one grid.
type gridReader struct {
	g      *gray
	thr    int     // the lightness below which a pixel is ink
	t      float64 // the walls' thickness, in pixels
	xs, ys lines   // where the grid's walls run
	walls  int     // the pixels of the maze's walls: its largest piece of touching ink
	band   bandReader
	// paper is the lightness at the cells' middles, ink the outer wall's;
	// a wall's band lighter than cut is open.
	paper, ink, cut float64
	labels          []int32 // passable's scratch space
}

// readOn reads the maze on the grid whose walls run along xs and ys,
// with walls t pixels thick, the maze's walls (its largest piece of
// touching ink) walls pixels (see gridReader.read).
func readOn(g *gray, thr int, t float64, xs, ys lines, walls int) (*Result, error) {
	r := &gridReader{g: g, thr: thr, t: t, xs: xs, ys: ys, walls: walls}
	return r.read()
}

// read reads the maze on r's grid: its passages, then its doors. A grid
// that reads as pairs of cells always joined across every other line
// (the walls of a maze one or two cells wide are too few to tell its
// pitch from half of it) is read again at twice the pitch, when that has
// fewer loops.
func (r *gridReader) read() (*Result, error) {
	xs, ys := r.xs, r.ys
	grid, err := maze.NewRect(xs.n, ys.n)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
	}
	r.band = bandReader{g: r.g, t: r.t, pitchX: xs.pitch, pitchY: ys.pitch}
	if !r.levels() {
		return nil, errNoGrid
	}
	m, ok := r.passages(grid)
	if !ok {
		return nil, errNoGrid
	}
	if halved(m) {
		coarse := func(l lines) lines { return lines{first: l.first, pitch: 2 * l.pitch, n: l.n / 2} }
		if res, err := readOn(r.g, r.thr, r.t, coarse(xs), coarse(ys), r.walls); err == nil && res.Loops < loopCount(m) {
			return res, nil
		}
		return nil, errNoGrid // either pitch reads: not a reading to trust
	}
	cands, gaps := r.gaps(grid)
	cands = append(cands, r.blots(grid)...)
	cands = r.colouredMarks(grid, cands, gaps)
	if !r.explains(m, cands) {
		return nil, errNoGrid
	}
	res, err := finish(m, Picture, cands, nil)
	res.Pitch = math.Round((xs.pitch+ys.pitch)/2*10) / 10
	res.Wall = math.Round(r.t*10) / 10
	return res, err
}

// levels finds the paper's lightness (at the cells' middles) and the
// ink's (the outer wall's), and reports whether they are far enough
// apart to read walls by.
func (r *gridReader) levels() bool {
	xs, ys, band := r.xs, r.ys, r.band
	var paperS, inkS []float64
	for j := 0; j < ys.n; j++ {
		for i := 0; i < xs.n; i++ {
			if len(paperS) < 4000 || (i+j)%7 == 0 {
				paperS = append(paperS, float64(r.g.at(int((xs.at(i)+xs.at(i+1))/2), int((ys.at(j)+ys.at(j+1))/2))))
			}
		}
	}
	for i := 0; i < xs.n; i++ {
		inkS = append(inkS, band.horizontal(ys.at(0), xs.at(i), xs.at(i+1), -1), band.horizontal(ys.at(ys.n), xs.at(i), xs.at(i+1), 1))
	}
	for j := 0; j < ys.n; j++ {
		inkS = append(inkS, band.vertical(xs.at(0), ys.at(j), ys.at(j+1), -1), band.vertical(xs.at(xs.n), ys.at(j), ys.at(j+1), 1))
	}
	r.paper, r.ink = median(paperS), median(inkS)
	r.cut = (r.paper + r.ink) / 2
	return r.paper-r.ink >= 40
}

// cellBox is the box of cell (i, j), between its walls' middles.
func (r *gridReader) cellBox(i, j int) rect {
	xs, ys := r.xs, r.ys
	return rect{int(math.Round(xs.at(i))), int(math.Round(ys.at(j))), int(math.Round(xs.at(i + 1))), int(math.Round(ys.at(j + 1)))}
}

// passages reads the maze's inner walls: a wall's band lighter than the
// cut is a passage, which must be one through the picture's free pixels
// (or the grid is not the maze's, and it reports false).
func (r *gridReader) passages(grid maze.Rect) (*maze.Maze, bool) {
	xs, ys, band := r.xs, r.ys, r.band
	m := maze.New(grid)
	for j := 0; j < ys.n; j++ {
		for i := 0; i < xs.n; i++ {
			c := grid.Cell(i, j)
			east := i < xs.n-1 && band.vertical(xs.at(i+1), ys.at(j), ys.at(j+1), 0) >= r.cut
			south := j < ys.n-1 && band.horizontal(ys.at(j+1), xs.at(i), xs.at(i+1), 0) >= r.cut
			if east && !passable(r.g, r.thr, r.cellBox(i, j), r.cellBox(i+1, j), &r.labels) ||
				south && !passable(r.g, r.thr, r.cellBox(i, j), r.cellBox(i, j+1), &r.labels) {
				return nil, false
			}
			if east {
				m.Carve(c, maze.East)
			}
			if south {
				m.Carve(c, maze.South)
			}
		}
	}
	return m, true
}

// A gap is an opening of the outer wall: its middle and its candidate.
type gap struct {
	x, y float64
	i    int
}

// gaps finds the openings of the outer wall, each a candidate door, in
// the order north, west and east row by row, south.
func (r *gridReader) gaps(grid maze.Rect) ([]candidate, []gap) {
	xs, ys, band := r.xs, r.ys, r.band
	var cands []candidate
	var gaps []gap
	open := func(v float64, c, side int, x, y float64) {
		if v >= r.cut {
			gaps = append(gaps, gap{x, y, len(cands)})
			cands = append(cands, candidate{door: maze.Door{Cell: c, Side: side}})
		}
	}
	for i := 0; i < xs.n; i++ {
		mx := (xs.at(i) + xs.at(i+1)) / 2
		open(band.horizontal(ys.at(0), xs.at(i), xs.at(i+1), -1), grid.Cell(i, 0), maze.North, mx, ys.at(0))
	}
	for j := 0; j < ys.n; j++ {
		my := (ys.at(j) + ys.at(j+1)) / 2
		open(band.vertical(xs.at(0), ys.at(j), ys.at(j+1), -1), grid.Cell(0, j), maze.West, xs.at(0), my)
		open(band.vertical(xs.at(xs.n), ys.at(j), ys.at(j+1), 1), grid.Cell(xs.n-1, j), maze.East, xs.at(xs.n), my)
	}
	for i := 0; i < xs.n; i++ {
		mx := (xs.at(i) + xs.at(i+1)) / 2
		open(band.horizontal(ys.at(ys.n), xs.at(i), xs.at(i+1), 1), grid.Cell(i, ys.n-1), maze.South, mx, ys.at(ys.n))
	}
	return cands, gaps
}

// blots finds the marks in black or grey inside cells (a star at a goal
// in the middle): a dark blot in the middle of a cell, each a candidate
// door Inside its cell.
func (r *gridReader) blots(grid maze.Rect) []candidate {
	var cands []candidate
	dark := r.paper - (r.paper-r.ink)/4
	for j := 0; j < r.ys.n; j++ {
		for i := 0; i < r.xs.n; i++ {
			b := r.cellBox(i, j)
			qw, qh := b.w()/4, b.h()/4
			if float64(min(qw, qh)) <= r.t/2+1 {
				continue // cells too small to hold a mark clear of the walls
			}
			n, blot := 0, 0
			for y := b.y0 + qh; y <= b.y1-qh; y++ {
				for x := b.x0 + qw; x <= b.x1-qw; x++ {
					n++
					if float64(r.g.at(x, y)) < dark {
						blot++
					}
				}
			}
			if n > 0 && blot*5 > n {
				cands = append(cands, candidate{door: maze.Door{Cell: grid.Cell(i, j), Side: maze.Inside}})
			}
		}
	}
	return cands
}

// colouredMarks reads the coloured marks: inside the maze a start or a
// goal in its cell, a candidate added; outside, the role of the nearest
// gap's candidate.
func (r *gridReader) colouredMarks(grid maze.Rect, cands []candidate, gaps []gap) []candidate {
	xs, ys := r.xs, r.ys
	pitch := math.Max(xs.pitch, ys.pitch)
	for _, mk := range marks(r.g, pitch) {
		gx := int(math.Floor((mk.x - xs.first) / xs.pitch))
		gy := int(math.Floor((mk.y - ys.first) / ys.pitch))
		if mk.x > xs.at(0) && mk.x < xs.at(xs.n) && mk.y > ys.at(0) && mk.y < ys.at(ys.n) {
			cands = append(cands, candidate{maze.Door{Cell: grid.Cell(min(gx, xs.n-1), min(gy, ys.n-1)), Side: maze.Inside}, mk.role})
			continue
		}
		best, bestD := -1, 1.5*pitch
		for _, gp := range gaps {
			if d := math.Hypot(gp.x-mk.x, gp.y-mk.y); d < bestD {
				best, bestD = gp.i, d
			}
		}
		if best >= 0 {
			cands[best].role = mk.role
		}
	}
	return cands
}

// halved reports whether m reads as a grid at half its pitch: an even
// number of cells each way, every cell joined to its partner across
// every other line (columns 0 and 1, 2 and 3, ...; rows likewise), and
// loops in it.
func halved(m *maze.Maze) bool {
	g := m.Grid.(maze.Rect)
	if g.W%2 != 0 || g.H%2 != 0 {
		return false
	}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			c := g.Cell(x, y)
			if x%2 == 0 && !m.Linked(c, maze.East) || y%2 == 0 && !m.Linked(c, maze.South) {
				return false
			}
		}
	}
	return loopCount(m) > 0
}

// loopCount is the number of independent loops of m.
func loopCount(m *maze.Maze) int {
	n, _ := loops(m)
	return n
}

// passable reports whether free pixels (not ink) join the middle of
// the cell whose box is from to the middle of the cell whose box is to,
// within the box holding both: one set of connected free pixels holds
// all the free pixels of both middles but for a tenth of their area at
// most (specks, and the pockets of a star drawn at a goal). It checks that a passage read is
// one, so that no way is drawn through a wall the grid missed (a slanted
// wall, a wrong pitch). label is scratch space, grown as needed.
func passable(g *gray, thr int, from, to rect, label *[]int32) bool {
	box := from.union(to)
	w, h := box.w(), box.h()
	if cap(*label) < w*h {
		*label = make([]int32, w*h)
	}
	lab := (*label)[:w*h]
	clear(lab)
	free := func(x, y int) bool { return int(g.at(x, y)) >= thr }
	middle := func(r rect) rect {
		qw, qh := r.w()/4, r.h()/4
		return rect{r.x0 + qw, r.y0 + qh, r.x1 - qw, r.y1 - qh}
	}
	src, dst := middle(from), middle(to)
	// Label the free pixels of the box by connected set, from 1.
	n := int32(0)
	var stack []int
	for i := range lab {
		if lab[i] != 0 || !free(box.x0+i%w, box.y0+i/w) {
			continue
		}
		n++
		lab[i] = n
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := box.x0+j%w, box.y0+j/w
			for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
				nx, ny := x+d[0], y+d[1]
				if nx < box.x0 || ny < box.y0 || nx > box.x1 || ny > box.y1 {
					continue
				}
				if k := (ny-box.y0)*w + nx - box.x0; lab[k] == 0 && free(nx, ny) {
					lab[k] = n
					stack = append(stack, k)
				}
			}
		}
	}
	count := func(r rect) (map[int32]int, int) {
		by, total := map[int32]int{}, 0
		for y := r.y0; y <= r.y1; y++ {
			for x := r.x0; x <= r.x1; x++ {
				if l := lab[(y-box.y0)*w+x-box.x0]; l != 0 {
					by[l]++
					total++
				}
			}
		}
		return by, total
	}
	inSrc, nSrc := count(src)
	inDst, nDst := count(dst)
	if nSrc == 0 || nDst == 0 {
		return false
	}
	area := func(r rect) int { return r.w() * r.h() }
	for l, k := range inSrc {
		if inDst[l] > 0 && (nSrc-k)*10 <= area(src) && (nDst-inDst[l])*10 <= area(dst) {
			return true
		}
	}
	return false
}

// mark is a coloured square: its middle and the role its colour gives.
type mark struct {
	x, y float64
	role role
}

// marks finds the coloured marks no larger than a cell and a half: the
// two largest. Green is the start and red the goal; with two reds, the
// darker is the start (mazebook's red entrance and light red exit).
func marks(g *gray, pitch float64) []mark {
	bs := blobs(g.w, g.h, func(i int) bool { return g.col[i].A != 0 })
	var keep []blob
	for _, b := range bs {
		if b.n < 4 || float64(b.box.w()) > 1.6*pitch || float64(b.box.h()) > 1.6*pitch {
			continue
		}
		for y := b.box.y0; y <= b.box.y1; y++ {
			for x := b.box.x0; x <= b.box.x1; x++ {
				if c := g.col[y*g.w+x]; c.A != 0 {
					b.sr += float64(c.R)
					b.sg += float64(c.G)
					b.sb += float64(c.B)
				}
			}
		}
		keep = append(keep, b)
	}
	sort.SliceStable(keep, func(i, j int) bool { return keep[i].n > keep[j].n })
	if len(keep) > 2 {
		keep = keep[:2]
	}
	var out []mark
	for _, b := range keep {
		out = append(out, mark{x: b.sx / float64(b.n), y: b.sy / float64(b.n)})
	}
	if len(out) != 2 {
		return out
	}
	green := func(b blob) bool { return b.sg > b.sr && b.sg > b.sb }
	luma := func(b blob) float64 { return (0.299*b.sr + 0.587*b.sg + 0.114*b.sb) / float64(b.n) }
	first := 0
	switch {
	case green(keep[1]) && !green(keep[0]):
		first = 1
	case green(keep[0]) && !green(keep[1]):
	case luma(keep[1]) < luma(keep[0]):
		first = 1
	}
	out[first].role, out[1-first].role = start, goal
	return out
}
