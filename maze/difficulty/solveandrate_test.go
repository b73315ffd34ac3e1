package difficulty

import (
	"testing"

	"mazebook/maze"
)

// ringMaze returns a w by w maze that is a ring round its border, with
// a corridor along each row within joined to the ring's east side: a
// loop, and no other. The entrance is at the top left, the exit in the
// bottom row at x, so that the way round by the south is shorter than
// the way round by the east when x is near the east.
func ringMaze(w, x int) *maze.Maze {
	m := maze.New(maze.Rect{W: w, H: w})
	at := func(x, y int) int { return y*w + x }
	for i := 0; i < w-1; i++ {
		m.Carve(at(i, 0), maze.East)
		m.Carve(at(i, w-1), maze.East)
		m.Carve(at(0, i), maze.South)
		m.Carve(at(w-1, i), maze.South)
	}
	for y := 1; y < w-1; y++ {
		for x := 1; x < w-1; x++ {
			m.Carve(at(x, y), maze.East)
		}
	}
	m.SetDoors(maze.Door{Cell: 0, Side: maze.North}, maze.Door{Cell: at(x, w-1), Side: maze.South})
	return m
}

// TestSolveAndRateLoopApart rates a maze whose passages are one fewer
// than its cells but which is not a tree: a ring (a loop) with a cell
// cut off, on which the search from both ends goes round the long way.
// The rating is the one of the two calls, searched from one end.
func TestSolveAndRateLoopApart(t *testing.T) {
	const w = 300
	m := ringMaze(w, w-2)
	m.Build(w+1, maze.East) // the west end of the first corridor cut off
	if m.Passages() != m.Grid.Cells()-1 {
		t.Fatal("the passages are not one fewer than the cells")
	}
	if got, ok := m.SolveTree(); !ok || len(got) <= len(m.Solution()) {
		t.Fatalf("the search from both ends finds %d cells (ok %v): not the long way round", len(got), ok)
	}
	checkSolveAndRate(t, "a ring apart", m)
}

// TestRateSaysExact holds what SolveAndRate trusts a way found from
// both ends by: the rating along a way says whether its sum was exact,
// which it is on a tree, and is not along either way round a loop, the
// long way too.
func TestRateSaysExact(t *testing.T) {
	tree, err := maze.Make(maze.Recipe{Size: maze.Size{W: 30, H: 20}, Algorithm: "prim", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, exact := rateFor(tree, People(), tree.SolutionParts(), nil); !exact {
		t.Error("a tree's rating is not exact")
	}
	const w = 20
	m := ringMaze(w, w-2)
	var long []int
	for x := range w {
		long = append(long, x)
	}
	for y := 1; y < w; y++ {
		long = append(long, y*w+w-1)
	}
	long = append(long, w*w-2)
	short := m.Solution()
	if len(short) != len(long)-2 {
		t.Fatalf("the short way has %d cells, the long %d", len(short), len(long))
	}
	for _, path := range [][]int{short, long} {
		if _, exact := rateFor(m, People(), [][]int{path}, nil); exact {
			t.Errorf("the rating along a way of %d cells round a loop is exact", len(path))
		}
	}
}
