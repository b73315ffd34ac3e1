package maze

import (
	"errors"
	"fmt"

	"mazebook/internal/say"
)

// At names a cell by two whole numbers, as its shape writes them (see
// Shape.Coords): [column, row] on a rectangle, [ring, index] on a circle,
// [column, row] on hexagons and triangles, the column counted from the
// left end of the row. Every count starts at 0; rows are counted from the
// top, a ring's cells clockwise from 12 o'clock.
type At [2]int

// String writes the coordinates as a spec does: "[3, 4]".
func (a At) String() string { return fmt.Sprintf("[%d, %d]", a[0], a[1]) }

// Locator is a grid whose cells have coordinates (see At). Every shape's
// grid is one, and so are masks and weaves made from them, in their base
// shape's coordinates.
type Locator interface {
	// Locate returns the cell at a, or an error that says which
	// coordinates the grid has.
	Locate(a At) (int, error)
	// Coords returns the coordinates of cell c.
	Coords(c int) At
}

// Locate returns the cell at a: column a[0] and row a[1].
func (g Rect) Locate(a At) (int, error) {
	x, y := a[0], a[1]
	if x < 0 || x >= g.W || y < 0 || y >= g.H {
		return 0, say.Errorf("%v is outside the %dx%d grid: its columns are 0 to %d, its rows 0 to %d", a, g.W, g.H, g.W-1, g.H-1)
	}
	return g.Cell(x, y), nil
}

// Coords returns the column and row of cell c.
func (g Rect) Coords(c int) At {
	x, y := g.XY(c)
	return At{x, y}
}

// Coords returns the column and row of the square of cell c (a tunnel's
// is the crossing's over it).
func (g *Weave) Coords(c int) At { return g.Rect.Coords(g.square(c)) }

// Locate returns the cell at a: ring a[0], from 0 innermost, and index
// a[1] in the ring, clockwise from 12 o'clock.
func (g *Polar) Locate(a At) (int, error) {
	r, i := a[0], a[1]
	if r < 0 || r >= g.Rings() {
		return 0, say.Errorf("%v is outside the circle: its rings are 0 (innermost) to %d", a, g.Rings()-1)
	}
	if i < 0 || i >= g.RingCells(r) {
		return 0, say.Errorf("%v is outside the circle: ring %d has cells 0 to %d", a, r, g.RingCells(r)-1)
	}
	return g.Cell(r, i), nil
}

// Coords returns the ring and the index of cell c.
func (g *Polar) Coords(c int) At {
	r, i := g.Ring(c)
	return At{r, i}
}

// Locate returns the cell at a: cell a[0] of row a[1], counted from the
// row's left end.
func (g *Hex) Locate(a At) (int, error) {
	if err := locateInRows(a, g.Rows(), g.RowCells); err != nil {
		return 0, err
	}
	return g.Cell(a[1], a[0]), nil
}

// Coords returns the column (from the left end of the row) and the row of
// cell c.
func (g *Hex) Coords(c int) At {
	y, i := g.Row(c)
	return At{i, y}
}

// Locate returns the cell at a: cell a[0] of row a[1], counted from the
// row's left end.
func (g *Triangles) Locate(a At) (int, error) {
	if err := locateInRows(a, g.Rows(), g.RowCells); err != nil {
		return 0, err
	}
	return g.Cell(a[1], a[0]), nil
}

// Coords returns the column (from the left end of the row) and the row of
// cell c.
func (g *Triangles) Coords(c int) At {
	y, i := g.Row(c)
	return At{i, y}
}

// locateInRows checks [column, row] against a grid of rows rows, row y
// holding rowCells(y) cells.
func locateInRows(a At, rows int, rowCells func(int) int) error {
	x, y := a[0], a[1]
	if y < 0 || y >= rows {
		return say.Errorf("%v is outside the grid: its rows are 0 to %d", a, rows-1)
	}
	if n := rowCells(y); x < 0 || x >= n {
		return say.Errorf("%v is outside the grid: row %d has columns 0 to %d", a, y, n-1)
	}
	return nil
}

// Locate returns the kept cell at a, in the base grid's coordinates; a
// cell the mask leaves out is an error.
func (g *Masked) Locate(a At) (int, error) {
	loc, ok := g.base.(Locator)
	if !ok {
		return 0, say.Errorf("the cells of %s have no coordinates", describeGrid(g.base))
	}
	bc, err := loc.Locate(a)
	if err != nil {
		return 0, err
	}
	if i := g.index[bc]; i >= 0 {
		return int(i), nil
	}
	return 0, say.Errorf("%v is outside the mask: give a cell the mask keeps", a)
}

// Coords returns the base grid's coordinates of cell c.
func (g *Masked) Coords(c int) At {
	if loc, ok := g.base.(Locator); ok {
		return loc.Coords(g.BaseCell(c))
	}
	return At{}
}

// Locate returns the cell of grid g at a, or an error that says why there
// is none.
func Locate(g Grid, a At) (int, error) {
	loc, ok := g.(Locator)
	if !ok {
		return 0, say.Errorf("the cells of %s have no coordinates", describeGrid(g))
	}
	return loc.Locate(a)
}

// errSameCell is the error of an entrance and an exit in one cell.
var errSameCell = errors.New("the entrance and the exit are the same cell: give two different cells")

// PlaceAt puts the entrance and the exit in the cells at the coordinates
// given (see At): a cell of the outer border gets a door in its outer
// wall, facing away from the middle of the shape; an inner cell a start
// or a goal Inside it. When only one is given (the other nil), the other
// is the border cell farthest from it through the maze, with a door in
// its outer wall. Cells outside the grid, and one cell for both, are
// errors.
func (m *Maze) PlaceAt(entrance, exit *At) error {
	g := m.Grid
	if entrance == nil && exit == nil {
		return errors.New("place doors: give an entrance or an exit")
	}
	locate := func(a *At, what string) (int, error) {
		if a == nil {
			return -1, nil
		}
		c, err := Locate(g, *a)
		if err != nil {
			return 0, say.Errorf("%s: %w", what, err)
		}
		return c, nil
	}
	in, err := locate(entrance, "entrance")
	if err != nil {
		return err
	}
	out, err := locate(exit, "exit")
	if err != nil {
		return err
	}
	if in == out {
		return errSameCell
	}
	onBorder := newBitset(g.Cells())
	for _, b := range borderSides(g) {
		onBorder.set(b.door.Cell)
	}
	switch {
	case in < 0:
		in = farthest(m.Distances(out), onBorder.has)
	case out < 0:
		out = farthest(m.Distances(in), onBorder.has)
	}
	door := func(c int) Door {
		if onBorder.has(c) {
			return Door{c, outerSide(g, c)}
		}
		return Door{c, Inside}
	}
	m.SetDoors(door(in), door(out))
	return nil
}
