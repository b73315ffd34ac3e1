package draw

import (
	"image"
	"math"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// MaxPicture is the most, in points, a picture marker measures
// corner to corner: one inch.
const MaxPicture = 72

// minLabel is the smallest size a Start or Finish label inside a cell is
// set in; a cell too small for it gets a dot.
const minLabel = 4

// PictureFloor is the least side, in points, a spec's own picture at a
// door is drawn at (style.start_image, style.finish_image): the themes'
// pictures' floor, ArtMin (12mm), so that a child sees it at once. A
// picture outside its door stands clear of the walls; one inside the
// maze stands in a room cleared around it (see clearing).
const PictureFloor = ArtMin

// pictureRoom is the room a picture outside its door takes beyond the
// door's wall, in points: the floor, and a gap either side.
const pictureRoom = PictureFloor + 2*markGap

// WithPictures returns the room markers need when some of them are
// pictures: half a cell on every side, where a picture as wide as a
// corridor stands, and room for a picture of PictureFloor beyond it.
func (r Room) WithPictures() Room {
	r.CellsX, r.CellsY = math.Max(r.CellsX, 0.5), math.Max(r.CellsY, 0.5)
	r.AbsX, r.AbsY = math.Max(r.AbsX, pictureRoom), math.Max(r.AbsY, pictureRoom)
	return r
}

// maxClearing is the most of a grid's width (and of its height) the room
// cleared around a picture inside a maze spans.
const maxClearing = 0.6

// clearing returns the cells of maze m, drawn as st says, whose walls
// between them are not drawn, or nil for none: around a start or a goal
// inside the maze (not a circle's round middle, which is a room already)
// whose picture would be smaller than PictureFloor within its cell's
// walls, the cells around it that span the floor's room, so that the picture stands in a room of its own
// (spanning at most maxClearing of the grid) and no wall runs through it.
// The walls around the room stay, with the passages through them.
func clearing(m *maze.Maze, st Style) []bool {
	if !(st.Cell > 0) {
		return nil
	}
	var cleared []bool
	gw, gh := m.Grid.Size()
	for _, p := range m.Parts() {
		for _, mk := range []struct {
			d   maze.Door
			pic image.Image
		}{{p.Entrance, st.StartPicture}, {p.Exit, st.FinishPicture}} {
			if _, round := middle(m, mk.d); mk.pic == nil || !mk.d.IsInside() || round {
				continue
			}
			// The cells whose centres lie within half a cell more than
			// half the room's width span it (on squares: a room three
			// cells across for one of one to three cells).
			need := (PictureFloor + st.Wall + float64(2*markGap)) / st.Cell // across the room, in grid units
			reach := math.Min(need, float64(maxClearing*math.Min(gw, gh))) / 2
			reach += 0.5
			if float64(maze.Clearance(m.Grid)*st.Cell)-st.Wall >= PictureFloor+2*markGap {
				continue // the cell holds it
			}
			c := m.Grid.Center(mk.d.Cell)
			for cell := range m.Grid.Cells() {
				q := m.Grid.Center(cell)
				if math.Abs(q.X-c.X) <= reach+1e-9 && math.Abs(q.Y-c.Y) <= reach+1e-9 {
					if cleared == nil {
						cleared = make([]bool, m.Grid.Cells())
					}
					cleared[cell] = true
				}
			}
		}
	}
	return cleared
}

// marker measures the room marks have around the doors of a maze drawn
// with cells of cell points and walls wall points thick, clear the
// narrowest corridor in grid units, walls the items that draw its walls.
type marker struct {
	m                 *maze.Maze
	cell, wall, clear float64
	at                func(maze.Point) display.Point
	walls             []display.Item
}

func newMarker(m *maze.Maze, cell, wall, clear float64, at func(maze.Point) display.Point, walls []display.Item) *marker {
	return &marker{m: m, cell: cell, wall: wall, clear: clear, at: at, walls: walls}
}

// radius returns half the side of the largest square around the page
// point p that covers no wall and stays within half a corridor of p.
func (k *marker) radius(p display.Point) float64 {
	w, _ := k.fit(p, 1, k.clear*k.cell/2)
	return w / 2
}

// fit returns the largest box of the given proportions (width over
// height) centred on the page point p that covers no wall, neither half
// of its sides longer than limit points, and its diagonal at most
// MaxPicture. The walls are taken as their segments lengthened by half
// their thickness at both ends (for square caps and miters) and widened
// by half of it on both sides.
func (k *marker) fit(p display.Point, aspect, limit float64) (w, h float64) {
	segs := k.wallsNear(p, limit)
	clear := func(hw, hh float64) bool {
		box := [4]float64{p.X - hw, p.Y - hh, p.X + hw, p.Y + hh}
		for _, s := range segs {
			if segBoxGap(s[0], s[1], box) < k.wall/2 {
				return false
			}
		}
		return true
	}
	// The box's half height, found by halving the range it lies in.
	hi := math.Min(limit, limit/aspect)
	hi = math.Min(hi, MaxPicture/2/math.Hypot(aspect, 1))
	lo := 0.0
	if clear(float64(aspect*hi), hi) {
		lo = hi
	}
	for i := 0; i < 30 && hi-lo > 0.01; i++ {
		mid := (lo + hi) / 2
		if clear(float64(aspect*mid), mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return float64(2 * aspect * lo), 2 * lo
}

// wallsNear returns, in page points, the segments of the walls as drawn
// that come within reach points of p (more or less): arcs as chords,
// every segment lengthened by half the wall at both ends; the edges of
// filled shapes (a weave's piers) too. The walls are walked each time
// rather than kept as segments: a maze of a million cells would keep
// tens of megabytes for the few walls around its doors.
func (k *marker) wallsNear(p display.Point, reach float64) [][2]display.Point {
	near := reach + k.wall + 2*k.cell
	var out [][2]display.Point
	// A segment lengthened by ext lies in its box widened by ext.
	far := near + k.wall/2
	away := func(a, b display.Point) bool {
		return math.Min(a.X, b.X)-far > p.X || math.Max(a.X, b.X)+far < p.X ||
			math.Min(a.Y, b.Y)-far > p.Y || math.Max(a.Y, b.Y)+far < p.Y
	}
	eachWallSegment(k.walls, k.wall/2, away, func(s [2]display.Point) {
		if pointSegGap(p, s[0], s[1]) <= near {
			out = append(out, s)
		}
	})
	return out
}

// wallSegments returns the segments of the paths of the Line items and
// the edges of the Shape items, arcs flattened, each lengthened by ext at
// both ends.
func wallSegments(items []display.Item, ext float64) [][2]display.Point {
	segs := [][2]display.Point{}
	eachWallSegment(items, ext, nil, func(s [2]display.Point) { segs = append(segs, s) })
	return segs
}

// eachWallSegment calls f with each segment wallSegments returns, in
// its order, but those from a to b (before they are lengthened) that
// skip, when not nil, says to leave out.
func eachWallSegment(items []display.Item, ext float64, skip func(a, b display.Point) bool, f func([2]display.Point)) {
	seg := func(a, b display.Point) {
		if skip != nil && skip(a, b) {
			return
		}
		dx, dy := b.X-a.X, b.Y-a.Y
		if l := math.Hypot(dx, dy); l > 0 {
			dx, dy = float64(dx/l*ext), float64(dy/l*ext)
		}
		f([2]display.Point{{X: a.X - dx, Y: a.Y - dy}, {X: b.X + dx, Y: b.Y + dy}})
	}
	var arc []display.Point // an arc's chords, reused
	for _, it := range items {
		switch it := it.(type) {
		case *display.Line:
			for _, p := range it.Paths {
				if len(p.Points) == 1 {
					seg(p.Points[0], p.Points[0]) // a dot
					continue
				}
				for i := range p.Pieces() {
					from, to, bend := p.Piece(i)
					if bend == 0 {
						seg(from, to)
						continue
					}
					piece := display.Path{Points: []display.Point{from, to}, Bends: []float64{bend}}
					arc = append(arc[:0], piece.Flatten(0.01)...)
					for j := 1; j < len(arc); j++ {
						seg(arc[j-1], arc[j])
					}
				}
			}
		case *display.Shape:
			for _, poly := range it.Polygons {
				for i := range poly {
					seg(poly[i], poly[(i+1)%len(poly)])
				}
			}
		}
	}
}

// segBoxGap returns the distance between the segment from a to b and the
// box {x0, y0, x1, y1}: 0 when they meet.
func segBoxGap(a, b display.Point, box [4]float64) float64 {
	in := func(p display.Point) bool { return p.X >= box[0] && p.X <= box[2] && p.Y >= box[1] && p.Y <= box[3] }
	corners := [4]display.Point{{X: box[0], Y: box[1]}, {X: box[2], Y: box[1]}, {X: box[2], Y: box[3]}, {X: box[0], Y: box[3]}}
	if in(a) || in(b) {
		return 0
	}
	for i := range corners {
		if segmentsCross(a, b, corners[i], corners[(i+1)%4]) {
			return 0
		}
	}
	gap := math.Min(pointBoxGap(a, box), pointBoxGap(b, box))
	for _, c := range corners {
		gap = math.Min(gap, pointSegGap(c, a, b))
	}
	return gap
}

// pointBoxGap returns the distance from p to the box.
func pointBoxGap(p display.Point, box [4]float64) float64 {
	dx := math.Max(math.Max(box[0]-p.X, 0), p.X-box[2])
	dy := math.Max(math.Max(box[1]-p.Y, 0), p.Y-box[3])
	return math.Hypot(dx, dy)
}

// pointSegGap returns the distance from p to the segment from a to b.
func pointSegGap(p, a, b display.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l2 := float64(dx*dx) + float64(dy*dy); l2 > 0 {
		t = math.Max(0, math.Min(1, (float64((p.X-a.X)*dx)+float64((p.Y-a.Y)*dy))/l2))
	}
	return math.Hypot(p.X-(a.X+float64(t*dx)), p.Y-(a.Y+float64(t*dy)))
}

// segmentsCross reports whether the segments ab and cd cross or touch.
func segmentsCross(a, b, c, d display.Point) bool {
	side := func(p, q, r display.Point) float64 {
		return float64((q.X-p.X)*(r.Y-p.Y)) - float64((q.Y-p.Y)*(r.X-p.X))
	}
	d1, d2 := side(c, d, a), side(c, d, b)
	d3, d4 := side(a, b, c), side(a, b, d)
	return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) || d1 == 0 && d2 == 0 && d3 == 0 && d4 == 0
}

// pictures draws the pictures of a part's entrance and exit: each in the
// largest box of its proportions that covers no wall, around the point a
// square would have (reach points outside the door, the middle of a
// circle, or the centre of a cell holding a start or a goal), no wider
// or higher than a corridor (the middle of a circle excepted) and at
// most MaxPicture corner to corner.
func (k *marker) pictures(p maze.Part, st Style, inReach, outReach float64) []display.Item {
	var items []display.Item
	for _, mk := range []struct {
		d     maze.Door
		pic   image.Image
		reach float64
	}{{p.Entrance, st.StartPicture, inReach}, {p.Exit, st.FinishPicture, outReach}} {
		if mk.pic == nil {
			continue
		}
		b := mk.pic.Bounds()
		if b.Dx() <= 0 || b.Dy() <= 0 {
			continue
		}
		aspect := float64(b.Dx()) / float64(b.Dy())
		c := doorPoint(k.m, mk.d, k.at, mk.reach)
		limit := math.Max(k.clear*k.cell/2, PictureFloor/2)
		_, round := middle(k.m, mk.d)
		switch {
		case round || mk.d.IsInside():
			// The round middle of a circle, or the room cleared around
			// a picture inside the maze: as wide as it is.
			limit = MaxPicture
		default:
			// Outside its door: far enough out that a picture of the
			// floor stands clear of the wall.
			fw, fh := floorBox(aspect)
			out := doorPoint(k.m, mk.d, k.at, 1)
			in := doorPoint(k.m, mk.d, k.at, 0)
			dx, dy := out.X-in.X, out.Y-in.Y
			half := math.Abs(dx)*fw/2 + math.Abs(dy)*fh/2 // the box's reach along the way out
			off := math.Max(mk.reach, k.wall/2+markGap+half)
			c = doorPoint(k.m, mk.d, k.at, off)
			// Further out where a shape's slanted outline comes
			// close, as far as the picture's room reaches.
			for step := off; step <= off+PictureFloor/2+1e-9; step += markGap / 2 {
				q := doorPoint(k.m, mk.d, k.at, step)
				if w, h := k.fit(q, aspect, limit); math.Max(w, h) >= PictureFloor-1e-6 {
					c = q
					break
				}
			}
		}
		w, h := k.fit(c, aspect, limit)
		if w >= 1 && h >= 1 {
			items = append(items, &display.Image{Box: display.Box{X: c.X - w/2, Y: c.Y - h/2, W: w, H: h}, Picture: mk.pic})
		}
	}
	return items
}

// floorBox returns the box of a picture of the given proportions (width
// over height) at the floor: its longer side PictureFloor.
func floorBox(aspect float64) (w, h float64) {
	if aspect >= 1 {
		return PictureFloor, PictureFloor / aspect
	}
	return float64(PictureFloor * aspect), PictureFloor
}

// insideLabel writes text in the middle of the cell of a start or a goal
// inside it, in the largest size up to most whose box (its width by
// a capital's height) covers no wall; a cell too small for a legible word
// gets a dot.
func (k *marker) insideLabel(d maze.Door, text string, font typeface.Face, most float64) display.Item {
	font = labelFont(font)
	c := doorPoint(k.m, d, k.at, 0)
	asc, _ := typeface.Metrics(font, most)
	capH := float64(asc * 0.7) // the height of a capital at size most
	wide := typeface.Width(font, most, text)
	size := 0.0
	if text != "" {
		w, _ := k.fit(c, wide/capH, float64(k.clear*k.cell))
		size = math.Min(most, most*w/wide)
	}
	if size < minLabel {
		dot := math.Max(float64(1.8*k.radius(c)), 0) // larger than the solution's end
		return &display.Line{Paths: []display.Path{display.Polyline(c, c)}, Width: dot, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin}
	}
	return &display.Text{X: c.X, Y: c.Y + capH*size/most/2, Size: size, Font: font, Color: display.Black, Align: display.AlignCenter, Text: text}
}
