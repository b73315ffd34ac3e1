package play

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"mazebook/maze"
)

// serpentine returns a 3x3 maze whose one corridor winds from the
// entrance west of cell 0 along the top row, back along the middle row
// and out along the bottom row to the exit east of cell 8:
//
//	0 1 2
//	3 4 5
//	6 7 8
func serpentine(t *testing.T) *maze.Maze {
	t.Helper()
	m := maze.New(maze.Rect{W: 3, H: 3})
	for _, p := range [][2]int{{0, maze.East}, {1, maze.East}, {2, maze.South}, {5, maze.West}, {4, maze.West}, {3, maze.South}, {6, maze.East}, {7, maze.East}} {
		m.Carve(p[0], p[1])
	}
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 8, Side: maze.East})
	return m
}

// way is the serpentine's way out, as steps.
var way = []Direction{Right, Right, Down, Left, Left, Down, Right, Right}

func newGame(t *testing.T, m *maze.Maze, opt Options) *Game {
	t.Helper()
	g, err := New(m, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func TestStepsAndWalls(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []Direction
		moved []bool
		at    int
	}{
		{"into the corridor", []Direction{Right}, []bool{true}, 1},
		{"a wall below the entrance", []Direction{Down}, []bool{false}, 0},
		{"out through the entrance is no move", []Direction{Left}, []bool{false}, 0},
		{"up through the border", []Direction{Up}, []bool{false}, 0},
		{"a wall between 1 and 4", []Direction{Right, Down, Right, Down}, []bool{true, false, true, true}, 5},
		{"the end of a row", []Direction{Right, Right, Right}, []bool{true, true, false}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, serpentine(t), Options{})
			for i, d := range tc.steps {
				if got := g.Step(d, t0); got != tc.moved[i] {
					t.Errorf("step %d (%v): moved %v, want %v", i, d, got, tc.moved[i])
				}
			}
			if g.Player() != tc.at {
				t.Errorf("player at %d, want %d", g.Player(), tc.at)
			}
			want := 0
			for _, m := range tc.moved {
				if m {
					want++
				}
			}
			if g.Moves() != want {
				t.Errorf("%d moves, want %d", g.Moves(), want)
			}
		})
	}
}

func TestUndoAndRestart(t *testing.T) {
	g := newGame(t, serpentine(t), Options{})
	if g.Undo() {
		t.Error("undo at the start reported a move taken back")
	}
	for _, d := range way[:4] {
		g.Step(d, t0)
	}
	if g.Player() != 4 || g.Moves() != 4 {
		t.Fatalf("after 4 steps: at %d with %d moves", g.Player(), g.Moves())
	}
	for i, want := range []int{5, 2, 1, 0} {
		if !g.Undo() {
			t.Fatalf("undo %d refused", i)
		}
		if g.Player() != want || g.Moves() != 3-i {
			t.Errorf("undo %d: at %d with %d moves, want %d with %d", i, g.Player(), g.Moves(), want, 3-i)
		}
	}
	if !g.Seen(4) {
		t.Error("undo forgot what Theseus saw")
	}
	for _, d := range way[:3] {
		g.Step(d, t0.Add(time.Second))
	}
	g.ToggleSolution()
	g.SetView(Torch)
	g.Restart()
	if g.Player() != 0 || g.Moves() != 0 || g.Elapsed(t0.Add(time.Hour)) != 0 || g.Finished() {
		t.Errorf("restart: at %d, %d moves, %v played, finished %v", g.Player(), g.Moves(), g.Elapsed(t0.Add(time.Hour)), g.Finished())
	}
	if g.Seen(5) || !g.Seen(2) {
		t.Error("restart kept Theseus's map, or did not look from the entrance")
	}
	if !g.SolutionShown() || g.View() != Torch {
		t.Error("restart changed the view or the solution key")
	}
}

func TestFinish(t *testing.T) {
	g := newGame(t, serpentine(t), Options{})
	if g.Shortest() != 8 {
		t.Fatalf("shortest %d, want 8", g.Shortest())
	}
	clock := t0
	for _, d := range way {
		g.Step(d, clock)
		clock = clock.Add(10 * time.Second)
	}
	// At the exit's cell, not yet out.
	if g.Finished() || g.Message() != "" {
		t.Fatalf("finished at the exit's cell before stepping out: %q", g.Message())
	}
	if g.Step(Down, clock) {
		t.Error("stepped through the border beside the exit")
	}
	if !g.Step(Right, t0.Add(83*time.Second)) || !g.Finished() {
		t.Fatal("stepping out through the exit did not finish")
	}
	if want := "You found the way out! 8 moves in 1:23"; g.Message() != want {
		t.Errorf("message %q, want %q", g.Message(), want)
	}
	if g.Elapsed(t0.Add(time.Hour)) != 83*time.Second {
		t.Errorf("the clock ran on after the finish: %v", g.Elapsed(t0.Add(time.Hour)))
	}
	if g.Step(Left, clock) || g.Moves() != 8 {
		t.Error("a finished game took a move")
	}
	if !g.Undo() || g.Finished() || g.Player() != 8 {
		t.Error("undo did not step back in from the exit")
	}
}

func TestFinishAtAGoalInside(t *testing.T) {
	m := serpentine(t)
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 4, Side: maze.Inside})
	g := newGame(t, m, Options{})
	if g.Shortest() != 4 {
		t.Fatalf("shortest %d, want 4", g.Shortest())
	}
	for i, d := range []Direction{Right, Left, Right, Right, Down, Left} {
		g.Step(d, t0.Add(time.Duration(i)*time.Minute))
	}
	if !g.Finished() {
		t.Fatal("reaching the goal did not finish")
	}
	if want := "You found the way out! 6 moves in 5:00"; g.Message() != want {
		t.Errorf("message %q, want %q", g.Message(), want)
	}
}

func TestThreadWindsIn(t *testing.T) {
	g := newGame(t, serpentine(t), Options{})
	for _, d := range []Direction{Right, Right, Left, Left, Right} {
		g.Step(d, t0)
	}
	if want := []int{0, 1, 2, 1, 0, 1}; !reflect.DeepEqual(g.Walk(), want) {
		t.Errorf("walk %v, want %v", g.Walk(), want)
	}
	if want := []int{0, 1}; !reflect.DeepEqual(g.Thread(), want) {
		t.Errorf("thread %v, want %v", g.Thread(), want)
	}
	if want := []int{1, 2, 5, 4, 3, 6, 7, 8}; !reflect.DeepEqual(g.WayOut(), want) {
		t.Errorf("way out %v, want %v", g.WayOut(), want)
	}
}

func TestTheseusSeesStraightCorridors(t *testing.T) {
	// A plus: cell 4 in the middle of a 3x3 joins its four neighbours, the
	// top row is open, and the corners but the top ones hang off the
	// bottom row.
	m := maze.New(maze.Rect{W: 3, H: 3})
	for _, p := range [][2]int{{4, maze.North}, {4, maze.East}, {4, maze.South}, {4, maze.West}, {0, maze.East}, {1, maze.East}, {7, maze.West}, {7, maze.East}} {
		m.Carve(p[0], p[1])
	}
	m.SetDoors(maze.Door{Cell: 0, Side: maze.North}, maze.Door{Cell: 8, Side: maze.South})
	for _, tc := range []struct {
		name  string
		steps []Direction
		seen  []int
	}{
		// From 0: along the top row, not round the corner down to 4.
		{"at the entrance", nil, []int{0, 1, 2}},
		// From 1: the top row, and straight down through 4 to 7.
		{"one step", []Direction{Right}, []int{0, 1, 2, 4, 7}},
		// From 4: everything in the plus, and 7's row is remembered; 6
		// and 8 lie round corners from 4.
		{"in the middle", []Direction{Right, Down}, []int{0, 1, 2, 3, 4, 5, 7}},
		{"at the bottom", []Direction{Right, Down, Down}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, m, Options{View: Theseus})
			for _, d := range tc.steps {
				if !g.Step(d, t0) {
					t.Fatalf("step %v refused", d)
				}
			}
			var seen []int
			vis := g.Visible()
			for c := range vis {
				if vis[c] {
					seen = append(seen, c)
				}
			}
			if !reflect.DeepEqual(seen, tc.seen) {
				t.Errorf("seen %v, want %v", seen, tc.seen)
			}
			// The rendered floor of exactly those cells shows.
			cv := render(t, g)
			for c := 0; c < 9; c++ {
				if got, want := cellTag(cv, c) != Fog, vis[c]; got != want {
					t.Errorf("cell %d drawn %v, want %v", c, got, want)
				}
			}
		})
	}
}

func TestTorchReachesThroughPassages(t *testing.T) {
	for _, tc := range []struct {
		name   string
		radius int
		steps  []Direction
		lit    []int
	}{
		// Cell 3 is next to 0 but behind a wall: 7 steps away.
		{"at the entrance", 2, nil, []int{0, 1, 2}},
		{"radius 1", 1, nil, []int{0, 1}},
		{"in the middle", 2, way[:4], []int{2, 3, 4, 5, 6}},
		{"radius 3 from the middle", 3, way[:4], []int{1, 2, 3, 4, 5, 6, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, serpentine(t), Options{View: Torch, Radius: tc.radius})
			for _, d := range tc.steps {
				g.Step(d, t0)
			}
			vis := g.Visible()
			var lit []int
			for c := range vis {
				if vis[c] {
					lit = append(lit, c)
				}
			}
			if !reflect.DeepEqual(lit, tc.lit) {
				t.Errorf("lit %v, want %v", lit, tc.lit)
			}
			cv := render(t, g)
			for c := 0; c < 9; c++ {
				if got := cellTag(cv, c) != Fog; got != vis[c] {
					t.Errorf("cell %d drawn %v, want %v", c, got, vis[c])
				}
			}
			// Nothing is remembered: back at the entrance, only its
			// corridor is lit.
			g.Restart()
			if vis := g.Visible(); tc.radius >= 2 && (vis[4] || !vis[2]) {
				t.Errorf("after restart lit %v", vis)
			}
		})
	}
}

func TestParseViewAndClock(t *testing.T) {
	for _, v := range []View{Full, Theseus, Torch} {
		got, err := ParseView(v.String())
		if err != nil || got != v {
			t.Errorf("ParseView(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseView("dark"); err == nil || !strings.Contains(err.Error(), "full, theseus, torch") {
		t.Errorf("ParseView(dark): %v", err)
	}
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00"}, {59*time.Second + 999*time.Millisecond, "0:59"}, {83 * time.Second, "1:23"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"}, {-time.Second, "0:00"},
	} {
		if got := FormatClock(tc.d); got != tc.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	noExit := maze.New(maze.Rect{W: 2, H: 1})
	walled := maze.New(maze.Rect{W: 2, H: 1})
	walled.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 1, Side: maze.East})
	for _, tc := range []struct {
		name string
		m    *maze.Maze
		opt  Options
		want string
	}{
		{"no maze", nil, Options{}, "no maze"},
		{"no doors", noExit, Options{}, "no entrance"},
		{"no way through", walled, Options{}, "cannot be reached"},
		{"radius", serpentine(t), Options{Radius: -1}, "radius"},
		{"view", serpentine(t), Options{View: 7}, "view"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.m, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// TestEveryShapeIsPlayable walks every shape's maze with the eight
// directions, and on grids whose sides all head along the axes with the
// four arrows alone, and checks that they reach every cell: the
// directions make a maze of any shape playable.
func TestEveryShapeIsPlayable(t *testing.T) {
	for _, shape := range maze.Shapes() {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/%d", shape.Name, seed), func(t *testing.T) {
				r := maze.Recipe{Shape: shape.Name, Size: shape.ForCells(150*int(seed), 1), Algorithm: "backtracker", Seed: seed}
				m, err := maze.Make(r)
				if err != nil {
					t.Fatal(err)
				}
				g := newGame(t, m, Options{})
				dirs := []Direction{Up, Right, Down, Left}
				if shape.Name == "circle" || shape.Name == "hexagon" {
					dirs = append(dirs, UpRight, DownRight, DownLeft, UpLeft)
				}
				reached := map[int]bool{m.Entrance.Cell: true}
				queue := []int{m.Entrance.Cell}
				for len(queue) > 0 {
					c := queue[0]
					queue = queue[1:]
					for _, d := range dirs {
						g.walk, g.finished = []int{c}, false
						if g.Step(d, t0) && !g.Finished() && !reached[g.Player()] {
							reached[g.Player()] = true
							queue = append(queue, g.Player())
						}
					}
				}
				if len(reached) != m.Grid.Cells() {
					t.Errorf("the arrows reach %d of %d cells", len(reached), m.Grid.Cells())
				}
				if err := Drawable(m.Grid); err != nil {
					t.Errorf("Drawable: %v", err)
				}
			})
		}
	}
}

// A trial counts the moves from cell to cell (the step out through the
// exit's opening ends the game but is not one), and the views they were
// made in.
func TestTrialCounts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		views  []View // the view before each step of way, then the exit
		moves  int
		solved bool
		seen   []View
	}{
		{"the way, in the full view", nil, 8, true, []View{Full}},
		{"the way, then torch", []View{Full, Full, Full, Full, Torch}, 8, true, []View{Full, Torch}},
		{"theseus throughout", []View{Theseus}, 8, true, []View{Theseus}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, serpentine(t), Options{})
			now := t0
			for i, d := range append(way, Right) {
				if i < len(tc.views) {
					g.SetView(tc.views[i])
				}
				now = now.Add(300 * time.Millisecond)
				if !g.Step(d, now) {
					t.Fatalf("step %d does not move", i)
				}
			}
			tr := g.Trial(t0, now)
			if tr.Moves != tc.moves || tr.Solved != tc.solved || !reflect.DeepEqual(tr.Views, tc.seen) {
				t.Errorf("trial %+v, want %d moves, solved %v, views %v", tr, tc.moves, tc.solved, tc.seen)
			}
			if tr.Moves < g.Shortest() {
				t.Errorf("solved in %d moves, fewer than the shortest way's %d", tr.Moves, g.Shortest())
			}
			if tr.Moves != g.Moves() {
				t.Errorf("the trial counts %d moves, the game shows %d", tr.Moves, g.Moves())
			}
		})
	}
}
