package maze

import "math"

// Effort estimates the work of solving a maze, in steps, from its metrics:
//
//	E = L·(1 + L/N) + T + 4·D + B·d + 2·G·d
//
// where L is the solution's length and N the number of cells (a solution
// that fills more of the maze winds more), T the turns on the solution, D
// the decision points on it, counted from whichever end has fewer (people
// solve from both ends), B the side branches, G the branches whose first
// step heads toward the goal, and d the mean depth of a branch: a wrong
// turn costs the walk into its branch and back, and a branch that seems to
// lead to the goal is taken more often.
func Effort(mt Metrics) float64 {
	if mt.SolutionLength == 0 || mt.Cells == 0 {
		return 0
	}
	l := float64(mt.SolutionLength)
	d := float64(min(mt.Decisions, mt.DecisionsFromExit))
	depth := mt.BranchDepthMean
	return l*(1+l/float64(mt.Cells)) + float64(mt.Turns) + 4*d +
		float64(mt.Branches)*depth + 2*float64(mt.TowardGoalBranches)*depth
}

// Score is a maze's difficulty score: ten points for every doubling of
// its effort (see Effort), from 0 for an effort of 8 steps or less. It
// grows with the work of solving and has no upper bound; a 5x5 maze
// scores about 20, a 40x40 one about 100.
func Score(mt Metrics) float64 {
	e := Effort(mt)
	if e <= 8 {
		return 0
	}
	return 10 * math.Log2(e/8)
}

// ScoreParts is the difficulty score of a maze of several parts (see
// Maze.Parts): ten points for every doubling of the parts' summed effort,
// as Score is for one.
func ScoreParts(parts []Metrics) float64 {
	e := 0.0
	for _, p := range parts {
		e += Effort(p)
	}
	if e <= 8 {
		return 0
	}
	return 10 * math.Log2(e/8)
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

// Levels returns the ten difficulty levels, easiest first. Their bands
// are contiguous and eight points wide, but for the first and the last;
// the default sizes were calibrated by measuring the mean score of many
// recursive-backtracker mazes of each size (see TestLevelDefaults).
func Levels() []Level {
	levels := []Level{
		{Number: 1, Min: 0, Max: 26, Cells: 16},
		{Number: 2, Min: 26, Max: 34, Cells: 30},
		{Number: 3, Min: 34, Max: 42, Cells: 56},
		{Number: 4, Min: 42, Max: 50, Cells: 100},
		{Number: 5, Min: 50, Max: 58, Cells: 196},
		{Number: 6, Min: 58, Max: 66, Cells: 330},
		{Number: 7, Min: 66, Max: 74, Cells: 640},
		{Number: 8, Min: 74, Max: 82, Cells: 1200},
		{Number: 9, Min: 82, Max: 90, Cells: 2300},
		{Number: 10, Min: 90, Max: math.Inf(1), Cells: 4200},
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

// MaxLevel is the highest difficulty level.
const MaxLevel = 10

// LevelCells returns the number of cells a maze of the given level and
// shape has by default: as many as make the mean score of that shape's
// mazes (the level's algorithm and braid, 60 seeds) closest to the mean
// score of the level's default rectangle, so that a level-5 circle is
// about as hard as a level-5 rectangle (see Shape.LevelCells). The
// outlines come in steps (a circle's rings, a hexagon's or triangle's
// side), hence their uneven counts. A shape without its own (a rectangle,
// or an unknown name) takes Level.Cells.
func LevelCells(shape string, level int) int {
	level = min(max(level, 1), MaxLevel)
	if s, err := LookupShape(shape); err == nil && s.LevelCells[level-1] > 0 {
		return s.LevelCells[level-1]
	}
	return Levels()[level-1].Cells
}
