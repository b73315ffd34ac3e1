package animate

import (
	"math"
	"strconv"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// The colours of the marks.
var (
	InColor       = display.Color{R: 196, G: 222, B: 255} // Prim's I, cells in the maze
	FrontierColor = display.Color{R: 255, G: 196, B: 84}  // Prim's F
	StackColor    = display.Color{R: 255, G: 150, B: 150} // the backtracker's stack
	WalkColor     = display.Color{R: 140, G: 212, B: 140} // Wilson's walk
	HuntColor     = display.Color{R: 196, G: 160, B: 255} // hunt-and-kill's hunt
	ThreadColor   = display.Color{R: 255, G: 228, B: 100} // Trémaux's thread
	DeadColor     = display.Color{R: 196, G: 196, B: 196} // rolled back over, filled
	TrailColor    = display.Color{R: 255, G: 228, B: 100} // a wall follower's walk
	HeadColor     = display.Color{R: 214, G: 30, B: 150}  // the walker
	// NearColor and FarColor are the ends of the ramp a search's
	// wavefront is coloured with, by distance from the start.
	NearColor = display.Color{R: 214, G: 244, B: 236}
	FarColor  = display.Color{R: 40, G: 140, B: 150}
)

// SetColors are the colours of Kruskal's and Eller's sets, by set.
var SetColors = []display.Color{
	{R: 255, G: 179, B: 186}, {R: 255, G: 223, B: 186}, {R: 255, G: 255, B: 170}, {R: 186, G: 255, B: 201},
	{R: 186, G: 225, B: 255}, {R: 220, G: 190, B: 255}, {R: 255, G: 200, B: 240}, {R: 200, G: 240, B: 170},
	{R: 170, G: 240, B: 240}, {R: 240, G: 210, B: 160}, {R: 210, G: 210, B: 255}, {R: 250, G: 170, B: 140},
}

// rampSteps is the number of colours of the wavefront's ramp.
const rampSteps = 16

// ramp returns the colour of distance d of at most far.
func ramp(d, far int32) display.Color {
	k := 0
	if far > 0 {
		k = int(math.Round(float64(float64(d) / float64(far) * (rampSteps - 1))))
	}
	return rampColor(k)
}

func rampColor(k int) display.Color {
	t := float64(k) / (rampSteps - 1)
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a) + float64(t*(float64(b)-float64(a))))) }
	return display.Color{R: mix(NearColor.R, FarColor.R), G: mix(NearColor.G, FarColor.G), B: mix(NearColor.B, FarColor.B)}
}

// color returns the colour cell c shows in state s, and whether it shows
// one.
func (s *State) color(c int, far int32) (display.Color, bool) {
	switch s.Marks[c] {
	case In:
		return InColor, true
	case Frontier:
		return FrontierColor, true
	case Stack:
		return StackColor, true
	case Walk:
		return WalkColor, true
	case Hunted:
		return HuntColor, true
	case Set:
		n := s.SetNumber(c)
		if n == 0 {
			return display.Color{}, false
		}
		return SetColors[(n-1)%len(SetColors)], true
	case Reached:
		return ramp(s.Value[c], far), true
	case Thread:
		return ThreadColor, true
	case Dead, Filled:
		return DeadColor, true
	case Trail:
		return TrailColor, true
	}
	return display.Color{}, false
}

// label returns the letter or number cell c is labelled with in a
// storyboard: I and F for Prim (the seeds' labels), a set's number for
// Kruskal and Eller, the order on the stack for the backtracker's, the
// distance of a search.
func (s *State) label(c int) string {
	switch s.Marks[c] {
	case In:
		if s.film.frontier() && s.Phase == Making {
			return "I"
		}
	case Frontier:
		return "F"
	case Set:
		if n := s.SetNumber(c); n > 0 {
			return strconv.Itoa(n)
		}
	case Reached:
		return strconv.Itoa(int(s.Value[c]))
	}
	return ""
}

// Style is how a film's frames are drawn.
type Style struct {
	// Maze is how the maze is drawn: its colours, ink and markers. The
	// cell and wall sizes are the frame's own (see Draw).
	Maze draw.Style
	// Labels writes Prim's I and F, set numbers and distances in the
	// cells (a storyboard's frames), when they are large enough to read.
	Labels bool
	// MinLabel is the least size a cell's label is set at, in points
	// (0: 4 pt, the least that reads on paper): a large-print book's
	// least size, smaller labels left out.
	MinLabel float64
}

// Draw draws state s centred in box: the cells' marks, the walls standing,
// the walker, and in the Solved phase the solution. The cell size fits the
// box; the wall is a tenth of a cell, at least wall points (0: a tenth).
func (s *State) Draw(box display.Box, st Style, wall float64) []display.Item {
	items, _, _ := s.draw(box, st, wall, nil)
	return items
}

// geometry returns the style a frame's maze is drawn in, fitted to box,
// and where a point of the grid is on the page.
func (s *State) geometry(box display.Box, st Style, wall float64) (draw.Style, func(maze.Point) display.Point) {
	g := s.Maze.Grid
	gw, gh := g.Size()
	ms := st.Maze
	ms.Cell = draw.FitCell(box, gw, gh, draw.RoomFor(ms.Markers, ms.Start, ms.Finish, ms.Font))
	ms.Wall = math.Max(ms.Cell*maze.Clearance(g)/10, wall)
	origin := display.Point{X: box.X + (box.W-float64(gw*ms.Cell))/2, Y: box.Y + (box.H-float64(gh*ms.Cell))/2}
	return ms, func(p maze.Point) display.Point {
		return display.Point{X: origin.X + float64(p.X*ms.Cell), Y: origin.Y + float64(p.Y*ms.Cell)}
	}
}

// draw is Draw, also returning where a point of the grid is on the page
// and the walls' width. With only not nil, it draws the cells only marks
// (their colours, labels and walls; the doors and the walker whole).
func (s *State) draw(box display.Box, st Style, wall float64, only []bool) ([]display.Item, func(maze.Point) display.Point, float64) {
	g := s.Maze.Grid
	ms, at := s.geometry(box, st, wall)
	var sols [][]int
	if s.Phase == Solved {
		sols = [][]int{s.film.Path}
	}
	d := draw.MazeLayers(s.Maze, box, ms, draw.Layers{Solutions: sols, Cells: only})
	far := s.film.MaxDistance()
	var fills []display.Item
	shapes := map[display.Color]*display.Shape{}
	for c := 0; c < g.Cells(); c++ {
		if only != nil && !only[c] {
			continue
		}
		col, ok := s.color(c, far)
		if !ok {
			continue
		}
		sh := shapes[col]
		if sh == nil {
			sh = &display.Shape{Color: col}
			shapes[col] = sh
			fills = append(fills, sh)
		}
		sh.Polygons = append(sh.Polygons, cellPolygon(g, c, at))
	}
	items := append(fills, d.Items...)
	clear := float64(maze.Clearance(g) * d.Cell)
	if s.Head >= 0 && s.Phase != Solved {
		p := at(g.Center(s.Head))
		items = append(items, &display.Shape{Color: HeadColor, Polygons: [][]display.Point{circle(p, float64(clear*0.28))}})
	}
	if st.Labels {
		size := clear * 0.5
		least := st.MinLabel
		if least <= 0 {
			least = 4 // smaller letters do not read on paper
		}
		if size >= least {
			font := typeface.Face(typeface.Bold)
			for c := 0; c < g.Cells(); c++ {
				if only != nil && !only[c] {
					continue
				}
				text := s.label(c)
				if text == "" || typeface.Width(font, size, text) > clear*0.9 {
					continue
				}
				p := at(g.Center(c))
				ink := display.Color{R: 50, G: 50, B: 50}
				if col, ok := s.color(c, far); ok && int(col.R)*3+int(col.G)*6+int(col.B) < 1300 {
					ink = display.White // on a dark cell
				}
				items = append(items, &display.Text{X: p.X, Y: p.Y + float64(size*0.36), Size: size, Font: font, Color: ink, Align: display.AlignCenter, Text: text})
			}
		}
	}
	return items, at, ms.Wall
}

// key sums up what a frame draws of cell c: its colour, its label, its
// open sides and whether the walker stands on it; far is the film's
// greatest distance. Two frames whose keys agree draw the cell alike.
func (s *State) key(c int, far int32) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	col, ok := s.color(c, far)
	mix(uint64(col.R)<<16 | uint64(col.G)<<8 | uint64(col.B))
	if ok {
		mix(1)
	}
	for _, r := range s.label(c) {
		mix(uint64(r))
	}
	var open uint64
	for side := 0; side < s.Maze.Grid.Sides(c); side++ {
		if s.Maze.IsOpen(c, side) {
			open |= 1 << side
		}
	}
	mix(open)
	if c == s.Head {
		mix(2)
	}
	return h | 1 // never 0, the key of a cell not yet drawn
}

// cellPolygon returns the outline of cell c on the page: its sides' ends,
// with points along the arcs of a circle's cells.
func cellPolygon(g maze.Grid, c int, at func(maze.Point) display.Point) []display.Point {
	n := g.Sides(c)
	pts := make([]display.Point, 0, n*2)
	for s := 0; s < n; s++ {
		e := g.Side(c, s)
		pts = append(pts, at(e.A))
		if e.IsArc() {
			a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
			sw := e.Sweep()
			k := max(2, int(math.Ceil(math.Abs(sw)*e.Radius*2)))
			for i := 1; i < k; i++ {
				t := a0 + sw*float64(i)/float64(k)
				pts = append(pts, at(maze.Point{X: e.Center.X + float64(e.Radius*math.Cos(t)), Y: e.Center.Y + float64(e.Radius*math.Sin(t))}))
			}
		}
	}
	return pts
}

// circle returns a polygon of 16 sides around p.
func circle(p display.Point, r float64) []display.Point {
	pts := make([]display.Point, 16)
	for i := range pts {
		t := float64(i) * math.Pi / 8
		pts[i] = display.Point{X: p.X + float64(r*math.Cos(t)), Y: p.Y + float64(r*math.Sin(t))}
	}
	return pts
}
