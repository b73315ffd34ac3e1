package animate

import (
	"regexp"
	"strconv"
	"testing"

	"mazebook/maze"
)

// TestStoryboardBudget records a maze and checks the storyboard budget:
// a frame a move is refused with the moves a frame that would fit, and
// that number fits.
func TestStoryboardBudget(t *testing.T) {
	film, err := Record(maze.Recipe{Shape: maze.Rectangle, Size: maze.Size{W: 45, H: 45}, Algorithm: "prim", Seed: 2}, "")
	if err != nil {
		t.Fatal(err)
	}
	b := Board{MakeEvery: 1}
	err = film.CheckBudget(b)
	if err == nil {
		t.Fatalf("%d frames of %d cells pass", film.BoardFrames(b), film.Maze.Grid.Cells())
	}
	m := regexp.MustCompile(`show (\d+) moves a frame`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("the refusal does not say how many moves a frame: %v", err)
	}
	b.MakeEvery, _ = strconv.Atoi(m[1])
	if err := film.CheckBudget(b); err != nil {
		t.Errorf("with %d moves a frame, as advised: %v", b.MakeEvery, err)
	}
	if n := film.BoardFrames(b) * film.Maze.Grid.Cells(); n > MaxStoryboardCells {
		t.Errorf("%d cells drawn pass the budget of %d", n, MaxStoryboardCells)
	}
}
