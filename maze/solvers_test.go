package maze

import (
	"reflect"
	"strings"
	"testing"
)

// testMazes returns perfect and braided mazes of several algorithms and
// sizes, with corner doors.
func testMazes(t *testing.T) map[string]*Maze {
	t.Helper()
	out := map[string]*Maze{}
	for _, name := range []string{"backtracker", "kruskal", "prim", "wilson", "binary-tree", "recursive-division"} {
		a, _ := LookupAlgorithm(name)
		for _, size := range [][2]int{{1, 1}, {1, 7}, {9, 1}, {6, 6}, {17, 11}} {
			for seed := uint64(0); seed < 3; seed++ {
				for _, braid := range []float64{0, 0.5, 1} {
					m, _ := a.Generate(Rect{W: size[0], H: size[1]}, seed)
					Braid(m, braid, NewRand(seed))
					m.PlaceDoors(Corners, nil)
					out[strings.Join([]string{name, Rect{W: size[0], H: size[1]}.String(), string(rune('0' + seed)), string(rune('0' + int(braid*2)))}, "/")] = m
				}
			}
		}
	}
	return out
}

func TestShortestSolversAgree(t *testing.T) {
	for name, m := range testMazes(t) {
		want := m.Distances(m.Entrance.Cell)[m.Exit.Cell] + 1
		for _, s := range Solvers() {
			sol, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
			if err != nil {
				if strings.HasSuffix(s.Name, "-hand") {
					continue // may fail on braided mazes; tested below
				}
				t.Fatalf("%s %s: %v", name, s.Name, err)
			}
			checkPath(t, m, sol.Path, m.Entrance.Cell, m.Exit.Cell)
			if s.Shortest && len(sol.Path) != int(want) {
				t.Fatalf("%s %s: path of %d cells, shortest is %d", name, s.Name, len(sol.Path), want)
			}
			if m.Passages() == m.Grid.Cells()-1 && len(sol.Path) != int(want) {
				t.Fatalf("%s %s: on a perfect maze the path must be the only one (%d cells, got %d)", name, s.Name, want, len(sol.Path))
			}
			if sol.Walk != nil {
				checkWalk(t, m, sol.Walk, m.Entrance.Cell, m.Exit.Cell)
			}
		}
	}
}

// checkWalk fails unless walk is a legal sequence of moves through open
// passages from from to to.
func checkWalk(t *testing.T, m *Maze, walk []int, from, to int) {
	t.Helper()
	if walk[0] != from || walk[len(walk)-1] != to {
		t.Fatalf("walk runs %d..%d, want %d..%d", walk[0], walk[len(walk)-1], from, to)
	}
	for i := 1; i < len(walk); i++ {
		ok := false
		for s := 0; s < m.Grid.Sides(walk[i-1]); s++ {
			if m.Grid.Neighbor(walk[i-1], s) == walk[i] && m.Linked(walk[i-1], s) {
				ok = true
			}
		}
		if !ok {
			t.Fatalf("walk step %d goes from %d to %d through a wall", i, walk[i-1], walk[i])
		}
	}
}

func TestWallFollowersSolvePerfectMazes(t *testing.T) {
	for _, name := range []string{"right-hand", "left-hand"} {
		for seed := uint64(0); seed < 20; seed++ {
			m, _ := Algorithms()[seed%uint64(len(Algorithms()))].Generate(Rect{W: 13, H: 8}, seed)
			m.PlaceDoors(Sides, NewRand(seed))
			sol, err := m.Solve(name)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			checkWalk(t, m, sol.Walk, m.Entrance.Cell, m.Exit.Cell)
			checkPath(t, m, sol.Path, m.Entrance.Cell, m.Exit.Cell)
		}
	}
}

// TestWallFollowerReportsAnUnreachableGoal builds a 3x3 maze whose centre
// cell is an island inside a loop: following either wall from a corner
// circles the loop forever, and the follower must say so.
func TestWallFollowerReportsAnUnreachableGoal(t *testing.T) {
	g := Rect{W: 3, H: 3}
	m := New(g)
	// The ring of eight outer cells, and the centre joined to the top.
	ring := []int{0, 1, 2, 5, 8, 7, 6, 3, 0}
	for i := 1; i < len(ring); i++ {
		for s := 0; s < 4; s++ {
			if g.Neighbor(ring[i-1], s) == ring[i] {
				m.Carve(ring[i-1], s)
			}
		}
	}
	m.Carve(4, North)
	m.SetDoors(Door{0, West}, Door{8, East})
	for _, name := range []string{"right-hand", "left-hand"} {
		s, _ := LookupSolver(name)
		_, err := s.Solve(m, 0, 4)
		if name == "right-hand" && (err == nil || !strings.Contains(err.Error(), "never leads")) {
			// The right hand from the entrance keeps the ring's outer
			// wall and never turns into the centre.
			t.Fatalf("%s reached the island or gave no error: %v", name, err)
		}
	}
	// Trémaux and the searches find it.
	for _, name := range []string{"tremaux", "bfs", "dfs", "astar", "dijkstra", "dead-end-filling"} {
		s, _ := LookupSolver(name)
		sol, err := s.Solve(m, 0, 4)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkPath(t, m, sol.Path, 0, 4)
	}
}

func TestSolversReportUnreachable(t *testing.T) {
	m := New(Rect{W: 2, H: 1}) // two cells, no passage
	for _, s := range Solvers() {
		if _, err := s.Solve(m, 0, 1); err == nil {
			t.Errorf("%s found a path through a wall", s.Name)
		}
	}
}

func TestCutLoops(t *testing.T) {
	tests := []struct{ walk, want []int }{
		{[]int{1, 2, 3, 2, 4}, []int{1, 2, 4}},
		{[]int{1, 2, 3, 1, 5}, []int{1, 5}},
		{[]int{1, 2, 3, 4}, []int{1, 2, 3, 4}},
		{[]int{7}, []int{7}},
		{[]int{1, 2, 3, 4, 3, 2, 5, 6, 5, 7}, []int{1, 2, 5, 7}},
		{[]int{1, 2, 1, 2, 1, 3}, []int{1, 3}},
	}
	for _, tt := range tests {
		if got := CutLoops(tt.walk); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("CutLoops(%v) = %v, want %v", tt.walk, got, tt.want)
		}
	}
}

func TestTremauxThreadRollsBack(t *testing.T) {
	m, _ := Algorithms()[0].Generate(Rect{W: 15, H: 15}, 5)
	m.PlaceDoors(Corners, nil)
	sol, err := m.Solve("tremaux")
	if err != nil {
		t.Fatal(err)
	}
	if len(sol.Walk) <= len(sol.Path) {
		t.Skip("the walk went straight to the exit")
	}
	// Rolling the thread back means walking some passages twice: the walk
	// with its loops cut is the thread.
	if got := CutLoops(sol.Walk); !reflect.DeepEqual(got, sol.Path) {
		t.Fatalf("the thread is not the walk with its loops cut")
	}
}

func TestLookupSolver(t *testing.T) {
	if _, err := LookupSolver("bfs"); err != nil {
		t.Fatal(err)
	}
	if _, err := LookupSolver("bfz"); err == nil || !strings.Contains(err.Error(), "known: astar, bfs") {
		t.Fatalf("error = %v", err)
	}
}

// TestWallFollowerOnACenterGoal follows the right wall to a goal in the
// middle of 12x12 mazes. On a perfect maze the walls are all one, so the
// hand walks every corridor and gets there; with loops (braid) the middle
// is often on an island of walls, and the follower must stop, with a
// LoopError, once its walk is back where it was facing the same way: its
// walk runs through passages from the entrance, never reaches the goal,
// and its last step was taken before.
func TestWallFollowerOnACenterGoal(t *testing.T) {
	for _, braid := range []float64{0, 1} {
		failed := 0
		for seed := uint64(0); seed < 20; seed++ {
			m, err := Make(Recipe{Size: Size{W: 12, H: 12}, Algorithm: "backtracker", Seed: seed, Braid: braid, Openings: Center})
			if err != nil {
				t.Fatal(err)
			}
			if !m.Exit.IsInside() {
				t.Fatalf("seed %d: the goal %+v is not inside", seed, m.Exit)
			}
			sols, err := m.SolveEach("right-hand")
			if len(sols) != 1 {
				t.Fatalf("seed %d: %d solutions for one part (%v)", seed, len(sols), err)
			}
			sol := sols[0]
			le, lost := err.(*LoopError)
			switch {
			case err == nil:
				checkWalk(t, m, sol.Walk, m.Entrance.Cell, m.Exit.Cell)
				checkPath(t, m, sol.Path, m.Entrance.Cell, m.Exit.Cell)
				continue
			case !lost:
				t.Fatalf("braid %g seed %d: %v, want a LoopError", braid, seed, err)
			}
			failed++
			w := sol.Walk
			if sol.Path != nil || le.Steps != len(w)-1 || le.Goal != m.Exit.Cell || !strings.Contains(err.Error(), "never leads") {
				t.Fatalf("seed %d: a lost walk with path %v, error %+v for %d steps", seed, sol.Path, le, len(w)-1)
			}
			checkWalk(t, m, w, m.Entrance.Cell, w[len(w)-1])
			for _, c := range w {
				if c == m.Exit.Cell {
					t.Fatalf("seed %d: the walk reached the goal %d but was called lost", seed, c)
				}
			}
			last := [2]int{w[len(w)-2], w[len(w)-1]}
			again := false
			for i := 1; i < len(w)-1 && !again; i++ {
				again = [2]int{w[i-1], w[i]} == last
			}
			if !again && last[1] != w[0] {
				t.Fatalf("seed %d: the walk stopped after step %v, which it had not taken before", seed, last)
			}
		}
		if braid == 0 && failed > 0 {
			t.Errorf("the right hand lost its way in %d perfect mazes", failed)
		}
		if braid == 1 && failed < 5 {
			t.Errorf("the right hand lost its way in only %d of 20 braided mazes with a goal in the middle", failed)
		}
	}
}

// asGeneral returns a copy of a maze on a rectangle whose grid is not a
// Rect, so that the searches and measures take their general paths, to
// check the rectangle's fast paths against.
func asGeneral(m *Maze) *Maze {
	f := *m
	f.Grid = fakeGrid{m.Grid.(Rect)}
	return &f
}

// The breadth-first search on a rectangle (bfsRect) reaches the cells the
// general search reaches and finds its path: from door to door, from the
// centre, and between cells inside, on perfect and braided mazes.
func TestBFSRectAsGeneral(t *testing.T) {
	mazes := testMazes(t)
	for _, o := range []Openings{Center, Longest, TopBottom} {
		for seed := range uint64(3) {
			m, err := Make(Recipe{Algorithm: "kruskal", Size: Size{W: 13, H: 9}, Seed: seed, Braid: float64(seed) / 3, Openings: o})
			if err != nil {
				t.Fatal(err)
			}
			mazes[string(o)+"/"+string(rune('0'+seed))] = m
		}
	}
	for name, m := range mazes {
		g, n := asGeneral(m), m.Grid.Cells()
		for _, end := range [][2]int{{m.Entrance.Cell, m.Exit.Cell}, {m.Exit.Cell, m.Entrance.Cell}, {n / 3, 2 * n / 3}, {n - 1, 0}, {n / 2, n / 2}} {
			path, reached := m.bfs(end[0], end[1])
			want, wantReached := g.bfs(end[0], end[1])
			if !reflect.DeepEqual(path, want) || reached != wantReached {
				t.Errorf("%s from %d to %d: %v, %d reached; the general search %v, %d", name, end[0], end[1], path, reached, want, wantReached)
			}
		}
	}
}
