package plan

import (
	"math"

	"mazebook/layout/animate"
	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// storyboard records the maze of storyboard section si (kind: steps)
// being made and solved, and adds the pages its frames take: as many as
// fit on the smallest content area any page of the book may have, so
// that the count holds whatever the gutter turns out to be.
func (p *Plan) storyboard(si int, add func(Page)) {
	s := p.Spec
	sec := &s.Sections[si]
	seed := maze.DeriveSeed(s.Seed, sec.ID, "steps")
	r := recipe(s, sec, 0, seed)
	solver := ""
	if sec.Steps.Solve {
		solver = sec.Solver
	}
	// Each frame draws the maze whole: one too large for a book's budget
	// is refused before it is recorded.
	if g, err := r.Grid(); err == nil && g.Cells() > MaxDrawingCells(CostKind(sec.Shape, sec.Weave)) {
		p.errs = append(p.errs, sectionError(s, sec, "kind", "the storyboard's maze has %d cells, and each frame draws it whole; the most is %d: give a smaller size", g.Cells(), MaxDrawingCells(CostKind(sec.Shape, sec.Weave))))
		return
	}
	film, err := animate.Record(r, solver)
	if err != nil {
		p.errs = append(p.errs, sectionError(s, sec, "kind", "the storyboard's maze: %v", err))
		return
	}
	// The frames draw the maze as the section's puzzles are drawn (see
	// Style). A large-print book's storyboard sets every word at its
	// least size or more, as its pages do (see Plan.Size).
	b := animate.Board{MakeEvery: sec.Steps.Every, SolveEvery: sec.Steps.SolveEvery, Columns: sec.Steps.Columns, Font: s.Fonts.Text,
		Style: animate.Style{Maze: p.Style(sec.Index)}}
	// Its frames label the cells as the generator sees the grid, left to
	// right, so they are never mirrored (a right-to-left book's puzzles
	// are; see Style).
	b.Style.Maze.Mirror = false
	if s.Style.LargePrint {
		b.TextSize = p.Size(animate.BoardTextSize)
		b.Style.MinLabel = spec.LargePrintSize
	}
	per, err := film.PerPage(b, p.leastBoardArea(sec))
	if err != nil {
		p.errs = append(p.errs, sectionError(s, sec, "kind", "the storyboard: %v", err))
		return
	}
	if err := film.CheckBudget(b); err != nil {
		p.errs = append(p.errs, sectionError(s, sec, "kind", "%v", err))
		return
	}
	n := film.BoardFrames(b)
	for first := 0; first < n; first += per {
		add(Page{Kind: StepsPage, Section: si, Header: sec.Title, Board: &Board{Film: film, Layout: b, First: first, Count: min(per, n-first)}})
	}
}

// leastBoardArea returns the smallest area below the head lines of a
// storyboard page of section sec: the page within its widest margins.
func (p *Plan) leastBoardArea(sec *spec.Section) display.Box {
	ps := p.Spec.Page
	m := ps.Margin
	w := ps.Width - m.Left - m.Right
	if m.Mirrored {
		inside := m.Inside
		if m.AutoGutter {
			inside = spec.Gutter(math.MaxInt)
		}
		w = ps.Width - inside - m.Outside
	}
	top := 0.0
	if sec.Title != "" {
		top += p.Size(HeaderSize) + HeaderGap
	}
	if sec.Instructions != "" {
		top += float64(p.Size(InstrSize)*1.4) + HeaderGap
	}
	return display.Box{W: w, H: ps.Height - m.Top - m.Bottom - top}
}
