package layout

import (
	"errors"
	"fmt"
	"strings"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Page draws page i (from 0) of the book as a display list, and records
// where its puzzles were placed in Placed. A template that fails on the
// page's data is a spec.Errors placed where the template was written. Page
// is not safe for concurrent use.
func (b *Book) Page(i int) (display.Page, error) {
	page, err := b.drawPage(i, &b.Plan.Pages[i])
	if err != nil {
		var se *spec.Error
		if errors.As(err, &se) {
			return page, spec.Errors{se}
		}
		return page, err
	}
	b.report()
	return page, nil
}

// mazeStyle returns how the plan's maze i is drawn.
func (b *Book) mazeStyle(i int) draw.Style {
	st := b.Plan.Spec.Style
	mp := b.Plan.Mazes[i]
	return draw.Style{
		Cell: mp.Cell, Wall: mp.Wall,
		WallColor: st.WallColor, SolutionColor: st.SolutionColor,
		EntranceColor: st.EntranceColor, ExitColor: st.ExitColor,
		Markers: draw.Markers(st.Markers), Start: b.Plan.Labels.Start, Finish: b.Plan.Labels.Finish,
		StartPicture: st.StartImage, FinishPicture: st.FinishImage,
	}
}

func text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: display.Black, Align: align, Text: s}
}

func (b *Book) drawPage(index int, pp *plan.Page) (display.Page, error) {
	s := b.Plan.Spec
	f := pp.Frame
	page := display.Page{Width: f.Width, Height: f.Height, Trim: f.Trim}
	add := func(items ...display.Item) { page.Items = append(page.Items, items...) }
	c := f.Content

	switch pp.Kind {
	case plan.BlankPage:
		return page, nil
	case plan.TitlePage:
		add(b.titleItems(c)...)
		return page, nil
	case plan.CopyrightPage:
		add(b.copyrightItems(c)...)
		return page, nil
	case plan.SectionPage:
		sec := s.Sections[pp.Section]
		y := c.Y + c.H*0.4
		add(text(c.X+c.W/2, y, 28, typeface.Bold, display.AlignCenter, fitWidth(sec.Title, 28, typeface.Bold, c.W)))
		for _, line := range wrap(sec.Instructions, 14, typeface.Regular, c.W*0.8) {
			y += 14 * 1.5
			add(text(c.X+c.W/2, y+14, 14, typeface.Regular, display.AlignCenter, line))
		}
		return page, nil
	}

	data := spec.PageData{Title: s.Title, Section: pp.Header, Page: pp.Number, Label: b.Plan.Labels.Page}
	if pp.Head.Header > 0 {
		head, err := s.Header.Execute(data)
		if err != nil {
			return page, inContext(err, fmt.Sprintf("page %d", pp.Number))
		}
		if head != "" {
			add(text(c.X+c.W/2, pp.Head.Header, plan.HeaderSize, typeface.Bold, display.AlignCenter, fitWidth(head, plan.HeaderSize, typeface.Bold, c.W)))
		}
	}
	if pp.Head.NameLine > 0 {
		add(b.nameLine(c, pp.Head.NameLine)...)
	}
	if pp.Head.Instructions > 0 {
		in := s.Sections[pp.Section].Instructions
		add(text(c.X+c.W/2, pp.Head.Instructions, plan.InstrSize, typeface.Regular, display.AlignCenter, fitWidth(in, plan.InstrSize, typeface.Regular, c.W)))
	}
	for slot, mi := range pp.Mazes {
		box := pp.Slots[slot]
		mp := b.Plan.Mazes[mi]
		made := b.Mazes[mi]
		caption, err := b.caption(mi, pp)
		if err != nil {
			return page, err
		}
		capW := box.W
		if pp.Kind == plan.PuzzlePage && s.Style.Stars && s.Sections[mp.Section].FromLevel > 0 {
			stars := draw.Stars(box.X+box.W, box.Y+plan.CaptionSize, plan.CaptionSize, made.Rating.Level)
			capW -= 2 * (draw.StarsWidth(plan.CaptionSize) + plan.CaptionSize/2)
			add(stars...)
		}
		if caption != "" {
			add(text(box.X+box.W/2, box.Y+plan.CaptionSize, plan.CaptionSize, typeface.Regular, display.AlignCenter, fitWidth(caption, plan.CaptionSize, typeface.Regular, capW)))
		}
		if pp.Kind == plan.AnswerPage {
			r := made.Rating
			note := fmt.Sprintf("%s %.0f · %s %d", b.Plan.Labels.Score, r.Score, b.Plan.Labels.Path, r.Metrics.SolutionLength)
			add(text(box.X+box.W/2, box.Y+plan.CaptionSize+plan.NoteGap+plan.NoteSize, plan.NoteSize, typeface.Regular, display.AlignCenter, fitWidth(note, plan.NoteSize, typeface.Regular, box.W)))
		}
		var sols [][]int
		if pp.Kind == plan.AnswerPage || b.Plan.Edition == plan.Teacher {
			sols = made.Solutions
		}
		st := b.mazeStyle(mi)
		area := plan.MazeArea(box)
		if pp.Kind == plan.AnswerPage {
			area = plan.AnswerArea(box)
			// Answer slots may be smaller than puzzle slots: scale down,
			// keeping walls printable.
			gw, gh := made.Maze.Grid.Size()
			cell := draw.FitCell(area, gw, gh, b.Plan.Room())
			if cell < st.Cell {
				corridor := cell * maze.Clearance(made.Maze.Grid)
				st.Wall = max(st.Wall*cell/st.Cell, min(st.Wall, minAnswerWall, corridor/4))
				st.Cell = cell
			}
		}
		d := draw.Maze(made.Maze, area, st, sols...)
		add(d.Items...)
		if pp.Kind == plan.PuzzlePage {
			b.Placed[mi] = Placement{Page: index, Origin: d.Origin, Cell: d.Cell}
		}
	}
	if s.Style.PageNumbers {
		foot, err := s.Footer.Execute(data)
		if err != nil {
			return page, inContext(err, fmt.Sprintf("page %d", pp.Number))
		}
		x, align := f.Trim.X+f.Trim.W/2, display.AlignCenter
		if s.Page.Margin.Mirrored {
			// Page numbers go on the outside corner of a bound book.
			if f.Recto {
				x, align = c.X+c.W, display.AlignRight
			} else {
				x, align = c.X, display.AlignLeft
			}
		}
		// Just below the content, so it stays clear of the trim edge.
		footY := c.Y + c.H + min(s.Page.Margin.Bottom/2, plan.PageNumSize+4)
		add(text(x, footY, plan.PageNumSize, typeface.Regular, align, foot))
	}
	return page, nil
}

// minAnswerWall is the thinnest wall an answer-key maze is scaled down to:
// 0.75pt prints reliably.
const minAnswerWall = 0.75

// inContext says where a template failed: "maze 3: caption: ...".
func inContext(err error, where string) error {
	var se *spec.Error
	if errors.As(err, &se) {
		c := *se
		c.Msg = where + ": " + c.Msg
		return &c
	}
	return fmt.Errorf("%s: %w", where, err)
}

// caption returns the text above maze mi on page pp: the section's caption
// on puzzle pages; the maze number and its page in the answer key.
func (b *Book) caption(mi int, pp *plan.Page) (string, error) {
	mp := b.Plan.Mazes[mi]
	l := b.Plan.Labels
	if pp.Kind == plan.AnswerPage {
		return fmt.Sprintf("%s %d · %s %d", l.Maze, mp.Number, l.Page, mp.Page), nil
	}
	sec := b.Plan.Spec.Sections[mp.Section]
	r := b.Mazes[mi].Recipe
	shape, _ := maze.LookupShape(r.Shape)
	s, err := sec.Caption.Execute(spec.CaptionData{
		Label: l.Maze, Number: mp.Number, Page: mp.Page, Section: sec.Title,
		Difficulty: sec.Difficulty, Algorithm: r.Algorithm, Shape: shape.Name, Size: shape.Format(r.Size),
		Width: r.Size.W, Height: r.Size.H, Seed: r.Seed, AnswerPage: mp.AnswerPage,
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
// ending it with an ellipsis.
func fitWidth(s string, size float64, face typeface.Face, width float64) string {
	return typeface.Ellipsize(face, size, s, width)
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
	s := b.Plan.Spec
	var items []display.Item
	y := c.Y + c.H*0.35
	line := func(str string, size float64, face typeface.Face) {
		if str == "" {
			return
		}
		// Long titles shrink to fit the width.
		if w := typeface.Width(face, size, str); w > c.W {
			size *= c.W / w
		}
		y += size * 1.2
		items = append(items, text(c.X+c.W/2, y, size, face, display.AlignCenter, str))
		y += size * 0.6
	}
	line(s.Title, 32, typeface.Bold)
	line(s.Subtitle, 18, typeface.Regular)
	if s.Author != "" {
		y += 18
		line(b.Plan.Labels.By+" "+s.Author, 14, typeface.Regular)
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

// nameLine draws "Name: ____  Date: ____" on the baseline y.
func (b *Book) nameLine(c display.Box, y float64) []display.Item {
	l := b.Plan.Labels
	nameW := typeface.Width(typeface.Regular, plan.NameLineSize, l.Name+":")
	dateW := typeface.Width(typeface.Regular, plan.NameLineSize, l.Date+":")
	dateX := c.X + c.W*0.68
	rule := func(x0, x1 float64) display.Path {
		return display.Polyline(display.Point{X: x0, Y: y + 2}, display.Point{X: x1, Y: y + 2})
	}
	return []display.Item{
		text(c.X, y, plan.NameLineSize, typeface.Regular, display.AlignLeft, l.Name+":"),
		text(dateX, y, plan.NameLineSize, typeface.Regular, display.AlignLeft, l.Date+":"),
		&display.Line{Paths: []display.Path{rule(c.X+nameW+4, dateX-12), rule(dateX+dateW+4, c.X+c.W)}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
	}
}
