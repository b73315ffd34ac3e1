package plan

import (
	"fmt"
	"math"
	"mazebook/internal/say"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// sizeMazes chooses each maze's size, cell size and wall: the same for
// every maze of a section, but for sections whose difficulty rises, whose
// mazes grow with their level.
func (p *Plan) sizeMazes() spec.Errors {
	s := p.Spec
	var errs spec.Errors
	for si := range s.Sections {
		sec := &s.Sections[si]
		room := roomer{p.RoomOf(si)}
		// Every page of a section has slots of the same size, and keeps
		// the same room for captions.
		var area display.Box
		for _, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si {
				area = pp.MazeArea(pp.Slots[0])
				break
			}
		}
		type sized struct {
			size              maze.Size
			cells             int
			cell, wall        float64
			gridW, gridH, clr float64
			failed            bool
		}
		byLevel := map[int]sized{}
		for i := range p.Mazes {
			mp := &p.Mazes[i]
			if mp.Section != si {
				continue
			}
			sz, done := byLevel[mp.Level]
			if !done {
				level := mp.Level
				if level == 0 {
					level = spec.DefaultLevel
				}
				var err *spec.Error
				var g maze.Grid
				cells := maze.LevelCells(sec.Shape, level)
				if mp.Level == 0 && sec.Mask != nil && sec.Mask.CapHeight > 0 {
					cells = wordCells(sec.Mask, area, room) // a name, its letters clear
				}
				sz.size, g, sz.cell, err = sectionSize(s, sec, area, room, cells)
				if err == nil {
					sz.cells = g.Cells()
					sz.gridW, sz.gridH = g.Size()
					sz.clr = maze.Clearance(g)
					sz.wall, err = wallFor(s, sec, sz.cell*sz.clr)
					if sec.Weave > 0 {
						sz.clr = draw.WeaveClearance
					}
				}
				if err == nil {
					err = checkDoorCells(s, sec, g)
				}
				if err != nil {
					errs = append(errs, err)
					sz.failed = true
				}
				byLevel[mp.Level] = sz
			}
			if sz.failed {
				continue
			}
			mp.Recipe.Size, mp.Cells, mp.Cell, mp.Wall = sz.size, sz.cells, sz.cell, sz.wall
			mp.GridW, mp.GridH, mp.Clear = sz.gridW, sz.gridH, sz.clr
		}
	}
	return errs
}

// sectionSize chooses the size and cell size of a section's mazes in a
// maze area: from the size given, from the cell size given, or else about
// the given number of cells (its level's) in the shape the area suits. It
// returns the grid of that size too.
func sectionSize(s *spec.Book, sec *spec.Section, box display.Box, room roomer, cells int) (maze.Size, maze.Grid, float64, *spec.Error) {
	shape, _ := maze.LookupShape(sec.Shape)
	minCell := sec.MinCell
	forAges := say.T("")
	if sec.Ages != "" && minCell > spec.MinCell {
		forAges = say.T(" for ages %s", sec.Ages)
	}
	name := sec.Name()
	grid := func(sz maze.Size) (maze.Grid, error) {
		r := maze.Recipe{Shape: sec.Shape, Size: sz, Mask: sec.Mask, Islands: sec.Islands}
		return r.Grid()
	}
	switch {
	case sec.Size.W > 0:
		g, err := grid(sec.Size)
		if err != nil {
			return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: %v", name, err)
		}
		gw, gh := g.Size()
		cell := room.fit(box, gw, gh)
		if cell < minCell {
			sz, _, ok := largestFit(sec, shape, box, room, minCell)
			if shape.Middle && sec.Size.Inner > float64(sec.Size.W) {
				// The middle takes the room: say so, in the spec's words.
				return maze.Size{}, nil, 0, sectionError(s, sec, "inner", "%s: a middle %g rings wide leaves no room on the page for the circle's %d rings at a legible cell size (%s%s): give a smaller inner (1 to 3 is usual)",
					name, sec.Size.Inner, sec.Size.W, spec.FormatLength(minCell, "mm"), forAges)
			}
			if cell <= 0 || !ok {
				return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: its %s x %s box has no room for a maze with its start and finish marks at a legible cell size (%s%s): use a larger page, smaller margins, or fewer mazes on a page",
					name, spec.FormatLength(max(box.W, 0), "mm"), spec.FormatLength(max(box.H, 0), "mm"), spec.FormatLength(minCell, "mm"), forAges)
			}
			return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: a %s %s does not fit its %s x %s box at a legible cell size (it would get %s cells; the smallest%s is %s): the largest that fits is %s, or put fewer mazes on a page",
				name, shape.Format(sec.Size), shape.Name, spec.FormatLength(box.W, "mm"), spec.FormatLength(box.H, "mm"), spec.FormatLength(cell, "mm"), forAges, spec.FormatLength(minCell, "mm"), shape.Format(sz))
		}
		return sec.Size, g, min(cell, maxCell(sec)), nil
	case sec.CellSize > 0:
		cell := sec.CellSize
		if cell < minCell {
			return maze.Size{}, nil, 0, sectionError(s, sec, "cell", "%s: cell %s is too small to print legibly; the smallest%s is %s", name, spec.FormatLength(cell, "mm"), forAges, spec.FormatLength(minCell, "mm"))
		}
		sz, g, ok := largestFit(sec, shape, box, room, cell)
		if !ok {
			return maze.Size{}, nil, 0, sectionError(s, sec, "cell", "%s: cell %s is too large: not one cell fits the %s x %s box", name, spec.FormatLength(cell, "mm"), spec.FormatLength(box.W, "mm"), spec.FormatLength(box.H, "mm"))
		}
		return sz, g, cell, nil
	}
	sz, err := forCells(sec, shape, cells, room.aspect(box))
	var g maze.Grid
	if err == nil {
		g, err = grid(sz)
	}
	if err != nil {
		return maze.Size{}, nil, 0, sectionError(s, sec, "mask", "%s: %v", name, err)
	}
	gw, gh := g.Size()
	cell := room.fit(box, gw, gh)
	if cell < minCell {
		// A small box: shrink to what fits legibly. A section held to a
		// level then reports the band it cannot reach.
		var ok bool
		sz, g, ok = largestFit(sec, shape, box, room, minCell)
		if !ok || g.Cells() < 4 || sec.Shape == maze.Rectangle && (sz.W < 2 || sz.H < 2) {
			return maze.Size{}, nil, 0, sectionError(s, sec, "per_page", "%s: the maze area is too small for a maze; put fewer mazes on a page", name)
		}
		gw, gh = g.Size()
		cell = room.fit(box, gw, gh)
	}
	return sz, g, min(cell, maxCell(sec)), nil
}

// forCells returns the section's size of about n cells in a box aspect
// times as wide as it is high: the shape's own, or the block under the
// mask.
func forCells(sec *spec.Section, shape maze.Shape, n int, aspect float64) (maze.Size, error) {
	var sz maze.Size
	if sec.Mask != nil {
		var err error
		if sz, err = maze.MaskSize(shape, sec.Mask, n); err != nil {
			return sz, err
		}
		if sec.MaskRows > 0 && sz.H < sec.MaskRows {
			// Too few rows to read the mask: more cells.
			f := float64(sec.MaskRows) / float64(sz.H)
			if sz, err = maze.MaskSize(shape, sec.Mask, int(float64(n)*f*f)+1); err != nil {
				return sz, err
			}
		}
	} else {
		sz = shape.ForCells(n, aspect)
	}
	sz.Inner = sec.Size.Inner
	return sz, nil
}

// largestFit returns the largest size of the section's shape whose grid,
// with its marker room, fits box at the given cell size: on a plain
// rectangle by arithmetic, elsewhere by a search over the number of cells.
func largestFit(sec *spec.Section, shape maze.Shape, box display.Box, room roomer, cell float64) (maze.Size, maze.Grid, bool) {
	if sec.Shape == maze.Rectangle && sec.Mask == nil {
		w := int(math.Floor((box.W-2*room.AbsX)/cell - 2*room.CellsX + 1e-9))
		h := int(math.Floor((box.H-2*room.AbsY)/cell - 2*room.CellsY + 1e-9))
		if w < 1 || h < 1 {
			return maze.Size{}, nil, false
		}
		sz := maze.Size{W: w, H: h}
		g, err := maze.NewRect(w, h)
		return sz, g, err == nil
	}
	aspect := room.aspect(box)
	try := func(n int) (maze.Size, maze.Grid, bool) {
		sz, err := forCells(sec, shape, n, aspect)
		if err != nil {
			return sz, nil, false
		}
		g, err := maze.Recipe{Shape: sec.Shape, Size: sz, Mask: sec.Mask, Islands: sec.Islands}.Grid()
		if err != nil {
			return sz, nil, false
		}
		gw, gh := g.Size()
		return sz, g, room.fit(box, gw, gh) >= cell
	}
	// The most cells the box could hold at this cell size bounds the
	// search; too many cells never fit.
	hi := int(math.Min(4*(box.W/cell+1)*(box.H/cell+1), maze.MaxCells))
	lo := 0
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if _, _, ok := try(mid); ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return maze.Size{}, nil, false
	}
	return try(lo)
}

// roomer is the marker room, with the sums the sizing does with it.
type roomer struct{ draw.Room }

// fit returns the largest cell at which a grid of gw by gh units fits box.
func (r roomer) fit(box display.Box, gw, gh float64) float64 {
	return draw.FitCell(box, gw, gh, r.Room)
}

// aspect returns how many times wider than high the room left in box is.
func (r roomer) aspect(box display.Box) float64 {
	return (box.W - 2*r.AbsX) / math.Max(box.H-2*r.AbsY, 1)
}

// wallFor returns the wall thickness of a section's mazes whose narrowest
// corridor (a square cell, or less on triangles) is corridor points wide
// (see spec.FitWall).
func wallFor(s *spec.Book, sec *spec.Section, corridor float64) (float64, *spec.Error) {
	name := sec.Style.WallName
	if sec.WallName != "" {
		name = sec.WallName
	}
	w, err := spec.FitWall(sec.Style.Wall, name, corridor)
	if err != nil {
		at := "style.wall"
		if sec.WallGiven {
			at = fmt.Sprintf("sections.%d.style.wall", sec.Index)
		}
		return 0, s.ErrorAt(at, "%s: %v", sec.Name(), err)
	}
	if s.Preset != "" && name != "" {
		// A named wall keeps to what the printer accepts.
		w = math.Max(w, MinLine)
	}
	return w, nil
}

// WordCell is the smallest cell a name maze is drawn with unless its
// slot holds no more: 3mm, corridors a child's pencil follows.
const WordCell = 3 * spec.PointsPerMM

// wordCells returns about how many cells a section whose mask is a word,
// held to no level, is made of: capitals maze.TextCapRows tall when the
// slot holds them at WordCell, else as many rows as it holds (never
// fewer than maze.TextMinCapRows: a name is sized to read, not to be
// dense).
func wordCells(b *maze.Bitmap, box display.Box, room roomer) int {
	full := maze.TextCells(b)
	rows := float64(maze.TextCapRows) * float64(b.H) / float64(b.CapHeight) // the grid's rows for full
	aspect := float64(b.W) / float64(b.H)
	w := box.W - 2*room.AbsX
	h := box.H - 2*room.AbsY
	fit := math.Min(h/WordCell, w/(WordCell*aspect)) // the rows the slot holds at WordCell
	least := float64(maze.TextMinCapRows) * float64(b.H) / float64(b.CapHeight)
	if fit >= rows {
		return full
	}
	r := math.Max(fit, least)
	return max(int(float64(full)*r*r/(rows*rows)), 4)
}

// TurnNotes says, for each section whose mazes are words (a name) on a
// portrait page where a landscape page would print them larger, how much
// larger, at the section's mask: "book.yaml:9:11: section 2: the name is
// wide: on a landscape page (page: {orientation: landscape}) it prints 1.8
// times as large".
func (p *Plan) TurnNotes() []string {
	ps := p.Spec.Page
	if ps.Landscape || ps.Width >= ps.Height {
		return nil
	}
	var notes []string
	for si := range p.Spec.Sections {
		sec := &p.Spec.Sections[si]
		if sec.Mask == nil || sec.Mask.CapHeight == 0 || sec.PerPage != 1 {
			continue
		}
		var mp *Maze
		for i := range p.Mazes {
			if p.Mazes[i].Section == si {
				mp = &p.Mazes[i]
				break
			}
		}
		if mp == nil || mp.GridW < 1.5*mp.GridH {
			continue
		}
		// The cell the maze would get with the page turned: its content
		// area's sides swapped, less the same room for the heading.
		var area display.Box
		for _, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si {
				area = pp.MazeArea(pp.Slots[0])
				break
			}
		}
		c := p.Pages[0].Frame.Content
		turned := display.Box{W: c.H, H: c.W - (c.H - area.H)}
		room := p.RoomOf(si)
		now := draw.FitCell(area, mp.GridW, mp.GridH, room)
		if then := draw.FitCell(turned, mp.GridW, mp.GridH, room); then > 1.25*now {
			notes = append(notes, p.Spec.ErrorAt(fmt.Sprintf("sections.%d.mask", sec.Index), "%s: the name is wide: on a landscape page (page: {orientation: landscape}) it prints %.1f times as large", sec.Name(), then/now).Error())
		}
	}
	return notes
}
