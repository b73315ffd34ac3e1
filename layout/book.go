package layout

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"text/template"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Edition is which version of a book to build.
type Edition int

// The editions.
const (
	// Student is the book as sold: puzzles, then the answer key (when the
	// spec asks for one).
	Student Edition = iota
	// Teacher draws every answer on its puzzle and has no answer key.
	Teacher
)

// Book is a built book: its plan, its mazes and its pages as display lists.
type Book struct {
	Plan    *Plan
	Edition Edition
	Mazes   []*maze.Maze
	// Solutions are the shortest entrance-to-exit paths, one per maze.
	Solutions [][]int
	Pages     []display.Page
	// Placed says where each maze was drawn on its puzzle page.
	Placed []Placement
}

// Placement is where a maze is drawn: the index of its page in Pages, the
// page position of its grid's (0, 0) corner, and the size of a cell.
type Placement struct {
	Page   int
	Origin display.Point
	Cell   float64
}

// Build plans the book the spec describes, generates its mazes (on all
// cores; each maze depends only on its own seed, so the result is the same
// however the work is shared), and draws every page.
func Build(spec *Spec) (*Book, error) {
	return BuildEdition(spec, Student)
}

// BuildEdition builds the student or the teacher edition of a book. Both
// have the same mazes.
func BuildEdition(spec *Spec, ed Edition) (*Book, error) {
	if ed == Teacher {
		s := *spec
		s.Answers.Enabled = false
		spec = &s
	}
	plan, err := MakePlan(spec)
	if err != nil {
		return nil, err
	}
	n := len(plan.Mazes)
	b := &Book{Plan: plan, Edition: ed, Mazes: make([]*maze.Maze, n), Solutions: make([][]int, n), Placed: make([]Placement, n)}
	if err := b.generate(); err != nil {
		return nil, err
	}
	for i := range plan.Pages {
		page, err := b.drawPage(i, &plan.Pages[i])
		if err != nil {
			return nil, err
		}
		b.Pages = append(b.Pages, page)
	}
	return b, nil
}

// MakeMaze generates the maze a plan entry describes, braided and with its
// doors placed as its section asks.
func MakeMaze(mp MazePlan, sec *Section) (*maze.Maze, error) {
	alg, err := maze.LookupAlgorithm(mp.Algorithm)
	if err != nil {
		return nil, err
	}
	g, err := maze.NewRect(mp.Width, mp.Height)
	if err != nil {
		return nil, err
	}
	m, err := alg.Generate(g, mp.Seed)
	if err != nil {
		return nil, err
	}
	maze.Braid(m, sec.Braid, maze.NewRand(maze.DeriveSeed(mp.Seed, "braid")))
	if err := m.PlaceDoors(sec.Openings, maze.NewRand(maze.DeriveSeed(mp.Seed, "doors"))); err != nil {
		return nil, err
	}
	return m, nil
}

func (b *Book) generate() error {
	n := len(b.Plan.Mazes)
	workers := min(runtime.GOMAXPROCS(0), n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				mp := b.Plan.Mazes[i]
				sec := &b.Plan.Spec.Sections[mp.Section]
				m, err := MakeMaze(mp, sec)
				if err == nil {
					var sol maze.Solution
					sol, err = m.Solve(sec.Solver)
					b.Mazes[i], b.Solutions[i] = m, sol.Path
				}
				if err != nil {
					errs[i] = fmt.Errorf("maze %d: %w", mp.Number, err)
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// mazeStyle returns how the plan's maze i is drawn.
func (b *Book) mazeStyle(i int) MazeStyle {
	st := b.Plan.Spec.Style
	mp := b.Plan.Mazes[i]
	return MazeStyle{
		Cell: mp.Cell, Wall: mp.Wall,
		WallColor: st.WallColor, SolutionColor: st.SolutionColor,
		EntranceColor: st.EntranceColor, ExitColor: st.ExitColor,
		Markers: st.Markers, Start: b.Plan.Labels.Start, Finish: b.Plan.Labels.Finish,
	}
}

func text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: display.Black, Align: align, Text: s}
}

func (b *Book) drawPage(index int, pp *PagePlan) (display.Page, error) {
	spec := b.Plan.Spec
	f := pp.Frame
	page := display.Page{Width: f.Width, Height: f.Height, Trim: f.Trim}
	add := func(items ...display.Item) { page.Items = append(page.Items, items...) }
	c := f.Content

	switch pp.Kind {
	case BlankPage:
		return page, nil
	case TitlePage:
		add(b.titleItems(c)...)
		return page, nil
	case CopyrightPage:
		add(b.copyrightItems(c)...)
		return page, nil
	case SectionPage:
		sec := spec.Sections[pp.Section]
		y := c.Y + c.H*0.4
		add(text(c.X+c.W/2, y, 28, typeface.Bold, display.AlignCenter, fitWidth(sec.Title, 28, typeface.Bold, c.W)))
		for _, line := range wrap(sec.Instructions, 14, typeface.Regular, c.W*0.8) {
			y += 14 * 1.5
			add(text(c.X+c.W/2, y+14, 14, typeface.Regular, display.AlignCenter, line))
		}
		return page, nil
	}

	data := PageData{Title: spec.Title, Section: pp.Header, Page: pp.Number, Label: b.Plan.Labels.Page}
	y := c.Y
	if pp.Header != "" {
		head, err := execute(spec.Header, data)
		if err != nil {
			return page, fmt.Errorf("header of page %d: %w", pp.Number, err)
		}
		if head != "" {
			add(text(c.X+c.W/2, y+headerSize, headerSize, typeface.Bold, display.AlignCenter, fitWidth(head, headerSize, typeface.Bold, c.W)))
		}
		y += headerSize + headerGap
	}
	if pp.Kind == PuzzlePage {
		if spec.Style.NameLine {
			add(b.nameLine(c, y)...)
			y += nameLineSize*2 + headerGap
		}
		if in := spec.Sections[pp.Section].Instructions; in != "" {
			add(text(c.X+c.W/2, y+instrSize, instrSize, typeface.Regular, display.AlignCenter, fitWidth(in, instrSize, typeface.Regular, c.W)))
		}
	}
	for slot, mi := range pp.Mazes {
		box := pp.Slots[slot]
		mp := b.Plan.Mazes[mi]
		caption, err := b.caption(mi, pp)
		if err != nil {
			return page, err
		}
		if caption != "" {
			add(text(box.X+box.W/2, box.Y+captionSize, captionSize, typeface.Regular, display.AlignCenter, fitWidth(caption, captionSize, typeface.Regular, box.W)))
		}
		var sol []int
		if pp.Kind == AnswerPage || b.Edition == Teacher {
			sol = b.Solutions[mi]
		}
		st := b.mazeStyle(mi)
		area := mazeArea(box)
		if pp.Kind == AnswerPage {
			// Answer slots may be smaller than puzzle slots: scale down,
			// keeping walls printable.
			cell := fitCell(area, mp.Width, mp.Height, spec.Style.room(b.Plan.Labels))
			if cell < st.Cell {
				st.Wall = max(st.Wall*cell/st.Cell, min(st.Wall, minAnswerWall, cell/4))
				st.Cell = cell
			}
		}
		d := DrawMaze(b.Mazes[mi], area, st, sol)
		add(d.Items...)
		if pp.Kind == PuzzlePage {
			b.Placed[mi] = Placement{Page: index, Origin: d.Origin, Cell: d.Cell}
		}
	}
	if spec.Style.PageNumbers {
		foot, err := execute(spec.Footer, data)
		if err != nil {
			return page, fmt.Errorf("footer of page %d: %w", pp.Number, err)
		}
		x, align := f.Trim.X+f.Trim.W/2, display.AlignCenter
		if spec.Page.Margin.Mirrored {
			// Page numbers go on the outside corner of a bound book.
			if f.Recto {
				x, align = c.X+c.W, display.AlignRight
			} else {
				x, align = c.X, display.AlignLeft
			}
		}
		// Just below the content, so it stays clear of the trim edge.
		footY := c.Y + c.H + min(spec.Page.Margin.Bottom/2, pageNumSize+4)
		add(text(x, footY, pageNumSize, typeface.Regular, align, foot))
	}
	return page, nil
}

// minAnswerWall is the thinnest wall an answer-key maze is scaled down to:
// 0.75pt prints reliably.
const minAnswerWall = 0.75

func execute(t *template.Template, data any) (string, error) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return "", err
	}
	return strings.TrimSpace(buf.String()), nil
}

// caption returns the text above maze mi on page pp: the section's caption
// on puzzle pages; the maze number and its page in the answer key.
func (b *Book) caption(mi int, pp *PagePlan) (string, error) {
	mp := b.Plan.Mazes[mi]
	l := b.Plan.Labels
	if pp.Kind == AnswerPage {
		return fmt.Sprintf("%s %d · %s %d", l.Maze, mp.Number, l.Page, mp.Page), nil
	}
	sec := b.Plan.Spec.Sections[mp.Section]
	s, err := execute(sec.Caption, CaptionData{
		Label: l.Maze, Number: mp.Number, Page: mp.Page, Section: sec.Title,
		Difficulty: string(sec.Difficulty), Algorithm: mp.Algorithm,
		Width: mp.Width, Height: mp.Height, Seed: mp.Seed, AnswerPage: mp.AnswerPage,
	})
	if err != nil {
		return "", fmt.Errorf("caption of maze %d: %w", mp.Number, err)
	}
	if b.Plan.Spec.Style.AnswerRefs && mp.AnswerPage > 0 {
		ref := fmt.Sprintf("%s %d", l.Answer, mp.AnswerPage)
		if s == "" {
			return ref, nil
		}
		return s + " · " + ref, nil
	}
	return s, nil
}

// fitWidth shrinks nothing but cuts a text that would not fit width,
// ending it with an ellipsis.
func fitWidth(s string, size float64, face typeface.Face, width float64) string {
	if typeface.Width(face, size, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && typeface.Width(face, size, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// wrap breaks text into lines no wider than width, at spaces and at
// newlines.
func wrap(s string, size float64, face typeface.Face, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && typeface.Width(face, size, try) > width {
				lines = append(lines, line)
				line = w
				continue
			}
			line = try
		}
		lines = append(lines, fitWidth(line, size, face, width))
	}
	return lines
}

// titleItems lays out the title page.
func (b *Book) titleItems(c display.Box) []display.Item {
	spec := b.Plan.Spec
	var items []display.Item
	y := c.Y + c.H*0.35
	line := func(s string, size float64, face typeface.Face) {
		if s == "" {
			return
		}
		// Long titles shrink to fit the width.
		if w := typeface.Width(face, size, s); w > c.W {
			size *= c.W / w
		}
		y += size * 1.2
		items = append(items, text(c.X+c.W/2, y, size, face, display.AlignCenter, s))
		y += size * 0.6
	}
	line(spec.Title, 32, typeface.Bold)
	line(spec.Subtitle, 18, typeface.Regular)
	if spec.Author != "" {
		y += 18
		line(b.Plan.Labels.By+" "+spec.Author, 14, typeface.Regular)
	}
	return items
}

// copyrightItems sets the copyright text at the foot of its page.
func (b *Book) copyrightItems(c display.Box) []display.Item {
	const size = 9
	lines := wrap(b.Plan.Spec.Copyright, size, typeface.Regular, c.W)
	var items []display.Item
	y := c.Y + c.H - float64(len(lines)-1)*size*1.4
	for _, l := range lines {
		items = append(items, text(c.X, y, size, typeface.Regular, display.AlignLeft, l))
		y += size * 1.4
	}
	return items
}

// nameLine draws "Name: ____  Date: ____" with its top at y.
func (b *Book) nameLine(c display.Box, y float64) []display.Item {
	l := b.Plan.Labels
	y += nameLineSize * 1.5
	nameW := typeface.Width(typeface.Regular, nameLineSize, l.Name+":")
	dateW := typeface.Width(typeface.Regular, nameLineSize, l.Date+":")
	dateX := c.X + c.W*0.68
	rule := func(x0, x1 float64) []display.Point {
		return []display.Point{{X: x0, Y: y + 2}, {X: x1, Y: y + 2}}
	}
	return []display.Item{
		text(c.X, y, nameLineSize, typeface.Regular, display.AlignLeft, l.Name+":"),
		text(dateX, y, nameLineSize, typeface.Regular, display.AlignLeft, l.Date+":"),
		&display.Line{Paths: [][]display.Point{rule(c.X+nameW+4, dateX-12), rule(dateX+dateW+4, c.X+c.W)}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
	}
}
