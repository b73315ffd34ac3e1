package layout

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

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
	// Ratings are the mazes' measured difficulty, one per maze.
	Ratings []Rating

	progress func(done, total int)
	mu       sync.Mutex // guards done
	done     int
}

// report counts one more unit of work done and tells the progress
// function, if any.
func (b *Book) report() {
	if b.progress == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done++
	b.progress(b.done, len(b.Plan.Mazes)+len(b.Plan.Pages))
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
	return BuildWith(spec, Options{Edition: ed})
}

// Options adjust how a book is built.
type Options struct {
	Edition Edition
	// Progress, when not nil, is told the work done so far and the whole
	// work, in mazes made and pages drawn, as the build goes on. It is
	// called from one goroutine at a time.
	Progress func(done, total int)
}

// BuildWith builds a book with options: Make, then every page drawn into
// Pages.
func BuildWith(spec *Spec, opt Options) (*Book, error) {
	b, err := Make(spec, opt)
	if err != nil {
		return nil, err
	}
	b.Pages = make([]display.Page, 0, len(b.Plan.Pages))
	for i := range b.Plan.Pages {
		page, err := b.Page(i)
		if err != nil {
			return nil, err
		}
		b.Pages = append(b.Pages, page)
	}
	return b, nil
}

// Make plans the book the spec describes and makes its mazes (on all
// cores; each maze depends only on its own seed, so the result is the
// same however the work is shared), but draws no page: Page draws them
// one at a time, so that a big book need not hold every page's drawing at
// once.
func Make(spec *Spec, opt Options) (*Book, error) {
	if opt.Edition == Teacher {
		s := *spec
		s.Answers.Enabled = false
		spec = &s
	}
	plan, err := MakePlan(spec)
	if err != nil {
		return nil, err
	}
	n := len(plan.Mazes)
	b := &Book{Plan: plan, Edition: opt.Edition, progress: opt.Progress, Mazes: make([]*maze.Maze, n), Solutions: make([][]int, n), Placed: make([]Placement, n), Ratings: make([]Rating, n)}
	if err := b.generate(); err != nil {
		return nil, err
	}
	return b, nil
}

// Page draws page i (from 0) of the book as a display list, and records
// where its puzzles were placed in Placed. A template that fails on the
// page's data is a SpecErrors placed where the template was written. Page
// is not safe for concurrent use.
func (b *Book) Page(i int) (display.Page, error) {
	page, err := b.drawPage(i, &b.Plan.Pages[i])
	if err != nil {
		var se *SpecError
		if errors.As(err, &se) {
			return page, SpecErrors{se}
		}
		return page, err
	}
	b.report()
	return page, nil
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
	maze.Braid(m, mp.Braid, maze.NewRand(maze.DeriveSeed(mp.Seed, "braid")))
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
				errs[i] = b.makeMaze(i)
				b.report()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	var specErrs SpecErrors
	for _, err := range errs {
		var se *SpecError
		switch {
		case errors.As(err, &se):
			specErrs = append(specErrs, se)
		case err != nil:
			return err
		}
	}
	if len(specErrs) > 0 {
		specErrs.sort()
		return specErrs
	}
	b.sortRising()
	return nil
}

// sortRising orders the mazes of every section whose difficulty rises by
// score, so that none scores less than the one before it. Each maze was
// made in the band of its position's level; the bands are ordered and the
// levels rise with the position, so sorting by score moves mazes only
// among positions of the same level, and every maze keeps to its band.
func (b *Book) sortRising() {
	for si, sec := range b.Plan.Spec.Sections {
		if sec.ToLevel <= sec.FromLevel {
			continue
		}
		var idx []int
		for i, mp := range b.Plan.Mazes {
			if mp.Section == si {
				idx = append(idx, i)
			}
		}
		type made struct {
			m         *maze.Maze
			sol       []int
			rating    Rating
			seed      uint64
			algorithm string
		}
		all := make([]made, len(idx))
		for k, i := range idx {
			all[k] = made{b.Mazes[i], b.Solutions[i], b.Ratings[i], b.Plan.Mazes[i].Seed, b.Plan.Mazes[i].Algorithm}
		}
		sort.SliceStable(all, func(x, y int) bool { return all[x].rating.Score < all[y].rating.Score })
		for k, i := range idx {
			b.Mazes[i], b.Solutions[i], b.Ratings[i] = all[k].m, all[k].sol, all[k].rating
			b.Plan.Mazes[i].Seed, b.Plan.Mazes[i].Algorithm = all[k].seed, all[k].algorithm
		}
	}
}

// Candidates is how many seeds the builder tries for a maze held to a
// difficulty level before it gives up.
const Candidates = 64

// candidate returns candidate k of a maze: with its own seed first, then
// with seeds derived from it in a fixed order; in a section of random
// algorithms, with the algorithm its seed draws.
func candidate(mp MazePlan, sec *Section, k int) MazePlan {
	if k > 0 {
		mp.Seed = maze.DeriveSeed(mp.Seed, "candidate", strconv.Itoa(k))
		if sec.Algorithm == Random {
			mp.Algorithm = resolveAlgorithm(Random, mp.Seed)
		}
	}
	return mp
}

// makeMaze makes maze i, solves it and rates it. A maze held to a level
// is the first candidate whose score falls in the level's band; the
// candidate's seed becomes the maze's seed (and, in a section of random
// algorithms, its algorithm the maze's).
func (b *Book) makeMaze(i int) error {
	mp := &b.Plan.Mazes[i]
	sec := &b.Plan.Spec.Sections[mp.Section]
	var m *maze.Maze
	var rating Rating
	low, high := math.Inf(1), math.Inf(-1) // the scores seen, for the error
	for k := 0; ; k++ {
		try := candidate(*mp, sec, k)
		var err error
		if m, err = MakeMaze(try, sec); err != nil {
			return fmt.Errorf("maze %d: %w", mp.Number, err)
		}
		rating = Rate(m)
		if mp.Level == 0 {
			break
		}
		band := maze.Levels()[mp.Level-1]
		if rating.Score >= band.Min && rating.Score < band.Max {
			*mp = try
			break
		}
		low, high = math.Min(low, rating.Score), math.Max(high, rating.Score)
		if k == Candidates-1 {
			return b.unreachable(mp, sec, band, low, high)
		}
	}
	sol, err := m.Solve(sec.Solver)
	if err != nil {
		return fmt.Errorf("maze %d: %w", mp.Number, err)
	}
	b.Mazes[i], b.Solutions[i], b.Ratings[i] = m, sol.Path, rating
	return nil
}

// unreachable explains why no candidate of a maze reached its band, with
// the lowest and highest scores the candidates had.
func (b *Book) unreachable(mp *MazePlan, sec *Section, band maze.Level, low, high float64) error {
	path := fmt.Sprintf("sections.%d.difficulty", sec.index)
	if _, set := b.Plan.Spec.at[path]; !set {
		path = fmt.Sprintf("sections.%d.ages", sec.index)
	}
	want := fmt.Sprintf("a score from %.0f to %.0f", band.Min, band.Max)
	if math.IsInf(band.Max, 1) {
		want = fmt.Sprintf("a score of %.0f or more", band.Min)
	}
	var hint string
	switch {
	case high < band.Min && sec.Width > 0:
		hint = "give a larger size, or ask for a lower level"
	case high < band.Min:
		hint = "put fewer mazes on a page so that larger mazes fit, choose an algorithm with longer paths (backtracker), or ask for a lower level"
	case low >= band.Max && sec.Width > 0:
		hint = "give a smaller size, or ask for a higher level"
	case low >= band.Max:
		hint = "give a smaller size or a larger cell, or ask for a higher level"
	default:
		hint = "try another size or algorithm"
	}
	return b.Plan.Spec.errorAt(path, "%s: maze %d (level %d) needs %s, but none of %d candidate %dx%d %s mazes has one (they score %.1f to %.1f): %s",
		sectionName(sec), mp.Number, band.Number, want, Candidates, mp.Width, mp.Height, algorithmName(sec, mp), low, high, hint)
}

func algorithmName(sec *Section, mp *MazePlan) string {
	if sec.Algorithm == Random {
		return "randomly drawn"
	}
	return mp.Algorithm
}

// Rating is how difficult a maze measured.
type Rating struct {
	Metrics maze.Metrics
	// Score is the difficulty score (see maze.Score); Level the level
	// whose band holds it.
	Score float64
	Level int
}

// Rate measures a maze along its shortest solution and scores it.
func Rate(m *maze.Maze) Rating {
	mt := m.Measure()
	s := maze.Score(mt)
	return Rating{Metrics: mt, Score: s, Level: maze.LevelOf(s).Number}
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
		head, err := spec.Header.Execute(data)
		if err != nil {
			return page, inContext(err, fmt.Sprintf("page %d", pp.Number))
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
		capW := box.W
		if pp.Kind == PuzzlePage && spec.Style.Stars && spec.Sections[mp.Section].FromLevel > 0 {
			stars := Stars(box.X+box.W, box.Y+captionSize, captionSize, b.Ratings[mi].Level)
			capW -= 2 * (starsWidth(captionSize) + captionSize/2)
			add(stars...)
		}
		if caption != "" {
			add(text(box.X+box.W/2, box.Y+captionSize, captionSize, typeface.Regular, display.AlignCenter, fitWidth(caption, captionSize, typeface.Regular, capW)))
		}
		if pp.Kind == AnswerPage {
			r := b.Ratings[mi]
			note := fmt.Sprintf("%s %.0f · %s %d", b.Plan.Labels.Score, r.Score, b.Plan.Labels.Path, r.Metrics.SolutionLength)
			add(text(box.X+box.W/2, box.Y+captionSize+noteGap+noteSize, noteSize, typeface.Regular, display.AlignCenter, fitWidth(note, noteSize, typeface.Regular, box.W)))
		}
		var sol []int
		if pp.Kind == AnswerPage || b.Edition == Teacher {
			sol = b.Solutions[mi]
		}
		st := b.mazeStyle(mi)
		area := mazeArea(box)
		if pp.Kind == AnswerPage {
			area = answerArea(box)
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
		foot, err := spec.Footer.Execute(data)
		if err != nil {
			return page, inContext(err, fmt.Sprintf("page %d", pp.Number))
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

// inContext says where a template failed: "maze 3: caption: ...".
func inContext(err error, where string) error {
	var se *SpecError
	if errors.As(err, &se) {
		c := *se
		c.Msg = where + ": " + c.Msg
		return &c
	}
	return fmt.Errorf("%s: %w", where, err)
}

// minAnswerWall is the thinnest wall an answer-key maze is scaled down to:
// 0.75pt prints reliably.
const minAnswerWall = 0.75

// caption returns the text above maze mi on page pp: the section's caption
// on puzzle pages; the maze number and its page in the answer key.
func (b *Book) caption(mi int, pp *PagePlan) (string, error) {
	mp := b.Plan.Mazes[mi]
	l := b.Plan.Labels
	if pp.Kind == AnswerPage {
		return fmt.Sprintf("%s %d · %s %d", l.Maze, mp.Number, l.Page, mp.Page), nil
	}
	sec := b.Plan.Spec.Sections[mp.Section]
	s, err := sec.Caption.Execute(CaptionData{
		Label: l.Maze, Number: mp.Number, Page: mp.Page, Section: sec.Title,
		Difficulty: sec.Difficulty, Algorithm: mp.Algorithm,
		Width: mp.Width, Height: mp.Height, Seed: mp.Seed, AnswerPage: mp.AnswerPage,
	})
	if err != nil {
		return "", inContext(err, fmt.Sprintf("maze %d", mp.Number))
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
// ending it with an ellipsis. It measures the text once.
func fitWidth(s string, size float64, face typeface.Face, width float64) string {
	if typeface.Width(face, size, s) <= width {
		return s
	}
	n := typeface.Fit(face, size, s, width-typeface.Width(face, size, "…"))
	return s[:n] + "…"
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
		&display.Line{Paths: []display.Path{display.Polyline(rule(c.X+nameW+4, dateX-12)...), display.Polyline(rule(dateX+dateW+4, c.X+c.W)...)}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
	}
}
