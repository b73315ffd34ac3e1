package maze

import (
	"math"
	"testing"
)

// TestSolverSteps: the goal-seeking walker (not the difficulty model's
// person) walks a corridor in its length, never arrives through a cut, and
// walks no shorter than the solution nor longer than every passage twice.
func TestSolverSteps(t *testing.T) {
	// A 4x1 corridor: every walk takes exactly 3 steps.
	corridor := handMaze(4, 1, [][2]int{{0, 1}, {1, 2}, {2, 3}})
	if got := corridor.SolverSteps(1); got != 3 {
		t.Errorf("corridor: %g steps, want 3", got)
	}
	// Cut off: the walk cannot arrive.
	cut := handMaze(4, 1, [][2]int{{0, 1}, {2, 3}})
	if got := cut.SolverSteps(1); !math.IsInf(got, 1) {
		t.Errorf("cut maze: %g steps, want +Inf", got)
	}
	for seed := range uint64(20) {
		m, _ := Algorithms()[0].Generate(Rect{W: 15, H: 12}, seed)
		m.PlaceDoors(Corners, nil)
		steps := m.SolverSteps(seed)
		// No walk is shorter than the solution; none walks a passage
		// more than twice each way (a depth-first walk).
		if short := float64(len(m.Solution()) - 1); steps < short || steps > 2*float64(m.Passages()) {
			t.Errorf("seed %d: %g steps, outside [%g, %d]", seed, steps, short, 2*m.Passages())
		}
		if again := m.SolverSteps(seed); again != steps {
			t.Errorf("seed %d: %g steps, then %g", seed, steps, again)
		}
	}
}
