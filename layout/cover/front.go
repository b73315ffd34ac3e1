package cover

import (
	"fmt"
	"math"
	"strings"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/kdp"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Sizes of the front, in points on a 6 x 9 in cover (scaled with it).
const (
	titleSize  = 60 // the largest title; it shrinks to fit in 3 lines
	leastTitle = 16
	// frontTitleLines is the most lines a title takes at leastTitle
	// before it is cut short.
	frontTitleLines = 6
	subtitleSize    = 24
	authorSize      = 20
	leastText       = 9
	// coverCells is about how many cells the front's maze has: few
	// enough to read on a thumbnail (sceneCells for young children).
	coverCells = 150
	// margin is how far the front's and back's text keeps from the trim:
	// more than kdp.CoverSafe, for the look of it.
	margin = 0.4 * spec.PointsPerInch
)

// margin returns the text margin of a cover: margin scaled, but never
// less than the safe distance from the trim.
func (d *drawer) margin() float64 { return math.Max(float64(margin*d.u), kdp.CoverSafe) }

// front draws the front cover as the spec's cover.layout composes it
// (see spec.CoverLayouts): the title at the top, the author at the foot,
// the book's maze between them and, in a themed book, the theme's
// characters and scene, with the age badge of a book for children.
func (d *drawer) front() error {
	switch d.s.Cover.Layout {
	case spec.CoverFramed:
		return d.framed()
	case spec.CoverPicture:
		return d.picture()
	}
	return d.band()
}

// titles sets the title, then the subtitle under it, centred on cx in
// width, from y down: the title in fg, the subtitle in accent. It returns
// the y under them.
func (d *drawer) titles(cx, y, width float64, fg, accent display.Color) float64 {
	s, u := d.s, d.u
	if s.Title != "" {
		lines, size, cut := fitBlock(s.Title, d.s.Fonts.Headings, float64(titleSize*u), leastTitle*u, width, 3, frontTitleLines)
		if cut {
			d.warn("title", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "title", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Headings, size)
		for i, l := range lines {
			if i == 0 {
				y += asc
			} else {
				y += float64(size * 1.05)
			}
			t := d.text(cx, y, size, d.s.Fonts.Headings, display.AlignCenter, l)
			t.Color = fg
			d.add(t)
		}
		y += desc
	}
	if s.Subtitle != "" {
		lines, size, cut := fitBlock(s.Subtitle, d.s.Fonts.Text, float64(subtitleSize*u), leastText, width, 2, 3)
		if cut {
			d.warn("subtitle", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "subtitle", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Text, size)
		y += float64(size * 0.4)
		for i, l := range lines {
			if i == 0 {
				y += asc
			} else {
				y += float64(size * 1.2)
			}
			t := d.text(cx, y, size, d.s.Fonts.Text, display.AlignCenter, l)
			t.Color = accent
			d.add(t)
		}
		y += desc
	}
	return y
}

// author sets the author centred on cx in width, its line's foot at
// bottom, in colour fg, and returns the top of its line (bottom, without
// an author).
func (d *drawer) author(cx, bottom, width float64, fg display.Color) float64 {
	if d.s.Author == "" {
		return bottom
	}
	line, size, cut := fitLine(d.s.Author, d.s.Fonts.Headings, float64(authorSize*d.u), leastText, width)
	if cut {
		d.warn("author", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "author", size)
	}
	asc, desc := typeface.Metrics(d.s.Fonts.Headings, size)
	t := d.text(cx, bottom-desc, size, d.s.Fonts.Headings, display.AlignCenter, line)
	t.Color = fg
	d.add(t)
	return bottom - asc - desc
}

// band draws the front of the band layout: the title and subtitle at the
// top and the author at the foot of the cover's colour, the maze on a
// white card between them and, in a book with characters (a theme's, or
// its own start and goal pictures), a white band across the foot (to the
// bleed) holding them, the age badge and the theme's ground; a book for
// children without pictures has its age badge alone at the foot's corner.
func (d *drawer) band() error {
	if d.scene {
		parts, err := d.sceneBand()
		d.parts = &parts
		return err
	}
	f, u := d.g.Front, d.u
	m := d.margin()
	width := f.W - 2*m
	cx := f.X + f.W/2
	y := d.titles(cx, f.Y+m, width, d.fg, d.accent)
	bottom := f.Y + f.H - m
	gap := float64(0.25 * spec.PointsPerInch * u)
	arts, pair := d.characters()
	switch ages := d.ages(); {
	case len(arts) > 0:
		top := f.Y + float64(f.H*0.76)
		band := display.Box{X: f.X, Y: top, W: d.g.Width - f.X, H: d.g.Height - top}
		d.add(&display.Fill{Box: band, Color: display.White})
		inner := display.Box{X: f.X + m, Y: top + float64(0.12*spec.PointsPerInch*u), W: width, H: f.Y + f.H - m - (top + float64(0.12*spec.PointsPerInch*u))}
		d.illustrate(inner, arts, pair, nil)
		bottom = d.author(cx, top-float64(0.12*spec.PointsPerInch*u), width, d.fg)
	case ages != "":
		// No picture to stand beside it, the badge stands alone at the
		// foot's corner, on the cover's colour (a white band round it
		// would be empty), and the author's line beside it, clear of
		// it.
		r := float64(footBadge * u)
		d.add(d.badge(display.Point{X: f.X + f.W - m - r, Y: bottom - r}, r, ages)...)
		d.author(cx, bottom, width-2*(2*r+gap/2), d.fg)
		bottom -= 2 * r
	default:
		bottom = d.author(cx, bottom, width, d.fg)
	}
	area := display.Box{X: f.X + m, Y: y + gap, W: width, H: bottom - gap - (y + gap)}
	if area.H < spec.PointsPerInch {
		return nil // a title so long that no maze fits: the title it is
	}
	_, err := d.coverMaze(area, true, false)
	return err
}

// framed draws the front of the framed layout: a white page in a frame
// of the cover's colour, the title in that colour at its top (black when
// the colour is too pale to read on white), the characters and the age
// badge under it, the maze, and the author over the theme's ground at
// the foot.
func (d *drawer) framed() error {
	f, u := d.g.Front, d.u
	fw := float64(0.3 * spec.PointsPerInch * u)
	panel := display.Box{X: f.X + fw, Y: f.Y + fw, W: f.W - 2*fw, H: f.H - 2*fw}
	d.add(&display.Shape{Polygons: [][]display.Point{roundRect(panel, float64(0.12*spec.PointsPerInch*u))}, Color: display.White})
	ring := inset(panel, float64(0.07*spec.PointsPerInch*u), float64(0.07*spec.PointsPerInch*u))
	d.add(&display.Line{Paths: []display.Path{{Points: roundRect(ring, float64(0.08*spec.PointsPerInch*u)), Closed: true}}, Width: float64(1.5 * u), Color: d.onWhite()})
	m := math.Max(d.margin(), fw+float64(0.22*spec.PointsPerInch*u))
	width := f.W - 2*m
	cx := f.X + f.W/2
	y := d.titles(cx, f.Y+m, width, d.onWhite(), display.Black)
	bottom := f.Y + f.H - m
	gap := float64(0.2 * spec.PointsPerInch * u)
	arts, pair := d.characters()
	if len(arts) > 0 || d.ages() != "" {
		row := display.Box{X: f.X + m, Y: y + gap, W: width, H: float64(f.H * 0.17)}
		d.illustrate(row, arts, theme.Pair{}, nil)
		y = row.Y + row.H
	}
	var ground display.Box
	if pair.Scene.Ground != nil {
		h := float64(0.45 * spec.PointsPerInch * u)
		ground = display.Box{X: ring.X + fw/2, Y: ring.Y + ring.H - h - fw/3, W: ring.W - fw, H: h}
		d.add(pair.Scene.Ground(ground, pair.Scene.Tint)...)
		bottom = math.Min(bottom, ground.Y-gap/2)
	}
	bottom = d.author(cx, bottom, width, display.Black)
	area := display.Box{X: f.X + m, Y: y + gap, W: width, H: bottom - gap - (y + gap)}
	if area.H < spec.PointsPerInch {
		return nil
	}
	_, err := d.coverMaze(area, false, d.plainDoors(arts))
	return err
}

// picture draws the front of the picture layout: the title on the
// cover's colour over a large white panel that holds the characters
// large at its top, the maze under them, the theme's ground at its foot
// and its props about, and the author under the panel.
func (d *drawer) picture() error {
	f, u := d.g.Front, d.u
	m := d.margin()
	width := f.W - 2*m
	cx := f.X + f.W/2
	y := d.titles(cx, f.Y+m, width, d.fg, d.accent)
	gap := float64(0.2 * spec.PointsPerInch * u)
	bottom := d.author(cx, f.Y+f.H-m, width, d.fg)
	panel := display.Box{X: f.X + m, Y: y + gap, W: width, H: bottom - gap - (y + gap)}
	if panel.H < 2*spec.PointsPerInch {
		return nil
	}
	d.add(card(panel, float64(0.15*spec.PointsPerInch*u), float64(0.06*spec.PointsPerInch*u), d.shadow)...)
	pad := float64(0.15 * spec.PointsPerInch * u)
	in := inset(panel, pad, pad)
	arts, pair := d.characters()
	// A young child's maze, its doors marked plainly beside the
	// characters, takes more of the panel: wide corridors need room.
	plain := d.plainDoors(arts)
	rowShare, mazeShare := 0.36, 0.8
	if plain {
		rowShare, mazeShare = 0.3, 0.9
	}
	var held []display.Item
	top := in.Y
	if len(arts) > 0 || d.ages() != "" {
		row := display.Box{X: in.X, Y: in.Y, W: in.W, H: float64(in.H * rowShare)}
		held = d.illustrate(row, arts, theme.Pair{}, nil)
		top = row.Y + row.H
	}
	foot := in.Y + in.H
	if pair.Scene.Ground != nil {
		h := float64(0.5 * spec.PointsPerInch * u)
		g := display.Box{X: in.X, Y: foot - h, W: in.W, H: h}
		ground := pair.Scene.Ground(g, pair.Scene.Tint)
		d.add(ground...)
		held = append(held, ground...)
		foot = g.Y - gap/2
	}
	area := display.Box{X: in.X + float64(in.W*(1-mazeShare)/2), Y: top + gap/2, W: float64(in.W * mazeShare), H: foot - (top + gap/2)}
	if area.H >= spec.PointsPerInch {
		mazeItems, err := d.coverMaze(area, false, plain)
		if err != nil {
			return err
		}
		held = append(held, mazeItems...)
	}
	if len(pair.Scene.Props) > 0 {
		d.add(layout.Scene(theme.Scene{Props: pair.Scene.Props}, in, held, nil, maze.DeriveSeed(d.s.Seed, "cover", "scene"), display.Color{})...)
	}
	return nil
}

// characters returns the pictures the front shows and the pair whose
// scene goes with them: a themed book's characters (see
// layout.Characters), or else the book's own start and goal pictures (see
// layout.OwnPictures), with no scene.
func (d *drawer) characters() ([]theme.Art, theme.Pair) {
	if arts, pair := layout.Characters(d.p); len(arts) > 0 {
		return arts, pair
	}
	return layout.OwnPictures(d.p), theme.Pair{}
}

// onWhite is the cover's colour when it reads on white, black when it
// is too pale.
func (d *drawer) onWhite() display.Color {
	if contrast(d.bg, display.White) >= 3 {
		return d.bg
	}
	return display.Black
}

// illustrate draws the characters arts in a row in box, each as large as
// the box allows (up to 1.6 in scaled), with the age badge at the row's
// end, and, when pair has a ground, the ground in a strip at the box's
// foot under them. It returns what it drew, added to held.
func (d *drawer) illustrate(box display.Box, arts []theme.Art, pair theme.Pair, held []display.Item) []display.Item {
	var items []display.Item
	if pair.Scene.Ground != nil {
		h := math.Min(float64(0.45*spec.PointsPerInch*d.u), float64(box.H*0.3))
		g := display.Box{X: box.X, Y: box.Y + box.H - h, W: box.W, H: h}
		items = append(items, pair.Scene.Ground(g, pair.Scene.Tint)...)
		box.H -= float64(h * 0.55) // the characters stand on the ground
	}
	badge := d.ages()
	n := len(arts)
	if badge != "" {
		n++
	}
	if n == 0 {
		return held
	}
	side := math.Min(float64(box.H*0.92), math.Min(float64(2.2*spec.PointsPerInch*d.u), box.W/float64(float64(n)+float64(0.3*float64(n-1)))))
	gapW := float64(side * 0.3)
	w := float64(float64(n)*side) + float64(float64(n-1)*gapW)
	x := box.X + (box.W-w)/2
	yy := box.Y + (box.H-side)/2
	for _, art := range arts {
		items = append(items, art(display.Box{X: x, Y: yy, W: side, H: side})...)
		x += side + gapW
	}
	if badge != "" {
		items = append(items, d.badge(display.Point{X: x + side/2, Y: yy + side/2}, math.Min(side/2, float64(0.6*spec.PointsPerInch*d.u)), badge)...)
	}
	d.add(items...)
	return append(held, items...)
}

// badge draws the age badge: a disc of radius r about c, in the accent
// colour with a black ring, the ages set across it in the headings face.
func (d *drawer) badge(c display.Point, r float64, ages string) []display.Item {
	disc := func(r float64) []display.Point {
		var pts []display.Point
		for k := range 48 {
			a := float64(k) * 2 * math.Pi / 48
			pts = append(pts, display.Point{X: c.X + float64(r*math.Cos(a)), Y: c.Y + float64(r*math.Sin(a))})
		}
		return pts
	}
	ring := math.Max(1, float64(r*0.06))
	face := d.s.Fonts.Headings
	line, size, _ := fitLine(ages, face, float64(r*0.5), leastText, float64(r*1.6))
	asc, desc := typeface.Metrics(face, size)
	t := d.text(c.X, c.Y+(asc-desc)/2, size, face, display.AlignCenter, line)
	t.Color = display.Black
	return []display.Item{
		&display.Shape{Polygons: [][]display.Point{disc(r)}, Color: badgeColor},
		&display.Line{Paths: []display.Path{{Points: disc(r - ring/2), Closed: true}}, Width: ring, Color: display.Black},
		t,
	}
}

// footBadge is the radius of the age badge a front without pictures
// sets at its foot's corner, in points on a 6 x 9 in cover.
const footBadge = 0.45 * spec.PointsPerInch

// badgeColor is the age badge's disc: a warm yellow, on which black
// text reads.
var badgeColor = display.Color{R: 0xfc, G: 0xc8, B: 0x3c}

// ages returns the age badge's words, the book's labels' Ages with the
// range its sections are for ("Ages 4–8"), or "" when no section gives
// ages.
func (d *drawer) ages() string {
	lo, hi, plus := 0, 0, false
	for _, sec := range d.s.Sections {
		if sec.Ages == "" {
			continue
		}
		from, to, err := spec.ParseAges(sec.Ages)
		if err != nil {
			continue
		}
		if lo == 0 || from < lo {
			lo = from
		}
		if to > hi || to == hi && strings.HasSuffix(strings.TrimSpace(sec.Ages), "+") {
			hi, plus = to, strings.HasSuffix(strings.TrimSpace(sec.Ages), "+")
		}
	}
	if lo == 0 {
		return ""
	}
	r := fmt.Sprintf("%d–%d", lo, hi)
	switch {
	case plus:
		r = fmt.Sprintf("%d+", lo)
	case lo == hi:
		r = fmt.Sprint(lo)
	}
	return strings.ReplaceAll(d.p.Labels.Ages, "%s", r)
}

// text returns a line of text in the cover's text colour.
func (d *drawer) text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: d.fg, Align: align, Text: s}
}

// coverMaze draws the front's maze on a white card as large as area
// allows: made from a seed derived from the book's, in the shape (and
// mask, or weave) of the book's first section, with bold walls, as a
// puzzle to solve (no solution drawn) whose doors are marked as the
// interior marks them (see plan.Plan.Style); with plain (see plainDoors),
// the interior's arrow and flag.
func (d *drawer) coverMaze(area display.Box, onCard, plain bool) ([]display.Item, error) {
	sec := d.s.Sections[0]
	shape, err := maze.LookupShape(sec.Shape)
	if err != nil {
		return nil, err
	}
	pad := float64(0.18 * spec.PointsPerInch * d.u)
	inner := inset(area, pad, pad)
	openings := sec.Openings
	for _, mp := range d.p.Mazes {
		if mp.Section == 0 {
			openings = mp.Recipe.Openings // as the plan placed the doors inside
			break
		}
	}
	room := d.p.RoomOf(0)
	flag := d.p.Style(0).FlagSide
	if plain {
		room = plainRoom(openingsAxis(openings), flag)
	}
	// The grid in the proportions the room round it leaves.
	aspect := (inner.W - 2*room.AbsX) / (inner.H - 2*room.AbsY)
	if !plain || !(aspect > 0) {
		aspect = inner.W / inner.H
	}
	cells := d.frontCells()
	var size maze.Size
	if sec.Mask != nil {
		if size, err = maze.MaskSize(shape, sec.Mask, cells); err == nil && sec.MaskRows > 0 && size.H < sec.MaskRows {
			// Too few rows to read the word: more cells.
			f := float64(sec.MaskRows) / float64(size.H)
			size, err = maze.MaskSize(shape, sec.Mask, int(float64(cells)*f*f)+1)
		}
		if err != nil {
			return nil, fmt.Errorf("cover maze: %w", err)
		}
	} else {
		size = shape.ForCells(cells, aspect)
	}
	size.Inner = sec.Size.Inner
	r := maze.Recipe{Shape: shape.Name, Size: size, Mask: sec.Mask, Islands: sec.Islands, Weave: sec.Weave,
		Algorithm: "backtracker", Seed: maze.DeriveSeed(d.s.Seed, "cover"), Openings: openings}
	if sec.Weave > 0 {
		r.Algorithm = "kruskal" // the one that weaves
	}
	m, err := maze.Make(r)
	if err != nil {
		return nil, fmt.Errorf("cover maze: %w", err)
	}
	gw, gh := m.Grid.Size()
	if plain {
		room = plainRoom(doorsAxis(m), flag) // where the doors came to stand
	}
	cell := draw.FitCell(inner, gw, gh, room)
	// The interior's marks, at their size; but where they would leave
	// the maze less than two fifths of the card (a young child's large pictures
	// and words about a maze of many more cells than theirs), as much
	// smaller as the maze's cells are than the interior's, as a
	// thumbnail's are.
	scale := 1.0
	if mp := d.first(0); !plain && mp >= 0 && float64(min(gw, gh)*cell) < float64(0.4*min(inner.W, inner.H)) {
		for range 24 {
			scale = min(1, draw.FitCell(inner, gw, gh, d.p.ScaledRoom(0, scale))/d.p.Mazes[mp].Cell)
		}
		room = d.p.ScaledRoom(0, scale)
		cell = draw.FitCell(inner, gw, gh, room)
	}
	wall := float64(0.22 * cell * maze.Clearance(m.Grid))
	// The card hugs the maze and its markers.
	w := float64((gw+2*room.CellsX)*cell) + 2*room.AbsX + 2*pad
	h := float64((gh+2*room.CellsY)*cell) + 2*room.AbsY + 2*pad
	c := display.Box{X: area.X + (area.W-w)/2, Y: area.Y + (area.H-h)/2, W: w, H: h}
	if onCard {
		d.add(card(c, float64(0.15*spec.PointsPerInch*d.u), float64(0.06*spec.PointsPerInch*d.u), d.shadow)...)
	}
	st := d.mazeStyle(0, cell, wall, max(d.first(0), 0), scale)
	if plain {
		st.StartArt, st.FinishArt, st.DoorWords, st.ArtAlong = nil, nil, false, false
	}
	items := draw.Maze(m, inset(c, pad, pad), st).Items
	d.add(items...)
	return items, nil
}

// frontCells returns about how many cells the front's maze has:
// coverCells; for young children (see young) about as many as the first
// section's mazes have inside, but no fewer than sceneCells, so that a
// four-year-old's book shows wide corridors and a workbook for ages 7 to
// 10 the mazes it holds.
func (d *drawer) frontCells() int {
	if !d.young() {
		return coverCells
	}
	sum, n := 0.0, 0
	for _, mp := range d.p.Mazes {
		if mp.Section == 0 {
			sum += float64(mp.GridW * mp.GridH)
			n++
		}
	}
	if n == 0 {
		return sceneCells
	}
	return min(coverCells, max(sceneCells, int(math.Round(sum/float64(n)))))
}

// plainDoors reports whether the front's maze has its doors marked with
// the interior's arrow and flag rather than the theme's pictures: a young
// child's rectangles (see young) marked with the theme's pictures, on a
// front that shows arts, its characters, large beside the maze, where
// the pictures at the maze's size would be specks.
func (d *drawer) plainDoors(arts []theme.Art) bool {
	sec := &d.s.Sections[0]
	return d.young() && len(arts) > 0 && d.p.Themed(0) && d.p.Markers(0) == draw.Shapes &&
		sec.Shape == maze.Rectangle && sec.Mask == nil
}

// openingsAxis returns the axis a rectangle's doors stand on where
// openings places them (AnyAxis where it may place them anywhere): the
// front's guess before its maze is made.
func openingsAxis(openings maze.Openings) draw.Axis {
	switch openings {
	case maze.TopBottom:
		return draw.Down
	case maze.Corners, maze.Sides:
		return draw.Across // on a rectangle wider than it is tall
	}
	return draw.AnyAxis
}

// doorsAxis returns the axis the doors of a rectangle's maze m stand on:
// Down for doors in its top and bottom walls, Across in its sides,
// AnyAxis otherwise.
func doorsAxis(m *maze.Maze) draw.Axis {
	vertical := func(d maze.Door) bool { return d.Side == maze.North || d.Side == maze.South }
	horizontal := func(d maze.Door) bool { return d.Side == maze.East || d.Side == maze.West }
	switch {
	case vertical(m.Entrance) && vertical(m.Exit):
		return draw.Down
	case horizontal(m.Entrance) && horizontal(m.Exit):
		return draw.Across
	}
	return draw.AnyAxis
}

// plainRoom returns the room the interior's arrow and flag (flag points
// across, 0 for the usual mark; see draw.Style.FlagSide) need about a
// rectangle whose doors stand on axis: beyond the walls they are in, and
// across them half a mark (see draw.Room.ShapesOn); on every side on
// AnyAxis.
func plainRoom(axis draw.Axis, flag float64) draw.Room {
	room := draw.ShapesRoom(1).ShapesOn(axis, 1)
	if flag > 0 {
		room = room.WithFlagOn(flag, axis)
	}
	return room
}

// first returns the index of the first maze of a section in the plan, or
// -1 when it has none.
func (d *drawer) first(section int) int {
	for i, mp := range d.p.Mazes {
		if mp.Section == section {
			return i
		}
	}
	return -1
}
