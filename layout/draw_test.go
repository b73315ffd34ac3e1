package layout

import (
	"math"
	"testing"

	"mazebook/layout/display"
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

func drawTestMaze(t *testing.T, alg string, w, h int, seed uint64, o maze.Openings) (*maze.Maze, []int, Drawing, MazeStyle) {
	t.Helper()
	a, err := maze.LookupAlgorithm(alg)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := a.Generate(maze.Rect{W: w, H: h}, seed)
	m.PlaceDoors(o, maze.NewRand(seed))
	sol := m.Solution()
	st := MazeStyle{Cell: 12, Wall: 3, Markers: MarkSquares, SolutionColor: display.Color{R: 255}}
	box := display.Box{X: 40, Y: 50, W: float64(w+2) * 12, H: float64(h+2) * 12}
	return m, sol, DrawMaze(m, box, st, sol), st
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

// TestWallsAreMergedRuns checks that no two wall strokes could be one: no
// two collinear axis-aligned runs touch or overlap.
func TestWallsAreMergedRuns(t *testing.T) {
	_, _, d, _ := drawTestMaze(t, "kruskal", 15, 10, 3, maze.Corners)
	paths := d.Items[0].(*display.Line).Paths
	for i, pp := range paths {
		for j, qq := range paths {
			if i >= j {
				continue
			}
			p, q := pp.Points, qq.Points
			if p[0].Y == p[1].Y && q[0].Y == q[1].Y && p[0].Y == q[0].Y && p[1].X >= q[0].X && q[1].X >= p[0].X {
				t.Fatalf("horizontal runs %v and %v should be one", p, q)
			}
			if p[0].X == p[1].X && q[0].X == q[1].X && p[0].X == q[0].X && p[1].Y >= q[0].Y && q[1].Y >= p[0].Y {
				t.Fatalf("vertical runs %v and %v should be one", p, q)
			}
		}
	}
	// The outer wall of a 15x10 maze with two doors is at most 6 runs, and
	// the total run length equals the number of closed sides.
	var length float64
	for _, pp := range paths {
		p := pp.Points
		length += math.Abs(p[1].X-p[0].X) + math.Abs(p[1].Y-p[0].Y)
	}
	m, _, _, st := drawTestMaze(t, "kruskal", 15, 10, 3, maze.Corners)
	closed := 0
	for c := 0; c < m.Grid.Cells(); c++ {
		for s := 0; s < 4; s++ {
			if !m.IsOpen(c, s) {
				if nb := m.Grid.Neighbor(c, s); nb < 0 || nb > c {
					closed++
				}
			}
		}
	}
	if math.Abs(length-float64(closed)*st.Cell) > 1e-6 {
		t.Fatalf("walls are %.1fpt long, want %d sides of %.0fpt", length, closed, st.Cell)
	}
}

// TestDrawingIsCenteredInItsBox checks the maze's placement.
func TestDrawingIsCenteredInItsBox(t *testing.T) {
	m, _, d, st := drawTestMaze(t, "prim", 10, 6, 1, maze.Corners)
	box := display.Box{X: 40, Y: 50, W: 12 * 12, H: 8 * 12}
	gw, gh := m.Grid.Size()
	if math.Abs(d.Origin.X-(box.X+(box.W-gw*st.Cell)/2)) > 1e-9 || math.Abs(d.Origin.Y-(box.Y+(box.H-gh*st.Cell)/2)) > 1e-9 {
		t.Fatalf("origin %+v is not centred in %+v", d.Origin, box)
	}
	// The solution starts and ends half a cell outside the doors.
	sol := d.Items[1].(*display.Line).Paths[0].Points
	if first := sol[0]; math.Abs(first.X-(d.Origin.X-st.Cell/2)) > 1e-9 {
		t.Fatalf("solution starts at %+v, want half a cell left of the maze", first)
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
