package maze

import "math"

// Simulation limits: Expect simulates walks on a maze with loops until
// their mean is known to within SimulatedError of itself (one standard
// error), between MinWalks and MaxWalks walks each way, or until the
// walks have taken walkBudget steps in all (so that a large maze costs
// about as much as a 20x20 one, with a looser mean).
const (
	SimulatedError = 0.015
	MinWalks       = 100
	MaxWalks       = 2000
	walkBudget     = 1_000_000
	// budgetWalks is the fewest walks a maze too large for the budget is
	// measured by: a maze of a million cells takes about that many
	// steps a walk, so that its time grows with its size.
	budgetWalks = 10
)

// Simulate returns the mean number of steps of walks simulated walks of
// the person from cell from to cell to, drawn from seed; +Inf when to
// cannot be reached. It is written apart from the exact sum of Expect, as
// a check on it; Expect uses it, through simulate, on mazes with loops.
//
// A walk is the model's, move by move: arriving in a cell for the first
// time, the person looks down each untried way, crosses out a dead end
// they see (and takes at once a way down which they see the goal); then,
// while the cell has untried ways, they choose one by weight and go on;
// when it has none they step back. A cell once visited is never entered
// again. Every move, forward or back, is a step.
func (p Person) Simulate(m *Maze, from, to, walks int, seed uint64) float64 {
	mean, _, _ := p.simulate(m, from, to, walks, walks, 0, false, seed)
	return mean
}

// simulate runs at least least and at most most walks, stopping once the
// standard error of their mean is below rel times the mean (never, for
// rel 0), or once they have taken walkBudget steps (after budgetWalks
// walks at least); it returns their
// mean, its standard error and the walks run. With collapse, a walk into a part of the maze that
// hangs from one passage (a tree without the goal: the dead ends that
// braiding left) counts that part's expected steps instead of walking
// them: the same mean, with less spread and in less time.
func (p Person) simulate(m *Maze, from, to, least, most int, rel float64, collapse bool, seed uint64) (mean, se float64, n int) {
	if most <= 0 {
		return 0, 0, 0
	}
	f := p.field(m, to)
	if collapse {
		f.collapse(p, from, to)
	}
	r := NewRand(seed)
	seen := newBitset(m.Grid.Cells())
	var sum, sq float64
	for n < most {
		clear(seen)
		s, ok := f.walk(from, to, r, seen)
		if !ok {
			return math.Inf(1), 0, n + 1
		}
		sum, sq, n = sum+s, sq+s*s, n+1
		mean = sum / float64(n)
		se = math.Sqrt(max(sq/float64(n)-mean*mean, 0) / float64(n))
		if n >= least && n%50 == 0 && se <= rel*mean || n >= min(least, budgetWalks) && sum >= walkBudget {
			break
		}
	}
	return mean, se, n
}

// field is what a person makes out down every way of every cell, with a
// goal: looked at once for all the walks.
type field struct {
	m     *Maze
	sides int
	// For side s of cell c, at c*sides+s: the weight of the way, and
	// the chance of seeing it is a dead end and of seeing the goal down
	// it (as an index into chance).
	weight      []float32
	dead, sight []uint8
	chance      [3]float64
	// ready marks the cells whose sides have been looked down: a cell's
	// are, the first time a walk enters it (see ensure), so that a walk
	// that stays in one corner of a large maze looks at that corner only.
	ready bitset
	p     Person
	goal  int
	at    Point
	// reach and scan are the person's (see Person.reach, Person.scan).
	reach, scan int
	// hanging, when not nil, marks the cells of the trees that hang from
	// one passage; inside holds each one's expected steps inside its
	// tree once entered (see collapse).
	hanging bitset
	inside  []float64
	// stack is the walk's path back, kept between walks.
	stack []int32
}

// collapse finds the trees that hang from the rest of the maze by one
// passage and hold neither from nor to, by peeling cells with one
// passage left until none is left, and sums each one's expected steps
// from its leaves up, as the exact sum does.
func (f *field) collapse(p Person, from, to int) {
	m := f.m
	g := m.Grid
	n := g.Cells()
	adj := newAdjacency(g)
	left := make([]uint8, n)
	f.inside = make([]float64, n)
	f.hanging = newBitset(n)
	keep := func(c int) bool { return c == from || c == to || m.isDoorCell(c) }
	var queue []int32
	for c := range n {
		left[c] = uint8(m.Degree(c))
		if left[c] == 1 && !keep(c) {
			queue = append(queue, int32(c))
		}
	}
	reach := p.reach()
	for len(queue) > 0 {
		x := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		f.hanging.set(x)
		bits := m.passages(x)
		for t := 0; bits != 0; t++ {
			if bits&1 != 0 {
				if up := adj.across(x, t); !f.hanging.has(up) {
					s := adj.opposite(x, t)
					f.inside[up] += (1 - p.notice(m.deadAhead(up, s, reach))) * (2 + f.inside[x])
					left[up]--
					if left[up] == 1 && !keep(up) {
						queue = append(queue, int32(up))
					}
					break
				}
			}
			bits >>= 1
		}
	}
}

// field prepares the person's walks toward the goal: it looks down each
// passage of a cell when a walk first enters it (see ensure).
func (p Person) field(m *Maze, goal int) *field {
	g := m.Grid
	n, k := g.Cells(), g.MaxSides()
	f := &field{m: m, sides: k, weight: make([]float32, n*k), dead: make([]uint8, n*k), sight: make([]uint8, n*k), ready: newBitset(n),
		p: p, goal: goal, at: g.Center(goal), reach: p.reach(), scan: p.scan()}
	f.chance = [3]float64{0, p.Sight - math.Floor(p.Sight), 1}
	return f
}

// code is the index into field.chance of the chance that the person
// takes in a cell d cells down a straight corridor.
func (f *field) code(d int) uint8 {
	switch f.p.notice(d) {
	case 0:
		return 0
	case 1:
		return 2
	}
	return 1
}

// ensure looks down every passage of cell c toward the goal, once: the
// weight of each way, and whether a dead end or the goal may be seen
// down it.
func (f *field) ensure(c int) {
	if f.ready.has(c) {
		return
	}
	f.ready.set(c)
	m, k := f.m, f.sides
	a := m.Grid.Center(c)
	da := length(a, f.at)
	bits := m.passages(c)
	for s := 0; bits != 0; s++ {
		if bits&1 != 0 {
			// The cell by which the way is judged is the same looking
			// as far as the scan or farther: one look serves both.
			v := m.look(c, s, f.reach, f.scan, f.goal)
			i := c*k + s
			f.weight[i] = float32(f.p.weightFrom(a, da, m.Grid.Center(v.far), f.at))
			f.dead[i] = f.code(v.dead)
			f.sight[i] = f.code(v.goal)
		}
		bits >>= 1
	}
}

// walk is one simulated walk (see Simulate).
func (f *field) walk(from, to int, r *Rand, seen bitset) (float64, bool) {
	m, g, k := f.m, f.m.Grid, f.sides
	stack := f.stack[:0]
	defer func() { f.stack = stack[:0] }()
	adj := newAdjacency(g)
	steps := 0.0
	var weights [MaxSides]float64
	var sides [MaxSides]int
	// arrive enters cell c for the first time and returns the side down
	// which the person sees the goal, or -1.
	arrive := func(c int) int {
		f.ensure(c)
		seen.set(c)
		stack = append(stack, int32(c))
		toGoal := -1
		bits := m.passages(c)
		for s := 0; bits != 0; s++ {
			if bits&1 != 0 {
				if nb := adj.across(c, s); !seen.has(nb) {
					i := c*k + s
					if f.sight[i] > 0 && toGoal < 0 && r.Float64() < f.chance[f.sight[i]] {
						toGoal = s
					}
					if f.dead[i] > 0 && r.Float64() < f.chance[f.dead[i]] {
						seen.set(nb) // crossed out
					}
				}
			}
			bits >>= 1
		}
		return toGoal
	}
	side := arrive(from)
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		if c == to {
			return steps, true
		}
		if side < 0 {
			ways := 0
			sum := 0.0
			bits := m.passages(c)
			for s := 0; bits != 0; s++ {
				if bits&1 != 0 {
					if nb := adj.across(c, s); !seen.has(nb) {
						w := float64(f.weight[c*k+s])
						weights[ways], sides[ways] = w, s
						ways++
						sum += w
					}
				}
				bits >>= 1
			}
			if ways == 0 {
				stack = stack[:len(stack)-1] // walk back
				if len(stack) > 0 {
					steps++
				}
				continue
			}
			u := r.Float64() * sum
			side = sides[ways-1]
			for i := range ways {
				if u < weights[i] {
					side = sides[i]
					break
				}
				u -= weights[i]
			}
		}
		nb := adj.across(c, side)
		if f.hanging != nil && f.hanging.has(nb) {
			// A hanging tree: its expected steps, in and out.
			steps += 2 + f.inside[nb]
			seen.set(nb)
			side = -1
			continue
		}
		steps++
		side = arrive(nb)
	}
	return steps, false
}
