package maze

import (
	"fmt"
	"math"
	"testing"
)

// handMaze builds a W x H maze from a list of passages between cells, with
// doors in the west of the first cell and the east of the last.
func handMaze(w, h int, passages [][2]int) *Maze {
	g := Rect{W: w, H: h}
	m := New(g)
	for _, p := range passages {
		for s := 0; s < 4; s++ {
			if g.Neighbor(p[0], s) == p[1] {
				m.Carve(p[0], s)
			}
		}
	}
	m.SetDoors(Door{0, West}, Door{g.Cells() - 1, East})
	return m
}

func TestMetricsOnHandMadeMazes(t *testing.T) {
	tests := []struct {
		name string
		m    *Maze
		want Metrics
	}{
		{"corridor 3x1", handMaze(3, 1, [][2]int{{0, 1}, {1, 2}}), Metrics{
			Cells: 3, Passages: 2, SolutionLength: 3, LongestStraight: 3, HorizontalBias: 1,
		}},
		{"snake 3x3", handMaze(3, 3, [][2]int{{0, 1}, {1, 2}, {2, 5}, {5, 4}, {4, 3}, {3, 6}, {6, 7}, {7, 8}}), Metrics{
			Cells: 9, Passages: 8, SolutionLength: 9, Turns: 4, LongestStraight: 3, HorizontalBias: 0.75,
		}},
		// Path along the top, 0-1-2 (the exit is cell 2's east wall), and
		// a branch from 1 down to 4, which forks to dead ends 3 and 5.
		{"one branch 3x2", func() *Maze {
			m := handMaze(3, 2, [][2]int{{0, 1}, {1, 2}, {1, 4}, {4, 3}, {4, 5}})
			m.SetDoors(Door{0, West}, Door{2, East})
			return m
		}(), Metrics{
			Cells: 6, Passages: 5, SolutionLength: 3, Junctions: 2, Decisions: 1, DecisionsFromExit: 1,
			DeadEnds: 2, DeadEndDepthMean: 2, DeadEndDepthMax: 2, Branches: 1, BranchDepthMean: 2, BranchDepthMax: 2, Glance: 2,
			LongestStraight: 3, HorizontalBias: 0.8, OffSolution: 0.5,
		}},
		// A 2x2 loop: two ways from the entrance to the exit.
		{"loop 2x2", handMaze(2, 2, [][2]int{{0, 1}, {1, 3}, {0, 2}, {2, 3}}), Metrics{
			Cells: 4, Passages: 4, Loops: 1, SolutionLength: 3, Turns: 2, Decisions: 1, DecisionsFromExit: 1,
			Branches: 1, BranchDepthMean: 1, BranchDepthMax: 1, Glance: 1, TowardGoalBranches: 1,
			LongestStraight: 2, HorizontalBias: 0.5, OffSolution: 0.25,
		}},
	}
	for _, tt := range tests {
		got := tt.m.Measure()
		if math.Abs(got.OffSolution-tt.want.OffSolution) < 1e-9 {
			got.OffSolution = tt.want.OffSolution
		}
		if got != tt.want {
			t.Errorf("%s:\n got  %+v\n want %+v", tt.name, got, tt.want)
		}
	}
}

func TestMetricsInvariants(t *testing.T) {
	for _, a := range Algorithms() {
		for seed := uint64(0); seed < 5; seed++ {
			m, _ := a.Generate(Rect{W: 20, H: 15}, seed)
			m.PlaceDoors(Corners, nil)
			mt := m.Measure()
			if mt.Loops != 0 || mt.Passages != mt.Cells-1 {
				t.Fatalf("%s: a perfect maze with %d loops", a.Name, mt.Loops)
			}
			if mt.DeadEnds < 1 || mt.SolutionLength < 20 || mt.Junctions < 1 {
				t.Fatalf("%s: implausible metrics %+v", a.Name, mt)
			}
			if d := mt.OffSolution - (1 - float64(mt.SolutionLength)/float64(mt.Cells)); math.Abs(d) > 1e-12 {
				t.Fatalf("%s: off_solution %v", a.Name, mt.OffSolution)
			}
			if mt.TowardGoalBranches > mt.Branches || mt.DeadEndDepthMax > mt.BranchDepthMax {
				t.Fatalf("%s: branch counts inconsistent %+v", a.Name, mt)
			}
			// In a perfect maze every cell off the solution hangs off one
			// branch, and the deepest dead end is the deepest branch.
			if mt.DeadEndDepthMax != mt.BranchDepthMax {
				t.Fatalf("%s: deepest dead end %d, deepest branch %d", a.Name, mt.DeadEndDepthMax, mt.BranchDepthMax)
			}
			Braid(m, 1, NewRand(seed))
			if mt := m.Measure(); mt.DeadEnds != 0 || mt.Loops == 0 {
				t.Fatalf("%s: braided maze has %d dead ends, %d loops", a.Name, mt.DeadEnds, mt.Loops)
			}
		}
	}
	// The binary tree's bias shows: its paths run up and right, and its
	// mazes have the top row as one straight corridor.
	bt, _ := LookupAlgorithm("binary-tree")
	m, _ := bt.Generate(Rect{W: 30, H: 30}, 1)
	if mt := m.Measure(); mt.LongestStraight < 30 {
		t.Fatalf("binary tree's longest corridor is %d, want the whole top row", mt.LongestStraight)
	}
}

// TestMeasureBaseAsMeasured: the metrics measureBase takes in one pass
// over a rectangle's rows (and the turns read off a rectangle's sides)
// are the metrics measured cell by cell through the Grid (measuredBase),
// on every shape, masks and islands, braided and perfect rectangles of
// one row, one column and one cell, every kind of opening, along the
// way through, along a way between two cells inside, and along none.
func TestMeasureBaseAsMeasured(t *testing.T) {
	mazes := exactMazes(t)
	for name, m := range testMazes(t) {
		mazes = append(mazes, namedMaze{name, m})
	}
	for _, o := range []Openings{Center, Longest, TopBottom, Sides} {
		for _, size := range []Size{{W: 1, H: 1}, {W: 1, H: 6}, {W: 7, H: 1}, {W: 2, H: 2}, {W: 13, H: 9}} {
			for seed := range uint64(3) {
				r := Recipe{Algorithm: "backtracker", Size: size, Seed: seed, Braid: float64(seed) / 3, Openings: o}
				m, err := Make(r)
				if err != nil {
					t.Fatal(err)
				}
				mazes = append(mazes, namedMaze{fmt.Sprintf("%+v", r), m})
			}
		}
	}
	rects := 0
	for _, nm := range mazes {
		m := nm.m
		if _, ok := m.Grid.(Rect); ok {
			rects++
		}
		paths := m.SolutionParts()
		for i, part := range m.Parts() {
			ways := [][]int{paths[i], nil}
			if n := m.Grid.Cells(); n > 2 {
				ways = append(ways, m.ShortestPath(n/3, 2*n/3))
			}
			for wi, path := range ways {
				if got, want := m.alongPath(m.MeasureCells(), path, part), m.measuredBase(path, part); got != want {
					t.Errorf("%s part %d way %d: %+v, measured cell by cell %+v", nm.name, i, wi, got, want)
				}
			}
		}
	}
	if rects < 100 {
		t.Errorf("only %d rectangles", rects)
	}
}

// namedMaze is a maze a test names in its messages.
type namedMaze struct {
	name string
	m    *Maze
}

// exactMazes are the mazes the exact sum is checked on (a copy of
// maze/difficulty's, which TestMeasureBaseAsMeasured measures too): every shape,
// perfect and braided rectangles, a centre goal, one row and one cell,
// mazes made by hand with loops where a walk may miss them, and the
// maze fuzzing found.
func exactMazes(t *testing.T) []namedMaze {
	t.Helper()
	recipes := shapeRecipes(t)
	for name, r := range map[string]Recipe{
		"binary tree":      {Algorithm: "binary-tree", Size: Size{W: 40, H: 30}},
		"sidewinder":       {Algorithm: "sidewinder", Size: Size{W: 30, H: 40}},
		"backtracker":      {Algorithm: "backtracker", Size: Size{W: 60, H: 50}},
		"centre goal":      {Algorithm: "kruskal", Size: Size{W: 25, H: 25}, Openings: Center},
		"one row":          {Algorithm: "prim", Size: Size{W: 30, H: 1}},
		"one cell":         {Algorithm: "wilson", Size: Size{W: 1, H: 1}},
		"braided":          {Algorithm: "backtracker", Size: Size{W: 20, H: 20}, Braid: 0.3},
		"slightly braided": {Algorithm: "kruskal", Size: Size{W: 30, H: 30}, Braid: 0.02},
	} {
		recipes[name] = r
	}
	var mazes []namedMaze
	for name, r := range recipes {
		for seed := range uint64(5) {
			r.Seed = seed
			if r.Algorithm == "" {
				r.Algorithm = "backtracker"
			}
			m, err := Make(r)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			mazes = append(mazes, namedMaze{fmt.Sprintf("%s seed %d", name, seed), m})
		}
	}
	// By hand, on a 7x4 grid whose way through is its top row: a branch
	// off cell 2 holding a loop; one that comes back to the spine; one
	// that reaches a later branch.
	spine := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}
	for name, more := range map[string][][2]int{
		"a loop in a branch":         {{2, 9}, {9, 16}, {16, 17}, {17, 10}, {10, 9}, {17, 24}},
		"a branch back to the spine": {{2, 9}, {9, 10}, {10, 11}, {11, 4}},
		"two branches joined":        {{1, 8}, {8, 15}, {15, 16}, {16, 17}, {17, 10}, {10, 3}},
		"a tree":                     {{2, 9}, {9, 16}, {16, 17}, {17, 10}, {17, 24}, {24, 23}, {5, 12}, {12, 19}, {19, 26}},
	} {
		m := handMaze(7, 4, append(append([][2]int(nil), spine...), more...))
		m.SetDoors(Door{0, West}, Door{6, East})
		mazes = append(mazes, namedMaze{name, m})
	}
	// Straight corridors down from the middle of the way through (the
	// top row of a 30x100 grid, its ends out of anyone's sight) longer
	// than a walk keeps runs: one of 66 cells to a dead end, one of 99
	// that turns into a dead end, one of 98.
	var long [][2]int
	for x := range 29 {
		long = append(long, [2]int{x, x + 1})
	}
	for y := range 99 {
		for x, rows := range map[int]int{14: 66, 15: 99, 16: 98} {
			if y+1 < rows {
				long = append(long, [2]int{y*30 + x, (y+1)*30 + x})
			}
		}
	}
	long = append(long, [2]int{99*30 + 15, 99*30 + 16})
	m := handMaze(30, 100, long)
	m.SetDoors(Door{0, West}, Door{29, East})
	mazes = append(mazes, namedMaze{"a long straight corridor", m})
	// Fuzzing found this one: a loop near the spine, which a walk that
	// took any step to a seen cell for a step back up left unseen.
	loopy, err := Make(Recipe{Algorithm: "aldous-broder", Size: Size{W: 16, H: 23}, Seed: 99, Braid: 3.0 / 255})
	if err != nil {
		t.Fatal(err)
	}
	mazes = append(mazes, namedMaze{"a loop beside the spine", loopy})
	return mazes
}
