package maze

import (
	"fmt"
	"math"

	"mazebook/internal/say"
)

// The sides of a cell of a rectangular grid, clockwise from the top.
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

// Rect is a rectangular grid of W columns and H rows of square cells, one
// unit across. Cell (x, y) has number y*W + x. Generators and solvers find
// a Rect's neighbours arithmetically, without calls through the Grid
// interface, on their fast paths.
type Rect struct {
	W, H int
}

// NewRect returns a W by H rectangular grid, or an error when a dimension is
// not positive or the grid would have more than MaxCells cells.
func NewRect(w, h int) (Rect, error) {
	if err := checkCells(w, h); err != nil {
		return Rect{}, err
	}
	return Rect{W: w, H: h}, nil
}

// checkCells refuses a w by h block of cells with a side below 1 or more
// than MaxCells cells.
func checkCells(w, h int) error {
	if w <= 0 || h <= 0 {
		return say.Errorf("%dx%d: the width and the height must each be at least 1", w, h)
	}
	if w > MaxCells || h > MaxCells || int64(w)*int64(h) > MaxCells {
		return say.Errorf("%dx%d is more than the %d cells allowed (10000x10000)", w, h, MaxCells)
	}
	return nil
}

// Cells returns W*H.
func (g Rect) Cells() int { return g.W * g.H }

// MaxSides returns 4.
func (g Rect) MaxSides() int { return 4 }

// Sides returns 4: North, East, South and West.
func (g Rect) Sides(int) int { return 4 }

// Neighbor returns the cell across side s of cell c, or Border.
func (g Rect) Neighbor(c, s int) int {
	switch s {
	case North:
		if c < g.W {
			return Border
		}
		return c - g.W
	case East:
		if c%g.W == g.W-1 {
			return Border
		}
		return c + 1
	case South:
		if c >= g.W*(g.H-1) {
			return Border
		}
		return c + g.W
	case West:
		if c%g.W == 0 {
			return Border
		}
		return c - 1
	}
	return NoSide
}

// Opposite returns the side facing s: North faces South, East faces West.
func (g Rect) Opposite(_, s int) int { return (s + 2) & 3 }

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

// Side returns side s of cell c, from its first corner to its second
// going clockwise.
func (g Rect) Side(c, s int) Edge {
	x, y := g.XY(c)
	fx, fy := float64(x), float64(y)
	switch s {
	case North:
		return Edge{A: Point{fx, fy}, B: Point{fx + 1, fy}}
	case East:
		return Edge{A: Point{fx + 1, fy}, B: Point{fx + 1, fy + 1}}
	case South:
		return Edge{A: Point{fx + 1, fy + 1}, B: Point{fx, fy + 1}}
	default:
		return Edge{A: Point{fx, fy + 1}, B: Point{fx, fy}}
	}
}

// Heading returns the direction of the side's outward normal: North is
// up (-π/2), East 0, South π/2, West π.
func (g Rect) Heading(_, s int) float64 { return rectHeadings[s&3] }

var rectHeadings = [4]float64{-math.Pi / 2, 0, math.Pi / 2, math.Pi}

// String returns the grid's size as "WxH".
func (g Rect) String() string { return fmt.Sprintf("%dx%d", g.W, g.H) }

// Clearance returns 1: every corridor is a square wide.
func (g Rect) Clearance() float64 { return 1 }

// Shape returns "rectangle".
func (g Rect) Shape() string { return Rectangle }

// rectangleShape is the shape of square cells in rows and columns, sized
// COLUMNSxROWS.
var rectangleShape = Shape{
	Name:        Rectangle,
	Description: "square cells in rows and columns",
	Sizes:       "COLUMNSxROWS, such as 20x30",
	Coords:      "[column, row], from [0, 0] at the top left",
	Masks:       true,
	// Measured: rectangles 98 bytes (their walls stitched on the corners' lattice; masked 144), 71 in a book (see MemoryCost).
	Memory: MemoryCost{Drawing: 170, Drawn: 74},
	Parse: func(s string) (Size, error) {
		sz, ok := parseBlock(s)
		if !ok {
			return Size{}, say.Errorf("%q is not a rectangle's size: give columns x rows, such as 20x30", s)
		}
		if err := checkCells(sz.W, sz.H); err != nil {
			return Size{}, err
		}
		return sz, nil
	},
	Format:   func(sz Size) string { return fmt.Sprintf("%dx%d", sz.W, sz.H) },
	New:      func(sz Size) (Grid, error) { return NewRect(sz.W, sz.H) },
	ForCells: func(n int, aspect float64) Size { return blockFor(n, aspect, 1, 1) },
	BlockFor: func(n int, aspect float64) Size { return blockFor(n, aspect, 1, 1) },
}
