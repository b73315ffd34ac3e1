package maze

import "math"

// frame is a cell on the stack of the depth-first walk that sums a wrong
// branch: the side back toward the spine and the next side to try; and,
// from its children folded in so far, how many there were and the
// straight dead end ahead of the one straight on (see straightDead). On
// grids other than rectangles, the heading each frame was entered by is
// kept beside the stack, in a slice of its own (rectangles need none).
type frame struct {
	cell       int32
	back, next int8
	kids       int8
	ahead      int32 // the straight child's straightDead, or -1: none straight on
}

// straightDead is, for a cell entered by a heading, the distance at which
// the straight corridor from it runs into a dead end with no side
// openings (1: the cell is the dead end), or 0 when it does not: what
// Maze.deadAhead finds looking into the cell, computed from the cell's
// children as the walk leaves it.
func (m *Maze) straightDead(f *frame) int32 {
	switch {
	case m.isDoorCell(int(f.cell)):
		return 0
	case f.kids == 0:
		return 1
	case f.kids == 1 && f.ahead > 0:
		return 1 + f.ahead
	}
	return 0
}

// branchStats are the metrics of the side branches of a solution (see
// Metrics.Branches), which the exact sum's walk of every branch finds on
// its way: Maze.measure takes them instead of walking the branches again.
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

// expectExact is the exact sum of Expect on a part without loops, whose
// exit is goal, with the metrics of its side branches; ok is false when
// the cells reachable from the spine hold a loop. It keeps one bit per
// cell and a stack as deep as the deepest branch.
func (m *Maze) expectExact(people []Person, path []int, goal Door) ([]Expectation, branchStats, bool) {
	var bs branchStats
	g := m.Grid
	exit := g.Center(goal.Cell) // a branch toward it misleads
	k := len(people)
	reach := 0
	for _, p := range people {
		reach = max(reach, p.reach())
	}
	// missed[d*k+j] is the chance person j does not see a dead end d
	// cells down a straight corridor (d up to reach; 0: none to see).
	missed := make([]float64, (reach+1)*k)
	for d := 0; d <= reach; d++ {
		for j, p := range people {
			missed[d*k+j] = 1 - p.notice(d)
		}
	}
	seen := newBitset(g.Cells())
	for _, c := range path {
		if seen.has(c) {
			return nil, bs, false
		}
		seen.set(c)
	}
	// wrong[i] lists the wrong ways off spine cell path[i] (ends[i] to
	// ends[i+1] in ways), with each person's expected steps inside the
	// branch once entered, its step in and out excluded.
	type way struct {
		side int8
		dead int32 // a straight dead end the person may see, or 0
	}
	var ways []way
	var inside []float64 // k per way
	ends := make([]int32, len(path)+1)
	var stack []frame
	var headings []float64 // beside stack, on grids other than rectangles
	var acc []float64
	adj := newAdjacency(g)
	for i, f := range path {
		ends[i] = int32(len(ways))
		prev, next := -1, -1
		if i > 0 {
			prev = path[i-1]
		}
		if i+1 < len(path) {
			next = path[i+1]
		}
		bits := m.passages(f)
		for s := 0; bits != 0; s++ {
			if bits&1 == 0 {
				bits >>= 1
				continue
			}
			bits >>= 1
			b := adj.across(f, s)
			if b == prev || b == next {
				continue
			}
			if seen.has(b) {
				return nil, bs, false // a passage back to the spine: a loop
			}
			bs.branches++
			if distance(g.Center(b), exit) < distance(g.Center(f), exit) {
				bs.toward++
			}
			depth := 1
			// Sum the branch from its leaves up, depth first.
			seen.set(b)
			stack = append(stack[:0], frame{cell: int32(b), back: int8(adj.opposite(f, s)), ahead: -1})
			if !adj.rect {
				headings = append(headings[:0], g.Heading(f, s))
			}
			acc = append(acc[:0], make([]float64, k)...)
			for {
				top := &stack[len(stack)-1]
				c := int(top.cell)
				open := m.passages(c)
				pushed := false
				for t := int(top.next); t < adj.sides(c); t++ {
					if open&(1<<uint(t)) == 0 || t == int(top.back) {
						continue
					}
					top.next = int8(t + 1)
					nb := adj.across(c, t)
					if seen.has(nb) {
						return nil, bs, false
					}
					seen.set(nb)
					stack = append(stack, frame{cell: int32(nb), back: int8(adj.opposite(c, t)), ahead: -1})
					if !adj.rect {
						headings = append(headings, g.Heading(c, t))
					}
					acc = append(acc, make([]float64, k)...)
					pushed = true
					break
				}
				if pushed {
					continue
				}
				top.next = int8(adj.sides(c))
				depth = max(depth, len(stack))
				if top.kids == 0 && !m.isDoorCell(c) {
					// A dead end: as far from the spine as the stack is deep.
					bs.deadSum += len(stack)
					bs.deadMax = max(bs.deadMax, len(stack))
				}
				if len(stack) == 1 {
					break
				}
				// Fold the finished cell into its parent: the parent
				// looks into it down a straight corridor and may see
				// its dead end.
				e := acc[len(acc)-k:]
				parent := &stack[len(stack)-2]
				pa := acc[len(acc)-2*k : len(acc)-k]
				d := m.straightDead(top)
				if d > int32(reach) {
					d = 0 // beyond anyone's sight, as deadAhead finds it
				}
				miss := missed[int(d)*k : int(d)*k+k]
				for j := range k {
					pa[j] += miss[j] * (2 + e[j])
				}
				parent.kids++
				straight := false
				if adj.rect {
					straight = top.back == parent.back
				} else {
					straight = AngleGap(headings[len(headings)-1], headings[len(headings)-2]) < 1e-6
				}
				if straight {
					parent.ahead = m.straightDead(top)
				}
				stack, acc = stack[:len(stack)-1], acc[:len(acc)-k]
				if !adj.rect {
					headings = headings[:len(headings)-1]
				}
			}
			bs.depthSum += depth
			bs.depthMax = max(bs.depthMax, depth)
			bs.glance += min(depth, LookReach)
			dead := m.straightDead(&stack[0])
			if dead > int32(reach) {
				dead = 0
			}
			ways = append(ways, way{side: int8(s), dead: dead})
			inside = append(inside, acc[:k]...)
		}
	}
	ends[len(path)] = int32(len(ways))

	out := make([]Expectation, k)
	spine := float64(len(path) - 1)
	for dir := range 2 {
		goal := path[len(path)-1]
		if dir == 1 {
			goal = path[0]
		}
		goalAt := g.Center(goal)
		for j, p := range people {
			total := spine
			for i, f := range path {
				lo, hi := ends[i], ends[i+1]
				if lo == hi || f == goal {
					continue
				}
				// The right way on, toward the goal.
				on := i + 1
				if dir == 1 {
					on = i - 1
				}
				right := m.look(f, m.stepSide(f, path[on]), p.reach(), p.scan(), goal)
				wr := p.weight(g, f, right.far, goalAt)
				pass := 1 - p.notice(right.goal) // they do not see the goal ahead
				for w := lo; w < hi; w++ {
					wb := p.weight(g, f, m.look(f, int(ways[w].side), p.scan(), p.scan(), goal).far, goalAt)
					keep := 1 - p.notice(int(ways[w].dead))
					total += keep * pass * wb / (wb + wr) * (2 + inside[int(w)*k+j])
				}
			}
			if dir == 0 {
				out[j].FromEntrance = total
			} else {
				out[j].FromExit = total
			}
			out[j].Exact = true
		}
	}
	return out, bs, true
}

// distance is the distance between two points, as Maze.branches
// measures it.
func distance(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
