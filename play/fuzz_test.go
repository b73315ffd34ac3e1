package play

import (
	"strings"
	"testing"
	"time"

	"mazebook/maze"
)

// FuzzGame plays any keys on mazes of any seed and checks that the game
// holds together: every step of the walk and of the thread goes through a
// passage, the thread visits no cell twice, and every view draws the
// player once, on every shape (the seed picks it).
func FuzzGame(f *testing.F) {
	f.Add(uint64(1), []byte("lljjhhkkuuurs"))
	f.Add(uint64(2), []byte("vvvtlllllljjjjjjjsuuuuuuuuuuuu"))
	f.Add(uint64(3), []byte("jljljljljljljljljljljljljljljl"))
	f.Add(uint64(5), []byte("\x80\x81\x82\x83lljjvsvtv\x80\x81")) // a circle
	f.Add(uint64(9), []byte("\x80\x81\x82\x83hhkkvsvtv\x82\x83")) // a hexagon
	f.Add(uint64(14), []byte("lljjhhkkvvsvtuur"))                 // a triangle
	f.Fuzz(func(t *testing.T, seed uint64, keys []byte) {
		if len(keys) > 500 {
			keys = keys[:500]
		}
		shapes := maze.Shapes()
		shape := shapes[seed/4%uint64(len(shapes))]
		m, err := maze.Make(maze.Recipe{Shape: shape.Name, Size: shape.ForCells(30, 1.2), Algorithm: "backtracker", Seed: seed, Braid: float64(seed%3) / 2, Openings: []maze.Openings{maze.Corners, maze.Sides, maze.Longest, maze.Center}[seed%4]})
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(m, Options{View: View(seed % 3), Radius: int(seed%4) + 1})
		if err != nil {
			t.Fatal(err)
		}
		now := t0
		for _, k := range keys {
			now = now.Add(time.Second)
			switch k % 12 {
			case 0, 1, 2, 3:
				g.Step(Direction(k%4+k/128*4), now) // the arrows, or between them
			case 4:
				g.Undo()
			case 5:
				g.Restart()
			case 6:
				g.ToggleSolution()
			case 7:
				g.ToggleThread()
			case 8:
				g.NextView()
			default:
				g.Move(int(k%9), now)
			}
		}
		linked := func(path []int, what string) {
			for i := 1; i < len(path); i++ {
				ok := false
				for s := 0; s < m.Grid.Sides(path[i-1]); s++ {
					if m.Grid.Neighbor(path[i-1], s) == path[i] && m.Linked(path[i-1], s) {
						ok = true
					}
				}
				if !ok {
					t.Fatalf("%s steps from %d to %d through a wall", what, path[i-1], path[i])
				}
			}
		}
		linked(g.Walk(), "the walk")
		thread := g.Thread()
		linked(thread, "the thread")
		seen := map[int]bool{}
		for _, c := range thread {
			if seen[c] {
				t.Fatalf("the thread visits %d twice", c)
			}
			seen[c] = true
		}
		if g.Moves() != len(g.Walk())-1 || g.Walk()[0] != m.Entrance.Cell {
			t.Fatalf("%d moves for the walk %v", g.Moves(), g.Walk())
		}
		for v := Full; v <= Torch; v++ {
			g.SetView(v)
			cv, err := g.Render()
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(cv.String(), string(PlayerRune)); n != 1 {
				t.Fatalf("%v view draws the player %d times:\n%s", v, n, cv)
			}
		}
	})
}
