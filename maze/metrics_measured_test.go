package maze

import "math"

// measuredBase is measureBase as stop 32 left it, cell by cell through
// passages and isDeadEnd, kept to check the faster one against.
func (m *Maze) measuredBase(path []int, part Part) Metrics {
	g := m.Grid
	n := g.Cells()
	mt := Metrics{Cells: n}
	ends := 0
	for c := range n {
		bits := m.PassageSides(c)
		d := popcount(bits)
		mt.Passages += d
		if d >= 3 {
			mt.Junctions++
		}
		if m.isDeadEnd(c, bits) {
			ends++
		}
	}
	mt.Passages /= 2
	mt.Loops = mt.Passages - n + 1
	mt.DeadEnds = ends
	mt.LongestStraight, mt.HorizontalBias = m.measuredStraightness()
	if len(path) == 0 {
		mt.OffSolution = 1
		return mt
	}
	mt.SolutionLength = len(path)
	mt.OffSolution = 1 - float64(len(path))/float64(n)
	mt.Turns = m.measuredTurns(path, part)
	mt.Decisions = m.decisions(path, false)
	mt.DecisionsFromExit = m.decisions(path, true)
	return mt
}

// measuredStraightness is straightness as it was: it returns the longest straight corridor in cells (a run of
// steps with one heading) and, on a rectangular grid, the share of
// east-west passages (0 elsewhere).
func (m *Maze) measuredStraightness() (longest int, horizontal float64) {
	g, ok := m.Grid.(Rect)
	if !ok {
		return m.longestRun(), 0
	}
	across, down := 0, 0
	column := make([]int32, g.W) // cells in the vertical run so far
	for y := range g.H {
		run := 0 // cells in the horizontal run so far
		row := m.open[y*g.W : (y+1)*g.W]
		for x, open := range row {
			run++
			if x < g.W-1 && open&(1<<East) != 0 {
				across++
			} else {
				longest = max(longest, run)
				run = 0
			}
			column[x]++
			if y < g.H-1 && open&(1<<South) != 0 {
				down++
			} else {
				longest = max(longest, int(column[x]))
				column[x] = 0
			}
		}
	}
	if total := across + down; total > 0 {
		horizontal = float64(across) / float64(total)
	}
	return longest, horizontal
}

// measuredTurns is turns as it was, through the Grid on every grid: it
// counts the changes of heading along path (see Grid.Heading), with
// the steps in through the entrance and out through the exit (none for a
// start or a goal inside its cell).
func (m *Maze) measuredTurns(path []int, part Part) int {
	g := m.Grid
	turns, started := 0, false
	var prev float64
	step := func(h float64) {
		if started && AngleGap(h, prev) > 1e-6 {
			turns++
		}
		prev, started = h, true
	}
	if in := part.Entrance; path[0] == in.Cell && in.opens() {
		step(g.Heading(in.Cell, in.Side) + math.Pi)
	}
	for i := 1; i < len(path); i++ {
		step(g.Heading(path[i-1], m.stepSide(path[i-1], path[i])))
	}
	if out := part.Exit; path[len(path)-1] == out.Cell && out.opens() {
		step(g.Heading(out.Cell, out.Side))
	}
	return turns
}
