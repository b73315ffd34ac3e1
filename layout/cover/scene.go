package cover

import (
	"fmt"
	"math"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// The scene front of a themed book for young children, in points on a
// 6 x 9 in cover (scaled with it).
const (
	// sceneArt is the least side of the start's and the goal's pictures
	// at the front maze's doors: 36 mm.
	sceneArt = 36 * 72 / 25.4
	// sceneCell is the least cell of the front's maze, 8 mm, and
	// sceneCells about how many cells it has: few, wide corridors, as
	// a young child's first mazes have.
	sceneCell  = 8 * 72 / 25.4
	sceneCells = 48
	// sceneCellMost is the largest cell the front's maze is drawn with:
	// 16 mm.
	sceneCellMost = 16 * 72 / 25.4
	// sceneGap is the room between the scene's parts: 4 mm.
	sceneGap = 4 * 72 / 25.4
	// sceneProp is the side of the scene's props: 20 mm.
	sceneProp = 20 * 72 / 25.4
	// sceneSide is the room left beside the front maze's card for the
	// scene's props, on each side: 14 mm.
	sceneSide = 14 * 72 / 25.4
)

// youngThemed reports whether the book is themed, its first section's
// mazes marked with the theme's pictures, and for young children (see
// young).
func (d *drawer) youngThemed() bool {
	return len(d.p.Mazes) > 0 && d.p.Mazes[0].Section == 0 && d.p.Themed(0) && d.young()
}

// young reports whether the book's first section is for young children,
// ages up to 8: whose front's maze has few, wide corridors (sceneCells),
// in every layout.
func (d *drawer) young() bool {
	_, to, err := spec.ParseAges(d.s.Sections[0].Ages)
	return d.s.Sections[0].Ages != "" && err == nil && to <= 8
}

// sceneFront reports whether the front is drawn as a scene (see
// sceneBand): a band layout of a themed book whose first section is for
// young children (ages up to 8), its mazes rectangles marked with the
// theme's pictures.
func (d *drawer) sceneFront() bool {
	if d.s.Cover.Layout != spec.CoverBand || !d.youngThemed() {
		return false
	}
	sec := &d.s.Sections[0]
	if sec.Mask != nil || sec.Weave > 0 {
		return false
	}
	shape, err := maze.LookupShape(sec.Shape)
	return err == nil && shape.Name == maze.Rectangle
}

// sceneColors sets the colours of a cover whose front is a scene: its
// background a plain pale sky of the spec's colour (no pattern), the text
// in the spec's colour (black where that is too pale to read on the
// sky), the subtitle and the back's headline in a darker shade of it.
func (d *drawer) sceneColors() {
	c := d.s.Cover.Color
	d.bg = mix(c, display.White, 0.8)
	d.fg, d.accent = c, mix(c, display.Black, 0.4)
	if contrast(d.fg, d.bg) < 4.5 {
		d.fg = display.Black
	}
	if contrast(d.accent, d.bg) < 4.5 {
		d.accent = display.Black
	}
	d.tint = d.bg
	d.shadow = mix(d.bg, display.Black, 0.2)
}

// sceneParts are what the scene front drew, for its tests: the boxes of
// the title's lines, the maze's card and grid, and the pictures at its
// doors, and each prop of the scene.
type sceneParts struct {
	Titles     []display.Box
	Card, Grid display.Box
	Cell       float64
	// Cells is how many cells the maze has, and Way how many its way
	// through passes.
	Cells, Way  int
	Start, Goal display.Box
	Badge       display.Box
	Props       []display.Box
	Horizon     float64
}

// sceneBand draws the front of a themed book for young children as a
// picture: a pale sky of the cover's colour over the theme's ground,
// the title in the sky, the maze of few wide corridors on a white card
// standing on the horizon, the start's picture large below its entrance
// and the goal's below its exit (the interior's marks, at the cover's
// size), the age badge between them on the ground, and the theme's props
// about them: its clouds and suns in the sky, its trees and flowers on
// the ground, clear of the title, the card and the pictures.
func (d *drawer) sceneBand() (sceneParts, error) {
	var parts sceneParts
	g, f, u := d.g, d.g.Front, d.u
	m := d.margin()
	width := f.W - 2*m
	cx := f.X + f.W/2
	_, pair := layout.Characters(d.p)
	if pi, ok := d.p.Pair(0); ok {
		pair = pi // the first maze's pictures are at the front maze's doors
	}
	n := len(d.items)
	top := d.titles(cx, f.Y+m, width, d.fg, d.accent)
	for _, it := range d.items[n:] {
		if t, ok := it.(*display.Text); ok {
			parts.Titles = append(parts.Titles, t.Bounds().Union(display.InkBounds(t)))
		}
	}
	// The author at the foot, on the ground, in black.
	n = len(d.items)
	bottom := d.author(cx, f.Y+f.H-m, width, display.Black)
	author := append([]display.Item(nil), d.items[n:]...)
	d.items = d.items[:n] // set again over the ground
	gap := float64(sceneGap * u)

	// The maze: its grid as large as the room between the title and the
	// pictures below it allows, beside the props' room, of about
	// sceneCells cells.
	sec := &d.s.Sections[0]
	mp := d.p.Mazes[0]
	st := d.mazeStyle(0, 0, 0, 0, u)
	st.ArtSide = float64((sceneArt + 2*72/25.4) * u) // the arrow takes a little of it
	wordsH := 0.0
	if st.DoorWords {
		wordsH = draw.DoorWordsHeight(st.Font, float64(draw.DoorWordSize*d.p.TextScale()))
	}
	below := float64(draw.ShapesRoom(u).AbsY) + st.ArtSide + wordsH + float64(3*72/25.4*u)
	pad := float64(0.12 * spec.PointsPerInch * u)
	room := display.Box{X: f.X + m + float64(sceneSide*u) + pad, Y: top + gap + pad}
	room.W = f.X + f.W - m - float64(sceneSide*u) - pad - room.X
	room.H = bottom - gap - below - room.Y
	least := float64(sceneCell * u)
	if room.W < 3*least || room.H < 3*least {
		return parts, nil // a title so long that no maze fits: the title it is
	}
	sz, err := maze.LookupShape(maze.Rectangle)
	if err != nil {
		return parts, err
	}
	msize := sz.ForCells(sceneCells, room.W/room.H)
	msize.W = max(3, min(msize.W, int(room.W/least)))
	msize.H = max(3, min(msize.H, int(room.H/least)))
	cell := math.Min(float64(sceneCellMost*u), math.Min(room.W/float64(msize.W), room.H/float64(msize.H)))
	gw, gh := msize.W, msize.H
	mz, err := d.sceneMaze(gw, gh, sec.Braid)
	if err != nil {
		return parts, err
	}
	parts.Cells, parts.Way = gw*gh, int(mz.Distances(mz.Entrance.Cell)[mz.Exit.Cell])+1
	st.Cell = cell
	ratio := 0.22
	if mp.Cell > 0 && mp.Wall > 0 {
		ratio = math.Min(0.22, math.Max(0.12, mp.Wall/mp.Cell)) // the book's wall, bolder on a cover
	}
	st.Wall = math.Max(float64(ratio*cell), st.Wall)
	gridW, gridH := float64(float64(gw)*cell), float64(float64(gh)*cell)
	grid := display.Box{X: cx - gridW/2, Y: room.Y + (room.H-gridH)/2, W: gridW, H: gridH}
	// Low on the room: the maze stands on the pictures.
	grid.Y = room.Y + room.H - gridH
	dr := draw.Maze(mz, grid, st)
	level(&dr)
	parts.Grid, parts.Cell = grid, cell
	cardBox := display.Box{X: grid.X - pad, Y: grid.Y - pad, W: grid.W + 2*pad, H: grid.H + 2*pad}
	var pics []display.Box
	for _, mk := range dr.Marks {
		switch mk.Kind {
		case draw.ArrowMark, draw.FlagMark:
			cardBox = cardBox.Union(mk.Box.Grow(float64(0.5 * 72 / 25.4 * u)))
		case draw.PictureMark, draw.WordMark:
			pics = append(pics, mk.Box)
			if mk.Kind == draw.PictureMark {
				if mk.Exit {
					parts.Goal = mk.Box
				} else {
					parts.Start = mk.Box
				}
			}
		}
	}
	parts.Card = cardBox

	// The horizon a third of the way up the card; the ground below it,
	// its line the theme's, round the whole sheet to the bleed (the
	// back's samples stand on it too), but for the barcode's box.
	horizon := cardBox.Y + float64(cardBox.H*0.62)
	parts.Horizon = horizon
	strip := float64(14 * 72 / 25.4 * u)
	ground := display.Box{X: 0, Y: horizon - float64(strip*0.56), W: g.Width, H: strip}
	tint := pair.Scene.Tint
	if tint == (display.Color{}) {
		tint = display.Color{R: 0xdc, G: 0xf0, B: 0xc8}
	}
	// The strip's lines stop at the spine, which keeps its text clear
	// of them; the back has its strip unless it would reach the
	// barcode's box.
	front := display.Box{X: f.X, Y: ground.Y, W: g.Width - f.X, H: ground.H}
	back := display.Box{X: 0, Y: ground.Y, W: g.Spine.X, H: ground.H}
	if pair.Scene.Ground != nil {
		d.add(pair.Scene.Ground(front, tint)...)
		if ground.Y+ground.H < g.Barcode.Y {
			d.add(pair.Scene.Ground(back, tint)...)
		} else {
			ground.X = f.X
		}
	}
	if ground.X == 0 {
		// The spine's ground, where the strips' fills stop.
		top := ground.Y + float64(ground.H*0.5)
		d.add(&display.Fill{Box: display.Box{X: g.Spine.X - 1, Y: top, W: g.Spine.W + 2, H: ground.Y + ground.H - top}, Color: tint})
	}
	earth := display.Box{X: ground.X, Y: ground.Y + float64(ground.H*0.9)}
	earth.W, earth.H = g.Width-earth.X, g.Height-earth.Y
	d.add(around(earth, g.Barcode, tint)...)
	d.add(author...)

	// The card and its maze, the pictures below it.
	cardItems := card(cardBox, float64(0.12*spec.PointsPerInch*u), float64(0.05*spec.PointsPerInch*u), mix(tint, display.Black, 0.25))
	d.add(cardItems...)
	// The pictures at the doors stand on the ground as cut-outs: white
	// inside their outlines.
	var picBoxes []display.Box
	for _, mk := range dr.Marks {
		if mk.Kind == draw.PictureMark {
			picBoxes = append(picBoxes, mk.Box.Grow(2))
		}
	}
	for _, it := range dr.Items {
		if l, ok := it.(*display.Line); ok {
			for _, pb := range picBoxes {
				if display.InkBounds(l).Within(pb) {
					d.add(backing(l)...)
					break
				}
			}
		}
		d.add(it)
	}

	// What the badge and the props keep clear of: the title, the
	// author, the card and the pictures at its doors.
	keep := append([]display.Box{cardBox}, pics...)
	keep = append(keep, parts.Titles...)
	for _, it := range author {
		if t, ok := it.(*display.Text); ok {
			keep = append(keep, t.Bounds().Union(display.InkBounds(t)))
		}
	}
	safe := g.FrontSafe
	// The age badge on the ground between the pictures, or in the
	// sky's top corner where they leave no room: as near there as it
	// stands clear of them, inside the front's margin.
	if ages := d.ages(); ages != "" {
		// As large as 0.45 in, scaled, down to 0.3 in where that finds
		// no place.
		for rad := float64(0.45 * spec.PointsPerInch * u); rad >= float64(0.3*spec.PointsPerInch*u); rad *= 0.9 {
			if c, ok := d.badgePlace(parts, keep, rad); ok {
				d.add(d.badge(c, rad, ages)...)
				parts.Badge = display.Box{X: c.X - rad, Y: c.Y - rad, W: 2 * rad, H: 2 * rad}
				keep = append(keep, parts.Badge)
				break
			}
		}
	}

	// The props: the sky's above the horizon, the ground's below it,
	// inside the front's safe zone.
	var skyProps, landProps []theme.Art
	for _, pr := range pair.Scene.Props {
		if pr.Place == theme.InSky {
			skyProps = append(skyProps, pr.Art)
		} else {
			landProps = append(landProps, pr.Art)
		}
	}
	side := float64(sceneProp * u)
	// Each of the sky's once (one sun), the ground's by turns.
	place := func(props []theme.Art, most int, area display.Box, seed string) {
		if len(props) == 0 || area.W < side || area.H < side {
			return
		}
		parts.Props = append(parts.Props, d.props(props, most, area, side, keep, maze.DeriveSeed(d.s.Seed, "cover", seed))...)
	}
	if len(landProps) == 0 {
		// A sky to the foot (the stars over the moon, snowflakes
		// falling on the snow).
		place(skyProps, len(skyProps), safe, "sky")
	} else {
		place(skyProps, len(skyProps), display.Box{X: safe.X, Y: safe.Y, W: safe.W, H: horizon - strip - safe.Y}, "sky")
		place(landProps, mostProps, display.Box{X: safe.X, Y: horizon, W: safe.W, H: safe.Y + safe.H - horizon}, "ground")
	}
	return parts, nil
}

// props draws props of side points in area, as many as fit up to most,
// clear of the boxes keep by a gap and of each other, by turns from one
// seed draws: each as near as it stands clear to a corner of area in
// turn, the top two then the bottom two, from the side seed draws, so
// that they frame what they stand about; where fewer than two fit, more
// at down to 70% of side. It returns the boxes they stand in.
func (d *drawer) props(props []theme.Art, most int, area display.Box, side float64, keep []display.Box, seed uint64) []display.Box {
	gap := float64(sceneGap * d.u)
	rng := maze.NewRand(seed)
	first := rng.IntN(len(props))
	flip := rng.IntN(2) == 1
	taken := append([]display.Box(nil), keep...)
	var out []display.Box
	for _, f := range []float64{1, 0.85, 0.7} {
		if len(out) >= min(2, most) {
			break
		}
		s := float64(side * f)
		step := float64(s * 0.25)
		var places []display.Box
		for y := area.Y; y+s <= area.Y+area.H; y += step {
			for x := area.X; x+s <= area.X+area.W; x += step {
				places = append(places, display.Box{X: x, Y: y, W: s, H: s})
			}
		}
		corners := []display.Point{{X: area.X, Y: area.Y}, {X: area.X + area.W - s, Y: area.Y}, {X: area.X, Y: area.Y + area.H - s}, {X: area.X + area.W - s, Y: area.Y + area.H - s}}
		if flip {
			corners[0], corners[1], corners[2], corners[3] = corners[1], corners[0], corners[3], corners[2]
		}
		for len(out) < most {
			c := corners[len(out)%len(corners)]
			best, bestDist := -1, math.Inf(1)
			for i, b := range places {
				if !clearOf(b, taken, gap) {
					continue
				}
				if dist := math.Hypot(b.X-c.X, b.Y-c.Y); dist < bestDist {
					best, bestDist = i, dist
				}
			}
			if best < 0 {
				break
			}
			b := places[best]
			drawn := props[(first+len(out))%len(props)](b)
			for _, it := range drawn {
				if l, ok := it.(*display.Line); ok {
					d.add(backing(l)...)
				}
			}
			d.add(drawn...)
			taken = append(taken, b.Grow(float64(s*0.5)))
			out = append(out, b)
		}
	}
	return out
}

// mostProps is the most props the scene front sets on the ground.
const mostProps = 4

// clearOf reports whether box b keeps gap points clear of every box of
// taken.
func clearOf(b display.Box, taken []display.Box, gap float64) bool {
	for _, t := range taken {
		if b.X < t.X+t.W+gap && t.X < b.X+b.W+gap && b.Y < t.Y+t.H+gap && t.Y < b.Y+b.H+gap {
			return false
		}
	}
	return true
}

// badgePlace returns the centre of an age badge of radius rad on a scene
// front: between the pictures at the maze's doors, or in the sky's top
// corner where they leave no room, or as near there as the badge stands
// clear of the boxes keep, inside the front's margin; false when no
// place is clear.
func (d *drawer) badgePlace(parts sceneParts, keep []display.Box, rad float64) (display.Point, bool) {
	f, m, gap := d.g.Front, d.margin(), float64(sceneGap*d.u)
	want := display.Point{X: f.X + f.W/2, Y: parts.Start.Y + parts.Start.H/2}
	if parts.Goal.X-(parts.Start.X+parts.Start.W) < 2*(rad+gap) {
		want = display.Point{X: f.X + f.W - m, Y: f.Y + m}
	}
	best, found := want, false
	bestDist := math.Inf(1)
	step := rad / 4
	in := inset(f, m, m)
	for y := in.Y + rad; y <= in.Y+in.H-rad; y += step {
		for x := in.X + rad; x <= in.X+in.W-rad; x += step {
			b := display.Box{X: x - rad, Y: y - rad, W: 2 * rad, H: 2 * rad}
			if !clearOf(b, keep, gap) {
				continue
			}
			if dist := math.Hypot(x-want.X, y-want.Y); dist < bestDist {
				best, bestDist, found = display.Point{X: x, Y: y}, dist, true
			}
		}
	}
	return best, found
}

// sceneMaze returns the scene front's maze, gw by gh cells, braided as
// braid says, with its doors in the bottom wall at its two ends, where
// the pictures below them stand on the ground (the entrance at the
// right in a book written right to left, as a mirror draws it): of the
// mazes of the seeds derived from the book's, the first whose way
// through passes half its cells, or else the longest of sceneTries, so
// that the way is never a walk along the bottom row.
func (d *drawer) sceneMaze(gw, gh int, braid float64) (*maze.Maze, error) {
	in, out := maze.Door{Cell: (gh - 1) * gw, Side: maze.South}, maze.Door{Cell: gh*gw - 1, Side: maze.South}
	var best *maze.Maze
	longest := int32(-1)
	for k := range sceneTries {
		seed := maze.DeriveSeed(d.s.Seed, "cover")
		if k > 0 {
			seed = maze.DeriveSeed(seed, "scene", fmt.Sprint(k))
		}
		r := maze.Recipe{Shape: maze.Rectangle, Size: maze.Size{W: gw, H: gh}, Braid: braid,
			Algorithm: "backtracker", Seed: seed, Openings: maze.Corners}
		m, err := maze.Make(r)
		if err != nil {
			return nil, fmt.Errorf("cover maze: %w", err)
		}
		m.SetDoors(in, out)
		if n := m.Distances(in.Cell)[out.Cell]; n > longest {
			best, longest = m, n
		}
		if int(longest)+1 >= gw*gh/2 {
			break
		}
	}
	return best, nil
}

// sceneTries is how many mazes sceneMaze draws at most.
const sceneTries = 32

// backing returns white shapes filling the closed paths of a picture's
// line l, each a shape of its own (so that overlapping outlines do not
// cut holes in each other), to be drawn under it: a picture of black
// outlines over the scene's colours, white inside them as on a page.
func backing(l *display.Line) []display.Item {
	var out []display.Item
	for _, p := range l.Paths {
		if !p.Closed || len(p.Points) < 3 {
			continue
		}
		out = append(out, &display.Shape{Polygons: [][]display.Point{p.Flatten(0.1)}, Color: display.White})
	}
	return out
}

// level moves the goal's picture at the exit of the scene front's maze,
// and the word under it, down to stand as low as the start's, which
// stands beyond the entrance's arrow: the two side by side on the
// ground, clear of the card that holds the arrow.
func level(dr *draw.Drawing) {
	var start, goal display.Box
	for _, mk := range dr.Marks {
		if mk.Kind == draw.PictureMark {
			if mk.Exit {
				goal = mk.Box
			} else {
				start = mk.Box
			}
		}
	}
	dy := start.Y - goal.Y
	if start.W == 0 || goal.W == 0 || dy <= 0 {
		return
	}
	// The goal's column: its picture and the word under it.
	col := goal
	for _, mk := range dr.Marks {
		if mk.Exit && mk.Kind == draw.WordMark {
			col = col.Union(mk.Box)
		}
	}
	col = col.Grow(2)
	for _, it := range dr.Items {
		if display.InkBounds(it).Within(col) {
			display.Translate([]display.Item{it}, 0, dy)
		}
	}
	for i, mk := range dr.Marks {
		if mk.Exit && (mk.Kind == draw.PictureMark || mk.Kind == draw.WordMark) {
			dr.Marks[i].Box.Y += dy
		}
	}
}

// around returns fills of colour c covering box b but for the part of
// it in hole: up to four boxes round the hole, overlapping beside it so
// that no seam shows, as the background is drawn round the barcode.
func around(b, hole display.Box, c display.Color) []display.Item {
	if !(hole.X < b.X+b.W && b.X < hole.X+hole.W && hole.Y < b.Y+b.H && b.Y < hole.Y+hole.H) {
		return []display.Item{&display.Fill{Box: b, Color: c}}
	}
	const overlap = 1
	var out []display.Item
	for _, box := range []display.Box{
		{X: b.X, Y: b.Y, W: hole.X - b.X, H: b.H},
		{X: hole.X + hole.W, Y: b.Y, W: b.X + b.W - hole.X - hole.W, H: b.H},
		{X: hole.X - overlap, Y: b.Y, W: hole.W + 2*overlap, H: hole.Y - b.Y},
		{X: hole.X - overlap, Y: hole.Y + hole.H, W: hole.W + 2*overlap, H: b.Y + b.H - hole.Y - hole.H},
	} {
		if box.W > 0 && box.H > 0 {
			out = append(out, &display.Fill{Box: box, Color: c})
		}
	}
	return out
}
