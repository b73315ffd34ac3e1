package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// Graph geometry, as shares of the narrowest corridor: the edges' width
// and the dots' diameter, each at least the points given.
const (
	graphEdge    = 0.1
	graphDot     = 0.38
	minGraphEdge = 0.5
	minGraphDot  = 2
)

// graphItems draws the maze as the graph it is, as seed 000's figures do:
// a dot at the centre of every cell, and an edge through every passage
// from one cell's centre to the other's (round the rings of a circle),
// one path an edge. It asks the grid only for cell centres and steps, so
// it draws every shape. The edges come first, then the dots over them.
func graphItems(m *maze.Maze, at func(maze.Point) display.Point, corridor float64, st Style) []display.Item {
	g := m.Grid
	edges := &display.Line{Width: math.Max(float64(graphEdge*corridor), minGraphEdge), Color: st.GraphColor, Cap: display.RoundCap, Join: display.RoundJoin}
	dots := &display.Line{Width: math.Max(float64(graphDot*corridor), minGraphDot), Color: st.GraphColor, Cap: display.RoundCap}
	var links []int
	for c := 0; c < g.Cells(); c++ {
		p := at(g.Center(c))
		dots.Paths = append(dots.Paths, display.Polyline(p, p))
		links = m.Links(c, links[:0])
		for _, nb := range links {
			if nb < c {
				continue // drawn from the other cell
			}
			e := maze.StepEdge(g, c, nb)
			path := display.Path{Points: []display.Point{at(e.A), at(e.B)}}
			if sweep := e.Sweep(); sweep != 0 {
				path.Bends = []float64{sweep}
			}
			edges.Paths = append(edges.Paths, path)
		}
	}
	return []display.Item{edges, dots}
}
