package difficulty

import (
	"math"

	"mazebook/maze"
)

// Effort is the work of solving a maze, in the time of drawing a cell,
// from each person setting's time on it (see Person.Time): their
// geometric mean, so that a maze twice as hard for one setting and as
// hard for the other counts as √2 times as hard. Settings that spend
// nothing (or cannot finish) are left out.
func Effort(times []float64) float64 {
	sum, n := 0.0, 0
	for _, s := range times {
		if s > 0 && !math.IsInf(s, 0) && !math.IsNaN(s) {
			sum += math.Log(s)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Exp(sum / float64(n))
}

// ScoreOf is the difficulty score of an effort: ten points for every
// doubling of it, from 0 for an effort of 2 steps or less. It grows with
// the work of solving and has no upper bound; a 4x4 maze scores about 20,
// a 20x20 one about 65, a 65x65 one about 100.
func ScoreOf(effort float64) float64 {
	if effort <= 2 {
		return 0
	}
	return float64(10 * math.Log2(effort/2))
}

// Difficulty is how difficult a maze is, as Rate measures it.
type Difficulty struct {
	// Metrics are the maze's metrics, summed over its parts.
	Metrics maze.Metrics
	// Steps are the steps each person setting (see People, in that
	// order) is expected to walk, from the easier end of each part; Work
	// what the maze asks of each, and Times their times (see Person).
	Steps []float64
	Work  []Work
	Times []float64
	// Effort combines the times (see Effort); Score is its score (see
	// ScoreOf) and Level the level whose band holds it.
	Effort float64
	Score  float64
	Level  int
}

// concurrentCells is the size of maze from which Rate measures on two
// cores at once.
const concurrentCells = 1 << 16

// RateSeed is the seed of the walks Rate simulates on mazes with loops:
// fixed, so that a maze always rates the same.
const RateSeed = 1

// Rate measures the maze along its parts' solutions, paths (see
// maze.Maze.SolutionParts), and scores it for the person settings of People.
func Rate(m *maze.Maze, paths [][]int) Difficulty {
	return RateFor(m, People(), paths)
}

// RateFor measures the maze along its parts' solutions and scores it for
// the given person settings: each one's expected walk (exact on a
// perfect maze, simulated from RateSeed on one with loops) and the work
// of tracing and looking make their times, combined into the effort and
// score.
func RateFor(m *maze.Maze, people []Person, paths [][]int) Difficulty {
	d, _ := rateFor(m, people, paths, nil)
	return d
}

// SolveAndRate finds each part's way through the maze with the named
// solver (see maze.Maze.SolveParts) and rates the maze along them for
// People (see Rate): the same ways and rating as the two calls one after
// the other, but a large maze takes both cores. A large rectangle of one
// part whose passages are one fewer than its cells, searched breadth
// first, is searched from both ends at once (maze.Maze.SolveTree:
// without loops its way is the only one); the exact sum's walk of its
// side branches, which finds any loop, confirms it. Any other large
// maze's cells are measured (see maze.Maze.MeasureCells) on a second
// core while its ways are found.
func SolveAndRate(m *maze.Maze, solver string) ([][]int, Difficulty, error) {
	if m.Grid.Cells() < concurrentCells {
		paths, err := m.SolveParts(solver)
		if err != nil {
			return nil, Difficulty{}, err
		}
		return paths, Rate(m, paths), nil
	}
	if solver == "bfs" {
		if path, ok := m.SolveTree(); ok {
			paths := [][]int{path}
			if d, exact := rateFor(m, People(), paths, nil); exact {
				return paths, d, nil
			}
		}
		// A loop after all (the maze is not in one piece): searched
		// and rated again, from one end.
	}
	var cells maze.Metrics
	done := make(chan struct{})
	go func() {
		cells = m.MeasureCells()
		close(done)
	}()
	paths, err := m.SolveParts(solver)
	<-done
	if err != nil {
		return nil, Difficulty{}, err
	}
	d, _ := rateFor(m, People(), paths, &cells)
	return paths, d, nil
}

// rateFor is RateFor; cells, when not nil, are the maze's cells'
// metrics (see maze.Maze.MeasureCells), measured already. exact reports
// whether every part's steps were summed exactly: its way found, and no loop among the cells
// reachable from it.
func rateFor(m *maze.Maze, people []Person, paths [][]int, cells *maze.Metrics) (d Difficulty, exact bool) {
	// Each part's steps first: a perfect part's exact sum walks its side
	// branches, and its metrics take what that walk found.
	ps := m.Parts()
	parts := make([]maze.Metrics, len(ps))
	steps := make([]float64, len(people))
	exact = true
	for i, part := range ps {
		var path []int
		if i < len(paths) {
			path = paths[i]
		}
		// A large part's other metrics are measured on a second core
		// meanwhile: both only read the maze. With loops, the exact sum
		// will not walk the side branches: they are measured there too.
		var base maze.Metrics
		var walked *maze.Metrics
		done := make(chan struct{})
		measure := func() {
			var c maze.Metrics
			if cells != nil {
				c = *cells
			} else {
				c = m.MeasureCells()
			}
			base = m.MeasureAlong(c, path, part)
			if base.Loops > 0 && len(path) > 0 {
				w := m.MeasureBranches(base, path, part.Exit)
				walked = &w
			}
			close(done)
		}
		if m.Grid.Cells() >= concurrentCells {
			go measure()
		} else {
			measure()
		}
		exp, branches := expect(m, people, part, path, partSeed(RateSeed, i))
		for j, e := range exp {
			steps[j] += e.Steps()
		}
		<-done
		exact = exact && branches != nil
		switch {
		case branches != nil:
			branches.apply(&base)
		case walked != nil:
			base = *walked
		default:
			base = m.MeasureBranches(base, path, part.Exit)
		}
		parts[i] = base
	}
	d = Difficulty{Metrics: maze.SumMetrics(parts), Steps: steps}
	look := float64(d.Metrics.Glance)
	path := float64(max(d.Metrics.SolutionLength-len(parts), 0))
	for i, p := range people {
		w := Work{Path: path, Turns: float64(d.Metrics.Turns), Look: look, Wrong: max(d.Steps[i]-path, 0)}
		d.Work = append(d.Work, w)
		d.Times = append(d.Times, p.Time(w))
	}
	d.Effort = Effort(d.Times)
	d.Score = ScoreOf(d.Effort)
	d.Level = LevelOf(d.Score).Number
	return d, exact
}

// Level is one of the ten difficulty levels: a band of the score, with the
// maze that usually lands in it.
type Level struct {
	// Number is the level, 1 to 10.
	Number int
	// Min and Max bound the band of the score: Min <= score < Max. The
	// last level has no upper bound (Max is +Inf).
	Min, Max float64
	// Cells, Algorithm and Braid make a maze that scores in the band
	// about nine times in ten: the defaults for a maze of this level.
	Cells     int
	Algorithm string
	Braid     float64
}

// Levels returns the ten difficulty levels, easiest first. The default
// sizes double, about, from level to level; the bands sit midway between
// the mean scores of recursive-backtracker rectangles of those sizes (see
// TestCalibrate), so each level's default maze scores in its band most of
// the time, and most mazes of a level are harder than the median maze of
// the level below (see TestLevelDefaults).
func Levels() []Level {
	levels := []Level{
		{Number: 1, Min: 0, Max: 28, Cells: 16},
		{Number: 2, Min: 28, Max: 37, Cells: 30},
		{Number: 3, Min: 37, Max: 44, Cells: 56},
		{Number: 4, Min: 44, Max: 52, Cells: 100},
		{Number: 5, Min: 52, Max: 60, Cells: 196},
		{Number: 6, Min: 60, Max: 68, Cells: 330},
		{Number: 7, Min: 68, Max: 76, Cells: 640},
		{Number: 8, Min: 76, Max: 85, Cells: 1200},
		{Number: 9, Min: 85, Max: 93, Cells: 2300},
		{Number: 10, Min: 93, Max: math.Inf(1), Cells: 4200},
	}
	for i := range levels {
		// The backtracker's long winding corridors give the most
		// difficulty per cell, so even level 10 fits a page legibly.
		levels[i].Algorithm = "backtracker"
	}
	return levels
}

// LevelOf returns the level whose band holds score.
func LevelOf(score float64) Level {
	levels := Levels()
	for _, l := range levels {
		if score < l.Max {
			return l
		}
	}
	return levels[len(levels)-1]
}

// LevelCells returns the number of cells a maze of the given level and
// shape has by default: as many as make the mean score of that shape's
// mazes (the level's algorithm and braid, 80 seeds) closest to the mean
// score of the level's default rectangle (see TestCalibrate), so that a level-5 circle is
// about as hard as a level-5 rectangle (see Shape.LevelCells). The
// outlines come in steps (a circle's rings, a hexagon's or triangle's
// side), hence their uneven counts. A shape without its own (a rectangle,
// or an unknown name) takes Level.Cells.
func LevelCells(shape string, level int) int {
	level = min(max(level, 1), maze.MaxLevel)
	if s, err := maze.LookupShape(shape); err == nil && s.LevelCells[level-1] > 0 {
		return s.LevelCells[level-1]
	}
	return Levels()[level-1].Cells
}
