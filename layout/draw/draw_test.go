package draw

import (
	"math"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/maze"
)

// rect is an axis-aligned rectangle by its corners.
type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlaps(b rect) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

// strokeRects returns the ink of an axis-aligned stroked path as
// rectangles: each segment widened by half the width on every side (which
// covers square and round caps and joins).
func strokeRects(path []display.Point, width float64) []rect {
	h := width / 2
	var out []rect
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		out = append(out, rect{math.Min(a.X, b.X) - h, math.Min(a.Y, b.Y) - h, math.Max(a.X, b.X) + h, math.Max(a.Y, b.Y) + h})
	}
	return out
}

func drawTestMaze(t *testing.T, alg string, w, h int, seed uint64, o maze.Openings) (*maze.Maze, []int, Drawing, Style) {
	t.Helper()
	a, err := maze.LookupAlgorithm(alg)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := a.Generate(maze.Rect{W: w, H: h}, seed)
	m.PlaceDoors(o, maze.NewRand(seed))
	sol := m.Solution()
	st := Style{Cell: 12, Wall: 3, Markers: Squares, SolutionColor: display.Color{R: 255}}
	box := display.Box{X: 40, Y: 50, W: float64(w+2) * 12, H: float64(h+2) * 12}
	return m, sol, Maze(m, box, st, sol), st
}

// TestSolutionNeverCrossesAWall checks, geometrically, that the ink of the
// solution line and the ink of the walls never touch.
func TestSolutionNeverCrossesAWall(t *testing.T) {
	for _, alg := range []string{"backtracker", "kruskal", "prim", "aldous-broder"} {
		for _, o := range []maze.Openings{maze.Corners, maze.Sides, maze.Longest} {
			for seed := uint64(0); seed < 4; seed++ {
				_, _, d, _ := drawTestMaze(t, alg, 12, 9, seed, o)
				walls, sol := d.Items[0].(*display.Line), d.Items[1].(*display.Line)
				var wallInk []rect
				for _, p := range walls.Paths {
					wallInk = append(wallInk, strokeRects(p.Points, walls.Width)...)
				}
				for _, s := range strokeRects(sol.Paths[0].Points, sol.Width) {
					for _, w := range wallInk {
						if s.overlaps(w) {
							t.Fatalf("%s %s seed %d: solution ink %+v touches wall ink %+v", alg, o, seed, s, w)
						}
					}
				}
			}
		}
	}
}

// TestWallsAreStitched checks, on every shape, that the stitched wall
// paths cover every closed side exactly once: every side's middle lies on
// a path, every piece's middle on a side, and the paths are as long as the
// sides together (so nothing is drawn twice); that a straight wall across
// many squares is one piece; and how the walls end and join.
func TestWallsAreStitched(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Shape: "rectangle", Size: maze.Size{W: 15, H: 10}},
		{Shape: "circle", Size: maze.Size{W: 6, Inner: 1}},
		{Shape: "hexagon", Size: maze.Size{W: 5}},
		{Shape: "triangle", Size: maze.Size{W: 7}},
		{Shape: "triangle", Size: maze.Size{W: 12, H: 5}},
		{Shape: "rectangle", Size: maze.Size{W: 9, H: 9}, Mask: ringMask()},
	} {
		for _, alg := range []string{"kruskal", "backtracker"} {
			r.Algorithm, r.Seed, r.Openings = alg, 3, maze.Corners
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			const cell = 10.0
			line := walls(m, func(p maze.Point) display.Point { return display.Point{X: p.X * cell, Y: p.Y * cell} }, Style{Cell: cell, Wall: 2}, false, nil)
			var sides []maze.Edge
			sidesLen := 0.0
			for c := 0; c < m.Grid.Cells(); c++ {
				for s := 0; s < m.Grid.Sides(c); s++ {
					nb := m.Grid.Neighbor(c, s)
					if m.IsOpen(c, s) || nb == maze.NoSide || nb >= 0 && nb < c {
						continue
					}
					e := m.Grid.Side(c, s)
					sides = append(sides, e)
					sidesLen += edgeLength(e)
				}
			}
			pathsLen := 0.0
			for _, p := range line.Paths {
				for i := range p.Pieces() {
					from, to, bend := p.Piece(i)
					piece := display.Path{Points: []display.Point{from, to}, Bends: []float64{bend}}
					pts := piece.Flatten(0.001)
					for k := 1; k < len(pts); k++ {
						pathsLen += math.Hypot(pts[k].X-pts[k-1].X, pts[k].Y-pts[k-1].Y) / cell
					}
				}
			}
			if math.Abs(pathsLen-sidesLen) > 1e-3*sidesLen {
				t.Errorf("%s %s: the paths are %.3f units long, the closed sides %.3f", r.Shape, alg, pathsLen, sidesLen)
			}
			onPaths := func(q maze.Point) bool {
				for _, p := range line.Paths {
					pts := p.Flatten(0.001)
					if p.Closed {
						pts = append(pts, pts[0])
					}
					for k := 1; k < len(pts); k++ {
						if segDist(q, pts[k-1], pts[k], cell) < 1e-3 {
							return true
						}
					}
				}
				return false
			}
			for _, e := range sides {
				if !onPaths(e.Mid()) {
					t.Fatalf("%s %s: the side %v-%v is not drawn", r.Shape, alg, e.A, e.B)
				}
			}
			if r.Shape == "rectangle" && r.Mask == nil {
				if line.Cap != display.SquareCap || line.Join != display.MiterJoin {
					t.Errorf("squares: cap %v join %v", line.Cap, line.Join)
				}
				// The outer wall of a rectangle with two doors is at most
				// six straight pieces: no piece goes on in the direction
				// of the one before.
				for _, p := range line.Paths {
					for i := 1; i+1 < len(p.Points); i++ {
						a, b, c := p.Points[i-1], p.Points[i], p.Points[i+1]
						if (b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X) == 0 {
							t.Fatalf("a path goes straight on through %v: two pieces should be one", b)
						}
					}
				}
			} else if r.Shape != "rectangle" && line.Cap != display.RoundCap {
				t.Errorf("%s: walls at other angles end in round caps, not %v", r.Shape, line.Cap)
			}
			if r.Shape == "triangle" && line.Join != display.RoundJoin {
				t.Errorf("triangles: sharp corners must be rounded")
			}
		}
	}
}

// ringMask is a 9x9 square with a 3x3 hole.
func ringMask() *maze.Bitmap {
	b, _ := maze.NewBitmap(9, 9)
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			b.Set(x, y, x < 3 || x > 5 || y < 3 || y > 5)
		}
	}
	return b
}

func edgeLength(e maze.Edge) float64 {
	if e.IsArc() {
		return math.Abs(e.Sweep()) * e.Radius
	}
	return math.Hypot(e.B.X-e.A.X, e.B.Y-e.A.Y)
}

// segDist returns the distance, in grid units, from q (grid units) to the
// segment from a to b (points at cell points a unit).
func segDist(q maze.Point, a, b display.Point, cell float64) float64 {
	px, py := q.X*cell, q.Y*cell
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((px-a.X)*dx+(py-a.Y)*dy)/l2))
	}
	return math.Hypot(px-(a.X+t*dx), py-(a.Y+t*dy)) / cell
}

// TestDrawingIsCenteredInItsBox checks the maze's placement.
func TestDrawingIsCenteredInItsBox(t *testing.T) {
	m, _, d, st := drawTestMaze(t, "prim", 10, 6, 1, maze.Corners)
	box := display.Box{X: 40, Y: 50, W: 12 * 12, H: 8 * 12}
	gw, gh := m.Grid.Size()
	if math.Abs(d.Origin.X-(box.X+(box.W-gw*st.Cell)/2)) > 1e-9 || math.Abs(d.Origin.Y-(box.Y+(box.H-gh*st.Cell)/2)) > 1e-9 {
		t.Fatalf("origin %+v is not centred in %+v", d.Origin, box)
	}
	// The solution stops at the doors, clear of their marks: it starts
	// in the opening, half its width in, so that its round end reaches
	// the west wall's line.
	line := d.Items[1].(*display.Line)
	sol := line.Paths[0].Points
	if first := sol[0]; math.Abs(first.X-(d.Origin.X+line.Width/2)) > 1e-9 {
		t.Fatalf("solution starts at %+v, want it half its width (%g) inside the west wall's opening, %g", first, line.Width, d.Origin.X)
	}
	for _, mk := range d.Marks {
		for _, p := range []display.Point{sol[0], sol[len(sol)-1]} {
			b := mk.Box
			dx := math.Max(math.Max(b.X-p.X, p.X-b.X-b.W), 0)
			dy := math.Max(math.Max(b.Y-p.Y, p.Y-b.Y-b.H), 0)
			if math.Hypot(dx, dy) < line.Width/2 {
				t.Errorf("the solution's end %+v touches the mark %+v", p, b)
			}
		}
	}
}

func TestStraighten(t *testing.T) {
	pt := func(x, y float64) display.Point { return display.Point{X: x, Y: y} }
	pts := []display.Point{pt(0, 0), pt(1, 0), pt(2, 0), pt(2, 1), pt(2, 2), pt(1, 2)}
	got := straighten(pts)
	want := []display.Point{pt(0, 0), pt(2, 0), pt(2, 2), pt(1, 2)}
	if len(got) != len(want) {
		t.Fatalf("straighten = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("straighten = %v, want %v", got, want)
		}
	}
}

// TestEveryShapeFitsItsBox draws a maze of every kind of grid, with each
// kind of marker, at the cell size FitCell gives for a box, and checks
// that nothing it draws (walls, solution, squares, labels) leaves the box.
func TestEveryShapeFitsItsBox(t *testing.T) {
	recipes := []maze.Recipe{
		{Shape: "rectangle", Size: maze.Size{W: 14, H: 9}},
		{Shape: "circle", Size: maze.Size{W: 7, Inner: 1}},
		{Shape: "circle", Size: maze.Size{W: 5, Inner: 2}, Openings: maze.Center},
		{Shape: "hexagon", Size: maze.Size{W: 6}, Openings: maze.Sides},
		{Shape: "hexagon", Size: maze.Size{W: 10, H: 8}, Openings: maze.Longest},
		{Shape: "triangle", Size: maze.Size{W: 8}},
		{Shape: "triangle", Size: maze.Size{W: 15, H: 6}, Openings: maze.Sides},
		{Shape: "rectangle", Size: maze.Size{W: 9, H: 9}, Mask: ringMask()},
		{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.5, Algorithm: "kruskal"},
	}
	box := display.Box{X: 30, Y: 40, W: 300, H: 200}
	for _, r := range recipes {
		if r.Algorithm == "" {
			r.Algorithm = "backtracker"
		}
		r.Seed = 5
		if r.Openings == "" {
			r.Openings = maze.Corners
		}
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		sol := m.Solution()
		for _, mk := range []Markers{Squares, Labels, None} {
			st := Style{Wall: 2, Markers: mk, Start: "Start", Finish: "Finish"}
			gw, gh := m.Grid.Size()
			st.Cell = FitCell(box, gw, gh, RoomFor(mk, st.Start, st.Finish, st.Font))
			d := Maze(m, box, st, sol)
			for _, it := range d.Items {
				if b := inkBounds(it); b.X < box.X-1e-6 || b.Y < box.Y-1e-6 || b.X+b.W > box.X+box.W+1e-6 || b.Y+b.H > box.Y+box.H+1e-6 {
					t.Errorf("%s %+v, %s markers: %T inks %+v, outside its box %+v", r.Shape, r.Size, mk, it, b, box)
				}
			}
		}
	}
}

// inkBounds returns the box an item inks.
func inkBounds(it display.Item) display.Box { return display.InkBounds(it) }

// TestSolutionsFollowTheRings checks that a solution's steps round a
// circle's rings are drawn as arcs, turning the way the step goes, and
// its steps between rings as straight pieces.
func TestSolutionsFollowTheRings(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Shape: "circle", Size: maze.Size{W: 6, Inner: 1}, Algorithm: "backtracker", Seed: 9, Openings: maze.Corners})
	if err != nil {
		t.Fatal(err)
	}
	sol := m.Solution()
	d := Maze(m, display.Box{W: 400, H: 400}, Style{Cell: 20, Wall: 2}, sol)
	path := d.Items[1].(*display.Line).Paths[0]
	if len(path.Bends) != len(path.Points)-1 {
		t.Fatalf("%d bends for %d points", len(path.Bends), len(path.Points))
	}
	g := m.Grid.(*maze.Polar)
	arcs := 0
	for k := 1; k < len(sol); k++ {
		// Piece k runs from cell k-1 to cell k (piece 0 comes in through
		// the door).
		ra, _ := g.Ring(sol[k-1])
		rb, _ := g.Ring(sol[k])
		bend := path.Bends[k]
		if (ra == rb) != (bend != 0) {
			t.Fatalf("step %d (rings %d to %d) bends %g", k, ra, rb, bend)
		}
		if bend != 0 {
			arcs++
			if want := maze.StepEdge(g, sol[k-1], sol[k]).Sweep(); math.Abs(bend-want) > 1e-12 {
				t.Fatalf("step %d bends %g, the ring %g", k, bend, want)
			}
		}
	}
	if arcs == 0 {
		t.Fatal("the solution never goes round a ring")
	}
}

// TestWallsMeetCleanly renders the walls of every shape at several
// thicknesses and checks every pixel against the walls' geometry: a pixel
// well inside a wall's stroke is ink (no notch where walls meet, at any
// angle), and a pixel clear of every stroke is paper (no nub), allowing at
// corners only the sharp point a miter join makes (none where corners are
// rounded).
func TestWallsMeetCleanly(t *testing.T) {
	for _, tt := range []struct {
		r maze.Recipe
		// corner is how far a corner may reach beyond half the wall's
		// width, as a multiple of it: a miter's point.
		corner float64
	}{
		{maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 8, H: 6}}, math.Sqrt2},
		{maze.Recipe{Shape: "hexagon", Size: maze.Size{W: 4}}, 1 / math.Sin(math.Pi/3)},
		{maze.Recipe{Shape: "triangle", Size: maze.Size{W: 6}}, 1},
		{maze.Recipe{Shape: "circle", Size: maze.Size{W: 4, Inner: 1}}, math.Sqrt2},
		{maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 9, H: 9}, Mask: ringMask()}, math.Sqrt2},
	} {
		r := tt.r
		r.Algorithm, r.Seed, r.Openings = "kruskal", 2, maze.Corners
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		const cell, scale = 24.0, 3.0 // points a unit, pixels a point
		clear := maze.Clearance(m.Grid)
		for _, frac := range []float64{0.06, 0.15, 0.3} {
			wall := frac * clear * cell
			gw, gh := m.Grid.Size()
			const margin = 12
			page := display.Page{Width: gw*cell + 2*margin, Height: gh*cell + 2*margin}
			page.Trim = display.Box{W: page.Width, H: page.Height}
			at := func(p maze.Point) display.Point { return display.Point{X: margin + p.X*cell, Y: margin + p.Y*cell} }
			line := walls(m, at, Style{Cell: cell, Wall: wall}, false, nil)
			page.Items = []display.Item{line}
			img, err := png.Render(page, scale*72)
			if err != nil {
				t.Fatal(err)
			}
			// The walls as flattened segments, by the page square they
			// are in, for the distance from a pixel to the nearest.
			type seg struct{ a, b display.Point }
			var segs []seg
			for _, p := range line.Paths {
				pts := p.Flatten(0.01)
				if p.Closed {
					pts = append(pts, pts[0])
				}
				for k := 1; k < len(pts); k++ {
					segs = append(segs, seg{pts[k-1], pts[k]})
				}
			}
			const bucket = 16.0
			buckets := map[[2]int][]int{}
			for i, s := range segs {
				x0, x1 := math.Min(s.a.X, s.b.X), math.Max(s.a.X, s.b.X)
				y0, y1 := math.Min(s.a.Y, s.b.Y), math.Max(s.a.Y, s.b.Y)
				for bx := int(x0/bucket) - 1; bx <= int(x1/bucket)+1; bx++ {
					for by := int(y0/bucket) - 1; by <= int(y1/bucket)+1; by++ {
						buckets[[2]int{bx, by}] = append(buckets[[2]int{bx, by}], i)
					}
				}
			}
			dist := func(x, y float64) float64 {
				d := math.Inf(1)
				for _, i := range buckets[[2]int{int(x / bucket), int(y / bucket)}] {
					s := segs[i]
					dx, dy := s.b.X-s.a.X, s.b.Y-s.a.Y
					u := 0.0
					if l := dx*dx + dy*dy; l > 0 {
						u = math.Max(0, math.Min(1, ((x-s.a.X)*dx+(y-s.a.Y)*dy)/l))
					}
					d = math.Min(d, math.Hypot(x-s.a.X-u*dx, y-s.a.Y-u*dy))
				}
				return d
			}
			half, px := wall/2, 1/scale
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					cx, cy := (float64(x)+0.5)/scale, (float64(y)+0.5)/scale
					d := dist(cx, cy)
					c := img.RGBAAt(x, y)
					switch {
					case d < half-px && c.R > 100:
						t.Fatalf("%s, wall %.1fpt: a notch: the pixel at %.1f,%.1f, %.2fpt from a wall's middle, is paper", r.Shape, wall, cx, cy, d)
					case d > half*tt.corner+px/2 && c.R < 200:
						t.Fatalf("%s, wall %.1fpt: a nub: the pixel at %.1f,%.1f, %.2fpt from every wall's middle, is ink", r.Shape, wall, cx, cy, d)
					}
				}
			}
		}
	}
}

// Walls drawn for some cells are the walls of those cells: every cell
// marked gives the whole drawing; one cell gives the walls round it.
func TestWallsOfSomeCells(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Algorithm: "backtracker", Size: maze.Size{W: 6, H: 5}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	at := func(p maze.Point) display.Point { return display.Point{X: p.X * 10, Y: p.Y * 10} }
	length := func(l *display.Line) float64 {
		n := 0.0
		for _, p := range l.Paths {
			for i := 1; i < len(p.Points); i++ {
				n += math.Hypot(p.Points[i].X-p.Points[i-1].X, p.Points[i].Y-p.Points[i-1].Y)
			}
		}
		return n
	}
	st := Style{Cell: 10, Wall: 2}
	every := make([]bool, m.Grid.Cells())
	for i := range every {
		every[i] = true
	}
	if a, b := length(walls(m, at, st, false, nil)), length(walls(m, at, st, false, every)); math.Abs(a-b) > 1e-9 {
		t.Errorf("every cell marked draws %g of wall, none %g", b, a)
	}
	for c := range m.Grid.Cells() {
		one := make([]bool, m.Grid.Cells())
		one[c] = true
		want := 0.0
		for s := range m.Grid.Sides(c) {
			if !m.IsOpen(c, s) {
				want += 10
			}
		}
		if got := length(walls(m, at, st, false, one)); math.Abs(got-want) > 1e-9 {
			t.Errorf("cell %d: %g of wall drawn, its closed sides are %g long", c, got, want)
		}
	}
}

// TestSolutionStopsClearOfTheMarks checks that the way through ends at
// the doors, clear of the arrow and the flag (its first dot once covered
// the arrow's tip), solid or dotted, whichever walls the doors are in.
func TestSolutionStopsClearOfTheMarks(t *testing.T) {
	for _, ink := range []Ink{InkColor, InkBlack, InkGrayscale} {
		for _, o := range []maze.Openings{maze.Corners, maze.TopBottom, maze.Sides} {
			m, sol, _, st := drawTestMaze(t, "backtracker", 10, 7, 3, o)
			st.Markers, st.Ink, st.Cell, st.Wall = Shapes, ink, 20, 2
			d := MazeLayers(m, display.Box{X: 40, Y: 50, W: 300, H: 240}, st, Layers{Solutions: [][]int{sol}})
			if len(d.Marks) != 2 {
				t.Fatalf("%s %s: %d marks", ink, o, len(d.Marks))
			}
			var line *display.Line
			for _, it := range d.Items {
				if l, ok := it.(*display.Line); ok && l.Color == st.SolutionColor && l.Cap == display.RoundCap {
					line = l
				}
			}
			if line == nil {
				t.Fatalf("%s %s: no solution line", ink, o)
			}
			ends := []display.Point{line.Paths[0].Points[0]}
			last := line.Paths[len(line.Paths)-1].Points
			ends = append(ends, last[len(last)-1])
			for _, mk := range d.Marks {
				for _, p := range ends {
					b := mk.Box
					dx := math.Max(math.Max(b.X-p.X, p.X-b.X-b.W), 0)
					dy := math.Max(math.Max(b.Y-p.Y, p.Y-b.Y-b.H), 0)
					if math.Hypot(dx, dy) < line.Width/2-1e-9 {
						t.Errorf("%s %s: the way through ends at %+v (%gpt), on the mark %+v", ink, o, p, line.Width, b)
					}
				}
			}
		}
	}
}
