package maze

import "fmt"

// Point is a position in grid units: one unit is one cell of a rectangular
// grid, x grows to the right and y grows downwards.
type Point struct {
	X, Y float64
}

// Grid is the shape a maze is carved in: it numbers the cells 0..Cells()-1,
// says which cell lies across each side of a cell, and where cells and their
// sides lie in the plane. Every generator, solver and metric works through
// this interface, so a new shape of grid gets all of them.
type Grid interface {
	// Cells returns the number of cells.
	Cells() int
	// Sides returns the number of sides of every cell (4 for squares).
	Sides() int
	// Neighbor returns the cell across side s of cell c, or -1 when side s
	// is on the outer border of the grid.
	Neighbor(c, s int) int
	// Opposite returns the side of the neighbouring cell that faces side s.
	Opposite(s int) int
	// Size returns the width and height of the grid in grid units.
	Size() (w, h float64)
	// Center returns the centre of cell c.
	Center(c int) Point
	// Side returns the two end points of side s of cell c.
	Side(c, s int) (Point, Point)
}

// The sides of a cell of a rectangular grid.
const (
	North = 0
	East  = 1
	South = 2
	West  = 3
)

// MaxCells is the largest number of cells a maze may have. 10000x10000
// cells fit comfortably in memory; larger requests are refused up front
// instead of running the machine out of memory.
const MaxCells = 100_000_000

// Rect is a rectangular grid of W columns and H rows of square cells.
// Cell (x, y) has number y*W + x.
type Rect struct {
	W, H int
}

// NewRect returns a W by H rectangular grid, or an error when a dimension is
// not positive or the grid would have more than MaxCells cells.
func NewRect(w, h int) (Rect, error) {
	if w <= 0 || h <= 0 {
		return Rect{}, fmt.Errorf("maze size %dx%d: width and height must be at least 1", w, h)
	}
	if w > MaxCells || h > MaxCells || int64(w)*int64(h) > MaxCells {
		return Rect{}, fmt.Errorf("maze size %dx%d is more than the %d cells allowed (10000x10000)", w, h, MaxCells)
	}
	return Rect{W: w, H: h}, nil
}

// Cells returns W*H.
func (g Rect) Cells() int { return g.W * g.H }

// Sides returns 4: North, East, South and West.
func (g Rect) Sides() int { return 4 }

// Neighbor returns the cell across side s of cell c, or -1 at the border.
func (g Rect) Neighbor(c, s int) int {
	switch s {
	case North:
		if c < g.W {
			return -1
		}
		return c - g.W
	case East:
		if c%g.W == g.W-1 {
			return -1
		}
		return c + 1
	case South:
		if c >= g.W*(g.H-1) {
			return -1
		}
		return c + g.W
	case West:
		if c%g.W == 0 {
			return -1
		}
		return c - 1
	}
	return -1
}

// Opposite returns the side facing s: North faces South, East faces West.
func (g Rect) Opposite(s int) int { return (s + 2) & 3 }

// Size returns W and H.
func (g Rect) Size() (w, h float64) { return float64(g.W), float64(g.H) }

// XY returns the column and row of cell c.
func (g Rect) XY(c int) (x, y int) { return c % g.W, c / g.W }

// Cell returns the number of the cell in column x and row y.
func (g Rect) Cell(x, y int) int { return y*g.W + x }

// Center returns the centre of cell c.
func (g Rect) Center(c int) Point {
	x, y := g.XY(c)
	return Point{float64(x) + 0.5, float64(y) + 0.5}
}

// Side returns the end points of side s of cell c, in clockwise order.
func (g Rect) Side(c, s int) (Point, Point) {
	x, y := g.XY(c)
	fx, fy := float64(x), float64(y)
	switch s {
	case North:
		return Point{fx, fy}, Point{fx + 1, fy}
	case East:
		return Point{fx + 1, fy}, Point{fx + 1, fy + 1}
	case South:
		return Point{fx + 1, fy + 1}, Point{fx, fy + 1}
	default:
		return Point{fx, fy + 1}, Point{fx, fy}
	}
}

// String returns the grid's size as "WxH".
func (g Rect) String() string { return fmt.Sprintf("%dx%d", g.W, g.H) }
