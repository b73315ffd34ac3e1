package play

import (
	"fmt"
	"strings"
	"testing"

	"mazebook/maze"
)

func render(t *testing.T, g *Game) Canvas {
	t.Helper()
	cv, err := g.Render()
	if err != nil {
		t.Fatal(err)
	}
	if len(cv.Cells) != cv.W*cv.H {
		t.Fatalf("canvas %dx%d holds %d cells", cv.W, cv.H, len(cv.Cells))
	}
	return cv
}

// cellTag returns the tag of the left floor column of cell c of a
// rectangle: Fog when hidden.
func cellTag(cv Canvas, c int) Tag {
	x, y := centerOf(cv, c)
	return cv.At(x-1, y).Tag
}

// centerOf returns the column and row of the middle of cell c of a
// rectangle as wide as the canvas shows.
func centerOf(cv Canvas, c int) (int, int) {
	w := (cv.W - 1) / 4
	return c%w*4 + 2, c/w*2 + 1
}

func TestFullView(t *testing.T) {
	g := newGame(t, serpentine(t), Options{NoThread: true})
	// The corners beside the doors have no arm into the opening.
	want := `╶───────────┐
→ @         │
┌───────╴   │
│           │
│   ╶───────┘
│           →
└───────────╴
`
	cv := render(t, g)
	if cv.String() != want {
		t.Errorf("full view:\n%s\nwant:\n%s", cv, want)
	}
	if cv.PlayerX != 2 || cv.PlayerY != 1 || cv.At(2, 1) != (Cell{PlayerRune, Player}) {
		t.Errorf("player at %d,%d: %q", cv.PlayerX, cv.PlayerY, cv.At(cv.PlayerX, cv.PlayerY).Rune)
	}
	if cv.At(0, 1).Tag != Entrance || cv.At(12, 5).Tag != Exit {
		t.Errorf("doors tagged %v and %v", cv.At(0, 1).Tag, cv.At(12, 5).Tag)
	}
	for _, c := range cv.Cells {
		if c.Tag == Fog {
			t.Fatal("the full view has fog")
		}
	}
}

func TestThreadOnAndOff(t *testing.T) {
	for _, on := range []bool{true, false} {
		g := newGame(t, serpentine(t), Options{NoThread: !on})
		for _, d := range way[:4] {
			g.Step(d, t0)
		}
		cv := render(t, g)
		// The walk 0 1 2 5 4: the thread lies in 0, 1, 2 and 5, and in
		// the passages between them and the entrance; 3 has none.
		for _, c := range []int{0, 1, 2, 5} {
			x, y := centerOf(cv, c)
			if got := cv.At(x, y) == (Cell{ThreadRune, Thread}); got != on {
				t.Errorf("thread %v: cell %d shows %q", on, c, cv.At(x, y).Rune)
			}
		}
		if got := strings.Count(cv.String(), string(ThreadLinkRune)); (got > 0) != on {
			t.Errorf("thread %v: %d links drawn", on, got)
		}
		x, y := centerOf(cv, 3)
		if cv.At(x, y).Tag != Floor {
			t.Errorf("cell 3 shows %q", cv.At(x, y).Rune)
		}
		g.ToggleThread()
		if g.ThreadShown() != !on {
			t.Error("ToggleThread did not toggle")
		}
	}
}

func TestThreadLine(t *testing.T) {
	g := newGame(t, serpentine(t), Options{})
	for _, d := range way[:4] {
		g.Step(d, t0)
	}
	want := `╶───────────┐
··•···•···• │
┌───────╴ · │
│     @···• │
│   ╶───────┘
│           →
└───────────╴
`
	if cv := render(t, g); cv.String() != want {
		t.Errorf("thread:\n%s\nwant:\n%s", cv, want)
	}
}

func TestSolution(t *testing.T) {
	g := newGame(t, serpentine(t), Options{View: Torch, Radius: 1, NoThread: true})
	g.ToggleSolution()
	cv := render(t, g)
	// The way out is drawn through the dark, from the player's next cell
	// to the exit's.
	n := 0
	for _, c := range cv.Cells {
		if c.Tag == Solution {
			n++
		}
	}
	// 8 cells after the player's and 8 passages between the 9.
	if n != 16 {
		t.Errorf("%d solution marks, want 16:\n%s", n, cv)
	}
	x, y := centerOf(cv, 8)
	if cv.At(x, y).Rune != SolutionRune {
		t.Errorf("the exit's cell shows %q", cv.At(x, y).Rune)
	}
	g.ToggleSolution()
	if strings.ContainsRune(render(t, g).String(), SolutionRune) {
		t.Error("the solution is drawn after it was hidden")
	}
}

func TestTheseusRemembersTheMap(t *testing.T) {
	g := newGame(t, serpentine(t), Options{View: Theseus})
	for _, d := range way[:4] {
		g.Step(d, t0)
	}
	for range 3 {
		g.Undo()
	}
	// Back at 1, the map still holds 5, 4 and 3 (seen from 5), and their
	// walls; the bottom row is unseen, and the outer wall below it is not
	// drawn.
	want := `╶───────────┐
··•···@     │
┌───────╴   │
│           │
╵   ╶───────┘


`
	if cv := render(t, g); cv.String() != want {
		t.Errorf("theseus:\n%s\nwant:\n%s", cv, want)
	}
}

func TestDrawableShapes(t *testing.T) {
	weave, err := maze.Make(maze.Recipe{Size: maze.Size{W: 8, H: 8}, Weave: 1, Algorithm: "kruskal", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := maze.NewBitmap(8, 8)
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			b.Set(x, y, (x-4)*(x-4)+(y-4)*(y-4) < 14)
		}
	}
	masked, err := maze.Make(maze.Recipe{Size: maze.Size{W: 8, H: 8}, Mask: b, Algorithm: "backtracker", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	hex := shaped(t, "hexagon", 4)
	tooLarge := maze.New(maze.Rect{W: 501, H: 500})
	tooLarge.Carve(0, maze.East)
	tooLarge.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 1, Side: maze.North})
	for _, tc := range []struct {
		name string
		m    *maze.Maze
		ok   bool
	}{
		{"weave", weave, true}, {"masked", masked, true}, {"hexagon", hex, true},
		{"circle", shaped(t, "circle", 4), true}, {"triangle", shaped(t, "triangle", 4), true},
		{"too large", tooLarge, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.m, Options{})
			cv, err := g.Render()
			if (err == nil) != tc.ok {
				t.Fatalf("render: %v", err)
			}
			if !tc.ok {
				if !strings.Contains(err.Error(), "at most 250000 cells") {
					t.Errorf("error %q does not say why", err)
				}
				return
			}
			// Walk the way out: the player is drawn on its square at
			// every step, tunnels included, and the view stays whole.
			for _, c := range g.WayOut()[1:] {
				for s := 0; s < tc.m.Grid.Sides(g.Player()); s++ {
					if tc.m.Grid.Neighbor(g.Player(), s) == c {
						g.Move(s, t0)
						break
					}
				}
				if g.Player() != c {
					t.Fatalf("could not step to %d", c)
				}
				cv = render(t, g)
				if cv.At(cv.PlayerX, cv.PlayerY).Rune != PlayerRune {
					t.Fatalf("at cell %d the player is not drawn", c)
				}
			}
			if tc.name == "weave" && !strings.ContainsAny(cv.String(), string([]rune{OverNorthSouth, OverEastWest})) {
				t.Errorf("no crossing drawn:\n%s", cv)
			}
		})
	}
}

func TestGoalInside(t *testing.T) {
	m := serpentine(t)
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 4, Side: maze.Inside})
	g := newGame(t, m, Options{NoThread: true})
	cv := render(t, g)
	x, y := centerOf(cv, 4)
	if cv.At(x, y) != (Cell{GoalRune, Exit}) {
		t.Errorf("the goal shows %q:\n%s", cv.At(x, y).Rune, cv)
	}
	// The entrance's arrow points in (→ on the west side); no other.
	if strings.Count(cv.String(), "→") != 1 || strings.ContainsAny(cv.String(), "←↑↓") {
		t.Errorf("an exit opening is drawn for a goal inside:\n%s", cv)
	}
}

func BenchmarkRender(b *testing.B) {
	for _, n := range []int{20, 100, 500} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			m, err := maze.Make(maze.Recipe{Size: maze.Size{W: n, H: n}, Algorithm: "backtracker", Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			g, err := New(m, Options{View: Theseus})
			if err != nil {
				b.Fatal(err)
			}
			for _, c := range g.WayOut()[1:] {
				for s := 0; s < 4; s++ {
					if m.Grid.Neighbor(g.Player(), s) == c {
						g.Move(s, t0)
						break
					}
				}
			}
			b.ResetTimer()
			for range b.N {
				if _, err := g.Render(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// shaped makes a backtracker maze of the shape named, of the size given
// by one number (sides, rings).
func shaped(t *testing.T, shape string, n int) *maze.Maze {
	t.Helper()
	m, err := maze.Make(maze.Recipe{Shape: shape, Size: maze.Size{W: n, H: n}, Algorithm: "backtracker", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
