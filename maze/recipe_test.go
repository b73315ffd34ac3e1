package maze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestShapesRegistry(t *testing.T) {
	for _, sh := range Shapes() {
		t.Run(sh.Name, func(t *testing.T) {
			for _, n := range []int{4, 12, 56, 196, 1200, 4200} {
				sz := sh.ForCells(n, 1.4)
				g, err := sh.New(sz)
				if err != nil {
					t.Fatalf("ForCells(%d) = %+v: %v", n, sz, err)
				}
				if got := g.Cells(); math.Abs(float64(got-n)) > 0.35*float64(n)+6 {
					t.Errorf("ForCells(%d) = %s with %d cells", n, sh.Format(sz), got)
				}
				back, err := sh.Parse(sh.Format(sz))
				if err != nil || back.W != sz.W || back.H != sz.H {
					t.Errorf("Parse(Format(%+v)) = %+v, %v", sz, back, err)
				}
				if err := Validate(g); err != nil {
					t.Fatal(err)
				}
				if sh.Masks {
					b := sh.BlockFor(n, 2)
					bg, err := sh.New(b)
					if err != nil {
						t.Fatal(err)
					}
					w, h := bg.Size()
					if n >= 56 && math.Abs(w/h-2) > 0.5 {
						t.Errorf("BlockFor(%d, 2) = %+v, a %gx%g box", n, b, w, h)
					}
				}
			}
			for _, bad := range []string{"", "0", "-3", "0x4", "3x-1", "many", "99999999999"} {
				if _, err := sh.Parse(bad); err == nil {
					t.Errorf("Parse(%q) accepted", bad)
				}
			}
		})
	}
	if _, err := LookupShape("circel"); err == nil || !strings.Contains(err.Error(), "rectangle, circle, hexagon, triangle") {
		t.Errorf("unknown shape: %v", err)
	}
}

// shapeRecipes are one recipe of every kind of grid: each shape, its
// outline and its block, a mask with a hole and two islands, a weave.
func shapeRecipes(t *testing.T) map[string]Recipe {
	heart := bitmapOf(t, `
		.XX...XX.
		XXXX.XXXX
		XXXXXXXXX
		XXX...XXX
		.XX...XX.
		..XXXXX..
		...XXX...
		....X....`)
	twoParts := twoIslands(t)
	return map[string]Recipe{
		"rectangle":        {Shape: Rectangle, Size: Size{W: 12, H: 9}},
		"circle":           {Shape: "circle", Size: Size{W: 6, Inner: 1}, Openings: Center},
		"circle, wide":     {Shape: "circle", Size: Size{W: 4, Inner: 3}},
		"hexagon":          {Shape: "hexagon", Size: Size{W: 5}},
		"hexagon block":    {Shape: "hexagon", Size: Size{W: 9, H: 7}, Openings: Sides},
		"triangle":         {Shape: "triangle", Size: Size{W: 8}},
		"triangle block":   {Shape: "triangle", Size: Size{W: 15, H: 6}, Openings: Longest},
		"heart mask":       {Shape: Rectangle, Size: Size{W: 18, H: 16}, Mask: heart},
		"two-part mask":    {Shape: Rectangle, Size: Size{W: 20, H: 6}, Mask: twoParts},
		"hexagonal mask":   {Shape: "hexagon", Size: Size{W: 18, H: 18}, Mask: heart},
		"weave":            {Shape: Rectangle, Size: Size{W: 14, H: 10}, Weave: 0.6, Algorithm: "kruskal"},
		"braided triangle": {Shape: "triangle", Size: Size{W: 7}, Braid: 0.5},
	}
}

// twoIslands is a mask of two separate rings.
func twoIslands(t *testing.T) *Bitmap {
	return bitmapOf(t, `
		XXX....XXX
		X.X....X.X
		XXX....XXX`)
}

// TestMakeEveryShape makes every kind of grid with every algorithm that
// supports it, on several seeds: a spanning tree (unbraided), doors on
// the outside (or the middle), every solver through open passages only,
// the shortest ones agreeing; and the same recipe makes the same maze.
func TestMakeEveryShape(t *testing.T) {
	for name, r := range shapeRecipes(t) {
		t.Run(name, func(t *testing.T) {
			g, err := r.Grid()
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(g); err != nil {
				t.Fatal(err)
			}
			for _, a := range Algorithms() {
				if !a.Supports(g) {
					continue
				}
				for seed := uint64(1); seed <= 3; seed++ {
					r := r
					r.Algorithm, r.Seed = a.Name, seed
					if r.Openings == "" {
						r.Openings = Corners
					}
					m, err := Make(r)
					if err != nil {
						t.Fatalf("%s seed %d: %v", a.Name, seed, err)
					}
					if r.Braid == 0 {
						checkSpanningTree(t, m)
					}
					for _, d := range []Door{m.Entrance, m.Exit} {
						if d.IsInside() && r.Openings == Center && d == m.Exit {
							continue // the goal in the middle
						}
						if nb := m.Grid.Neighbor(d.Cell, d.Side); nb != Border && !(nb == Hole && r.Openings == Center && d == m.Exit) {
							t.Fatalf("%s: a door opens on %d", a.Name, nb)
						}
					}
					shortest := -1
					for _, s := range Solvers() {
						sol, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
						if err != nil {
							if !s.Shortest && r.Braid > 0 {
								continue
							}
							t.Fatalf("%s: %s: %v", a.Name, s.Name, err)
						}
						checkPathThroughPassages(t, m, sol.Path)
						if s.Shortest {
							if shortest >= 0 && len(sol.Path) != shortest {
								t.Fatalf("%s: %s finds %d cells, another %d", a.Name, s.Name, len(sol.Path), shortest)
							}
							shortest = len(sol.Path)
						}
					}
					again, _ := Make(r)
					if passagesHash(again) != passagesHash(m) {
						t.Fatalf("%s seed %d: the same recipe made another maze", a.Name, seed)
					}
				}
			}
		})
	}
}

// TestMakeRefusals checks that an impossible recipe says what would work.
func TestMakeRefusals(t *testing.T) {
	for _, tt := range []struct {
		r    Recipe
		want string
	}{
		{Recipe{Shape: "circle", Size: Size{W: 5}, Algorithm: "binary-tree"}, `algorithm "binary-tree" cannot carve a circle (these can: backtracker, kruskal, prim`},
		{Recipe{Shape: Rectangle, Size: Size{W: 9, H: 9}, Weave: 0.5, Algorithm: "backtracker"}, `cannot carve a weave (these can: kruskal)`},
		{Recipe{Shape: "circle", Size: Size{W: 5}, Weave: 0.5, Algorithm: "kruskal"}, "only a whole rectangle can weave"},
		{Recipe{Shape: "circle", Size: Size{W: 5}, Mask: &Bitmap{W: 1, H: 1, On: []bool{true}}, Algorithm: "kruskal"}, "a circle cannot take a mask (these can: rectangle, hexagon, triangle)"},
		{Recipe{Shape: "hexagon", Size: Size{W: 4}, Algorithm: "kruskal", Entrance: &At{0, 7}}, "entrance: [0, 7] is outside the grid: its rows are 0 to 6"},
		{Recipe{Shape: Rectangle, Size: Size{W: 4, H: 3}, Algorithm: "kruskal", Entrance: &At{1, 1}, Exit: &At{1, 1}}, "the entrance and the exit are the same cell"},
		{Recipe{Shape: Rectangle, Size: Size{W: 20, H: 6}, Algorithm: "kruskal", Mask: twoIslands(t), Islands: Separate, Exit: &At{1, 1}}, "needs the mask's islands joined"},
		{Recipe{Shape: "oval", Algorithm: "kruskal"}, `shape "oval" is unknown`},
	} {
		if _, err := Make(tt.r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.r, err, tt.want)
		}
	}
	// The registry says the same.
	if got := strings.Join(AlgorithmsFor(KindWeave), ","); got != "kruskal" {
		t.Errorf("weave: %s", got)
	}
	bt, _ := LookupAlgorithm("binary-tree")
	if got := strings.Join(bt.Grids(), ","); got != "rectangle" {
		t.Errorf("binary-tree carves %s", got)
	}
	bk, _ := LookupAlgorithm("backtracker")
	if got := strings.Join(bk.Grids(), ","); got != "rectangle,circle,hexagon,triangle,mask" {
		t.Errorf("backtracker carves %s", got)
	}
}

// TestGoldenShapes keeps one maze of every kind of grid, with its
// solution and metrics, in testdata/golden/shapes.txt.
func TestGoldenShapes(t *testing.T) {
	var b bytes.Buffer
	recipes := shapeRecipes(t)
	for _, name := range []string{"rectangle", "circle", "circle, wide", "hexagon", "hexagon block", "triangle", "triangle block", "heart mask", "two-part mask", "hexagonal mask", "weave", "braided triangle"} {
		r := recipes[name]
		if r.Algorithm == "" {
			r.Algorithm = "backtracker"
		}
		r.Seed = 2026
		m, err := Make(r)
		if err != nil {
			t.Fatal(err)
		}
		mt, _ := json.Marshal(m.Measure())
		fmt.Fprintf(&b, "%s: %d cells %s\n  solution %s\n  metrics %s\n", name, m.Grid.Cells(), passagesHash(m), pathHash(m.Solution()), mt)
	}
	checkGolden(t, "shapes.txt", b.Bytes())
}

// TestSeparateIslands makes a maze of a mask of three parts kept apart:
// three mazes, each a spanning tree of its island with its own doors on
// the outside, ordered left to right, each solved within its island (the score
// that adds their efforts is maze/difficulty's TestRateSeparateIslands).
func TestSeparateIslands(t *testing.T) {
	b := bitmapOf(t, `
		....XXX....XX
		XXX.X.X....XX
		XXX.XXX....XX`)
	for _, a := range []string{"backtracker", "kruskal", "wilson"} {
		r := Recipe{Shape: Rectangle, Size: Size{W: 26, H: 6}, Mask: b, Islands: Separate, Algorithm: a, Seed: 3, Openings: Longest}
		m, err := Make(r)
		if err != nil {
			t.Fatal(err)
		}
		g := m.Grid
		parts := m.Parts()
		if len(parts) != 3 {
			t.Fatalf("%s: %d parts", a, len(parts))
		}
		if parts[0].Entrance != m.Entrance || parts[0].Exit != m.Exit {
			t.Fatalf("the first part's doors are not the maze's")
		}
		island, n := NumberIslands(g, allCells(g))
		if n != 3 {
			t.Fatalf("%d islands in the grid", n)
		}
		prevX := -1.0
		total := 0
		paths := m.SolutionParts()
		for k, p := range parts {
			for _, d := range []Door{p.Entrance, p.Exit} {
				if g.Neighbor(d.Cell, d.Side) != Border || !m.IsOpen(d.Cell, d.Side) {
					t.Fatalf("part %d: door %+v not open on the outside", k, d)
				}
			}
			if island[p.Entrance.Cell] != island[p.Exit.Cell] {
				t.Fatalf("part %d: its doors are on two islands", k)
			}
			x := g.Center(p.Entrance.Cell).X
			if x < prevX {
				t.Fatalf("part %d is left of part %d", k, k-1)
			}
			prevX = x
			cells := 0
			for _, i := range island {
				if i == island[p.Entrance.Cell] {
					cells++
				}
			}
			total += cells
			if len(paths[k]) == 0 {
				t.Fatalf("part %d has no way through", k)
			}
			for _, c := range paths[k] {
				if island[c] != island[p.Entrance.Cell] {
					t.Fatalf("part %d's path leaves its island", k)
				}
			}
			checkPathThroughPassages(t, m, paths[k])
		}
		// Each island a spanning tree: passages are cells less islands.
		if got := m.Passages(); got != g.Cells()-3 {
			t.Fatalf("%s: %d passages for %d cells in 3 islands", a, got, g.Cells())
		}
		for _, s := range Solvers() {
			if _, err := m.SolveParts(s.Name); err != nil {
				t.Fatalf("%s: %v", s.Name, err)
			}
		}
		mts := m.MeasureParts(paths)
		sum := SumMetrics(mts)
		if sum.Cells != total || sum.SolutionLength != len(paths[0])+len(paths[1])+len(paths[2]) {
			t.Fatalf("summed metrics: %+v", sum)
		}
		if st := m.SolverSteps(1); math.IsInf(st, 0) || st < float64(sum.SolutionLength-3) {
			t.Fatalf("solver steps %g", st)
		}
		again, _ := Make(r)
		if passagesHash(again) != passagesHash(m) || again.Parts()[2] != parts[2] {
			t.Fatal("the same recipe made another maze")
		}
	}
}
