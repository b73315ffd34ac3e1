package difficulty

import (
	"math"
	"math/bits"
	"runtime"
	"sync"

	"mazebook/maze"
)

// branchStats are the metrics of the side branches of a solution (see
// maze.Metrics.Branches), which the exact sum's walk of every branch finds on
// its way: rateFor takes them instead of walking the branches again
// (maze.Maze.MeasureBranches).
type branchStats struct {
	branches, toward           int
	deadSum, deadMax           int
	depthSum, depthMax, glance int
}

// apply sets the branch metrics of mt.
func (b *branchStats) apply(mt *maze.Metrics) {
	mt.Branches, mt.TowardGoalBranches = b.branches, b.toward
	mt.DeadEndDepthMax, mt.BranchDepthMax, mt.Glance = b.deadMax, b.depthMax, b.glance
	if b.branches > 0 {
		mt.BranchDepthMean = float64(b.depthSum) / float64(b.branches)
	}
	if mt.DeadEnds > 0 {
		mt.DeadEndDepthMean = float64(b.deadSum) / float64(mt.DeadEnds)
	}
}

// The exact sum of a wrong branch. A person who enters a branch explores
// it to its end, but for the dead ends they see down straight corridors:
// inside a cell c, they expect E(c) = Σ over c's children ch of
// miss(ch)·(2 + E(ch)) steps, where miss(ch) is the chance they do not
// see that ch's straight corridor ends in a dead end. Unrolled, E(root)
// is 2 for every cell v below the root, times the product of miss over
// the cells from the root's child down to v.
//
// A cell's dead end is visible only when the cell starts a straight
// corridor without side openings that ends in a dead end (a straight
// tail, see straightTail); every cell below such a cell is in the tail
// too. So miss is 1 everywhere but on the tails, a cell's product is 1
// unless it is in a tail, and a tail's cells together add a sum that
// depends only on its length (chainValues). The sum is then 2 for every
// cell of the branch outside its tails plus each tail's value: it needs
// no stack of partial sums, and a tail need not be walked at all.

// chainValues returns, for each person j and each tail length l from 0
// to reach, the sum a tail of that length adds to a branch (see above):
// values[l*k+j] = Σ_{i=1..l} 2·Π_{t=i..l} miss_j(t), where miss_j(t) is
// the chance person j does not see a dead end t cells down a straight
// corridor; summed as the cells fold into each other from the dead end
// up, miss_j(l)·(2 + the value of l-1). A tail longer than reach adds 2
// for each cell beyond reach and then the value of reach.
func chainValues(people []Person, reach int) []float64 {
	k := len(people)
	values := make([]float64, (reach+1)*k)
	for l := 1; l <= reach; l++ {
		for j, p := range people {
			values[l*k+j] = float64((1 - p.notice(l)) * (2 + values[(l-1)*k+j]))
		}
	}
	return values
}

// branchSum is what the walk of one wrong branch finds: the cells below
// its root outside straight tails (plain), how many tails of each length
// up to reach it holds (tails, by length), and the metrics of the branch.
type branchSum struct {
	plain int
	tails []int32 // by length, 0 to reach; plain counts a longer tail's excess
	depth int     // the farthest cell from the spine, the root being 1
	dead  int     // the root's straight tail, if within reach (else 0)
}

// branchWalker walks the wrong branches off a spine, one at a time, by
// keeping a hand on the wall: from a cell entered through one side, it
// leaves through the next open side round, and the walk of a tree comes
// back out where it went in, having passed every cell, with no stack of
// partial sums. A cell not seen before is a step down, one seen a step
// back up; a byte a level, the side back up, tells that step from a
// loop. On a rectangle it walks every cell, the tails too, depth first
// from a stack of the few cells waiting (walkRect), which takes no step
// back up, and with a hand on the wall only past as many as it keeps.
type branchWalker struct {
	m     *maze.Maze
	adj   adjacency
	seen  bitset
	reach int // the farthest anyone looks down a corridor
	bs    branchStats
	up    []uint8 // the side back up of each cell down to the walk's
	// rect is set on a rectangle whose doors' cells are on the spine
	// (and people who look maxRectReach cells at most): no cell a walk
	// enters is a door's, so a cell's passages are its open sides, and
	// walkRect walks by offsets (step).
	rect bool
	step [4]int
	ups  []uint8 // the side back and run of each level, on a rectangle (roundRect)
	// stack holds the cells waiting to be walked, on a rectangle; at
	// most stackCap.
	stack    []uint64
	stackCap int
}

// walk sums the wrong branch entered from spine cell f through its side
// s. ok is false when the branch is not a tree hanging from f alone: it
// holds a loop, or a passage to the spine or to another branch. The
// walk keeps the side back up of each cell down to where it is (a byte a
// level): a step to a cell seen already must be that step back up, else
// the cell closes a loop. Every side of every cell is tried before the
// walk leaves it, so no such passage goes untried, and the walk ends,
// each cell entered once.
func (w *branchWalker) walk(f, s int, out *branchSum) (ok bool) {
	if w.rect {
		return w.walkRect(f, s, out)
	}
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

// nextRound[open<<2|in] is the first side of a rectangle's cell, going
// round clockwise from side in (in itself last), that is in the set
// open: where a hand on the wall leaves a cell entered through in.
var nextRound = func() (t [64]uint8) {
	for open := range 16 {
		for in := range 4 {
			t[open<<2|in] = uint8(in)
			for d := 1; d <= 4; d++ {
				if s := (in + d) & 3; open&(1<<s) != 0 {
					t[open<<2|in] = uint8(s)
					break
				}
			}
		}
	}
	return t
}()

// walkRect is walk on a rectangle whose doors' cells are on the spine
// (see branchWalker.rect), with the same sums, found another way: every
// cell below the root is walked, tails too, and a straight tail is
// counted at its dead end, whose straight run (the dead end and the
// cells above it down which the way runs straight on, the root not
// among them) is as long as the tail the walk would have summed
// unwalked there, reach at most, the rest of the run plain cells.
// It walks depth first from a stack of the cells still to walk, each
// with its side back, run and depth, so that no step is taken back up.
// Past stackCap cells waiting, a cell is walked at once with a hand on
// the wall (see roundRect), which keeps a byte a level.
func (w *branchWalker) walkRect(f, s int, out *branchSum) (ok bool) {
	m, step := w.m, &w.step
	root, rootBack := f+step[s&3], (s+2)&3
	w.seen.set(root)
	clear(out.tails)
	out.plain = 0
	dead, bad := w.tailRect(root, rootBack)
	if bad {
		return false
	}
	out.dead = dead
	out.depth = 1
	if m.OpenSides(root) == 1<<uint(rootBack) {
		w.deadEnd(1)
		return true
	}
	stack := append(w.stack[:0], waiting(root, rootBack, 0, 1))
	defer func() { w.stack = stack }()
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c, back, run, depth := int(e>>2&(1<<27-1)), int(e&3), int(e>>29&63), int(e>>35)
		o := m.OpenSides(c) &^ (1 << uint(back))
		if o == 0 { // a dead end, below the root
			w.deadTail(out, run, depth)
			continue
		}
		run = w.runOn(o, back, run)
		out.depth = max(out.depth, depth+1)
		for ; o != 0; o &= o - 1 {
			t := bits.TrailingZeros8(o)
			nb := c + step[t&3]
			if w.seen.has(nb) {
				return false // a loop
			}
			w.seen.set(nb)
			out.plain++
			if len(stack) < w.stackCap {
				stack = append(stack, waiting(nb, t^2, run, depth+1))
			} else if !w.roundRect(nb, t^2, run, depth+1, out) {
				return false
			}
		}
	}
	return true
}

// waiting is a cell waiting on walkRect's stack: its side back in bits 0
// and 1, its number in 2 to 28, its run in 29 to 34, its depth above.
func waiting(c, back, run, depth int) uint64 {
	return uint64(back) | uint64(c)<<2 | uint64(run)<<29 | uint64(depth)<<35
}

// runOn returns the straight run of the cells below a cell whose run
// is run and whose ways on, but for its side back, are o: one more if
// the way runs straight through it, else 1 (the root, whose run is 0,
// starts its children's at 1 either way). A run is kept to reach + 1 at
// most.
func (w *branchWalker) runOn(o uint8, back, run int) int {
	r := min(run+1, w.reach+1)
	if o != 1<<uint(back^2) {
		r = 1
	}
	return r
}

// deadTail counts into out a dead end at depth depth from the spine whose
// straight run is run: its tail, of up to reach cells, is not plain.
func (w *branchWalker) deadTail(out *branchSum, run, depth int) {
	if l := min(run, w.reach); l > 0 {
		out.tails[l]++
		out.plain -= l
	}
	w.deadEnd(depth)
}

// roundRect walks the cells below cell top (seen and counted plain
// already, entered through its side in, its run and depth given) by
// keeping a hand on the wall, back out of top, as walkRect counts them:
// from a cell entered through one side it leaves through the next open
// side round; a cell not seen is a step down (or, a dead end, counted
// and left at once) and a seen one must be the step back up, which a
// byte a level tells: the side back and the run.
func (w *branchWalker) roundRect(top, in, run, depth int, out *branchSum) bool {
	m, step := w.m, &w.step
	o := m.OpenSides(top) &^ (1 << uint(in))
	if o == 0 {
		w.deadTail(out, run, depth)
		return true
	}
	ups := append(w.ups[:0], uint8(in|run<<2))
	defer func() { w.ups = ups }()
	out.depth = max(out.depth, depth+1)
	cur := top
	for {
		t := int(nextRound[(uint(m.OpenSides(cur))<<2|uint(in))&63])
		nb := cur + step[t&3]
		if w.seen.has(nb) { // back up
			if uint8(t) != ups[len(ups)-1]&3 {
				return false // not the way it came: a loop
			}
			if len(ups) == 1 {
				return true // out of top
			}
			ups = ups[:len(ups)-1]
			cur, in = nb, t^2
			continue
		}
		// Down into nb, one deeper than cur.
		up := ups[len(ups)-1]
		back := int(up & 3)
		d := depth + len(ups) // nb's
		w.seen.set(nb)
		out.plain++
		r := w.runOn(m.OpenSides(cur)&^(1<<uint(back)), back, int(up>>2))
		if m.OpenSides(nb) == 1<<uint(t^2) { // a dead end: counted, and left
			w.deadTail(out, r, d) // cur's children's depth is counted
			in = t                // stay in cur, and on round it
			continue
		}
		out.depth = max(out.depth, d+1)
		ups = append(ups, uint8(t^2|r<<2))
		cur, in = nb, t^2
	}
}

// tailRect is straightTail on a rectangle whose doors' cells are on the
// spine: straight on is the side facing back.
func (w *branchWalker) tailRect(c, back int) (length int, bad bool) {
	m := w.m
	ahead := (back + 2) & 3
	for d := 1; d <= w.reach; d++ {
		on := m.OpenSides(c) &^ (1 << uint(back))
		if on == 0 {
			return d, false
		}
		if on != 1<<uint(ahead) {
			return 0, false // a fork, or a turn
		}
		c += w.step[ahead]
		if w.seen.has(c) {
			return 0, true
		}
	}
	return 0, false
}

// deadEnd counts a dead end depth steps from the spine.
func (w *branchWalker) deadEnd(depth int) {
	w.bs.deadSum += depth
	w.bs.deadMax = max(w.bs.deadMax, depth)
}

// straightTail returns the length of cell c's straight tail, c entered
// through its side back with heading h (used on grids other than
// rectangles): the cells from c down a straight corridor with no side
// openings to the dead end it runs into (1: c is the dead end), when
// there is one within reach, else 0. A door's cell is no dead end. bad
// is true when the tail runs into a cell already seen: a loop.
func (w *branchWalker) straightTail(c, back int, h float64) (length int, bad bool) {
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

// exactSum is what the workers of the exact sum share, read only: the
// maze, the people, the spine, and the values of straight tails.
type exactSum struct {
	m        *maze.Maze
	people   []Person
	path     []int
	k, reach int
	chains   []float64
	exit     maze.Point    // the exit's centre: a branch toward it misleads
	ends     [2]int        // the goal from each end
	goalAt   [2]maze.Point // their centres
	rect     bool          // see branchWalker.rect
	// calm[j] is set when person j's weights are finite (exp of at most
	// 700), so that a way taken with chance 0 adds +0 whatever its weight.
	calm []bool
	// stackCap is the most cells a walk on a rectangle keeps waiting.
	stackCap int
}

// spineWorker sums the wrong ways off a stretch of the spine: a walker
// with its own cells seen (the spine's and those of the branches it
// walked), and its scratch.
type spineWorker struct {
	x      *exactSum
	w      branchWalker
	sum    branchSum
	inside []float64  // per person: twice a branch's expected passages
	ahead  []rightWay // per spine cell: the right way on, by dir and person
}

// rightWay is the right way on from a spine cell toward a goal, as a
// person makes it out: the cell they judge it by, the chance they do not
// see the goal down it, and its weight, worked out when first needed
// (weighed).
type rightWay struct {
	far     int
	pass    float64
	weight  float64
	weighed bool
}

func (x *exactSum) worker(seen bitset) *spineWorker {
	m := x.m
	sw := &spineWorker{
		x:      x,
		w:      branchWalker{m: m, adj: newAdjacency(m.Grid), seen: seen, reach: x.reach, rect: x.rect, stackCap: x.stackCap},
		sum:    branchSum{tails: make([]int32, x.reach+1)},
		inside: make([]float64, x.k),
		ahead:  make([]rightWay, 2*x.k),
	}
	sw.w.step = sw.w.adj.step
	return sw
}

// span sums the wrong ways off the spine cells path[lo:hi], in order:
// each way's term, the chance a person takes it before the right way on
// times twice its expected passages, for each end and person, added to
// total[dir*k+j] (dir 0 from the entrance); or, when total is nil,
// appended to terms, 2k a way in that order, 0 for an end the way's cell
// is the goal of, where total takes none (adding +0 to a sum that is
// not -0 leaves it as it is, bit for bit). ok is false when the cells
// reachable from the spine hold a loop.
func (sw *spineWorker) span(lo, hi int, total, terms []float64) ([]float64, bool) {
	x, w := sw.x, &sw.w
	m, g, k, path := x.m, x.m.Grid, x.k, x.path
	for i := lo; i < hi; i++ {
		f := path[i]
		prev, next := -1, -1
		if i > 0 {
			prev = path[i-1]
		}
		if i+1 < len(path) {
			next = path[i+1]
		}
		open := m.PassageSides(f)
		first := true
		// What the branches off f share, worked out at the first: f's
		// centre and its distances to the exit and each end's goal.
		var at maze.Point
		var fromExit float64
		var toGoal [2]float64
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
				return terms, false // a passage back to the spine: a loop
			}
			if first {
				at = g.Center(f)
				fromExit = distance(at, x.exit)
				for dir := range x.ends {
					toGoal[dir] = length(at, x.goalAt[dir])
				}
			}
			w.bs.branches++
			if distance(g.Center(b), x.exit) < fromExit {
				w.bs.toward++
			}
			if !w.walk(f, s, &sw.sum) {
				return terms, false
			}
			sum := &sw.sum
			w.bs.depthSum += sum.depth
			w.bs.depthMax = max(w.bs.depthMax, sum.depth)
			w.bs.glance += min(sum.depth, maze.LookReach)
			for j := range k {
				e := 2 * float64(sum.plain)
				for l := 1; l <= x.reach; l++ {
					if n := sum.tails[l]; n > 0 {
						e += float64(float64(n) * x.chains[l*k+j])
					}
				}
				sw.inside[j] = e
			}
			at0 := len(terms)
			if total == nil {
				for range 2 * k {
					terms = append(terms, 0)
				}
			}
			for dir, goal := range x.ends {
				if f == goal {
					continue
				}
				goalAt := x.goalAt[dir]
				for j, p := range x.people {
					right := &sw.ahead[dir*k+j]
					if first {
						// The right way on, toward the goal: what the
						// person makes out down it, its weight when needed.
						on := i + 1
						if dir == 1 {
							on = i - 1
						}
						v := look(m, f, stepSide(m, f, path[on]), p.reach(), p.scan(), goal)
						*right = rightWay{far: v.far, pass: 1 - p.notice(v.goal)} // they do not see the goal ahead
					}
					keep := 1 - p.notice(sum.dead)
					term := 0.0
					if keep*right.pass != 0 || !x.calm[j] {
						if !right.weighed {
							right.weight = p.weightFrom(at, toGoal[dir], g.Center(right.far), goalAt)
							right.weighed = true
						}
						wb := p.weightFrom(at, toGoal[dir], g.Center(look(m, f, s, p.scan(), p.scan(), goal).far), goalAt)
						term = float64(keep * right.pass * wb / (wb + right.weight) * (2 + sw.inside[j]))
					}
					// else the way is not taken: a person who sees its dead
					// end, or the goal down the right way, takes it with
					// chance 0, and its weight, finite, need not be known.
					if total != nil {
						total[dir*k+j] += term
					} else {
						terms[at0+dir*k+j] = term
					}
				}
			}
			first = false
		}
	}
	return terms, true
}

// ways returns the number of wrong ways off the spine cells
// path[lo:hi]: the terms span finds there are 2k a way.
func (x *exactSum) ways(lo, hi int) int {
	m, adj, path := x.m, newAdjacency(x.m.Grid), x.path
	n := 0
	for i := lo; i < hi; i++ {
		f := path[i]
		for open, s := m.PassageSides(f), 0; open != 0; open, s = open>>1, s+1 {
			if open&1 == 0 {
				continue
			}
			b := adj.across(f, s)
			if (i == 0 || b != path[i-1]) && (i+1 == len(path) || b != path[i+1]) {
				n++
			}
		}
	}
	return n
}

// merge adds the branch metrics of another stretch of the spine.
func (b *branchStats) merge(o branchStats) {
	b.branches += o.branches
	b.toward += o.toward
	b.deadSum += o.deadSum
	b.deadMax = max(b.deadMax, o.deadMax)
	b.depthSum += o.depthSum
	b.depthMax = max(b.depthMax, o.depthMax)
	b.glance += o.glance
}

// maxRectReach is the farthest a person may look for walkRect, whose
// runs are six bits: past it, the walk of any grid is taken.
const maxRectReach = 62

// maxExactWorkers is the most cores the exact sum of a large maze
// walks its branches on.
const maxExactWorkers = 4

// expectExact is the exact sum of Expect on a part without loops, whose
// exit is goal, with the metrics of its side branches; ok is false when
// the cells reachable from the spine hold a loop. It keeps one bit per
// cell, and sums each side branch as it finds it; a large maze's
// branches are walked on several cores (see expectExactOn).
func expectExact(m *maze.Maze, people []Person, path []int, goal maze.Door) ([]Expectation, branchStats, bool) {
	workers := 1
	if m.Grid.Cells() >= concurrentCells {
		workers = min(runtime.GOMAXPROCS(0), maxExactWorkers)
	}
	// The cells a walk keeps waiting take an eighth of a byte a cell at
	// most (a 4000x4000 maze's walks keep 7,000 at most, 56 kB).
	return expectExactOn(m, people, path, goal, workers, max(len(path)/64, 64), max(1<<12, m.Grid.Cells()/64))
}

// expectExactOn is expectExact on workers cores, the spine cut into
// stretches of chunk cells, each walk on a rectangle keeping at most
// stackCap cells waiting. Each worker takes the next stretch not yet
// taken, walks its branches with cells seen of its own (the spine's, and
// those of the branches it walked) and keeps each wrong way's terms; the
// terms are added up in the spine's order, a stretch once those before it
// are, so that the sums are the very sums of one core. A loop that joins
// branches two workers walk also joins the spine twice, and the walk of
// either finds it there. A worker takes no stretch while too many terms
// wait to be added, which bounds the memory they take.
func expectExactOn(m *maze.Maze, people []Person, path []int, goal maze.Door, workers, chunk, stackCap int) ([]Expectation, branchStats, bool) {
	g := m.Grid
	x := &exactSum{m: m, people: people, path: path, k: len(people), exit: g.Center(goal.Cell), stackCap: stackCap}
	for _, p := range people {
		x.reach = max(x.reach, p.reach())
		x.calm = append(x.calm, math.Abs(p.Pull) <= 700)
	}
	x.chains = chainValues(people, x.reach)
	x.ends = [2]int{path[len(path)-1], path[0]}
	x.goalAt = [2]maze.Point{g.Center(x.ends[0]), g.Center(x.ends[1])}
	spine := newBitset(g.Cells())
	for _, c := range path {
		if spine.has(c) {
			return nil, branchStats{}, false
		}
		spine.set(c)
	}
	_, x.rect = g.(maze.Rect)
	for _, d := range []maze.Door{m.Entrance, m.Exit} {
		x.rect = x.rect && len(m.Parts()) == 1 && (d.Cell < 0 || spine.has(d.Cell))
	}
	x.rect = x.rect && x.reach <= maxRectReach
	// Each wrong way is summed as it is found, into each person's steps
	// from each end (total[dir*k+j]; dir 0 from the entrance).
	k := x.k
	total := make([]float64, 2*k)
	for i := range total {
		total[i] = float64(len(path) - 1)
	}
	out := func() []Expectation {
		out := make([]Expectation, k)
		for j := range out {
			out[j] = Expectation{FromEntrance: total[j], FromExit: total[k+j], Exact: true}
		}
		return out
	}
	chunks := (len(path) + chunk - 1) / chunk
	if workers <= 1 || chunks <= 1 {
		sw := x.worker(spine)
		if _, ok := sw.span(0, len(path), total, nil); !ok {
			return nil, sw.w.bs, false
		}
		return out(), sw.w.bs, true
	}
	ps := newParallelSum(x, total, chunk, chunks)
	bs, ok := ps.sum(workers, spine)
	if !ok {
		return nil, bs, false
	}
	return out(), bs, true
}

// A parallelSum walks the stretches of a way through on several workers
// and adds their terms up in the way's order (see expectExactOn).
type parallelSum struct {
	x      *exactSum
	total  []float64 // the sums, each person's from each end
	chunk  int       // the cells of a stretch
	st     []stretch
	limit  int // the most terms kept waiting to be added
	mu     sync.Mutex
	more   *sync.Cond // a stretch added, or the walk failed
	taken  int        // under mu: the stretches taken
	kept   int        // under mu: the terms waiting to be added
	failed bool       // under mu
	spare  [][]float64
	next   int // the next stretch to add up
}

// A stretch is the walk of one stretch of the way: its terms (none when
// it was added into the sums as it was walked), its branches' counts,
// whether it could be summed, and a channel closed when it is done.
type stretch struct {
	terms []float64
	bs    branchStats
	ok    bool
	done  chan struct{}
}

// newParallelSum prepares to sum the chunks stretches of chunk cells of
// x's way into total. The terms kept waiting to be added are bounded: a
// worker takes no stretch while they are more than a quarter of a byte a
// cell (a 4000x4000 backtracker maze has 0.2 bytes a cell of terms in
// all, a Kruskal one 0.06).
func newParallelSum(x *exactSum, total []float64, chunk, chunks int) *parallelSum {
	ps := &parallelSum{x: x, total: total, chunk: chunk, st: make([]stretch, chunks), limit: max(x.m.Grid.Cells()/32, 1024)}
	ps.more = sync.NewCond(&ps.mu)
	for i := range ps.st {
		ps.st[i].done = make(chan struct{})
	}
	return ps
}

// sum walks every stretch, on workers workers, each with cells seen of
// its own (the spine's to start with), and adds them up in order. It
// reports the branches' counts and whether every stretch could be summed.
func (ps *parallelSum) sum(workers int, spine bitset) (branchStats, bool) {
	var wg sync.WaitGroup
	for range workers - 1 {
		seen := newBitset(len(spine) * 64)
		copy(seen, spine)
		sw := ps.x.worker(seen)
		wg.Go(func() {
			for {
				i, ok := ps.take(true)
				if !ok {
					return
				}
				ps.run(sw, i, false)
			}
		})
	}
	var bs branchStats
	ok := true
	sw := ps.x.worker(spine)
	for ok {
		i, got := ps.take(false)
		if !got {
			break
		}
		ps.run(sw, i, i == ps.next)
		ok = ps.add(false, &bs)
	}
	if ok {
		ps.mu.Lock()
		all := ps.taken == len(ps.st) && !ps.failed
		ps.mu.Unlock()
		ok = all && ps.add(true, &bs)
	}
	if !ok {
		ps.mu.Lock()
		ps.failed = true
		ps.more.Broadcast()
		ps.mu.Unlock()
	}
	wg.Wait()
	return bs, ok
}

// take takes the next stretch to walk, false when there is none or the
// walk failed; with throttle, it waits while too many terms wait to be
// added.
func (ps *parallelSum) take(throttle bool) (int, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for throttle && !ps.failed && ps.taken < len(ps.st) && ps.kept > ps.limit {
		ps.more.Wait()
	}
	if ps.failed || ps.taken == len(ps.st) {
		return 0, false
	}
	ps.taken++
	return ps.taken - 1, true
}

// run walks stretch i: into the sums when direct (the stretches before
// it are added up), else into a buffer of its terms, of their size.
func (ps *parallelSum) run(sw *spineWorker, i int, direct bool) {
	sw.w.bs = branchStats{}
	s := &ps.st[i]
	lo, hi := i*ps.chunk, min((i+1)*ps.chunk, len(ps.x.path))
	if direct {
		_, s.ok = sw.span(lo, hi, ps.total, nil)
	} else {
		need := 2 * ps.x.k * ps.x.ways(lo, hi)
		var buf []float64
		ps.mu.Lock()
		for j, b := range ps.spare {
			if cap(b) >= need {
				buf = b
				ps.spare[j] = ps.spare[len(ps.spare)-1]
				ps.spare = ps.spare[:len(ps.spare)-1]
				break
			}
		}
		ps.mu.Unlock()
		if buf == nil {
			buf = make([]float64, 0, need)
		}
		s.terms, s.ok = sw.span(lo, hi, nil, buf[:0])
	}
	s.bs = sw.w.bs
	ps.mu.Lock()
	ps.kept += len(s.terms)
	if !s.ok {
		ps.failed = true
		ps.more.Broadcast()
	}
	ps.mu.Unlock()
	close(s.done)
}

// add adds up the stretches done, in order, from the next one, into the
// sums and their branches' counts into bs; when wait is set, it waits
// for each. It reports false when a stretch could not be summed.
func (ps *parallelSum) add(wait bool, bs *branchStats) bool {
	k2 := 2 * ps.x.k
	for ps.next < len(ps.st) {
		s := &ps.st[ps.next]
		if wait {
			<-s.done
		} else {
			select {
			case <-s.done:
			default:
				return true
			}
		}
		if !s.ok {
			return false
		}
		for i, t := range s.terms {
			ps.total[i%k2] += t
		}
		bs.merge(s.bs)
		ps.mu.Lock()
		ps.kept -= len(s.terms)
		if s.terms != nil {
			ps.spare = append(ps.spare, s.terms)
		}
		ps.more.Broadcast()
		ps.mu.Unlock()
		s.terms = nil
		ps.next++
	}
	return true
}

// distance is the distance between two points, as package maze's walk
// of the side branches (maze.Maze.MeasureBranches)
// measures it.
func distance(a, b maze.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
