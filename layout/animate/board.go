package animate

import (
	"errors"
	"fmt"
	"math"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Board says how a storyboard lays a film out on pages: a grid of small
// numbered frames, the maze being made every few moves, then being
// solved, under a legend of the marks.
type Board struct {
	// MakeEvery is the generator's moves per frame and SolveEvery the
	// solver's steps per frame; 0 chooses about BoardFrames frames for
	// the making and half as many for the solving.
	MakeEvery, SolveEvery int
	// Columns is the number of frames across a page (0: DefaultColumns).
	Columns int
	// Style is how the frames are drawn; a storyboard labels its cells
	// (Prim's I and F, set numbers, distances) where they are large
	// enough to read.
	Style Style
	// Font sets the legend and the captions (nil: typeface.Regular).
	Font typeface.Face
	// TextSize is the size of the legend and the captions, in points
	// (0: 9 pt); a large-print book's is its least size.
	TextSize float64
}

// boardSizes are the sizes a board's words set: the legend's and the
// captions' text, and the room they take.
type boardSizes struct {
	text     float64 // the legend's and the captions' size
	legendH  float64 // the legend's line, above the frames
	captionH float64 // a caption's line, under a frame
	captionY float64 // a caption's baseline below its frame
	swatch   float64 // a legend key's colour swatch
	keyGap   float64 // between the legend's keys
}

// sizes returns the sizes of the board's words: of boardText (as
// constants, the same bytes as ever), or of its TextSize.
func (b Board) sizes() boardSizes {
	if b.TextSize <= 0 {
		return boardSizes{boardText, 2.2 * boardText, 1.6 * boardText, 1.2 * boardText, boardText * 0.9, 3 * boardText / 2}
	}
	t := b.TextSize
	return boardSizes{t, float64(2.2 * t), float64(1.6 * t), float64(1.2 * t), float64(t * 0.9), math.Floor(3 * t / 2)}
}

// Storyboard bounds.
const (
	BoardFrames    = 24
	DefaultColumns = 4
	MaxColumns     = 12
	// MaxBoardFrames is the most frames a storyboard draws.
	MaxBoardFrames = 600
	// BoardTextSize is the size of the legend and the captions, in
	// points, unless a board's TextSize says otherwise.
	BoardTextSize = 9
	boardText     = BoardTextSize
	boardGap      = 8
)

// Every returns the moves per frame of a storyboard of the film: the
// board's, or chosen.
func (f *Film) Every(b Board) (makeEvery, solveEvery int) {
	making, solving := f.Moves()
	makeEvery, solveEvery = b.MakeEvery, b.SolveEvery
	if makeEvery <= 0 {
		makeEvery = Every(making, BoardFrames)
	}
	if solveEvery <= 0 {
		solveEvery = Every(solving, BoardFrames/2)
	}
	return makeEvery, solveEvery
}

// BoardFrames returns the number of frames a storyboard of the film has.
func (f *Film) BoardFrames(b Board) int {
	me, se := f.Every(b)
	n := 0
	f.Play(me, se, func(*State) error { n++; return nil })
	return n
}

// MaxStoryboardCells is the most maze cells a storyboard draws, every
// frame counted (each draws its maze whole). A storyboard holds its pages
// whole until they are written, BytesPerFrameCell a frame's cell, so that
// the most takes about 1.3 GB, as a book at its budget does; a book of
// several storyboards counts them all in its one budget (see
// plan.Plan.Cost).
const MaxStoryboardCells = 2_000_000

// BytesPerFrameCell is the memory a storyboard's frame takes a cell of its
// maze while its book is built: measured with /usr/bin/time -v, 501
// frames of a 100x100 maze took 3.2 GB, about 640 bytes a frame's cell.
const BytesPerFrameCell = 640

// CheckBudget refuses a storyboard whose frames would draw more than
// MaxStoryboardCells cells (frames times the maze's cells), or more than
// MaxBoardFrames frames, saying how many moves a frame would need to show
// (MakeEvery) for it to fit.
func (f *Film) CheckBudget(b Board) error {
	frames := f.BoardFrames(b)
	cells := f.Maze.Grid.Cells()
	if frames <= MaxBoardFrames && frames*cells <= MaxStoryboardCells {
		return nil
	}
	me, _ := f.Every(b)
	fit := b
	for fit.MakeEvery = max(me, 1) * 2; fit.MakeEvery < 1<<40; fit.MakeEvery *= 2 {
		if n := f.BoardFrames(fit); n <= MaxBoardFrames && n*cells <= MaxStoryboardCells {
			break
		}
	}
	return fmt.Errorf("the storyboard would draw %d frames of a %d-cell maze, %.1f million cells in all; the most is %d frames and %d million cells: show %d moves a frame or more (every), or a smaller maze",
		frames, cells, float64(frames*cells)/1e6, MaxBoardFrames, MaxStoryboardCells/1_000_000, fit.MakeEvery)
}

// layout is where a storyboard's frames stand on a page.
type layout struct {
	cols, rows  int
	frameW, mzH float64 // a frame's width and its maze's height
	legendH     float64
}

// boardLayout lays frames out in area: as many rows as fit, or, when
// count is above 0, the rows count frames need, the frames made smaller
// if they must be to fit.
func (f *Film) boardLayout(b Board, area display.Box, count int) (layout, error) {
	cols := b.Columns
	if cols <= 0 {
		cols = DefaultColumns
	}
	if cols > MaxColumns {
		return layout{}, fmt.Errorf("%d columns of frames: the most is %d", cols, MaxColumns)
	}
	gw, gh := f.Maze.Grid.Size()
	ms := b.Style.Maze
	scale := ms.TextScale
	if scale <= 0 {
		scale = 1
	}
	room := draw.RoomForScaled(ms.Markers, ms.Start, ms.Finish, ms.Font, scale)
	l := layout{cols: cols, legendH: b.sizes().legendH}
	l.frameW = (area.W - float64(cols-1)*boardGap) / float64(cols)
	cell := (l.frameW - 2*room.AbsX) / (gw + 2*room.CellsX)
	l.mzH = float64(cell*(gh+2*room.CellsY)) + 2*room.AbsY
	rowH := l.mzH + b.sizes().captionH + boardGap
	l.rows = int((area.H - l.legendH + boardGap) / rowH)
	if count > 0 {
		l.rows = (count + cols - 1) / cols
		if fit := (area.H-l.legendH+boardGap)/float64(l.rows) - b.sizes().captionH - boardGap; fit < l.mzH {
			cell = (fit - 2*room.AbsY) / (gh + 2*room.CellsY)
			l.mzH = fit
		}
	}
	if l.rows < 1 || cell < 2 {
		return layout{}, errors.New("the frames do not fit the page: give fewer columns or a smaller maze")
	}
	return l, nil
}

// PerPage returns how many frames a page's area holds.
func (f *Film) PerPage(b Board, area display.Box) (int, error) {
	l, err := f.boardLayout(b, area, 0)
	if err != nil {
		return 0, err
	}
	return l.cols * l.rows, nil
}

// BoardPages returns how many pages of the given area the storyboard
// takes.
func (f *Film) BoardPages(b Board, area display.Box) (int, error) {
	per, err := f.PerPage(b, area)
	if err != nil {
		return 0, err
	}
	n := f.BoardFrames(b)
	if n > MaxBoardFrames {
		return 0, fmt.Errorf("the storyboard would have %d frames; the most is %d: show more moves per frame", n, MaxBoardFrames)
	}
	return (n + per - 1) / per, nil
}

// DrawBoardPage draws page i (from 0) of the storyboard in area: the
// legend, then the page's frames, numbered from the first of the film,
// each with a caption saying what it shows.
func (f *Film) DrawBoardPage(b Board, area display.Box, i int) ([]display.Item, error) {
	per, err := f.PerPage(b, area)
	if err != nil {
		return nil, err
	}
	return f.DrawBoardFrames(b, area, i*per, per)
}

// DrawBoardFrames draws frames first to first+count-1 of the storyboard
// (from 0) in area under the legend, numbered from the first of the film,
// each with a caption saying what it shows. The frames are made smaller
// if count of them would not fit.
func (f *Film) DrawBoardFrames(b Board, area display.Box, first, count int) ([]display.Item, error) {
	l, err := f.boardLayout(b, area, count)
	if err != nil {
		return nil, err
	}
	font := b.Font
	if font == nil {
		font = typeface.Regular
	}
	items := f.legend(b, area, font)
	per := count
	me, se := f.Every(b)
	st := b.Style
	st.Labels = true
	sz := b.sizes()
	k := 0
	err = f.Play(me, se, func(s *State) error {
		defer func() { k++ }()
		if k < first || k >= first+per {
			return nil
		}
		slot := k - first
		x := area.X + float64(float64(slot%l.cols)*(l.frameW+boardGap))
		y := area.Y + l.legendH + float64(float64(slot/l.cols)*(l.mzH+sz.captionH+boardGap))
		items = append(items, s.Draw(display.Box{X: x, Y: y, W: l.frameW, H: l.mzH}, st, 0.5)...)
		capt := fmt.Sprintf("%d: %s", k+1, f.caption(s))
		capt = typeface.Ellipsize(font, sz.text, capt, l.frameW)
		items = append(items, &display.Text{X: x + l.frameW/2, Y: y + l.mzH + sz.captionY, Size: sz.text, Font: font, Color: display.Black, Align: display.AlignCenter, Text: capt})
		return nil
	})
	return items, err
}

// caption says what a frame shows.
func (f *Film) caption(s *State) string {
	switch s.Phase {
	case Made:
		return "made"
	case Solving:
		return say.Plural(s.Steps, "%d step", "%d steps").String()
	case Solved:
		return "solved"
	}
	if s.Carves == 0 {
		return "start"
	}
	if f.building {
		return fmt.Sprintf("%d built", s.Carves)
	}
	return fmt.Sprintf("%d carved", s.Carves)
}

// legend draws, along the top of area, a swatch and a word for each mark
// the film shows.
func (f *Film) legend(b Board, area display.Box, font typeface.Face) []display.Item {
	type key struct {
		col  display.Color
		text string
	}
	ops := map[maze.Op]bool{}
	for _, st := range f.Make {
		ops[st.Op] = true
	}
	var keys []key
	prim := f.frontier()
	switch {
	case prim:
		keys = append(keys, key{InColor, "I: in the maze"}, key{FrontierColor, "F: frontier"})
	case ops[maze.OpMerge]:
		keys = append(keys, key{SetColors[4], "a set of joined cells"}, key{SetColors[0], "another set"})
	case ops[maze.OpPush]:
		keys = append(keys, key{StackColor, "on the stack"}, key{InColor, "done"})
	case ops[maze.OpErase]:
		keys = append(keys, key{WalkColor, "the walk"}, key{InColor, "in the maze"})
	case ops[maze.OpIn]:
		keys = append(keys, key{InColor, "in the maze"})
	}
	if ops[maze.OpWalk] && !ops[maze.OpErase] || ops[maze.OpPush] && !prim {
		keys = append(keys, key{HeadColor, "the walker"})
	}
	if ops[maze.OpHunt] {
		keys = append(keys, key{HuntColor, "found by the hunt"})
	}
	sops := map[maze.Op]bool{}
	for _, st := range f.Solve {
		sops[st.Op] = true
	}
	switch {
	case sops[maze.OpReach]:
		keys = append(keys, key{rampColor(0), "near the start"}, key{rampColor(rampSteps - 1), "far"})
	case sops[maze.OpPush]:
		keys = append(keys, key{ThreadColor, "the thread"}, key{DeadColor, "rolled back"})
	case sops[maze.OpWalk]:
		keys = append(keys, key{TrailColor, "walked"})
	case sops[maze.OpFill]:
		keys = append(keys, key{DeadColor, "filled"})
	}
	if f.Solver != "" {
		keys = append(keys, key{b.Style.Maze.SolutionColor, "the solution (" + f.Solver + ")"})
	}
	var items []display.Item
	sz := b.sizes()
	size := sz.text
	x, y := area.X, area.Y+size
	sw := sz.swatch
	for _, k := range keys {
		w := typeface.Width(font, size, k.text)
		if x+sw+4+w > area.X+area.W {
			break
		}
		items = append(items,
			&display.Fill{Box: display.Box{X: x, Y: y - sw, W: sw, H: sw}, Color: k.col},
			&display.Line{Paths: []display.Path{display.Polyline(display.Point{X: x, Y: y - sw}, display.Point{X: x + sw, Y: y - sw}, display.Point{X: x + sw, Y: y}, display.Point{X: x, Y: y}, display.Point{X: x, Y: y - sw})}, Width: 0.4, Color: display.Black},
			&display.Text{X: x + sw + 3, Y: y, Size: size, Font: font, Color: display.Black, Text: k.text})
		x += sw + 3 + w + sz.keyGap
	}
	return items
}

// StoryboardPages draws the whole storyboard on pages of the given size
// with margin points on every side: the pages 'mazebook steps' writes.
// The first page's area starts below a title line.
func (f *Film) StoryboardPages(b Board, width, height, margin float64, title string) ([]display.Page, error) {
	// The title is set in the board's font when it has one (a book's,
	// which reads its language), in Go Bold otherwise.
	titleFont := b.Font
	if titleFont == nil {
		titleFont = typeface.Bold
	}
	area := display.Box{X: margin, Y: margin + 2*boardText + 6, W: width - 2*margin, H: height - 2*margin - 2*boardText - 6}
	n, err := f.BoardPages(b, area)
	if err != nil {
		return nil, err
	}
	var pages []display.Page
	for i := 0; i < n; i++ {
		items, err := f.DrawBoardPage(b, area, i)
		if err != nil {
			return nil, err
		}
		head := title
		if n > 1 {
			head = fmt.Sprintf("%s (%d/%d)", title, i+1, n)
		}
		head = typeface.Ellipsize(titleFont, 2*boardText, head, area.W)
		items = append([]display.Item{&display.Text{X: margin, Y: margin + 2*boardText, Size: 2 * boardText, Font: titleFont, Color: display.Black, Text: head}}, items...)
		pages = append(pages, display.Page{Width: width, Height: height, Trim: display.Box{W: width, H: height}, Items: items})
	}
	return pages, nil
}
