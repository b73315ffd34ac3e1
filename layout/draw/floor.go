package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// floorOverlap is how far, in points, each cell's tint reaches past its
// sides (a quarter of the wall at the most), so that two cells' tints
// meet with no hairline of paper between them in an open passage, and
// the outer wall still covers the tint's edge.
const floorOverlap = 0.3

// floorItem returns the tint Style.Floor lays under the corridors of
// maze m, as the page point of the grid's point p is at(p): one shape
// inside the grid's outline, under its walls, nowhere outside it. A
// rectangle's is its grid's box; another grid's is each cell's polygon
// (arcs as chords) reaching floorOverlap past its sides. A weave has
// none (its crossings would show the tint under a bridge); nor has a
// Style with no Floor.
func floorItem(m *maze.Maze, at func(maze.Point) display.Point, st Style) display.Item {
	if st.Floor == (display.Color{}) {
		return nil
	}
	g := m.Grid
	if _, ok := g.(*maze.Weave); ok {
		return nil
	}
	if _, ok := g.(maze.Rect); ok {
		gw, gh := g.Size()
		a, b := at(maze.Point{}), at(maze.Point{X: gw, Y: gh})
		return &display.Shape{Polygons: [][]display.Point{{a, {X: b.X, Y: a.Y}, b, {X: a.X, Y: b.Y}}}, Color: st.Floor}
	}
	over := math.Min(floorOverlap, st.Wall/4)
	polys := make([][]display.Point, 0, g.Cells())
	for c := range g.Cells() {
		n := g.Sides(c)
		path := display.Path{Closed: true}
		for s := range n {
			e := g.Side(c, s)
			path.Points = append(path.Points, at(e.A))
			bend := 0.0
			if e.IsArc() {
				bend = e.Sweep()
			}
			path.Bends = append(path.Bends, bend)
		}
		pts := path.Flatten(0.25)
		if len(pts) > 1 && pts[0] == pts[len(pts)-1] {
			pts = pts[:len(pts)-1]
		}
		if len(pts) < 3 {
			continue
		}
		centre := at(g.Center(c))
		for i, q := range pts {
			dx, dy := q.X-centre.X, q.Y-centre.Y
			if d := math.Hypot(dx, dy); d > 0 {
				pts[i] = display.Point{X: q.X + float64(dx/d*over), Y: q.Y + float64(dy/d*over)}
			}
		}
		polys = append(polys, pts)
	}
	if len(polys) == 0 {
		return nil
	}
	return &display.Shape{Polygons: polys, Color: st.Floor}
}
