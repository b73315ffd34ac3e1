package maze

import (
	"reflect"
	"slices"
	"testing"
)

func TestTurned(t *testing.T) {
	cases := []struct {
		name string
		r    Recipe
	}{
		{"tall perfect", Recipe{Size: Size{W: 7, H: 11}, Algorithm: "kruskal", Seed: 1, Openings: Longest}},
		{"wide braided", Recipe{Size: Size{W: 12, H: 5}, Algorithm: "backtracker", Seed: 2, Braid: 0.4, Openings: Sides}},
		{"goal inside", Recipe{Size: Size{W: 9, H: 9}, Algorithm: "wilson", Seed: 3, Openings: Center}},
		{"one row", Recipe{Size: Size{W: 6, H: 1}, Algorithm: "prim", Seed: 4, Openings: Corners}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Make(tc.r)
			if err != nil {
				t.Fatal(err)
			}
			g := m.Grid.(Rect)
			tm, ok := m.Turned()
			if !ok {
				t.Fatal("a rectangle's maze did not turn")
			}
			tg, ok := tm.Grid.(Rect)
			if !ok || tg.W != g.H || tg.H != g.W {
				t.Fatalf("turned grid %+v, want %d by %d", tm.Grid, g.H, g.W)
			}
			seen := make([]bool, g.Cells())
			for c := range g.Cells() {
				tc := g.Turn(c)
				if tc < 0 || tc >= g.Cells() || seen[tc] {
					t.Fatalf("cell %d turns into %d, out of the grid or taken twice", c, tc)
				}
				seen[tc] = true
				// Column x, row y of m is column y, row W-1-x turned.
				if at, want := tg.Coords(tc), (At{c / g.W, g.W - 1 - c%g.W}); at != want {
					t.Fatalf("cell %d turns to %+v, want %+v", c, at, want)
				}
				for s := range 4 {
					ts := (s + 3) % 4
					if m.IsOpen(c, s) != tm.IsOpen(tc, ts) {
						t.Fatalf("side %d of cell %d is open %v, turned %v", s, c, m.IsOpen(c, s), tm.IsOpen(tc, ts))
					}
					n, tn := g.Neighbor(c, s), tg.Neighbor(tc, ts)
					if (n < 0) != (tn < 0) || n >= 0 && g.Turn(n) != tn {
						t.Fatalf("cell %d's neighbour through side %d is %d, turned %d", c, s, n, tn)
					}
				}
			}
			if m.Passages() != tm.Passages() {
				t.Errorf("%d passages, turned %d", m.Passages(), tm.Passages())
			}
			checkTurnedWay(t, m, tm, tc.r.Braid == 0)
			// Four quarter turns are the maze itself.
			back := m
			for range 4 {
				back, _ = back.Turned()
			}
			if back.Grid != m.Grid || back.Entrance != m.Entrance || back.Exit != m.Exit || !slices.Equal(back.open, m.open) {
				t.Errorf("four turns give another maze: doors %v %v, want %v %v", back.Entrance, back.Exit, m.Entrance, m.Exit)
			}
		})
	}
	for _, shape := range []string{"hexagon", "circle", "triangle"} {
		m, err := Make(Recipe{Shape: shape, Size: Size{W: 5, H: 5}, Algorithm: "kruskal", Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if tm, ok := m.Turned(); ok || tm != nil {
			t.Errorf("a %s turned", shape)
		}
	}
}

// TestTurnedWeave checks a weave turned a quarter: the same crossings,
// each over passage across the other way; every cell's sides, tunnels'
// too, open as they were, turned; every neighbour, under a crossing or
// over it, the turned neighbour; the way through the turned maze as long,
// and in a perfect one the way turned; and four turns the weave itself.
func TestTurnedWeave(t *testing.T) {
	for _, r := range []Recipe{
		{Size: Size{W: 9, H: 14}, Weave: 0.4, Algorithm: "kruskal", Seed: 7, Openings: Longest},
		{Size: Size{W: 20, H: 32}, Weave: 0.3, Algorithm: "kruskal", Seed: 8, Braid: 0.3, Openings: Corners},
	} {
		m, err := Make(r)
		if err != nil {
			t.Fatal(err)
		}
		g := m.Grid.(*Weave)
		if g.Crossings() == 0 {
			t.Fatalf("%+v: a weave with no crossing", r.Size)
		}
		tm, ok := m.Turned()
		if !ok {
			t.Fatal("a weave did not turn")
		}
		tg, ok := tm.Grid.(*Weave)
		if !ok || tg.W != g.H || tg.H != g.W || tg.Crossings() != g.Crossings() || tg.Cells() != g.Cells() {
			t.Fatalf("turned grid %v, want %d by %d with %d crossings", tm.Grid, g.H, g.W, g.Crossings())
		}
		seen := make([]bool, g.Cells())
		for c := range g.Cells() {
			tc := m.TurnCell(c)
			if tc < 0 || tc >= g.Cells() || seen[tc] {
				t.Fatalf("cell %d turns into %d, out of the grid or taken twice", c, tc)
			}
			seen[tc] = true
			if tu, ns, ok := g.Crossing(c); ok {
				ttu, tns, tok := tg.Crossing(tc)
				if !tok || ttu != m.TurnCell(tu) || tns == ns {
					t.Fatalf("crossing %d (tunnel %d, over north-south %v) turns into %d: crossing %v, tunnel %d, over north-south %v", c, tu, ns, tc, tok, ttu, tns)
				}
			}
			for s := range 4 {
				ts := (s + 3) % 4
				if m.IsOpen(c, s) != tm.IsOpen(tc, ts) {
					t.Fatalf("side %d of cell %d is open %v, turned %v", s, c, m.IsOpen(c, s), tm.IsOpen(tc, ts))
				}
				n, tn := g.Neighbor(c, s), tg.Neighbor(tc, ts)
				if (n < 0) != (tn < 0) || n < 0 && n != tn || n >= 0 && m.TurnCell(n) != tn {
					t.Fatalf("cell %d's neighbour through side %d is %d, turned %d", c, s, n, tn)
				}
			}
		}
		checkTurnedWay(t, m, tm, r.Braid == 0)
		back := m
		for range 4 {
			back, _ = back.Turned()
		}
		if !reflect.DeepEqual(back.Grid, m.Grid) || back.Entrance != m.Entrance || back.Exit != m.Exit || !slices.Equal(back.open, m.open) {
			t.Errorf("four turns give another weave")
		}
	}
}

// checkTurnedWay checks that the way through tm, m turned, is as long as
// m's and, in a perfect maze, which has one way, m's way turned.
func checkTurnedWay(t *testing.T, m, tm *Maze, perfect bool) {
	t.Helper()
	sol, err := m.Solve("bfs")
	if err != nil {
		t.Fatal(err)
	}
	tsol, err := tm.Solve("bfs")
	if err != nil {
		t.Fatal(err)
	}
	if len(sol.Path) != len(tsol.Path) || len(sol.Path) == 0 {
		t.Fatalf("the way is %d cells, turned %d", len(sol.Path), len(tsol.Path))
	}
	for i, c := range sol.Path {
		if perfect && m.TurnCell(c) != tsol.Path[i] {
			t.Fatalf("step %d of the way is cell %d, turned %d, not %d", i, c, tsol.Path[i], m.TurnCell(c))
		}
	}
}

// FuzzTurned checks that any rectangle or weave turns without a panic
// into a maze whose way through is as long, and that four turns give it
// back. The seed corpus runs in plain go test.
func FuzzTurned(f *testing.F) {
	f.Add(uint8(1), uint8(1), uint8(0), uint64(0))
	f.Add(uint8(9), uint8(14), uint8(100), uint64(7))
	f.Add(uint8(20), uint8(3), uint8(255), uint64(99))
	f.Fuzz(func(t *testing.T, w, h, weave uint8, seed uint64) {
		r := Recipe{Size: Size{W: 1 + int(w)%30, H: 1 + int(h)%30}, Weave: float64(weave) / 255, Algorithm: "kruskal", Seed: seed, Openings: Corners}
		m, err := Make(r)
		if err != nil {
			t.Skip(err) // a size or a weave the recipe refuses
		}
		tm, ok := m.Turned()
		if !ok {
			t.Fatalf("%v did not turn", m.Grid)
		}
		checkTurnedWay(t, m, tm, true)
		back := tm
		for range 3 {
			back, _ = back.Turned()
		}
		if !reflect.DeepEqual(back.Grid, m.Grid) || back.Entrance != m.Entrance || back.Exit != m.Exit || !slices.Equal(back.open, m.open) {
			t.Errorf("%v: four turns give another maze", m.Grid)
		}
	})
}
