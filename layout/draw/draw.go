// Package draw draws a maze in a box as display items: its walls, stitched
// into paths that meet cleanly at any angle (arcs on circles), its
// solution through the cells' centres, and its entrance and exit marked
// with squares, words, or (without colour) an arrow and a flag. It knows
// mazes and boxes, not specs or pages.
package draw

import (
	"image"
	"math"
	"slices"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Markers says how the entrance and the exit are marked.
type Markers string

// The marker styles.
const (
	// Shapes draws an arrow pointing in at the entrance and a flag at the
	// exit, MarkSide in size whatever the cell, outlined in black and
	// filled with the style's colours: told apart by shape, so that a
	// black-and-white photocopy keeps them (the default).
	Shapes Markers = "shapes"
	// Squares draws a coloured square outside each opening (seed 000).
	Squares Markers = "squares"
	// Labels writes Start and Finish beside the openings.
	Labels Markers = "labels"
	// None leaves the openings unmarked.
	None Markers = "none"
)

// markerStyles are the marker styles, in the order they are offered.
var markerStyles = []Markers{Shapes, Squares, Labels, None}

// MarkerNames returns the names of the marker styles: shapes, squares,
// labels, none.
func MarkerNames() []string { return names(markerStyles) }

// ParseMarkers parses a marker style's name (see MarkerNames).
func ParseMarkers(name string) (Markers, error) {
	if m, ok := lookup(markerStyles, name); ok {
		return m, nil
	}
	return "", say.Errorf("markers %q is unknown (known: %s)", name, strings.Join(MarkerNames(), ", "))
}

// HeavierLine is how many times heavier than the walls a solution line is
// drawn where its corridor leaves room, and SolutionShare the most of a
// corridor it takes.
const (
	HeavierLine   = 1.5
	SolutionShare = 0.6
)

// LabelSize is the size of the Start and Finish labels, in points.
const LabelSize = 11

// MinMarker and MaxMarker bound the side of the squares that mark the
// doors, in points: 1.5mm and 6mm.
const (
	MinMarker = 1.5 * 72 / 25.4
	MaxMarker = 6 * 72 / 25.4
)

// Style is how one maze is drawn.
type Style struct {
	// Cell is the size of one grid unit (a square cell) and Wall the wall
	// thickness, in points.
	Cell, Wall    float64
	WallColor     display.Color
	SolutionColor display.Color
	EntranceColor display.Color
	ExitColor     display.Color
	// WalkColor is the colour of a solver's walk (see Layers.Walks), and
	// GraphColor of the maze's graph (see Layers.Graph).
	WalkColor  display.Color
	GraphColor display.Color
	Markers    Markers
	// Ink is the ink the maze is printed in; with grayscale or black the
	// openings are marked by shape (Squares draws an arrow pointing in at
	// the entrance and a flag at the exit) and the solution is a solid
	// mid grey line.
	Ink Ink
	// Start and Finish label the openings when Markers is Labels, set in
	// Font (nil: typeface.Bold).
	Start, Finish string
	// MinLine is the thinnest solution line drawn, in points, where the
	// corridors leave room for it.
	MinLine float64
	Font    typeface.Face
	// StartPicture and FinishPicture, when not nil, are drawn at the
	// entrance and at the exit instead of their markers (see
	// PictureMarks).
	StartPicture, FinishPicture image.Image
	// StartArt and FinishArt, when not nil and Markers is Shapes, are a
	// theme's pictures: the start's beside the entrance's arrow, the
	// goal's at the exit instead of the flag (see Room.WithArt), ArtSide
	// points across (0: ArtMin). DoorWords sets Start and Finish (in
	// capitals, in Font) under them, for a child who cannot read a
	// story yet to learn which is which.
	StartArt, FinishArt Art
	ArtSide             float64
	DoorWords           bool
	// ArtAlong stands the start's picture, with its word, beside the
	// entrance's arrow along the wall the door is in, toward the
	// middle of that wall, rather than beyond the arrow (see
	// Room.WithArtAlong): on a page that several mazes share, the room
	// beside a side wall is then the picture's alone, not the arrow's
	// and the picture's end to end.
	ArtAlong bool
	// WordSize is the size of the words under the pictures (see
	// DoorWords) at a TextScale of 1, in points: 0 is DoorWordSize.
	WordSize float64
	// TextScale, 0 or more (0 is 1), sets the Start and Finish labels and
	// the words under a theme's pictures so many times their size: a
	// large-print book's (see spec.Style.LargePrint).
	TextScale float64
	// Mirror draws the maze as in a mirror, left for right (its marks
	// and pictures too, its words still reading): a book written right
	// to left enters its mazes at the right, as its readers start.
	Mirror bool
	// Round draws the walls with round ends and round corners, as a
	// young child's book draws them (see spec.Section.Young): a round end
	// lies inside the square one, so no corridor narrows.
	Round bool
	// Floor, when not the zero Color, is a pale tint laid under the
	// corridors, inside the grid's outline and under its walls: a young
	// child's colour book's (a photocopy drops it, leaving the walls).
	Floor display.Color
	// FlagSide, when above MarkSide, is the least side of the flag the
	// Shapes markers draw at an exit, in points: a young child's book's
	// is FlagFloor, as large as a theme's goal picture (see
	// Room.WithFlag). MarkScale does not shrink it.
	FlagSide float64
	// MarkScale, 0 or more (0 is 1), sizes the shapes marks: an answer
	// key drawn smaller than its puzzles draws their marks smaller too (see
	// ShapesRoom), a large-print book larger. A theme's pictures take
	// ArtSide whatever it is.
	MarkScale float64

	// cleared marks the cells whose walls between them are not drawn,
	// nil for none: the room around a picture inside the maze (see
	// clearing).
	cleared []bool
}

// InkStyle returns the style of a maze printed in ink, its doors marked
// as markers says with the words start and finish: the ink's own colours
// for its walls, solution and marks (InkDefaults) and for a solver's walk
// and the maze's graph (TeachingColors). The caller sets its size (Cell,
// Wall) and what else its page draws; a book's section starts from the
// style its spec resolves instead (see plan.Plan.Style).
func InkStyle(ink Ink, markers Markers, start, finish string) Style {
	st := Style{Ink: ink, Markers: markers, Start: start, Finish: finish}
	st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = InkDefaults(ink)
	st.WalkColor, st.GraphColor = TeachingColors(ink)
	return st
}

// Drawing is a maze placed on a page: where its grid's origin is, and the
// items that draw it.
type Drawing struct {
	// Origin is the page position of the grid's (0, 0) corner.
	Origin display.Point
	// Cell is the size of one grid unit in points.
	Cell float64
	// Items draw the floor's tint (see Style.Floor), the walls, then the
	// solution, then the markers.
	Items []display.Item
	// Bounds holds the ink of the walls and the markers: the same for a
	// puzzle and its answer, whatever the layers drawn over it.
	Bounds display.Box
	// Marks are the marks the Shapes markers drew at the doors (none
	// for the other markers).
	Marks []Mark
	// Mirrored is true when the maze was drawn as in a mirror (see
	// Style.Mirror): the grid's point (x, y) is at Origin plus
	// ((gw - x)·Cell, y·Cell), gw its width.
	Mirrored bool
}

// Move moves the drawing by (dx, dy) points on its page: its items, its
// origin and its bounds.
func (d *Drawing) Move(dx, dy float64) {
	display.Translate(d.Items, dx, dy)
	for i := range d.Marks {
		d.Marks[i].Box.X += dx
		d.Marks[i].Box.Y += dy
	}
	d.Origin.X += dx
	d.Origin.Y += dy
	d.Bounds.X += dx
	d.Bounds.Y += dy
}

// Room is the room a maze needs around its grid's box for its markers:
// CellsX and CellsY grid units plus AbsX and AbsY points on every side.
type Room struct {
	CellsX, CellsY float64
	AbsX, AbsY     float64
}

// RoomFor returns the room markers need: it is the same whatever the maze,
// so that every maze of a section gets the same cell size.
func RoomFor(m Markers, start, finish string, font typeface.Face) Room {
	return RoomForScaled(m, start, finish, font, 1)
}

// RoomForScaled is RoomFor with the marks and labels f times their size
// (see Style.TextScale and Style.MarkScale).
func RoomForScaled(m Markers, start, finish string, font typeface.Face, f float64) Room {
	if !(f > 0) {
		f = 1
	}
	label := float64(LabelSize * f)
	switch m {
	case Shapes:
		return ShapesRoom(f)
	case Squares:
		return Room{CellsX: 1, CellsY: 1}
	case Labels:
		font = labelFont(font)
		w := math.Max(typeface.Width(font, label, start), typeface.Width(font, label, finish))
		return Room{CellsX: 0.5, CellsY: 0.5, AbsX: w + 4, AbsY: label + 4}
	}
	return Room{CellsX: 0.5, CellsY: 0.5}
}

// FitCell returns the largest cell size at which a grid of gw by gh units,
// with its marker room, fits in box.
func FitCell(box display.Box, gw, gh float64, r Room) float64 {
	cx := (box.W - 2*r.AbsX) / (gw + 2*r.CellsX)
	cy := (box.H - 2*r.AbsY) / (gh + 2*r.CellsY)
	return math.Min(cx, cy)
}

// wordsSize returns the width and the height of the words under a
// style's pictures, the gap above them included: 0 and 0 without words.
func (st Style) wordsSize() (w, h float64) {
	if !st.DoorWords {
		return 0, 0
	}
	return DoorWordsSize(st.Font, float64(st.wordSize()*st.textScale()), st.Start, st.Finish)
}

// wordSize returns st.WordSize, DoorWordSize for 0.
func (st Style) wordSize() float64 {
	if st.WordSize > 0 {
		return st.WordSize
	}
	return DoorWordSize
}

// textScale returns st.TextScale, 1 for 0.
func (st Style) textScale() float64 {
	if st.TextScale > 0 {
		return st.TextScale
	}
	return 1
}

// labelSize returns the size of the style's Start and Finish labels.
func (st Style) labelSize() float64 { return float64(LabelSize * st.textScale()) }

// PageSize returns the size of the page Page draws for a grid of gw by gh
// units.
func PageSize(gw, gh float64, st Style, margin float64) (w, h float64) {
	r := RoomForScaled(st.Markers, st.Start, st.Finish, st.Font, st.textScale())
	if st.StartPicture != nil || st.FinishPicture != nil {
		r = r.WithPictures()
	}
	if st.Markers == Shapes && (st.StartArt != nil || st.FinishArt != nil) {
		ww, wh := st.wordsSize()
		r = ShapesRoom(st.MarkScale).WithArt(sizesFor(st).art, ww, wh, AnyAxis)
	}
	return float64(gw*st.Cell) + 2*(float64(r.CellsX*st.Cell)+r.AbsX+margin), float64(gh*st.Cell) + 2*(float64(r.CellsY*st.Cell)+r.AbsY+margin)
}

// Page returns a page just large enough for maze m drawn as st says, with
// a margin of margin points around the maze and its markers, and the
// solutions given drawn (see Maze): the page 'mazebook maze' draws.
func Page(m *maze.Maze, st Style, margin float64, solutions ...[]int) display.Page {
	return PageLayers(m, st, margin, Layers{Solutions: solutions})
}

// NoteSize is the size of a page's note (see Layers.Note), in points.
const NoteSize = 10

// PageLayers is Page drawing the layers l says, and l.Note in lines of
// NoteSize under the maze, the page made taller for them.
func PageLayers(m *maze.Maze, st Style, margin float64, l Layers) display.Page {
	gw, gh := m.Grid.Size()
	w, h := PageSize(gw, gh, st, margin)
	var note []string
	if l.Note != "" {
		note = typeface.Wrap(typeface.Regular, NoteSize, l.Note, math.Max(w-2*margin, 10*NoteSize))
	}
	leading := 1.35 * NoteSize
	page := display.Page{Width: w, Height: h + float64(float64(len(note))*leading), Trim: display.Box{W: w, H: h + float64(float64(len(note))*leading)}}
	page.Items = MazeLayers(m, display.Box{W: w, H: h}, st, l).Items
	for i, line := range note {
		page.Items = append(page.Items, &display.Text{X: w / 2, Y: h - margin/2 + float64(float64(i)*leading) + NoteSize, Size: NoteSize, Font: typeface.Regular, Color: display.Black, Align: display.AlignCenter, Text: line})
	}
	return page
}

// Layers are what is drawn of a maze besides its walls and markers.
type Layers struct {
	// Solutions, one for each part of the maze (see maze.Maze.Parts),
	// are drawn over the maze as lines that run through the cells'
	// centres (round the rings of a circle) and out through the part's
	// openings; under a weave's crossing they leave a gap, passing under.
	// A nil solution draws nothing.
	Solutions [][]int
	// Walks, one for each part, are the cells a solver stepped on, in
	// order (maze.Solution.Walk), drawn under the solutions in
	// st.WalkColor: each step on a lane on the walker's right, so that
	// there and back shows as two lines (see walkItem).
	Walks [][]int
	// Blank draws every wall between two cells standing, whatever the
	// maze's passages (its doors stay open): a worksheet on which a child
	// draws a maze of their own.
	Blank bool
	// Cells, when not nil, draws the walls of only the cells it marks
	// (and of the sides they share with others): the part of a frame
	// redrawn where something changed. A weave is drawn whole.
	Cells []bool
	// Graph draws the maze's graph over its walls, in st.GraphColor: a
	// dot at every cell's centre and an edge through every passage (see
	// graphItems). Over a blank grid it is a puzzle: rub out every wall
	// an edge crosses, and the maze appears.
	Graph bool
	// Note is a line or two of text PageLayers sets under the maze (why
	// a solver failed); Maze and MazeLayers ignore it.
	Note string
}

// Maze draws maze m centred in box as st says, with the solutions given
// (see Layers.Solutions).
func Maze(m *maze.Maze, box display.Box, st Style, solutions ...[]int) Drawing {
	return MazeLayers(m, box, st, Layers{Solutions: solutions})
}

// MazeLayers draws maze m centred in box as st says, with the layers l
// says: the floor's tint, the walls (every one, when l.Blank), the graph,
// the walks, the solutions, then the markers.
func MazeLayers(m *maze.Maze, box display.Box, st Style, l Layers) Drawing {
	solutions := l.Solutions
	gw, gh := m.Grid.Size()
	cell := st.Cell
	origin := display.Point{X: box.X + (box.W-float64(gw*cell))/2, Y: box.Y + (box.H-float64(gh*cell))/2}
	d := Drawing{Origin: origin, Cell: cell}
	at := func(p maze.Point) display.Point {
		return display.Point{X: origin.X + float64(p.X*cell), Y: origin.Y + float64(p.Y*cell)}
	}
	clear := maze.Clearance(m.Grid)
	if fl := floorItem(m, at, st); fl != nil {
		d.Items = append(d.Items, fl)
	}
	nFloor := len(d.Items)
	if w, ok := m.Grid.(*maze.Weave); ok {
		clear = WeaveClearance
		d.Items = append(d.Items, weaveWalls(m, w, at, st)...)
	} else {
		if st.cleared == nil {
			st.cleared = clearing(m, st)
		}
		d.Items = append(d.Items, walls(m, at, st, l.Blank, l.Cells))
	}
	nWalls := len(d.Items)

	// The solution runs out to the squares' centres, half a corridor
	// outside the doors; with labels it stops at the doors, clear of the
	// words; with no marker its round end stops within the room left
	// around the maze.
	corridor := math.Max(float64(clear*cell)-st.Wall, 0)
	// A solution line is clearly heavier than the walls where the
	// corridor leaves room for it, so that it is never taken for one.
	solWidth := math.Min(math.Max(math.Max(corridor/3, st.MinLine), float64(HeavierLine*st.Wall)), float64(corridor*SolutionShare))
	reach := clear * cell / 2
	switch st.Markers {
	case Shapes:
		reach = shapesReach(st.Wall, sizesFor(st))
	case Labels:
		reach = 0
	case None:
		reach = math.Max(reach-solWidth/2, 0)
	}
	// A picture stands where a square would, the solution reaching it.
	reachOf := func(pic image.Image) float64 {
		if pic != nil {
			return clear * cell / 2
		}
		return reach
	}
	inReach, outReach := reachOf(st.StartPicture), reachOf(st.FinishPicture)
	// The way through stops at the doors, clear of their marks and
	// pictures: it ends half its width inside the opening, so that its
	// round end reaches the door's line and no further, never onto an
	// arrow's tip or a picture.
	solIn, solOut := -solWidth/2, -solWidth/2
	if l.Graph {
		d.Items = append(d.Items, graphItems(m, at, corridor, st)...)
	}
	if len(l.Walks) > 0 {
		d.Items = append(d.Items, walkItem(m, l.Walks, at, corridor, st))
	}
	parts := m.Parts()
	var sol []display.Path
	for i, path := range solutions {
		if path != nil && i < len(parts) {
			p := parts[i]
			sol = append(sol, solutionPaths(m, path, doorPoint(m, p.Entrance, at, solIn), doorPoint(m, p.Exit, at, solOut), at)...)
		}
	}
	under := len(d.Items) // where marks the solution runs onto go
	if len(sol) > 0 {
		d.Items = append(d.Items, solutionItems(sol, solWidth, st))
	}
	wallItems := d.Items[nFloor:nWalls]

	var obstacles []segment // the lines a label keeps clear of
	marks := newMarker(m, cell, st.Wall, clear, at, wallItems)
	// The walls ink no more than the grid's box widened by a wall (a
	// square cap's corner, a miter).
	d.Bounds = display.Box{X: origin.X - st.Wall, Y: origin.Y - st.Wall, W: float64(gw*cell) + 2*st.Wall, H: float64(gh*cell) + 2*st.Wall}
	nBefore := len(d.Items)
	var insideMarks []display.Item
	for _, p := range parts {
		if st.StartPicture != nil || st.FinishPicture != nil {
			d.Items = append(d.Items, marks.pictures(p, st, inReach, outReach)...)
		}
		in, out := doorPoint(m, p.Entrance, at, reach), doorPoint(m, p.Exit, at, reach)
		switch st.Markers {
		case Shapes:
			outside, inside := bigMarks(m, p, at, marks, clear, cell, st, &d.Marks)
			d.Items = append(d.Items, outside...)
			d.Items = slices.Insert(d.Items, under, inside...)
			under += len(inside)
			nBefore += len(inside)
			insideMarks = append(insideMarks, inside...)
		case Squares:
			if st.Ink.shapes() {
				d.Items = append(d.Items, shapeMarks(m, p, at, clear, cell, st)...)
				continue
			}
			size := markSize(clear, cell)
			for _, mk := range []struct {
				door display.Point
				d    maze.Door
				c    display.Color
				pic  image.Image
			}{{in, p.Entrance, st.EntranceColor, st.StartPicture}, {out, p.Exit, st.ExitColor, st.FinishPicture}} {
				if mk.pic != nil {
					continue
				}
				size := size
				if mk.d.IsInside() {
					size = math.Min(size, 2*marks.radius(mk.door)) // within the cell's walls
				}
				d.Items = append(d.Items, &display.Fill{Box: display.Box{X: mk.door.X - size/2, Y: mk.door.Y - size/2, W: size, H: size}, Color: mk.c})
			}
		case Labels:
			gap := 3 + (float64(clear*cell)-st.Wall)/6 // clear of the solution's round end
			if obstacles == nil {
				obstacles = segmentsOf(d.Items)
			}
			var outside []label
			for _, mk := range []struct {
				d    maze.Door
				text string
				pic  image.Image
			}{{p.Entrance, st.Start, st.StartPicture}, {p.Exit, st.Finish, st.FinishPicture}} {
				switch {
				case mk.pic != nil:
				case mk.d.IsInside():
					d.Items = append(d.Items, marks.insideLabel(mk.d, mk.text, st.Font, st.labelSize()))
				default:
					outside = append(outside, doorLabel(m, mk.d, at, mk.text, gap, st.Font, st.labelSize(), obstacles))
				}
			}
			if len(outside) == 2 {
				separate(outside[0], outside[1], st.labelSize()/3, obstacles)
			}
			for _, l := range outside {
				d.Items = append(d.Items, l.text)
			}
		}
	}
	// What a puzzle and its answer share: the walls and the marks.
	d.Bounds = d.Bounds.Union(display.ItemsBounds(d.Items[nBefore:])).Union(display.ItemsBounds(insideMarks))
	if st.Mirror {
		axis := origin.X + gw*cell/2
		display.Mirror(d.Items, axis)
		for i := range d.Marks {
			b := &d.Marks[i].Box
			b.X = 2*axis - b.X - b.W
		}
		d.Bounds.X = 2*axis - d.Bounds.X - d.Bounds.W
		d.Mirrored = true
	}
	return d
}

// middle returns the middle of a grid that has one (a circle), when door d
// opens into it.
func middle(m *maze.Maze, d maze.Door) (maze.Point, bool) {
	o, ok := m.Grid.(interface{ Origin() maze.Point })
	if !ok || d.IsInside() || m.Grid.Neighbor(d.Cell, d.Side) != maze.Hole {
		return maze.Point{}, false
	}
	return o.Origin(), true
}

// doorPoint is the point reach points outside a door, on the line from the
// door's cell centre through the middle of the door; for a door into the
// middle of a circle, the middle itself; for a start or a goal inside a
// cell, the cell's centre.
func doorPoint(m *maze.Maze, d maze.Door, at func(maze.Point) display.Point, reach float64) display.Point {
	if d.IsInside() {
		return at(m.Grid.Center(d.Cell))
	}
	if o, ok := middle(m, d); ok {
		return at(o)
	}
	c := at(m.Grid.Center(d.Cell))
	mid := at(m.Grid.Side(d.Cell, d.Side).Mid())
	dx, dy := mid.X-c.X, mid.Y-c.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return mid
	}
	return display.Point{X: mid.X + float64(dx/l*reach), Y: mid.Y + float64(dy/l*reach)}
}

// labelFont returns the face of the Start and Finish labels: font, or
// typeface.Bold for nil.
func labelFont(font typeface.Face) typeface.Face {
	if font == nil {
		return typeface.Bold
	}
	return font
}

// label is a door's label and the way out of the maze from its door.
type label struct {
	text *display.Text
	out  display.Point // unit vector
}

// doorLabel writes text outside a door, gap points from it along the line
// from the door's cell centre through the door (left of a door in a west
// wall, above one in a top wall, out from a hexagon's or triangle's
// slanted side), and further out while it would touch a line of the
// maze; in the middle of a circle, on the middle.
func doorLabel(m *maze.Maze, d maze.Door, at func(maze.Point) display.Point, text string, gap float64, font typeface.Face, size float64, obstacles []segment) label {
	font = labelFont(font)
	t := &display.Text{Size: size, Font: font, Color: display.Black, Text: text, Align: display.AlignCenter}
	asc, desc := typeface.Metrics(font, size)
	if o, ok := middle(m, d); ok {
		p := at(o)
		t.X, t.Y = p.X, p.Y+(asc-desc)/2
		return label{t, display.Point{X: 1}}
	}
	mid := at(m.Grid.Side(d.Cell, d.Side).Mid())
	c := at(m.Grid.Center(d.Cell))
	u := display.Point{X: mid.X - c.X, Y: mid.Y - c.Y}
	if l := math.Hypot(u.X, u.Y); l > 0 {
		u = display.Point{X: u.X / l, Y: u.Y / l}
	} else {
		u = display.Point{Y: -1}
	}
	w := typeface.Width(font, size, text)
	// The distance from the box's centre to its edge along u.
	reach := math.Abs(u.X)*w/2 + math.Abs(u.Y)*(asc+desc)/2
	at2 := func(dist float64) {
		t.X, t.Y = mid.X+float64(u.X*dist), mid.Y+float64(u.Y*dist)+(asc-desc)/2
	}
	dist := gap + reach
	at2(dist)
	for k := 0; k < 40 && hits(t.Bounds(), obstacles); k++ {
		dist += size / 4
		at2(dist)
	}
	return label{t, u}
}

// segment is a straight piece of a stroked line, and half its width.
type segment struct {
	a, b display.Point
	half float64
}

// segmentsOf returns the straight pieces of every line among items, arcs
// flattened.
func segmentsOf(items []display.Item) []segment {
	var out []segment
	for _, it := range items {
		l, ok := it.(*display.Line)
		if !ok {
			continue
		}
		for _, p := range l.Paths {
			pts := p.Flatten(0.1)
			for i := 1; i < len(pts); i++ {
				out = append(out, segment{pts[i-1], pts[i], l.Width / 2})
			}
		}
	}
	return out
}

// hits reports whether any segment comes within its half width (and a
// hair more) of box.
func hits(box display.Box, segs []segment) bool {
	for _, s := range segs {
		if SegmentNearBox(s.a, s.b, box, s.half+0.5) {
			return true
		}
	}
	return false
}

// SegmentNearBox reports whether the segment from p to q comes within r
// of box (the box grown by r on every side, its corners square), by
// clipping the segment to it.
func SegmentNearBox(p, q display.Point, box display.Box, r float64) bool {
	x0, y0, x1, y1 := box.X-r, box.Y-r, box.X+box.W+r, box.Y+box.H+r
	t0, t1 := 0.0, 1.0
	dx, dy := q.X-p.X, q.Y-p.Y
	for _, e := range [][2]float64{{-dx, p.X - x0}, {dx, x1 - p.X}, {-dy, p.Y - y0}, {dy, y1 - p.Y}} {
		pe, qe := e[0], e[1]
		if pe == 0 {
			if qe < 0 {
				return false
			}
			continue
		}
		t := qe / pe
		if pe < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// separate moves two door labels apart when they would overlap or come
// closer than gap (the doors of a maze with openings: longest may be
// neighbours). The second slides along the wall its door is in, across
// its way out, away from the first, until the two are clear and it
// touches no line; should sliding not clear it, it moves further out
// instead.
func separate(a, b label, gap float64, obstacles []segment) {
	apart := func() bool {
		ba, bb := a.text.Bounds(), b.text.Bounds()
		return !(ba.X-gap < bb.X+bb.W && bb.X-gap < ba.X+ba.W && ba.Y-gap < bb.Y+bb.H && bb.Y-gap < ba.Y+ba.H)
	}
	if apart() {
		return
	}
	x0, y0 := b.text.X, b.text.Y
	// Across the way out, the side away from a.
	v := display.Point{X: -b.out.Y, Y: b.out.X}
	if float64((b.text.X-a.text.X)*v.X)+float64((b.text.Y-a.text.Y)*v.Y) < 0 {
		v = display.Point{X: -v.X, Y: -v.Y}
	}
	step := gap * 3 / 8 // an eighth of the labels' size
	for k := 1; k <= 64; k++ {
		b.text.X, b.text.Y = x0+float64(v.X*step*float64(k)), y0+float64(v.Y*step*float64(k))
		if apart() && !hits(b.text.Bounds(), obstacles) {
			return
		}
	}
	for k := 1; k <= 64; k++ {
		b.text.X, b.text.Y = x0+float64(b.out.X*step*float64(k)), y0+float64(b.out.Y*step*float64(k))
		if apart() && !hits(b.text.Bounds(), obstacles) {
			return
		}
	}
	b.text.X, b.text.Y = x0, y0
}

// solutionPaths returns the line of a solution: from the entrance point
// through the centre of every cell to the exit point, round the rings of a
// circle, one piece a step; broken where it passes under a weave's
// crossing.
func solutionPaths(m *maze.Maze, solution []int, in, out display.Point, at func(maze.Point) display.Point) []display.Path {
	var paths []display.Path
	cur := display.Path{Points: []display.Point{in}}
	last := in
	add := func(p display.Point, bend float64) {
		if p == last && len(cur.Points) > 0 {
			return // a start or a goal inside its cell: no step out
		}
		last = p
		cur.Points = append(cur.Points, p)
		if bend != 0 || cur.Bends != nil {
			for len(cur.Bends) < len(cur.Points)-2 {
				cur.Bends = append(cur.Bends, 0)
			}
			cur.Bends = append(cur.Bends, bend)
		}
	}
	weave, _ := m.Grid.(*maze.Weave)
	for i, c := range solution {
		if i == 0 {
			add(at(m.Grid.Center(c)), 0)
			continue
		}
		prev := solution[i-1]
		if weave != nil && (weave.Above(c) >= 0 || weave.Above(prev) >= 0) {
			// Into or out of a tunnel: stop before the crossing's square
			// and start again after it, so the line passes under.
			a, b := at(m.Grid.Center(prev)), at(m.Grid.Center(c))
			const short = 0.45 // of the way from a centre to the next
			if weave.Above(c) >= 0 {
				add(lerp(a, b, short), 0)
				paths = append(paths, cur)
				cur = display.Path{}
			} else {
				cur = display.Path{}
				add(lerp(a, b, 1-short), 0)
				add(b, 0)
			}
			continue
		}
		e := maze.StepEdge(m.Grid, prev, c)
		add(at(e.B), e.Sweep())
	}
	add(out, 0)
	return append(paths, cur)
}

// finish drops the inner points of the path's straight runs.
func finish(p display.Path) display.Path {
	if p.Bends != nil {
		return p // arcs: leave every point
	}
	return display.Polyline(straighten(p.Points)...)
}

func lerp(a, b display.Point, t float64) display.Point {
	return display.Point{X: a.X + float64((b.X-a.X)*t), Y: a.Y + float64((b.Y-a.Y)*t)}
}

// straighten drops the points of a polyline that lie on a straight line
// between their neighbours, going on in the same direction.
func straighten(pts []display.Point) []display.Point {
	if len(pts) < 3 {
		return pts
	}
	out := []display.Point{pts[0]}
	for i := 1; i < len(pts)-1; i++ {
		a, b, c := out[len(out)-1], pts[i], pts[i+1]
		cross := float64((b.X-a.X)*(c.Y-b.Y)) - float64((b.Y-a.Y)*(c.X-b.X))
		dot := float64((b.X-a.X)*(c.X-b.X)) + float64((b.Y-a.Y)*(c.Y-b.Y))
		if math.Abs(cross) > 1e-9 || dot < 0 {
			out = append(out, b)
		}
	}
	return append(out, pts[len(pts)-1])
}
