package difficulty

import (
	"math"
	"strings"
	"testing"

	"mazebook/maze"
)

// Copies of package maze's test helpers that the model's tests use.

// handMaze builds a w x h rectangle with the given passages, entered on
// the west of cell 0 and left on the east of the last cell.
func handMaze(w, h int, passages [][2]int) *maze.Maze {
	g := maze.Rect{W: w, H: h}
	m := maze.New(g)
	for _, p := range passages {
		for s := 0; s < 4; s++ {
			if g.Neighbor(p[0], s) == p[1] {
				m.Carve(p[0], s)
			}
		}
	}
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: g.Cells() - 1, Side: maze.East})
	return m
}

// bitmapOf returns the bitmap the art draws, X for a cell kept.
func bitmapOf(t *testing.T, art string) *maze.Bitmap {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(art), "\n")
	b, err := maze.NewBitmap(len(strings.TrimSpace(rows[0])), len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for y, row := range rows {
		for x, ch := range strings.TrimSpace(row) {
			b.Set(x, y, ch == 'X')
		}
	}
	return b
}

// twoIslands is a mask of two separate rings.
func twoIslands(t *testing.T) *maze.Bitmap {
	return bitmapOf(t, `
		XXX....XXX
		X.X....X.X
		XXX....XXX`)
}

// shapeRecipes are one recipe of every kind of grid: each shape, its
// outline and its block, a mask with a hole and two islands, a weave.
func shapeRecipes(t *testing.T) map[string]maze.Recipe {
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
	return map[string]maze.Recipe{
		"rectangle":        {Shape: maze.Rectangle, Size: maze.Size{W: 12, H: 9}},
		"circle":           {Shape: "circle", Size: maze.Size{W: 6, Inner: 1}, Openings: maze.Center},
		"circle, wide":     {Shape: "circle", Size: maze.Size{W: 4, Inner: 3}},
		"hexagon":          {Shape: "hexagon", Size: maze.Size{W: 5}},
		"hexagon block":    {Shape: "hexagon", Size: maze.Size{W: 9, H: 7}, Openings: maze.Sides},
		"triangle":         {Shape: "triangle", Size: maze.Size{W: 8}},
		"triangle block":   {Shape: "triangle", Size: maze.Size{W: 15, H: 6}, Openings: maze.Longest},
		"heart mask":       {Shape: maze.Rectangle, Size: maze.Size{W: 18, H: 16}, Mask: heart},
		"two-part mask":    {Shape: maze.Rectangle, Size: maze.Size{W: 20, H: 6}, Mask: twoParts},
		"hexagonal mask":   {Shape: "hexagon", Size: maze.Size{W: 18, H: 18}, Mask: heart},
		"weave":            {Shape: maze.Rectangle, Size: maze.Size{W: 14, H: 10}, Weave: 0.6, Algorithm: "kruskal"},
		"braided triangle": {Shape: "triangle", Size: maze.Size{W: 7}, Braid: 0.5},
	}
}

// TestRateCenterGoals rates mazes whose goal is in the middle, of every
// kind of grid and every algorithm that supports it, and a maze of two
// islands kept apart, each with its goal in its middle: the score is a
// number, not negative, and the first setting walks at least the way
// to each part's goal. (Package maze's TestCenterGoalOnEveryShape checks
// the doors, the solvers, the metrics and the walker.)
func TestRateCenterGoals(t *testing.T) {
	check := func(t *testing.T, name string, m *maze.Maze) {
		t.Helper()
		for i, p := range m.Parts() {
			shortest := int(m.Distances(p.Exit.Cell)[p.Entrance.Cell]) + 1
			if d := Rate(m, [][]int{m.Solution()}); math.IsNaN(d.Score) || d.Score < 0 || d.Steps[0] < float64(shortest-1) {
				t.Fatalf("%s part %d: score %g, steps %v", name, i, d.Score, d.Steps)
			}
		}
	}
	for name, r := range shapeRecipes(t) {
		r.Openings = maze.Center
		t.Run(name, func(t *testing.T) {
			g, err := r.Grid()
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range maze.Algorithms() {
				if !a.Supports(g) {
					continue
				}
				for seed := uint64(1); seed <= 2; seed++ {
					r := r
					r.Algorithm, r.Seed = a.Name, seed
					m, err := maze.Make(r)
					if err != nil {
						t.Fatalf("%s seed %d: %v", a.Name, seed, err)
					}
					check(t, a.Name, m)
				}
			}
		})
	}
	r := maze.Recipe{Shape: maze.Rectangle, Size: maze.Size{W: 20, H: 6}, Mask: twoIslands(t), Islands: maze.Separate, Openings: maze.Center, Algorithm: "backtracker", Seed: 3}
	m, err := maze.Make(r)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "islands", m)
}

// TestRateSeparateIslands rates mazes of a mask of three parts kept
// apart: the score adds their efforts, so it is more than any one
// part's. (Package maze's TestSeparateIslands checks the parts.)
func TestRateSeparateIslands(t *testing.T) {
	b := bitmapOf(t, `
		....XXX....XX
		XXX.X.X....XX
		XXX.XXX....XX`)
	for _, a := range []string{"backtracker", "kruskal", "wilson"} {
		r := maze.Recipe{Shape: maze.Rectangle, Size: maze.Size{W: 26, H: 6}, Mask: b, Islands: maze.Separate, Algorithm: a, Seed: 3, Openings: maze.Longest}
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(m.Parts()); n != 3 {
			t.Fatalf("%s: %d parts", a, n)
		}
		paths := m.SolutionParts()
		whole := Rate(m, paths).Score
		for i, part := range m.Parts() {
			var steps []float64
			for _, e := range Expect(People(), m, part, paths[i], RateSeed) {
				steps = append(steps, e.Steps())
			}
			if one := ScoreOf(Effort(steps)); whole <= one {
				t.Fatalf("%s: the score of three parts %.1f is no more than part %d's %.1f", a, whole, i, one)
			}
		}
	}
}
