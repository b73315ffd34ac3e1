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
	twoParts := bitmapOf(t, `
		XXX....XXX
		X.X....X.X
		XXX....XXX`)
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
		{Recipe{Shape: "hexagon", Size: Size{W: 4}, Algorithm: "kruskal", Openings: Center}, "needs a maze with a middle"},
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
