package difficulty

import (
	"flag"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"mazebook/maze"
)

var calibrate = flag.Bool("calibrate", false, "measure the levels' bands and every shape's cells per level, and print them")

func TestEffortAndScore(t *testing.T) {
	tests := []struct {
		name   string
		steps  []float64
		effort float64
	}{
		{"none", nil, 0},
		{"one", []float64{30}, 30},
		{"geometric mean", []float64{100, 25}, 50},
		{"unsolvable left out", []float64{40, math.Inf(1)}, 40},
		{"zero left out", []float64{0, 9}, 9},
	}
	for _, tt := range tests {
		if got := Effort(tt.steps); math.Abs(got-tt.effort) > 1e-9 {
			t.Errorf("%s: Effort = %g, want %g", tt.name, got, tt.effort)
		}
	}
	// Ten points per doubling of the effort, 0 up to 2.
	for _, tt := range []struct{ effort, score float64 }{{1, 0}, {2, 0}, {4, 10}, {16, 30}, {2 << 10, 100}} {
		if got := ScoreOf(tt.effort); math.Abs(got-tt.score) > 1e-9 {
			t.Errorf("ScoreOf(%g) = %g, want %g", tt.effort, got, tt.score)
		}
	}
}

// TestRate: a maze's rating is its people's times, from their steps and
// the work of tracing and looking, combined, and the same on every call.
func TestRate(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Algorithm: "kruskal", Size: maze.Size{W: 12, H: 9}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	paths := m.SolutionParts()
	d := Rate(m, paths)
	want := PersonSteps(m, People(), paths, RateSeed)
	for i := range want {
		if d.Steps[i] != want[i] {
			t.Errorf("steps %v, want %v", d.Steps, want)
		}
	}
	// Each setting's time is its weights on the work: the solution's
	// steps and turns, the glance down side branches, the wrong steps.
	mt := m.Measure()
	for i, p := range People() {
		w := Work{Path: float64(mt.SolutionLength - 1), Turns: float64(mt.Turns), Look: float64(mt.Glance), Wrong: want[i] - float64(mt.SolutionLength-1)}
		if d.Work[i] != w || d.Times[i] != p.Step*w.Path+p.Turn*w.Turns+p.Look*w.Look+p.Wrong*w.Wrong {
			t.Errorf("%s: work %+v, time %g; want %+v", p.Name, d.Work[i], d.Times[i], w)
		}
	}
	if d.Effort != Effort(d.Times) || d.Score != ScoreOf(d.Effort) || d.Level != LevelOf(d.Score).Number || d.Metrics != mt {
		t.Errorf("rating %+v", d)
	}
	if again := Rate(m, paths); again.Score != d.Score {
		t.Errorf("score %g, then %g", d.Score, again.Score)
	}
}

func TestLevels(t *testing.T) {
	levels := Levels()
	if len(levels) != maze.MaxLevel {
		t.Fatalf("%d levels, want %d", len(levels), maze.MaxLevel)
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
		if _, err := maze.LookupAlgorithm(l.Algorithm); err != nil {
			t.Errorf("level %d: %v", l.Number, err)
		}
		for _, s := range []float64{l.Min, (l.Min + min(l.Max, 200)) / 2} {
			if got := LevelOf(s).Number; got != l.Number {
				t.Errorf("LevelOf(%g) = %d, want %d", s, got, l.Number)
			}
		}
	}
	if got := LevelOf(1e9).Number; got != maze.MaxLevel {
		t.Errorf("LevelOf(huge) = %d", got)
	}
}

// levelSample is what the default mazes of one shape at one level
// measure: each one's score and mean steps over the person settings.
type levelSample struct {
	scores []float64
	steps  float64 // the mean effort
	wrong  int     // mazes without a wrong way from either end
}

func (s levelSample) mean() float64 {
	sum := 0.0
	for _, v := range s.scores {
		sum += v
	}
	return sum / float64(len(s.scores))
}

func (s levelSample) median() float64 {
	v := append([]float64(nil), s.scores...)
	sort.Float64s(v)
	return v[len(v)/2]
}

// sampleLevel makes samples default mazes of a shape at a level (the
// rectangle as sh2 sizes it, other shapes at LevelCells) and rates them.
func sampleLevel(t *testing.T, shape string, l Level, samples int) levelSample {
	t.Helper()
	sh, err := maze.LookupShape(shape)
	if err != nil {
		t.Fatal(err)
	}
	size := sh2(l.Cells)
	if shape != maze.Rectangle {
		size = sh.ForCells(LevelCells(shape, l.Number), 0.8)
	}
	return sampleSize(t, shape, size, l, samples)
}

func sampleSize(t *testing.T, shape string, size maze.Size, l Level, samples int) levelSample {
	t.Helper()
	var s levelSample
	for seed := range uint64(samples) {
		m, err := maze.Make(maze.Recipe{Shape: shape, Size: size, Algorithm: l.Algorithm, Braid: l.Braid, Seed: seed + 1000*uint64(l.Number)})
		if err != nil {
			t.Fatal(err)
		}
		d := Rate(m, m.SolutionParts())
		s.scores = append(s.scores, d.Score)
		s.steps += d.Effort / float64(samples)
		if d.Metrics.Branches == 0 {
			s.wrong++
		}
	}
	return s
}

// TestLevelDefaults checks the calibration of the levels, for every
// shape: each level's default maze scores in its band on average (a
// rectangle's most of the time); three in four default mazes of a level
// are harder than the median maze of the level below; a shape's level is,
// on average, within half a level (five points) of the rectangle's (but
// level 1, whose smallest outlines come in coarse steps); the effort
// rises with the level, level 10's at least five times level 1's; and
// every level-1 maze has a wrong way to resist.
func TestLevelDefaults(t *testing.T) {
	const samples = 40
	rect := make([]float64, maze.MaxLevel)
	for _, shape := range maze.ShapeNames() {
		var prev levelSample
		var first float64
		for _, l := range Levels() {
			s := sampleLevel(t, shape, l, samples)
			mean := s.mean()
			in, above := 0, 0
			for _, v := range s.scores {
				if v >= l.Min && v < l.Max {
					in++
				}
				if prev.scores != nil && v > prev.median() {
					above++
				}
			}
			t.Logf("%s level %2d: %d cells, mean score %.1f, %d/%d in [%g, %g), %d above the median of the level below, effort %.0f",
				shape, l.Number, LevelCells(shape, l.Number), mean, in, samples, l.Min, l.Max, above, s.steps)
			if mean < l.Min || mean >= l.Max {
				t.Errorf("%s level %d: mean score %.1f outside [%g, %g)", shape, l.Number, mean, l.Min, l.Max)
			}
			if shape == maze.Rectangle && in < samples/2 {
				t.Errorf("%s level %d: only %d of %d default mazes in the band", shape, l.Number, in, samples)
			}
			if prev.scores != nil && above < samples*3/4 {
				t.Errorf("%s level %d: only %d of %d mazes harder than the median of level %d", shape, l.Number, above, samples, l.Number-1)
			}
			if shape == maze.Rectangle {
				rect[l.Number-1] = mean
			} else if l.Number > 1 && math.Abs(mean-rect[l.Number-1]) > 5 {
				t.Errorf("%s level %d: mean score %.1f, the rectangle's %.1f", shape, l.Number, mean, rect[l.Number-1])
			}
			if prev.scores != nil && s.steps <= prev.steps {
				t.Errorf("%s level %d: effort %.0f, no more than the level below", shape, l.Number, s.steps)
			}
			if l.Number == 1 {
				first = s.steps
				if s.wrong > 0 {
					t.Errorf("%s level 1: %d of %d mazes without a wrong way", shape, s.wrong, samples)
				}
			}
			prev = s
		}
		if prev.steps < 5*first {
			t.Errorf("%s: level 10 takes %.0f steps, less than 5 times level 1's %.0f", shape, prev.steps, first)
		}
	}
}

// TestCalibrate prints, with -calibrate, the bands that sit midway
// between the mean scores of the levels' default rectangles, and for
// every other shape the cells per level whose mean score is nearest the
// rectangle's: what Levels and the shapes' LevelCells hold.
func TestCalibrate(t *testing.T) {
	if !*calibrate {
		t.Skip("run with -calibrate")
	}
	const samples = 80
	var b strings.Builder
	means := make([]float64, maze.MaxLevel)
	for i, l := range Levels() {
		means[i] = sampleLevel(t, maze.Rectangle, l, samples).mean()
	}
	fmt.Fprintf(&b, "rectangle means %.1f\nbands", means)
	for i := 1; i < maze.MaxLevel; i++ {
		fmt.Fprintf(&b, " %.1f", (means[i-1]+means[i])/2)
	}
	b.WriteString("\n")
	for _, shape := range maze.ShapeNames()[1:] {
		sh, _ := maze.LookupShape(shape)
		var cells []int
		for _, l := range Levels() {
			best, bestCells := math.Inf(1), 0
			tried := map[maze.Size]bool{}
			for n := l.Cells / 2; n <= l.Cells*2; n += max(1, l.Cells/40) {
				size := sh.ForCells(n, 0.8)
				if tried[size] {
					continue
				}
				tried[size] = true
				g, err := sh.New(size)
				if err != nil {
					continue
				}
				if gap := math.Abs(sampleSize(t, shape, size, l, samples).mean() - means[l.Number-1]); gap < best {
					best, bestCells = gap, g.Cells()
				}
			}
			cells = append(cells, bestCells)
		}
		fmt.Fprintf(&b, "%s %d\n", shape, cells)
	}
	t.Log("\n" + b.String())
}

// sh2 is the rectangle of about n cells the level tests measure.
func sh2(n int) maze.Size {
	w := max(int(math.Round(math.Sqrt(float64(n)*0.8))), 2)
	return maze.Size{W: w, H: max(int(math.Round(float64(n)/float64(w))), 2)}
}

// TestScoreRanksAsTheModel: within one size and one generator, the score
// ranks mazes as the person model's simulated walks do (many walks, the
// walker written apart from the exact sum): the effort of the walks,
// combined as Effort combines the exact steps.
func TestScoreRanksAsTheModel(t *testing.T) {
	for _, alg := range []string{"backtracker", "kruskal", "binary-tree"} {
		var score, walked []float64
		for seed := range uint64(40) {
			m, err := maze.Make(maze.Recipe{Algorithm: alg, Size: maze.Size{W: 20, H: 20}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			path := m.Solution()
			score = append(score, Rate(m, [][]int{path}).Score)
			var times []float64
			d := Rate(m, [][]int{path})
			for i, p := range People() {
				a := p.Simulate(m, path[0], path[len(path)-1], 300, maze.DeriveSeed(seed, "in"))
				b := p.Simulate(m, path[len(path)-1], path[0], 300, maze.DeriveSeed(seed, "out"))
				w := d.Work[i]
				w.Wrong = min(a, b) - w.Path
				times = append(times, p.Time(w))
			}
			walked = append(walked, Effort(times))
		}
		rho := spearman(score, walked)
		t.Logf("%s: score and simulated effort rank correlation %.3f", alg, rho)
		if rho < 0.9 {
			t.Errorf("%s: the score ranks 40 mazes at %.3f with the simulated walks", alg, rho)
		}
	}
}

// TestScoreWithinOneSize: at one size, where people's solving times
// follow the length of the way they trace (Crowe et al. 2000), the score
// ranks mazes with the solution's length — 14 generators x 8 seeds, and
// 40 seeds of the backtracker — more than the walk model alone did (its
// effort from the settings' walked steps, the score before the
// page-and-pencil model). It logs what the closing figures report.
func TestScoreWithinOneSize(t *testing.T) {
	type set struct {
		name  string
		algs  []string
		seeds uint64
	}
	for _, s := range []set{{"14 generators x 8 seeds", maze.AlgorithmNames(), 8}, {"backtracker x 40 seeds", []string{"backtracker"}, 40}} {
		var length, score, walk, young, older []float64
		for _, alg := range s.algs {
			for seed := range s.seeds {
				m, err := maze.Make(maze.Recipe{Algorithm: alg, Size: maze.Size{W: 20, H: 20}, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				d := Rate(m, m.SolutionParts())
				length = append(length, float64(d.Metrics.SolutionLength))
				score = append(score, d.Score)
				walk = append(walk, ScoreOf(Effort(d.Steps)))
				young = append(young, d.Times[0])
				older = append(older, d.Times[1])
			}
		}
		rs, rw := spearman(score, length), spearman(walk, length)
		t.Logf("%s, 20x20: with the solution's length, score %.2f, walk-only score %.2f, young %.2f, older %.2f; score with the walk-only score %.2f, young with older %.2f",
			s.name, rs, rw, spearman(young, length), spearman(older, length), spearman(score, walk), spearman(young, older))
		if rs < 0.6 || rs <= rw {
			t.Errorf("%s: the score ranks with the solution's length at %.2f (walk-only %.2f)", s.name, rs, rw)
		}
	}
}

// TestRateMeasuresAsMeasure: Rate takes a perfect part's branch metrics
// from the exact sum's walk; they are the metrics MeasureParts finds
// walking the branches itself, and the steps PersonSteps finds, on every
// shape, with islands, doors inside and loops.
func TestRateMeasuresAsMeasure(t *testing.T) {
	heart, _ := maze.NewBitmap(9, 8)
	for y := range 8 {
		for x := range 9 {
			if (x-4)*(x-4)+(y-3)*(y-3) < 14 || x == 0 && y < 2 || x == 8 && y < 2 {
				heart.Set(x, y, true)
			}
		}
	}
	recipes := []maze.Recipe{
		{Algorithm: "backtracker", Size: maze.Size{W: 30, H: 20}},
		{Algorithm: "kruskal", Size: maze.Size{W: 25, H: 25}},
		{Algorithm: "prim", Size: maze.Size{W: 25, H: 25}, Braid: 0.4},
		{Shape: "circle", Algorithm: "backtracker", Size: maze.Size{W: 10}},
		{Shape: "hexagon", Algorithm: "wilson", Size: maze.Size{W: 8}},
		{Shape: "triangle", Algorithm: "prim", Size: maze.Size{W: 12}},
		{Shape: "circle", Algorithm: "prim", Size: maze.Size{W: 8}, Openings: maze.Center},
		{Algorithm: "backtracker", Size: maze.Size{W: 18, H: 16}, Mask: heart, Islands: maze.Separate},
		{Algorithm: "kruskal", Size: maze.Size{W: 20, H: 20}, Weave: 0.3},
		{Algorithm: "backtracker", Size: maze.Size{W: 300, H: 260}},         // measured on two cores
		{Algorithm: "kruskal", Size: maze.Size{W: 300, H: 260}, Braid: 0.5}, // walked on two cores
	}
	for _, r := range recipes {
		for seed := range uint64(4) {
			r.Seed = seed
			m, err := maze.Make(r)
			if err != nil {
				t.Fatalf("%+v: %v", r, err)
			}
			paths := m.SolutionParts()
			d := Rate(m, paths)
			if want := maze.SumMetrics(m.MeasureParts(paths)); d.Metrics != want {
				t.Errorf("%s %v seed %d:\n rate    %+v\n measure %+v", r.Algorithm, r.Size, seed, d.Metrics, want)
			}
			if want := PersonSteps(m, People(), paths, RateSeed); fmt.Sprint(d.Steps) != fmt.Sprint(want) {
				t.Errorf("%s %v seed %d: steps %v, PersonSteps %v", r.Algorithm, r.Size, seed, d.Steps, want)
			}
			if r.Braid > 0 && m.Grid.Cells() >= concurrentCells && seed == 0 {
				// The walks run two at a time: the numbers of one after
				// another.
				path := paths[0]
				a, b := path[0], path[len(path)-1]
				for i, p := range People() {
					s := partSeed(RateSeed, 0)
					in, _, _ := p.simulate(m, nil, a, b, MinWalks, MaxWalks, SimulatedError, true, maze.DeriveSeed(s, p.Name, "entrance"))
					out, _, _ := p.simulate(m, nil, b, a, MinWalks, MaxWalks, SimulatedError, true, maze.DeriveSeed(s, p.Name, "exit"))
					if d.Steps[i] != min(in, out) {
						t.Errorf("%s: %g steps walked two at a time, %g one after another", p.Name, d.Steps[i], min(in, out))
					}
				}
			}
		}
	}
}

// TestSolveAndRateAsTwoCalls checks that SolveAndRate finds the ways and
// the rating SolveParts then Rate find, on mazes small and large enough
// to measure their cells on a second core, perfect, braided, a circle and
// a mask kept apart in islands.
func TestSolveAndRateAsTwoCalls(t *testing.T) {
	islands, err := maze.NewBitmap(9, 3)
	if err != nil {
		t.Fatal(err)
	}
	for x := range 9 {
		for y := range 3 {
			if x%3 != 2 {
				islands.Set(x, y, true)
			}
		}
	}
	for _, r := range []maze.Recipe{
		{Size: maze.Size{W: 20, H: 20}, Algorithm: "backtracker", Seed: 1},
		{Size: maze.Size{W: 300, H: 300}, Algorithm: "backtracker", Seed: 2},
		{Size: maze.Size{W: 300, H: 300}, Algorithm: "kruskal", Braid: 0.3, Seed: 3},
		{Shape: "circle", Size: maze.Size{W: 60}, Algorithm: "prim", Seed: 4},
		{Size: maze.Size{W: 9, H: 3}, Mask: islands, Islands: maze.Separate, Algorithm: "backtracker", Seed: 5},
	} {
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		checkSolveAndRate(t, fmt.Sprint(r.Size), m)
	}
}

// checkSolveAndRate checks that SolveAndRate gives maze m, called name,
// the ways and the rating SolveParts and Rate give.
func checkSolveAndRate(t *testing.T, name string, m *maze.Maze) {
	t.Helper()
	want, err := m.SolveParts("bfs")
	if err != nil {
		t.Fatal(err)
	}
	wantD := Rate(m, want)
	got, gotD, err := SolveAndRate(m, "bfs")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotD, wantD) {
		t.Errorf("%s: SolveAndRate gives %d ways, %+v; SolveParts and Rate %d, %+v", name, len(got), gotD.Metrics, len(want), wantD.Metrics)
	}
}
