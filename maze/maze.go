// Package maze generates, solves and measures mazes of any shape.
//
// A maze is a Grid (the cells, what lies across each side of each, and
// where the sides lie) plus the set of open sides, plus an entrance and an
// exit: openings in the outer wall, or a start or a goal inside a cell
// (the middle of the shape, a cell the spec names). A shape is a Grid in a file of its own
// and a line in the shape registry (rectangles, circles, hexagons,
// triangles); masks and weaves are grids made from others. Generators
// carve passages, solvers find paths, and metrics describe the result,
// on any grid (the difficulty score is package mazebook/maze/difficulty's). A Recipe says everything that decides
// a maze and Make makes it. Everything is pure computation, reproducible
// from a seed, and iterative, so very large mazes never overflow a stack.
package maze

import (
	"fmt"
	"math/bits"
)

// Door is an opening in the outer wall: side Side of cell Cell, where the
// grid has no neighbour (across it lies Border, or, for a door into the
// middle of a circle, Hole); or, when Side is Inside, a start or a goal
// marked inside cell Cell, opening no wall (the middle of a rectangle, an
// inner cell the spec names).
type Door struct {
	Cell int
	Side int
}

// Inside is the Side of a door that opens no wall: a start or a goal
// inside its cell.
const Inside = -1

// IsInside reports whether d is a start or a goal inside its cell rather
// than an opening in a wall.
func (d Door) IsInside() bool { return d.Cell >= 0 && d.Side < 0 }

// opens reports whether d opens a side of its cell.
func (d Door) opens() bool { return d.Cell >= 0 && d.Side >= 0 }

// Maze is a grid with passages carved between neighbouring cells, and an
// entrance and an exit (see Door).
type Maze struct {
	Grid     Grid
	Entrance Door
	Exit     Door

	// open holds one bit per side for every cell: bit s of open[c] is set
	// when side s of cell c is open (a passage, or a door in the border).
	// Every passage is recorded on both of its cells. The only open border
	// sides are the doors.
	open []uint8
	// parts are the doors of each part of a maze whose islands are kept
	// apart (the first part's are Entrance and Exit), nil for an ordinary
	// maze, whose doors are Entrance and Exit alone.
	parts []Part
	// rec, when not nil, receives the steps of the generators and
	// solvers working on the maze (see Record).
	rec *Recording
}

// Part is one of the mazes of a maze whose islands are kept apart: the
// island's own entrance and exit.
type Part struct {
	Entrance, Exit Door
}

// NoDoor is the entrance and the exit of a maze whose doors are not placed
// yet.
var NoDoor = Door{Cell: -1, Side: -1}

// New returns a maze on grid g with every wall standing and no doors: its
// entrance and exit are NoDoor until PlaceDoors or SetDoors. It panics
// when the grid's cells have more than MaxSides sides: a grid that does is
// a programming error (see Validate).
func New(g Grid) *Maze {
	if g.MaxSides() > MaxSides {
		panic(fmt.Sprintf("maze: a grid whose cells have %d sides; a maze keeps at most %d", g.MaxSides(), MaxSides))
	}
	return &Maze{Grid: g, Entrance: NoDoor, Exit: NoDoor, open: make([]uint8, g.Cells())}
}

// IsOpen reports whether side s of cell c is open.
func (m *Maze) IsOpen(c, s int) bool {
	return m.open[c]&(1<<uint(s)) != 0
}

// OpenSides returns the bit set of the open sides of cell c: bit s is set
// when side s is open.
func (m *Maze) OpenSides(c int) uint8 { return m.open[c] }

// Carve opens side s of cell c and the neighbour's facing side, joining the
// two cells with a passage. A side in the outer wall, with no neighbour, is
// left standing: only SetDoors opens the outer wall.
func (m *Maze) Carve(c, s int) {
	if n := m.Grid.Neighbor(c, s); n >= 0 {
		m.open[c] |= 1 << uint(s)
		m.open[n] |= 1 << uint(m.Grid.Opposite(c, s))
		if m.rec != nil {
			m.rec.add(OpCarve, c, s, 0)
		}
	}
}

// Build closes side s of cell c and the neighbour's facing side, removing
// the passage between them.
func (m *Maze) Build(c, s int) {
	m.open[c] &^= 1 << uint(s)
	if n := m.Grid.Neighbor(c, s); n >= 0 {
		m.open[n] &^= 1 << uint(m.Grid.Opposite(c, s))
	}
	if m.rec != nil {
		m.rec.add(OpBuild, c, s, 0)
	}
}

// Linked reports whether cell c has a passage through side s to a
// neighbouring cell (a door in the outer wall is not a link).
func (m *Maze) Linked(c, s int) bool {
	return m.IsOpen(c, s) && !m.isDoor(c, s)
}

// The doors are asked of in two ways: doorBits, the sides of a cell that
// are doors, and IsDoorCell, whether a cell holds a door of any kind
// (Inside too); isDoor, Degree and the searches' passages are doorBits.
// An ordinary maze's doors are Entrance and Exit; a maze whose islands
// are kept apart has its parts' too, looked through (a few words' letters
// at most).

// isDoor reports whether side s of cell c is a door.
func (m *Maze) isDoor(c, s int) bool {
	if m.parts == nil {
		return c == m.Entrance.Cell && s == m.Entrance.Side || c == m.Exit.Cell && s == m.Exit.Side
	}
	return m.doorBits(c)&(1<<uint(s)) != 0
}

// IsDoorCell reports whether cell c has a door (an opening, or a start or
// goal inside it), of the maze or of one of its parts.
func (m *Maze) IsDoorCell(c int) bool {
	if c == m.Entrance.Cell || c == m.Exit.Cell {
		return true
	}
	for _, p := range m.parts {
		if p.Entrance.Cell == c || p.Exit.Cell == c {
			return true
		}
	}
	return false
}

// Links appends to dst the cells joined to c by a passage and returns it.
func (m *Maze) Links(c int, dst []int) []int {
	bits := m.open[c]
	for s := 0; bits != 0; s++ {
		if bits&1 != 0 {
			if n := m.Grid.Neighbor(c, s); n >= 0 {
				dst = append(dst, n)
			}
		}
		bits >>= 1
	}
	return dst
}

// Degree returns the number of passages leaving cell c (its doors not
// counted).
func (m *Maze) Degree(c int) int {
	return bits.OnesCount8(m.PassageSides(c))
}

// doorBits returns the bit set of the sides of cell c that are doors.
func (m *Maze) doorBits(c int) uint8 {
	var b uint8
	for _, d := range [2]Door{m.Entrance, m.Exit} {
		if c == d.Cell && d.opens() {
			b |= 1 << uint(d.Side)
		}
	}
	for _, p := range m.parts {
		for _, d := range [2]Door{p.Entrance, p.Exit} {
			if c == d.Cell && d.opens() {
				b |= 1 << uint(d.Side)
			}
		}
	}
	return b
}

// Passages returns the number of passages between cells (doors in the outer
// wall are not counted).
func (m *Maze) Passages() int {
	total := 0
	for c := range m.open {
		total += m.Degree(c)
	}
	return total / 2
}

// SetDoors sets the entrance and the exit and opens them in the outer wall
// (a door Inside its cell opens nothing), closing any door set before.
func (m *Maze) SetDoors(entrance, exit Door) {
	for _, d := range []Door{m.Entrance, m.Exit} {
		if d.opens() && d.Cell < len(m.open) && d.Side < m.Grid.Sides(d.Cell) && m.Grid.Neighbor(d.Cell, d.Side) < 0 {
			m.open[d.Cell] &^= 1 << uint(d.Side)
		}
	}
	m.Entrance, m.Exit = entrance, exit
	for _, d := range []Door{entrance, exit} {
		if d.opens() {
			m.open[d.Cell] |= 1 << uint(d.Side)
		}
	}
}

// Parts returns the maze's parts: for an ordinary maze one, its entrance
// and exit; for a maze whose islands are kept apart, one per island.
func (m *Maze) Parts() []Part {
	if m.parts == nil {
		return []Part{{m.Entrance, m.Exit}}
	}
	return append([]Part(nil), m.parts...)
}

// SetParts sets the doors of every part of a maze whose islands are kept
// apart, and opens them: the first part's doors become the maze's Entrance
// and Exit.
func (m *Maze) SetParts(parts []Part) {
	m.SetDoors(parts[0].Entrance, parts[0].Exit)
	m.parts = nil
	if len(parts) == 1 {
		return
	}
	m.parts = append([]Part(nil), parts...)
	for _, p := range parts[1:] {
		for _, d := range []Door{p.Entrance, p.Exit} {
			if d.opens() {
				m.open[d.Cell] |= 1 << uint(d.Side)
			}
		}
	}
}

// doorSide returns the side of a door of cell c, if it has one that opens
// a side.
func (m *Maze) doorSide(c int) (int, bool) {
	for _, d := range [2]Door{m.Entrance, m.Exit} {
		if d.Cell == c && d.opens() {
			return d.Side, true
		}
	}
	for _, p := range m.parts {
		for _, d := range [2]Door{p.Entrance, p.Exit} {
			if d.Cell == c && d.opens() {
				return d.Side, true
			}
		}
	}
	return 0, false
}

// PassageSides returns the bit set of the sides of cell c that are
// passages to a neighbour (bit s for side s): its open sides (see
// OpenSides), doors excepted. A walk through the maze follows them.
func (m *Maze) PassageSides(c int) uint8 {
	if c != m.Entrance.Cell && c != m.Exit.Cell && m.parts == nil {
		return m.open[c] // the common case, kept small enough to inline
	}
	return m.open[c] &^ m.doorBits(c)
}

// adjacency finds the cell across a passage quickly: arithmetically on a
// rectangular grid, through the Grid elsewhere. The inner loops of the
// searches use it.
type adjacency struct {
	g    Grid
	rect bool
	step [4]int
}

func newAdjacency(g Grid) adjacency {
	a := adjacency{g: g}
	if r, ok := g.(Rect); ok {
		a.rect = true
		a.step = [4]int{-r.W, 1, r.W, -1}
	}
	return a
}

// across returns the cell across side s of cell c, which must be a
// passage (see Maze.PassageSides).
func (a *adjacency) across(c, s int) int {
	if a.rect {
		return c + a.step[s&3]
	}
	return a.g.Neighbor(c, s)
}

// sides returns the number of sides of cell c.
func (a *adjacency) sides(c int) int {
	if a.rect {
		return 4
	}
	return a.g.Sides(c)
}

// opposite returns the side facing side s of cell c across a passage.
func (a *adjacency) opposite(c, s int) int {
	if a.rect {
		return (s + 2) & 3
	}
	return a.g.Opposite(c, s)
}
