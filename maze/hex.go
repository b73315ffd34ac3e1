package maze

import (
	"fmt"
	"math"

	"mazebook/internal/say"
)

// The sides of a cell of a hexagonal grid, clockwise from the upper right.
const (
	HexNE = 0
	HexE  = 1
	HexSE = 2
	HexSW = 3
	HexW  = 4
	HexNW = 5
)

// sqrt3 is √3: the height of a row of triangles and the spacing of rows
// of hexagons are √3/2.
const sqrt3 = 1.73205080756887729352744634150587236694280525381038062805581

// hexRadius is the distance from the centre of a hexagon one unit across
// (flat side to flat side) to its corners.
const hexRadius = 1 / sqrt3

// hexCorner holds the corners of a hexagon, from its centre, clockwise
// from the top: side s runs from corner s to corner s+1.
var hexCorner = [6]Point{
	{0, -hexRadius},
	{0.5, -hexRadius / 2},
	{0.5, hexRadius / 2},
	{0, hexRadius},
	{-0.5, hexRadius / 2},
	{-0.5, -hexRadius / 2},
}

// Hex is a grid of pointy-topped hexagons one unit across, in rows √3/2
// apart: a block of rows of equal length, each odd row shifted half a cell
// to the right, or a big hexagon. Cells are numbered row by row from the
// top, left to right. The sides of a cell are HexNE, HexE, HexSE, HexSW,
// HexW and HexNW, clockwise from the upper right.
//
// The cells of a row are placed in doubled columns: the cell in doubled
// column x has its centre x/2 + 1/2 units from the left edge of the grid,
// and its neighbours are at x±2 in its row and x±1 in the rows above and
// below.
type Hex struct {
	w, h int // a block of h rows of w cells; or 0, 0
	side int // a hexagon of side cells along each edge; or 0
}

// NewHexBlock returns a block of h rows of w hexagons, the odd rows shifted
// half a cell to the right, or an error when a dimension is not positive or
// the grid would have more than MaxCells cells.
func NewHexBlock(w, h int) (*Hex, error) {
	if err := checkCells(w, h); err != nil {
		return nil, err
	}
	return &Hex{w: w, h: h}, nil
}

// NewHexagon returns a big hexagon of hexagons with side cells along each
// of its six edges, 3·side·(side-1)+1 cells in all, or an error when side
// is not positive or the grid would have more than MaxCells cells.
func NewHexagon(side int) (*Hex, error) {
	if side < 1 {
		return nil, say.Errorf("hexagon of side %d: the side must be at least 1", side)
	}
	if side > MaxCells || 3*int64(side)*int64(side-1)+1 > MaxCells {
		return nil, say.Errorf("hexagon of side %d is more than the %d cells allowed", side, MaxCells)
	}
	return &Hex{side: side}, nil
}

// Rows returns the number of rows.
func (g *Hex) Rows() int {
	if g.side > 0 {
		return 2*g.side - 1
	}
	return g.h
}

// RowCells returns the number of cells of row y.
func (g *Hex) RowCells(y int) int {
	_, n, _ := g.row(y)
	return n
}

// row returns the doubled column of the first cell of row y, the number of
// cells of the row and the number of its first cell.
func (g *Hex) row(y int) (start, n, first int) {
	if g.side == 0 {
		return y & 1, g.w, y * g.w
	}
	s := g.side
	if y < s {
		// The upper half, growing by one cell a row.
		return s - 1 - y, s + y, y*s + y*(y-1)/2
	}
	t := y - (s - 1)
	return t, 2*s - 1 - t, (s-1)*s + (s-1)*(s-2)/2 + t*(2*s-1) - t*(t-1)/2
}

// Row returns the row of cell c and its index within the row.
func (g *Hex) Row(c int) (row, index int) {
	if g.side == 0 {
		return c / g.w, c % g.w
	}
	// The lower half mirrors the upper: count its cells from the end.
	s := g.side
	if upper := s*s + s*(s-1)/2; c >= upper {
		y, i := hexUpperRow(s, g.Cells()-1-c)
		return g.Rows() - 1 - y, s + y - 1 - i
	}
	return hexUpperRow(s, c)
}

// hexUpperRow returns the row and the index within it of cell c of the
// upper half of a hexagon of side s, whose row y has s+y cells and begins
// with cell s·y + y(y-1)/2.
func hexUpperRow(s, c int) (row, index int) {
	first := func(y int) int { return s*y + y*(y-1)/2 }
	b := float64(2*s - 1)
	y := int((math.Sqrt(float64(b*b)+8*float64(c)) - b) / 2)
	for y > 0 && first(y) > c {
		y--
	}
	for first(y+1) <= c {
		y++
	}
	return y, c - first(y)
}

// Cell returns the number of cell index of row y.
func (g *Hex) Cell(y, index int) int {
	_, _, first := g.row(y)
	return first + index
}

// cellAt returns the cell in doubled column x of row y, or Border.
func (g *Hex) cellAt(x, y int) int {
	if y < 0 || y >= g.Rows() {
		return Border
	}
	start, n, first := g.row(y)
	if x < start || x > start+2*(n-1) || (x-start)&1 != 0 {
		return Border
	}
	return first + (x-start)/2
}

// place returns the doubled column and the row of cell c.
func (g *Hex) place(c int) (x, y int) {
	y, i := g.Row(c)
	start, _, _ := g.row(y)
	return start + 2*i, y
}

// Cells returns the number of cells.
func (g *Hex) Cells() int {
	if g.side > 0 {
		return 3*g.side*(g.side-1) + 1
	}
	return g.w * g.h
}

// MaxSides returns 6.
func (g *Hex) MaxSides() int { return 6 }

// Sides returns 6.
func (g *Hex) Sides(int) int { return 6 }

// hexStep holds the change of doubled column and row across each side.
var hexStep = [6][2]int{{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}}

// Neighbor returns the cell across side s of cell c, or Border.
func (g *Hex) Neighbor(c, s int) int {
	if s < 0 || s >= 6 {
		return NoSide
	}
	x, y := g.place(c)
	return g.cellAt(x+hexStep[s][0], y+hexStep[s][1])
}

// Opposite returns the side facing s: (s+3) mod 6.
func (g *Hex) Opposite(_, s int) int { return (s + 3) % 6 }

// Size returns the width and the height of the grid: the widest row, and
// the rows from the top corner of the first to the bottom corner of the
// last.
func (g *Hex) Size() (w, h float64) {
	if g.side > 0 {
		w = float64(2*g.side - 1)
	} else {
		w = float64(g.w)
		if g.h > 1 {
			w += 0.5
		}
	}
	return w, float64(g.Rows()-1)*sqrt3/2 + 2*hexRadius
}

// Center returns the centre of cell c.
func (g *Hex) Center(c int) Point {
	x, y := g.place(c)
	return Point{float64(x)/2 + 0.5, float64(y)*sqrt3/2 + hexRadius}
}

// Side returns side s of cell c, from its first corner to its second going
// clockwise.
func (g *Hex) Side(c, s int) Edge {
	p := g.Center(c)
	a, b := hexCorner[s%6], hexCorner[(s+1)%6]
	return Edge{A: Point{p.X + a.X, p.Y + a.Y}, B: Point{p.X + b.X, p.Y + b.Y}}
}

// Heading returns the direction of the side's outward normal: HexE is 0,
// and each side clockwise turns π/3 further (HexNE is -π/3).
func (g *Hex) Heading(_, s int) float64 {
	h := float64(s-1) * math.Pi / 3
	if h > math.Pi+1e-9 {
		h -= 2 * math.Pi
	}
	return h
}

// String describes the grid: "hexagon of side N" or "WxH hexagons".
func (g *Hex) String() string {
	if g.side > 0 {
		return fmt.Sprintf("hexagon of side %d", g.side)
	}
	return fmt.Sprintf("%dx%d hexagons", g.w, g.h)
}

// Clearance returns 1: a hexagon is a unit from side to side.
func (g *Hex) Clearance() float64 { return 1 }

// Shape returns "hexagon".
func (g *Hex) Shape() string { return "hexagon" }

// newHexShape makes a big hexagon (H 0) or a block.
func newHexShape(sz Size) (Grid, error) {
	if sz.H == 0 {
		return NewHexagon(sz.W)
	}
	return NewHexBlock(sz.W, sz.H)
}

// hexagonShape is the shape of hexagonal cells: a big hexagon of a side,
// or a block of rows and columns.
var hexagonShape = Shape{
	Name:        "hexagon",
	Description: "hexagonal cells, six ways out of each: a big hexagon, or a block of rows",
	Sizes:       "SIDE, the cells along each edge of a big hexagon, such as 6; or COLUMNSxROWS for a block, such as 16x12",
	Coords:      "[column, row], row 0 at the top, column 0 at the left end of its row",
	Masks:       true,
	LevelCells:  [MaxLevel]int{19, 37, 61, 91, 217, 331, 721, 1387, 2269, 4219},
	// Measured: 397 bytes drawn whole (six sides a cell, ends matched through a map), 162 in a book (see MemoryCost).
	Memory: MemoryCost{Drawing: 460, Drawn: 190},
	Parse:  func(s string) (Size, error) { return parseSideOrBlock(s, "hexagon", "6", "16x12", newHexShape) },
	Format: formatSideOrBlock,
	New:    newHexShape,
	ForCells: func(n int, _ float64) Size {
		return Size{W: sideFor(n, func(s int) int { return 3*s*(s-1) + 1 })}
	},
	BlockFor: func(n int, aspect float64) Size { return blockFor(n, aspect, 1, sqrt3/2) },
}
