package plan

import (
	"math"

	"mazebook/layout/draw"
	"mazebook/layout/spec"
)

// captionShare is the most of a slot's height a caption takes when it
// needs more than one row at full size: beyond it, it shrinks or shortens.
const captionShare = 0.15

// captionBudget returns the most height a caption may take in a slot of
// height h: one row at full size, or more in a tall slot.
func captionBudget(h float64) float64 {
	return math.Max(CaptionSize*CaptionLeading, captionShare*h)
}

// Stars reports whether maze i shows its difficulty as stars beside its
// caption on its puzzle page.
func (p *Plan) Stars(i int) bool {
	sec := &p.Spec.Sections[p.Mazes[i].Section]
	return sec.Style.Stars && sec.FromLevel > 0
}

// fitPuzzleCaptions keeps on every puzzle page of a section the room the
// section's longest caption needs, and reports whether any page needs
// more than it kept. The captions are said with the plan's recipes; a
// maze made from a candidate seed may need less, never more than the
// caption's shorter forms.
func (p *Plan) fitPuzzleCaptions() bool {
	need := make([]float64, len(p.Spec.Sections))
	for si := range need {
		need[si] = CaptionSize * CaptionLeading
	}
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
			f := FitCaption(texts, p.Stars(mi), slot.W, captionBudget(slot.H), p.Spec.Fonts.Text)
			need[pp.Section] = math.Max(need[pp.Section], f.Height())
		}
	}
	grew := false
	for i := range p.Pages {
		pp := &p.Pages[i]
		if pp.Kind == PuzzlePage && need[pp.Section] > pp.Caption+1e-9 {
			pp.Caption = need[pp.Section]
			grew = true
		}
	}
	return grew
}

// sizeAnswers keeps room on every answer page for its captions and
// scales each section's mazes to their answer slots, all of a section by
// the same factor (the smallest any of them needs): down when the slot is smaller
// than its puzzle's, keeping walls at least MinLine (or the puzzle's own
// wall, when it is thinner) and shrinking corridors instead; up, to
// MaxCell, when the slot is larger.
func (p *Plan) sizeAnswers() {
	for i := range p.Pages {
		pp := &p.Pages[i]
		if pp.Kind != AnswerPage || len(pp.Slots) == 0 {
			continue
		}
		slot := pp.Slots[0]
		pp.Caption = CaptionSize * CaptionLeading
		for _, mi := range pp.Mazes {
			mp := p.Mazes[mi]
			texts, err := p.Captions(mi, CaptionFacts{Recipe: mp.Recipe, Score: 100, Path: mp.Cells}, true)
			if err != nil {
				continue
			}
			f := FitCaption(texts, false, slot.W, captionBudget(slot.H), p.Spec.Fonts.Text)
			pp.Caption = math.Max(pp.Caption, f.Height())
		}
		for k, mi := range pp.Mazes {
			mp := &p.Mazes[mi]
			// An answer drawn smaller than its puzzle has its marks
			// smaller too: the room for them shrinks with the maze.
			area, room := pp.MazeArea(pp.Slots[k]), p.RoomOf(mp.Section)
			cell := draw.FitCell(area, mp.GridW, mp.GridH, room)
			for k := 0; k < 3 && cell < mp.Cell && p.marksScale(mp.Section); k++ {
				cell = draw.FitCell(area, mp.GridW, mp.GridH, room.Scaled(cell/mp.Cell))
			}
			mp.AnswerCell = math.Min(cell, math.Max(MaxCell, mp.Cell))
		}
	}
	// One scale a section: every answer of a section is its puzzle drawn
	// smaller (or larger) by one factor, the smallest any of them needs.
	scale := map[int]float64{}
	for _, mp := range p.Mazes {
		if mp.AnswerCell > 0 {
			if c, ok := scale[mp.Section]; !ok || mp.AnswerCell/mp.Cell < c {
				scale[mp.Section] = mp.AnswerCell / mp.Cell
			}
		}
	}
	for i := range p.Mazes {
		mp := &p.Mazes[i]
		if mp.AnswerCell > 0 {
			mp.AnswerCell = mp.Cell * scale[mp.Section]
			mp.AnswerWall = math.Max(mp.Wall*mp.AnswerCell/mp.Cell, math.Min(mp.Wall, MinLine))
		}
	}
}

// answersFit reports whether every answer is drawn with corridors wide
// enough for a solution line of MinLine with MinLine clear on each side
// of it, or at least as wide as its puzzle's own.
func (p *Plan) answersFit() bool {
	for _, mp := range p.Mazes {
		corridor := mp.Clear*mp.AnswerCell - mp.AnswerWall
		if corridor < math.Min(3*MinLine, mp.Clear*mp.Cell-mp.Wall)-1e-9 {
			return false
		}
	}
	return true
}

// marksScale reports whether the marks of a section's answers shrink with
// them: the shapes marks do; words and pictures keep their size.
func (p *Plan) marksScale(section int) bool {
	st := p.Spec.Sections[section].Style
	return st.Markers == spec.MarkShapes && st.StartImage == nil && st.FinishImage == nil
}

// AnswerScale returns how much smaller than its puzzle maze i's answer is
// drawn, and so its marks: from 0 to 1 (1 when the answer is as large or
// larger, or its marks do not shrink).
func (p *Plan) AnswerScale(i int) float64 {
	mp := p.Mazes[i]
	if mp.Cell <= 0 || mp.AnswerCell >= mp.Cell || !p.marksScale(mp.Section) {
		return 1
	}
	return mp.AnswerCell / mp.Cell
}

// AnswerRoomOf returns the room the marks of maze i's answer need.
func (p *Plan) AnswerRoomOf(i int) draw.Room {
	return p.RoomOf(p.Mazes[i].Section).Scaled(p.AnswerScale(i))
}
