package draw

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"
	"mazebook/maze"
)

// teachStyle is a style whose layers each have a colour of their own, so
// a test finds them in the display list.
var teachStyle = Style{Cell: 14, Wall: 2.5, Markers: Squares,
	SolutionColor: display.Color{R: 255}, WalkColor: display.Color{B: 255}, GraphColor: display.Color{G: 200},
	EntranceColor: display.Color{R: 200}, ExitColor: display.Color{R: 100}}

// teachMazes are mazes of every shape, perfect and braided, with their
// doors at the corners or a goal in the middle.
func teachMazes(t *testing.T) map[string]*maze.Maze {
	t.Helper()
	out := map[string]*maze.Maze{}
	for _, r := range []maze.Recipe{
		{Size: maze.Size{W: 12, H: 12}, Algorithm: "backtracker"},
		{Size: maze.Size{W: 12, H: 12}, Algorithm: "kruskal", Braid: 1},
		{Size: maze.Size{W: 12, H: 12}, Algorithm: "prim", Braid: 0.6, Openings: maze.Center},
		{Size: maze.Size{W: 9, H: 5}, Algorithm: "wilson", Openings: maze.Sides},
		{Shape: "circle", Size: maze.Size{W: 6, Inner: maze.DefaultInner}, Algorithm: "backtracker"},
		{Shape: "circle", Size: maze.Size{W: 5, Inner: maze.DefaultInner}, Algorithm: "kruskal", Braid: 1, Openings: maze.Center},
		{Shape: "hexagon", Size: maze.Size{W: 5}, Algorithm: "backtracker", Braid: 0.5},
		{Shape: "triangle", Size: maze.Size{W: 8}, Algorithm: "prim"},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			r.Seed = seed
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("%s %v %s braid %g %s seed %d", r.Shape, r.Size.W, r.Algorithm, r.Braid, r.Openings, seed)] = m
		}
	}
	return out
}

// itemsIn returns the Line items of the colour c.
func itemsIn(items []display.Item, c display.Color) []*display.Line {
	var out []*display.Line
	for _, it := range items {
		if l, ok := it.(*display.Line); ok && l.Color == c {
			out = append(out, l)
		}
	}
	return out
}

// segGap returns the distance between the segments ab and cd: 0 when they
// cross.
func segGap(a, b, c, d display.Point) float64 {
	if segmentsCross(a, b, c, d) {
		return 0
	}
	return math.Min(math.Min(pointSegGap(a, c, d), pointSegGap(b, c, d)), math.Min(pointSegGap(c, a, b), pointSegGap(d, a, b)))
}

// TestWalkNeverCrossesAWall draws the walks of every walking solver on
// mazes of every shape (walks that reach the goal and walks that go round
// in circles) and checks, geometrically, that the walk's ink keeps clear
// of the walls' ink (square caps included), and that every step of the
// walk is drawn on the walker's right of the line between the two cells'
// centres, lane off it.
func TestWalkNeverCrossesAWall(t *testing.T) {
	walked, lost := 0, 0
	for name, m := range teachMazes(t) {
		for _, solver := range []string{"right-hand", "left-hand", "tremaux"} {
			sols, err := m.SolveEach(solver)
			var le *maze.LoopError
			if err != nil && !errors.As(err, &le) {
				t.Fatalf("%s %s: %v", name, solver, err)
			}
			if le != nil {
				lost++
			}
			var walks [][]int
			for _, s := range sols {
				walks = append(walks, s.Walk)
			}
			gw, gh := m.Grid.Size()
			box := display.Box{X: 20, Y: 30, W: (gw + 2) * teachStyle.Cell, H: (gh + 2) * teachStyle.Cell}
			d := MazeLayers(m, box, teachStyle, Layers{Walks: walks})
			wl := itemsIn(d.Items, teachStyle.WalkColor)
			if len(wl) != 1 {
				t.Fatalf("%s %s: %d walk items", name, solver, len(wl))
			}
			walk := wl[0]
			wallHalf := teachStyle.Wall / 2
			ext := 0.0 // round caps: the half width all round covers them
			if d.Items[0].(*display.Line).Cap == display.SquareCap {
				ext = wallHalf
			}
			wallSegs := wallSegments(d.Items[:1], ext)
			var walkSegs [][2]display.Point
			for _, p := range walk.Paths {
				pts := p.Flatten(0.01)
				for i := 1; i < len(pts); i++ {
					walkSegs = append(walkSegs, [2]display.Point{pts[i-1], pts[i]})
				}
			}
			need := wallHalf + walk.Width/2
			for _, ws := range walkSegs {
				for _, w := range wallSegs {
					if g := segGap(ws[0], ws[1], w[0], w[1]); g < need {
						t.Fatalf("%s %s: the walk %v comes within %.2f of the wall %v (it needs %.2f)", name, solver, ws, g, w, need)
					}
				}
			}
			// Every straight step is drawn on its lane.
			clear := maze.Clearance(m.Grid)
			corridor := clear*d.Cell - teachStyle.Wall
			if _, rect := m.Grid.(maze.Rect); !rect {
				corridor = math.Min(corridor, narrowestSide(m.Grid)*d.Cell-teachStyle.Wall)
			}
			lane := walkLane * corridor
			at := func(p maze.Point) display.Point {
				return display.Point{X: d.Origin.X + p.X*d.Cell, Y: d.Origin.Y + p.Y*d.Cell}
			}
			for _, w := range walks {
				for i := 1; i < len(w); i++ {
					e := maze.StepEdge(m.Grid, w[i-1], w[i])
					if e.IsArc() {
						continue
					}
					// The first half of the step, to the side crossed.
					sm, _ := sideMid(m.Grid, w[i-1], w[i])
					a, b := at(e.A), at(sm)
					l := math.Hypot(b.X-a.X, b.Y-a.Y)
					mid := display.Point{X: (a.X+b.X)/2 - (b.Y-a.Y)/l*lane, Y: (a.Y+b.Y)/2 + (b.X-a.X)/l*lane}
					found := false
					for _, ws := range walkSegs {
						if pointSegGap(mid, ws[0], ws[1]) < 0.01 {
							found = true
							break
						}
					}
					if !found {
						t.Fatalf("%s %s: step %d, %d to %d, is not drawn on its lane at %v", name, solver, i, w[i-1], w[i], mid)
					}
				}
				walked += len(w)
			}
		}
	}
	if lost == 0 || walked < 1000 {
		t.Fatalf("the test drew %d steps and %d lost walks: it proves little", walked, lost)
	}
}

// TestGraphHasAnEdgePerPassage draws the graph of mazes of every shape,
// over the maze and over a blank grid, and checks that it has a dot at
// every cell's centre and exactly one edge for every passage, joining the
// centres of the two cells the passage joins.
func TestGraphHasAnEdgePerPassage(t *testing.T) {
	for name, m := range teachMazes(t) {
		for _, blank := range []bool{false, true} {
			gw, gh := m.Grid.Size()
			box := display.Box{W: (gw + 2) * teachStyle.Cell, H: (gh + 2) * teachStyle.Cell}
			d := MazeLayers(m, box, teachStyle, Layers{Graph: true, Blank: blank})
			lines := itemsIn(d.Items, teachStyle.GraphColor)
			if len(lines) != 2 {
				t.Fatalf("%s: %d graph items, want edges and dots", name, len(lines))
			}
			edges, dots := lines[0], lines[1]
			key := func(p display.Point) [2]int64 {
				return [2]int64{int64(math.Round(p.X * 100)), int64(math.Round(p.Y * 100))}
			}
			cellAt := map[[2]int64]int{}
			for c := 0; c < m.Grid.Cells(); c++ {
				p := m.Grid.Center(c)
				cellAt[key(display.Point{X: d.Origin.X + p.X*d.Cell, Y: d.Origin.Y + p.Y*d.Cell})] = c
			}
			if len(dots.Paths) != m.Grid.Cells() {
				t.Fatalf("%s: %d dots for %d cells", name, len(dots.Paths), m.Grid.Cells())
			}
			for _, p := range dots.Paths {
				if _, ok := cellAt[key(p.Points[0])]; !ok || p.Points[0] != p.Points[len(p.Points)-1] {
					t.Fatalf("%s: a dot at %v is on no cell's centre", name, p.Points)
				}
			}
			if len(edges.Paths) != m.Passages() {
				t.Fatalf("%s: %d edges for %d passages", name, len(edges.Paths), m.Passages())
			}
			seen := map[[2]int]bool{}
			for _, p := range edges.Paths {
				a, okA := cellAt[key(p.Points[0])]
				b, okB := cellAt[key(p.Points[len(p.Points)-1])]
				if !okA || !okB {
					t.Fatalf("%s: an edge %v does not join two cells' centres", name, p.Points)
				}
				linked := false
				for s := 0; s < m.Grid.Sides(a); s++ {
					linked = linked || m.Grid.Neighbor(a, s) == b && m.Linked(a, s)
				}
				if !linked || seen[[2]int{min(a, b), max(a, b)}] {
					t.Fatalf("%s: the edge from cell %d to %d is no passage, or drawn twice", name, a, b)
				}
				seen[[2]int{min(a, b), max(a, b)}] = true
			}
		}
	}
}

// TestBlankHasEveryWall rasterises a blank grid and checks that the wall
// between every two neighbouring cells is ink, and that the doors are
// open; the same maze drawn as a maze shows its passages, so the test
// sees the difference.
func TestBlankHasEveryWall(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: 9, H: 7}, Algorithm: "backtracker", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := m.Grid.(maze.Rect)
	const dpi = 144
	px := dpi / 72.0
	for _, blank := range []bool{true, false} {
		page := PageLayers(m, teachStyle, 10, Layers{Blank: blank})
		img, err := png.Render(page, dpi)
		if err != nil {
			t.Fatal(err)
		}
		d := MazeLayers(m, display.Box{W: page.Width, H: page.Height}, teachStyle, Layers{Blank: blank})
		ink := func(p maze.Point) bool {
			x, y := (d.Origin.X+p.X*d.Cell)*px, (d.Origin.Y+p.Y*d.Cell)*px
			return rastertest.IsDark(img.At(int(x), int(y)))
		}
		open := 0
		for c := 0; c < g.Cells(); c++ {
			for s := 0; s < 4; s++ {
				nb := g.Neighbor(c, s)
				if nb < c {
					continue
				}
				if !ink(g.Side(c, s).Mid()) {
					open++
					if blank {
						t.Errorf("blank: no wall between cells %d and %d", c, nb)
					}
				}
			}
		}
		if !blank && open != m.Passages() {
			t.Errorf("the maze shows %d open sides for %d passages", open, m.Passages())
		}
		for _, door := range []maze.Door{m.Entrance, m.Exit} {
			if ink(g.Side(door.Cell, door.Side).Mid()) {
				t.Errorf("blank %v: the door %+v is closed", blank, door)
			}
		}
	}
}

// BenchmarkMazeWithWalk draws a 100x100 maze with the right hand's walk
// and its graph, against the maze alone.
func BenchmarkMazeWithWalk(b *testing.B) {
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: 100, H: 100}, Algorithm: "backtracker", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	sol, err := m.Solve("right-hand")
	if err != nil {
		b.Fatal(err)
	}
	box := display.Box{W: 102 * teachStyle.Cell, H: 102 * teachStyle.Cell}
	for _, bc := range []struct {
		name string
		l    Layers
	}{
		{"maze", Layers{Solutions: [][]int{sol.Path}}},
		{"walk", Layers{Solutions: [][]int{sol.Path}, Walks: [][]int{sol.Walk}}},
		{"graph", Layers{Graph: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MazeLayers(m, box, teachStyle, bc.l)
			}
		})
	}
}

// BenchmarkPage1000 draws a 1000x1000 maze's page at 2 mm cells, the
// display list every backend writes (the speed table's drawing rows).
func BenchmarkPage1000(b *testing.B) {
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: 1000, H: 1000}, Algorithm: "backtracker", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	st := teachStyle
	st.Cell, st.Wall = 2*72/25.4, 0.5
	b.ReportAllocs()
	for b.Loop() {
		Page(m, st, 18)
	}
}
