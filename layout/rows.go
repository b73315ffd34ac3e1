package layout

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/maze"
)

// A rowLine is where the mazes of a row of a puzzle page whose mazes
// differ in height stand (see rowLines): the top of their captions, on
// one line, and the tops of their grids, level, all in page points.
type rowLine struct{ caption, grid float64 }

// A rowSlot is a puzzle of a row that stands at its row's line: the
// line, its slot as the plan resolves it, and its maze drawn in the
// slot's planned area (see slotDrawing), to be moved to the line.
type rowSlot struct {
	line *rowLine
	sl   plan.Slot
	d    draw.Drawing
	area display.Box
}

// rowLines returns, by slot, where the puzzles of page pp of sheet sh
// stand, and each drawn once (see rowSlot), in rows whose captions would not stand on one line (their
// mazes differ in height, or in the marks above them), as a book sets a
// row: their captions on one baseline and their grids' tops level below
// it, what the one with the most above its grid inks (its Start word or
// arrow) its caption's gap below the line, the whole (captions and the
// deepest maze) centred in the row's slots. A row whose captions stand
// on one line, or too shallow for its deepest marks above and below, a
// page of staggered circles and an answer page have none: each
// maze's caption stands just above what it inks, the two centred in
// their slot (answers at its top).
func (b *Book) rowLines(sh *sheet, pp *plan.Page) (map[int]*rowSlot, error) {
	if pp.Kind != plan.PuzzlePage || pp.Beside != nil || len(pp.Mazes) < 2 {
		return nil, nil
	}
	out := map[int]*rowSlot{}
	for _, row := range b.Plan.Rows(pp) {
		if len(row) < 2 || !b.Plan.RowDiffers(pp, row) {
			continue
		}
		// What each maze inks above and below its grid's top, and its
		// caption's height.
		capH, above, below := 0.0, 0.0, 0.0
		box := pp.Slots[row[0]]
		tops := map[float64]bool{} // where the captions stand each on its own
		slots := map[int]*rowSlot{}
		for _, k := range row {
			sl, m, l, err := b.slotOf(sh, pp, k)
			if err != nil {
				return nil, err
			}
			d, area := slotDrawing(sl, m, l)
			slots[k] = &rowSlot{sl: sl, d: d, area: area}
			_, top := placeInSlot(sl, d, area)
			tops[math.Round(float64(top*100))] = true
			capH = math.Max(capH, sl.Caption.Height())
			above = math.Max(above, d.Origin.Y-d.Bounds.Y)
			below = math.Max(below, d.Bounds.Y+d.Bounds.H-d.Origin.Y)
			box = box.Union(pp.Slots[k])
		}
		if len(tops) < 2 {
			continue // on one line already
		}
		block := capH + plan.CaptionGap + above + below
		if block > box.H {
			continue // the deepest marks above and below leave no room to level them
		}
		top := box.Y + (box.H-block)/2
		line := &rowLine{caption: top, grid: top + capH + plan.CaptionGap + above}
		for k, at := range slots {
			at.line = line
			out[k] = at
		}
	}
	return out, nil
}

// slotOf resolves slot slot of page pp of sheet sh (see plan.SlotOf)
// with the facts of the maze made for it, and returns the maze to draw
// and its layers: turned, when its slot turns it.
func (b *Book) slotOf(sh *sheet, pp *plan.Page, slot int) (plan.Slot, *maze.Maze, draw.Layers, error) {
	made := b.Mazes[pp.Mazes[slot]]
	sl, err := b.Plan.SlotOf(sh.index, slot, plan.CaptionFacts{
		Recipe: made.Recipe, Score: made.Rating.Score,
		Path: made.Rating.Metrics.SolutionLength, Level: made.Rating.Level,
	})
	if err != nil {
		return plan.Slot{}, nil, draw.Layers{}, err
	}
	l := draw.Layers{Blank: sl.Blank, Graph: sl.Graph}
	if sl.Solutions {
		l.Solutions = made.Solutions
	}
	if sl.Walks {
		l.Walks = made.Walks
	}
	m := made.Maze
	if sl.Turned {
		m, l = turnedMaze(made.Maze, l)
	}
	return sl, m, l, nil
}

// slotDrawing draws maze m of slot sl with layers l centred in its slot
// below the caption's room (its planned area, returned too), to be moved
// so that its caption stands just above what it inks (see slotItems).
func slotDrawing(sl plan.Slot, m *maze.Maze, l draw.Layers) (draw.Drawing, display.Box) {
	box, capt, st, room := sl.Box, sl.Caption, sl.Style, sl.Room
	mazeH := float64(sl.GridH*st.Cell) + 2*(float64(room.CellsY*st.Cell)+room.AbsY)
	area := display.Box{X: box.X, Y: box.Y + capt.Height() + plan.CaptionGap, W: box.W, H: mazeH}
	return draw.MazeLayers(m, area, st, l), area
}

// placeInSlot returns how far drawing d of slot sl, drawn in its planned
// area (see slotDrawing), moves down so that its caption stands just
// above what it inks and the two are centred in the slot together (an
// answer's caption at the top of its slot), and where its caption's top
// then stands. It stays in the slot: its planned area, and what it inks
// where that is in the area, never move past the slot's foot.
func placeInSlot(sl plan.Slot, d draw.Drawing, area display.Box) (dy, top float64) {
	box, capt, ink := sl.Box, sl.Caption, d.Bounds
	dy = (box.Y + (box.H-capt.Height()-plan.CaptionGap-ink.H)/2 + capt.Height() + plan.CaptionGap) - ink.Y
	if sl.Answer {
		// One baseline a row: an answer's caption stands at the top of
		// its slot, the slots of a row side by side, and its maze below.
		dy = box.Y + capt.Height() + plan.CaptionGap - ink.Y
	}
	bottom := box.Y + box.H
	if sl.Answer {
		dy = min(dy, bottom-(ink.Y+ink.H))
	} else {
		dy = max(min(dy, bottom-(area.Y+area.H), bottom-(ink.Y+ink.H)), 0)
		// What it inks past the foot (an entrance's picture where only
		// one side's room was kept, see plan.goalInside) moves it up, as
		// far as the caption's foot.
		if over := ink.Y + ink.H + dy - bottom; over > 0 {
			dy = max(dy-over, min(0, area.Y-ink.Y))
		}
	}
	return dy, max(ink.Y+dy-plan.CaptionGap-capt.Height(), box.Y)
}
