package maze

import (
	"math"

	"mazebook/internal/say"
)

// Masked is a grid cut out of a base grid: only the cells a mask keeps.
// Across a side facing a cell the mask left out lies Border when that cell
// is outside the shape (joined to the base grid's border through left-out
// cells), and Hole when it is in a hole enclosed by the shape: doors open
// only on the real outside. Its box is the smallest around the cells kept.
type Masked struct {
	base  Grid
	cells []int32 // the base cell of each kept cell
	// index is, for each base cell, its number in the masked grid, or
	// outsideCell or holeCell.
	index  []int32
	offset Point // subtracted from base coordinates
	w, h   float64
}

const (
	outsideCell = -1
	holeCell    = -2
)

// NewMasked returns the grid of the base cells keep says to keep. The
// kept cells need not be connected: see Islands and JoinIslands.
func NewMasked(base Grid, keep []bool) (*Masked, error) {
	n := base.Cells()
	if len(keep) != n {
		return nil, say.Errorf("mask: %d cells to keep or not for a grid of %d", len(keep), n)
	}
	g := &Masked{base: base, index: make([]int32, n)}
	for c, k := range keep {
		if k {
			g.index[c] = int32(len(g.cells))
			g.cells = append(g.cells, int32(c))
		} else {
			g.index[c] = holeCell
		}
	}
	if len(g.cells) == 0 {
		return nil, say.Errorf("the mask keeps no cell of the grid")
	}
	// Left-out cells joined to the border through left-out cells are
	// outside; the others are holes.
	var stack []int32
	for c := 0; c < n; c++ {
		if keep[c] {
			continue
		}
		for s := 0; s < base.Sides(c); s++ {
			if base.Neighbor(c, s) == Border {
				g.index[c] = outsideCell
				stack = append(stack, int32(c))
				break
			}
		}
	}
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for s := 0; s < base.Sides(c); s++ {
			if nb := base.Neighbor(c, s); nb >= 0 && g.index[nb] == holeCell {
				g.index[nb] = outsideCell
				stack = append(stack, int32(nb))
			}
		}
	}
	// The box around the kept cells.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	var pts []Point // one edge's extremes, the buffer reused
	for _, bc := range g.cells {
		for s := 0; s < base.Sides(int(bc)); s++ {
			e := base.Side(int(bc), s)
			pts = edgeExtremes(pts[:0], e)
			for _, p := range pts {
				minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
				maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
			}
		}
	}
	g.offset = Point{minX, minY}
	g.w, g.h = maxX-minX, maxY-minY
	return g, nil
}

// edgeExtremes appends to dst points whose box is the edge's box: its
// ends, and for an arc the points where it is farthest left, right, up
// and down; and returns it.
func edgeExtremes(dst []Point, e Edge) []Point {
	pts := append(dst, e.A, e.B)
	if !e.IsArc() {
		return pts
	}
	a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
	sweep := e.Sweep()
	for k := -4; k <= 4; k++ {
		t := float64(k) * math.Pi / 2
		// Is angle t within the sweep from a0?
		d := t - a0
		if sweep > 0 {
			d = math.Mod(math.Mod(d, 2*math.Pi)+2*math.Pi, 2*math.Pi)
			if d > sweep {
				continue
			}
		} else {
			d = -math.Mod(math.Mod(-d, 2*math.Pi)+2*math.Pi, 2*math.Pi)
			if d < sweep {
				continue
			}
		}
		pts = append(pts, Point{e.Center.X + float64(e.Radius*math.Cos(t)), e.Center.Y + float64(e.Radius*math.Sin(t))})
	}
	return pts
}

// Base returns the grid the mask was cut from.
func (g *Masked) Base() Grid { return g.base }

// BaseCell returns the base grid's number of cell c.
func (g *Masked) BaseCell(c int) int { return int(g.cells[c]) }

// Cells returns the number of cells kept.
func (g *Masked) Cells() int { return len(g.cells) }

// MaxSides returns the base grid's.
func (g *Masked) MaxSides() int { return g.base.MaxSides() }

// Sides returns the number of sides of cell c.
func (g *Masked) Sides(c int) int { return g.base.Sides(int(g.cells[c])) }

// Neighbor returns the kept cell across side s of cell c, or Border,
// Hole or NoSide.
func (g *Masked) Neighbor(c, s int) int {
	nb := g.base.Neighbor(int(g.cells[c]), s)
	if nb < 0 {
		return nb
	}
	switch i := g.index[nb]; i {
	case outsideCell:
		return Border
	case holeCell:
		return Hole
	default:
		return int(i)
	}
}

// Opposite returns the base grid's.
func (g *Masked) Opposite(c, s int) int { return g.base.Opposite(int(g.cells[c]), s) }

// Size returns the size of the box around the kept cells.
func (g *Masked) Size() (w, h float64) { return g.w, g.h }

func (g *Masked) shift(p Point) Point { return Point{p.X - g.offset.X, p.Y - g.offset.Y} }

// Center returns the centre of cell c.
func (g *Masked) Center(c int) Point { return g.shift(g.base.Center(int(g.cells[c]))) }

// Side returns side s of cell c.
func (g *Masked) Side(c, s int) Edge {
	e := g.base.Side(int(g.cells[c]), s)
	e.A, e.B = g.shift(e.A), g.shift(e.B)
	if e.IsArc() {
		e.Center = g.shift(e.Center)
	}
	return e
}

// Heading returns the base grid's.
func (g *Masked) Heading(c, s int) float64 { return g.base.Heading(int(g.cells[c]), s) }

// Clearance returns the base grid's when it knows its own (its cells are
// among the base's), else measures the cells kept.
func (g *Masked) Clearance() float64 {
	if c, ok := g.base.(cleared); ok {
		return c.Clearance()
	}
	least := math.Inf(1)
	for c := range g.cells {
		p := g.Center(c)
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) != NoSide {
				least = math.Min(least, edgeDistance(g.Side(c, s), p))
			}
		}
	}
	return 2 * least
}

// SampleMask returns, for each cell of grid g, whether the bitmap b, laid
// over the grid's box, is on under the cell's centre.
func SampleMask(g Grid, b *Bitmap) []bool {
	w, h := g.Size()
	keep := make([]bool, g.Cells())
	for c := range keep {
		p := g.Center(c)
		x := int(math.Floor(float64(p.X / w * float64(b.W))))
		y := int(math.Floor(float64(p.Y / h * float64(b.H))))
		keep[c] = b.At(min(x, b.W-1), min(y, b.H-1))
	}
	return keep
}

// SmoothMask smooths the outline of the cells keep keeps on grid g, as a
// picture laid over coarse cells needs: a cell that sticks out with at
// most one kept neighbour (a stub, a spur) is dropped, and a cell left out
// with all its neighbours but one kept (a notch) is kept; twice, so that
// a stub two cells long goes too. It changes keep in place.
func SmoothMask(g Grid, keep []bool) {
	for range 2 {
		next := append([]bool(nil), keep...)
		for c := range keep {
			kept, sides := 0, 0
			for s := 0; s < g.Sides(c); s++ {
				nb := g.Neighbor(c, s)
				if nb == NoSide {
					continue
				}
				sides++
				if nb >= 0 && keep[nb] {
					kept++
				}
			}
			switch {
			case keep[c] && kept <= 1:
				next[c] = false
			case !keep[c] && sides >= 3 && kept >= sides-1:
				next[c] = true
			}
		}
		copy(keep, next)
	}
}

// NumberIslands numbers the connected parts of the cells keep keeps, through
// the grid's sides: island[c] is -1 for a cell not kept, else 0 to n-1,
// numbered in the order of their first cell.
func NumberIslands(g Grid, keep []bool) (island []int32, n int) {
	island = make([]int32, len(keep))
	for i := range island {
		island[i] = -1
	}
	var stack []int32
	for c, k := range keep {
		if !k || island[c] >= 0 {
			continue
		}
		island[c] = int32(n)
		stack = append(stack[:0], int32(c))
		for len(stack) > 0 {
			x := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			for s := 0; s < g.Sides(x); s++ {
				if nb := g.Neighbor(x, s); nb >= 0 && keep[nb] && island[nb] < 0 {
					island[nb] = int32(n)
					stack = append(stack, int32(nb))
				}
			}
		}
		n++
	}
	return island, n
}

// MaxIslands is the most separate parts a mask may have.
const MaxIslands = 64

// DropSpecks leaves out of keep the islands smaller than one cell in a
// hundred of the largest (specks of a picture), and returns the islands
// left (numbered as NumberIslands numbers them, the specks -1) and how many
// there are; more than MaxIslands is an error. It changes keep in place.
func DropSpecks(g Grid, keep []bool) (island []int32, n int, err error) {
	island, all := NumberIslands(g, keep)
	if all <= 1 {
		return island, all, nil
	}
	size := make([]int, all)
	for _, i := range island {
		if i >= 0 {
			size[i]++
		}
	}
	largest := 0
	for _, s := range size {
		largest = max(largest, s)
	}
	for c, i := range island {
		if i >= 0 && size[i]*100 < largest {
			keep[c] = false
			island[c] = -1
		}
	}
	for _, s := range size {
		if s*100 >= largest {
			n++
		}
	}
	if n > MaxIslands {
		return nil, 0, say.Errorf("the mask has %d separate parts; the most is %d: join them, or give a simpler shape", n, MaxIslands)
	}
	return island, n, nil
}

// JoinIslands keeps more cells of grid g so that the cells keep keeps are
// connected: each island but the first is joined, by the shortest run of
// cells through the grid, to those already joined (the letters of a name
// become one maze). Specks are dropped first (see DropSpecks). It changes
// keep in place.
func JoinIslands(g Grid, keep []bool) error {
	island, n, err := DropSpecks(g, keep)
	if err != nil || n <= 1 {
		return err
	}
	// Grow the joined set one island at a time: a search from every
	// joined cell through the grid reaches the nearest other island; the
	// cells on the way are kept.
	first := int32(-1)
	for _, i := range island {
		if i >= 0 {
			first = i
			break
		}
	}
	joined := make([]bool, len(keep))
	for c, i := range island {
		joined[c] = i == first
	}
	back := make([]int32, len(keep))
	for {
		for i := range back {
			back[i] = -2 // not reached
		}
		var queue []int32
		for c, j := range joined {
			if j {
				back[c] = -1
				queue = append(queue, int32(c))
			}
		}
		hit := -1
		for head := 0; head < len(queue) && hit < 0; head++ {
			c := int(queue[head])
			for s := 0; s < g.Sides(c); s++ {
				nb := g.Neighbor(c, s)
				if nb < 0 || back[nb] != -2 {
					continue
				}
				back[nb] = int32(c)
				if keep[nb] && !joined[nb] {
					hit = nb
					break
				}
				queue = append(queue, int32(nb))
			}
		}
		if hit < 0 {
			return nil // every island is joined
		}
		// Keep the cells of the way, and take in the island reached.
		for c := int(back[hit]); c >= 0 && !joined[c]; c = int(back[c]) {
			keep[c] = true
			joined[c] = true
		}
		reached := island[hit]
		for c, i := range island {
			if i == reached {
				joined[c] = true
			}
		}
	}
}
