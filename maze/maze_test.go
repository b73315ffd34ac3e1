package maze

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

// checkSpanningTree fails the test unless m's passages form a spanning tree
// of its grid: n-1 passages and every cell reachable from cell 0.
func checkSpanningTree(t *testing.T, m *Maze) {
	t.Helper()
	n := m.Grid.Cells()
	if got := m.Passages(); got != n-1 {
		t.Fatalf("%d passages, want %d for a spanning tree of %d cells", got, n-1, n)
	}
	for c, d := range m.Distances(0) {
		if d < 0 {
			t.Fatalf("cell %d cannot be reached from cell 0", c)
		}
	}
	// Passages must be recorded on both sides.
	for c := 0; c < n; c++ {
		for s := 0; s < m.Grid.Sides(c); s++ {
			nb := m.Grid.Neighbor(c, s)
			if nb >= 0 && m.IsOpen(c, s) != m.IsOpen(nb, m.Grid.Opposite(c, s)) {
				t.Fatalf("passage between %d and %d is open on one side only", c, nb)
			}
		}
	}
}

var testSizes = [][2]int{{1, 1}, {1, 2}, {2, 1}, {1, 17}, {23, 1}, {2, 2}, {3, 5}, {10, 10}, {31, 17}, {64, 3}}

func TestPerfectAlgorithmsMakeSpanningTrees(t *testing.T) {
	for _, a := range Algorithms() {
		if !a.Perfect {
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			for _, size := range testSizes {
				for seed := uint64(0); seed < 25; seed++ {
					g, err := NewRect(size[0], size[1])
					if err != nil {
						t.Fatal(err)
					}
					m, err := a.Generate(g, seed)
					if err != nil {
						t.Fatal(err)
					}
					t.Run(fmt.Sprintf("%dx%d/seed%d", size[0], size[1], seed), func(t *testing.T) {
						checkSpanningTree(t, m)
					})
				}
			}
		})
	}
}

func TestGenerateIsReproducible(t *testing.T) {
	for _, a := range Algorithms() {
		g := Rect{W: 20, H: 13}
		m1, _ := a.Generate(g, 99)
		m2, _ := a.Generate(g, 99)
		m3, _ := a.Generate(g, 100)
		if !bytes.Equal(m1.open, m2.open) {
			t.Errorf("%s: the same seed gave two different mazes", a.Name)
		}
		if bytes.Equal(m1.open, m3.open) {
			t.Errorf("%s: seeds 99 and 100 gave the same maze", a.Name)
		}
	}
}

func TestLookupAlgorithm(t *testing.T) {
	if _, err := LookupAlgorithm("kruskal"); err != nil {
		t.Fatal(err)
	}
	_, err := LookupAlgorithm("prims")
	if err == nil || !strings.Contains(err.Error(), `"prims" is unknown`) || !strings.Contains(err.Error(), "kruskal") {
		t.Fatalf("unknown algorithm error = %v", err)
	}
}

// checkPath fails the test unless path is a walk through open passages from
// cell from to cell to that visits no cell twice.
func checkPath(t *testing.T, m *Maze, path []int, from, to int) {
	t.Helper()
	if len(path) == 0 || path[0] != from || path[len(path)-1] != to {
		t.Fatalf("path %v does not run from %d to %d", path, from, to)
	}
	seen := map[int]bool{}
	for i, c := range path {
		if seen[c] {
			t.Fatalf("path visits cell %d twice", c)
		}
		seen[c] = true
		if i == 0 {
			continue
		}
		linked := false
		for s := 0; s < m.Grid.Sides(path[i-1]); s++ {
			if m.Grid.Neighbor(path[i-1], s) == c && m.Linked(path[i-1], s) {
				linked = true
			}
		}
		if !linked {
			t.Fatalf("path steps from %d to %d through a wall", path[i-1], c)
		}
	}
}

func TestSolutionIsARealPath(t *testing.T) {
	for _, a := range Algorithms() {
		for _, o := range []Openings{Corners, Sides, Longest} {
			for seed := uint64(0); seed < 10; seed++ {
				m, _ := a.Generate(Rect{W: 15, H: 9}, seed)
				if err := m.PlaceDoors(o, NewRand(seed)); err != nil {
					t.Fatal(err)
				}
				path := m.Solution()
				checkPath(t, m, path, m.Entrance.Cell, m.Exit.Cell)
				if d := m.Distances(m.Entrance.Cell)[m.Exit.Cell]; int(d) != len(path)-1 {
					t.Fatalf("%s: path has %d steps, breadth-first distance is %d", a.Name, len(path)-1, d)
				}
			}
		}
	}
}

func TestDoorsAreInTheOuterWall(t *testing.T) {
	for _, o := range []Openings{Corners, Sides, Longest} {
		for _, size := range testSizes {
			g := Rect{W: size[0], H: size[1]}
			m, _ := Algorithms()[0].Generate(g, 7)
			if err := m.PlaceDoors(o, NewRand(3)); err != nil {
				t.Fatal(err)
			}
			for _, d := range []Door{m.Entrance, m.Exit} {
				if g.Neighbor(d.Cell, d.Side) >= 0 || !m.IsOpen(d.Cell, d.Side) {
					t.Fatalf("%s %v: door %+v is not an opening in the outer wall", o, g, d)
				}
			}
			if g.Cells() > 1 && m.Entrance == m.Exit {
				t.Fatalf("%s %v: entrance and exit are the same opening", o, g)
			}
		}
	}
	m, _ := Algorithms()[0].Generate(Rect{W: 4, H: 3}, 1)
	m.PlaceDoors(Corners, nil)
	if (m.Entrance != Door{0, West}) || (m.Exit != Door{11, East}) {
		t.Fatalf("corner doors = %+v %+v, want top-left west and bottom-right east", m.Entrance, m.Exit)
	}
}

// TestLongestDoorsAreFarApart checks the longest openings: the doors are
// at least half the grid's diagonal apart to the eye, the exit is the
// border cell farthest through the maze from the entrance among those,
// and the solution stays long: on average at least 85% of the longest
// path between any two border cells (found by brute force).
func TestLongestDoorsAreFarApart(t *testing.T) {
	share, n := 0.0, 0
	for seed := uint64(0); seed < 40; seed++ {
		g := Rect{W: 9 + int(seed%4)*6, H: 7 + int(seed%5)*7}
		m, _ := Algorithms()[seed%3].Generate(g, seed)
		m.PlaceDoors(Longest, nil)
		from := m.Distances(m.Entrance.Cell)
		got := from[m.Exit.Cell]
		var border []int
		for c := 0; c < g.Cells(); c++ {
			if x, y := g.XY(c); x == 0 || y == 0 || x == g.W-1 || y == g.H-1 {
				border = append(border, c)
			}
		}
		apart := func(a, b int) bool {
			ax, ay := g.XY(a)
			bx, by := g.XY(b)
			return math.Hypot(float64(ax-bx), float64(ay-by)) >= math.Hypot(float64(g.W), float64(g.H))/2
		}
		if !apart(m.Entrance.Cell, m.Exit.Cell) {
			t.Errorf("seed %d: the doors in cells %d and %d are close to the eye", seed, m.Entrance.Cell, m.Exit.Cell)
		}
		longest := int32(0)
		farther := map[int]int{} // door cell: a border cell far from it and farther through the maze than the other door
		for _, a := range border {
			d := m.Distances(a)
			for _, b := range border {
				longest = max(longest, d[b])
				if (a == m.Entrance.Cell || a == m.Exit.Cell) && apart(a, b) && d[b] > got {
					farther[a] = b
				}
			}
		}
		if len(farther) == 2 {
			t.Errorf("seed %d: from either door a border cell far from it is farther through the maze than the other door (%v)", seed, farther)
		}
		share += float64(got) / float64(longest)
		n++
	}
	if share/float64(n) < 0.85 {
		t.Errorf("the longest openings' solutions are on average %.0f%% of the longest border path, want 85%% at least", 100*share/float64(n))
	}
}

func TestNewRectRefusesBadSizes(t *testing.T) {
	for _, size := range [][2]int{{0, 5}, {5, 0}, {-1, 3}, {10001, 10000}, {1 << 40, 1 << 40}} {
		if _, err := NewRect(size[0], size[1]); err == nil {
			t.Errorf("NewRect(%d, %d) accepted", size[0], size[1])
		}
	}
	if _, err := NewRect(10000, 10000); err != nil {
		t.Errorf("NewRect(10000, 10000): %v", err)
	}
}

func TestText(t *testing.T) {
	m, _ := Algorithms()[0].Generate(Rect{W: 5, H: 3}, 4)
	m.PlaceDoors(Corners, nil)
	text, err := m.Text(nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d lines, want 2*3+1", len(lines))
	}
	for _, l := range lines {
		if len(l) != 11 {
			t.Fatalf("line %q has %d characters, want 2*5+1", l, len(l))
		}
	}
	// The entrance opens the west border beside the top-left cell and the
	// exit the east border beside the bottom-right cell.
	if lines[1][0] != ' ' || lines[5][10] != ' ' {
		t.Fatalf("doors missing:\n%s", text)
	}
	// Open pixels: 15 cells + 14 passages + 2 doors.
	if got := strings.Count(string(text), " "); got != 15+14+2 {
		t.Fatalf("%d open pixels, want 31:\n%s", got, text)
	}
}

// SplitMix64's reference outputs for seed 0 (Vigna's splitmix64.c): if these
// change, every maze ever printed would change with them.
func TestRandIsSplitMix64(t *testing.T) {
	r := NewRand(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.Uint64(); got != want {
			t.Fatalf("output %d = %#x, want %#x", i, got, want)
		}
	}
}

func TestIntNIsUniformAndInRange(t *testing.T) {
	r := NewRand(1)
	const n, draws = 7, 70000
	var counts [n]int
	for i := 0; i < draws; i++ {
		v := r.IntN(n)
		if v < 0 || v >= n {
			t.Fatalf("IntN(%d) = %d", n, v)
		}
		counts[v]++
	}
	for v, c := range counts {
		if c < draws/n*9/10 || c > draws/n*11/10 {
			t.Fatalf("value %d drawn %d times of %d: not uniform (%v)", v, c, draws, counts)
		}
	}
}

func TestDeriveSeed(t *testing.T) {
	a := DeriveSeed(1, "section", "3")
	if a != DeriveSeed(1, "section", "3") {
		t.Fatal("DeriveSeed is not deterministic")
	}
	for _, other := range []uint64{DeriveSeed(2, "section", "3"), DeriveSeed(1, "section", "4"), DeriveSeed(1, "sectio", "n3"), DeriveSeed(1, "section3")} {
		if other == a {
			t.Fatal("different labels gave the same seed")
		}
	}
}
