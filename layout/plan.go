package layout

import (
	"fmt"
	"math"
	"strconv"

	"mazebook/layout/display"
	"mazebook/maze"
)

// PageKind says what a page holds.
type PageKind int

// The kinds of page.
const (
	TitlePage PageKind = iota
	CopyrightPage
	SectionPage
	PuzzlePage
	AnswerPage
	BlankPage
)

// Plan is a book laid out before any maze is made: its pages, and for each
// maze its size, seed and place.
type Plan struct {
	Spec   *Spec
	Labels Labels
	Pages  []PagePlan
	Mazes  []MazePlan
	// Inside is the inside margin (gutter) of a book with mirrored
	// margins, chosen from the page count when it is automatic.
	Inside float64
}

// PagePlan is one page of the plan.
type PagePlan struct {
	Kind PageKind
	// Number is the page number, from 1. Odd pages are right-hand pages.
	Number int
	// Section is the index of the section a section or puzzle page
	// belongs to, or -1.
	Section int
	// Header is the title printed at the top of the page.
	Header string
	// Mazes are indexes into Plan.Mazes, one per slot.
	Mazes []int
	// Slots are the areas of the page each maze is printed in, caption
	// included.
	Slots []display.Box
	// Frame is the page's geometry.
	Frame Frame
}

// MazePlan is one maze of the book.
type MazePlan struct {
	// Number is the maze's number in the book, from 1.
	Number int
	// Section and Index locate the maze: section index, and position in
	// the section from 0.
	Section, Index int
	// Seed is the maze's own seed, derived from the book seed, the
	// section's id and Index.
	Seed uint64
	// Algorithm is the generator's name ("random" resolved); Braid the
	// share of dead ends removed.
	Algorithm string
	Braid     float64
	// Width and Height are the size in cells; Cell the cell size in
	// points.
	Width, Height int
	Cell          float64
	// Wall is the wall thickness in points for this maze.
	Wall float64
	// Level is the difficulty level the maze is held to, 1 to 10, or 0
	// when its section asks for none.
	Level int
	// Page and AnswerPage are the page numbers of the puzzle and of its
	// solution (0 without an answer key).
	Page, AnswerPage int
}

// Page geometry, in points.
const (
	headerSize   = 16 // section title
	nameLineSize = 11 // Name / Date line
	captionSize  = 11 // caption above each maze
	instrSize    = 11 // section instructions under the header
	pageNumSize  = 10 // page number in the bottom margin
	slotGutter   = 18 // space between mazes on a page
	captionGap   = 5  // space between a caption and its maze
	noteSize     = 9  // the answer key's second caption line: score and path
	noteGap      = 2  // space between the two caption lines of an answer
	headerGap    = 10 // space below the header lines
)

// Frame is the geometry of one page: the whole sheet (bleed included), the
// trimmed page in it, and the content area inside the margins.
type Frame struct {
	Width, Height float64
	Trim          display.Box
	Content       display.Box
	// Recto is true for a right-hand (odd) page.
	Recto bool
}

// frame returns the geometry of page number n.
func (p *Plan) frame(n int) Frame {
	ps := p.Spec.Page
	f := Frame{Width: ps.Width, Height: ps.Height, Recto: n%2 == 1}
	f.Trim = display.Box{W: ps.Width, H: ps.Height}
	if ps.Bleed {
		f.Width += BleedSize
		f.Height += 2 * BleedSize
		f.Trim.Y = BleedSize
		if !f.Recto {
			f.Trim.X = BleedSize // the outside edge of a left-hand page is its left
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

// MakePlan lays out the book: the sequence of pages, the margins, the
// slots, and each maze's size, cell, seed and algorithm. It reports every
// maze that cannot be printed as asked (too large for its page, walls too
// thick for its cells) as SpecErrors.
func MakePlan(spec *Spec) (*Plan, error) {
	p := &Plan{Spec: spec, Labels: spec.labels()}
	p.sequence()
	m := spec.Page.Margin
	p.Inside = m.Inside
	if m.Mirrored && m.AutoGutter {
		p.Inside = Gutter(len(p.Pages))
	}
	if m.Mirrored && spec.Page.Width-p.Inside-m.Outside < spec.Page.Width*0.2 {
		return nil, SpecErrors{spec.errorAt("page.margin", "the inside margin of %s and outside margin of %s leave almost nothing of the page", FormatLength(p.Inside, "in"), FormatLength(m.Outside, "in"))}
	}
	for i := range p.Pages {
		pp := &p.Pages[i]
		pp.Frame = p.frame(pp.Number)
		switch pp.Kind {
		case PuzzlePage:
			pp.Slots = p.slots(pp.Frame.Content, spec.Sections[pp.Section].PerPage, pp)
		case AnswerPage:
			pp.Slots = p.slots(pp.Frame.Content, spec.Answers.PerPage, pp)
		}
	}
	if errs := p.sizeMazes(); len(errs) > 0 {
		errs.sort()
		return nil, errs
	}
	if err := p.checkBudget(); err != nil {
		return nil, SpecErrors{err}
	}
	return p, nil
}

// sequence lays out the pages in order, numbering them and the mazes, with
// blank pages where a section must start on a right-hand page, and at the
// end for an even page count.
func (p *Plan) sequence() {
	spec := p.Spec
	add := func(pp PagePlan) *PagePlan {
		pp.Number = len(p.Pages) + 1
		p.Pages = append(p.Pages, pp)
		return &p.Pages[len(p.Pages)-1]
	}
	toRecto := func() {
		if spec.StartOnRight && len(p.Pages)%2 == 1 {
			add(PagePlan{Kind: BlankPage, Section: -1})
		}
	}
	if spec.TitlePage {
		add(PagePlan{Kind: TitlePage, Section: -1})
	}
	if spec.Copyright != "" {
		add(PagePlan{Kind: CopyrightPage, Section: -1})
	}
	for si := range spec.Sections {
		sec := &spec.Sections[si]
		toRecto()
		if spec.SectionPages {
			add(PagePlan{Kind: SectionPage, Section: si, Header: sec.Title})
		}
		var pp *PagePlan
		for i := 0; i < sec.Count; i++ {
			if i%sec.PerPage == 0 {
				pp = add(PagePlan{Kind: PuzzlePage, Section: si, Header: sec.Title})
			}
			seed := maze.DeriveSeed(spec.Seed, sec.ID, strconv.Itoa(i))
			pp.Mazes = append(pp.Mazes, len(p.Mazes))
			// A level brings its algorithm and braid where the section
			// gives none.
			level := mazeLevel(sec, i)
			alg, braid := sec.Algorithm, sec.Braid
			if level > 0 {
				l := maze.Levels()[level-1]
				if _, set := spec.at[fmt.Sprintf("sections.%d.algorithm", si)]; !set {
					alg = l.Algorithm
				}
				if _, set := spec.at[fmt.Sprintf("sections.%d.braid", si)]; !set {
					braid = l.Braid
				}
			}
			p.Mazes = append(p.Mazes, MazePlan{
				Number: len(p.Mazes) + 1, Section: si, Index: i, Seed: seed,
				Algorithm: resolveAlgorithm(alg, seed), Braid: braid, Page: pp.Number, Level: level,
			})
		}
	}
	if spec.Answers.Enabled && len(p.Mazes) > 0 {
		toRecto()
		title := p.Labels.Answers
		if spec.Answers.Title != "" {
			title = spec.Answers.Title
		}
		var pp *PagePlan
		for i := range p.Mazes {
			if i%spec.Answers.PerPage == 0 {
				pp = add(PagePlan{Kind: AnswerPage, Section: -1, Header: title})
			}
			pp.Mazes = append(pp.Mazes, i)
			p.Mazes[i].AnswerPage = pp.Number
		}
	}
	if spec.EvenPages && len(p.Pages)%2 == 1 {
		add(PagePlan{Kind: BlankPage, Section: -1})
	}
}

// sizeMazes chooses each maze's size, cell size and wall: the same for
// every maze of a section, but for sections whose difficulty rises, whose
// mazes grow with their level.
func (p *Plan) sizeMazes() SpecErrors {
	spec := p.Spec
	var errs SpecErrors
	room := spec.Style.room(p.Labels)
	for si := range spec.Sections {
		sec := &spec.Sections[si]
		// Every page of a section has slots of the same size.
		var slot display.Box
		for _, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si {
				slot = pp.Slots[0]
				break
			}
		}
		type size struct {
			w, h       int
			cell, wall float64
			failed     bool
		}
		byLevel := map[int]size{}
		for i := range p.Mazes {
			mp := &p.Mazes[i]
			if mp.Section != si {
				continue
			}
			sz, done := byLevel[mp.Level]
			if !done {
				level := mp.Level
				if level == 0 {
					level = defaultLevel
				}
				var err *SpecError
				sz.w, sz.h, sz.cell, err = sectionSize(spec, sec, mazeArea(slot), room, maze.Levels()[level-1].Cells)
				if err == nil {
					sz.wall, err = wallFor(spec, sec, sz.cell)
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
			mp.Width, mp.Height, mp.Cell, mp.Wall = sz.w, sz.h, sz.cell, sz.wall
		}
	}
	return errs
}

// resolveAlgorithm returns the algorithm a maze uses: the section's, or for
// "random" one drawn from the maze's seed.
func resolveAlgorithm(name string, seed uint64) string {
	if name != Random {
		return name
	}
	algs := maze.Algorithms()
	r := maze.NewRand(maze.DeriveSeed(seed, "algorithm"))
	return algs[r.IntN(len(algs))].Name
}

// sectionSize chooses the maze size and cell size of a section's mazes in
// a maze area: from the size given, from the cell size given, or else about
// the given number of cells (its level's).
func sectionSize(spec *Spec, sec *Section, box display.Box, room markerRoom, cells int) (w, h int, cell float64, err *SpecError) {
	minCell := sec.MinCell
	forAges := ""
	if sec.Ages != "" && minCell > MinCell {
		forAges = fmt.Sprintf(" for ages %s", sec.Ages)
	}
	path := fmt.Sprintf("sections.%d", sec.index)
	name := sectionName(sec)
	switch {
	case sec.Width > 0:
		w, h = sec.Width, sec.Height
		cell = fitCell(box, w, h, room)
		if cell < minCell {
			mw, mh := fitSize(box, minCell, room)
			return 0, 0, 0, spec.errorAt(path+".size", "%s: a %dx%d maze does not fit its %s x %s box at a legible cell size (it would get %s cells; the smallest%s is %s): the largest that fits is %dx%d, or put fewer mazes on a page",
				name, w, h, FormatLength(box.W, "mm"), FormatLength(box.H, "mm"), FormatLength(cell, "mm"), forAges, FormatLength(minCell, "mm"), max(mw, 0), max(mh, 0))
		}
	case sec.CellSize > 0:
		cell = sec.CellSize
		if cell < minCell {
			return 0, 0, 0, spec.errorAt(path+".cell", "%s: cell %s is too small to print legibly; the smallest%s is %s", name, FormatLength(cell, "mm"), forAges, FormatLength(minCell, "mm"))
		}
		w, h = fitSize(box, cell, room)
		if w < 1 || h < 1 {
			return 0, 0, 0, spec.errorAt(path+".cell", "%s: cell %s is too large: not one cell fits the %s x %s box", name, FormatLength(cell, "mm"), FormatLength(box.W, "mm"), FormatLength(box.H, "mm"))
		}
	default:
		w, h = sizeForCells(box, cells, room)
		cell = fitCell(box, w, h, room)
		if cell < minCell {
			// A small box: shrink to what fits legibly. A section held
			// to a level then reports the band it cannot reach.
			w, h = fitSize(box, minCell, room)
			if w < 2 || h < 2 {
				return 0, 0, 0, spec.errorAt(path+".per_page", "%s: the maze area is too small for a maze; put fewer mazes on a page", name)
			}
			cell = fitCell(box, w, h, room)
		}
	}
	return w, h, cell, nil
}

// wallFor returns the wall thickness of a section's mazes at the given cell
// size (see FitWall).
func wallFor(spec *Spec, sec *Section, cell float64) (float64, *SpecError) {
	name := spec.Style.WallName
	if sec.WallName != "" {
		name = sec.WallName
	}
	w, err := FitWall(spec.Style.Wall, name, cell)
	if err != nil {
		return 0, spec.errorAt("style.wall", "%s: %v", sectionName(sec), err)
	}
	return w, nil
}

func sectionName(sec *Section) string {
	if sec.Title != "" {
		return fmt.Sprintf("section %d (%q)", sec.index+1, sec.Title)
	}
	return fmt.Sprintf("section %d", sec.index+1)
}

// headerHeight is the room the header lines take at the top of a page.
func (p *Plan) headerHeight(pp *PagePlan) float64 {
	h := 0.0
	if pp.Header != "" {
		h += headerSize + headerGap
	}
	if pp.Kind == PuzzlePage {
		if p.Spec.Style.NameLine {
			h += nameLineSize*2 + headerGap
		}
		if p.Spec.Sections[pp.Section].Instructions != "" {
			h += instrSize*1.4 + headerGap
		}
	}
	return h
}

// gridShape returns the columns and rows of a page holding n mazes.
func gridShape(n int, landscape bool) (cols, rows int) {
	shapes := map[int][2]int{1: {1, 1}, 2: {1, 2}, 3: {1, 3}, 4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 12: {3, 4}}
	s, ok := shapes[n]
	if !ok {
		c := int(math.Ceil(math.Sqrt(float64(n))))
		s = [2]int{c, (n + c - 1) / c}
	}
	if landscape {
		return s[1], s[0]
	}
	return s[0], s[1]
}

// slots divides the content area below the page's header into per slots,
// in reading order, with even gutters between them.
func (p *Plan) slots(c display.Box, per int, pp *PagePlan) []display.Box {
	hh := p.headerHeight(pp)
	area := display.Box{X: c.X, Y: c.Y + hh, W: c.W, H: c.H - hh}
	cols, rows := gridShape(per, area.W > area.H*1.2)
	sw := (area.W - float64(cols-1)*slotGutter) / float64(cols)
	sh := (area.H - float64(rows-1)*slotGutter) / float64(rows)
	slots := make([]display.Box, 0, per)
	for r := 0; r < rows; r++ {
		for col := 0; col < cols; col++ {
			if len(slots) == per {
				break
			}
			slots = append(slots, display.Box{X: area.X + float64(col)*(sw+slotGutter), Y: area.Y + float64(r)*(sh+slotGutter), W: sw, H: sh})
		}
	}
	return slots
}

// mazeArea is the part of a slot below its caption.
func mazeArea(slot display.Box) display.Box {
	return below(slot, captionSize+captionGap)
}

// answerArea is the part of an answer slot below its two caption lines.
func answerArea(slot display.Box) display.Box {
	return below(slot, captionSize+noteGap+noteSize+captionGap)
}

// below returns the part of box more than off below its top.
func below(box display.Box, off float64) display.Box {
	return display.Box{X: box.X, Y: box.Y + off, W: box.W, H: box.H - off}
}

// MaxDrawnCells is the most maze cells a book may draw, every drawing
// counted (a maze in the puzzles and again in the answer key counts
// twice). A book at the limit builds in about 1.5 GB of memory.
const MaxDrawnCells = 20_000_000

// MaxMazeDrawnCells is the most cells one maze drawing may have: a
// drawing is held whole while its page is written (about 130 bytes a
// cell), so 'mazebook maze' draws at most this many as SVG, PDF or PNG.
// (In a book, the 200 in page and the 2 mm cell allow 6.4 million.)
const MaxMazeDrawnCells = 8_000_000

// Cost is what building a book takes, estimated from its plan.
type Cost struct {
	// DrawnCells counts the cells of every maze drawing: a maze in the
	// puzzles and again in the answer key counts twice.
	DrawnCells int
	Pages      int
	// Bytes is the memory the build is expected to need at its peak.
	Bytes float64
}

// Measured on a 2-core machine (/usr/bin/time -v on 'mazebook build'):
// the peak memory of a build grows by about 72 bytes per drawn cell (the
// PDF's page contents, held until the document is written), 8 KB per
// page, and 120 bytes per cell of the largest maze, whose drawing is held
// whole while its page is written.
const (
	bytesPerDrawnCell   = 72
	bytesPerPage        = 8 << 10
	bytesPerLargestCell = 120
)

// Cost estimates what building the book takes.
func (p *Plan) Cost() Cost {
	c := Cost{Pages: len(p.Pages)}
	largest := 0
	for _, m := range p.Mazes {
		c.DrawnCells += m.Width * m.Height * drawings(m)
		largest = max(largest, m.Width*m.Height)
	}
	c.Bytes = float64(c.DrawnCells)*bytesPerDrawnCell + float64(c.Pages)*bytesPerPage + float64(largest)*bytesPerLargestCell
	return c
}

// drawings is how many times a maze is drawn: on its puzzle page, and in
// the answer key.
func drawings(m MazePlan) int {
	if m.AnswerPage > 0 {
		return 2
	}
	return 1
}

// checkBudget refuses a book that draws more than MaxDrawnCells cells,
// placing the error at the section that draws the most.
func (p *Plan) checkBudget() *SpecError {
	c := p.Cost()
	if c.DrawnCells <= MaxDrawnCells {
		return nil
	}
	bySection := make([]int, len(p.Spec.Sections))
	for _, m := range p.Mazes {
		bySection[m.Section] += m.Width * m.Height * drawings(m)
	}
	big := 0
	for i, n := range bySection {
		if n > bySection[big] {
			big = i
		}
	}
	sec := &p.Spec.Sections[big]
	path := fmt.Sprintf("sections.%d", big)
	for _, key := range []string{"count", "size", "cell", "difficulty", "ages"} {
		if _, set := p.Spec.at[path+"."+key]; set {
			path += "." + key
			break
		}
	}
	mazes, cells := 0, 0
	for _, m := range p.Mazes {
		if m.Section == big {
			mazes++
			cells += m.Width * m.Height
		}
	}
	return p.Spec.errorAt(path, "the book draws %.1f million maze cells (puzzles and answers), which would take about %.1f GB of memory to build; the most is %d million: %s draws %.1f million of them (%d mazes of %s cells on average): give fewer or smaller mazes, or leave out the answer key",
		float64(c.DrawnCells)/1e6, c.Bytes/(1<<30), MaxDrawnCells/1_000_000, sectionName(sec), float64(bySection[big])/1e6, mazes, strconv.Itoa(cells/max(mazes, 1)))
}
