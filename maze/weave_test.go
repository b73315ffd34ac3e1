package maze

import "testing"

func TestWeaveGrid(t *testing.T) {
	for _, tt := range []struct {
		w, h    int
		density float64
	}{{1, 1, 1}, {2, 5, 1}, {3, 3, 1}, {10, 10, 0.5}, {25, 17, 1}, {40, 40, 0.2}} {
		for seed := uint64(1); seed <= 5; seed++ {
			g, err := NewWeave(tt.w, tt.h, tt.density, NewRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(g); err != nil {
				t.Fatalf("%v: %v", g, err)
			}
			if g.Cells() != tt.w*tt.h+g.Crossings() {
				t.Fatalf("%v: %d cells", g, g.Cells())
			}
			if tt.w >= 10 && tt.density >= 0.5 && g.Crossings() == 0 {
				t.Fatalf("%v: no crossing at density %g", g, tt.density)
			}
			// No two crossings side by side, none on the border.
			for c := 0; c < tt.w*tt.h; c++ {
				if _, _, ok := g.Crossing(c); !ok {
					continue
				}
				x, y := g.XY(c)
				if x == 0 || y == 0 || x == tt.w-1 || y == tt.h-1 {
					t.Fatalf("%v: a crossing on the border at %d,%d", g, x, y)
				}
				for _, nb := range []int{c - 1, c + 1, c - tt.w, c + tt.w} {
					if _, _, ok := g.Crossing(nb); ok {
						t.Fatalf("%v: crossings side by side at %d and %d", g, c, nb)
					}
				}
			}
			kruskal, _ := LookupAlgorithm("kruskal")
			m, err := kruskal.Generate(g, seed)
			if err != nil {
				t.Fatal(err)
			}
			checkSpanningTree(t, m)
			// Both passages of every crossing are open, straight through.
			for _, f := range g.Fixed() {
				if !m.Linked(f[0], f[1]) {
					t.Fatalf("%v: the crossing passage %v is closed", g, f)
				}
			}
			Braid(m, 1, NewRand(seed))
			if err := m.PlaceDoors(Sides, NewRand(seed)); err != nil {
				t.Fatal(err)
			}
			var lengths []int
			for _, s := range Solvers() {
				sol, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
				if err != nil {
					if s.Name == "right-hand" || s.Name == "left-hand" {
						continue // an exit beside a loop
					}
					t.Fatalf("%v: %s: %v", g, s.Name, err)
				}
				checkPathThroughPassages(t, m, sol.Path)
				if s.Shortest {
					lengths = append(lengths, len(sol.Path))
				}
			}
			for _, l := range lengths {
				if l != lengths[0] {
					t.Fatalf("%v: shortest solvers disagree: %v", g, lengths)
				}
			}
		}
	}
}

// TestWeaveOnlyKruskal checks that generators that do not open the
// crossings' passages first refuse a weave.
func TestWeaveOnlyKruskal(t *testing.T) {
	g, _ := NewWeave(12, 12, 1, NewRand(3))
	for _, a := range Algorithms() {
		if a.Supports(g) != (a.Name == "kruskal") {
			t.Errorf("%s supports a weave: %v", a.Name, a.Supports(g))
		}
		if _, err := a.Generate(g, 1); (err == nil) != a.Supports(g) {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
	if _, err := NewWeave(5, 5, 1.5, NewRand(1)); err == nil {
		t.Error("weave 1.5 accepted")
	}
}

// TestWeavePassesUnder checks that a path can go under a crossing: from
// the cell west of a crossing whose over passage runs north-south, the
// passage east leads to the tunnel and on to the cell east of the
// crossing.
func TestWeavePassesUnder(t *testing.T) {
	for seed := uint64(1); ; seed++ {
		g, _ := NewWeave(9, 9, 1, NewRand(seed))
		for c := 0; c < 81; c++ {
			tun, ns, ok := g.Crossing(c)
			if !ok || !ns {
				continue
			}
			if g.Neighbor(c-1, East) != tun || g.Neighbor(tun, East) != c+1 || g.Neighbor(c-g.W, South) != c || g.Neighbor(c, East) != NoSide {
				t.Fatalf("crossing %d: west %d, tunnel east %d, north %d, own east %d", c, g.Neighbor(c-1, East), g.Neighbor(tun, East), g.Neighbor(c-g.W, South), g.Neighbor(c, East))
			}
			if g.Above(tun) != c || g.Center(tun) != g.Center(c) {
				t.Fatalf("tunnel %d is not under %d", tun, c)
			}
			return
		}
		if seed > 50 {
			t.Fatal("no north-south crossing in 50 weaves")
		}
	}
}

// checkPathThroughPassages fails unless path steps only through linked
// sides.
func checkPathThroughPassages(t *testing.T, m *Maze, path []int) {
	t.Helper()
	for i := 1; i < len(path); i++ {
		if s := m.stepSide(path[i-1], path[i]); s < 0 || !m.Linked(path[i-1], s) {
			t.Fatalf("the path steps from %d to %d through a wall", path[i-1], path[i])
		}
	}
}
