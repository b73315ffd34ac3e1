package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// MarkSide is the size of the marks Shapes draws at the doors, in points:
// an arrow 5.5mm long, a star 5.5mm across, whatever the cell size, so
// that a child finds them at once and a photocopy keeps them.
const MarkSide = 5.5 * 72 / 25.4

// markGap is the least room between a mark and the walls, in points: 1mm.
const markGap = 72 / 25.4

// markOutline is the weight of a mark's black outline, in points: it
// keeps a mark filled with a pale colour whole on a photocopy.
const markOutline = 1.2

// shapesRoom is the room Shapes leaves around a maze for its marks.
const shapesRoom = MarkSide + 2.5*markGap

// ArtSide is the size of a theme's pictures at the doors, in points: 9mm.
const ArtSide = 9 * 72 / 25.4

// Art draws a picture in a box, as display items (see package theme).
type Art func(box display.Box) []display.Item

// WithArt returns the room Shapes needs when a theme's pictures stand at
// the doors: beside the entrance's arrow, its picture.
func (r Room) WithArt() Room {
	r.AbsX = max(r.AbsX, shapesRoom+ArtSide+markGap)
	r.AbsY = max(r.AbsY, shapesRoom+ArtSide+markGap)
	return r
}

// Scaled returns the room with its absolute part scaled by f, and 2pt
// more for the walls' thickness, which does not scale: the room of marks
// drawn f times their size (see Style.MarkScale).
func (r Room) Scaled(f float64) Room {
	if f >= 1 {
		return r
	}
	r.AbsX = r.AbsX*f + 2
	r.AbsY = r.AbsY*f + 2
	return r
}

// markSizes are the sizes of the shapes marks and of the room around
// them, in points, at a scale.
type markSizes struct{ side, gap, room, art float64 }

// sizesFor returns the marks' sizes at scale f (0 is 1).
func sizesFor(f float64) markSizes {
	if !(f > 0) || f > 1 {
		f = 1
	}
	return markSizes{side: MarkSide * f, gap: markGap * f, room: shapesRoom * f, art: ArtSide * f}
}

// shapesReach is how far outside its door a solution runs when Shapes
// marks the doors, wall of the given thickness: to the arrow's tip.
func shapesReach(wall float64, ms markSizes) float64 { return wall/2 + ms.gap }

// bigMarks marks the entrance of part p with an arrow pointing in and its
// exit with a star, each MarkSide in size, outlined in black and filled
// with the style's colours (black, without colour), standing outside its
// door with at least markGap between it and every wall: moved further out
// where a shape's outline (a hexagon's, a triangle's) comes close. A door
// into a circle's middle, or a start or a goal inside a cell, has its mark
// there, as large as the walls around it allow. A door with a picture
// (st.StartPicture, st.FinishPicture) has the picture instead. The marks
// inside the maze are returned apart, to be drawn under the solution that
// runs onto them.
func bigMarks(m *maze.Maze, p maze.Part, at func(maze.Point) display.Point, k *marker, clear, cell float64, st Style) (outside, inside []display.Item) {
	in, out := st.EntranceColor, st.ExitColor
	if st.Ink.shapes() {
		in, out = display.Black, display.Black
	}
	for _, mk := range []struct {
		d     maze.Door
		arrow bool
		c     display.Color
		pic   bool
	}{{p.Entrance, true, in, st.StartPicture != nil}, {p.Exit, false, out, st.FinishPicture != nil}} {
		if mk.pic {
			continue // the picture marks it
		}
		art := st.StartArt
		if !mk.arrow {
			art = st.FinishArt
		}
		items := bigMark(m, mk.d, mk.arrow, art, at, k, clear, cell, st.Wall, mk.c, sizesFor(st.MarkScale))
		if _, ok := middle(m, mk.d); ok || mk.d.IsInside() {
			inside = append(inside, items...)
		} else {
			outside = append(outside, items...)
		}
	}
	return outside, inside
}

// bigMark draws one door's mark: an arrow pointing in (arrow) or a star;
// with a theme's picture (art not nil), the picture beyond the entrance's
// arrow, or at the exit instead of the star.
func bigMark(m *maze.Maze, d maze.Door, arrow bool, art Art, at func(maze.Point) display.Point, k *marker, clear, cell, wall float64, c display.Color, ms markSizes) []display.Item {
	centre := at(m.Grid.Center(d.Cell))
	var poly []display.Point
	if _, ok := middle(m, d); ok || d.IsInside() {
		// Inside the maze: as large as the walls around the point allow.
		pt := doorPoint(m, d, at, 0)
		most := ms.side
		if art != nil {
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
		if art != nil {
			return art(display.Box{X: pt.X - side/2, Y: pt.Y - side/2, W: side, H: side})
		}
		if arrow {
			poly = arrowPolygon(display.Point{X: pt.X + side/2, Y: pt.Y}, display.Point{X: 1}, side)
		} else {
			poly = star(pt.X, pt.Y, side/2)
		}
		return markItems(poly, c)
	}
	mid := at(m.Grid.Side(d.Cell, d.Side).Mid())
	dir := inward(mid, centre) // into the maze
	place := func(off, side float64) []display.Point {
		base := display.Point{X: mid.X - dir.X*off, Y: mid.Y - dir.Y*off}
		if arrow {
			return arrowPolygon(base, dir, side)
		}
		r := side / 2
		return star(base.X-dir.X*r, base.Y-dir.Y*r, r)
	}
	// Out from the door, within the room left for it, until the mark's
	// outline keeps ms.gap from every wall (half a wall from its line,
	// as walls are drawn); where no place is clear (a narrow gap between
	// the letters of a word), smaller at the door.
	first := wall/2 + ms.gap
	reach := ms.room
	if art != nil {
		reach += ms.art + ms.gap
	}
	segs := k.wallsNear(mid, reach)
	free := func(p []display.Point) bool { return polygonClear(p, segs, wall/2+ms.gap*0.9) }
	if art != nil {
		// The picture's box, its middle off points out from the door.
		square := func(off float64) (display.Box, []display.Point) {
			o := display.Point{X: mid.X - dir.X*off, Y: mid.Y - dir.Y*off}
			b := display.Box{X: o.X - ms.art/2, Y: o.Y - ms.art/2, W: ms.art, H: ms.art}
			return b, []display.Point{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X + b.W, Y: b.Y + b.H}, {X: b.X, Y: b.Y + b.H}}
		}
		start := first + ms.art/2
		if arrow {
			start += ms.side + ms.gap
		}
		for off := start; off <= start+ms.gap*4+1e-9; off += ms.gap / 2 {
			if b, sq := square(off); free(sq) && (!arrow || free(place(first, ms.side))) {
				items := art(b)
				if arrow {
					items = append(markItems(place(first, ms.side), c), items...)
				}
				return items
			}
		}
		// No room for the picture: the plain mark.
	}
	for off := first; off <= first+ms.room-ms.side-ms.gap+1e-9; off += ms.gap / 2 {
		if poly = place(off, ms.side); free(poly) {
			return markItems(poly, c)
		}
	}
	for side := ms.side * 0.9; side > ms.side*0.25; side *= 0.9 {
		if poly = place(first, side); free(poly) {
			return markItems(poly, c)
		}
	}
	return markItems(place(first, ms.side*0.25), c)
}

// markItems fills a mark's polygon with colour c and outlines it in black.
func markItems(poly []display.Point, c display.Color) []display.Item {
	ring := append(append([]display.Point(nil), poly...), poly[0])
	return []display.Item{
		&display.Shape{Color: c, Polygons: [][]display.Point{poly}},
		&display.Line{Paths: []display.Path{display.Polyline(ring...)}, Width: markOutline, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin},
	}
}

// arrowPolygon returns an arrow side points long pointing along the unit
// vector dir, its tip at tip: a head of half its length and a shaft a
// third of its width.
func arrowPolygon(tip, dir display.Point, side float64) []display.Point {
	head, half, shaft := 0.55*side, 0.45*side, 0.16*side
	n := display.Point{X: -dir.Y, Y: dir.X}
	at := func(back, across float64) display.Point {
		return display.Point{X: tip.X - dir.X*back + n.X*across, Y: tip.Y - dir.Y*back + n.Y*across}
	}
	return []display.Point{
		tip,
		at(head, half), at(head, shaft), at(side, shaft),
		at(side, -shaft), at(head, -shaft), at(head, -half),
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
