package maze

import (
	"fmt"
	"strings"
	"testing"
)

func TestBinaryTreeAndSidewinderTopRowIsOneCorridor(t *testing.T) {
	for _, name := range []string{"binary-tree", "sidewinder"} {
		a, _ := LookupAlgorithm(name)
		for seed := uint64(0); seed < 10; seed++ {
			g := Rect{W: 9, H: 6}
			m, _ := a.Generate(g, seed)
			for x := 0; x+1 < g.W; x++ {
				if !m.Linked(g.Cell(x, 0), East) {
					t.Fatalf("%s seed %d: the top row is closed between columns %d and %d", name, seed, x, x+1)
				}
			}
			if name == "binary-tree" {
				// Every cell below the top row opens north or east, so
				// each row above is reachable going only north or east.
				for c := g.W; c < g.Cells(); c++ {
					if !m.Linked(c, North) && !m.Linked(c, East) {
						t.Fatalf("seed %d: cell %d opens neither north nor east", seed, c)
					}
				}
			}
		}
	}
}

func TestGrowingTreeRatio(t *testing.T) {
	for _, name := range []string{"growing-tree:0", "growing-tree:0.25", "growing-tree:1"} {
		a, err := LookupAlgorithm(name)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := a.Generate(Rect{W: 12, H: 12}, 3)
		checkSpanningTree(t, m)
	}
	for _, bad := range []string{"growing-tree:", "growing-tree:2", "growing-tree:-1", "growing-tree:x", "growing-tree:NaN"} {
		if _, err := LookupAlgorithm(bad); err == nil || !strings.Contains(err.Error(), "from 0 to 1") {
			t.Errorf("%s: error %v", bad, err)
		}
	}
	// The newest-cell growing tree makes fewer dead ends than the random one.
	newest, _ := LookupAlgorithm("growing-tree-newest")
	random, _ := LookupAlgorithm("growing-tree-random")
	dn, dr := 0, 0
	for seed := uint64(0); seed < 5; seed++ {
		a, _ := newest.Generate(Rect{W: 30, H: 30}, seed)
		b, _ := random.Generate(Rect{W: 30, H: 30}, seed)
		dn += len(a.DeadEnds(nil))
		dr += len(b.DeadEnds(nil))
	}
	if dn >= dr {
		t.Fatalf("newest has %d dead ends, random %d: the texture does not follow the choice", dn, dr)
	}
}

func TestRectOnlyAlgorithmsRefuseOtherGrids(t *testing.T) {
	for _, a := range Algorithms() {
		_, err := a.Generate(fakeGrid{Rect{W: 3, H: 3}}, 1)
		if a.Rect && err == nil {
			t.Errorf("%s accepted a grid that is not rectangular", a.Name)
		}
		if !a.Rect && err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
}

// fakeGrid is a grid that is not a Rect, to test the generic paths.
type fakeGrid struct{ Rect }

func TestBraid(t *testing.T) {
	for _, a := range Algorithms() {
		for _, size := range [][2]int{{2, 2}, {5, 3}, {12, 12}, {31, 7}} {
			for seed := uint64(0); seed < 5; seed++ {
				name := fmt.Sprintf("%s %dx%d seed %d", a.Name, size[0], size[1], seed)
				g := Rect{W: size[0], H: size[1]}
				m, _ := a.Generate(g, seed)
				before := len(m.DeadEnds(nil))
				passages := m.Passages()
				Braid(m, 0, NewRand(seed))
				if m.Passages() != passages {
					t.Fatalf("%s: braid 0 changed the maze", name)
				}
				half, _ := a.Generate(g, seed)
				Braid(half, 0.5, NewRand(seed))
				if got := len(half.DeadEnds(nil)); before > 4 && (got >= before || got < before/2-2) {
					t.Fatalf("%s: braid 0.5 left %d of %d dead ends", name, got, before)
				}
				Braid(m, 1, NewRand(seed))
				if got := len(m.DeadEnds(nil)); got != 0 {
					t.Fatalf("%s: braid 1 left %d dead ends", name, got)
				}
				for c, d := range m.Distances(0) {
					if d < 0 {
						t.Fatalf("%s: cell %d unreachable after braiding", name, c)
					}
				}
				if m.Passages() <= passages && before > 0 {
					t.Fatalf("%s: braiding added no loop", name)
				}
			}
		}
	}
	// A corridor one cell wide keeps its two ends.
	m, _ := Algorithms()[0].Generate(Rect{W: 1, H: 6}, 1)
	Braid(m, 1, NewRand(1))
	if got := len(m.DeadEnds(nil)); got != 2 {
		t.Fatalf("1x6 corridor has %d dead ends after braiding, want 2", got)
	}
}

// FuzzGenerate checks that every generator makes a spanning tree on any
// small grid and seed, and that braiding keeps every cell reachable. The
// seed corpus runs in plain go test.
func FuzzGenerate(f *testing.F) {
	for i := range Algorithms() {
		f.Add(uint8(i), uint8(1), uint8(1), uint64(0), uint8(0))
		f.Add(uint8(i), uint8(7), uint8(3), uint64(i), uint8(128))
		f.Add(uint8(i), uint8(1), uint8(9), uint64(99), uint8(255))
	}
	f.Fuzz(func(t *testing.T, alg, w, h uint8, seed uint64, braid uint8) {
		algs := Algorithms()
		a := algs[int(alg)%len(algs)]
		g := Rect{W: 1 + int(w)%40, H: 1 + int(h)%40}
		m, err := a.Generate(g, seed)
		if err != nil {
			t.Fatal(err)
		}
		if a.Perfect {
			checkSpanningTree(t, m)
		}
		Braid(m, float64(braid)/255, NewRand(seed))
		for c, d := range m.Distances(0) {
			if d < 0 {
				t.Fatalf("%s %v seed %d: cell %d unreachable after braid", a.Name, g, seed, c)
			}
		}
	})
}

// TestRectFastPathsMatchTheGeneralLoops checks that the specialised loops
// for rectangular grids make exactly the mazes of the general ones.
func TestRectFastPathsMatchTheGeneralLoops(t *testing.T) {
	for _, a := range Algorithms() {
		if a.Rect {
			continue
		}
		name := a.Name
		for _, size := range testSizes {
			for seed := uint64(0); seed < 5; seed++ {
				g := Rect{W: size[0], H: size[1]}
				fast, _ := a.Generate(g, seed)
				slow, _ := a.Generate(fakeGrid{g}, seed)
				if string(fast.open) != string(slow.open) {
					t.Fatalf("%s %v seed %d: the fast path made another maze", name, g, seed)
				}
			}
		}
	}
}
