package plan

import (
	"math"

	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// captionShare is the most of a slot's height a caption takes when it
// needs more than one row at full size: beyond it, it shrinks or shortens.
const captionShare = 0.15

// captionBudget returns the most height a caption may take in a slot of
// height h: one row at full size, or more in a tall slot.
func (p *Plan) captionBudget(h float64) float64 {
	return math.Max(float64(p.Size(CaptionSize)*CaptionLeading), float64(captionShare*h))
}

// Stars reports whether maze i shows its difficulty as stars beside its
// caption on its puzzle page.
func (p *Plan) Stars(i int) bool {
	sec := &p.Spec.Sections[p.Mazes[i].Section]
	return sec.Style.Stars && sec.FromLevel > 0
}

// puzzleCaption fits the caption of maze i on its puzzle page pp, in
// width points and maxHeight (see FitCaption): its texts (see Captions),
// its stars, and on a themed page its story as the headline above them
// (see Headline, FitHeadline), unless the page tells it once for all its
// mazes (see SharesHeadline). A young child's caption is set at
// YoungCaptionSize (YoungSharedCaptionSize on a page it shares), themed
// or not, where that takes no more rows.
func (p *Plan) puzzleCaption(i int, texts []string, pp *Page, width, maxHeight float64) Fitted {
	story := p.Headline(i)
	if p.SharesHeadline(pp) {
		story = "" // the page's headline tells it (see Head.Story)
	}
	if story == "" {
		f := p.FitCaption(texts, p.Stars(i), width, maxHeight)
		if p.Spec.Sections[p.Mazes[i].Section].Young() {
			// A young child's number, at a size a child reads, where
			// it takes no more rows.
			most := float64(YoungCaptionSize)
			if pp.Per > 1 {
				most = YoungSharedCaptionSize
			}
			if g := p.fitCaptionAt(p.Size(most), texts, p.Stars(i), width, maxHeight); g.Size > f.Size && g.Rows() <= f.Rows() && fits(g, maxHeight) {
				f = g
			}
		}
		return f
	}
	size, least, caption := p.HeadlineSizes(i, pp.Per)
	f := p.FitCaption(texts, p.Stars(i), width, 0)
	if caption > f.Size {
		// A young child's, larger where it takes no more rows.
		if g := p.fitCaptionAt(caption, texts, p.Stars(i), width, 0); g.Rows() <= f.Rows() {
			f = g
		}
	}
	return FitHeadline(f, story, size, least, caption, width, maxHeight, p.Spec.Fonts.Headings)
}

// fitPuzzleCaptions keeps on every puzzle page of a section the room the
// section's longest caption needs, and reports whether any page needs
// more than it kept. The captions are said with the plan's recipes; a
// maze made from a candidate seed may need less, never more than the
// caption's shorter forms.
func (p *Plan) fitPuzzleCaptions() bool {
	// A section's pages, by the mazes they are laid out for: a short
	// last page's lone maze tells its story larger than the pages of
	// two (see HeadlineSizes), and keeps that room for itself.
	type pages struct{ section, per int }
	least := float64(p.Size(CaptionSize) * CaptionLeading)
	need := map[pages]float64{}
	for _, pp := range p.Pages {
		if pp.Kind != PuzzlePage {
			continue
		}
		slot := pp.Slots[0]
		for _, mi := range pp.Mazes {
			texts, err := p.Captions(mi, CaptionFacts{Recipe: p.Mazes[mi].Recipe}, false)
			if err != nil {
				// The template fails on this maze: the build reports it
				// at the template's place.
				continue
			}
			f := p.puzzleCaption(mi, texts, &pp, slot.W, p.captionBudget(slot.H))
			if pp.Beside != nil {
				f = p.besideCaption(mi, texts, &pp, pp.Beside[0].Box.W, p.captionBudget(slot.H))
			}
			k := pages{pp.Section, pp.Per}
			need[k] = math.Max(math.Max(need[k], least), f.Height())
		}
	}
	grew := false
	for i := range p.Pages {
		pp := &p.Pages[i]
		if n := need[pages{pp.Section, pp.Per}]; pp.Kind == PuzzlePage && n > pp.Caption+1e-9 {
			pp.Caption = n
			grew = true
		}
	}
	return grew
}

// sizeAnswers keeps room on every answer page for its captions and
// scales each section's mazes to their answer slots, all of a level of a
// section by the same factor (the smallest any of them needs): down when
// the slot is smaller than its puzzle's, up when it is larger, to
// MaxAnswerCell (an answer key is looked up, not solved). Its walls are
// its puzzle's scaled, but no thinner than MinLine (or the puzzle's own
// wall, when it is thinner) and no thicker than leaves room for a
// solution line draw.HeavierLine times as heavy (see answerWall).
func (p *Plan) sizeAnswers() {
	for i := range p.Pages {
		pp := &p.Pages[i]
		if pp.Kind != AnswerPage || len(pp.Slots) == 0 {
			continue
		}
		pp.Caption = float64(p.Size(CaptionSize) * CaptionLeading)
		for _, mi := range pp.Mazes {
			mp := &p.Mazes[mi]
			mp.AnswerTurned = p.answerTurned[answerGroup{mp.Section, mp.Level}] && turnable(mp.Recipe)
		}
		for k, mi := range pp.Mazes {
			mp, slot := p.Mazes[mi], pp.Slots[k]
			texts, err := p.Captions(mi, CaptionFacts{Recipe: mp.Recipe, Score: 100, Path: mp.Cells}, true)
			if err != nil {
				continue
			}
			f := p.FitCaption(texts, false, slot.W, p.captionBudget(slot.H))
			pp.Caption = math.Max(pp.Caption, f.Height())
		}
		for k, mi := range pp.Mazes {
			mp := &p.Mazes[mi]
			// An answer drawn smaller than its puzzle has its marks
			// smaller too: the room for them shrinks with the maze.
			area := pp.MazeArea(pp.Slots[k])
			room := func(cell float64) draw.Room {
				f := 1.0
				if p.marksScale(mp.Section) {
					f = min(cell/mp.BaseCell, 1)
				}
				return p.answerRoom(mp.Section, f, p.answerArt(mp.Section, f), mp.AnswerTurned)
			}
			w, h := mp.AnswerGrid()
			cell := draw.FitCell(area, w, h, room(mp.BaseCell))
			for k := 0; k < 3 && cell < mp.BaseCell; k++ {
				cell = draw.FitCell(area, w, h, room(cell))
			}
			mp.AnswerCell = math.Min(cell, MaxAnswerCell)
		}
	}
	// One scale a level of a section: every answer of it is its puzzle
	// drawn smaller (or larger) by one factor, the smallest any of them
	// needs.
	scale := map[answerGroup]float64{}
	for _, mp := range p.Mazes {
		if mp.AnswerCell > 0 {
			g := answerGroup{mp.Section, mp.Level}
			if c, ok := scale[g]; !ok || mp.AnswerCell/mp.BaseCell < c {
				scale[g] = mp.AnswerCell / mp.BaseCell
			}
		}
	}
	for i := range p.Mazes {
		mp := &p.Mazes[i]
		if mp.AnswerCell > 0 {
			mp.AnswerCell = float64(mp.BaseCell * scale[answerGroup{mp.Section, mp.Level}])
			mp.AnswerWall = answerWall(mp.BaseWall, mp.BaseWall*mp.AnswerCell/mp.BaseCell, float64(mp.Clear*mp.AnswerCell))
		}
	}
}

// answerWall returns the wall of an answer whose puzzle has walls of
// wall points, scaled to scaled, and whose narrowest corridor is clear
// points from wall's middle to wall's middle: scaled, but no thicker
// than leaves a corridor room for a solution line draw.HeavierLine
// times as heavy (a young child's thick walls are drawn thinner in the
// key, which is read, not solved), and no thinner than MinLine (or wall,
// when it is thinner).
func answerWall(wall, scaled, clear float64) float64 {
	most := clear / (1 + draw.HeavierLine/draw.SolutionShare)
	return math.Max(math.Min(scaled, most), math.Min(wall, MinLine))
}

// MaxAnswerCell is the largest cell an answer is drawn with: 15mm; an
// answer key is for looking up, not for solving.
const MaxAnswerCell = 15 * spec.PointsPerMM

// MinAnswerCell is the smallest cell an answer is drawn with: 1.6mm, the
// least a parent follows the way through by eye.
const MinAnswerCell = 1.6 * spec.PointsPerMM

// answersFit reports, for each level of each section, whether every one
// of its answers is drawn with cells of MinAnswerCell at the least (or
// its puzzle's own, when smaller) and corridors wide enough for a
// solution line draw.HeavierLine times as heavy as its walls, and for a
// line of MinLine with MinLine clear on each side.
func (p *Plan) answersFit() map[answerGroup]bool {
	fit := map[answerGroup]bool{}
	for _, mp := range p.Mazes {
		if mp.AnswerCell <= 0 {
			continue
		}
		g := answerGroup{mp.Section, mp.Level}
		if _, ok := fit[g]; !ok {
			fit[g] = true
		}
		corridor := float64(mp.Clear*mp.AnswerCell) - mp.AnswerWall
		line := math.Max(float64(draw.HeavierLine*mp.AnswerWall), MinLine)
		if corridor < math.Min(math.Max(line/draw.SolutionShare, 3*MinLine), float64(mp.Clear*mp.BaseCell)-mp.BaseWall)-1e-9 ||
			mp.Clear*mp.AnswerCell < math.Min(MinAnswerCell, float64(mp.Clear*mp.BaseCell))-1e-9 {
			fit[g] = false
		}
	}
	return fit
}

// marksScale reports whether the marks of a section's answers shrink with
// them: the shapes marks do; words and pictures keep their size.
func (p *Plan) marksScale(section int) bool {
	st := p.Spec.Sections[section].Style
	return p.Markers(section) == draw.Shapes && st.StartImage == nil && st.FinishImage == nil
}

// answerScale returns how much smaller than its puzzle maze i's answer is
// drawn, and so its marks: from 0 to 1 (1 when the answer is as large or
// larger, or its marks do not shrink).
func (p *Plan) answerScale(i int) float64 {
	mp := p.Mazes[i]
	if mp.BaseCell <= 0 || mp.AnswerCell >= mp.BaseCell || !p.marksScale(mp.Section) {
		return 1
	}
	return mp.AnswerCell / mp.BaseCell
}

// answerArt returns the side of a theme's pictures in a section's answers
// drawn at scale f: the puzzles' scaled, but no smaller than
// draw.AnswerArtMin (nor than the puzzles').
func (p *Plan) answerArt(section int, f float64) float64 {
	art := p.doors[section].Art
	return math.Max(float64(art*f), math.Min(art, draw.AnswerArtMin))
}

// ScaledArt returns the side of the theme's pictures of a section's mazes
// drawn f times their size (see answerArt): an answer's, a thumbnail's.
func (p *Plan) ScaledArt(section int, f float64) float64 { return p.answerArt(section, f) }

// answerArtOf returns the side of the theme's pictures of maze i's answer.
func (p *Plan) answerArtOf(i int) float64 {
	return p.answerArt(p.Mazes[i].Section, p.answerScale(i))
}

// ScaledRoom returns the room the marks of a section's mazes need drawn
// f times their size (0 < f <= 1), a theme's pictures as an answer's
// (see ScaledArt) and no words under them: an answer's, or a
// thumbnail's.
func (p *Plan) ScaledRoom(section int, f float64) draw.Room {
	return p.roomAt(section, f, p.answerArt(section, f), false)
}

// answerRoomOf returns the room the marks of maze i's answer need.
func (p *Plan) answerRoomOf(i int) draw.Room {
	mp := p.Mazes[i]
	return p.answerRoom(mp.Section, p.answerScale(i), p.answerArtOf(i), mp.AnswerTurned)
}

// answerRoom returns the room the marks of an answer of a section need
// drawn at scale f with pictures art points across, turned or not: a
// turned answer's doors, and the room its pictures keep beside them,
// stand on the other axis of its puzzle's; marks and words stay upright,
// and so need the room they do on the page.
func (p *Plan) answerRoom(section int, f, art float64, turned bool) draw.Room {
	axis := p.doors[section].Axis
	if turned {
		switch axis {
		case draw.Across:
			axis = draw.Down
		case draw.Down:
			axis = draw.Across
		}
	}
	return p.roomOn(section, f, art, false, axis, false)
}

// turnable reports whether the mazes a recipe makes can be turned a
// quarter (see maze.Maze.Turned): a whole rectangle, woven or not.
func turnable(r maze.Recipe) bool {
	return (r.Shape == "" || r.Shape == maze.Rectangle) && r.Mask == nil
}

// answerFrame returns the plan's first answer page, nil without one.
func (p *Plan) answerFrame() *Page {
	for i := range p.Pages {
		if p.Pages[i].Kind == AnswerPage {
			return &p.Pages[i]
		}
	}
	return nil
}

// turnGains reports whether every answer of group g, turned a quarter,
// would be drawn larger in a slot of an answer page laid out for n of
// them than upright, its caption and its marks' room taken: a tall maze
// on a wide slot, a wide one on a tall slot.
func (p *Plan) turnGains(g answerGroup, n int) bool {
	frame := p.answerFrame()
	if frame == nil {
		return false
	}
	sl := slots(frame.Frame.Content, frame.Head.Bottom, n, 1)[0]
	area := below(sl, float64(p.Size(CaptionSize)*CaptionLeading)+CaptionGap)
	some := false
	for i, mp := range p.Mazes {
		if mp.AnswerCell <= 0 || mp.Section != g.section || mp.Level != g.level {
			continue
		}
		if !turnable(mp.Recipe) {
			return false
		}
		upright := p.answerRoom(mp.Section, p.answerScale(i), p.answerArtOf(i), false)
		turned := p.answerRoom(mp.Section, p.answerScale(i), p.answerArtOf(i), true)
		if draw.FitCell(area, mp.GridH, mp.GridW, turned) <= draw.FitCell(area, mp.GridW, mp.GridH, upright)*1.05 {
			return false
		}
		some = true
	}
	return some
}
