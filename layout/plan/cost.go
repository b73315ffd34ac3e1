package plan

import (
	"fmt"

	"mazebook/layout/spec"
	"mazebook/maze"
)

// MaxDrawnCells is the most maze cells a book may draw, every drawing
// counted (a maze in the puzzles and again in the answer key counts
// twice). A book at the limit builds in about 1.5 GB of memory.
const MaxDrawnCells = 20_000_000

// MaxMazeDrawnCells is the most cells one maze drawing may have: a
// drawing is held whole while its page is written (about 130 bytes a
// cell), so 'mazebook maze' draws at most this many as SVG, PDF or PNG.
// (In a book, the 200 in page and the 2 mm cell allow 6.4 million.)
const MaxMazeDrawnCells = 8_000_000

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
// KB per page, 120 bytes per cell of the largest maze (its drawing is
// held whole while its page is written), and, per drawn cell (the PDF's
// page contents, held until the document is written), by a shape's own
// amount: rectangles 56 bytes, triangles 38, hexagons 190 (six sides a
// cell), circles 221 (arcs), weaves 198 (a tube's walls); the estimates
// leave room to spare (a book of 500 level-10 circles, 4.4 million drawn
// cells, peaked at 1.2 GB: 273 bytes a cell, the program's own included).
const (
	bytesPerPage        = 8 << 10
	bytesPerLargestCell = 120
)

// bytesPerDrawnCell returns the memory a drawn cell of a maze of a kind
// of grid (see spec.Section.Kind: a shape's name, "mask" or "weave")
// takes while its book is built.
func bytesPerDrawnCell(kind string) float64 {
	switch kind {
	case "circle":
		return 280
	case "hexagon":
		return 210
	case maze.KindWeave:
		return 220
	}
	return 72
}

// MaxBookBytes is the most memory a book may take to build, by the
// estimate: 20 million drawn cells of rectangles (MaxDrawnCells), fewer
// of circles, hexagons and weaves, which take three to four times as much a cell.
const MaxBookBytes = 1_500_000_000

// Cost estimates what building the book takes.
func (p *Plan) Cost() Cost {
	c := Cost{Pages: len(p.Pages)}
	largest := 0
	for _, m := range p.Mazes {
		c.DrawnCells += m.Cells * drawings(m)
		c.Bytes += float64(m.Cells*drawings(m)) * bytesPerDrawnCell(p.Spec.Sections[m.Section].Kind())
		largest = max(largest, m.Cells)
	}
	for _, pp := range p.Pages {
		if bd := pp.Board; bd != nil { // a storyboard: each frame draws its maze
			n := bd.Count * bd.Film.Maze.Grid.Cells()
			c.DrawnCells += n
			c.Bytes += float64(n) * bytesPerDrawnCell(p.Spec.Sections[pp.Section].Kind())
			largest = max(largest, bd.Film.Maze.Grid.Cells())
		}
	}
	c.Bytes += float64(c.Pages)*bytesPerPage + float64(largest)*bytesPerLargestCell
	return c
}

// drawings is how many times a maze is drawn: on its puzzle page, and in
// the answer key.
func drawings(m Maze) int {
	if m.AnswerPage > 0 {
		return 2
	}
	return 1
}

// checkBudget refuses a book that draws more than MaxDrawnCells cells,
// placing the error at the section that draws the most.
func (p *Plan) checkBudget() *spec.Error {
	c := p.Cost()
	if c.DrawnCells <= MaxDrawnCells && c.Bytes <= MaxBookBytes {
		return nil
	}
	// The section that takes the most memory.
	bySection := make([]int, len(p.Spec.Sections))
	weight := func(si int) float64 { return bytesPerDrawnCell(p.Spec.Sections[si].Kind()) }
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
	sec := &p.Spec.Sections[big]
	path := fmt.Sprintf("sections.%d", big)
	for _, key := range []string{"count", "size", "cell", "difficulty", "ages"} {
		if line, _ := p.Spec.Pos(path + "." + key); line > 0 {
			path += "." + key
			break
		}
	}
	mazes, cells := 0, 0
	for _, m := range p.Mazes {
		if m.Section == big {
			mazes++
			cells += m.Cells
		}
	}
	kind := ""
	if w := weight(big); w > bytesPerDrawnCell(maze.Rectangle) {
		kind = fmt.Sprintf(" (%s mazes take about %.0f times a rectangle's memory a cell)", sec.Kind(), w/bytesPerDrawnCell(maze.Rectangle))
	}
	return p.Spec.ErrorAt(path, "the book draws %.1f million maze cells (puzzles and answers), which would take about %.1f GB of memory to build; the most is %.1f GB, %d million cells of rectangles: %s draws %.1f million of them (%d mazes of %d cells on average)%s: give fewer or smaller mazes, or leave out the answer key",
		float64(c.DrawnCells)/1e6, c.Bytes/(1<<30), float64(MaxBookBytes)/(1<<30), MaxDrawnCells/1_000_000, sec.Name(), float64(bySection[big])/1e6, mazes, cells/max(mazes, 1), kind)
}
