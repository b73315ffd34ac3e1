package layout

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// The tick box a young child's puzzle page has for each of its mazes: a
// square with round corners, in black line art as the pictures are, a
// dotted tick in it for the child to trace when the maze is done. It stands in the room the page
// leaves beside its maze, as the scene does (see Scene), never on the
// grid, a door's mark or picture, or a text.
const (
	// TickMost and TickLeast bound the side of a tick box, in points (11
	// and 7mm): large enough for a child's tick, never a picture's rival.
	TickMost  = 11 * 72 / 25.4
	TickLeast = 7 * 72 / 25.4
	// tickLine is the weight of its outline, in points: the page-number
	// badge's, so that a photocopy keeps it.
	tickLine = badgeLine
	// TickApart is how far a tick box keeps from a door's marks where
	// its slot has the room, in points (10mm).
	TickApart = 10 * 72 / 25.4
	// farFromMarks outweighs any distance on a page, in points: a place
	// nearer the marks than TickApart is taken only when no other is.
	farFromMarks = 1e4
	// tickStep is the step of the places a tick box is tried at, in
	// points.
	tickStep = 2
)

// tickBoxes draws a tick box for each maze of puzzle page pp of sheet
// sh, content box c, when its section is for young children (see spec.Section.Young),
// clear by sceneGap of the page's items held, its mazes' grids, their
// marks and their captions; and records each box in the maze's Placement
// in sh (Tick). A maze whose slot has no clear room for one has none.
func (b *Book) tickBoxes(sh *sheet, c display.Box, pp *plan.Page, held []display.Item) []display.Item {
	s := b.Plan.Spec
	young := false
	for _, mi := range pp.Mazes {
		young = young || s.Sections[b.Plan.Mazes[mi].Section].Young()
	}
	if !young {
		return nil
	}
	taken := heldBoxes(held)
	grids := make([]display.Box, len(pp.Mazes))
	for k, mi := range pp.Mazes {
		at, mp := sh.placed[mi], b.Plan.Mazes[mi]
		grids[k] = display.Box{X: at.Origin.X, Y: at.Origin.Y, W: float64(mp.GridW * at.Cell), H: float64(mp.GridH * at.Cell)}
		taken = append(taken, grids[k].Grow(sceneGap), at.Caption.Grow(sceneGap))
		for _, mk := range at.Marks {
			taken = append(taken, mk.Box.Grow(sceneGap))
		}
	}
	var items []display.Item
	for k, mi := range pp.Mazes {
		if !s.Sections[b.Plan.Mazes[mi].Section].Young() {
			continue
		}
		at := sh.placed[mi]
		var marks []display.Box
		for _, mk := range at.Marks {
			marks = append(marks, mk.Box)
		}
		var box display.Box
		var ok bool
		if pp.Beside != nil {
			box, ok = tickBeside(c, at.Caption, b.rtl(), taken, marks)
		} else {
			box, ok = tickPlace(c, at.Slot, grids[k], taken, marks)
		}
		if !ok {
			continue
		}
		at.Tick = box
		sh.placed[mi] = at
		taken = append(taken, box.Grow(sceneGap))
		items = append(items, tickBox(box), tickToTrace(box))
	}
	return items
}

// tickPlace returns where a tick box beside a maze whose grid is grid
// stands: within its slot and the content c, clear of every box taken,
// as large as it may be from TickMost down to TickLeast, and of those
// places the nearest the grid's top right corner (where its caption's
// stars end), beside the grid rather than below it, where a scene's
// ground would go, and TickApart or more from the marks at its doors
// where there is such a place, so that a child never takes the box for
// the start or the goal.
func tickPlace(c, slot, grid display.Box, taken, marks []display.Box) (display.Box, bool) {
	corner := display.Point{X: grid.X + grid.W, Y: grid.Y}
	// A penalty for standing below the grid.
	below := func(box display.Box) float64 { return math.Max(box.Y+box.H-(grid.Y+grid.H), 0) }
	return tickNearest(intersect(c, slot), corner, below, taken, marks)
}

// tickBeside returns where the tick box of a staggered circle (see
// plan.Page.Beside) whose caption is caption stands: in the
// corner of the page its caption stands in, which its slot, the grid's
// box alone, leaves none of. It is placed as tickPlace places one, within
// the content c and clear of every box taken, but nearest the end of
// the caption its stars end (its right, its left when rtl): after
// them, or above or below them.
func tickBeside(c, caption display.Box, rtl bool, taken, marks []display.Box) (display.Box, bool) {
	anchor := display.Point{X: caption.X + caption.W, Y: caption.Y + caption.H/2}
	if rtl {
		anchor.X = caption.X
	}
	return tickNearest(c, anchor, func(display.Box) float64 { return 0 }, taken, marks)
}

// tickNearest returns the tick box within area clear of every box taken,
// as large as it may be from TickMost down to TickLeast, and of those
// places the nearest anchor, a place's penalty added to its distance,
// and TickApart or more from the marks where there is such a place.
func tickNearest(area display.Box, anchor display.Point, penalty func(display.Box) float64, taken, marks []display.Box) (display.Box, bool) {
	for side := TickMost; side >= TickLeast-1e-9; side -= 1 {
		best, cost := display.Box{}, math.Inf(1)
		for y := area.Y; y+side <= area.Y+area.H+1e-9; y += tickStep {
			for x := area.X; x+side <= area.X+area.W+1e-9; x += tickStep {
				box := display.Box{X: x, Y: y, W: side, H: side}
				dx := math.Max(math.Max(box.X-anchor.X, anchor.X-(box.X+box.W)), 0)
				dy := math.Max(math.Max(box.Y-anchor.Y, anchor.Y-(box.Y+box.H)), 0)
				d := math.Hypot(dx, dy) + penalty(box)
				for _, mk := range marks {
					if gap(box, mk) < TickApart {
						d += farFromMarks // any place apart from the marks first
						break
					}
				}
				if d >= cost || !clearOf(box, taken) {
					continue
				}
				best, cost = box, d
			}
		}
		if cost < math.Inf(1) {
			return best, true
		}
	}
	return display.Box{}, false
}

// tickBox draws a tick box in box: its outline tickLine thick inside it,
// with round corners.
func tickBox(box display.Box) display.Item {
	in := tickLine / 2
	r := float64(box.W * 0.18) // the corners' radius
	x0, y0, x1, y1 := box.X+in, box.Y+in, box.X+box.W-in, box.Y+box.H-in
	// Each side, then a quarter circle round the corner after it.
	pts := []display.Point{
		{X: x0 + r, Y: y0}, {X: x1 - r, Y: y0},
		{X: x1, Y: y0 + r}, {X: x1, Y: y1 - r},
		{X: x1 - r, Y: y1}, {X: x0 + r, Y: y1},
		{X: x0, Y: y1 - r}, {X: x0, Y: y0 + r},
	}
	bends := []float64{0, math.Pi / 2, 0, math.Pi / 2, 0, math.Pi / 2, 0, math.Pi / 2}
	return &display.Line{Paths: []display.Path{{Points: pts, Bends: bends, Closed: true}}, Width: tickLine, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin}
}

// tickDot is the width of the dots of the tick to trace in a tick box,
// in points, and tickDotStep how far apart they stand: small round dots
// in black, as a workbook prints a line to trace in line art, far enough
// apart that they read as a guide and never as a tick already made.
const (
	tickDot     = 1.3
	tickDotStep = 3.6
)

// tickToTrace draws, inside a tick box, a tick of dots (see tickDot) for
// the child to trace: the box says what it is for without a word.
func tickToTrace(box display.Box) display.Item {
	s := box.W
	at := func(fx, fy float64) display.Point {
		return display.Point{X: box.X + float64(fx*s), Y: box.Y + float64(fy*s)}
	}
	stroke := []display.Point{at(0.24, 0.52), at(0.43, 0.71), at(0.77, 0.30)}
	width, step := tickDot, tickDotStep
	dash := float64(width * 0.01) // a round dot
	var paths []display.Path
	for k := 1; k < len(stroke); k++ {
		a, z := stroke[k-1], stroke[k]
		length := math.Hypot(z.X-a.X, z.Y-a.Y)
		n := max(int(math.Round(length/step)), 1)
		for j := 0; j <= n; j++ {
			if k > 1 && j == 0 {
				continue // the corner's dot, drawn once
			}
			f := float64(j) / float64(n)
			p := display.Point{X: a.X + float64((z.X-a.X)*f), Y: a.Y + float64((z.Y-a.Y)*f)}
			paths = append(paths, display.Path{Points: []display.Point{p, {X: p.X + dash, Y: p.Y}}})
		}
	}
	return &display.Line{Paths: paths, Width: width, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin}
}

// clearOf reports whether box shares no area with any of the boxes taken.
func clearOf(box display.Box, taken []display.Box) bool {
	for _, t := range taken {
		if overlaps(box, t) {
			return false
		}
	}
	return true
}

// intersect returns the part two boxes share (a box of no size when they
// share none).
func intersect(a, b display.Box) display.Box {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	return display.Box{X: x0, Y: y0, W: math.Max(x1-x0, 0), H: math.Max(y1-y0, 0)}
}

// gap returns the distance between two boxes, 0 when they touch or share
// area.
func gap(a, b display.Box) float64 {
	dx := math.Max(math.Max(b.X-(a.X+a.W), a.X-(b.X+b.W)), 0)
	dy := math.Max(math.Max(b.Y-(a.Y+a.H), a.Y-(b.Y+b.H)), 0)
	return math.Hypot(dx, dy)
}
