package maze

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"mazebook/internal/say"
)

// Shape is a kind of grid a maze can be carved in: how its sizes are
// written and read, how its grid is made, and what size of it has about a
// given number of cells. Each shape is defined in its own file (rect.go,
// polar.go, hex.go, triangle.go) and listed once in shapes, below.
type Shape struct {
	// Name is how specs and the command line call the shape.
	Name string
	// Description says in a line what the shape's mazes look like.
	Description string
	// Sizes says how a size is written, for messages and help.
	Sizes string
	// Masks is true when the shape's grids can be cut by a mask: those
	// whose cells are laid out in a block.
	Masks bool
	// Coords says how a cell is named (see At), for messages and help.
	Coords string
	// Middle is true when the shape has a round middle, whose radius a
	// size's Inner sets, that a maze may lead into (openings: center): a
	// circle. Other shapes' mazes lead to the cell in their middle.
	Middle bool
	// LevelCells are the cells of the shape's mazes at each level, from
	// 1, calibrated so that they score, on average, as the level's
	// rectangle does (see difficulty.LevelCells); zero for a shape that takes
	// the rectangle's.
	LevelCells [MaxLevel]int
	// Memory is what a cell of the shape's mazes takes to draw (see
	// MemoryCost); a weave's cells take WeaveMemory on any shape.
	Memory MemoryCost
	// Parse reads a size written for the shape.
	Parse func(s string) (Size, error)
	// Format writes a size as Parse reads it.
	Format func(Size) string
	// New makes the grid of a size.
	New func(Size) (Grid, error)
	// ForCells returns the size with about n cells whose box is about
	// aspect times as wide as it is high (as far as the shape allows).
	ForCells func(n int, aspect float64) Size
	// BlockFor returns the block of about n cells whose box is about
	// aspect times as wide as it is high, for masks; nil when Masks is
	// false.
	BlockFor func(n int, aspect float64) Size
}

// MemoryCost is the memory, in bytes, a cell of a kind of grid takes
// while its maze is drawn, as a book's plan estimates it. Each is
// measured on a 2-core machine with /usr/bin/time -v, with about a sixth
// more allowed:
//
//   - Drawing, a maze drawn whole and written ('mazebook maze --cell 2mm
//     -o x.pdf' and '-o x.svg', the larger, at about a million cells; a
//     book holds its largest maze so while its page is written);
//   - Drawn, a drawn cell of a book (the PDF's page contents, held until
//     the document is written): books near the budget (200 in pages of
//     large mazes, with answers), the highest peak of validate, build,
//     build --svg and build --teacher, less the largest maze's drawing,
//     over the drawn cells.
type MemoryCost struct {
	Drawing, Drawn float64
}

// WeaveMemory is the memory a cell of a weave (a grid with crossings)
// takes, on any shape: eight walls a cell and the passages under the
// bridges, measured 588 bytes drawn whole and 274 in a book.
var WeaveMemory = MemoryCost{Drawing: 680, Drawn: 320}

// Size is the size of a grid as its shape reads it. For a block of cells
// (a rectangle, or hexagonal or triangular cells laid out in rows) W and H
// are its columns and rows; for an outline (a big hexagon or triangle) W
// is its side in cells and H is 0; for a circle W is its number of rings
// and Inner the radius of its middle, in ring widths.
type Size struct {
	W, H  int
	Inner float64
}

// shapes is the registry of shapes, in the order they are listed.
var shapes = []Shape{rectangleShape, circleShape, hexagonShape, triangleShape}

// Rectangle is the name of the shape of square cells in rows and columns,
// and of the shape a recipe without one has.
const Rectangle = "rectangle"

// Shapes returns every registered shape, in listing order.
func Shapes() []Shape { return append([]Shape(nil), shapes...) }

// ShapeNames returns the names of the registered shapes, in listing order.
func ShapeNames() []string {
	names := make([]string, len(shapes))
	for i, s := range shapes {
		names[i] = s.Name
	}
	return names
}

// LookupShape returns the shape called name ("" is the rectangle). The
// error lists the known names.
func LookupShape(name string) (Shape, error) {
	if name == "" {
		name = Rectangle
	}
	for _, s := range shapes {
		if s.Name == name {
			return s, nil
		}
	}
	return Shape{}, say.Errorf("shape %q is unknown (known: %s)", name, strings.Join(ShapeNames(), ", "))
}

// shaped is a grid that names its shape.
type shaped interface {
	Shape() string
}

// describeGrid names a grid's kind for messages: "a circle", "a mask of a
// rectangle", "a weave".
func describeGrid(g Grid) string {
	if m, ok := g.(*Masked); ok {
		return "a mask of " + describeGrid(m.Base())
	}
	if _, ok := g.(*Weave); ok {
		return "a weave"
	}
	if s, ok := g.(shaped); ok {
		return "a " + s.Shape()
	}
	return fmt.Sprintf("a %T grid", g)
}

// The kinds of grid an algorithm may be asked to carve besides the
// shapes: "mask" and "weave".
const (
	KindMask  = "mask"
	KindWeave = "weave"
)

// Grids lists the kinds of grid the algorithm can carve: the shapes, and
// KindMask and KindWeave, in listing order.
func (a Algorithm) Grids() []string {
	var kinds []string
	for _, s := range shapes {
		if g, err := s.New(s.ForCells(12, 1)); err == nil && a.Supports(g) {
			kinds = append(kinds, s.Name)
		}
	}
	if mask, err := NewMasked(Rect{3, 3}, []bool{true, true, true, true, false, true, true, true, true}); err == nil && a.Supports(mask) {
		kinds = append(kinds, KindMask)
	}
	if w, err := NewWeave(5, 5, 1, NewRand(1)); err == nil && a.Supports(w) {
		kinds = append(kinds, KindWeave)
	}
	return kinds
}

// Carves reports whether the algorithm can carve the kind of grid (a
// shape's name, KindMask or KindWeave).
func (a Algorithm) Carves(kind string) bool {
	for _, k := range a.Grids() {
		if k == kind {
			return true
		}
	}
	return false
}

// AlgorithmsFor returns the names of the registered algorithms that can
// carve the given kind of grid (a shape's name, KindMask or KindWeave), in
// listing order.
func AlgorithmsFor(kind string) []string {
	var names []string
	for _, a := range algorithms {
		for _, k := range a.Grids() {
			if k == kind {
				names = append(names, a.Name)
				break
			}
		}
	}
	return names
}

// BookAlgorithmsFor returns the names of the registered algorithms that
// can carve the kind of grid and whose texture reads as a real maze in a
// book (those not Crude): what "random" draws from. When none can, it
// returns every algorithm that can.
func BookAlgorithmsFor(kind string) []string {
	var names []string
	for _, name := range AlgorithmsFor(kind) {
		if a, _ := LookupAlgorithm(name); !a.Crude {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return AlgorithmsFor(kind)
	}
	return names
}

// parseBlock reads "WxH" (columns x rows).
func parseBlock(s string) (Size, bool) {
	a, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		return Size{}, false
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	h, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Size{}, false
	}
	return Size{W: w, H: h}, true
}

// parseSideOrBlock reads the size of an outline shape: its side ("6",
// "side 6") or a block ("16x12"), made into a grid by newGrid to check it.
func parseSideOrBlock(s, shape, side, block string, newGrid func(Size) (Grid, error)) (Size, error) {
	sz, ok := parseBlock(s)
	if !ok {
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.ToLower(s)), "side")))
		if err != nil {
			return Size{}, say.Errorf("%q is not a %s's size: give the cells along its side, such as %s, or columns x rows, such as %s", s, shape, side, block)
		}
		sz = Size{W: n}
	}
	_, err := newGrid(sz)
	return sz, err
}

// formatSideOrBlock writes the size of an outline shape as
// parseSideOrBlock reads it.
func formatSideOrBlock(sz Size) string {
	if sz.H == 0 {
		return fmt.Sprintf("side %d", sz.W)
	}
	return fmt.Sprintf("%dx%d", sz.W, sz.H)
}

// blockFor returns the w by h block of about n cells whose box, each cell
// cw by ch units, is about aspect times as wide as it is high: at least
// 2x2.
func blockFor(n int, aspect, cw, ch float64) Size {
	w := int(math.Round(math.Sqrt(float64(n) * aspect * ch / cw)))
	w = max(w, 2)
	h := max(int(math.Round(float64(n)/float64(w))), 2)
	return Size{W: w, H: h}
}

// sideFor returns the side of an outline with about n cells, when a side
// of s has cells(s) cells, cells growing with s.
func sideFor(n int, cells func(s int) int) int {
	s := 1
	for cells(s+1) <= n || math.Abs(float64(cells(s+1)-n)) < math.Abs(float64(cells(s)-n)) {
		s++
		if cells(s) > MaxCells {
			break
		}
	}
	return s
}

// MaxLevel is the highest difficulty level: a shape calibrates its
// cells (Shape.LevelCells) for each of the levels 1 to MaxLevel of the
// difficulty model (package mazebook/maze/difficulty).
const MaxLevel = 10
