// Package plan lays out a book before any maze is made: its pages, the
// slots on each page, and for each maze its recipe (shape, size, mask,
// algorithm, seed, ...), its cell size and wall, its level, and the pages
// of its puzzle and its answer. A plan is a pure function of the spec, and
// nothing writes to it once it is made.
package plan

import (
	"fmt"
	"slices"
	"strconv"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/animate"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/maze"
	"mazebook/maze/difficulty"
	"mazebook/words"
)

// Kind says what a page holds.
type Kind int

// The kinds of page.
const (
	TitlePage Kind = iota
	CopyrightPage
	SectionPage
	PuzzlePage
	AnswerPage
	BlankPage
	// ContentsPage lists the sections and the answer key with their
	// pages; HowToPage tells the reader how to use the book.
	ContentsPage
	HowToPage
	// StepsPage holds frames of a storyboard section (kind: steps).
	StepsPage
	// CertificatePage ends a book for young children: "I did it!", a
	// name line and the theme's pictures (see spec.Book.CertificatePage).
	CertificatePage
	// NotesPage is a ruled page for the reader's notes: what pad: adds
	// at the end of a book, as books have, rather than blank pages.
	NotesPage
)

// kindNames are the kinds' names, as String gives them.
var kindNames = [...]string{
	TitlePage: "title", CopyrightPage: "copyright", SectionPage: "section",
	PuzzlePage: "puzzle", AnswerPage: "answers", BlankPage: "blank",
	ContentsPage: "contents", HowToPage: "howto", StepsPage: "steps",
	CertificatePage: "certificate",
	NotesPage:       "notes",
}

// String names a kind of page: "title", "puzzle", "answers", "steps", ...
// (the studio's page list says them).
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Edition is which version of a book to plan.
type Edition int

// The editions.
const (
	// Student is the book as sold: puzzles, then the answer key (when the
	// spec asks for one).
	Student Edition = iota
	// Teacher draws every answer on its puzzle and has no answer key.
	Teacher
)

// Plan is a book laid out before any maze is made.
type Plan struct {
	Spec    *spec.Book
	Edition Edition
	Labels  spec.Labels
	Pages   []Page
	Mazes   []Maze
	// Inside is the inside margin (gutter) of a book with mirrored
	// margins, chosen from the page count when it is automatic.
	Inside float64
	// Answers is whether the book has an answer key, and AnswersPerPage
	// the most answers one of its pages holds.
	Answers        bool
	AnswersPerPage int
	// answerPer is, for each level of each section, how many of its
	// answers a page of the key holds when fewer than the spec's
	// answers.per_page, where that many would be drawn too small to
	// follow (see Make).
	answerPer map[answerGroup]int
	// answerTurned is the levels of sections whose answers are drawn
	// turned a quarter (see maze.Maze.Turned), where that holds as many
	// a page as the answers, upright, could not (see Make).
	answerTurned map[answerGroup]bool
	// retold is, for each maze, how many pages before its own tell its
	// story again (see Headline, retellings).
	retold []int
	// doors is, for each section, how a theme's pictures mark its doors
	// (the zero Doors without a theme); settled as its mazes are sized.
	doors []Doors
	// cornered is, by section, whether its staggered circles have the
	// marks at their doors in the corners of their slots, their grids
	// sized to fill them (see staggerPages); marked whether it was laid
	// out knowing its grids and doors.
	cornered, marked []bool
	// errs are the errors found while the pages were laid out.
	errs spec.Errors
}

// Doors is how a theme's pictures mark the doors of a section's mazes:
// the pictures' side in points, whether the words Start and Finish stand
// under them, and the axis the doors are on (see draw.Room.WithArt).
type Doors struct {
	Art   float64
	Words bool
	Axis  draw.Axis
	// Along stands the start's picture beside its arrow along the wall
	// (see draw.Style.ArtAlong): on a page of several mazes whose doors
	// are in their side walls. WordSize is then the size of the words
	// under the pictures (see wordSizeFor); 0 is draw.DoorWordSize.
	// Over is the room kept above and below the mazes for pictures
	// that reach past a maze too flat to hold them beside its arrow
	// (see alongOver).
	Along          bool
	WordSize, Over float64
}

// wallReach returns how thick a section's walls are drawn at the most,
// as points and a share of the cell (see spec.FitWall): a named
// thickness is its least and its share of the cell at the most; a
// length is itself.
func (p *Plan) wallReach(section int) (points, cells float64) {
	sec := &p.Spec.Sections[section]
	name := sec.Style.WallName
	if sec.WallName != "" {
		name = sec.WallName
	}
	if name == "" {
		return sec.Style.Wall, 0
	}
	const big = 1e6 // a cell whose wall is its share of it
	w, err := spec.FitWall(sec.Style.Wall, name, big)
	if err != nil {
		return sec.Style.Wall, 0
	}
	return sec.Style.Wall, w / big
}

// wordSizeFor returns the size the words Start and Finish are set at
// under a theme's pictures art points across that stand beside their
// doors' arrows (see Doors.Along), at the book's text scale 1: the
// largest from draw.DoorWordSize down to draw.MinDoorWordSize, by half
// points, at which the wider of them is no wider than the picture, so
// that the column beside the wall is the picture's; the least when
// none is.
func (p *Plan) wordSizeFor(art float64) float64 {
	sz := float64(draw.DoorWordSize)
	for ; sz > draw.MinDoorWordSize; sz -= 0.5 {
		if w, _ := draw.DoorWordsSize(p.Spec.Fonts.Headings, float64(sz*p.TextScale()), p.Labels.Start, p.Labels.Finish); w <= art {
			break
		}
	}
	return sz
}

// Page is one page of the plan.
type Page struct {
	Kind Kind
	// Number is the page number, from 1. Odd pages are right-hand pages.
	Number int
	// Section is the index of the section a section or puzzle page
	// belongs to, or -1.
	Section int
	// Header is the title printed at the top of the page.
	Header string
	// Mazes are indexes into Plan.Mazes, one per slot.
	Mazes []int
	// Per is how many mazes the page's slots are laid out for: its
	// section's per_page, or on an answer page as many answers as a page
	// of its sections holds. A page holding fewer keeps their size.
	Per int
	// Slots are the areas of the page each maze is printed in, caption
	// included, but on a page of staggered circles (see Beside).
	Slots []display.Box
	// Beside are, on a page whose two circles are staggered (see
	// staggerPages), where each slot's caption stands: beside its maze,
	// in a corner the circles leave, its slot the maze's area alone. Nil
	// on another page, whose captions stand above its mazes.
	Beside []Beside
	// Frame is the page's geometry.
	Frame Frame
	// Head is where the lines at the top of the page stand.
	Head Head
	// Caption is the height kept above each maze for its caption (see
	// FitCaption).
	Caption float64
	// Entries are the lines of a contents page.
	Entries []Entry
	// Board is the part of a storyboard a steps page shows, nil on
	// other pages.
	Board *Board
	// Rows are the rows of an answer page, top to bottom, its slots
	// theirs in order.
	Rows []AnswerRow
}

// Board is the part of a storyboard section's film a page shows: frames
// First to First+Count-1 (from 0).
type Board struct {
	Film         *animate.Film
	Layout       animate.Board
	First, Count int
}

// Entry is a line of the table of contents: a section, or the answer key,
// and the page it starts on.
type Entry struct {
	Title string
	Page  int
}

// Contents page geometry, in points.
const (
	ContentsTitleSize = 20
	ContentsSize      = 12
	ContentsLeading   = 1.8
)

// Head is the place of the lines at the top of a puzzle or answer page:
// the baselines of the header, of the name and date line and of the
// instructions (0 for a line the page does not have), and Bottom, where
// the slots begin.
type Head struct {
	Header, NameLine, Instructions float64
	Bottom                         float64
	// Width is how wide the header and the instructions may be set:
	// the content's width, less the corners a theme's motifs take.
	Width float64
	// Story is, on a themed page of several mazes that all tell the
	// same story (see Plan.SharesHeadline), that story set once as the
	// page's headline under the lines above, its top at StoryTop (see
	// Fitted.HeadBaseline): a young child's at the young headline's
	// size, as large as the width holds it on one row. The zero Fitted
	// on another page, whose mazes' stories stand above each of them.
	Story    Fitted
	StoryTop float64
}

// MotifSide is the side of a theme's motifs in the top corners of a
// puzzle page (style.motifs), in points: 14mm, a picture a child sees,
// not a speck; the lines at the top of the page keep clear of them.
const MotifSide = 14 * spec.PointsPerMM

// Maze is one maze of the book.
type Maze struct {
	// Number is the maze's number in the book, from 1.
	Number int
	// Section and Index locate the maze: section index, and position in
	// the section from 0.
	Section, Index int
	// Recipe makes the maze: its seed is the maze's own, derived from the
	// book seed, the section's id and Index, and its algorithm resolved
	// ("random" drawn from the seed). A maze held to a level may be made
	// from a candidate seed derived from this one (see Candidate).
	Recipe maze.Recipe
	// Cells is the number of cells of the maze's grid.
	Cells int
	// Cell is the size of a grid unit in points, and Wall the wall
	// thickness in points. BaseCell and BaseWall are those of the mazes
	// of its level on a full page of its section: a maze on a page its
	// section does not fill grows (see growShortPages), and its answer
	// is drawn at its section's scale of BaseCell.
	Cell, Wall         float64
	BaseCell, BaseWall float64
	// Level is the difficulty level the maze is held to, 1 to 10, or 0
	// when its section asks for none.
	Level int
	// Page and AnswerPage are the page numbers of the puzzle and of its
	// solution (0 without an answer key).
	Page, AnswerPage int
	// GridW and GridH are the size of the maze's grid in grid units, and
	// Clear the width of its narrowest corridor as drawn, in cells.
	GridW, GridH, Clear float64
	// AnswerCell and AnswerWall are the cell and wall the maze is drawn
	// with in the answer key: scaled to fit its answer slot, up to
	// MaxCell, with walls no thinner than MinLine (or the puzzle's own
	// wall, when it is thinner).
	AnswerCell, AnswerWall float64
	// AnswerTurned is whether the answer is drawn turned a quarter
	// anticlockwise (see maze.Maze.Turned), as a book sets a tall
	// picture on a wide slot: its GridW is then its height on the page.
	AnswerTurned bool
}

// AnswerGrid returns the width and height, in grid units, of the maze's
// answer as drawn: its GridW and GridH, swapped when it is turned.
func (mp Maze) AnswerGrid() (w, h float64) {
	if mp.AnswerTurned {
		return mp.GridH, mp.GridW
	}
	return mp.GridW, mp.GridH
}

// Page geometry, in points.
const (
	HeaderSize   = 16 // section title
	NameLineSize = 11 // Name / Date line
	CaptionSize  = 11 // caption above each maze
	InstrSize    = 11 // section instructions under the header
	PageNumSize  = 10 // page number in the bottom margin
	SlotGutter   = 18 // space between mazes on a page
	CaptionGap   = 5  // space between a caption and its maze
	HeaderGap    = 10 // space below the header lines
	// MinLine is the thinnest line printed reliably, and the thinnest a
	// print-on-demand printer accepts: 0.75pt. Answer keys never scale
	// walls below it, and a solution line is never thinner.
	MinLine = 0.75
	// NotesTitleSize is the size of a notes page's heading.
	NotesTitleSize = 16
)

// MaxCell is the largest cell a maze that shares its page is printed with
// unless the spec asks for larger: 25mm. An easy maze has few cells: it
// grows to fill its slot rather than leave the page a third empty, its
// corridors wide for a young child's crayon, and stops at that.
const MaxCell = 25 * spec.PointsPerMM

// MaxLoneCell is the largest cell of a maze a page holds alone (a section
// of one a page, or the last maze of a section that has a page to
// itself): 45mm, so that a young child's maze of a few cells fills its
// page.
const MaxLoneCell = 45 * spec.PointsPerMM

// MaxYoungCell is the largest cell of a young child's maze that shares
// its page (see spec.Section.Young): 32mm, between MaxCell and
// MaxLoneCell, so that two mazes of fifteen cells fill their page as one
// alone does rather than leave a third of it empty.
const MaxYoungCell = 32 * spec.PointsPerMM

// maxCell returns the largest cell a section's mazes are printed with
// unless the spec asks for larger.
func maxCell(sec *spec.Section) float64 {
	switch {
	case sec.PerPage == 1:
		return MaxLoneCell
	case sec.Young():
		return MaxYoungCell
	}
	return MaxCell
}

// Frame is the geometry of one page: the whole sheet (bleed included), the
// trimmed page in it, and the content area inside the margins.
type Frame struct {
	Width, Height float64
	Trim          display.Box
	Content       display.Box
	// Recto is true for a right-hand (odd) page.
	Recto bool
}

// Make lays out the book s describes, in an edition: the sequence of
// pages, the margins, the slots, and each maze's recipe, cell and wall,
// and its cell and wall in the answer key. It reports every maze that
// cannot be printed as asked (too large for its page, walls too thick for
// its cells) and a book over the budget as spec.Errors.
//
// The answer key holds as many answers on a page as the spec asks, or,
// level by level of each section, fewer when that many would be drawn
// too small for a parent to follow (see answersFit); AnswerNotes says
// which.
func Make(s *spec.Book, ed Edition) (*Plan, error) {
	return MakeWithin(s, ed, MaxBookBytes)
}

// MakeWithin is Make with a budget of memory other than MaxBookBytes: a
// book whose Cost is over budget bytes, or draws more cells than
// MaxDrawnCells scaled to it, is refused before any maze is made, with
// the error Make gives past its own. A budget of 0 or less is
// MaxBookBytes. (The studio in a browser tab, which has far less memory
// than the command line, builds within a budget of its own.)
//
// A book padded (spec.Book.Pad) past its pages is filled as books are:
// with bonus mazes (see Bonus), then its certificate when it has one, and
// notes pages only to round it out.
func MakeWithin(s *spec.Book, ed Edition, budget float64) (*Plan, error) {
	if budget <= 0 {
		budget = MaxBookBytes
	}
	if padded, ok := withBonus(s, budget); ok {
		s = padded
	}
	return makeWithin(s, ed, budget)
}

// makeWithin is MakeWithin of a spec as it is, its padding notes pages.
func makeWithin(s *spec.Book, ed Edition, budget float64) (*Plan, error) {
	per, turned := map[answerGroup]int{}, map[answerGroup]bool{}
	for {
		p, err := make1(s, ed, per, turned, budget)
		if err != nil {
			return nil, err
		}
		if !p.Answers {
			return p, nil
		}
		fewer := false
		for g, fit := range p.answersFit() {
			n := p.answersPer(g)
			if fit || n == 1 {
				continue
			}
			// Answers too small upright are tried turned, as many a page,
			// where turned they would be drawn larger; then fewer a page.
			if !turned[g] && p.turnGains(g, n) {
				turned[g], fewer = true, true
				continue
			}
			delete(turned, g)
			for i := len(spec.PerPageChoices) - 1; i >= 0; i-- {
				if c := spec.PerPageChoices[i]; c < n {
					per[g], fewer = c, true
					break
				}
			}
		}
		if !fewer {
			return p.packAnswers(s, ed, per, turned, budget)
		}
	}
}

// packAnswers returns the plan p with its answer key packed by the space
// each answer needs: the answers of each level of each section, drawn at
// the cell p gives them (the spec's answers.per_page, or fewer a page
// where that many would be too small), are held as many to a page as
// slots of that cell's size fit, up to the largest of
// spec.PerPageChoices, so that small answers do not each take a
// quarter of a page. It returns p itself when that changes nothing, or
// when the packed plan fails where p did not.
func (p *Plan) packAnswers(s *spec.Book, ed Edition, per map[answerGroup]int, turned map[answerGroup]bool, budget float64) (*Plan, error) {
	frame := p.answerFrame()
	if frame == nil {
		return p, nil
	}
	denser := map[answerGroup]int{}
	for g := range per {
		denser[g] = per[g]
	}
	changed := false
	for _, mp := range p.Mazes {
		if g := (answerGroup{mp.Section, mp.Level}); mp.AnswerCell > 0 {
			if _, ok := denser[g]; !ok {
				denser[g] = p.answersPer(g)
			}
		}
	}
	for g, n := range denser {
		best := n
		for _, c := range spec.PerPageChoices {
			if c > best && p.answersFitAt(frame, g, c) {
				best = c
			}
		}
		if best != n {
			denser[g], changed = best, true
		}
	}
	if !changed {
		return p, nil
	}
	q, err := make1(s, ed, denser, turned, budget)
	if err != nil {
		return p, nil
	}
	for _, fit := range q.answersFit() {
		if !fit {
			return p, nil
		}
	}
	return q, nil
}

// packSlack is how much smaller than its cell an answer packed more to a
// page may be drawn: 3%, what the room for its marks, smaller with it,
// and a caption set over a narrower slot take.
const packSlack = 0.97

// answersFitAt reports whether every answer of group g, at the cell it
// has (or packSlack of it), fits a slot of an answer page like pp laid out for n answers,
// with its caption and the room its marks need.
func (p *Plan) answersFitAt(pp *Page, g answerGroup, n int) bool {
	c := pp.Frame.Content
	sl := slots(c, pp.Head.Bottom, n, 1)[0]
	for i, mp := range p.Mazes {
		if mp.AnswerCell <= 0 || mp.Section != g.section || mp.Level != g.level {
			continue
		}
		texts, err := p.Captions(i, CaptionFacts{Recipe: mp.Recipe, Score: 100, Path: mp.Cells}, true)
		if err != nil {
			return false
		}
		capt := max(float64(p.Size(CaptionSize)*CaptionLeading), p.FitCaption(texts, false, sl.W, p.captionBudget(sl.H)).Height())
		w, h := mp.AnswerGrid()
		if draw.FitCell(below(sl, capt+CaptionGap), w, h, p.answerRoomOf(i)) < float64(packSlack*mp.AnswerCell) {
			return false
		}
	}
	return true
}

// answerGroup is the answers of one level of a section (level 0 for a
// section held to none): they are drawn at one scale and held as many to
// a page.
type answerGroup struct{ section, level int }

// answersPer returns how many answers of group g a page of the key holds.
func (p *Plan) answersPer(g answerGroup) int {
	if n, ok := p.answerPer[g]; ok {
		return n
	}
	return p.Spec.Answers.PerPage
}

// AnswersPer returns the fewest answers of a section a page of the answer
// key holds (of its hardest level, in a section whose difficulty rises).
func (p *Plan) AnswersPer(section int) int {
	n := p.Spec.Answers.PerPage
	for g, k := range p.answerPer {
		if g.section == section {
			n = min(n, k)
		}
	}
	return n
}

// AnswerNotes says, for each section whose answers the key holds fewer of
// on a page than the spec asks, how many and why; nothing when it holds
// as many as asked.
func (p *Plan) AnswerNotes() []say.Text {
	if !p.Answers {
		return nil
	}
	var out []say.Text
	for si := range p.Spec.Sections {
		if n := p.AnswersPer(si); n < p.Spec.Answers.PerPage && p.hasAnswers(si) {
			out = append(out, say.T("the answers of %s hold %d a page, not %d, so that each stays large enough to follow",
				p.Spec.Sections[si].Name(), n, p.Spec.Answers.PerPage))
		}
	}
	return out
}

// hasAnswers reports whether a section has mazes in the answer key.
func (p *Plan) hasAnswers(section int) bool {
	for _, mp := range p.Mazes {
		if mp.Section == section && mp.AnswerPage > 0 {
			return true
		}
	}
	return false
}

// make1 lays out the book with per[g] answers of group g on a page (the
// spec's answers.per_page for a group per does not name), turned where
// turned[g].
func make1(s *spec.Book, ed Edition, per map[answerGroup]int, turned map[answerGroup]bool, budget float64) (*Plan, error) {
	p := &Plan{Spec: s, Edition: ed, Labels: s.Labels(), Answers: s.Answers.Enabled && ed == Student,
		answerPer: per, answerTurned: turned, doors: make([]Doors, len(s.Sections)),
		cornered: make([]bool, len(s.Sections)), marked: make([]bool, len(s.Sections))}
	p.sequence()
	p.retold = p.retellings()
	for _, pp := range p.Pages {
		if pp.Kind == AnswerPage {
			p.AnswersPerPage = max(p.AnswersPerPage, pp.Per)
		}
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	m := s.Page.Margin
	p.Inside = m.Inside
	if m.Mirrored && m.AutoGutter {
		p.Inside = spec.Gutter(len(p.Pages))
	}
	if m.Mirrored && s.Page.Width-p.Inside-m.Outside < s.Page.Width*0.2 {
		return nil, spec.Errors{s.ErrorAt("page.margin", "the inside margin of %s and outside margin of %s leave almost nothing of the page", spec.FormatLength(p.Inside, "in"), spec.FormatLength(m.Outside, "in"))}
	}
	for i := range p.Pages {
		pp := &p.Pages[i]
		pp.Frame = p.frame(pp.Number)
		switch pp.Kind {
		case PuzzlePage:
			pp.Head = p.head(pp)
			pp.Slots = slots(pp.Frame.Content, pp.Head.Bottom, pp.Per, len(pp.Mazes))
			pp.Caption = float64(p.Size(CaptionSize) * CaptionLeading)
		case StepsPage:
			pp.Head = p.head(pp)
		case AnswerPage:
			pp.Head = p.head(pp)
			pp.Slots = answerSlots(pp.Frame.Content, pp.Head.Bottom, pp.Rows)
		}
	}
	// A caption that needs more room than one row (two rows, or its
	// stars below it) takes it from its maze: size the mazes again with
	// the room the captions of their sizes need, until it settles.
	// Pages of two circles are staggered with the room their captions
	// need beside them.
	p.staggerPages()
	for range 3 {
		if errs := p.sizeMazes(); len(errs) > 0 {
			return nil, errs
		}
		grew := p.fitPuzzleCaptions()
		if !grew && !p.staggerMarksNew() {
			break
		}
		p.staggerPages()
	}
	if errs := p.growShortPages(); len(errs) > 0 {
		return nil, errs
	}
	p.placeDoors()
	if err := p.checkBudget(budget); err != nil {
		return nil, spec.Errors{err}
	}
	p.sizeAnswers()
	return p, nil
}

// frame returns the geometry of page number n.
func (p *Plan) frame(n int) Frame {
	ps := p.Spec.Page
	f := Frame{Width: ps.Width, Height: ps.Height, Recto: n%2 == 1}
	f.Trim = display.Box{W: ps.Width, H: ps.Height}
	if ps.Bleed {
		f.Width += spec.BleedSize
		f.Height += 2 * spec.BleedSize
		f.Trim.Y = spec.BleedSize
		if !f.Recto {
			f.Trim.X = spec.BleedSize // the outside edge of a left-hand page is its left
		}
	}
	m := ps.Margin
	left, right := m.Left, m.Right
	if m.Mirrored {
		left, right = p.Inside, m.Outside
		if !f.Recto {
			left, right = right, left
		}
	}
	f.Content = display.Box{X: f.Trim.X + left, Y: f.Trim.Y + m.Top, W: ps.Width - left - right, H: ps.Height - m.Top - m.Bottom}
	return f
}

// sequence lays out the pages in order, numbering them and the mazes, with
// blank pages where an opener must start on a right-hand page (the first
// section, a section's own page, the answer key: no other page is left
// blank mid-book), notes pages to the spec's pad (in a teacher edition,
// MaxTeacherNotes at most), and a blank page at the end for an even page
// count.
func (p *Plan) sequence() {
	s := p.Spec
	contents := p.frontMatter()
	for si := range s.Sections {
		if si == 0 || s.SectionPages {
			p.toRecto()
		}
		if s.SectionPages {
			p.addPage(Page{Kind: SectionPage, Section: si, Header: s.Sections[si].Title})
		}
		if s.Sections[si].Steps != nil {
			p.storyboard(si, func(pp Page) { p.addPage(pp) })
			continue
		}
		p.puzzlePages(si)
	}
	if p.Answers && len(p.Mazes) > 0 {
		p.toRecto()
		p.answerPages()
	}
	if s.CertificatePage() && len(p.Mazes) > 0 {
		p.addPage(Page{Kind: CertificatePage, Section: -1})
	}
	pad := s.Pad
	if p.Edition == Teacher && s.Answers.Enabled && pad > len(p.Pages)+MaxTeacherNotes {
		pad = len(p.Pages) + MaxTeacherNotes
		if s.EvenPages && pad%2 == 1 {
			pad-- // the blank page that makes it even ends it
		}
	}
	for len(p.Pages) < pad {
		p.addPage(Page{Kind: NotesPage, Section: -1})
	}
	if s.EvenPages && len(p.Pages)%2 == 1 {
		p.addPage(Page{Kind: BlankPage, Section: -1})
	}
	p.fillContents(contents)
}

// MaxTeacherNotes is the most notes pages a padded book's teacher
// edition, which has no answer key, ends with, the blank page that
// makes it even among them: as many as blank pages KDP prints at the
// end of a book (see kdp.MaxBlankEnd). The pad its
// book's answers reached (with bonus mazes and their answers) would
// otherwise be reached with notes pages where the answers were, a
// fifth of the book for mazes at 2 a page and answers at 4, which KDP's
// rule refuses; the teacher edition is shorter instead.
const MaxTeacherNotes = 10

// addPage adds a page at the end of the book, numbered, and returns its
// index in p.Pages.
func (p *Plan) addPage(pp Page) int {
	pp.Number = len(p.Pages) + 1
	p.Pages = append(p.Pages, pp)
	return len(p.Pages) - 1
}

// toRecto adds a blank page where the next must start on a right-hand
// page and would not.
func (p *Plan) toRecto() {
	if p.Spec.StartOnRight && len(p.Pages)%2 == 1 {
		p.addPage(Page{Kind: BlankPage, Section: -1})
	}
}

// frontMatter adds the pages before the first section's: the title
// page, the copyright page, the contents (whose indexes it returns, to
// be filled once every page is numbered) and the how-to page.
func (p *Plan) frontMatter() (contents []int) {
	s := p.Spec
	if s.TitlePage {
		p.addPage(Page{Kind: TitlePage, Section: -1})
	}
	if s.Copyright != "" {
		p.addPage(Page{Kind: CopyrightPage, Section: -1})
	}
	if s.Contents != nil {
		entries := len(s.Sections)
		if s.Answers.Enabled && p.Edition == Student {
			entries++
		}
		per := contentsPerPage(s)
		for i := 0; i < entries; i += per {
			contents = append(contents, p.addPage(Page{Kind: ContentsPage, Section: -1}))
		}
	}
	if s.HowTo != nil {
		p.addPage(Page{Kind: HowToPage, Section: -1})
	}
	return contents
}

// puzzlePages adds section si's puzzle pages and its mazes' recipes.
func (p *Plan) puzzlePages(si int) {
	s := p.Spec
	sec := &s.Sections[si]
	page := -1
	for i := 0; i < sec.Count; i++ {
		if i%sec.PerPage == 0 {
			// The last page of a section whose count does not fill it
			// lays its mazes out for as many as it holds, and they grow
			// (see growShortPages).
			per := min(sec.PerPage, sec.Count-i)
			page = p.addPage(Page{Kind: PuzzlePage, Section: si, Header: sec.Title, Per: per})
		}
		seed := maze.DeriveSeed(s.Seed, sec.ID, strconv.Itoa(i))
		p.Pages[page].Mazes = append(p.Pages[page].Mazes, len(p.Mazes))
		level := Level(sec, i)
		r := recipe(s, sec, level, seed)
		if p.wordDoorsTopBottom(sec) {
			// A word's doors in the tops and bottoms of its letters: its
			// marks above and below the word, never between two letters,
			// all of one size.
			r.Openings = maze.TopBottom
		}
		p.Mazes = append(p.Mazes, Maze{
			Number: len(p.Mazes) + 1, Section: si, Index: i,
			Recipe: r, Page: p.Pages[page].Number, Level: level,
		})
	}
}

// AnswerRow is a row of an answer page: answers of one level of one
// section, N of them in a row of Cols slots, the row as high as a page
// laid out for Cols by Rows of them has its rows.
type AnswerRow struct{ Cols, Rows, N int }

// wordDoorsTopBottom reports whether a section's mazes are words whose
// doors the plan puts in the tops and bottoms of their letters: a word
// mask whose spec places no doors.
func (p *Plan) wordDoorsTopBottom(sec *spec.Section) bool {
	return sec.Mask != nil && sec.Mask.CapHeight > 0 && !p.Spec.Given(sec.Path("openings")) && sec.Entrance == nil && sec.Exit == nil
}

// maskDoorsDown reports whether a section's mazes are masks (a word, a
// picture) whose doors are in the top and bottom walls of their cells: a
// word whose spec places no doors (see wordDoorsTopBottom), or a mask
// whose spec asks for openings top-bottom, on square cells (a
// hexagon's or a triangle's sides facing up may slant). Their marks then
// need room above and below them, and beside them only what a mark at a
// door in the first or the last column reaches past the grid.
func (p *Plan) maskDoorsDown(sec *spec.Section) bool {
	if sec.Mask == nil || sec.Shape != maze.Rectangle || sec.Entrance != nil || sec.Exit != nil {
		return false
	}
	return p.wordDoorsTopBottom(sec) || p.Spec.Given(sec.Path("openings")) && sec.Openings == maze.TopBottom
}

// answerPages adds the answer key's pages, row by row: each level of each
// section has its answers in rows as a page of as many as it holds (see
// answersPer) lays them out, and a page holds rows of different sections
// and levels one above the other while they fit, and a row goes on with
// the next level's answers when they are laid out alike, so that no
// answer stands alone on a page it could share.
func (p *Plan) answerPages() {
	s := p.Spec
	title := p.Labels.Answers
	if s.Answers.Title != "" {
		title = s.Answers.Title
	}
	m := s.Page.Margin
	w, h := s.Page.Width-m.Left-m.Right, s.Page.Height-m.Top-m.Bottom
	if m.Mirrored {
		w = s.Page.Width - m.Inside - m.Outside
	}
	landscape := w > h*1.2
	page, used := -1, 0.0 // the page, and the share of its height its rows take
	for i := range p.Mazes {
		si := p.Mazes[i].Section
		if s.Sections[si].Sheet == spec.SheetBlank {
			continue // a blank grid has no answer
		}
		g := answerGroup{si, p.Mazes[i].Level}
		per := p.answersPer(g)
		cols, rows := gridShape(per, landscape)
		var row *AnswerRow
		if page >= 0 {
			// A row goes on with the next level's or section's answers
			// when they are laid out alike.
			rs := p.Pages[page].Rows
			if r := &rs[len(rs)-1]; r.N < r.Cols && r.Cols == cols && r.Rows == rows {
				row = r
			}
		}
		if row == nil {
			if page < 0 || used+1/float64(rows) > 1+1e-9 {
				page, used = p.addPage(Page{Kind: AnswerPage, Section: -1, Header: title}), 0
			}
			used += 1 / float64(rows)
			pp := &p.Pages[page]
			pp.Rows = append(pp.Rows, AnswerRow{Cols: cols, Rows: rows})
			pp.Per = max(pp.Per, per)
			row = &pp.Rows[len(pp.Rows)-1]
		}
		row.N++
		p.Pages[page].Mazes = append(p.Pages[page].Mazes, i)
		p.Mazes[i].AnswerPage = p.Pages[page].Number
	}
}

// answerSlots returns the slots of an answer page's rows in the content
// area below top: each row as high as a row of a page of its Rows rows,
// its Cols slots as wide as such a page's, its slots centred across the
// page, the rows from the top down with even gutters.
func answerSlots(c display.Box, top float64, rows []AnswerRow) []display.Box {
	ah := c.Y + c.H - top
	var out []display.Box
	y := top
	for _, r := range rows {
		sw := (c.W - float64(float64(r.Cols-1)*SlotGutter)) / float64(r.Cols)
		sh := (ah - float64(float64(r.Rows-1)*SlotGutter)) / float64(r.Rows)
		x0 := c.X + (c.W-float64(float64(r.N)*sw)-float64(float64(r.N-1)*SlotGutter))/2
		for k := 0; k < r.N; k++ {
			out = append(out, display.Box{X: x0 + float64(float64(k)*(sw+SlotGutter)), Y: y, W: sw, H: sh})
		}
		y += sh + SlotGutter
	}
	return out
}

// AnswersStart returns the number of the answer key's first page, or 0
// without one.
func (p *Plan) AnswersStart() int {
	for _, pp := range p.Pages {
		if pp.Kind == AnswerPage {
			return pp.Number
		}
	}
	return 0
}

// contentsPerPage returns how many entries a contents page holds.
func contentsPerPage(s *spec.Book) int {
	h := s.Page.Height - s.Page.Margin.Top - s.Page.Margin.Bottom - 2*sizeIn(s, ContentsTitleSize)
	return max(1, int(h/(sizeIn(s, ContentsSize)*ContentsLeading)))
}

// fillContents lists on the contents pages (their indexes) each
// section's title and its first page, then the answer key's.
func (p *Plan) fillContents(pages []int) {
	var entries []Entry
	seen := map[int]bool{}
	for _, pp := range p.Pages {
		if pp.Section >= 0 && !seen[pp.Section] {
			seen[pp.Section] = true
			entries = append(entries, Entry{Title: p.Spec.Sections[pp.Section].Label(), Page: pp.Number})
		}
	}
	if n := p.AnswersStart(); n > 0 {
		entries = append(entries, Entry{Title: p.Pages[n-1].Header, Page: n})
	}
	per := contentsPerPage(p.Spec)
	for i, page := range pages {
		lo, hi := i*per, min((i+1)*per, len(entries))
		if lo < hi {
			p.Pages[page].Entries = entries[lo:hi]
		}
	}
}

// recipe returns the recipe of a section's maze of the given level and
// seed; its size is chosen later (see sizeMazes). A level brings its
// algorithm and braid where the section gives none.
func recipe(s *spec.Book, sec *spec.Section, level int, seed uint64) maze.Recipe {
	alg, braid := sec.Algorithm, sec.Braid
	if level > 0 {
		l := difficulty.Levels()[level-1]
		if alg == "" {
			alg = l.Algorithm
		}
		if !s.Given(sec.Path("braid")) {
			braid = l.Braid
		}
	}
	if alg == "" {
		alg = DefaultAlgorithm
	}
	return maze.Recipe{
		Shape: sec.Shape, Size: sec.Size, Mask: sec.Mask, Islands: sec.Islands, Weave: sec.Weave,
		Algorithm: ResolveAlgorithm(alg, sec.Kind(), seed), Seed: seed, Braid: braid, Openings: sec.Openings,
		Entrance: sec.Entrance, Exit: sec.Exit,
	}
}

// DefaultAlgorithm carves the mazes of a section that names no algorithm
// and no level.
const DefaultAlgorithm = "backtracker"

// ResolveAlgorithm returns the algorithm a maze uses: the one named, or
// for "random" one drawn from the maze's seed among those that can carve
// the kind of grid (see spec.Section.Kind) and look like a real maze in a
// book (maze.BookAlgorithmsFor).
func ResolveAlgorithm(name, kind string, seed uint64) string {
	if name != spec.Random {
		return name
	}
	algs := maze.BookAlgorithmsFor(kind)
	r := maze.NewRand(maze.DeriveSeed(seed, "algorithm"))
	return algs[r.IntN(len(algs))]
}

// Candidate returns candidate k of a maze held to a level: its own recipe
// first, then recipes with seeds derived from it in a fixed order; in a
// section of random algorithms, with the algorithm each seed draws.
func (p *Plan) Candidate(i, k int) maze.Recipe {
	mp := p.Mazes[i]
	r := mp.Recipe
	if k > 0 {
		sec := &p.Spec.Sections[mp.Section]
		r.Seed = maze.DeriveSeed(r.Seed, "candidate", strconv.Itoa(k))
		if sec.Algorithm == spec.Random {
			r.Algorithm = ResolveAlgorithm(spec.Random, sec.Kind(), r.Seed)
		}
	}
	return r
}

// Level returns the level maze i of a section is held to: the section's
// levels spread evenly from the first maze to the last, or 0 when the
// section has none.
func Level(sec *spec.Section, i int) int {
	if sec.FromLevel == 0 {
		return 0
	}
	if sec.Count <= 1 {
		return sec.FromLevel
	}
	span := float64(sec.ToLevel - sec.FromLevel)
	return sec.FromLevel + int(span*float64(i)/float64(sec.Count-1)+0.5)
}

// head places the lines at the top of a puzzle or answer page, once: the
// slots begin below them, and the page is drawn with them where they are.
func (p *Plan) head(pp *Page) Head {
	c := pp.Frame.Content
	y := c.Y
	var h Head
	// A header that writes something has its line: the section's title
	// by default, or what the spec's header template says.
	data := spec.PageData{Title: p.Spec.Title, Section: pp.Header, Page: pp.Number, Label: p.Labels.Page}
	header, instr, name := p.Size(HeaderSize), p.Size(InstrSize), p.Size(NameLineSize)
	if text, err := p.Spec.Header.Execute(data); err != nil || text != "" {
		h.Header = y + header
		y += header + HeaderGap
	}
	if pp.Kind == StepsPage && p.Spec.Sections[pp.Section].Instructions != "" {
		h.Instructions = y + instr
		y += float64(instr*1.4) + HeaderGap
	}
	if pp.Kind == PuzzlePage {
		if p.Spec.Sections[pp.Section].Style.NameLine {
			h.NameLine = y + float64(name*1.5)
			y += name*2 + HeaderGap
		}
		if p.Spec.Sections[pp.Section].Instructions != "" && p.saysInstructions(pp) {
			h.Instructions = y + instr
			y += float64(instr*1.4) + HeaderGap
		}
	}
	h.Width = c.W
	motifs := pp.Kind == PuzzlePage && p.Spec.Theme != "" && p.Spec.Sections[pp.Section].Style.Motifs
	if motifs {
		h.Width = c.W - 2*(MotifSide+HeaderGap)
	}
	if p.SharesHeadline(pp) {
		mi := pp.Mazes[0]
		size, least, _ := p.HeadlineSizes(mi, 1)
		if p.Spec.Sections[pp.Section].Young() {
			size, least = p.Size(YoungPageHeadlineSize), p.Size(SharedHeadlineSize)
		}
		h.Story = FitHeadline(Fitted{}, p.Headline(mi), size, least, 0, h.Width, 0, p.Spec.Fonts.Headings)
		h.StoryTop = y
		y += h.Story.headHeight()
	}
	if motifs {
		// The motifs stand in the top corners: the lines between them,
		// the mazes below them.
		y = max(y, c.Y+MotifSide+HeaderGap)
	}
	h.Bottom = y
	return h
}

// SharesHeadline reports whether puzzle page pp tells its mazes' story
// once, as its headline (see Head.Story), rather than above each maze:
// a themed page of two mazes or more whose stories are one, as a book
// says a line once that it would say twice. A random theme's mazes,
// each with a story of its own, keep theirs.
func (p *Plan) SharesHeadline(pp *Page) bool {
	if pp.Kind != PuzzlePage || len(pp.Mazes) < 2 {
		return false
	}
	story := p.Headline(pp.Mazes[0])
	for _, mi := range pp.Mazes[1:] {
		if p.Headline(mi) != story {
			return false
		}
	}
	return story != ""
}

// saysInstructions reports whether puzzle page pp says its section's
// instructions: once a section, as a book says them, on its first page,
// or on none when the section has a page of its own that says them.
func (p *Plan) saysInstructions(pp *Page) bool {
	return !p.Spec.SectionPages && len(pp.Mazes) > 0 && p.Mazes[pp.Mazes[0]].Index == 0
}

// gridShape returns the columns and rows of a page holding n mazes.
func gridShape(n int, landscape bool) (cols, rows int) {
	cols, rows = spec.PerPageGrid(n)
	if landscape {
		return rows, cols
	}
	return cols, rows
}

// slots divides the content area below top into per slots of one size,
// in reading order, with even gutters between them, and returns the first
// n: a page holding fewer than per keeps the size of its section's slots
// (one scale a section), its last row centred across the page and its
// rows together in the middle of the area.
func slots(c display.Box, top float64, per, n int) []display.Box {
	area := display.Box{X: c.X, Y: top, W: c.W, H: c.Y + c.H - top}
	cols, rows := gridShape(per, area.W > area.H*1.2)
	sw := (area.W - float64(float64(cols-1)*SlotGutter)) / float64(cols)
	sh := (area.H - float64(float64(rows-1)*SlotGutter)) / float64(rows)
	n = min(n, per)
	used := (n + cols - 1) / cols
	y0 := area.Y + (area.H-float64(float64(used)*sh)-float64(float64(used-1)*SlotGutter))/2
	out := make([]display.Box, 0, n)
	for r := 0; r < used; r++ {
		k := min(cols, n-r*cols)
		x0 := area.X + (area.W-float64(float64(k)*sw)-float64(float64(k-1)*SlotGutter))/2
		for col := 0; col < k; col++ {
			out = append(out, display.Box{X: x0 + float64(float64(col)*(sw+SlotGutter)), Y: y0 + float64(float64(r)*(sh+SlotGutter)), W: sw, H: sh})
		}
	}
	return out
}

// MazeArea is the part of a slot of page pp below its caption: the
// whole slot on a page whose captions stand beside its mazes (see
// Page.Beside).
func (pp *Page) MazeArea(slot display.Box) display.Box {
	if pp.Beside != nil {
		return slot
	}
	return below(slot, pp.Caption+CaptionGap)
}

// below returns the part of box more than off below its top.
func below(box display.Box, off float64) display.Box {
	return display.Box{X: box.X, Y: box.Y + off, W: box.W, H: box.H - off}
}

// Style returns how the mazes of a section are drawn but for their size
// (Cell, Wall) and a theme's pictures (see Pair): their colours and ink,
// the marks at their doors, with their labels, font and pictures, and the
// thinnest solution line. The interior's pages and the cover draw their
// mazes from it, so that both mark the doors alike.
func (p *Plan) Style(section int) draw.Style {
	st := p.Spec.Sections[section].Style
	walk, graph := draw.TeachingColors(st.Ink)
	font := p.Spec.Fonts.Headings
	if font == nil {
		font = spec.DefaultFonts.Headings
	}
	return draw.Style{
		WallColor: st.WallColor, SolutionColor: st.SolutionColor,
		EntranceColor: st.EntranceColor, ExitColor: st.ExitColor, Ink: st.Ink,
		Markers: p.Markers(section), Start: p.Labels.Start, Finish: p.Labels.Finish,
		MinLine:      MinLine,
		Font:         font,
		StartPicture: st.StartImage, FinishPicture: st.FinishImage,
		WalkColor: walk, GraphColor: graph,
		Mirror:    spec.RTL(p.Spec.Language),
		TextScale: p.TextScale(), MarkScale: p.TextScale(),
		FlagSide: p.flagSide(section),
	}
}

// Markers returns how a section's doors are marked: as its spec says,
// but that a young child's squares in black or grey ink (which a
// photocopy keeps as an arrow and a flag inside the door's cell, a few
// millimetres across) are the shapes markers, an arrow and a flag as
// large as a young child's are (see flagSide).
func (p *Plan) Markers(section int) draw.Markers {
	sec := &p.Spec.Sections[section]
	if m, ink := sec.Style.Markers, sec.Style.Ink; m != draw.Squares || !sec.Young() || ink != draw.InkBlack && ink != draw.InkGrayscale {
		return m
	}
	return draw.Shapes
}

// flagSide returns the least side of the flag at the exits of a
// section's puzzles (see draw.Style.FlagSide): draw.FlagFloor for a young
// child's (see spec.Section.Young), at the book's text scale; 0 for
// another, whose flag is draw.MarkSide.
func (p *Plan) flagSide(section int) float64 {
	if !p.Spec.Sections[section].Young() || p.Markers(section) != draw.Shapes {
		return 0
	}
	return float64(draw.FlagFloor * p.TextScale())
}

// RoomOf returns the room the markers of a section's mazes need around them.
func (p *Plan) RoomOf(section int) draw.Room {
	d := p.doors[section]
	r := p.roomOn(section, 1, d.Art, d.Words, d.Axis, d.Along)
	if side := p.flagSide(section); side > 0 && !p.Themed(section) && !p.goalInside(section) {
		// A theme's goal picture has its room already (see roomAt).
		r = r.WithFlagOn(side, p.doors[section].Axis)
	}
	return r
}

// roomAt returns the room the markers of a section's mazes need drawn at
// scale f (see draw.ShapesRoom), a theme's pictures art points across,
// with the words Start and Finish under them when words is true.
func (p *Plan) roomAt(section int, f, art float64, words bool) draw.Room {
	return p.roomOn(section, f, art, words, p.doors[section].Axis, false)
}

// roomOn is roomAt for a maze whose doors stand on axis: an answer drawn
// on its side has its doors on the other axis of its puzzle's. along
// stands a theme's start picture beside its arrow, in the side walls
// (see Doors.Along).
func (p *Plan) roomOn(section int, f, art float64, words bool, axis draw.Axis, along bool) draw.Room {
	st := p.Spec.Sections[section].Style
	markers := p.Markers(section)
	r := draw.RoomForScaled(markers, p.Labels.Start, p.Labels.Finish, p.Spec.Fonts.Headings, p.TextScale())
	if markers == draw.Shapes {
		r = draw.ShapesRoom(float64(f * p.TextScale()))
		if p.maskDoorsDown(&p.Spec.Sections[section]) {
			r = r.ShapesOn(draw.Down, float64(f*p.TextScale()))
		}
	}
	if sec := &p.Spec.Sections[section]; st.Markers == draw.Labels && p.wordDoorsTopBottom(sec) {
		// A word's labels stand above and below it (see puzzlePages): at
		// its sides they reach past its first and last letters by half
		// their width at most, not by the whole of it.
		r.AbsX /= 2
	}
	if p.labelsOnAxis(section) {
		r = r.LabelsOn(axis)
	}
	if st.StartImage != nil || st.FinishImage != nil {
		r = r.WithPictures()
	}
	if p.Themed(section) {
		w, h := 0.0, 0.0
		if words {
			size := float64(draw.DoorWordSize)
			if along && p.doors[section].WordSize > 0 {
				size = p.doors[section].WordSize
			}
			w, h = draw.DoorWordsSize(p.Spec.Fonts.Headings, float64(size*p.TextScale()), p.Labels.Start, p.Labels.Finish)
		}
		if along && axis == draw.Across {
			wall, cells := p.wallReach(section)
			r = r.WithArtAlong(art, w, wall, cells, p.doors[section].Over)
		} else {
			r = r.WithArt(art, w, h, axis)
		}
	}
	if p.goalInside(section) {
		// Only the entrance's marks stand outside the grid, beside one
		// of its walls: the room of one side, not of two facing ones.
		// (The maze, drawn, is centred in its slot by what it inks.)
		r.CellsX, r.CellsY, r.AbsX, r.AbsY = r.CellsX/2, r.CellsY/2, r.AbsX/2, r.AbsY/2
	}
	return r
}

// goalInside reports whether the goal of a section's mazes stands inside
// them, so that no mark stands beyond the grid at the exit: in the
// middle (openings: center), or at a cell the spec gives away from a
// rectangle's border (exit: [8, 4] of 12x12), its entrance at the border.
func (p *Plan) goalInside(section int) bool {
	sec := &p.Spec.Sections[section]
	if sec.Entrance == nil && sec.Exit == nil {
		return sec.Openings == maze.Center
	}
	inner := func(a *maze.At) bool {
		return a != nil && a[0] > 0 && a[1] > 0 && a[0] < sec.Size.W-1 && a[1] < sec.Size.H-1
	}
	return sec.Shape == maze.Rectangle && sec.Mask == nil && sec.Weave == 0 && sec.Size.W > 0 &&
		inner(sec.Exit) && !inner(sec.Entrance)
}

// Themed reports whether a section's doors are marked by a theme's
// pictures: the book has a theme and the section the shapes markers.
func (p *Plan) Themed(section int) bool {
	return p.Spec.Theme != "" && p.Spec.Sections[section].Style.Markers == draw.Shapes
}

// DoorsOf returns how a theme's pictures mark the doors of a section's
// mazes (the zero Doors when they do not).
func (p *Plan) DoorsOf(section int) Doors { return p.doors[section] }

// Pair returns the theme's pair of pictures and story of maze i, when the
// book has a theme: the theme's, or for a random theme the one dealt to
// the maze's place in the book (see theme.Dealt), so that a book of as
// many mazes as there are pairs repeats none.
func (p *Plan) Pair(i int) (theme.Pair, bool) {
	if p.Spec.Theme == "" {
		return theme.Pair{}, false
	}
	pair, err := theme.Dealt(p.Spec.Theme, p.Spec.Seed, p.Mazes[i].Number-1)
	return pair, err == nil
}

// Headline returns the story set above maze i as its page's headline: the
// theme's story in the book's language, told once, as a book tells it,
// on the first of a section's pages that tell it; on the pages after it
// that would tell it again (a book of one theme), the language's prompts
// in turn ("One more time!", see words.Language.Prompts). It returns ""
// where the book has no theme or the section's caption tells the story
// itself ({{.Story}}).
func (p *Plan) Headline(i int) string {
	sec := &p.Spec.Sections[p.Mazes[i].Section]
	if sec.Caption.Uses("Story") {
		return ""
	}
	if i < len(p.retold) && p.retold[i] > 0 {
		k := p.retold[i]
		if prompts := words.Or(p.Spec.Language).Prompts; len(prompts) > 0 {
			return prompts[(k-1)%len(prompts)]
		}
	}
	return p.Story(i)
}

// retellings returns, for each maze, how many pages before its own in
// its section tell its story, back to the first that does, all their
// mazes telling it as its own page's do (0 on a page whose mazes tell
// different stories, or on the first): the count of times the story
// would be told again above it (see Headline).
func (p *Plan) retellings() []int {
	out := make([]int, len(p.Mazes))
	// tells returns the story all the mazes of page pp tell, "" if none
	// or not one.
	tells := func(pp *Page) string {
		if len(pp.Mazes) == 0 {
			return ""
		}
		story := p.Story(pp.Mazes[0])
		for _, mi := range pp.Mazes[1:] {
			if p.Story(mi) != story {
				return ""
			}
		}
		return story
	}
	run, told, section := 0, "", -1
	for k := range p.Pages {
		pp := &p.Pages[k]
		if pp.Kind != PuzzlePage {
			continue // a section's own page, a steps page: the run goes on
		}
		story := tells(pp)
		if story == "" || story != told || pp.Section != section {
			run, told, section = 0, story, pp.Section
		} else {
			run++
		}
		for _, mi := range pp.Mazes {
			out[mi] = run
		}
	}
	return out
}

// Story returns the theme's story of maze i in the book's language, or ""
// without a theme.
func (p *Plan) Story(i int) string {
	pair, ok := p.Pair(i)
	if !ok {
		return ""
	}
	return pair.StoryIn(p.Spec.Language)
}

// sectionError places an error at a key of a section.
func sectionError(s *spec.Book, sec *spec.Section, key, format string, args ...any) *spec.Error {
	return s.ErrorAt(sec.Path(key), format, args...)
}

// BonusID is what the id of a book's last section of mazes takes for the
// id of its bonus section (see Bonus), from which the bonus mazes' seeds
// derive: "Hard/bonus".
const BonusID = "/bonus"

// Bonus returns the section a padded book's bonus mazes are made in: a
// copy of its last section of mazes (not a storyboard's), at that
// section's last level, titled "Bonus mazes" in the book's language,
// with count mazes seeded from its own id (see BonusID), so that the
// book's other mazes stay as they are. Its Index is the last section's,
// whose keys it takes (its problems are said at them). ok is false when
// the book has no section of mazes.
func Bonus(s *spec.Book, count int) (sec spec.Section, ok bool) {
	for i := len(s.Sections) - 1; i >= 0; i-- {
		last := s.Sections[i]
		if last.Steps != nil || last.Count == 0 {
			continue
		}
		sec = last
		sec.ID += BonusID
		sec.Title = tell.In(s.Language, say.T("Bonus mazes"))
		sec.Count = count
		sec.FromLevel = last.ToLevel
		return sec, true
	}
	return spec.Section{}, false
}

// BonusPerCell bounds a padded book's bonus mazes by their cells: at most
// this many for each cell of one, so that mazes of few cells, of which
// there are few at a level, still differ (see layout's unique); notes
// pages fill the rest.
const BonusPerCell = 4

// withBonus returns a copy of a padded spec with a bonus section (see
// Bonus) of as many mazes as its pages, the answer key's among them,
// hold within its pad (planned as the book sold is, so that its teacher
// edition holds the same mazes), and at most BonusPerCell for each of a
// bonus maze's cells; ok is false when it is not padded past its pages,
// has no section of mazes, or no bonus maze fits.
//
// More mazes take no fewer pages, so the count is the last that fits.
// It is guessed from the pages a bonus maze and its answer take (see
// bonusPages) and checked by planning it and one more; a guess that
// fails narrows the search to where the pages of the counts around it
// put the pad, and to halves when that is slow. A book is planned 3 to
// 6 times, where a search by halves alone planned it 9 to 12 times.
func withBonus(s *spec.Book, budget float64) (padded *spec.Book, ok bool) {
	if s.Pad == 0 {
		return nil, false
	}
	plan := func(n int) (*Plan, *spec.Book) {
		b := *s
		b.Pad = 0
		if n > 0 {
			sec, ok := Bonus(s, n)
			if !ok {
				return nil, nil
			}
			b.Sections = append(slices.Clone(s.Sections), sec)
		}
		p, err := makeWithin(&b, Student, budget)
		if err != nil {
			return nil, nil
		}
		b.Pad = s.Pad
		return p, &b
	}
	fits := func(p *Plan) bool { return p != nil && len(p.Pages) <= s.Pad }
	// A book that cannot be planned, or of its own pages at the pad or
	// past it, takes no bonus maze: one takes a page more, or the page
	// an even book ends with blank, a book at its pad already.
	one, b := plan(1)
	if !fits(one) {
		return nil, false
	}
	if len(one.Pages) == s.Pad {
		if p, _ := plan(0); p == nil || len(p.Pages) >= s.Pad {
			return nil, false
		}
	}
	// lo mazes fit, in loPages pages; up mazes do not, in upPages pages
	// (0 when the plan failed; up past hi is not planned: hi is the most
	// there may be).
	lo, loPages := 1, len(one.Pages)
	hi := min(s.Pad*max(one.Spec.Sections[len(one.Spec.Sections)-1].PerPage, 1), BonusPerCell*one.Mazes[len(one.Mazes)-1].Cells)
	up, upPages := hi+1, 0
	// guess is the count whose pages, at perMaze pages a maze, reach
	// the pad from the pages the book takes without the bonus mazes'
	// (the one maze of plan one and its answer each take a page).
	perMaze := bonusPages(one)
	own := float64(len(one.Pages) - 1)
	if one.Answers {
		own--
	}
	guess := int((float64(s.Pad) - own) / perMaze)
	// Until a count does not fit, the next is the guess or, past it, a
	// step further, doubled each time; then the next is where the pages
	// of lo and up put the pad, or their middle when that failed to
	// halve what is left twice in a row (slow) or up's plan failed.
	step, slow := 1, 0
	for lo < up-1 {
		var n int
		switch {
		case up > hi && guess > lo:
			n = guess
		case up > hi:
			n = lo + step
			step *= 2
		case upPages == 0 || slow >= 2:
			n = (lo + up) / 2
		default:
			n = lo + (s.Pad-loPages)*(up-lo)/(upPages-loPages)
		}
		n = min(max(n, lo+1), up-1)
		was := up - lo
		p, nb := plan(n)
		if fits(p) {
			lo, loPages, b = n, len(p.Pages), nb
		} else {
			up, upPages = n, 0
			if p != nil {
				upPages = len(p.Pages)
			}
		}
		if 2*(up-lo) > was {
			slow++
		} else {
			slow = 0
		}
	}
	return b, true
}

// bonusPages returns how many pages one bonus maze of the plan p (of a
// book with one) takes, its answer's share of a page of the key
// included.
func bonusPages(p *Plan) float64 {
	last := len(p.Spec.Sections) - 1
	pages := 1 / float64(max(p.Spec.Sections[last].PerPage, 1))
	if p.Answers {
		pages += 1 / float64(max(p.AnswersPer(last), 1))
	}
	return pages
}
