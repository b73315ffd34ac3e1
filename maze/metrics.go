package maze

import (
	"math"
	"math/bits"
)

// Metrics describe a maze and its solution from the entrance to the exit.
type Metrics struct {
	// Cells and Passages count the cells and the passages between them.
	Cells    int `json:"cells"`
	Passages int `json:"passages"`
	// Loops is the number of independent loops: passages - cells + 1 for
	// a connected maze, 0 for a perfect one.
	Loops int `json:"loops"`
	// SolutionLength is the number of cells on the shortest path from the
	// entrance to the exit.
	SolutionLength int `json:"solution_length"`
	// Turns counts the changes of direction along the solution, entering
	// through the entrance and leaving through the exit included.
	Turns int `json:"turns"`
	// Junctions counts the cells with three passages or more.
	Junctions int `json:"junctions"`
	// Decisions counts the decision points met walking the solution from
	// the entrance: cells where more than one way goes on (the first cell
	// with two passages or more, any later one with three or more), the
	// exit cell excepted. DecisionsFromExit counts them walking back from
	// the exit, as people also solve mazes.
	Decisions         int `json:"decisions"`
	DecisionsFromExit int `json:"decisions_from_exit"`
	// DeadEnds counts the cells with one passage, the doors' cells
	// excepted. DeadEndDepthMean and DeadEndDepthMax are the distances, in
	// steps, from the dead ends to the nearest cell of the solution.
	DeadEnds         int     `json:"dead_ends"`
	DeadEndDepthMean float64 `json:"dead_end_depth_mean"`
	DeadEndDepthMax  int     `json:"dead_end_depth_max"`
	// Branches counts the side branches leaving the solution: passages
	// from a solution cell into a cell off the solution that no earlier
	// branch reached. BranchDepthMean and BranchDepthMax are the depths of
	// those branches: the farthest any of their cells is from the solution.
	Branches        int     `json:"branches"`
	BranchDepthMean float64 `json:"branch_depth_mean"`
	BranchDepthMax  int     `json:"branch_depth_max"`
	// Glance is the looking the side branches ask of the eye: each
	// branch's depth up to LookReach cells, summed. A branch seen to end
	// at once costs 1; a longer one more, up to where the eye gives up
	// and the pencil must try it.
	Glance int `json:"glance"`
	// TowardGoalBranches counts the branches whose first step brings the
	// walker closer to the exit (straight-line distance between cell
	// centres): the misleading ones.
	TowardGoalBranches int `json:"toward_goal_branches"`
	// LongestStraight is the longest straight corridor, in cells.
	LongestStraight int `json:"longest_straight"`
	// HorizontalBias is the share of passages that run east-west (0.5 is
	// unbiased; rectangular grids only, else 0).
	HorizontalBias float64 `json:"horizontal_bias"`
	// OffSolution is the share of cells not on the solution.
	OffSolution float64 `json:"off_solution"`
}

// Measure computes the maze's metrics, with its solution from the entrance
// to the exit. It takes a few linear passes and about one bit per cell
// besides the solution path.
func (m *Maze) Measure() Metrics {
	return m.MeasurePath(m.Solution())
}

// MeasurePath computes the maze's metrics for a given solution path from
// its entrance to its exit.
func (m *Maze) MeasurePath(path []int) Metrics {
	return m.measure(path, Part{m.Entrance, m.Exit})
}

// MeasureParts measures each part of the maze (see Parts) along its own
// path, each as a maze of the cells of its island: for an ordinary maze,
// MeasurePath of its one path.
func (m *Maze) MeasureParts(paths [][]int) []Metrics {
	parts := m.Parts()
	out := make([]Metrics, len(parts))
	for i, p := range parts {
		out[i] = m.measurePart(paths[i], p)
	}
	return out
}

// measurePart measures one part of the maze along its path, as a maze of
// the cells of its island.
func (m *Maze) measurePart(path []int, p Part) Metrics {
	return m.MeasureBranches(m.MeasureAlong(m.MeasureCells(), path, p), path, p.Exit)
}

// MeasureAlong completes cells, the metrics of the maze's cells (see
// MeasureCells), with those along path, the way through part: its
// length, turns and decisions, and, for a maze whose islands are kept
// apart, the cells of the part's island. The metrics of the side
// branches are left to MeasureBranches.
func (m *Maze) MeasureAlong(cells Metrics, path []int, part Part) Metrics {
	mt := m.alongPath(cells, path, part)
	if m.parts != nil {
		reached := 0
		for _, d := range m.Distances(part.Entrance.Cell) {
			if d >= 0 {
				reached++
			}
		}
		mt.Cells = reached
	}
	return mt
}

// MeasureBranches completes mt with the metrics of the side branches of
// path, the way to goal (see Metrics.Branches), by walking them; with no
// way (path empty) it returns mt as it is.
func (m *Maze) MeasureBranches(mt Metrics, path []int, goal Door) Metrics {
	if len(path) > 0 {
		b := m.branches(path, goal)
		b.apply(&mt)
	}
	return mt
}

// SumMetrics adds up the metrics of the parts of a maze: counts are summed,
// means weighted by what they are means of, maxima kept.
func SumMetrics(parts []Metrics) Metrics {
	if len(parts) == 1 {
		return parts[0]
	}
	var s Metrics
	var deadDepth, branchDepth, straight, horizontal float64
	for _, p := range parts {
		s.Cells += p.Cells
		s.Passages += p.Passages
		s.Loops += p.Loops
		s.SolutionLength += p.SolutionLength
		s.Turns += p.Turns
		s.Junctions += p.Junctions
		s.Decisions += p.Decisions
		s.DecisionsFromExit += p.DecisionsFromExit
		s.DeadEnds += p.DeadEnds
		s.Branches += p.Branches
		s.Glance += p.Glance
		s.TowardGoalBranches += p.TowardGoalBranches
		s.DeadEndDepthMax = max(s.DeadEndDepthMax, p.DeadEndDepthMax)
		s.BranchDepthMax = max(s.BranchDepthMax, p.BranchDepthMax)
		s.LongestStraight = max(s.LongestStraight, p.LongestStraight)
		deadDepth += float64(p.DeadEndDepthMean * float64(p.DeadEnds))
		branchDepth += float64(p.BranchDepthMean * float64(p.Branches))
		straight += float64(p.OffSolution * float64(p.Cells))
		horizontal += p.HorizontalBias
	}
	if s.DeadEnds > 0 {
		s.DeadEndDepthMean = deadDepth / float64(s.DeadEnds)
	}
	if s.Branches > 0 {
		s.BranchDepthMean = branchDepth / float64(s.Branches)
	}
	if s.Cells > 0 {
		s.OffSolution = straight / float64(s.Cells)
	}
	s.HorizontalBias = horizontal / float64(len(parts))
	return s
}

// measure computes the maze's metrics for the solution path of a part.
func (m *Maze) measure(path []int, part Part) Metrics {
	return m.MeasureBranches(m.alongPath(m.MeasureCells(), path, part), path, part.Exit)
}

// MeasureCells returns the metrics of the maze's cells and passages,
// which hang on no way through it: its cells, passages, junctions, dead
// ends, loops and straight runs (see MeasureAlong).
func (m *Maze) MeasureCells() Metrics {
	g := m.Grid
	n := g.Cells()
	mt := Metrics{Cells: n}
	if r, ok := g.(Rect); ok && m.parts == nil {
		mt.Passages, mt.Junctions, mt.DeadEnds, mt.LongestStraight, mt.HorizontalBias = m.scanRect(r)
	} else {
		mt.Passages, mt.Junctions, mt.DeadEnds = m.countCells()
		mt.LongestStraight, mt.HorizontalBias = m.straightness()
	}
	mt.Loops = mt.Passages - n + 1
	return mt
}

// alongPath completes the cells' metrics mt (see MeasureCells) with those
// along path, the way through part: its length, turns and decisions.
func (m *Maze) alongPath(mt Metrics, path []int, part Part) Metrics {
	n := mt.Cells
	if len(path) == 0 {
		mt.OffSolution = 1
		return mt
	}
	mt.SolutionLength = len(path)
	mt.OffSolution = 1 - float64(len(path))/float64(n)
	mt.Turns = m.turns(path, part)
	mt.Decisions = m.decisions(path, false)
	mt.DecisionsFromExit = m.decisions(path, true)
	return mt
}

// countCells returns the passages between cells, the junctions (cells
// of three passages or more) and the dead ends (cells of one, a door's
// excepted), cell by cell.
func (m *Maze) countCells() (passages, junctions, ends int) {
	for c := range m.open {
		bits := m.PassageSides(c)
		d := popcount(bits)
		passages += d
		if d >= 3 {
			junctions++
		}
		if m.isDeadEnd(c, bits) {
			ends++
		}
	}
	return passages / 2, junctions, ends
}

// scanRect is countCells and straightness on a rectangle whose doors are
// its entrance and exit, in one pass over the rows: the cells are counted
// by their open sides (a table of 16), the doors' cells set right after;
// a corridor's run is the cells so far in it, its longest taken at every
// cell, and cut to none where the way on is closed.
func (m *Maze) scanRect(g Rect) (passages, junctions, ends, longest int, horizontal float64) {
	var count [16]int
	across, down := 0, 0
	column := make([]int32, g.W) // cells in the vertical run so far
	for y := range g.H {
		row := m.open[y*g.W : (y+1)*g.W]
		south := int32(0) // -1 where a South passage may be (not the last row)
		if y < g.H-1 {
			south = -1
		}
		run := 0 // cells in the horizontal run so far
		for x, open := range row[:g.W-1] {
			count[open&15]++
			e := int(open >> East & 1)
			run++
			longest = max(longest, run)
			run &= -e
			across += e
			s := int32(open>>South&1) & south
			col := column[x] + 1
			longest = max(longest, int(col))
			column[x] = col & -s
			down += int(s & 1)
		}
		// The last cell of the row: its East side, if open, is a door.
		open := row[g.W-1]
		count[open&15]++
		longest = max(longest, run+1)
		s := int32(open>>South&1) & south
		col := column[g.W-1] + 1
		longest = max(longest, int(col))
		column[g.W-1] = col & -s
		down += int(s & 1)
	}
	if total := across + down; total > 0 {
		horizontal = float64(across) / float64(total)
	}
	// The doors' cells, counted above by all their open sides, count by
	// their passages, and are no dead ends.
	for i, c := range [2]int{m.Entrance.Cell, m.Exit.Cell} {
		if c < 0 || i == 1 && c == m.Entrance.Cell {
			continue
		}
		count[m.open[c]&15]--
		d := popcount(m.PassageSides(c))
		passages += d
		if d >= 3 {
			junctions++
		}
	}
	for open, k := range count {
		d := popcount(uint8(open))
		passages += d * k
		if d >= 3 {
			junctions += k
		}
		if d == 1 {
			ends += k
		}
	}
	return passages / 2, junctions, ends, longest, horizontal
}

// stepSide returns the side of cell a that leads to its neighbour b, or -1.
func (m *Maze) stepSide(a, b int) int {
	for s := 0; s < m.Grid.Sides(a); s++ {
		if m.Grid.Neighbor(a, s) == b {
			return s
		}
	}
	return -1
}

// turns counts the changes of heading along path (see Grid.Heading), with
// the steps in through the entrance and out through the exit (none for a
// start or a goal inside its cell).
func (m *Maze) turns(path []int, part Part) int {
	if r, ok := m.Grid.(Rect); ok {
		return turnsRect(r, path, part)
	}
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

// turnsRect is turns on a rectangle, where a heading is a side: the
// side each step leaves by (found from the step's offset), the one the
// entrance's door faces (the way in goes the other way) and the exit's.
func turnsRect(g Rect, path []int, part Part) int {
	turns, prev := 0, -1
	step := func(s int) {
		if prev >= 0 && s != prev {
			turns++
		}
		prev = s
	}
	if in := part.Entrance; path[0] == in.Cell && in.opens() {
		step((in.Side + 2) & 3)
	}
	for i := 1; i < len(path); i++ {
		// On a grid one cell wide, an offset of 1 is a step South.
		switch path[i] - path[i-1] {
		case g.W:
			step(South)
		case -g.W:
			step(North)
		case 1:
			step(East)
		default:
			step(West)
		}
	}
	if out := part.Exit; path[len(path)-1] == out.Cell && out.opens() {
		step(out.Side)
	}
	return turns
}

// decisions counts the cells of path, but the last, where the walker has
// more than one way on; walking it backwards when reverse is set.
func (m *Maze) decisions(path []int, reverse bool) int {
	count := 0
	for i := range len(path) - 1 {
		c := path[i]
		if reverse {
			c = path[len(path)-1-i]
		}
		ways := m.Degree(c)
		if i > 0 {
			ways-- // the way the walker came in
		}
		if ways >= 2 {
			count++
		}
	}
	return count
}

// branchStats are the metrics of the side branches of a solution (see
// Metrics.Branches), as branches walks them.
type branchStats struct {
	branches, toward           int
	deadSum, deadMax           int
	depthSum, depthMax, glance int
}

// apply sets the branch metrics of mt.
func (b *branchStats) apply(mt *Metrics) {
	mt.Branches, mt.TowardGoalBranches = b.branches, b.toward
	mt.DeadEndDepthMax, mt.BranchDepthMax, mt.Glance = b.deadMax, b.depthMax, b.glance
	if b.branches > 0 {
		mt.BranchDepthMean = float64(b.depthSum) / float64(b.branches)
	}
	if mt.DeadEnds > 0 {
		mt.DeadEndDepthMean = float64(b.deadSum) / float64(mt.DeadEnds)
	}
}

// branches measures the side branches and dead ends off the solution with
// one breadth-first search per branch, level by level: each cell off the
// solution is reached once, from the branch that reaches it first, and
// the level it is reached at is its depth. It needs one bit per cell.
func (m *Maze) branches(path []int, goal Door) branchStats {
	var bs branchStats
	g := m.Grid
	adj := newAdjacency(g)
	seen := newBitset(g.Cells())
	for _, c := range path {
		seen.set(c)
	}
	exit := g.Center(goal.Cell)
	dist := func(c int) float64 {
		p := g.Center(c)
		return math.Hypot(p.X-exit.X, p.Y-exit.Y)
	}
	q := newQueue()
	for _, c := range path {
		for s := 0; s < g.Sides(c); s++ {
			if !m.Linked(c, s) {
				continue
			}
			root := g.Neighbor(c, s)
			if seen.has(root) {
				continue
			}
			bs.branches++
			if dist(root) < dist(c) {
				bs.toward++
			}
			seen.set(root)
			q.push(int32(root))
			depth := 0
			for !q.empty() {
				depth++
				for range q.size { // one level
					b := int(q.pop())
					bits := m.PassageSides(b)
					if m.isDeadEnd(b, bits) {
						bs.deadSum += depth
						bs.deadMax = max(bs.deadMax, depth)
					}
					for t := 0; bits != 0; t++ {
						if bits&1 != 0 {
							if nb := adj.across(b, t); !seen.has(nb) {
								seen.set(nb)
								q.push(int32(nb))
							}
						}
						bits >>= 1
					}
				}
			}
			bs.depthSum += depth
			bs.glance += min(depth, LookReach)
			bs.depthMax = max(bs.depthMax, depth)
		}
	}
	return bs
}

// LookReach is how far, in cells, the eye follows a side branch before
// the person gives up looking (see Metrics.Glance): an assumption.
const LookReach = 10

// isDeadEnd reports whether cell c, whose passages are bits, is a dead
// end: a cell with one passage that is neither the entrance's nor the
// exit's.
func (m *Maze) isDeadEnd(c int, bits uint8) bool {
	return popcount(bits) == 1 && !m.IsDoorCell(c)
}

func popcount(b uint8) int { return bits.OnesCount8(b) }

// straightness returns the longest straight corridor in cells (a run of
// steps with one heading) and, on a rectangular grid, the share of
// east-west passages (0 elsewhere).
func (m *Maze) straightness() (longest int, horizontal float64) {
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

// longestRun returns the most cells a walk through the maze's passages
// passes keeping one heading, on any grid. A run is followed from where it
// starts: a passage whose heading no passage into its cell has.
func (m *Maze) longestRun() int {
	g := m.Grid
	longest := min(1, g.Cells())
	// sameWay returns the side of c that continues heading h, or -1.
	sameWay := func(c int, h float64) int {
		for s := 0; s < g.Sides(c); s++ {
			if m.Linked(c, s) && AngleGap(g.Heading(c, s), h) < 1e-6 {
				return s
			}
		}
		return -1
	}
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if !m.Linked(c, s) {
				continue
			}
			h := g.Heading(c, s)
			// Is c entered with heading h? Then the run started before.
			entered := false
			for t := 0; t < g.Sides(c); t++ {
				if nb := g.Neighbor(c, t); nb >= 0 && m.Linked(c, t) && AngleGap(g.Heading(nb, g.Opposite(c, t)), h) < 1e-6 {
					entered = true
					break
				}
			}
			if entered {
				continue
			}
			run, cur, side := 1, c, s
			for side >= 0 && run <= g.Cells() {
				cur = g.Neighbor(cur, side)
				run++
				side = sameWay(cur, h)
			}
			longest = max(longest, run)
		}
	}
	return longest
}
