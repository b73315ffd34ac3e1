package draw

import (
	"math"
	"strings"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// MarkSide is the size of the marks Shapes draws at the doors, in points:
// an arrow 5.5mm long, a flag 5.5mm tall, whatever the cell size, so
// that a child finds them at once and a photocopy keeps them.
const MarkSide = 5.5 * 72 / 25.4

// FlagFloor is the least side of the flag at a young child's exit, in
// points (see Style.FlagSide): the themes' pictures' floor, ArtMin
// (12mm), so that the goal is as plain to see as a picture would be.
const FlagFloor = ArtMin

// markGap is the least room between a mark and the walls, in points: 1mm.
const markGap = 72 / 25.4

// MarkGap is markGap, for the plan's sums: the least room between a
// mark and the walls, or another mark, in points.
const MarkGap = markGap

// markOutline is the weight of a mark's black outline, in points: it
// keeps a mark filled with a pale colour whole on a photocopy.
const markOutline = 1.2

// shapesRoom is the room Shapes leaves around a maze for its marks.
const shapesRoom = MarkSide + 2.5*markGap

// Theme pictures at the doors, in points: at least ArtMin (12mm, large
// enough for a young child to see at once what is where), and up to
// ArtMax (25mm) in proportion to the cells (see ArtFor).
const (
	ArtMin = 12 * 72 / 25.4
	ArtMax = 25 * 72 / 25.4
	// ArtPerCell is the side of a picture in cells, between ArtMin and
	// ArtMax: a cell and a half.
	ArtPerCell = 1.5
	// AnswerArtMin is the least side of a picture in an answer key,
	// drawn smaller than its puzzle: 10mm, still a picture, not a speck.
	AnswerArtMin = 10 * 72 / 25.4
)

// ArtFor returns the side of a theme's pictures beside a maze of cells
// of cell points: a cell and a half, from ArtMin to ArtMax.
func ArtFor(cell float64) float64 {
	return math.Min(math.Max(float64(ArtPerCell*cell), ArtMin), ArtMax)
}

// DoorWordSize is the size of the words (Start, Finish) set under a
// theme's pictures for young children, in points; MinDoorWordSize the
// least they are set at beside a picture they would be wider than (see
// Style.WordSize).
const (
	DoorWordSize    = 12
	MinDoorWordSize = 10
)

// wordGap is the room between a picture and the word under it, in
// points.
const wordGap = 2

// DoorWordsHeight returns the height of a row of door words set in font
// (nil: typeface.Bold) at size, and the gap above it: what a picture's
// column takes below the picture.
func DoorWordsHeight(font typeface.Face, size float64) float64 {
	asc, desc := typeface.Metrics(labelFont(font), size)
	return wordGap + asc + desc
}

// Art draws a picture in a box, as display items (see package theme).
type Art func(box display.Box) []display.Item

// Axis says where the doors of a maze stand, and so where its pictures
// need room.
type Axis int

// The axes.
const (
	// AnyAxis keeps room on every side: doors anywhere (a circle's, a
	// hexagon's).
	AnyAxis Axis = iota
	// Across keeps room at the left and the right: doors in the west and
	// east walls.
	Across
	// Down keeps room above and below: doors in the top and bottom walls
	// (see maze.TopBottom).
	Down
)

// ShapesRoom returns the room the Shapes marks need at scale f (0 is 1),
// and 2pt more for the walls' thickness, which does not scale, when f is
// below 1: the room of an answer's marks drawn smaller than its puzzle's,
// or of a large-print book's marks.
func ShapesRoom(f float64) Room {
	switch {
	case !(f > 0) || f == 1:
		return Room{AbsX: shapesRoom, AbsY: shapesRoom}
	case f > 1:
		return Room{AbsX: float64(shapesRoom * f), AbsY: float64(shapesRoom * f)}
	}
	return Room{AbsX: float64(shapesRoom*f) + 2, AbsY: float64(shapesRoom*f) + 2}
}

// WithArt returns the room Shapes needs when a theme's pictures of the
// given side stand at the doors, with words under them wordsW wide and
// wordsH high, the gap above them included (0 and 0: none; see
// DoorWords): beside the entrance's arrow, its picture, and at the exit
// its goal's, along the axis the doors are on. A picture beside a door in
// a side wall stands across its door's row, so it needs some room above
// and below too.
func (r Room) WithArt(side, wordsW, wordsH float64, axis Axis) Room {
	across := shapesRoom + math.Max(side, wordsW) + markGap // beside a side wall
	down := shapesRoom + side + wordsH + markGap            // above or below
	if axis != Down {
		r.AbsX = max(r.AbsX, across)
		r.AbsY = max(r.AbsY, (side+wordsH)/2+markGap)
	}
	if axis != Across {
		r.AbsY = max(r.AbsY, down)
		r.AbsX = max(r.AbsX, (math.Max(side, wordsW)-side)/2)
	}
	return r
}

// WithArtAlong is WithArt for doors in the side walls (Across) whose
// start picture stands beside its arrow along the wall (see
// Style.ArtAlong), and whose goal picture stands beside its door: the
// room beside a side wall is a picture's column (the picture, or the
// word under it when wider) from the door's line, with the gaps of the
// arrow's room before it and one after; above and below the grid a
// gap, the columns standing within the grid's height, or over points
// more where they reach past it.
//
// The walls are wall points thick at the least and wallCells of a cell
// more (see spec.FitWall): a column keeps a gap from their ink.
func (r Room) WithArtAlong(side, wordsW, wall, wallCells, over float64) Room {
	r.AbsX = max(r.AbsX, wall/2+markGap+math.Max(side, wordsW)+markGap)
	r.CellsX = max(r.CellsX, wallCells/2)
	r.AbsY = markGap + over
	return r
}

// WithFlag returns the room Shapes needs when the flag at the exit is
// side points across (see Style.FlagSide): on every side, as the flag's
// door may be on any.
func (r Room) WithFlag(side float64) Room { return r.WithFlagOn(side, AnyAxis) }

// WithFlagOn is WithFlag for doors on axis: the flag's room beside the
// side walls (Across) or above and below (Down), and across the axis
// half the flag's side and a gap, as a flag beside its door's row or
// column stands over it by no more; on AnyAxis, on every side.
func (r Room) WithFlagOn(side float64, axis Axis) Room {
	need := side + 2.5*markGap
	half := side/2 + markGap
	switch axis {
	case Across:
		r.AbsX, r.AbsY = max(r.AbsX, need), max(r.AbsY, half)
	case Down:
		r.AbsX, r.AbsY = max(r.AbsX, half), max(r.AbsY, need)
	default:
		r.AbsX, r.AbsY = max(r.AbsX, need), max(r.AbsY, need)
	}
	return r
}

// LabelsOn is the room of the labels markers (see RoomForScaled) for
// doors on axis: beside the side walls (Across) or above and below
// (Down), and across the axis only the half of a label that may stand
// past a door near a corner, with no cells of room; on AnyAxis, r.
func (r Room) LabelsOn(axis Axis) Room {
	switch axis {
	case Across:
		r.CellsY, r.AbsY = 0, r.AbsY/2
	case Down:
		r.CellsX, r.AbsX = 0, r.AbsX/2
	}
	return r
}

// ShapesOn is the room of the Shapes marks at scale f (see ShapesRoom)
// for doors on axis: beyond the walls its doors are in, the whole room;
// across the axis only half a mark and a gap, as the arrow or the flag
// at a door in the grid's first or last column (or row) stands past the
// grid by no more. On AnyAxis, r.
func (r Room) ShapesOn(axis Axis, f float64) Room {
	if !(f > 0) {
		f = 1
	}
	half := float64(MarkSide*f)/2 + float64(markGap*f)
	switch axis {
	case Across:
		r.CellsY, r.AbsY = 0, math.Min(r.AbsY, half)
	case Down:
		r.CellsX, r.AbsX = 0, math.Min(r.AbsX, half)
	}
	return r
}

// DoorWordsSize returns the width and the height (see DoorWordsHeight) of
// the words start and finish set under a theme's pictures in font (nil:
// typeface.Bold) at size, the wider of them: what a picture's column
// takes beside and below the picture.
func DoorWordsSize(font typeface.Face, size float64, start, finish string) (w, h float64) {
	font = labelFont(font)
	w = math.Max(typeface.Width(font, size, strings.ToUpper(start)), typeface.Width(font, size, strings.ToUpper(finish)))
	return w, DoorWordsHeight(font, size)
}

// markSizes are the sizes of the shapes marks and of the room around
// them, in points, at a scale; flag is the side of the flag at the exit,
// art the side of a theme's pictures, and word the size of the words
// under them (0: none).
type markSizes struct {
	side, flag, gap, room, art, word float64
	// along stands the start's picture beside its arrow (see
	// Style.ArtAlong).
	along bool
}

// sizesFor returns the marks' sizes of a style: at its MarkScale, its
// pictures' side and its words' size.
func sizesFor(st Style) markSizes {
	f := st.MarkScale
	if !(f > 0) {
		f = 1
	}
	ms := markSizes{side: float64(MarkSide * f), gap: float64(markGap * f), room: float64(shapesRoom * f), art: st.ArtSide, along: st.ArtAlong}
	ms.flag = math.Max(ms.side, st.FlagSide)
	if ms.flag > ms.side {
		ms.room = math.Max(ms.room, ms.flag+float64(2.5*ms.gap))
	}
	if ms.art <= 0 {
		ms.art = ArtMin
	}
	if st.DoorWords {
		ms.word = float64(st.wordSize() * st.textScale())
	}
	return ms
}

// shapesReach is how far outside its door a solution runs when Shapes
// marks the doors, wall of the given thickness: to the arrow's tip.
func shapesReach(wall float64, ms markSizes) float64 { return wall/2 + ms.gap }

// bigMarks marks the entrance of part p with an arrow pointing in and its
// exit with a flag, each MarkSide in size, outlined in black and filled
// with the style's colours (black, without colour), standing outside its
// door with at least markGap between it and every wall: moved further out
// where a shape's outline (a hexagon's, a triangle's, a word's letters)
// comes close. A door into a circle's middle, or a start or a goal inside
// a cell, has its mark there, as large as the walls around it allow. A
// door with a picture (st.StartPicture, st.FinishPicture) has the picture
// instead. The marks inside the maze are returned apart, to be drawn
// under the solution that runs onto them.
func bigMarks(m *maze.Maze, p maze.Part, at func(maze.Point) display.Point, k *marker, clear, cell float64, st Style, marks *[]Mark) (outside, inside []display.Item) {
	in, out := st.EntranceColor, st.ExitColor
	if st.Ink.shapes() {
		in, out = display.Black, display.Black
	}
	ms := sizesFor(st)
	for _, mk := range []struct {
		d     maze.Door
		arrow bool
		c     display.Color
		pic   bool
		art   Art
		word  string
	}{{p.Entrance, true, in, st.StartPicture != nil, st.StartArt, st.Start}, {p.Exit, false, out, st.FinishPicture != nil, st.FinishArt, st.Finish}} {
		if mk.pic {
			continue // the picture marks it
		}
		dm := doorMark{marks: marks, exit: !mk.arrow, m: m, d: mk.d, arrow: mk.arrow, art: mk.art, at: at, k: k, wall: st.Wall, c: mk.c, ms: ms}
		if mk.art != nil && ms.word > 0 {
			dm.word = doorWord(mk.word, st.Font, ms.word)
		}
		items := dm.items()
		if _, ok := middle(m, mk.d); ok || mk.d.IsInside() {
			inside = append(inside, items...)
		} else {
			outside = append(outside, items...)
		}
	}
	return outside, inside
}

// MarkKind says what a mark at a door is.
type MarkKind int

// The kinds of mark.
const (
	ArrowMark MarkKind = iota
	FlagMark
	PictureMark
	WordMark
)

// Mark is a mark the Shapes markers drew at a door: what it is, whether
// it marks the exit, and the box it stands in (a picture's box, a
// polygon's corners, a word's letters).
type Mark struct {
	Exit bool
	Kind MarkKind
	Box  display.Box
}

// doorWord returns the word set under a door's picture: the label in
// capitals (where its script has them), set in font at size.
func doorWord(label string, font typeface.Face, size float64) *display.Text {
	if label == "" {
		return nil
	}
	return &display.Text{Size: size, Font: labelFont(font), Color: display.Black, Align: display.AlignCenter, Text: strings.ToUpper(label)}
}

// doorMark is one door's mark as bigMarks draws it: an arrow pointing in
// (arrow) or a flag; with a theme's picture (art not nil), the picture
// beyond the entrance's arrow, or at the exit instead of the flag, and
// word (when not nil) under it.
type doorMark struct {
	// marks, when not nil, is told each mark drawn, and exit whether
	// they mark the exit.
	marks *[]Mark
	exit  bool
	m     *maze.Maze
	d     maze.Door
	arrow bool
	art   Art
	word  *display.Text
	at    func(maze.Point) display.Point
	k     *marker
	wall  float64
	c     display.Color
	ms    markSizes
	// long is the length of the entrance's arrow at full size (see
	// items).
	long float64
}

// note tells dm.marks of a mark of a kind drawn in box.
func (dm doorMark) note(kind MarkKind, box display.Box) {
	if dm.marks != nil {
		*dm.marks = append(*dm.marks, Mark{Exit: dm.exit, Kind: kind, Box: box})
	}
}

// shape returns the items of the door's arrow or flag, its polygon poly,
// and notes it.
func (dm doorMark) shape(poly []display.Point) []display.Item {
	kind := FlagMark
	if dm.arrow {
		kind = ArrowMark
	}
	dm.note(kind, polygonBox(poly))
	return markItems(poly, dm.c)
}

// polygonBox returns the box around a polygon's corners.
func polygonBox(poly []display.Point) display.Box {
	lo, hi := poly[0], poly[0]
	for _, q := range poly[1:] {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	return display.Box{X: lo.X, Y: lo.Y, W: hi.X - lo.X, H: hi.Y - lo.Y}
}

// items draws the door's mark.
func (dm doorMark) items() []display.Item {
	m, d, ms := dm.m, dm.d, dm.ms
	if _, ok := middle(m, d); ok || d.IsInside() {
		return dm.inside()
	}
	centre := dm.at(m.Grid.Center(d.Cell))
	edge := m.Grid.Side(d.Cell, d.Side)
	mid := dm.at(edge.Mid())
	dir := inward(mid, centre) // into the maze
	// The arrow is at least half as wide as its doorway (ArrowWidth), and
	// longer with it, as far as the room beside the door holds: into the
	// room kept for the picture beyond it, down to the picture's floor.
	a, b := dm.at(edge.A), dm.at(edge.B)
	long, wide := ms.side, ArrowWidth(math.Hypot(b.X-a.X, b.Y-a.Y)-dm.wall, ms.side)
	if dm.arrow {
		spare := float64(1.5*ms.gap) - dm.wall/2 // the room's end past the mark
		if dm.art != nil {
			spare = math.Max(spare, ms.art-math.Min(ms.art, ArtMin))
		}
		long = math.Max(ms.side, math.Min(float64(arrowLength*wide), ms.side+spare))
		dm.long = long
	}
	place := func(off, side float64) []display.Point {
		base := display.Point{X: mid.X - float64(dir.X*off), Y: mid.Y - float64(dir.Y*off)}
		if dm.arrow {
			f := side / ms.side
			return wideArrowPolygon(base, dir, float64(long*f), float64(wide*f))
		}
		r := side / 2
		return flagPolygon(base.X-float64(dir.X*r), base.Y-float64(dir.Y*r), side)
	}
	// Out from the door, within the room left for it, until the mark's
	// outline keeps ms.gap from every wall (half a wall from its line,
	// as walls are drawn); where no place is clear (a narrow gap between
	// the letters of a word), further out, then smaller at the door.
	first := dm.wall/2 + ms.gap
	reach := ms.room + long
	if dm.art != nil {
		reach += ms.art + ms.gap + dm.wordHeight()
	}
	segs := dm.k.wallsNear(mid, reach)
	free := func(p []display.Point) bool { return polygonClear(p, segs, dm.wall/2+float64(ms.gap*0.9)) }
	if dm.art != nil {
		if items := dm.picture(mid, dir, first, place, free); items != nil {
			return items
		}
		// No room for the picture: the plain mark.
	}
	full := ms.side
	if !dm.arrow {
		full = ms.flag
	}
	// It stays in the room kept for it past the door's line (ms.room,
	// which the plan leaves around the maze): a wall so thick that the
	// mark, a gap off it, would reach further is drawn with a smaller
	// mark instead, never under 60% of its size, nor a young child's
	// flag under its floor (FlagSide).
	extent, least := full, float64(0.6*full)
	if dm.arrow {
		extent = long
	} else if ms.flag > ms.side {
		least = ms.flag
	}
	if limit := ms.room - first - markOutline/2; extent > limit && limit > 0 {
		full = math.Max(float64(full*limit/extent), least)
	}
	for off := first; off <= first+ms.room+1e-9; off += ms.gap / 2 {
		if poly := place(off, full); free(poly) {
			return dm.shape(poly)
		}
	}
	for side := float64(full * 0.9); side > full*0.25; side *= 0.9 {
		if poly := place(first, side); free(poly) {
			return dm.shape(poly)
		}
	}
	return dm.shape(place(first, full*0.25))
}

// wordHeight is the height the word under the picture takes, with the
// gap above it: 0 without a word.
func (dm doorMark) wordHeight() float64 {
	if dm.word == nil {
		return 0
	}
	return DoorWordsHeight(dm.word.Font, dm.word.Size)
}

// picture draws the door's picture, with its word under it, outside the
// door along the way out of the maze: beyond the arrow, or where the flag
// would stand; as large as ms.art where that is clear of the walls, moved
// further out or smaller (to three quarters) where not. It returns nil
// when no place is clear.
func (dm doorMark) picture(mid, dir display.Point, first float64, place func(off, side float64) []display.Point, free func([]display.Point) bool) []display.Item {
	ms := dm.ms
	out := display.Point{X: -dir.X, Y: -dir.Y}
	start, art := first, ms.art
	if dm.arrow {
		start += dm.long + ms.gap
		if !free(place(first, ms.side)) {
			return nil
		}
		// A longer arrow takes its length from the picture's room.
		art = math.Max(ms.art-(dm.long-ms.side), math.Min(ms.art, ArtMin))
	}
	wordW, wordH := 0.0, dm.wordHeight()
	if dm.word != nil {
		wordW = typeface.Width(dm.word.Font, dm.word.Size, dm.word.Text)
	}
	boxFree := func(col display.Box) bool {
		return free([]display.Point{{X: col.X, Y: col.Y}, {X: col.X + col.W, Y: col.Y}, {X: col.X + col.W, Y: col.Y + col.H}, {X: col.X, Y: col.Y + col.H}})
	}
	if _, rect := dm.m.Grid.(maze.Rect); rect && ms.along {
		// Beside a rectangle no wall stands past its outline's ink: a
		// column clear of that by the gap is clear of every wall (the
		// walls' segments, lengthened at their ends, reach past it
		// where a wall meets the outline).
		gw, gh := dm.m.Grid.Size()
		lo, hi := dm.at(maze.Point{}), dm.at(maze.Point{X: gw, Y: gh})
		d := dm.wall/2 + float64(ms.gap*0.9)
		ink := display.Box{X: math.Min(lo.X, hi.X) - d, Y: math.Min(lo.Y, hi.Y) - d, W: math.Abs(hi.X-lo.X) + 2*d, H: math.Abs(hi.Y-lo.Y) + 2*d}
		boxFree = func(col display.Box) bool {
			return col.X >= ink.X+ink.W || col.X+col.W <= ink.X || col.Y >= ink.Y+ink.H || col.Y+col.H <= ink.Y
		}
	}
	if dm.arrow && ms.along {
		if items := dm.pictureAlong(mid, out, first, place, boxFree, ms.art, wordW, wordH); items != nil {
			return items
		}
	}
	for side := art; side >= float64(art*0.75)-1e-9; side *= 0.95 {
		w, h := math.Max(side, wordW), side+wordH
		// The column's centre, off points from the door: its edge
		// nearest the door start points out.
		support := math.Abs(out.X)*w/2 + math.Abs(out.Y)*h/2
		for off := start + support; off <= start+support+ms.gap*4+1e-9; off += ms.gap / 2 {
			c := dm.alongWall(display.Point{X: mid.X + float64(out.X*off), Y: mid.Y + float64(out.Y*off)}, out, w, h)
			col := display.Box{X: c.X - w/2, Y: c.Y - h/2, W: w, H: h}
			if !boxFree(col) {
				continue
			}
			return dm.column(c, col, side, first, place)
		}
	}
	return nil
}

// pictureAlong draws the entrance's picture, with its word under it, in
// a column beside the arrow along the wall the door is in (see
// Style.ArtAlong), toward the middle of the wall, its edge nearest the
// door first points out (where the arrow's tip is): art points across
// where that is clear of the walls, further along or smaller (to three
// quarters) where not. It returns nil when no place is clear.
func (dm doorMark) pictureAlong(mid, out display.Point, first float64, place func(off, side float64) []display.Point, free func(display.Box) bool, art, wordW, wordH float64) []display.Item {
	ms := dm.ms
	gw, gh := dm.m.Grid.Size()
	centre := dm.at(maze.Point{X: gw / 2, Y: gh / 2})
	// t runs along the wall, toward the grid's middle.
	t := display.Point{X: -out.Y, Y: out.X}
	if float64((centre.X-mid.X)*t.X)+float64((centre.Y-mid.Y)*t.Y) < 0 {
		t = display.Point{X: -t.X, Y: -t.Y}
	}
	// How far the arrow reaches along t from the door's middle.
	reach := 0.0
	for _, q := range place(first, ms.side) {
		reach = math.Max(reach, float64((q.X-mid.X)*t.X)+float64((q.Y-mid.Y)*t.Y))
	}
	for side := art; side >= float64(art*0.75)-1e-9; side *= 0.95 {
		w, h := math.Max(side, wordW), side+wordH
		across := float64(math.Abs(out.X)*w) + float64(math.Abs(out.Y)*h) // the column's extent out from the wall
		length := float64(math.Abs(t.X)*w) + float64(math.Abs(t.Y)*h)     // and along it
		for off := reach + ms.gap + length/2; off <= reach+ms.gap+length/2+ms.gap*4+1e-9; off += ms.gap / 2 {
			o := first + across/2
			c := display.Point{X: mid.X + float64(out.X*o) + float64(t.X*off), Y: mid.Y + float64(out.Y*o) + float64(t.Y*off)}
			col := display.Box{X: c.X - w/2, Y: c.Y - h/2, W: w, H: h}
			if free(col) {
				return dm.column(c, col, side, first, place)
			}
		}
	}
	return nil
}

// column draws the door's picture side points across at the top of
// its column col, whose centre is c, the word under it, and the
// entrance's arrow at the door.
func (dm doorMark) column(c display.Point, col display.Box, side, first float64, place func(off, side float64) []display.Point) []display.Item {
	cx := c.X
	pic := display.Box{X: cx - side/2, Y: col.Y, W: side, H: side}
	items := dm.art(pic)
	dm.note(PictureMark, pic)
	if dm.word != nil {
		asc, _ := typeface.Metrics(dm.word.Font, dm.word.Size)
		word := *dm.word
		word.X, word.Y = cx, col.Y+side+wordGap+asc
		items = append(items, &word)
		dm.note(WordMark, word.Bounds())
	}
	if dm.arrow {
		items = append(dm.shape(place(first, dm.ms.side)), items...)
	}
	return items
}

// alongWall moves the centre c of a picture's column w by h points, out
// from a door in a wall facing out, along the wall until the column is
// within the grid's span there: a picture at a door in a corner stands
// over the maze's corner, not past its side. A door in a slanted wall,
// or a grid narrower than the column, keeps it where it is.
func (dm doorMark) alongWall(c, out display.Point, w, h float64) display.Point {
	gw, gh := dm.m.Grid.Size()
	lo, hi := dm.at(maze.Point{}), dm.at(maze.Point{X: gw, Y: gh})
	clamp := func(v, half, a, b float64) float64 {
		if b-a < 2*half {
			return v
		}
		return math.Min(math.Max(v, a+half), b-half)
	}
	switch {
	case math.Abs(out.Y) > 0.99: // a door in the top or bottom wall
		c.X = clamp(c.X, w/2, lo.X, hi.X)
	case math.Abs(out.X) > 0.99: // in a side wall
		c.Y = clamp(c.Y, h/2, lo.Y, hi.Y)
	}
	return c
}

// inside draws the mark of a door into a circle's middle, or of a start
// or a goal inside a cell: there, as large as the walls around it allow.
func (dm doorMark) inside() []display.Item {
	m, d, ms, k := dm.m, dm.d, dm.ms, dm.k
	pt := doorPoint(m, d, dm.at, 0)
	most := ms.side
	if !dm.arrow {
		most = ms.flag
	}
	if dm.art != nil {
		most = ms.art
	}
	side := math.Min(2*k.radius(pt), most)
	if _, ok := middle(m, d); ok {
		w, _ := k.fit(pt, 1, most/2+ms.gap)
		side = math.Min(w-ms.gap, most)
	}
	if side <= 0 {
		return nil
	}
	if dm.art != nil {
		pic := display.Box{X: pt.X - side/2, Y: pt.Y - side/2, W: side, H: side}
		dm.note(PictureMark, pic)
		return dm.art(pic)
	}
	var poly []display.Point
	if dm.arrow {
		poly = arrowPolygon(display.Point{X: pt.X + side/2, Y: pt.Y}, display.Point{X: 1}, side)
	} else {
		// A flag fills its square more than an arrow: a little smaller,
		// its pole clear of the cell's walls to the eye.
		poly = flagPolygon(pt.X, pt.Y, float64(0.8*side))
	}
	return dm.shape(poly)
}

// markItems fills a mark's polygon with colour c and outlines it in black.
func markItems(poly []display.Point, c display.Color) []display.Item {
	ring := append(append([]display.Point(nil), poly...), poly[0])
	return []display.Item{
		&display.Shape{Color: c, Polygons: [][]display.Point{poly}},
		&display.Line{Paths: []display.Path{display.Polyline(ring...)}, Width: markOutline, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin},
	}
}

// flagPolygon returns a flag standing in a square of the given side
// centred on (cx, cy): a pole at its left and a swallow-tailed pennant
// flying to the right from the pole's top, as one outline. No other mark
// on a page has its shape (the difficulty rating is stars), so a child
// told to draw a line to the flag finds it, in colour or on a photocopy.
func flagPolygon(cx, cy, side float64) []display.Point {
	at := func(x, y float64) display.Point {
		return display.Point{X: cx + float64(x*side), Y: cy + float64(y*side)}
	}
	return []display.Point{
		at(-0.34, 0.5), at(-0.34, -0.5), at(-0.22, -0.5), // the pole, up
		at(0.38, -0.5), at(0.14, -0.26), at(0.38, -0.02), // the pennant and its tail
		at(-0.22, -0.02), at(-0.22, 0.5), // down the pole's right edge
	}
}

// ArrowWidth returns how wide the arrow at a doorway door points wide
// (between its walls' faces) is drawn, its length side at its least: at
// least half the doorway, so that a child sees which way is in, and no
// narrower than an arrow side long.
func ArrowWidth(door, side float64) float64 {
	return math.Max(float64(arrowWide*side), door/2)
}

// An arrow side long is arrowWide·side wide; a wider one is as long as
// arrowLength times its width, where the room beside its door holds it.
const (
	arrowWide   = 0.9
	arrowLength = 0.75
)

// arrowPolygon returns an arrow side points long pointing along the unit
// vector dir, its tip at tip: a head of half its length and a shaft a
// third of its width.
func arrowPolygon(tip, dir display.Point, side float64) []display.Point {
	head, half, shaft := float64(0.55*side), float64(0.45*side), float64(0.16*side)
	return arrowOf(tip, dir, side, head, half, shaft)
}

// wideArrowPolygon returns an arrow long points long and wide points
// wide pointing along the unit vector dir, its tip at tip: as
// arrowPolygon draws one, wider.
func wideArrowPolygon(tip, dir display.Point, long, wide float64) []display.Point {
	if wide <= float64(arrowWide*long) {
		return arrowPolygon(tip, dir, long)
	}
	return arrowOf(tip, dir, long, float64(0.55*long), wide/2, float64(wide*0.16/arrowWide))
}

// arrowOf returns the arrow long points long pointing along dir, its tip
// at tip: a head head long and half wide either side, on a shaft shaft
// wide either side.
func arrowOf(tip, dir display.Point, long, head, half, shaft float64) []display.Point {
	n := display.Point{X: -dir.Y, Y: dir.X}
	at := func(back, across float64) display.Point {
		return display.Point{X: tip.X - float64(dir.X*back) + float64(n.X*across), Y: tip.Y - float64(dir.Y*back) + float64(n.Y*across)}
	}
	return []display.Point{
		tip,
		at(head, half), at(head, shaft), at(long, shaft),
		at(long, -shaft), at(head, -shaft), at(head, -half),
	}
}

// polygonClear reports whether every edge of the closed polygon stays at
// least gap from every segment, and no segment lies inside it.
func polygonClear(poly []display.Point, segs [][2]display.Point, gap float64) bool {
	// Only segments that come near the polygon's box can touch it.
	lo, hi := poly[0], poly[0]
	for _, q := range poly[1:] {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	near := segs[:0:0]
	for _, s := range segs {
		if math.Max(s[0].X, s[1].X) >= lo.X-gap && math.Min(s[0].X, s[1].X) <= hi.X+gap &&
			math.Max(s[0].Y, s[1].Y) >= lo.Y-gap && math.Min(s[0].Y, s[1].Y) <= hi.Y+gap {
			near = append(near, s)
		}
	}
	segs = near
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		for _, s := range segs {
			if segSegGap(a, b, s[0], s[1]) < gap {
				return false
			}
		}
	}
	for _, s := range segs {
		if pointInPolygon(s[0], poly) {
			return false
		}
	}
	return true
}

// segSegGap returns the distance between the segments ab and cd.
func segSegGap(a, b, c, d display.Point) float64 {
	if segmentsCross(a, b, c, d) {
		return 0
	}
	return math.Min(math.Min(pointSegGap(a, c, d), pointSegGap(b, c, d)), math.Min(pointSegGap(c, a, b), pointSegGap(d, a, b)))
}

// pointInPolygon reports whether p lies inside the polygon (even-odd).
func pointInPolygon(p display.Point, poly []display.Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
