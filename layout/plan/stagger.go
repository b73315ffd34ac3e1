package plan

import (
	"math"

	"mazebook/maze"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// Beside is where the caption of a maze on a page of staggered circles
// stands (see Page.Beside): in Box, a corner of the page the circles
// leave, beside its maze rather than above it, flush right in it when
// Right, else flush left.
type Beside struct {
	Box   display.Box
	Right bool
}

// On reports whether the caption stands beside its maze: false for the
// zero Beside, a caption above its maze.
func (b Beside) On() bool { return b.Box.W > 0 }

// Staggered circles keep these apart, in points: two circles
// staggerGap, a caption captionClear from either circle and from the
// marks at their doors, and markClear from a mark on its line, so that
// a caption never reads as one line with the word Finish beside it.
const (
	staggerGap   = SlotGutter
	captionClear = SlotGutter / 2
	markClear    = SlotGutter
)

// staggerGain is how many times larger than on a stacked page (see
// slots) the circles of a staggered page must be drawn for the plan to
// stagger them: 5%, so that a page where staggering gains little keeps
// its stack.
const staggerGain = 1.05

// staggers reports whether the pages of two mazes of a section may be
// staggered: circles two a page with no mask, whose doors are marked
// plainly (no theme's or spec's pictures, not a young child's flag), or
// whose marks the plan knows before the mazes are made (see
// marksKnown), to keep them in the corners of the circles' slots, clear
// of the other circle and the captions (a theme's story headline, a
// young child's tick box beside its caption, see layout's tickBeside).
func (p *Plan) staggers(si int) bool {
	sec := &p.Spec.Sections[si]
	if sec.Shape != "circle" || sec.PerPage != 2 || sec.Mask != nil {
		return false
	}
	plain := !sec.Young() && !p.Themed(si) && sec.Style.StartImage == nil && sec.Style.FinishImage == nil && p.Spec.Theme == ""
	return plain || p.marksKnown(si)
}

// marksKnown reports whether the plan knows where the marks at the doors
// of a section's circles stand before they are made (see doorsMaze):
// doors at the top left and bottom right of the rim (openings: corners,
// or top-bottom), the grids sized by the mazes' levels, so that marks
// and grids stay as the plan drew them.
func (p *Plan) marksKnown(si int) bool {
	sec := &p.Spec.Sections[si]
	o := sec.Openings
	return sec.CellSize == 0 && sec.Entrance == nil && sec.Exit == nil && (o == "" || o == maze.Corners || o == maze.TopBottom)
}

// staggerPages lays out the pages of two circles (see staggers) as a
// designer sets them on a page: one toward a top corner and one toward
// the opposite bottom corner, each as large as two circles so set fit
// the page below its head, with its caption in the corner the circles
// leave beside it (the first's at the top, the second's at the foot), where that
// draws them staggerGain times larger than stacked one above the other.
// Every such page of a section has circles of one size, the least any
// of its pages holds, at the corners of the area below its head, so that
// the two are centred on it as one. Circles whose marks the plan knows
// (see doorMazes) fill their slots, their marks in the corners of the
// slots the circles leave (see markedSide), moved in from the margins
// as far as the marks reach past them, and are sized with no room (see
// sizingRoom); the others keep their marks' room inside their slots. A page holding one (a section's last)
// keeps its slot above the caption. The first circle stands at the top
// right, so that the doors the plan gives a circle (at its top left and
// bottom right, see maze.Corners) face away from the other; at the top
// left in a book written right to left, whose doors are mirrored.
func (p *Plan) staggerPages() {
	for si := range p.Spec.Sections {
		if !p.staggers(si) {
			continue
		}
		p.cornered[si], p.marked[si] = false, false
		var pages []int
		for i := range p.Pages {
			pp := &p.Pages[i]
			if pp.Kind != PuzzlePage || pp.Section != si || len(pp.Mazes) != 2 || pp.Per != 2 {
				continue
			}
			pp.Beside = nil
			pp.Slots = slots(pp.Frame.Content, pp.Head.Bottom, pp.Per, len(pp.Mazes))
			pages = append(pages, i)
		}
		if len(pages) == 0 {
			continue
		}
		need := 0.0 // the widest caption's width on one row
		for _, i := range pages {
			need = max(need, p.besideWidth(&p.Pages[i]))
		}
		// The circles' cells each way, stacked and staggered, with the
		// room their marks take: a mark's room in points (the words Start
		// and Finish beside a door) is a larger share of a square slot
		// than of a wide one.
		room, g := p.RoomOf(si), 10.0
		if gw := p.Mazes[p.Pages[pages[0]].Mazes[0]].GridW; gw > 0 {
			g = gw
		}
		side, stacked := math.Inf(1), math.Inf(1)
		for _, i := range pages {
			pp := &p.Pages[i]
			stacked = min(stacked, draw.FitCell(pp.MazeArea(pp.Slots[0]), g, g, room))
			side = min(side, staggerSide(areaBelow(pp), pp.Caption, need))
		}
		roomy := draw.FitCell(display.Box{W: side, H: side}, g, g, room)
		mirror := spec.RTL(p.Spec.Language)
		// Circles whose doors the plan knows have their marks in the
		// corners of their slots, which the circle leaves: each grid
		// fills its slot, the marks kept inside the margins and clear of
		// the other circle, its marks and the captions.
		if ms := p.doorMazes(pages); ms != nil {
			p.marked[si] = true
			// The circles at the corners of the area, their captions in
			// the corners they leave; or, where that draws them larger
			// (a long caption beside a picture at a door), kept a
			// caption's height from its top and foot, the captions
			// above and below them.
			marked, inset := 0.0, 0.0
			for _, in := range []float64{0, float64(p.Pages[pages[0]].Caption + captionClear)} {
				least := math.Inf(1)
				for _, i := range pages {
					least = min(least, p.markedSide(&p.Pages[i], ms, need, mirror, in))
				}
				if least > marked+1e-9 {
					marked, inset = least, in
				}
			}
			if cell := marked / g; cell > roomy && cell >= float64(staggerGain*stacked) {
				p.cornered[si] = true
				for _, i := range pages {
					pp := &p.Pages[i]
					sl, marks := p.markedSlots(pp, ms, marked, mirror, inset)
					pp.Slots, pp.Beside = staggered(areaBelow(pp), sl[0], sl[1], pp.Caption, need, mirror, append(marks[0], marks[1]...))
				}
				continue
			}
		} else if p.marksKnown(si) {
			// Their grids not sized yet: staggered as large as the circles
			// alone allow, and sized with no room, to be laid out again
			// with their marks once sized (see staggerMarksNew).
			// A caption too long for a corner stands above them.
			p.cornered[si] = true
			in := float64(p.Pages[pages[0]].Caption + captionClear)
			above := math.Inf(1)
			for _, i := range pages {
				above = min(above, staggerSide(insetBy(areaBelow(&p.Pages[i]), in), 0, 0))
			}
			if !(above > side) {
				in = 0
			}
			for _, i := range pages {
				pp := &p.Pages[i]
				first, second := staggerSlots(insetBy(areaBelow(pp), in), max(side, above), mirror)
				if in == 0 {
					first, second = staggerSlots(areaBelow(pp), side, mirror)
				}
				pp.Slots, pp.Beside = staggered(areaBelow(pp), first, second, pp.Caption, need, mirror, nil)
			}
			continue
		}
		if !(roomy >= float64(staggerGain*stacked)) {
			continue
		}
		for _, i := range pages {
			pp := &p.Pages[i]
			first, second := staggerSlots(areaBelow(pp), side, mirror)
			pp.Slots, pp.Beside = staggered(areaBelow(pp), first, second, pp.Caption, need, mirror, nil)
		}
	}
}

// staggerMarksNew reports whether a section of circles to stagger was
// last laid out before the plan knew its grids, which now it does (see
// doorMazes): it is to be laid out again, with its marks.
func (p *Plan) staggerMarksNew() bool {
	for si := range p.Spec.Sections {
		if !p.staggers(si) || p.marked[si] {
			continue
		}
		var pages []int
		for i, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si && len(pp.Mazes) == 2 && pp.Per == 2 {
				pages = append(pages, i)
			}
		}
		if len(pages) > 0 && p.doorMazes(pages) != nil {
			return true
		}
	}
	return false
}

// sizingRoom returns the room a section's mazes are sized with in their
// slots: on staggered pages whose circles have their marks in their
// slots' corners (see staggerPages), none; else RoomOf's.
func (p *Plan) sizingRoom(si int) draw.Room {
	if p.cornered[si] {
		return draw.Room{}
	}
	return p.RoomOf(si)
}

// doorMazes returns the mazes of the pages given (indexes in p.Pages) as
// grids with their doors and no passages, by index in p.Mazes, when the
// plan knows them before they are made: their grids sized (see
// sizeMazes) and their doors placed by the grid alone (see marksKnown);
// else nil.
func (p *Plan) doorMazes(pages []int) map[int]*maze.Maze {
	out := map[int]*maze.Maze{}
	for _, i := range pages {
		pp := &p.Pages[i]
		if !p.marksKnown(pp.Section) {
			return nil
		}
		for _, mi := range pp.Mazes {
			mp := &p.Mazes[mi]
			if !(mp.GridW > 0) || mp.Recipe.Size == (maze.Size{}) {
				return nil
			}
			g, err := mp.Recipe.Grid()
			if err != nil {
				return nil
			}
			m := maze.New(g)
			if err := m.PlaceDoors(mp.Recipe.Openings, nil); err != nil {
				return nil
			}
			out[mi] = m
		}
	}
	return out
}

// marksOf returns the boxes of what the marks at the doors of maze mi
// (its grid in ms, see doorMazes) ink beyond its circle, its grid
// filling slot: the items of its drawing, as its page draws it, smaller
// than its radius that stand past its rim.
func (p *Plan) marksOf(ms map[int]*maze.Maze, mi int, slot display.Box) []mark {
	m := ms[mi]
	gw, gh := m.Grid.Size()
	st := p.PuzzleStyle(mi)
	st.Cell = slot.W / gw
	if w, err := wallFor(p.Spec, &p.Spec.Sections[p.Mazes[mi].Section], float64(st.Cell*maze.Clearance(m.Grid))); err == nil {
		st.Wall = w
	}
	d := draw.MazeLayers(m, slot, st, draw.Layers{})
	r := float64(gw*st.Cell) / 2
	cx, cy := d.Origin.X+r, d.Origin.Y+float64(gh*st.Cell)/2
	var out []mark
	for _, it := range d.Items {
		b := display.InkBounds(it)
		if b.W == 0 && b.H == 0 || b.W >= r || b.H >= r {
			continue
		}
		far := math.Hypot(math.Max(math.Abs(b.X-cx), math.Abs(b.X+b.W-cx)), math.Max(math.Abs(b.Y-cy), math.Abs(b.Y+b.H-cy)))
		if far > r+1 {
			_, word := it.(*display.Text)
			out = append(out, mark{b, word})
		}
	}
	return out
}

// markedSlots returns the slots of the two circles of page pp staggered
// below its head, side points across, as staggerSlots places them in
// the area less inset at its top and its foot, but each moved in from
// the edges of that as far as the marks at its doors (drawn from ms, see
// marksOf) reach past them, and those marks' boxes.
func (p *Plan) markedSlots(pp *Page, ms map[int]*maze.Maze, side float64, mirror bool, inset float64) ([2]display.Box, [2][]mark) {
	a := insetBy(areaBelow(pp), inset)
	first, second := staggerSlots(a, side, mirror)
	slots := [2]display.Box{first, second}
	var marks [2][]mark
	for k := range slots {
		marks[k] = p.marksOf(ms, pp.Mazes[k], slots[k])
		ink := slots[k]
		for _, m := range marks[k] {
			ink = ink.Union(m.Box)
		}
		dx := math.Max(a.X-ink.X, 0) + math.Min(a.X+a.W-(ink.X+ink.W), 0)
		dy := math.Max(a.Y-ink.Y, 0) + math.Min(a.Y+a.H-(ink.Y+ink.H), 0)
		slots[k].X, slots[k].Y = slots[k].X+dx, slots[k].Y+dy
		for j := range marks[k] {
			marks[k][j].X, marks[k][j].Y = marks[k][j].X+dx, marks[k][j].Y+dy
		}
	}
	return slots, marks
}

// markedSide returns the side of the largest two circles' slots of page
// pp that stand staggered below its head with their grids filling them
// (see markedSlots), the marks at their doors (drawn from ms, see
// marksOf) inside the area less inset at its top and foot, clear of the
// other circle and its marks, and captions need wide at the corners of
// the area clear of both circles and every mark; 0 when none do.
func (p *Plan) markedSide(pp *Page, ms map[int]*maze.Maze, need float64, mirror bool, inset float64) float64 {
	a := areaBelow(pp)
	in := insetBy(a, inset)
	capH := pp.Caption
	fits := func(side float64) bool {
		slots, marks := p.markedSlots(pp, ms, side, mirror, inset)
		c0, c1 := slots[0], slots[1]
		if math.Hypot(c0.X-c1.X, c0.Y-c1.Y) < side+staggerGap {
			return false
		}
		all := append(append([]mark(nil), marks[0]...), marks[1]...)
		for k := range marks {
			if !within(slots[k], in) {
				return false
			}
			for _, m := range marks[k] {
				if !within(m.Box, in) || !clearOf(m.Box, slots[1-k]) {
					return false
				}
				for _, o := range marks[1-k] {
					if boxGap(m.Box, o.Box) < captionClear {
						return false
					}
				}
			}
		}
		top, foot := captionBoxes(a, capH, min(need, a.W), mirror)
		for _, c := range []display.Box{top, foot} {
			if !clearOf(c, slots[:]...) || !clearOfBoxes(c, all) {
				return false
			}
		}
		return true
	}
	// The largest the circles alone allow, then smaller by steps of a
	// hundredth until their marks fit too.
	side := staggerSide(a, capH, need)
	if inset > 0 {
		side = staggerSide(in, 0, 0)
	}
	for k := 0; k < 40 && side > 0; k++ {
		if fits(side) {
			return side
		}
		side = float64(side * 0.99)
	}
	return 0
}

// insetBy returns area a less d at its top and its foot.
func insetBy(a display.Box, d float64) display.Box {
	return display.Box{X: a.X, Y: a.Y + d, W: a.W, H: a.H - 2*d}
}

// staggerSlots returns the slots of two circles side points across
// staggered in area a: the first at the top right (top left when
// mirror), the second at the bottom of the other side.
func staggerSlots(a display.Box, side float64, mirror bool) (first, second display.Box) {
	first = display.Box{X: a.X + a.W - side, Y: a.Y, W: side, H: side}
	second = display.Box{X: a.X, Y: a.Y + a.H - side, W: side, H: side}
	if mirror {
		first.X, second.X = second.X, first.X
	}
	return first, second
}

// captionBoxes returns the boxes, w wide and capH high, of the captions
// of staggered circles in area a: the first's at the top of the side
// its circle leaves, the second's at the foot of the other.
func captionBoxes(a display.Box, capH, w float64, mirror bool) (top, foot display.Box) {
	top = display.Box{X: a.X, Y: a.Y, W: w, H: capH}
	foot = display.Box{X: a.X + a.W - w, Y: a.Y + a.H - capH, W: w, H: capH}
	if mirror {
		top.X, foot.X = a.X+a.W-w, a.X
	}
	return top, foot
}

// within reports whether box b lies inside box a.
func within(b, a display.Box) bool {
	return b.X >= a.X-1e-9 && b.Y >= a.Y-1e-9 && b.X+b.W <= a.X+a.W+1e-9 && b.Y+b.H <= a.Y+a.H+1e-9
}

// boxGap returns the distance between two boxes, 0 when they meet.
func boxGap(a, b display.Box) float64 {
	dx := math.Max(math.Max(b.X-(a.X+a.W), a.X-(b.X+b.W)), 0)
	dy := math.Max(math.Max(b.Y-(a.Y+a.H), a.Y-(b.Y+b.H)), 0)
	return math.Hypot(dx, dy)
}

// A mark is the box of what a mark at a circle's door inks beyond its
// rim (see marksOf), and whether it is a word (Start, Finish).
type mark struct {
	display.Box
	word bool
}

// clearOfBoxes reports whether box b, a caption's, stands clear of every
// box of marks: markClear or more beside a word on its line (the two
// share some height), captionClear or more from the others.
func clearOfBoxes(b display.Box, marks []mark) bool {
	for _, m := range marks {
		least := float64(captionClear)
		if m.word && b.Y < m.Y+m.H && m.Y < b.Y+b.H {
			least = markClear
		}
		if boxGap(b, m.Box) < least {
			return false
		}
	}
	return true
}

// areaBelow returns the content area of page pp below its head.
func areaBelow(pp *Page) display.Box {
	c := pp.Frame.Content
	return display.Box{X: c.X, Y: pp.Head.Bottom, W: c.W, H: c.Y + c.H - pp.Head.Bottom}
}

// besideWidth returns how wide a box the widest caption of page pp's
// mazes needs to stand flush on one row with its stars beside it (see
// besideCaption).
func (p *Plan) besideWidth(pp *Page) float64 {
	face := p.Spec.Fonts.Text
	if face == nil {
		face = typeface.Regular
	}
	w := 0.0
	for _, mi := range pp.Mazes {
		texts, err := p.Captions(mi, CaptionFacts{Recipe: p.Mazes[mi].Recipe}, false)
		if err != nil {
			continue // the build reports it at the template's place
		}
		w = max(w, p.puzzleCaption(mi, texts, pp, math.MaxFloat32, 0).Width(face))
	}
	return w
}

// besideCaption fits the caption of maze i, its texts given, in the box
// beside it on page pp, width points wide and maxHeight high (see
// puzzleCaption): set flush to one side of the box, a row with the stars
// beside it needs their room on that side alone, not on both, as a row
// centred over a maze does (see FitCaption); but no wider than the box.
func (p *Plan) besideCaption(i int, texts []string, pp *Page, width, maxHeight float64) Fitted {
	face := p.Spec.Fonts.Text
	if face == nil {
		face = typeface.Regular
	}
	size := p.Size(CaptionSize)
	if f := p.puzzleCaption(i, texts, pp, width+size/2+draw.StarsWidth(size), maxHeight); f.Width(face) <= width+1e-9 {
		return f
	}
	return p.puzzleCaption(i, texts, pp, width, maxHeight)
}

// staggered returns the slots of two circles staggered in area a, first
// and second (see staggerSlots), and the boxes their captions,
// capH high and at least need wide, stand in beside them: the first
// circle at the top right (top left when mirror), its caption at the top
// of the other side, and the second at the bottom of the other side,
// its caption at the foot below the first. Each caption's box is as
// wide as it may be kept clear of both circles and of the boxes of
// their marks.
func staggered(a, first, second display.Box, capH, need float64, mirror bool, marks []mark) ([]display.Box, []Beside) {
	w := need
	w = min(need, a.W)
	for lo, hi := w, a.W; hi-lo > 0.5; {
		mid := (lo + hi) / 2
		top, foot := captionBoxes(a, capH, mid, mirror)
		if clearOf(top, first, second) && clearOfBoxes(top, marks) && (marks == nil || clearOf(foot, first, second) && clearOfBoxes(foot, marks)) {
			lo, w = mid, mid
		} else {
			hi = mid
		}
	}
	top, foot := captionBoxes(a, capH, w, mirror)
	return []display.Box{first, second}, []Beside{{Box: top, Right: mirror}, {Box: foot, Right: !mirror}}
}

// staggerSide returns the side of the largest two circles' slots that
// stand staggered in area a (see staggered) staggerGap apart, with
// captions capH high and need wide in the corners they leave
// captionClear from both; 0 when none do.
func staggerSide(a display.Box, capH, need float64) float64 {
	fits := func(side float64) bool {
		if side > a.W || side > a.H || need > a.W {
			return false
		}
		first := display.Box{X: a.X + a.W - side, Y: a.Y, W: side, H: side}
		second := display.Box{X: a.X, Y: a.Y + a.H - side, W: side, H: side}
		d := math.Hypot(a.W-side, a.H-side)
		return d >= side+staggerGap &&
			clearOf(display.Box{X: a.X, Y: a.Y, W: need, H: capH}, first, second) &&
			clearOf(display.Box{X: a.X + a.W - need, Y: a.Y + a.H - capH, W: need, H: capH}, first, second)
	}
	lo, hi := 0.0, math.Min(a.W, a.H)
	if !fits(lo + 1) {
		return 0
	}
	for hi-lo > 0.25 {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// clearOf reports whether box b stands captionClear or more from the
// circles inscribed in slots.
func clearOf(b display.Box, slots ...display.Box) bool {
	for _, s := range slots {
		cx, cy, r := s.X+s.W/2, s.Y+s.H/2, s.W/2
		dx := math.Max(math.Max(b.X-cx, 0), cx-(b.X+b.W))
		dy := math.Max(math.Max(b.Y-cy, 0), cy-(b.Y+b.H))
		if math.Hypot(dx, dy) < r+captionClear {
			return false
		}
	}
	return true
}
