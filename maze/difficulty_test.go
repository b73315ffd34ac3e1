package maze

import (
	"math"
	"testing"
)

func TestEffortAndScore(t *testing.T) {
	tests := []struct {
		name   string
		mt     Metrics
		effort float64
	}{
		{"no solution", Metrics{Cells: 4}, 0},
		// A 1x4 corridor: L=4, no turns, decisions or branches.
		{"corridor", Metrics{Cells: 4, SolutionLength: 4}, 4 * 2},
		{"every term", Metrics{
			Cells: 100, SolutionLength: 20, Turns: 7, Decisions: 5, DecisionsFromExit: 3,
			Branches: 6, BranchDepthMean: 2.5, TowardGoalBranches: 2,
		}, 20*1.2 + 7 + 4*3 + 6*2.5 + 2*2*2.5},
	}
	for _, tt := range tests {
		if got := Effort(tt.mt); math.Abs(got-tt.effort) > 1e-9 {
			t.Errorf("%s: Effort = %g, want %g", tt.name, got, tt.effort)
		}
	}
	// Ten points per doubling of the effort, 0 up to 8.
	for _, tt := range []struct{ effort, score float64 }{{4, 0}, {8, 0}, {16, 10}, {64, 30}, {8 << 10, 100}} {
		mt := Metrics{Cells: 1 << 30, SolutionLength: int(tt.effort)}
		if got := Score(mt); math.Abs(got-tt.score) > 1e-3 {
			t.Errorf("Score at effort %g = %g, want %g", tt.effort, got, tt.score)
		}
	}
}

func TestLevels(t *testing.T) {
	levels := Levels()
	if len(levels) != MaxLevel {
		t.Fatalf("%d levels, want %d", len(levels), MaxLevel)
	}
	for i, l := range levels {
		if l.Number != i+1 {
			t.Errorf("level %d numbered %d", i+1, l.Number)
		}
		if i == 0 && l.Min != 0 || i > 0 && l.Min != levels[i-1].Max || l.Max <= l.Min {
			t.Errorf("level %d: band [%g, %g) does not follow the one before", l.Number, l.Min, l.Max)
		}
		if i > 0 && l.Cells <= levels[i-1].Cells {
			t.Errorf("level %d has no more cells than the one before", l.Number)
		}
		if _, err := LookupAlgorithm(l.Algorithm); err != nil {
			t.Errorf("level %d: %v", l.Number, err)
		}
		for _, s := range []float64{l.Min, (l.Min + min(l.Max, 200)) / 2} {
			if got := LevelOf(s).Number; got != l.Number {
				t.Errorf("LevelOf(%g) = %d, want %d", s, got, l.Number)
			}
		}
	}
	if got := LevelOf(1e9).Number; got != MaxLevel {
		t.Errorf("LevelOf(huge) = %d", got)
	}
}

// TestLevelDefaults checks the calibration of the levels: each level's
// default maze scores in its band most of the time, its mean score is
// inside the band, and the simulated solver's steps rise with the level,
// level 10 taking many times the steps of level 1.
func TestLevelDefaults(t *testing.T) {
	const samples = 40
	var prevSteps, firstSteps float64
	for _, l := range Levels() {
		alg, _ := LookupAlgorithm(l.Algorithm)
		w := max(int(math.Round(math.Sqrt(float64(l.Cells)*0.8))), 2)
		h := max(int(math.Round(float64(l.Cells)/float64(w))), 2)
		in, sum, steps := 0, 0.0, 0.0
		for seed := range uint64(samples) {
			m, err := alg.Generate(Rect{W: w, H: h}, seed+1000*uint64(l.Number))
			if err != nil {
				t.Fatal(err)
			}
			Braid(m, l.Braid, NewRand(seed))
			m.PlaceDoors(Corners, nil)
			s := Score(m.Measure())
			sum += s
			if s >= l.Min && s < l.Max {
				in++
			}
			steps += m.SolverSteps(seed)
		}
		mean, steps := sum/samples, steps/samples
		t.Logf("level %2d: %dx%d mean score %.1f, %d/%d in [%g, %g), solver steps %.0f", l.Number, w, h, mean, in, samples, l.Min, l.Max, steps)
		if mean < l.Min || mean >= l.Max {
			t.Errorf("level %d: mean score %.1f outside [%g, %g)", l.Number, mean, l.Min, l.Max)
		}
		if in < samples/2 {
			t.Errorf("level %d: only %d of %d default mazes in the band", l.Number, in, samples)
		}
		if steps <= prevSteps {
			t.Errorf("level %d: %.0f solver steps, no more than level %d's %.0f", l.Number, steps, l.Number-1, prevSteps)
		}
		if l.Number == 1 {
			firstSteps = steps
		}
		prevSteps = steps
	}
	if prevSteps < 5*firstSteps {
		t.Errorf("level 10 takes %.0f steps, less than 5 times level 1's %.0f", prevSteps, firstSteps)
	}
}

// TestShapeLevels checks the calibration of every shape: a maze of a
// shape at a level's default cells scores, on average, within four points
// of the level's default rectangle and inside the level's band (but level
// 1, whose smallest outlines are easier still), so that a level means the
// same whatever the shape; and the steps of the simulated solver rise with
// the level.
func TestShapeLevels(t *testing.T) {
	const samples = 30
	for _, name := range []string{"circle", "hexagon", "triangle"} {
		sh, _ := LookupShape(name)
		prevSteps := 0.0
		for _, l := range Levels() {
			rect, shape, steps := 0.0, 0.0, 0.0
			for seed := range uint64(samples) {
				for _, r := range []Recipe{
					{Shape: Rectangle, Size: sh2(l.Cells), Algorithm: l.Algorithm, Braid: l.Braid, Seed: seed + 1000*uint64(l.Number)},
					{Shape: name, Size: sh.ForCells(LevelCells(name, l.Number), 0.8), Algorithm: l.Algorithm, Braid: l.Braid, Seed: seed + 1000*uint64(l.Number)},
				} {
					m, err := Make(r)
					if err != nil {
						t.Fatal(err)
					}
					s := Score(m.Measure())
					if r.Shape == Rectangle {
						rect += s / samples
					} else {
						shape += s / samples
						steps += m.SolverSteps(seed) / samples
					}
				}
			}
			t.Logf("%s level %d: %d cells, mean score %.1f (rectangle %.1f), solver steps %.0f", name, l.Number, LevelCells(name, l.Number), shape, rect, steps)
			if l.Number > 1 && (math.Abs(shape-rect) > 4 || shape < l.Min || shape >= l.Max) {
				t.Errorf("%s level %d: mean score %.1f, the rectangle's %.1f, the band [%g, %g)", name, l.Number, shape, rect, l.Min, l.Max)
			}
			if steps <= prevSteps {
				t.Errorf("%s level %d: %.0f solver steps, no more than the level before", name, l.Number, steps)
			}
			prevSteps = steps
		}
	}
}

// sh2 is the rectangle of about n cells TestLevelDefaults measures.
func sh2(n int) Size {
	w := max(int(math.Round(math.Sqrt(float64(n)*0.8))), 2)
	return Size{W: w, H: max(int(math.Round(float64(n)/float64(w))), 2)}
}

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
