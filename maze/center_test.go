package maze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestCenterGoalOnEveryShape makes a maze of every kind of grid with every
// algorithm that can carve it, with the goal in the middle, and checks
// the doors and what is computed from them: the goal is the plain cell
// nearest the centroid of the cells (or, on a circle, a door into the
// round middle), the entrance a door in the outer border at the border
// cell farthest from the goal through the maze, every solver gets there
// through open passages (the shortest ones with one length), the metrics
// count the path without a step out through the goal, and the walker
// finds it (the score's share is maze/difficulty's TestRateCenterGoals).
func TestCenterGoalOnEveryShape(t *testing.T) {
	for name, r := range shapeRecipes(t) {
		r.Openings = Center
		t.Run(name, func(t *testing.T) {
			g, err := r.Grid()
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range Algorithms() {
				if !a.Supports(g) {
					continue
				}
				for seed := uint64(1); seed <= 2; seed++ {
					r := r
					r.Algorithm, r.Seed = a.Name, seed
					m, err := Make(r)
					if err != nil {
						t.Fatalf("%s seed %d: %v", a.Name, seed, err)
					}
					checkCenterDoors(t, m, a.Name, r.Braid > 0)
				}
			}
		})
	}
}

// checkCenterDoors checks the doors of every part of a maze made with
// openings: center.
func checkCenterDoors(t *testing.T, m *Maze, name string, braided bool) {
	t.Helper()
	g := m.Grid
	_, circle := g.(middled)
	for i, p := range m.Parts() {
		in, goal := p.Entrance, p.Exit
		if nb := g.Neighbor(in.Cell, in.Side); nb != Border || !m.IsOpen(in.Cell, in.Side) {
			t.Fatalf("%s part %d: the entrance %+v opens on %d", name, i, in, nb)
		}
		dist := m.Distances(goal.Cell)
		island := func(c int) bool { return dist[c] >= 0 }
		if circle {
			if g.Neighbor(goal.Cell, goal.Side) != Hole || !m.IsOpen(goal.Cell, goal.Side) {
				t.Fatalf("%s: the circle's goal %+v does not open into the middle", name, goal)
			}
		} else {
			if !goal.IsInside() {
				t.Fatalf("%s part %d: the goal %+v is not inside its cell", name, i, goal)
			}
			for s := 0; s < g.Sides(goal.Cell); s++ {
				if g.Neighbor(goal.Cell, s) < 0 && m.IsOpen(goal.Cell, s) && !(goal.Cell == in.Cell && s == in.Side) {
					t.Fatalf("%s part %d: the goal's cell has its side %d open to the outside", name, i, s)
				}
			}
			// No plain cell of the part lies nearer its centroid.
			var sx, sy float64
			n := 0
			plain := func(c int) bool {
				for s := 0; s < g.Sides(c); s++ {
					if g.Neighbor(c, s) == NoSide {
						return false
					}
				}
				return island(c)
			}
			for c := 0; c < g.Cells(); c++ {
				if plain(c) {
					p := g.Center(c)
					sx, sy, n = sx+p.X, sy+p.Y, n+1
				}
			}
			mid := Point{sx / float64(n), sy / float64(n)}
			far := func(c int) float64 { p := g.Center(c); return math.Hypot(p.X-mid.X, p.Y-mid.Y) }
			for c := 0; c < g.Cells(); c++ {
				if plain(c) && far(c) < far(goal.Cell)-1e-9 {
					t.Fatalf("%s part %d: cell %d is nearer the middle %v than the goal %d", name, i, c, mid, goal.Cell)
				}
			}
			// The entrance is the border cell farthest from the goal.
			for _, b := range borderSides(g) {
				if dist[b.door.Cell] > dist[in.Cell] {
					t.Fatalf("%s part %d: border cell %d is %d steps from the goal, the entrance %d only %d", name, i, b.door.Cell, dist[b.door.Cell], in.Cell, dist[in.Cell])
				}
			}
		}
		if m.parts != nil {
			continue // the solvers run on whole mazes below
		}
		shortest := -1
		for _, s := range Solvers() {
			sol, err := s.Solve(m, in.Cell, goal.Cell)
			if err != nil {
				if !s.Shortest && braided {
					continue // a wall follower may circle a loop
				}
				t.Fatalf("%s: %s: %v", name, s.Name, err)
			}
			checkPathThroughPassages(t, m, sol.Path)
			if sol.Path[0] != in.Cell || sol.Path[len(sol.Path)-1] != goal.Cell {
				t.Fatalf("%s: %s runs from %d to %d", name, s.Name, sol.Path[0], sol.Path[len(sol.Path)-1])
			}
			if s.Shortest {
				if shortest >= 0 && len(sol.Path) != shortest {
					t.Fatalf("%s: %s finds %d cells, another %d", name, s.Name, len(sol.Path), shortest)
				}
				shortest = len(sol.Path)
			}
		}
		if int(dist[in.Cell])+1 != shortest {
			t.Fatalf("%s: the shortest solution has %d cells, the entrance is %d steps away", name, shortest, dist[in.Cell])
		}
		mt := m.Measure()
		if mt.SolutionLength != shortest {
			t.Fatalf("%s: metrics measure a solution of %d cells, not %d", name, mt.SolutionLength, shortest)
		}
		if steps := m.SolverSteps(1); math.IsInf(steps, 0) || steps < float64(shortest-1) {
			t.Fatalf("%s: the walker takes %g steps to a goal %d steps away", name, steps, shortest-1)
		}
	}
}

// TestCenterGoalOfSeparateIslands checks that every island kept apart
// gets its own goal in its own middle.
func TestCenterGoalOfSeparateIslands(t *testing.T) {
	r := Recipe{Shape: Rectangle, Size: Size{W: 20, H: 6}, Mask: twoIslands(t), Islands: Separate, Openings: Center, Algorithm: "backtracker", Seed: 3}
	m, err := Make(r)
	if err != nil {
		t.Fatal(err)
	}
	parts := m.Parts()
	if len(parts) != 2 {
		t.Fatalf("%d parts", len(parts))
	}
	checkCenterDoors(t, m, "islands", false)
	for i, p := range parts {
		if got := m.Distances(p.Entrance.Cell)[p.Exit.Cell]; got < 0 {
			t.Fatalf("part %d: its goal is not in its island", i)
		}
	}
	if m.Distances(parts[0].Exit.Cell)[parts[1].Exit.Cell] >= 0 {
		t.Fatalf("the two islands are joined")
	}
	for i, sol := range m.SolutionParts() {
		if len(sol) == 0 || sol[len(sol)-1] != parts[i].Exit.Cell {
			t.Fatalf("part %d: solution %v does not reach its goal", i, sol)
		}
	}
}

// TestMetricsOfAnInsideGoal measures a hand-made snake whose goal is inside
// its middle cell: no step out through the goal is counted as a turn, the
// goal's cell is no dead end, and from the goal there are two ways.
func TestMetricsOfAnInsideGoal(t *testing.T) {
	m := handMaze(3, 3, [][2]int{{0, 1}, {1, 2}, {2, 5}, {5, 4}, {4, 3}, {3, 6}, {6, 7}, {7, 8}})
	m.SetDoors(Door{0, West}, Door{4, Inside})
	if m.OpenSides(4) != 1<<East|1<<West {
		t.Fatalf("the goal opened a side: %04b", m.OpenSides(4))
	}
	got := m.Measure()
	want := Metrics{
		Cells: 9, Passages: 8, SolutionLength: 5, Turns: 2, DecisionsFromExit: 1,
		DeadEnds: 1, DeadEndDepthMean: 4, DeadEndDepthMax: 4, Branches: 1, BranchDepthMean: 4, BranchDepthMax: 4, Glance: 4,
		LongestStraight: 3, HorizontalBias: 0.75, OffSolution: got.OffSolution,
	}
	if got != want || math.Abs(got.OffSolution-4.0/9) > 1e-9 {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	text, err := m.Text(m.Solution())
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(text), "\n"); lines[3][6] == '.' || lines[3][5] != '.' {
		t.Errorf("the text marks a door out of the goal:\n%s", text)
	}
	// Moved to a border cell, the goal opens its wall again, and the old
	// inside goal leaves no trace.
	m.SetDoors(Door{0, West}, Door{8, East})
	if m.OpenSides(4) != 1<<East|1<<West || !m.IsOpen(8, East) {
		t.Fatalf("doors moved badly: %04b %04b", m.OpenSides(4), m.OpenSides(8))
	}
}

// TestLocateEveryCell checks that the coordinates of every cell of every
// kind of grid lead back to it, and that coordinates off the grid are
// refused with a message that says which there are.
func TestLocateEveryCell(t *testing.T) {
	for name, r := range shapeRecipes(t) {
		g, err := r.Grid()
		if err != nil {
			t.Fatal(err)
		}
		loc, ok := g.(Locator)
		if !ok {
			t.Fatalf("%s: %T has no coordinates", name, g)
		}
		seen := map[At]bool{}
		for c := 0; c < g.Cells(); c++ {
			a := loc.Coords(c)
			back, err := loc.Locate(a)
			if w, ok := g.(*Weave); ok && c >= w.W*w.H {
				back = c // a tunnel shares its crossing's square
			}
			if err != nil || back != c {
				t.Fatalf("%s: cell %d is at %v, which locates %d, %v", name, c, a, back, err)
			}
			if _, ok := g.(*Weave); !ok && seen[a] {
				t.Fatalf("%s: two cells at %v", name, a)
			}
			seen[a] = true
		}
		for _, bad := range []At{{-1, 0}, {0, -1}, {1000, 0}, {0, 1000}} {
			if c, err := loc.Locate(bad); err == nil || !strings.Contains(err.Error(), "outside") {
				t.Errorf("%s: Locate(%v) = %d, %v", name, bad, c, err)
			}
		}
	}
	for _, sh := range Shapes() {
		if sh.Coords == "" {
			t.Errorf("shape %s does not say how its cells are named", sh.Name)
		}
	}
	// A cell the mask leaves out.
	mg, err := NewMasked(Rect{3, 3}, []bool{true, true, true, true, false, true, true, true, true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mg.Locate(At{1, 1}); err == nil || !strings.Contains(err.Error(), "outside the mask") {
		t.Errorf("a hole of the mask: %v", err)
	}
}

// TestPlaceAt checks that cells given by coordinates become exactly the
// doors: a border cell's door opens its outer wall, an inner cell's is
// inside it; one left out is the border cell farthest through the maze.
func TestPlaceAt(t *testing.T) {
	cases := []struct {
		shape          string
		size           Size
		entrance, exit *At
		inIn, outIn    bool // inside their cells
	}{
		{Rectangle, Size{W: 8, H: 6}, &At{0, 3}, &At{7, 0}, false, false},
		{Rectangle, Size{W: 8, H: 6}, &At{0, 3}, &At{4, 2}, false, true},
		{Rectangle, Size{W: 8, H: 6}, &At{3, 3}, &At{4, 2}, true, true},
		{Rectangle, Size{W: 8, H: 6}, nil, &At{4, 2}, false, true},
		{Rectangle, Size{W: 8, H: 6}, &At{2, 2}, nil, true, false},
		{"circle", Size{W: 5, Inner: 1}, &At{4, 3}, &At{0, 2}, false, true},
		{"hexagon", Size{W: 4}, &At{0, 3}, &At{3, 3}, false, true},
		{"hexagon", Size{W: 7, H: 5}, &At{6, 4}, &At{2, 2}, false, true},
		{"triangle", Size{W: 6}, &At{0, 5}, &At{4, 4}, false, true},
		{"triangle", Size{W: 9, H: 4}, &At{8, 0}, &At{0, 3}, false, false},
	}
	for _, tt := range cases {
		r := Recipe{Shape: tt.shape, Size: tt.size, Algorithm: "backtracker", Seed: 5, Entrance: tt.entrance, Exit: tt.exit, Openings: Sides}
		m, err := Make(r)
		if err != nil {
			t.Fatalf("%s %v %v: %v", tt.shape, tt.entrance, tt.exit, err)
		}
		loc := m.Grid.(Locator)
		for _, d := range []struct {
			door   Door
			at     *At
			inside bool
			what   string
		}{{m.Entrance, tt.entrance, tt.inIn, "entrance"}, {m.Exit, tt.exit, tt.outIn, "exit"}} {
			if d.at != nil && loc.Coords(d.door.Cell) != *d.at {
				t.Errorf("%s: the %s is at %v, not %v", tt.shape, d.what, loc.Coords(d.door.Cell), *d.at)
			}
			if d.door.IsInside() != d.inside {
				t.Errorf("%s %v: the %s %+v inside: %v, want %v", tt.shape, d.at, d.what, d.door, d.door.IsInside(), d.inside)
			}
			if !d.inside && (m.Grid.Neighbor(d.door.Cell, d.door.Side) != Border || !m.IsOpen(d.door.Cell, d.door.Side)) {
				t.Errorf("%s: the %s %+v does not open on the outside", tt.shape, d.what, d.door)
			}
		}
		if tt.entrance == nil || tt.exit == nil {
			given, other := m.Entrance, m.Exit
			if tt.entrance == nil {
				given, other = m.Exit, m.Entrance
			}
			dist := m.Distances(given.Cell)
			for _, b := range borderSides(m.Grid) {
				if dist[b.door.Cell] > dist[other.Cell] {
					t.Errorf("%s: the door left out is %d steps away, border cell %d %d", tt.shape, dist[other.Cell], b.door.Cell, dist[b.door.Cell])
				}
			}
		}
		sol, err := m.Solve("bfs")
		if err != nil || sol.Path[0] != m.Entrance.Cell || sol.Path[len(sol.Path)-1] != m.Exit.Cell {
			t.Fatalf("%s: %v %v", tt.shape, sol.Path, err)
		}
		for _, name := range []string{"right-hand", "tremaux", "dead-end-filling"} {
			if s, err := m.Solve(name); err != nil || len(s.Path) < len(sol.Path) {
				t.Fatalf("%s: %s: %v", tt.shape, name, err)
			}
		}
	}
}

// TestGoldenDoors keeps a maze of every kind of grid whose goal is its
// middle, and mazes whose doors are given as cells, with their doors,
// solutions, metrics and walker's steps, in testdata/golden/doors.txt.
func TestGoldenDoors(t *testing.T) {
	var b bytes.Buffer
	recipes := shapeRecipes(t)
	write := func(name string, r Recipe) {
		if r.Algorithm == "" {
			r.Algorithm = "backtracker"
		}
		r.Seed = 2026
		m, err := Make(r)
		if err != nil {
			t.Fatal(err)
		}
		var doors []string
		for _, p := range m.Parts() {
			doors = append(doors, fmt.Sprintf("%d:%d-%d:%d", p.Entrance.Cell, p.Entrance.Side, p.Exit.Cell, p.Exit.Side))
		}
		paths := m.SolutionParts()
		var sols []string
		for _, p := range paths {
			sols = append(sols, pathHash(p))
		}
		mt, _ := json.Marshal(SumMetrics(m.MeasureParts(paths)))
		fmt.Fprintf(&b, "%s: %d cells %s doors %s\n  solution %s\n  metrics %s\n  solver steps %.3f\n", name, m.Grid.Cells(), passagesHash(m), strings.Join(doors, " "), strings.Join(sols, " "), mt, m.SolverSteps(7))
	}
	for _, name := range []string{"rectangle", "circle", "circle, wide", "hexagon", "hexagon block", "triangle", "triangle block", "heart mask", "two-part mask", "hexagonal mask", "weave", "braided triangle"} {
		r := recipes[name]
		r.Openings = Center
		write(name+", center", r)
	}
	r := recipes["two-part mask"]
	r.Openings, r.Islands = Center, Separate
	write("two-part mask, separate, center", r)
	for _, c := range []struct {
		name           string
		r              Recipe
		entrance, exit *At
	}{
		{"rectangle", recipes["rectangle"], &At{0, 4}, &At{6, 4}},
		{"rectangle, entrance only", recipes["rectangle"], &At{5, 5}, nil},
		{"circle", recipes["circle"], &At{5, 3}, &At{0, 0}},
		{"hexagon", recipes["hexagon"], &At{0, 0}, &At{4, 4}},
		{"triangle block", recipes["triangle block"], &At{14, 5}, &At{7, 2}},
		{"heart mask", recipes["heart mask"], &At{3, 8}, &At{9, 12}},
		{"weave", recipes["weave"], &At{0, 9}, &At{13, 0}},
	} {
		c.r.Entrance, c.r.Exit = c.entrance, c.exit
		write(c.name+", given cells", c.r)
	}
	checkGolden(t, "doors.txt", b.Bytes())
}
