package maze

import (
	"fmt"
	"math"

	"mazebook/internal/say"
)

// Triangles is a grid of equilateral triangles of side 1, in rows √3/2
// high, pointing up and down in turn along each row: a block of rows of
// equal length, or a big triangle pointing up. Cells are numbered row by
// row from the top, left to right.
//
// The sides of a triangle pointing up are, clockwise: 0, the right edge
// (from the apex down); 1, the bottom edge; 2, the left edge. Those of a
// triangle pointing down: 0, the top edge; 1, the right edge (down to the
// apex); 2, the left edge.
//
// The cells of a row are placed in columns half a unit apart: the cell in
// column x spans x/2 to x/2+1 across, and points up when x+y+parity is even
// in row y.
type Triangles struct {
	w, h int // a block of h rows of w triangles; or 0, 0
	side int // a triangle of side triangles along each edge; or 0
}

// NewTriangleBlock returns a block of h rows of w triangles, the triangle
// in column x of row y pointing up when x+y is even, or an error when a
// dimension is not positive, the grid would have more than MaxCells cells,
// or it would fall apart: a block one triangle wide is a column of
// diamonds that touch only at their corners, so it may be at most 2 high.
func NewTriangleBlock(w, h int) (*Triangles, error) {
	if err := checkCells(w, h); err != nil {
		return nil, err
	}
	if w == 1 && h > 2 {
		return nil, say.Errorf("%dx%d: a block of triangles 1 wide falls apart when it is more than 2 high; make it at least 2 wide", w, h)
	}
	return &Triangles{w: w, h: h}, nil
}

// NewTriangle returns a big triangle pointing up with side triangles along
// each edge: row y, from 0 at the top, has 2y+1 triangles, side·side in
// all. It returns an error when side is not positive or the grid would
// have more than MaxCells cells.
func NewTriangle(side int) (*Triangles, error) {
	if side < 1 {
		return nil, say.Errorf("triangle of side %d: the side must be at least 1", side)
	}
	if side > MaxCells || int64(side)*int64(side) > MaxCells {
		return nil, say.Errorf("triangle of side %d is more than the %d cells allowed", side, MaxCells)
	}
	return &Triangles{side: side}, nil
}

// Rows returns the number of rows.
func (g *Triangles) Rows() int {
	if g.side > 0 {
		return g.side
	}
	return g.h
}

// RowCells returns the number of cells of row y.
func (g *Triangles) RowCells(y int) int {
	_, n, _ := g.row(y)
	return n
}

// row returns the column of the first cell of row y, the number of cells
// of the row and the number of its first cell.
func (g *Triangles) row(y int) (start, n, first int) {
	if g.side == 0 {
		return 0, g.w, y * g.w
	}
	return g.side - 1 - y, 2*y + 1, y * y
}

// parity is added to a cell's column and row: the cell points up when the
// sum is even. It makes the first cell of every row of a big triangle
// point up.
func (g *Triangles) parity() int {
	if g.side == 0 {
		return 0
	}
	return (g.side - 1) & 1
}

// Row returns the row of cell c and its index within the row.
func (g *Triangles) Row(c int) (row, index int) {
	if g.side == 0 {
		return c / g.w, c % g.w
	}
	y := int(math.Sqrt(float64(c)))
	for y*y > c {
		y--
	}
	for (y+1)*(y+1) <= c {
		y++
	}
	return y, c - y*y
}

// Cell returns the number of cell index of row y.
func (g *Triangles) Cell(y, index int) int {
	_, _, first := g.row(y)
	return first + index
}

// place returns the column and the row of cell c.
func (g *Triangles) place(c int) (x, y int) {
	y, i := g.Row(c)
	start, _, _ := g.row(y)
	return start + i, y
}

// cellAt returns the cell in column x of row y, or Border.
func (g *Triangles) cellAt(x, y int) int {
	if y < 0 || y >= g.Rows() {
		return Border
	}
	start, n, first := g.row(y)
	if x < start || x >= start+n {
		return Border
	}
	return first + x - start
}

// Up reports whether cell c points up.
func (g *Triangles) Up(c int) bool {
	x, y := g.place(c)
	return (x+y+g.parity())&1 == 0
}

// Cells returns the number of cells.
func (g *Triangles) Cells() int {
	if g.side > 0 {
		return g.side * g.side
	}
	return g.w * g.h
}

// MaxSides returns 3.
func (g *Triangles) MaxSides() int { return 3 }

// Sides returns 3.
func (g *Triangles) Sides(int) int { return 3 }

// Neighbor returns the cell across side s of cell c, or Border.
func (g *Triangles) Neighbor(c, s int) int {
	x, y := g.place(c)
	up := (x+y+g.parity())&1 == 0
	switch {
	case s == 0 && up, s == 1 && !up: // right
		return g.cellAt(x+1, y)
	case s == 2: // left
		return g.cellAt(x-1, y)
	case s == 1: // bottom
		return g.cellAt(x, y+1)
	case s == 0: // top
		return g.cellAt(x, y-1)
	}
	return NoSide
}

// triOpposite holds the side facing each side, of a triangle pointing up
// and of one pointing down.
var triOpposite = [2][3]int{{2, 0, 1}, {1, 2, 0}}

// Opposite returns the side of the neighbour facing side s of cell c.
func (g *Triangles) Opposite(c, s int) int {
	if g.Up(c) {
		return triOpposite[0][s]
	}
	return triOpposite[1][s]
}

// Size returns the width and the height of the grid.
func (g *Triangles) Size() (w, h float64) {
	if g.side > 0 {
		return float64(g.side), float64(g.side) * sqrt3 / 2
	}
	return float64(g.w+1) / 2, float64(g.h) * sqrt3 / 2
}

// corners returns the corners of cell c clockwise: apex, bottom right and
// bottom left of a triangle pointing up; top left, top right and apex of
// one pointing down. Side s runs from corner s to corner s+1.
func (g *Triangles) corners(c int) [3]Point {
	x, y := g.place(c)
	left, top := float64(x)/2, float64(y)*sqrt3/2
	bottom := top + sqrt3/2
	if (x+y+g.parity())&1 == 0 {
		return [3]Point{{left + 0.5, top}, {left + 1, bottom}, {left, bottom}}
	}
	return [3]Point{{left, top}, {left + 1, top}, {left + 0.5, bottom}}
}

// Center returns the centroid of cell c.
func (g *Triangles) Center(c int) Point {
	p := g.corners(c)
	return Point{(p[0].X + p[1].X + p[2].X) / 3, (p[0].Y + p[1].Y + p[2].Y) / 3}
}

// Side returns side s of cell c, from its first corner to its second going
// clockwise.
func (g *Triangles) Side(c, s int) Edge {
	p := g.corners(c)
	return Edge{A: p[s%3], B: p[(s+1)%3]}
}

// Heading returns the direction of a step through side s of cell c as a
// walker along the rows sees it: across a slanted edge is a step along the
// row (0 to the right, π to the left), across a top or bottom edge a step
// up (-π/2) or down (π/2), so a corridor along a row is straight.
func (g *Triangles) Heading(c, s int) float64 {
	switch {
	case s == 2:
		return math.Pi
	case s == 1 && g.Up(c):
		return math.Pi / 2
	case s == 0 && !g.Up(c):
		return -math.Pi / 2
	}
	return 0
}

// String describes the grid: "triangle of side N" or "WxH triangles".
func (g *Triangles) String() string {
	if g.side > 0 {
		return fmt.Sprintf("triangle of side %d", g.side)
	}
	return fmt.Sprintf("%dx%d triangles", g.w, g.h)
}

// Clearance returns the diameter of a unit triangle's inscribed circle.
func (g *Triangles) Clearance() float64 { return 1 / sqrt3 }

// Shape returns "triangle".
func (g *Triangles) Shape() string { return "triangle" }

// newTriangleShape makes a big triangle (H 0) or a block.
func newTriangleShape(sz Size) (Grid, error) {
	if sz.H == 0 {
		return NewTriangle(sz.W)
	}
	return NewTriangleBlock(sz.W, sz.H)
}

// triangleShape is the shape of triangular cells: a big triangle of a
// side, or a block of rows.
var triangleShape = Shape{
	Name:        "triangle",
	Description: "triangular cells, three ways out of each: a big triangle, or a block of rows",
	Sizes:       "SIDE, the cells along each edge of a big triangle, such as 8; or COLUMNSxROWS for a block, such as 24x10",
	Coords:      "[column, row], row 0 at the top, column 0 at the left end of its row",
	Masks:       true,
	LevelCells:  [MaxLevel]int{16, 36, 64, 100, 196, 361, 676, 1296, 2304, 4356},
	// Measured: 93 bytes drawn whole, 43 in a book (see MemoryCost).
	Memory: MemoryCost{Drawing: 110, Drawn: 50},
	Parse:  func(s string) (Size, error) { return parseSideOrBlock(s, "triangle", "8", "24x10", newTriangleShape) },
	Format: formatSideOrBlock,
	New:    newTriangleShape,
	ForCells: func(n int, _ float64) Size {
		return Size{W: sideFor(n, func(s int) int { return s * s })}
	},
	BlockFor: func(n int, aspect float64) Size { return blockFor(n, aspect, 0.5, sqrt3/2) },
}
