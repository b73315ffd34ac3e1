package layout

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Page draws page i (from 0) of the book as a display list (see Draw).
func (b *Book) Page(i int) (display.Page, error) {
	d, err := b.Draw(i)
	return d.Page, err
}

// A Drawn page is a page of the book drawn: its display list, where its
// mazes were placed on it, and the boxes its scene inks.
type Drawn struct {
	Page display.Page
	// Placed holds where each maze of the page was drawn, by its index
	// in the plan: its puzzle on a puzzle page, its answer on an answer
	// page.
	Placed map[int]Placement
	// Scenery holds the boxes the page's scene inks (see scene.go): nil
	// on a page without one.
	Scenery []display.Box
}

// Draw draws page i (from 0) of the book, and says where its mazes and
// its scene were placed. It writes nothing into the book, so that pages
// may be drawn at once on several goroutines. A template that fails on
// the page's data is a spec.Errors placed where the template was
// written.
func (b *Book) Draw(i int) (Drawn, error) {
	sh := &sheet{index: i, placed: map[int]Placement{}}
	page, err := b.drawPage(sh, &b.Plan.Pages[i])
	if err == nil {
		page.Items = append(page.Items, b.editionMark(&page, &b.Plan.Pages[i])...)
		err = checkGlyphs(&page, i)
	}
	d := Drawn{Page: page, Placed: sh.placed, Scenery: sh.scenery}
	if err != nil {
		var se *spec.Error
		if errors.As(err, &se) {
			return d, spec.Errors{se}
		}
		return d, err
	}
	b.report()
	return d, nil
}

// A sheet is what drawing one page learns as it goes: the page's index,
// where its mazes are placed (the scene keeps clear of them), and the
// boxes its scene inks.
type sheet struct {
	index   int
	placed  map[int]Placement
	scenery []display.Box
}

func text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: display.Black, Align: align, Text: s}
}

// drawPage draws the page of sheet sh, the plan's pp: front matter, a
// section's page, or a page of mazes or frames with its head and its
// foot.
func (b *Book) drawPage(sh *sheet, pp *plan.Page) (display.Page, error) {
	s := b.Plan.Spec
	f := pp.Frame
	page := display.Page{Width: f.Width, Height: f.Height, Trim: f.Trim}
	add := func(items ...display.Item) { page.Items = append(page.Items, items...) }
	c := f.Content

	switch pp.Kind {
	case plan.BlankPage:
		return page, nil
	case plan.TitlePage:
		add(b.titleItems(sh, c)...)
		return page, nil
	case plan.CertificatePage:
		add(b.certificateItems(sh, c)...)
		return page, nil
	case plan.CopyrightPage:
		add(b.copyrightItems(c)...)
		return page, nil
	case plan.ContentsPage:
		add(b.contentsItems(c, pp)...)
		return page, nil
	case plan.HowToPage:
		items, err := b.howToItems(c)
		add(items...)
		return page, err
	case plan.SectionPage:
		add(b.sectionItems(c, pp)...)
		return page, nil
	case plan.NotesPage:
		add(b.notesItems(c)...)
		return page, nil
	}

	data := spec.PageData{Title: s.Title, Section: pp.Header, Page: pp.Number, Label: b.Plan.Labels.Page}
	head, err := b.headItems(c, pp, data)
	if err != nil {
		return page, err
	}
	add(head...)
	if bd := pp.Board; bd != nil {
		area := display.Box{X: c.X, Y: pp.Head.Bottom, W: c.W, H: c.Y + c.H - pp.Head.Bottom}
		items, err := bd.Film.DrawBoardFrames(bd.Layout, area, bd.First, bd.Count)
		if err != nil {
			return page, plan.InContext(err, fmt.Sprintf("page %d", pp.Number))
		}
		add(items...)
	}
	lines, err := b.rowLines(sh, pp)
	if err != nil {
		return page, err
	}
	for slot := range pp.Mazes {
		items, err := b.slotItems(sh, pp, slot, lines[slot])
		if err != nil {
			return page, err
		}
		add(items...)
	}
	if pp.Kind == plan.PuzzlePage && len(pp.Mazes) > 0 && s.Sections[pp.Section].Style.Motifs {
		add(b.motifs(pp)...)
	}
	// The page number, drawn last; the scene keeps clear of it.
	var folio []display.Item
	if s.Style.PageNumbers {
		foot, err := s.Footer.Execute(data)
		if err != nil {
			return page, plan.InContext(err, fmt.Sprintf("page %d", pp.Number))
		}
		x, y, align := b.folioAt(pp)
		if folio = b.badge(pp, x, y, align, foot); folio == nil {
			folio = []display.Item{text(x, y, b.Plan.Size(plan.PageNumSize), b.textFont(), align, foot)}
		}
	}
	if pp.Kind == plan.PuzzlePage && len(pp.Mazes) > 0 {
		add(b.tickBoxes(sh, c, pp, page.Items)...)
		add(b.sceneOf(sh, c, pp, append(page.Items[:len(page.Items):len(page.Items)], folio...))...)
	}
	add(folio...)
	return page, nil
}

// The page-number badge of a young child's puzzle page: the number at
// BadgeSize in a ring badgeLine thick.
const (
	BadgeSize = 12
	badgeLine = 1.5
)

// badge returns a young child's puzzle page's number as a picture book
// prints it (see spec.Section.Young): bold, at BadgeSize, in a round
// badge at the page's foot, where its number stands (its anchor x, its
// baseline y, its alignment), FolioClear below the content above it
// where the margin has the room, and clear of the part of the page a
// printer may cut below; nil for another page, a
// footer that is not a number of three digits at most, or a bottom
// margin too shallow to hold the badge. The digits are the Go fonts'
// bold, whose line box is as tall as its figures: the ring holds the
// box whole.
func (b *Book) badge(pp *plan.Page, x, y float64, align display.Align, foot string) []display.Item {
	s := b.Plan.Spec
	if pp.Kind != plan.PuzzlePage || !s.Sections[pp.Section].Young() || len(foot) == 0 || len(foot) > 3 || strings.Trim(foot, "0123456789") != "" {
		return nil
	}
	size := b.Plan.Size(BadgeSize)
	face := typeface.Bold
	asc, desc := typeface.Metrics(face, size)
	r := math.Hypot(typeface.Width(face, size, foot)/2, (asc+desc)/2) + badgeLine
	f := pp.Frame
	top, floor := f.Content.Y+f.Content.H, f.Trim.Y+f.Trim.H-max(b.safeMargin(), s.Page.Margin.Bottom/4)
	cy := max(y-(asc-desc)/2, top+r+badgeLine+FolioClear)
	cy = min(cy, floor-r-badgeLine)
	if cy-r-badgeLine < top {
		return nil
	}
	cx := x
	switch align {
	case display.AlignRight:
		cx = x - r
	case display.AlignLeft:
		cx = x + r
	}
	ring := display.Path{Points: []display.Point{{X: cx, Y: cy - r}, {X: cx, Y: cy + r}}, Bends: []float64{math.Pi, math.Pi}, Closed: true}
	return []display.Item{
		&display.Line{Paths: []display.Path{ring}, Width: badgeLine, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin},
		text(cx, cy+(asc-desc)/2, size, face, display.AlignCenter, foot),
	}
}

// sectionItems draws a section's page in content box c: its title and,
// under it, its instructions.
func (b *Book) sectionItems(c display.Box, pp *plan.Page) []display.Item {
	sec := b.Plan.Spec.Sections[pp.Section]
	y := c.Y + float64(c.H*0.4)
	items := []display.Item{text(c.X+c.W/2, y, b.Plan.Size(28), b.headingFont(), display.AlignCenter, fitWidth(sec.Title, b.Plan.Size(28), b.headingFont(), c.W))}
	size := b.Plan.Size(14)
	for _, line := range typeface.WrapBalanced(b.textFont(), size, sec.Instructions, float64(c.W*0.8)) {
		y += float64(size * 1.5)
		items = append(items, text(c.X+c.W/2, y+size, size, b.textFont(), display.AlignCenter, line))
	}
	return items
}

// headItems draws the head of a page of mazes or frames as the plan
// placed it: the running head (its template run on data), the name line,
// the section's instructions and the story its mazes share.
func (b *Book) headItems(c display.Box, pp *plan.Page, data spec.PageData) ([]display.Item, error) {
	var items []display.Item
	if pp.Head.Header > 0 {
		head, err := b.runningHead(pp, data)
		if err != nil {
			return nil, plan.InContext(err, fmt.Sprintf("page %d", pp.Number))
		}
		if head != "" {
			size := b.Plan.Size(plan.HeaderSize)
			items = append(items, text(c.X+c.W/2, pp.Head.Header, size, b.headingFont(), display.AlignCenter, fitWidth(head, size, b.headingFont(), pp.Head.Width)))
		}
	}
	if pp.Head.NameLine > 0 {
		// Between the motifs, when the page has them.
		items = append(items, b.nameLine(display.Box{X: c.X + (c.W-pp.Head.Width)/2, Y: c.Y, W: pp.Head.Width, H: c.H}, pp.Head.NameLine)...)
	}
	if pp.Head.Instructions > 0 {
		in := b.Plan.Spec.Sections[pp.Section].Instructions
		size := b.Plan.Size(plan.InstrSize)
		items = append(items, text(c.X+c.W/2, pp.Head.Instructions, size, b.textFont(), display.AlignCenter, fitWidth(in, size, b.textFont(), pp.Head.Width)))
	}
	// The story its mazes share, once, above them.
	st := pp.Head.Story
	for i, line := range st.Head {
		items = append(items, text(c.X+c.W/2, st.HeadBaseline(pp.Head.StoryTop, i), st.HeadSize, b.headingFont(), display.AlignCenter, line))
	}
	return items, nil
}

// slotItems draws the maze in slot slot of the page of sheet sh, pp,
// with its caption, as the plan resolves it (see plan.Plan.SlotOf): a
// puzzle, or its answer, and records in sh where it was placed. A puzzle
// of a row whose mazes differ in height stands at the row's line, drawn
// as rowLines drew it, when at is not nil.
func (b *Book) slotItems(sh *sheet, pp *plan.Page, slot int, at *rowSlot) ([]display.Item, error) {
	var sl plan.Slot
	var d draw.Drawing
	var area display.Box
	if at != nil {
		sl, d, area = at.sl, at.d, at.area
	} else {
		var m *maze.Maze
		var l draw.Layers
		var err error
		if sl, m, l, err = b.slotOf(sh, pp, slot); err != nil {
			return nil, err
		}
		if sl.Beside.On() {
			return b.besideItems(sh, sl, m, l), nil
		}
		d, area = slotDrawing(sl, m, l)
	}
	box, capt := sl.Box, sl.Caption
	ink := d.Bounds // the same for a puzzle and its answer
	dy, top := placeInSlot(sl, d, area)
	if at != nil && !sl.Answer {
		// One baseline a row: the grids' tops level under it.
		dy, top = at.line.grid-d.Origin.Y, at.line.caption
	}
	// Words beside the doors pushed apart may reach past the slot's side:
	// the maze moves back in when there is room for it.
	dx := 0.0
	if ink.W <= box.W {
		dx = max(min(0, box.X+box.W-(ink.X+ink.W)), box.X-ink.X)
	}
	d.Move(dx, dy)
	grid := display.Box{X: d.Origin.X, Y: d.Origin.Y, W: float64(sl.GridW * d.Cell), H: float64(sl.GridH * d.Cell)}
	caption := b.captionItems(capt, captionBox(capt, grid, b.textFont()), top, sl.Level)
	sh.placed[sl.Maze] = Placement{Page: sh.index, Origin: d.Origin, Cell: d.Cell, Slot: box, Ink: d.Bounds, Caption: display.ItemsBounds(caption), Marks: d.Marks, Turned: sl.Turned}
	return append(caption, d.Items...), nil
}

// besideItems draws maze m of slot sl on a page of staggered circles
// (see plan.Page.Beside), with layers l: centred in its slot, which is
// its area alone, and its caption in the box beside it, flush to the
// box's side at the page's edge. It records in sh where it was placed.
func (b *Book) besideItems(sh *sheet, sl plan.Slot, m *maze.Maze, l draw.Layers) []display.Item {
	d := draw.MazeLayers(m, sl.Box, sl.Style, l)
	capt, at := sl.Caption, sl.Beside.Box
	w := min(capt.Width(b.textFont()), at.W)
	box := display.Box{X: at.X, Y: at.Y, W: w, H: at.H}
	if sl.Beside.Right {
		box.X = at.X + at.W - w
	}
	caption := b.captionItems(capt, box, at.Y, sl.Level)
	sh.placed[sl.Maze] = Placement{Page: sh.index, Origin: d.Origin, Cell: d.Cell, Slot: sl.Box, Ink: d.Bounds, Caption: display.ItemsBounds(caption), Marks: d.Marks, Turned: sl.Turned}
	return append(caption, d.Items...)
}

// runningHead returns the header of a page, the spec's header template
// run on data; but an answer page whose header does not name the answer
// key's title (a worksheet's "{{.Title}}") is headed by the title, so that
// the key is never taken for the puzzles.
func (b *Book) runningHead(pp *plan.Page, data spec.PageData) (string, error) {
	head, err := b.Plan.Spec.Header.Execute(data)
	if err == nil && pp.Kind == plan.AnswerPage && head != "" && !strings.Contains(head, pp.Header) {
		head = pp.Header
	}
	return head, err
}

// FolioClear is how far a page's number keeps below its content, where
// the foot margin has the room: a line of white between the number and a
// picture or a wall at the foot of a maze, so that the number reads as
// the page's and not as the maze's.
const FolioClear = 4 * spec.PointsPerMM

// folioAt returns where a page's number stands: the anchor of its
// baseline and its alignment, centred at the foot or, in a bound book
// (mirrored margins), at the outside corner; its line FolioClear below the
// content, or as far below it as the margin leaves above the part of the
// page a printer may cut (spec.SafeMargin), but never in the content.
func (b *Book) folioAt(pp *plan.Page) (x, y float64, align display.Align) {
	s := b.Plan.Spec
	f := pp.Frame
	c := f.Content
	x, align = f.Trim.X+f.Trim.W/2, display.AlignCenter
	if s.Page.Margin.Mirrored {
		if f.Recto {
			x, align = c.X+c.W, display.AlignRight
		} else {
			x, align = c.X, display.AlignLeft
		}
	}
	size := b.Plan.Size(plan.PageNumSize)
	asc, desc := typeface.Metrics(b.textFont(), size)
	room := f.Trim.Y + f.Trim.H - b.safeMargin() - desc - (c.Y + c.H)
	return x, c.Y + c.H + max(min(FolioClear+asc, room), asc), align
}

// safeMargin returns how far from the trim edge a printer may cut: the
// part of the page nothing but a background is printed in.
func (b *Book) safeMargin() float64 {
	if b.Plan.Spec.Page.Bleed {
		return spec.SafeMarginBleed
	}
	return spec.SafeMargin
}

// EditionMarkSize is the size of the teacher edition's name at the foot
// of its pages, in points: smaller than the page number.
const EditionMarkSize = 8

// editionMark returns the teacher edition's name (Labels.Teacher), small,
// at the foot of page p of a teacher edition, so that a loose sheet says
// which edition it is: beside the page number, on its inner side, or
// where the number would stand on a page without one. The title page
// says it large, and a blank page says nothing; a student edition has
// none.
func (b *Book) editionMark(p *display.Page, pp *plan.Page) []display.Item {
	if b.Plan.Edition != plan.Teacher || pp.Kind == plan.BlankPage || pp.Kind == plan.TitlePage {
		return nil
	}
	x, y, align := b.folioAt(pp)
	label := b.Plan.Labels.Teacher
	// The page number, if the page has one: the text drawn at its place.
	for _, it := range p.Items {
		t, ok := it.(*display.Text)
		if !ok || t.X != x || t.Y != y || t.Size != b.Plan.Size(plan.PageNumSize) || t.Text == "" {
			continue
		}
		w := typeface.Width(t.Font, t.Size, t.Text)
		gap := b.Plan.Size(plan.PageNumSize) // an em of the number
		switch {
		case align == display.AlignRight:
			x -= w + gap
		case align == display.AlignLeft:
			x += w + gap
		case b.rtl():
			x, align = x-w/2-gap, display.AlignRight
		default:
			x, align = x+w/2+gap, display.AlignLeft
		}
		break
	}
	return []display.Item{text(x, y, b.Plan.Size(EditionMarkSize), b.textFont(), align, label)}
}

// motifs draws the theme's pictures of the page's first maze in the top
// corners of its content, plan.MotifSide across, beside the page's
// heading: its start at the left and its goal at the right (mirrored in
// a book written right to left).
func (b *Book) motifs(pp *plan.Page) []display.Item {
	pair, ok := b.Plan.Pair(pp.Mazes[0])
	if !ok {
		return nil
	}
	c := pp.Frame.Content
	// A picture's outlines reach half their width past its box: the box
	// keeps them inside the content.
	const in = 2
	const side = plan.MotifSide - 2*in
	start, goal := pair.Start, pair.Goal
	if b.rtl() {
		start, goal = goal, start
	}
	items := start(display.Box{X: c.X + in, Y: c.Y + in, W: side, H: side})
	return append(items, goal(display.Box{X: c.X + c.W - side - in, Y: c.Y + in, W: side, H: side})...)
}

// captionBox returns the box a maze's caption f is set over: the maze's
// grid, so that the caption and its stars line up with the maze's edges,
// or, when the caption is wider than the grid, as wide as the caption
// about the grid's middle.
func captionBox(f plan.Fitted, grid display.Box, face typeface.Face) display.Box {
	if w := f.Width(face); w > grid.W {
		return display.Box{X: grid.X + grid.W/2 - w/2, Y: grid.Y, W: w, H: grid.H}
	}
	return grid
}

// captionItems sets a fitted caption over box, its first row's top at y:
// each row centred, the stars at the box's right edge beside the first row
// or centred on a row below. A first row too wide to stay centred clear
// of the stars starts at the box's left edge instead.
func (b *Book) captionItems(f plan.Fitted, box display.Box, y float64, level int) []display.Item {
	face := b.textFont()
	beside := f.Stars && !f.StarsBelow && len(f.Lines) > 0
	var items []display.Item
	for i, line := range f.Head {
		items = append(items, text(box.X+box.W/2, f.HeadBaseline(y, i), f.HeadSize, b.headingFont(), display.AlignCenter, line))
	}
	for i, line := range f.Lines {
		x, align := box.X+box.W/2, display.AlignCenter
		if i == 0 && beside && typeface.Width(face, f.Size, line)/2+f.Size/2+draw.StarsWidth(f.Size) > box.W/2 {
			x, align = b.lineStart(box)
		}
		items = append(items, text(x, f.Baseline(y, i), f.Size, face, align, line))
	}
	stars := draw.Stars
	end := box.X + box.W // where the stars beside the first row end
	if b.rtl() {
		// Read from the right: the stars at the left, read leftwards.
		stars, end = draw.MirroredStars, box.X
	}
	switch {
	case beside:
		items = append(items, stars(end, f.Baseline(y, 0), f.Size, level)...)
	case f.Stars:
		x := box.X + (box.W+draw.StarsWidth(f.Size))/2
		if b.rtl() {
			x = box.X + (box.W-draw.StarsWidth(f.Size))/2
		}
		items = append(items, stars(x, f.Baseline(y, len(f.Lines)), f.Size, level)...)
	}
	return items
}

// fitWidth shrinks nothing but cuts a text that would not fit width,
// ending it with an ellipsis.
func fitWidth(s string, size float64, face typeface.Face, width float64) string {
	return typeface.Ellipsize(face, size, s, width)
}

// wrap breaks text into lines no wider than width, at spaces and at
// newlines, no paragraph of more lines than one ending on a word alone
// (see typeface.WrapNoWidow), cutting a word too wide for a line.
func wrap(s string, size float64, face typeface.Face, width float64) []string {
	lines := typeface.WrapNoWidow(face, size, s, width)
	for i, l := range lines {
		lines[i] = fitWidth(l, size, face, width)
	}
	return lines
}

// The sizes of the title page's lines, in points: each set at its size,
// or smaller down to its least to take no more than titleLines lines.
const (
	TitleSize, LeastTitleSize       = 32.0, 18.0
	SubtitleSize, LeastSubtitleSize = 18.0, 12.0
	AuthorSize, LeastAuthorSize     = 14.0, 10.0
	// TeacherSize is the size of a teacher edition's name under them.
	TeacherSize = 16.0
	// titleLines is the most lines a title, subtitle or author is set in
	// before it is set smaller; at its least size it takes what it needs.
	titleLines = 3
	// titleLeading is the distance between baselines, in sizes.
	titleLeading = 1.2
)

// titleBlock is a text of the title page set in lines: its face and size,
// and the room kept above it.
type titleBlock struct {
	key   string // the spec's key, for warnings
	lines []string
	face  typeface.Face
	size  float64
	above float64
	// cut says that a word was wider than the page at the least size.
	cut bool
}

// height is how tall a block stands: the room above it, its lines, and
// the room below its last line.
func (t *titleBlock) height() float64 {
	return t.above + float64(float64(len(t.lines))*t.size*titleLeading) + float64(t.size*0.6)
}

// setTitleBlock sets s in face in balanced lines no wider than width (see
// typeface.WrapBalanced): on one line at size or a little smaller (down
// to 85% of it); or at the largest size down to least (in steps of 4%)
// at which it takes no more than titleLines lines; or failing that at
// least in as many lines as it needs, a word still too wide cut with an
// ellipsis.
func setTitleBlock(key, s string, face typeface.Face, size, least, width float64) titleBlock {
	t := titleBlock{key: key, face: face}
	// A line a little too wide stays one line, a little smaller.
	for sz := size; sz >= max(least, float64(size*0.85)); sz *= 0.96 {
		if lines := typeface.WrapBalanced(face, sz, s, width); len(lines) == 1 && fits(lines, sz, face, width) {
			t.lines, t.size = lines, sz
			return t
		}
	}
	for sz := size; ; sz = max(least, float64(sz*0.96)) {
		lines := typeface.WrapBalanced(face, sz, s, width)
		if len(lines) <= titleLines && fits(lines, sz, face, width) || sz == least {
			t.lines, t.size = lines, sz
			break
		}
	}
	for i, l := range t.lines {
		if typeface.Width(face, t.size, l) > width {
			t.lines[i], t.cut = fitWidth(l, t.size, face, width), true
		}
	}
	return t
}

// fits reports whether every line is no wider than width.
func fits(lines []string, size float64, face typeface.Face, width float64) bool {
	for _, l := range lines {
		if typeface.Width(face, size, l) > width {
			return false
		}
	}
	return true
}

// titleBlocks lays out the title page in box c: the title, the subtitle,
// the author and, in a teacher edition, the edition's name, each wrapped
// onto balanced lines and set smaller only within reason (see
// setTitleBlock), standing from a third of the way down, or higher when
// they reach past the foot. A title that does not fit even so loses its
// last lines, the last one kept ending with an ellipsis. It returns the
// blocks, the baseline of the first line, and warnings for what did not
// fit, each at the spec's line.
func (b *Book) titleBlocks(c display.Box) ([]titleBlock, float64, []string) {
	s := b.Plan.Spec
	var blocks []titleBlock
	add := func(t titleBlock, above float64) {
		if len(t.lines) > 0 && t.lines[0] != "" {
			t.above = above
			blocks = append(blocks, t)
		}
	}
	sz := b.Plan.Size
	add(setTitleBlock("title", s.Title, b.headingFont(), sz(TitleSize), sz(LeastTitleSize), c.W), 0)
	add(setTitleBlock("subtitle", s.Subtitle, b.textFont(), sz(SubtitleSize), sz(LeastSubtitleSize), c.W), 0)
	if s.Author != "" {
		// Some languages put the author's name alone (By is empty).
		add(setTitleBlock("author", strings.TrimSpace(b.Plan.Labels.By+" "+s.Author), b.textFont(), sz(AuthorSize), sz(LeastAuthorSize), c.W), 18)
	}
	if b.Plan.Edition == plan.Teacher {
		add(setTitleBlock("labels.teacher", b.Plan.Labels.Teacher, b.headingFont(), sz(TeacherSize), sz(LeastAuthorSize), c.W), 36)
	}
	var warnings []string
	height := 0.0
	for _, t := range blocks {
		height += t.height()
	}
	for i := range blocks {
		// Too tall for the page: the title, then the subtitle, lose
		// lines, the last one kept ending with an ellipsis.
		t := &blocks[i]
		if height <= c.H || t.key != "title" && t.key != "subtitle" || len(t.lines) < 2 {
			continue
		}
		all, n := t.lines, len(t.lines)
		k := n
		for k > 1 && height > c.H {
			k--
			height -= float64(t.size * titleLeading)
		}
		t.lines = append(all[:k-1:k-1], typeface.EllipsizeWords(t.face, t.size, all[k-1], c.W))
		warnings = append(warnings, s.ErrorAt(t.key, "%s: too long for the title page (%d lines even at %gpt, and the page holds %d), so it is cut short; shorten it", t.key, n, t.size, k).Error())
	}
	for _, t := range blocks {
		if t.cut {
			warnings = append(warnings, s.ErrorAt(t.key, "%s: a word is wider than the title page even at %gpt, the smallest it is set there, so it is cut short", t.key, t.size).Error())
		}
	}
	// A third of the way down, or higher, so that the foot stays on the
	// page.
	y := max(c.Y, min(c.Y+float64(c.H*0.35), c.Y+c.H-height))
	return blocks, y, warnings
}

// titleItems lays out the title page, of sheet sh: its text and, in a
// themed book, its characters under it (see titleArt).
func (b *Book) titleItems(sh *sheet, c display.Box) []display.Item {
	blocks, y, _ := b.titleBlocks(c)
	var items []display.Item
	for _, t := range blocks {
		y += t.above
		for _, l := range t.lines {
			y += float64(t.size * titleLeading)
			items = append(items, text(c.X+c.W/2, y, t.size, t.face, display.AlignCenter, l))
		}
		y += float64(t.size * 0.6)
	}
	if art := b.titleArt(sh, c, y, items); len(art) > 0 {
		return append(items, art...)
	}
	if arts, _ := b.characters(); len(arts) > 0 {
		return items // a themed page whose characters have no room
	}
	return append(items, b.titleEmblem(c, y)...)
}

// Warnings says what the book could not set as its spec has it, each at
// the spec's line: a title too long for the title page, which is cut.
func (b *Book) Warnings() []string {
	for _, pp := range b.Plan.Pages {
		if pp.Kind == plan.TitlePage {
			_, _, w := b.titleBlocks(pp.Frame.Content)
			return w
		}
	}
	return nil
}

// contentsItems lays out a page of the table of contents: its title, then
// each entry's title and page number joined by a dotted leader.
func (b *Book) contentsItems(c display.Box, pp *plan.Page) []display.Item {
	title := b.Plan.Labels.Contents
	if t := b.Plan.Spec.Contents.Title; t != "" {
		title = t
	}
	titleSize, size := b.Plan.Size(plan.ContentsTitleSize), b.Plan.Size(plan.ContentsSize)
	items := []display.Item{text(c.X+c.W/2, c.Y+titleSize, titleSize, b.headingFont(), display.AlignCenter, fitWidth(title, titleSize, b.headingFont(), c.W))}
	y := c.Y + 2*titleSize
	dotW := typeface.Width(b.textFont(), size, " .")
	for _, e := range pp.Entries {
		y += float64(size * plan.ContentsLeading)
		num := fmt.Sprint(e.Page)
		numW := typeface.Width(b.textFont(), size, num)
		name := fitWidth(e.Title, size, b.textFont(), float64(c.W*0.8)-numW)
		nameW := typeface.Width(b.textFont(), size, name)
		if b.rtl() { // the title at the right, its page at the left
			items = append(items,
				text(c.X+c.W, y, size, b.textFont(), display.AlignRight, name),
				text(c.X, y, size, b.textFont(), display.AlignLeft, num))
			if dots := int((c.W - nameW - numW - 2*dotW) / dotW); dots > 0 {
				items = append(items, text(c.X+numW+dotW/2, y, size, b.textFont(), display.AlignLeft, strings.Repeat(". ", dots)))
			}
			continue
		}
		items = append(items,
			text(c.X, y, size, b.textFont(), display.AlignLeft, name),
			text(c.X+c.W, y, size, b.textFont(), display.AlignRight, num))
		if dots := int((c.W - nameW - numW - 2*dotW) / dotW); dots > 0 {
			items = append(items, text(c.X+c.W-numW-dotW/2, y, size, b.textFont(), display.AlignRight, strings.Repeat(" .", dots)))
		}
	}
	return items
}

// howToItems lays out the page on how to use the book: its title, then
// the text's paragraphs, wrapped.
func (b *Book) howToItems(c display.Box) ([]display.Item, error) {
	s := b.Plan.Spec
	l := b.Plan.Labels
	body, err := s.HowToText().Execute(spec.HowToData{Title: s.Title, Mazes: len(b.Plan.Mazes), AnswersPage: b.Plan.AnswersStart(), Start: l.Start, Finish: l.Finish})
	if err != nil {
		return nil, plan.InContext(err, "how_to")
	}
	title := l.HowTo
	if s.HowTo.Title != "" {
		title = s.HowTo.Title
	}
	titleSize, size := b.Plan.Size(plan.ContentsTitleSize), b.Plan.Size(13)
	items := []display.Item{text(c.X+c.W/2, c.Y+titleSize, titleSize, b.headingFont(), display.AlignCenter, fitWidth(title, titleSize, b.headingFont(), c.W))}
	y := c.Y + 2*titleSize
	for _, para := range strings.Split(body, "\n") {
		for _, line := range wrap(para, size, b.textFont(), c.W) {
			y += float64(size * 1.5)
			if y > c.Y+c.H {
				return items, nil
			}
			x, align := b.lineStart(c)
			items = append(items, text(x, y, size, b.textFont(), align, line))
		}
		y += float64(size * 0.6)
	}
	return items, nil
}

// NotesRule is the space between the rules of a notes page, in points
// (9 mm, a wide-ruled exercise book's).
const NotesRule = 9 * spec.PointsPerMM

// notesItems draws a notes page in content box c: its heading ("Notes",
// in the book's language) and black rules NotesRule apart, at the
// thinnest line that prints, down to the foot of the box and inside it.
func (b *Book) notesItems(c display.Box) []display.Item {
	size := b.Plan.Size(plan.NotesTitleSize)
	x, align := b.lineStart(c)
	items := []display.Item{text(x, c.Y+size, size, b.headingFont(), align, tell.In(b.Plan.Spec.Language, say.T("Notes")))}
	// The rules' ends keep inside the box by their width: a gutter at
	// KDP's least is the live area's edge.
	var rules []display.Path
	for y := c.Y + float64(size+NotesRule); y <= c.Y+c.H-plan.MinLine; y += NotesRule {
		rules = append(rules, display.Polyline(display.Point{X: c.X + plan.MinLine, Y: y}, display.Point{X: c.X + c.W - plan.MinLine, Y: y}))
	}
	return append(items, &display.Line{Paths: rules, Width: plan.MinLine, Color: display.Black})
}

// copyrightItems sets the copyright text at the foot of its page.
func (b *Book) copyrightItems(c display.Box) []display.Item {
	size := b.Plan.Size(9)
	lines := wrap(b.Plan.Spec.Copyright, size, b.textFont(), c.W)
	var items []display.Item
	y := c.Y + c.H - float64(float64(len(lines)-1)*size*1.4)
	for _, l := range lines {
		x, align := b.lineStart(c)
		items = append(items, text(x, y, size, b.textFont(), align, l))
		y += float64(size * 1.4)
	}
	return items
}

// nameLine draws "Name: ____  Date: ____" on the baseline y, each label
// followed by the language's colon ("Nom : ____" in French).
func (b *Book) nameLine(c display.Box, y float64) []display.Item {
	size := b.Plan.Size(plan.NameLineSize)
	l := b.Plan.Labels
	name, date := l.Name+l.Colon, l.Date+l.Colon
	nameW := typeface.Width(b.textFont(), size, name)
	dateW := typeface.Width(b.textFont(), size, date)
	dateX := c.X + float64(c.W*0.68)
	rule := func(x0, x1 float64) display.Path {
		return display.Polyline(display.Point{X: x0, Y: y + 2}, display.Point{X: x1, Y: y + 2})
	}
	if b.rtl() {
		// Mirrored: the name from the right edge, the date at the left.
		mirror := func(x float64) float64 { return 2*c.X + c.W - x }
		return []display.Item{
			text(mirror(c.X), y, size, b.textFont(), display.AlignRight, name),
			text(mirror(dateX), y, size, b.textFont(), display.AlignRight, date),
			&display.Line{Paths: []display.Path{rule(mirror(dateX-12), mirror(c.X+nameW+4)), rule(mirror(c.X+c.W), mirror(dateX+dateW+4))}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
		}
	}
	return []display.Item{
		text(c.X, y, size, b.textFont(), display.AlignLeft, name),
		text(dateX, y, size, b.textFont(), display.AlignLeft, date),
		&display.Line{Paths: []display.Path{rule(c.X+nameW+4, dateX-12), rule(dateX+dateW+4, c.X+c.W)}, Width: 0.75, Color: display.Black, Cap: display.ButtCap},
	}
}

// rtl reports whether the book's language is written right to left.
func (b *Book) rtl() bool { return spec.RTL(b.Plan.Spec.Language) }

// lineStart is where a line of a paragraph is set in box c: from its left
// edge, or from its right edge in a language written right to left.
func (b *Book) lineStart(c display.Box) (float64, display.Align) {
	if b.rtl() {
		return c.X + c.W, display.AlignRight
	}
	return c.X, display.AlignLeft
}

// turnedMaze returns maze m turned a quarter anticlockwise (see
// maze.Maze.Turned) and the layers l drawn over it, their paths' cells
// turned with it. A maze that does not turn is returned as it is.
func turnedMaze(m *maze.Maze, l draw.Layers) (*maze.Maze, draw.Layers) {
	t, ok := m.Turned()
	if !ok {
		return m, l
	}
	turn := func(paths [][]int) [][]int {
		if paths == nil {
			return nil
		}
		out := make([][]int, len(paths))
		for i, path := range paths {
			if path == nil {
				continue // a nil solution draws nothing
			}
			out[i] = make([]int, len(path))
			for k, c := range path {
				out[i][k] = m.TurnCell(c)
			}
		}
		return out
	}
	l.Solutions, l.Walks = turn(l.Solutions), turn(l.Walks)
	return t, l
}
