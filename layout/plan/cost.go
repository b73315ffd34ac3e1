package plan

import (
	"fmt"

	"mazebook/layout/animate"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// MaxDrawnCells is the most maze cells a book may draw, every drawing
// counted (a maze in the puzzles and again in the answer key counts
// twice). A book at the limit builds in about 1.5 GB of memory.
const MaxDrawnCells = 20_000_000

// DrawingBytes estimates the memory that drawing one maze whole and
// writing it takes ('mazebook maze -o x.pdf', '.svg' or '.png', and the
// maze a book holds while its page is written): cells cells of a kind of
// grid, a shape's name or maze.KindWeave (see CostKind).
func DrawingBytes(kind string, cells int) float64 {
	return float64(float64(cells) * drawingBytesPerCell(kind))
}

// CostKind is the kind of grid a maze's memory is estimated by: a weave,
// or its shape ("" is a rectangle; a mask costs as its shape does).
func CostKind(shape string, weave float64) string {
	switch {
	case weave > 0:
		return maze.KindWeave
	case shape == "":
		return maze.Rectangle
	}
	return shape
}

// MaxDrawingCells is the most cells one maze of a kind of grid may have
// to be drawn whole within MaxBookBytes (see DrawingBytes).
func MaxDrawingCells(kind string) int {
	return int(MaxBookBytes / drawingBytesPerCell(kind))
}

// memory returns what a cell of a kind of grid (see CostKind) takes to
// draw: its shape's row says (a rectangle's for a kind no shape has), a
// weave's is maze.WeaveMemory.
func memory(kind string) maze.MemoryCost {
	if kind == maze.KindWeave {
		return maze.WeaveMemory
	}
	s, err := maze.LookupShape(kind)
	if err != nil {
		s, _ = maze.LookupShape(maze.Rectangle)
	}
	return s.Memory
}

// drawingBytesPerCell is the memory a cell of a maze drawn whole takes.
func drawingBytesPerCell(kind string) float64 { return memory(kind).Drawing }

// Cost is what building a book takes, estimated from its plan.
type Cost struct {
	// DrawnCells counts the cells of every maze drawing: a maze in the
	// puzzles and again in the answer key counts twice.
	DrawnCells int
	Pages      int
	// Bytes is the memory the build is expected to need at its peak.
	Bytes float64
}

// Measured on a 2-core machine (/usr/bin/time -v on 'mazebook build' of
// books of 100 and 400 level-9 mazes, one a page, with their answers:
// the growth between them): the peak memory of a build grows by about 8
// KB per page, by the drawing of its largest maze (DrawingBytes: it is
// held whole while its page is written), and, per drawn cell (the PDF's
// page contents, held until the document is written), by a shape's own
// amount (see BytesPerDrawnCell).
const bytesPerPage = 8 << 10

// BytesPerDrawnCell returns the memory a drawn cell of a maze of a kind
// of grid (see CostKind) takes while its book is built: the PDF's page
// contents, held until the document is written (see maze.MemoryCost).
func BytesPerDrawnCell(kind string) float64 { return memory(kind).Drawn }

// MaxBookBytes is the most memory a book may take to build, by the
// estimate: 20 million drawn cells of rectangles (MaxDrawnCells), fewer
// of circles, hexagons and weaves, which take three to four times as much a cell.
const MaxBookBytes = 1_500_000_000

// Cost estimates what building the book takes.
func (p *Plan) Cost() Cost {
	c := Cost{Pages: len(p.Pages)}
	largest := 0.0 // the largest maze drawing, held whole
	for _, m := range p.Mazes {
		kind := p.costKind(m.Section)
		c.DrawnCells += m.Cells * drawings(m)
		c.Bytes += float64(float64(m.Cells*drawings(m)) * BytesPerDrawnCell(kind))
		largest = max(largest, DrawingBytes(kind, m.Cells))
	}
	for _, pp := range p.Pages {
		if bd := pp.Board; bd != nil { // a storyboard: each frame draws its maze
			kind := p.costKind(pp.Section)
			n := bd.Count * bd.Film.Maze.Grid.Cells()
			c.DrawnCells += n
			c.Bytes += float64(float64(n) * animate.BytesPerFrameCell)
			largest = max(largest, DrawingBytes(kind, bd.Film.Maze.Grid.Cells()))
		}
	}
	c.Bytes += float64(c.Pages)*bytesPerPage + largest
	return c
}

// costKind is the kind of grid section si's memory is estimated by.
func (p *Plan) costKind(si int) string {
	sec := &p.Spec.Sections[si]
	return CostKind(sec.Shape, sec.Weave)
}

// drawings is how many times a maze is drawn: on its puzzle page, and in
// the answer key.
func drawings(m Maze) int {
	if m.AnswerPage > 0 {
		return 2
	}
	return 1
}

// checkBudget refuses a book that takes more than budget bytes (see
// Cost), or draws more cells than MaxDrawnCells scaled to the budget,
// placing the error at the section that draws the most.
func (p *Plan) checkBudget(budget float64) *spec.Error {
	c := p.Cost()
	maxCells := int(float64(MaxDrawnCells) * min(1, budget/MaxBookBytes))
	if c.DrawnCells <= maxCells && c.Bytes <= budget {
		return nil
	}
	// The section that takes the most memory.
	bySection := make([]int, len(p.Spec.Sections))
	weight := func(si int) float64 { return BytesPerDrawnCell(p.costKind(si)) }
	for _, m := range p.Mazes {
		bySection[m.Section] += m.Cells * drawings(m)
	}
	for _, pp := range p.Pages {
		if bd := pp.Board; bd != nil {
			bySection[pp.Section] += bd.Count * bd.Film.Maze.Grid.Cells()
		}
	}
	big := 0
	for i, n := range bySection {
		if float64(n)*weight(i) > float64(bySection[big])*weight(big) {
			big = i
		}
	}
	boards, boardCells := 0, 0
	for _, pp := range p.Pages {
		if bd := pp.Board; bd != nil {
			if bd.First == 0 {
				boards++
			}
			boardCells += bd.Count * bd.Film.Maze.Grid.Cells()
		}
	}
	if c.Bytes > budget && boards > 0 && float64(boardCells)*animate.BytesPerFrameCell > c.Bytes/2 {
		// The storyboards take the most: say so of them all together.
		path := fmt.Sprintf("sections.%d.kind", big)
		return p.Spec.ErrorAt(path, "the %d storyboards bring the book to about %.2f GB of memory, and the most is %.2f GB: show more moves a frame (every), smaller mazes or fewer storyboards",
			boards, c.Bytes/1e9, budget/1e9)
	}
	sec := &p.Spec.Sections[big]
	path := fmt.Sprintf("sections.%d", big)
	for _, key := range []string{"count", "size", "cell", "difficulty", "ages"} {
		if line, _ := p.Spec.Pos(path + "." + key); line > 0 {
			path += "." + key
			break
		}
	}
	if c.Bytes > budget {
		return p.Spec.ErrorAt(path, "the book needs about %.2f GB of memory to build, and the most is %.2f GB: give %s fewer or smaller mazes, or leave out the answer key",
			c.Bytes/1e9, budget/1e9, sec.Name())
	}
	// Within the memory, but past the cells (of a shape that takes less
	// memory a cell than a rectangle does).
	return p.Spec.ErrorAt(path, "the book draws %.1f million maze cells, and the most is %.1f million: give %s fewer or smaller mazes, or leave out the answer key",
		float64(c.DrawnCells)/1e6, float64(maxCells)/1e6, sec.Name())
}
