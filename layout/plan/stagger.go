package plan

import (
	"math"

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
// staggerGap, and a caption captionClear from either circle.
const (
	staggerGap   = SlotGutter
	captionClear = SlotGutter / 2
)

// staggerGain is how many times larger than on a stacked page (see
// slots) the circles of a staggered page must be drawn for the plan to
// stagger them: 5%, so that a page where staggering gains little keeps
// its stack.
const staggerGain = 1.05

// staggers reports whether the pages of two mazes of a section may be
// staggered: circles two a page whose doors no theme's pictures or
// pictures of the spec's mark (their room stands at the corners of the
// circle's box, not on its rim), whose captions tell no story, and not
// a young child's, whose tick boxes stand in the room beside each maze
// that a staggered page gives its captions.
func (p *Plan) staggers(si int) bool {
	sec := &p.Spec.Sections[si]
	return sec.Shape == "circle" && sec.PerPage == 2 && sec.Mask == nil && !sec.Young() && !p.Themed(si) &&
		sec.Style.StartImage == nil && sec.Style.FinishImage == nil && p.Spec.Theme == ""
}

// staggerPages lays out the pages of two circles (see staggers) as a
// designer sets them on a page: one toward a top corner and one toward
// the opposite bottom corner, each as large as two circles so set fit
// the page below its head, with its caption in the corner the circles
// leave beside it (the first's at the top, the second's at the foot), where that
// draws them staggerGain times larger than stacked one above the other.
// Every such page of a section has circles of one size, the least any
// of its pages holds, at the corners of the area below its head, so that
// the two are centred on it as one. A page holding one (a section's last)
// keeps its slot above the caption. The first circle stands at the top
// right, so that the doors the plan gives a circle (at its top left and
// bottom right, see maze.Corners) face away from the other; at the top
// left in a book written right to left, whose doors are mirrored.
func (p *Plan) staggerPages() {
	for si := range p.Spec.Sections {
		if !p.staggers(si) {
			continue
		}
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
		if !(draw.FitCell(display.Box{W: side, H: side}, g, g, room) >= float64(staggerGain*stacked)) {
			continue
		}
		mirror := spec.RTL(p.Spec.Language)
		for _, i := range pages {
			pp := &p.Pages[i]
			pp.Slots, pp.Beside = staggered(areaBelow(pp), side, pp.Caption, need, mirror)
		}
	}
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

// staggered returns the slots of two circles side points across
// staggered in area a (see staggerPages), and the boxes their captions,
// capH high and at least need wide, stand in beside them: the first
// circle at the top right (top left when mirror), its caption at the top
// of the other side, and the second at the bottom of the other side,
// its caption at the foot below the first. Each caption's box is as
// wide as it may be kept clear of both circles.
func staggered(a display.Box, side, capH, need float64, mirror bool) ([]display.Box, []Beside) {
	first := display.Box{X: a.X + a.W - side, Y: a.Y, W: side, H: side}
	second := display.Box{X: a.X, Y: a.Y + a.H - side, W: side, H: side}
	w := need
	for lo, hi := need, a.W; hi-lo > 0.5; {
		mid := (lo + hi) / 2
		if clearOf(display.Box{X: a.X, Y: a.Y, W: mid, H: capH}, first, second) {
			lo, w = mid, mid
		} else {
			hi = mid
		}
	}
	top := Beside{Box: display.Box{X: a.X, Y: a.Y, W: w, H: capH}}
	foot := Beside{Box: display.Box{X: a.X + a.W - w, Y: a.Y + a.H - capH, W: w, H: capH}, Right: true}
	if mirror {
		flip := func(b display.Box) display.Box { b.X = a.X + a.X + a.W - b.X - b.W; return b }
		first, second = flip(first), flip(second)
		top.Box, foot.Box = flip(top.Box), flip(foot.Box)
		top.Right, foot.Right = true, false
	}
	return []display.Box{first, second}, []Beside{top, foot}
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
