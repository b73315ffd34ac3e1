package draw

import (
	"fmt"
	"math"
	"testing"

	"mazebook/layout/display"
	"mazebook/maze"
)

var (
	testGray = display.Color{R: 64, G: 64, B: 64}
	testMid  = display.Color{R: 115, G: 115, B: 115}
)

// markRecipes are mazes of every kind of grid, their doors in different
// places.
var markRecipes = []maze.Recipe{
	{Shape: "rectangle", Size: maze.Size{W: 14, H: 9}},
	{Shape: "rectangle", Size: maze.Size{W: 9, H: 14}, Openings: maze.Sides},
	{Shape: "circle", Size: maze.Size{W: 7, Inner: 1}},
	{Shape: "circle", Size: maze.Size{W: 5, Inner: 2}, Openings: maze.Center},
	{Shape: "hexagon", Size: maze.Size{W: 6}, Openings: maze.Sides},
	{Shape: "hexagon", Size: maze.Size{W: 10, H: 8}, Openings: maze.Longest},
	{Shape: "triangle", Size: maze.Size{W: 8}},
	{Shape: "triangle", Size: maze.Size{W: 15, H: 6}, Openings: maze.Sides},
	{Shape: "rectangle", Size: maze.Size{W: 9, H: 9}, Mask: ringMask()},
	{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.5, Algorithm: "kruskal"},
}

func makeMark(t *testing.T, r maze.Recipe) *maze.Maze {
	t.Helper()
	if r.Algorithm == "" {
		r.Algorithm = "backtracker"
	}
	if r.Openings == "" {
		r.Openings = maze.Corners
	}
	r.Seed = 5
	m, err := maze.Make(r)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func centroid(poly []display.Point) display.Point {
	var c display.Point
	for _, q := range poly {
		c.X += q.X / float64(len(poly))
		c.Y += q.Y / float64(len(poly))
	}
	return c
}

// TestMarksDifferInShape checks that without colour the entrance and the
// exit are told apart by shape: an arrowhead (three corners) pointing
// into the maze and a flag (its pole and pennant), in the marks' colours, both of a size to
// see and inside the box; and that with colour they stay squares.
func TestMarksDifferInShape(t *testing.T) {
	box := display.Box{X: 30, Y: 40, W: 300, H: 200}
	for _, r := range markRecipes {
		m := makeMark(t, r)
		for _, ink := range []Ink{InkColor, InkGrayscale, InkBlack} {
			name := fmt.Sprintf("%s %v %s", r.Shape, r.Size, ink)
			st := Style{Wall: 2, Markers: Squares, Ink: ink, EntranceColor: testGray, ExitColor: display.Black, SolutionColor: testMid}
			gw, gh := m.Grid.Size()
			st.Cell = FitCell(box, gw, gh, RoomFor(Squares, "", "", nil))
			d := Maze(m, box, st, m.Solution())
			// The marks are drawn last, over everything.
			var shapes []*display.Shape
			fills := 0
			for _, it := range d.Items[len(d.Items)-2:] {
				switch it := it.(type) {
				case *display.Shape:
					shapes = append(shapes, it)
				case *display.Fill:
					fills++
				}
			}
			for _, it := range d.Items {
				if b := inkBounds(it); b.X < box.X-1e-6 || b.Y < box.Y-1e-6 || b.X+b.W > box.X+box.W+1e-6 || b.Y+b.H > box.Y+box.H+1e-6 {
					t.Errorf("%s: %T inks %+v, outside its box %+v", name, it, b, box)
				}
			}
			if ink == InkColor {
				if fills != 2 || len(shapes) != 0 {
					t.Errorf("%s: %d squares and %d shapes, want the 2 squares", name, fills, len(shapes))
				}
				continue
			}
			if fills != 0 || len(shapes) != 2 {
				t.Fatalf("%s: %d squares and %d shapes, want 2 shapes", name, fills, len(shapes))
			}
			in, out := shapes[0], shapes[1]
			if len(in.Polygons) != 1 || len(out.Polygons) != 1 || len(in.Polygons[0]) != 3 || len(out.Polygons[0]) != len(flagPolygon(0, 0, 1)) {
				t.Fatalf("%s: entrance %v, exit %v: want a triangle and a flag", name, in.Polygons, out.Polygons)
			}
			if in.Color != testGray || out.Color != display.Black {
				t.Errorf("%s: marks in %v and %v, not their colours", name, in.Color, out.Color)
			}
			// The arrow's tip (its first corner) points from its middle
			// towards the entrance cell.
			at := func(p maze.Point) display.Point {
				return display.Point{X: d.Origin.X + p.X*d.Cell, Y: d.Origin.Y + p.Y*d.Cell}
			}
			tri := in.Polygons[0]
			mid, cell := centroid(tri), at(m.Grid.Center(m.Entrance.Cell))
			if (tri[0].X-mid.X)*(cell.X-mid.X)+(tri[0].Y-mid.Y)*(cell.Y-mid.Y) <= 0 {
				t.Errorf("%s: the arrow %v points away from the entrance cell at %v", name, tri, cell)
			}
			// Big enough to tell apart: at least 40% of a corridor across.
			for _, s := range shapes {
				b := display.Polyline(s.Polygons[0]...).Bounds()
				if least := 0.4 * maze.Clearance(m.Grid) * d.Cell; math.Max(b.W, b.H) < least {
					t.Errorf("%s: a mark %gx%g across, less than %g", name, b.W, b.H, least)
				}
			}
		}
	}
}

// TestSolidSolution checks that the solution is a solid line in every
// ink (a mid grey one without colour, as InkDefaults gives it), with round
// ends, in the colour the style names, and that it never touches a wall.
func TestSolidSolution(t *testing.T) {
	tests := []struct {
		ink   Ink
		color display.Color
	}{
		{InkColor, display.Black},
		{InkColor, display.Color{R: 214, G: 40, B: 40}},
		{InkGrayscale, testMid},
		{InkGrayscale, testGray},
		{InkBlack, GraySolution},
	}
	if _, sol, _, _ := InkDefaults(InkBlack); sol != GraySolution {
		t.Errorf("black ink's solution is %v, want the mid grey %v", sol, GraySolution)
	}
	for _, tt := range tests {
		for _, seed := range []uint64{1, 2, 3} {
			m, sol, _, st := drawTestMaze(t, "backtracker", 12, 9, seed, maze.Sides)
			st.Ink, st.SolutionColor = tt.ink, tt.color
			box := display.Box{X: 40, Y: 50, W: 14 * 12, H: 11 * 12}
			d := Maze(m, box, st, sol)
			first := 0                               // the walls' item
			line := d.Items[first+1].(*display.Line) // after the walls
			for _, p := range line.Paths {
				if len(p.Points) == 2 && p.Points[0] == p.Points[1] {
					t.Fatalf("%s %v: a dot in the solution", tt.ink, tt.color)
				}
			}
			if len(line.Paths) == 0 || line.Cap != display.RoundCap || line.Color != tt.color {
				t.Errorf("%s %v: %d paths, cap %v and colour %v", tt.ink, tt.color, len(line.Paths), line.Cap, line.Color)
			}
			walls := d.Items[first].(*display.Line)
			var wallInk []rect
			for _, p := range walls.Paths {
				wallInk = append(wallInk, strokeRects(p.Points, walls.Width)...)
			}
			for _, p := range line.Paths {
				for _, s := range strokeRects(p.Points, line.Width) {
					for _, w := range wallInk {
						if s.overlaps(w) {
							t.Fatalf("%s seed %d: the solution %+v touches a wall %+v", tt.ink, seed, s, w)
						}
					}
				}
			}
		}
	}
}
