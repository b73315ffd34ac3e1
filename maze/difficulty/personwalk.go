package difficulty

import (
	"math"
	"math/bits"

	"mazebook/maze"
)

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
func (p Person) Simulate(m *maze.Maze, from, to, walks int, seed uint64) float64 {
	mean, _, _ := p.simulate(m, nil, from, to, walks, walks, 0, false, seed)
	return mean
}

// simulate runs at least least and at most most walks, stopping once the
// standard error of their mean is below rel times the mean (never, for
// rel 0), or once they have taken walkBudget steps (after budgetWalks
// walks at least); it returns their mean, its standard error and the
// walks run. cor are the maze's corridors (nil: found here). With
// collapse, a walk into a part of the maze that hangs from one passage
// (a tree without the goal: the dead ends that braiding left) counts
// that part's expected steps instead of walking them: the same mean,
// with less spread and in less time.
func (p Person) simulate(m *maze.Maze, cor *corridors, from, to, least, most int, rel float64, collapse bool, seed uint64) (mean, se float64, n int) {
	if most <= 0 {
		return 0, 0, 0
	}
	if cor == nil {
		cor = newCorridors(m)
	}
	f := p.field(m, cor, from, to)
	if collapse {
		f.collapse(p, from, to)
	}
	r := maze.NewRand(seed)
	seen := newBitset(m.Grid.Cells())
	var sum, sq float64
	for n < most {
		clear(seen)
		s, ok := f.walk(from, to, r, seen)
		if !ok {
			return math.Inf(1), 0, n + 1
		}
		sum, sq, n = sum+s, sq+float64(s*s), n+1
		mean = sum / float64(n)
		se = math.Sqrt(max(sq/float64(n)-float64(mean*mean), 0) / float64(n))
		if n >= least && n%50 == 0 && se <= rel*mean || n >= min(least, budgetWalks) && sum >= walkBudget {
			break
		}
	}
	return mean, se, n
}

// field is what a person makes out down the ways of the cells, toward a
// goal: worked out once for all the walks, and only where a walk needs
// it. A way's weight matters only where the walk chooses among two ways
// or more: at a junction, or where it starts; and a dead end or the goal
// can be seen only from the few cells within sight of one.
type field struct {
	m     *maze.Maze
	adj   adjacency
	sides int
	// cor are the maze's corridors. weight holds the weight of each way
	// of their nodes, at cor.slot(c, s), once worked out: the nodes are
	// the cells where a walk chooses (a walk's start that is no node is
	// weighed afresh each time). rough marks, at the same places, the
	// corridors a walk must walk cell by cell (see roughen).
	cor    *corridors
	weight []float32
	rough  bitset
	// alert marks the cells from which a dead end or the goal may be
	// seen down some way (a few more, never fewer): arriving anywhere
	// else, the person sees neither. sights holds, for side s of the
	// alert cell numbered i (see alerts), at i*sides+s, what is seen down
	// it once looked at: 0x80, plus the dead end's chance code, plus 4
	// times the goal's (see code).
	alert  bitset
	alerts rank
	sights []uint8
	chance [3]float64
	p      Person
	goal   int
	at     maze.Point
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
	keep := func(c int) bool { return c == from || c == to || m.IsDoorCell(c) }
	var queue []int32
	for c := range n {
		if m.Degree(c) == 1 && !keep(c) {
			queue = append(queue, int32(c))
		}
	}
	if len(queue) == 0 {
		return // nothing hangs: a maze braided through
	}
	peeled := make([]uint8, n) // each cell's passages to cells peeled off
	f.inside = make([]float64, n)
	f.hanging = newBitset(n)
	reach := p.reach()
	for len(queue) > 0 {
		x := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		f.hanging.set(x)
		bits := m.PassageSides(x)
		for t := 0; bits != 0; t++ {
			if bits&1 != 0 {
				if up := adj.across(x, t); !f.hanging.has(up) {
					s := adj.opposite(x, t)
					f.inside[up] += float64((1 - p.notice(deadAhead(m, up, s, reach))) * (2 + f.inside[x]))
					peeled[up]++
					if m.Degree(up)-int(peeled[up]) == 1 && !keep(up) {
						queue = append(queue, int32(up))
					}
					break
				}
			}
			bits >>= 1
		}
	}
}

// field prepares the person's walks from cell from toward the goal,
// through the maze's corridors cor.
func (p Person) field(m *maze.Maze, cor *corridors, from, goal int) *field {
	g := m.Grid
	n, k := g.Cells(), g.MaxSides()
	f := &field{m: m, adj: newAdjacency(g), sides: k, cor: cor, p: p, goal: goal, at: g.Center(goal), reach: p.reach(), scan: p.scan()}
	f.chance = [3]float64{0, p.Sight - math.Floor(p.Sight), 1}
	f.weight = make([]float32, len(cor.links))
	f.alert = newBitset(n)
	if f.reach > 0 {
		for c := range n {
			if m.Degree(c) == 1 {
				f.alertDeadEnd(c)
			}
		}
		f.alertGoal()
	}
	f.alerts = newRank(f.alert)
	f.sights = make([]uint8, f.alerts.size()*k)
	f.roughen(from, goal)
	return f
}

// roughen marks the corridors a walk must walk cell by cell, both ways:
// those with a cell from which the person may notice something (see
// alert), or where the walk starts or ends, or a door.
func (f *field) roughen(from, goal int) {
	m, adj, cor := f.m, &f.adj, f.cor
	f.rough = newBitset(len(cor.links))
	done := newBitset(m.Grid.Cells()) // corridor cells whose corridor is marked
	mark := func(c int) {
		if c < 0 || cor.nodes.set.has(c) || done.has(c) {
			return
		}
		done.set(c)
		open := m.PassageSides(c)
		for t := 0; open != 0; t++ {
			if open&1 == 0 {
				open >>= 1
				continue
			}
			open >>= 1
			x, in := adj.across(c, t), adj.opposite(c, t)
			for !cor.nodes.set.has(x) && !done.has(x) {
				done.set(x)
				x, in = onward(m, adj, x, in)
			}
			if cor.nodes.set.has(x) {
				f.rough.set(cor.slot(x, in))
			}
		}
	}
	mark(from)
	mark(goal)
	for _, p := range m.Parts() {
		mark(p.Entrance.Cell)
		mark(p.Exit.Cell)
	}
	for w, word := range f.alert {
		for ; word != 0; word &= word - 1 {
			mark(w<<6 + bits.TrailingZeros64(word))
		}
	}
}

// passable reports whether a walk may pass the corridor kept at slot i
// at one go, to its far end: it is not rough, and that end does not hang.
func (f *field) passable(i int) bool {
	return !f.rough.has(i) && (f.hanging == nil || !f.hanging.has(int(f.cor.links[i].end)))
}

// alertDeadEnd marks the cells that may see the dead end c: back along
// its corridor, as far as the person looks, up to the first cell that
// is not a corridor's (a look past a side opening sees no dead end).
func (f *field) alertDeadEnd(c int) {
	m, adj := f.m, &f.adj
	s := bits.TrailingZeros8(m.PassageSides(c))
	cur, in := adj.across(c, s), adj.opposite(c, s)
	for i := 1; ; i++ {
		f.alert.set(cur)
		if i == f.reach || m.Degree(cur) != 2 {
			return
		}
		cur, in = onward(m, adj, cur, in)
	}
}

// alertGoal marks the cells that may see the goal: those as many
// passages from it as the person looks, or fewer.
func (f *field) alertGoal() {
	if f.reach == 0 {
		return
	}
	m, adj := f.m, &f.adj
	near := map[int]bool{f.goal: true}
	ring := []int{f.goal}
	for range f.reach {
		var next []int
		for _, c := range ring {
			open := m.PassageSides(c)
			for t := 0; open != 0; t++ {
				if open&1 != 0 {
					if nb := adj.across(c, t); !near[nb] {
						near[nb] = true
						next = append(next, nb)
						f.alert.set(nb)
					}
				}
				open >>= 1
			}
		}
		ring = next
	}
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

// weights returns the weights of the ways of cell c at their sides, with
// those of the sides listed in sides set: each worked out the first
// time a walk chooses among it and another way, for all the walks (a
// weight is never 0; 0 is one not worked out). scratch holds them for a
// cell that is no node: where a walk starts, in a corridor.
func (f *field) weights(c, i int, sides []int, scratch *[maze.MaxSides]float32) []float32 {
	k := f.sides
	var w []float32
	if i >= 0 {
		w = f.weight[i : i+k]
	} else {
		w = scratch[:k]
		clear(w)
	}
	var a maze.Point
	var da float64
	centred := false
	for _, s := range sides {
		if w[s] != 0 {
			continue
		}
		if !centred {
			a = f.m.Grid.Center(c)
			da, centred = length(a, f.at), true
		}
		// The cell by which the way is judged: looking farther than the
		// scan would not change it.
		v := look(f.m, c, s, f.scan, f.scan, f.goal)
		w[s] = float32(f.p.weightFrom(a, da, f.m.Grid.Center(v.far), f.at))
	}
	return w
}

// notice is what the person makes out arriving in cell c, from which
// they may see a dead end or the goal: each untried way down which they
// see a dead end is crossed out (marked seen), and the side down which
// they see the goal is returned, or -1.
func (f *field) notice(c int, r *maze.Rand, seen bitset) int {
	m, adj := f.m, &f.adj
	toGoal := -1
	at := f.alerts.index(c) * f.sides
	open := m.PassageSides(c)
	for s := 0; open != 0; s++ {
		if open&1 != 0 {
			if nb := adj.across(c, s); !seen.has(nb) {
				sees := f.sights[at+s]
				if sees == 0 {
					v := look(m, c, s, f.reach, f.scan, f.goal)
					sees = 0x80 | f.code(v.dead) | f.code(v.goal)<<2
					f.sights[at+s] = sees
				}
				if sight := sees >> 2 & 3; sight > 0 && toGoal < 0 && r.Float64() < f.chance[sight] {
					toGoal = s
				}
				if dead := sees & 3; dead > 0 && r.Float64() < f.chance[dead] {
					seen.set(nb) // crossed out
				}
			}
		}
		open >>= 1
	}
	return toGoal
}

// walk is one simulated walk (see Simulate).
func (f *field) walk(from, to int, r *maze.Rand, seen bitset) (float64, bool) {
	m, adj := f.m, &f.adj
	stack := f.stack[:0]
	defer func() { f.stack = stack[:0] }()
	steps := 0.0
	var weights [maze.MaxSides]float64
	var sides [maze.MaxSides]int
	var scratch [maze.MaxSides]float32
	// arrive enters cell c for the first time and returns the side down
	// which the person sees the goal, or -1.
	arrive := func(c int) int {
		seen.set(c)
		stack = append(stack, int32(c))
		if !f.alert.has(c) {
			return -1
		}
		return f.notice(c, r, seen)
	}
	side := arrive(from)
	for len(stack) > 0 {
		node := -1 // c's slot among the corridors' nodes, once looked up
		top := stack[len(stack)-1]
		if top < 0 {
			// Back through a corridor passed at one go: a step a cell.
			steps += float64(-top)
			stack = stack[:len(stack)-1]
			continue
		}
		c := int(top)
		if c == to {
			return steps, true
		}
		if side < 0 {
			ways := 0
			open := m.PassageSides(c)
			for s := 0; open != 0; s++ {
				if open&1 != 0 {
					if nb := adj.across(c, s); !seen.has(nb) {
						sides[ways] = s
						ways++
					}
				}
				open >>= 1
			}
			if ways > 0 {
				node = f.cor.slot(c, 0)
			}
			switch ways {
			case 0:
				stack = stack[:len(stack)-1] // walk back
				if len(stack) > 0 {
					steps++
				}
				continue
			case 1:
				r.Skip(1) // drawn as for a choice, so that the walk is the same
				side = sides[0]
			default:
				w := f.weights(c, node, sides[:ways], &scratch)
				sum := 0.0
				for i := range ways {
					weights[i] = float64(w[sides[i]])
					sum += weights[i]
				}
				u := float64(r.Float64() * sum)
				side = sides[ways-1]
				for i := range ways {
					if u < weights[i] {
						side = sides[i]
						break
					}
					u -= weights[i]
				}
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
		if node < 0 {
			node = f.cor.slot(c, 0)
		}
		if i := node + side; node >= 0 && f.cor.links[i].run != 0 && f.passable(i) {
			// A corridor, at one go: one way on in each of its cells
			// (a number drawn in each, as for a choice), to its far end.
			cells, end, in := f.cor.through(i)
			seen.set(nb) // its ends, for who looks into it
			seen.set(adj.across(end, in))
			if seen.has(end) {
				r.Skip(cells - 1)
				steps += float64(2 * cells) // and back
				side = -1
				continue
			}
			r.Skip(cells)
			steps += float64(cells + 1)
			stack = append(stack, -int32(cells))
			side = arrive(end)
			continue
		}
		steps++
		side = arrive(nb)
	}
	return steps, false
}
