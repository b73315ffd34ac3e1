package difficulty

import (
	"math/bits"

	"mazebook/maze"
)

// The exact sum as stop 32 left it, kept to check the exact sum against
// bit for bit: one walker, on any grid, through the Grid and the
// adjacency, the wrong ways summed in the spine's order on one core.
// walkedExact is expectExact as it was; the faster one must give the
// very same numbers (TestExactSumAsWalked).

// walkedWalker is branchWalker as it was: it walks the wrong branches off a spine, one at a time, by
// keeping a hand on the wall: from a cell entered through one side, it
// leaves through the next open side round, and the walk of a tree comes
// back out where it went in, having passed every cell, with no stack of
// partial sums. A cell not seen before is a step down, one seen a step
// back up; a byte a level, the side back up, tells that step from a
// loop.
type walkedWalker struct {
	m     *maze.Maze
	adj   adjacency
	seen  bitset
	reach int // the farthest anyone looks down a corridor
	bs    *branchStats
	up    []uint8 // the side back up of each cell down to the walk's
}

// walk sums the wrong branch entered from spine cell f through its side
// s. ok is false when the branch is not a tree hanging from f alone: it
// holds a loop, or a passage to the spine or to another branch. The
// walk keeps the side back up of each cell down to where it is (a byte a
// level): a step to a cell seen already must be that step back up, else
// the cell closes a loop. Every side of every cell is tried before the
// walk leaves it, so no such passage goes untried, and the walk ends,
// each cell entered once.
func (w *walkedWalker) walk(f, s int, out *branchSum) (ok bool) {
	m, adj := w.m, &w.adj
	root, rootBack := adj.across(f, s), adj.opposite(f, s)
	w.seen.set(root)
	w.up = append(w.up[:0], uint8(rootBack))
	clear(out.tails)
	out.plain = 0
	h := 0.0
	if !adj.rect {
		h = m.Grid.Heading(f, s)
	}
	dead, bad := w.straightTail(root, rootBack, h)
	if bad {
		return false
	}
	out.dead = dead
	deepest := 1
	if m.PassageSides(root) == 1<<uint(rootBack) && !m.IsDoorCell(root) {
		w.deadEnd(1)
	}
	cur, in := root, rootBack
	for {
		depth := len(w.up) // cur's, the root being 1
		open := m.PassageSides(cur)
		n := adj.sides(cur)
		t := in
		for {
			if t++; t == n {
				t = 0
			}
			if open&(1<<uint(t)) != 0 {
				break
			}
		}
		nb := adj.across(cur, t)
		if w.seen.has(nb) { // back up
			if uint8(t) != w.up[len(w.up)-1] {
				return false // not the way it came: a loop
			}
			if depth == 1 {
				break // out of the root, to f
			}
			w.up = w.up[:len(w.up)-1]
			cur, in = nb, adj.opposite(cur, t)
			continue
		}
		// Down into nb: its straight tail is summed whole, unwalked.
		back := adj.opposite(cur, t)
		if !adj.rect {
			h = m.Grid.Heading(cur, t)
		}
		tail, bad := w.straightTail(nb, back, h)
		if bad {
			return false
		}
		if tail > 0 {
			out.tails[tail]++
			deepest = max(deepest, depth+tail)
			w.deadEnd(depth + tail)
			in = t // stay in cur, and on round it
			continue
		}
		w.seen.set(nb)
		w.up = append(w.up, uint8(back))
		deepest = max(deepest, depth+1)
		out.plain++
		if m.PassageSides(nb) == 1<<uint(back) && !m.IsDoorCell(nb) {
			w.deadEnd(depth + 1)
		}
		cur, in = nb, back
	}
	out.depth = deepest
	return true
}

// deadEnd counts a dead end depth steps from the spine.
func (w *walkedWalker) deadEnd(depth int) {
	w.bs.deadSum += depth
	w.bs.deadMax = max(w.bs.deadMax, depth)
}

// straightTail returns the length of cell c's straight tail, c entered
// through its side back with heading h (used on grids other than
// rectangles): the cells from c down a straight corridor with no side
// openings to the dead end it runs into (1: c is the dead end), when
// there is one within reach, else 0. A door's cell is no dead end. bad
// is true when the tail runs into a cell already seen: a loop.
func (w *walkedWalker) straightTail(c, back int, h float64) (length int, bad bool) {
	m, adj := w.m, &w.adj
	for d := 1; d <= w.reach; d++ {
		if m.IsDoorCell(c) {
			return 0, false
		}
		on := m.PassageSides(c) &^ (1 << uint(back))
		if on == 0 {
			return d, false
		}
		if on&(on-1) != 0 {
			return 0, false // a fork
		}
		t := bits.TrailingZeros8(on)
		if adj.rect {
			if t != (back+2)&3 {
				return 0, false
			}
		} else {
			next := m.Grid.Heading(c, t)
			if maze.AngleGap(next, h) >= 1e-6 {
				return 0, false
			}
			h = next
		}
		nb := adj.across(c, t)
		if w.seen.has(nb) {
			return 0, true
		}
		c, back = nb, adj.opposite(c, t)
	}
	return 0, false
}

// walkedExact is the exact sum of Expect on a part without loops, whose
// exit is goal, with the metrics of its side branches; ok is false when
// the cells reachable from the spine hold a loop. It keeps one bit per
// cell, and sums each side branch as it finds it.
func walkedExact(m *maze.Maze, people []Person, path []int, goal maze.Door) ([]Expectation, branchStats, bool) {
	var bs branchStats
	g := m.Grid
	exit := g.Center(goal.Cell) // a branch toward it misleads
	k := len(people)
	reach := 0
	for _, p := range people {
		reach = max(reach, p.reach())
	}
	chains := chainValues(people, reach)
	w := walkedWalker{m: m, adj: newAdjacency(g), seen: newBitset(g.Cells()), reach: reach, bs: &bs}
	for _, c := range path {
		if w.seen.has(c) {
			return nil, bs, false
		}
		w.seen.set(c)
	}
	// Each wrong way is summed as it is found, into each person's steps
	// from each end (total[dir*k+j]; dir 0 from the entrance): the
	// chance they take it before the right way on, times twice its
	// expected passages.
	total := make([]float64, 2*k)
	for i := range total {
		total[i] = float64(len(path) - 1)
	}
	ends := [2]int{path[len(path)-1], path[0]} // the goal from each end
	ahead := make([]float64, 2*2*k)            // per spine cell: the right way's weight and pass, by dir and person
	sum := branchSum{tails: make([]int32, reach+1)}
	inside := make([]float64, k)
	for i, f := range path {
		prev, next := -1, -1
		if i > 0 {
			prev = path[i-1]
		}
		if i+1 < len(path) {
			next = path[i+1]
		}
		open := m.PassageSides(f)
		first := true
		for s := 0; open != 0; s++ {
			if open&1 == 0 {
				open >>= 1
				continue
			}
			open >>= 1
			b := w.adj.across(f, s)
			if b == prev || b == next {
				continue
			}
			if w.seen.has(b) {
				return nil, bs, false // a passage back to the spine: a loop
			}
			bs.branches++
			if distance(g.Center(b), exit) < distance(g.Center(f), exit) {
				bs.toward++
			}
			if !w.walk(f, s, &sum) {
				return nil, bs, false
			}
			bs.depthSum += sum.depth
			bs.depthMax = max(bs.depthMax, sum.depth)
			bs.glance += min(sum.depth, maze.LookReach)
			for j := range k {
				e := 2 * float64(sum.plain)
				for l := 1; l <= reach; l++ {
					if n := sum.tails[l]; n > 0 {
						e += float64(float64(n) * chains[l*k+j])
					}
				}
				inside[j] = e
			}
			for dir, goal := range ends {
				if f == goal {
					continue
				}
				goalAt := g.Center(goal)
				for j, p := range people {
					at := (dir*k + j) * 2
					if first {
						// The right way on, toward the goal.
						on := i + 1
						if dir == 1 {
							on = i - 1
						}
						right := look(m, f, stepSide(m, f, path[on]), p.reach(), p.scan(), goal)
						ahead[at] = p.weight(g, f, right.far, goalAt)
						ahead[at+1] = 1 - p.notice(right.goal) // they do not see the goal ahead
					}
					wr, pass := ahead[at], ahead[at+1]
					wb := p.weight(g, f, look(m, f, s, p.scan(), p.scan(), goal).far, goalAt)
					keep := 1 - p.notice(sum.dead)
					total[dir*k+j] += float64(keep * pass * wb / (wb + wr) * (2 + inside[j]))
				}
			}
			first = false
		}
	}
	out := make([]Expectation, k)
	for j := range out {
		out[j] = Expectation{FromEntrance: total[j], FromExit: total[k+j], Exact: true}
	}
	return out, bs, true
}
