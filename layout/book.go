package layout

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Book is a built book: its plan, its mazes and its pages as display lists.
type Book struct {
	Plan  *Plan
	Mazes []*maze.Maze
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
	plan, err := MakePlan(spec)
	if err != nil {
		return nil, err
	}
	n := len(plan.Mazes)
	b := &Book{Plan: plan, Mazes: make([]*maze.Maze, n), Solutions: make([][]int, n), Placed: make([]Placement, n)}
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

// MakeMaze generates the maze a plan entry describes, with its doors placed
// as the section asks.
func MakeMaze(mp MazePlan, openings maze.Openings) (*maze.Maze, error) {
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
	if err := m.PlaceDoors(openings, maze.NewRand(maze.DeriveSeed(mp.Seed, "doors"))); err != nil {
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
				m, err := MakeMaze(mp, b.Plan.Spec.Sections[mp.Section].Openings)
				if err != nil {
					errs[i] = fmt.Errorf("maze %d: %w", mp.Number, err)
					continue
				}
				b.Mazes[i] = m
				b.Solutions[i] = m.Solution()
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

func (b *Book) drawPage(index int, pp *PagePlan) (display.Page, error) {
	spec := b.Plan.Spec
	page := display.Page{Width: spec.Page.Width, Height: spec.Page.Height}
	page.Trim = display.Box{W: page.Width, H: page.Height}
	add := func(items ...display.Item) { page.Items = append(page.Items, items...) }
	c := contentBox(spec)

	if pp.Kind == TitlePage {
		add(b.titleItems(c)...)
		return page, nil
	}

	if pp.Header != "" {
		add(&display.Text{X: c.X + c.W/2, Y: c.Y + headerSize, Size: headerSize, Font: typeface.Bold, Color: display.Black, Align: display.AlignCenter, Text: pp.Header})
	}
	if pp.Kind == PuzzlePage && spec.Style.NameLine {
		add(b.nameLine(c)...)
	}
	for slot, mi := range pp.Mazes {
		box := pp.Slots[slot]
		mp := b.Plan.Mazes[mi]
		caption, err := b.caption(mi, pp)
		if err != nil {
			return page, err
		}
		add(&display.Text{X: box.X + box.W/2, Y: box.Y + captionSize, Size: captionSize, Font: typeface.Regular, Color: display.Black, Align: display.AlignCenter, Text: caption})
		var sol []int
		if pp.Kind == AnswerPage {
			sol = b.Solutions[mi]
		}
		st := b.mazeStyle(mi)
		st.Cell = mp.Cell
		if pp.Kind == AnswerPage {
			// Answer slots may be smaller than puzzle slots: scale down.
			area := mazeArea(box)
			cell := fitCell(area, mp.Width, mp.Height, spec.Style.room(b.Plan.Labels))
			if cell < st.Cell {
				st.Wall *= cell / st.Cell
				st.Cell = cell
			}
		}
		d := DrawMaze(b.Mazes[mi], mazeArea(box), st, sol)
		add(d.Items...)
		if pp.Kind == PuzzlePage {
			b.Placed[mi] = Placement{Page: index, Origin: d.Origin, Cell: d.Cell}
		}
	}
	if spec.Style.PageNumbers {
		add(&display.Text{X: page.Width / 2, Y: page.Height - spec.Page.Margin.Bottom/2 + pageNumSize/3, Size: pageNumSize, Font: typeface.Regular, Color: display.Black, Align: display.AlignCenter, Text: fmt.Sprint(pp.Number)})
	}
	return page, nil
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
	var buf bytes.Buffer
	err := sec.Caption.Execute(&buf, CaptionData{
		Label: l.Maze, Number: mp.Number, Page: mp.Page, Section: sec.Title,
		Difficulty: string(sec.Difficulty), Algorithm: mp.Algorithm,
		Width: mp.Width, Height: mp.Height, Seed: mp.Seed,
	})
	if err != nil {
		return "", fmt.Errorf("caption of maze %d: %w", mp.Number, err)
	}
	return strings.TrimSpace(buf.String()), nil
}

// titleItems lays out the title page.
func (b *Book) titleItems(c display.Box) []display.Item {
	spec := b.Plan.Spec
	var items []display.Item
	y := c.Y + c.H*0.35
	line := func(text string, size float64, face typeface.Face) {
		if text == "" {
			return
		}
		// Long titles shrink to fit the width.
		if w := typeface.Width(face, size, text); w > c.W {
			size *= c.W / w
		}
		y += size * 1.2
		items = append(items, &display.Text{X: c.X + c.W/2, Y: y, Size: size, Font: face, Color: display.Black, Align: display.AlignCenter, Text: text})
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

// nameLine draws "Name: ____  Date: ____" under the header.
func (b *Book) nameLine(c display.Box) []display.Item {
	l := b.Plan.Labels
	y := c.Y + headerSize + headerGap + nameLineSize*1.5
	nameW := typeface.Width(typeface.Regular, nameLineSize, l.Name+":")
	dateW := typeface.Width(typeface.Regular, nameLineSize, l.Date+":")
	dateX := c.X + c.W*0.68
	rule := func(x0, x1 float64) []display.Point {
		return []display.Point{{X: x0, Y: y + 2}, {X: x1, Y: y + 2}}
	}
	return []display.Item{
		&display.Text{X: c.X, Y: y, Size: nameLineSize, Font: typeface.Regular, Color: display.Black, Text: l.Name + ":"},
		&display.Text{X: dateX, Y: y, Size: nameLineSize, Font: typeface.Regular, Color: display.Black, Text: l.Date + ":"},
		&display.Line{Paths: [][]display.Point{rule(c.X+nameW+4, dateX-12), rule(dateX+dateW+4, c.X+c.W)}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
	}
}
