package maze

import "math"

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
// to the exit. It takes a few linear passes and about five bytes per cell.
func (m *Maze) Measure() Metrics {
	return m.MeasurePath(m.Solution())
}

// MeasurePath computes the maze's metrics for a given solution path.
func (m *Maze) MeasurePath(path []int) Metrics {
	g := m.Grid
	n := g.Cells()
	mt := Metrics{Cells: n, Passages: m.Passages()}
	mt.Loops = mt.Passages - n + 1
	for c := 0; c < n; c++ {
		d := m.Degree(c)
		if d >= 3 {
			mt.Junctions++
		}
	}
	mt.LongestStraight, mt.HorizontalBias = m.straightness()
	if len(path) == 0 {
		mt.OffSolution = 1
		return mt
	}
	mt.SolutionLength = len(path)
	mt.OffSolution = 1 - float64(len(path))/float64(n)
	mt.Turns = m.turns(path)
	mt.Decisions = m.decisions(path)
	rev := make([]int, len(path))
	for i, c := range path {
		rev[len(path)-1-i] = c
	}
	mt.DecisionsFromExit = m.decisions(rev)
	m.branches(path, &mt)
	return mt
}

// stepSide returns the side of cell a that leads to its neighbour b, or -1.
func (m *Maze) stepSide(a, b int) int {
	for s := 0; s < m.Grid.Sides(); s++ {
		if m.Grid.Neighbor(a, s) == b {
			return s
		}
	}
	return -1
}

// turns counts the direction changes along path, with the moves in
// through the entrance and out through the exit.
func (m *Maze) turns(path []int) int {
	g := m.Grid
	dirs := make([]int, 0, len(path)+1)
	if path[0] == m.Entrance.Cell {
		dirs = append(dirs, g.Opposite(m.Entrance.Side))
	}
	for i := 1; i < len(path); i++ {
		dirs = append(dirs, m.stepSide(path[i-1], path[i]))
	}
	if path[len(path)-1] == m.Exit.Cell {
		dirs = append(dirs, m.Exit.Side)
	}
	turns := 0
	for i := 1; i < len(dirs); i++ {
		if dirs[i] != dirs[i-1] {
			turns++
		}
	}
	return turns
}

// decisions counts the cells of path, but the last, where the walker has
// more than one way on.
func (m *Maze) decisions(path []int) int {
	count := 0
	for i, c := range path[:len(path)-1] {
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

// branches measures the side branches and dead ends off the solution with
// one search per branch: each cell off the solution is reached once, from
// the branch that reaches it first.
func (m *Maze) branches(path []int, mt *Metrics) {
	g := m.Grid
	n := g.Cells()
	// depth: -1 unseen, 0 on the solution, else steps from the solution.
	depth := make([]int32, n)
	for i := range depth {
		depth[i] = -1
	}
	for _, c := range path {
		depth[c] = 0
	}
	exit := g.Center(m.Exit.Cell)
	dist := func(c int) float64 {
		p := g.Center(c)
		return math.Hypot(p.X-exit.X, p.Y-exit.Y)
	}
	q := newQueue()
	var branchDepthSum int
	for _, c := range path {
		for s := 0; s < g.Sides(); s++ {
			if !m.Linked(c, s) {
				continue
			}
			root := g.Neighbor(c, s)
			if depth[root] >= 0 {
				continue
			}
			mt.Branches++
			if dist(root) < dist(c) {
				mt.TowardGoalBranches++
			}
			depth[root] = 1
			q.push(int32(root))
			deepest := int32(1)
			for !q.empty() {
				b := int(q.pop())
				deepest = max(deepest, depth[b])
				bits := m.open[b]
				for t := 0; bits != 0; t++ {
					if bits&1 != 0 {
						if nb := g.Neighbor(b, t); nb >= 0 && depth[nb] < 0 {
							depth[nb] = depth[b] + 1
							q.push(int32(nb))
						}
					}
					bits >>= 1
				}
			}
			branchDepthSum += int(deepest)
			mt.BranchDepthMax = max(mt.BranchDepthMax, int(deepest))
		}
	}
	if mt.Branches > 0 {
		mt.BranchDepthMean = float64(branchDepthSum) / float64(mt.Branches)
	}
	var deadSum int
	for c := 0; c < n; c++ {
		if m.Degree(c) != 1 || c == m.Entrance.Cell || c == m.Exit.Cell {
			continue
		}
		mt.DeadEnds++
		if d := int(depth[c]); d > 0 {
			deadSum += d
			mt.DeadEndDepthMax = max(mt.DeadEndDepthMax, d)
		}
	}
	if mt.DeadEnds > 0 {
		mt.DeadEndDepthMean = float64(deadSum) / float64(mt.DeadEnds)
	}
}

// straightness returns the longest straight corridor in cells and the
// share of east-west passages, for a rectangular grid.
func (m *Maze) straightness() (longest int, horizontal float64) {
	g, ok := m.Grid.(Rect)
	if !ok {
		return 0, 0
	}
	h, total := 0, 0
	for y := 0; y < g.H; y++ {
		run := 1
		for x := 0; x < g.W; x++ {
			c := g.Cell(x, y)
			if x < g.W-1 && m.Linked(c, East) {
				h++
				run++
			} else {
				longest = max(longest, run)
				run = 1
			}
			if y < g.H-1 && m.Linked(c, South) {
				total++
			}
		}
	}
	for x := 0; x < g.W; x++ {
		run := 1
		for y := 0; y < g.H; y++ {
			if y < g.H-1 && m.Linked(g.Cell(x, y), South) {
				run++
			} else {
				longest = max(longest, run)
				run = 1
			}
		}
	}
	total += h
	if total > 0 {
		horizontal = float64(h) / float64(total)
	}
	return longest, horizontal
}
