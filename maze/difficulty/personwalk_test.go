package difficulty

import (
	"fmt"
	"math"
	"testing"

	"mazebook/maze"
)

// TestWalksAsLookedEverywhere: the walks' field works out a way's
// weight only at the cells where a walk chooses, and looks for dead ends
// and the goal only from the cells near one; the walks are the very
// walks of the first field, which looked down every way of every cell
// it entered (eagerField, below): the same steps from the same random
// numbers, on mazes with loops of every kind, from both ends and
// between two cells inside, with and without the hanging trees counted
// instead of walked, for people who see nothing, part of a cell, a few
// cells and far.
func TestWalksAsLookedEverywhere(t *testing.T) {
	people := []Person{
		{Name: "blind", Sight: 0, Pull: 1},
		{Name: "half", Sight: 0.5, Pull: 0},
		{Name: "two and a half", Sight: 2.5, Pull: 3},
		{Name: "far", Sight: 11, Pull: 1.5},
	}
	people = append(people, People()...)
	recipes := map[string]maze.Recipe{
		"braided":          {Algorithm: "backtracker", Size: maze.Size{W: 30, H: 30}, Braid: 1},
		"half braided":     {Algorithm: "kruskal", Size: maze.Size{W: 30, H: 25}, Braid: 0.5},
		"slightly braided": {Algorithm: "prim", Size: maze.Size{W: 25, H: 30}, Braid: 0.1},
		"braided weave":    {Algorithm: "kruskal", Size: maze.Size{W: 20, H: 20}, Braid: 0.3, Weave: 0.4},
		"braided circle":   {Shape: "circle", Algorithm: "backtracker", Size: maze.Size{W: 10}, Braid: 0.6},
		"braided hexagon":  {Shape: "hexagon", Algorithm: "wilson", Size: maze.Size{W: 9}, Braid: 0.4},
		"braided triangle": {Shape: "triangle", Algorithm: "prim", Size: maze.Size{W: 14}, Braid: 0.8},
		"centre goal":      {Algorithm: "backtracker", Size: maze.Size{W: 21, H: 21}, Braid: 0.5, Openings: maze.Center},
		"perfect":          {Algorithm: "sidewinder", Size: maze.Size{W: 20, H: 20}},
	}
	for name, r := range recipes {
		for seed := range uint64(3) {
			r.Seed = seed
			m, err := maze.Make(r)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			path := m.Solution()
			a, b := path[0], path[len(path)-1]
			for _, p := range people {
				n := m.Grid.Cells()
				// From door to door, and between two cells inside.
				for _, end := range [][2]int{{a, b}, {b, a}, {n / 3, 2 * n / 3}} {
					for _, collapse := range []bool{false, true} {
						f, old := p.field(m, newCorridors(m), end[0], end[1]), p.eagerField(m, end[1])
						if collapse {
							f.collapse(p, end[0], end[1])
							old.collapse(p, end[0], end[1])
						}
						r1, r2 := maze.NewRand(seed), maze.NewRand(seed)
						s1, s2 := newBitset(m.Grid.Cells()), newBitset(m.Grid.Cells())
						where := fmt.Sprintf("%s seed %d, %s from %d to %d, collapsed %v", name, seed, p.Name, end[0], end[1], collapse)
						for i := range 20 {
							clear(s1)
							clear(s2)
							got, ok := f.walk(end[0], end[1], r1, s1)
							want, wantOK := old.walk(end[0], end[1], r2, s2)
							if got != want || ok != wantOK || math.IsNaN(got) {
								t.Fatalf("%s: walk %d took %v steps (%v), first written %v (%v)", where, i, got, ok, want, wantOK)
							}
						}
					}
				}
			}
		}
	}
}

// eagerField is the walks' field as it was first written, kept to
// check field against: what a person makes out down every way of every cell, with a
// goal: looked at once for all the walks.
type eagerField struct {
	m     *maze.Maze
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
	at    maze.Point
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
func (f *eagerField) collapse(p Person, from, to int) {
	m := f.m
	g := m.Grid
	n := g.Cells()
	adj := newAdjacency(g)
	left := make([]uint8, n)
	f.inside = make([]float64, n)
	f.hanging = newBitset(n)
	keep := func(c int) bool { return c == from || c == to || m.IsDoorCell(c) }
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
		bits := m.PassageSides(x)
		for t := 0; bits != 0; t++ {
			if bits&1 != 0 {
				if up := adj.across(x, t); !f.hanging.has(up) {
					s := adj.opposite(x, t)
					f.inside[up] += (1 - p.notice(deadAhead(m, up, s, reach))) * (2 + f.inside[x])
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

// eagerField prepares the person's walks toward the goal: it looks down each
// passage of a cell when a walk first enters it (see ensure).
func (p Person) eagerField(m *maze.Maze, goal int) *eagerField {
	g := m.Grid
	n, k := g.Cells(), g.MaxSides()
	f := &eagerField{m: m, sides: k, weight: make([]float32, n*k), dead: make([]uint8, n*k), sight: make([]uint8, n*k), ready: newBitset(n),
		p: p, goal: goal, at: g.Center(goal), reach: p.reach(), scan: p.scan()}
	f.chance = [3]float64{0, p.Sight - math.Floor(p.Sight), 1}
	return f
}

// code is the index into field.chance of the chance that the person
// takes in a cell d cells down a straight corridor.
func (f *eagerField) code(d int) uint8 {
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
func (f *eagerField) ensure(c int) {
	if f.ready.has(c) {
		return
	}
	f.ready.set(c)
	m, k := f.m, f.sides
	a := m.Grid.Center(c)
	da := length(a, f.at)
	bits := m.PassageSides(c)
	for s := 0; bits != 0; s++ {
		if bits&1 != 0 {
			// The cell by which the way is judged is the same looking
			// as far as the scan or farther: one look serves both.
			v := look(m, c, s, f.reach, f.scan, f.goal)
			i := c*k + s
			f.weight[i] = float32(f.p.weightFrom(a, da, m.Grid.Center(v.far), f.at))
			f.dead[i] = f.code(v.dead)
			f.sight[i] = f.code(v.goal)
		}
		bits >>= 1
	}
}

// walk is one simulated walk (see Simulate).
func (f *eagerField) walk(from, to int, r *maze.Rand, seen bitset) (float64, bool) {
	m, g, k := f.m, f.m.Grid, f.sides
	stack := f.stack[:0]
	defer func() { f.stack = stack[:0] }()
	adj := newAdjacency(g)
	steps := 0.0
	var weights [maze.MaxSides]float64
	var sides [maze.MaxSides]int
	// arrive enters cell c for the first time and returns the side down
	// which the person sees the goal, or -1.
	arrive := func(c int) int {
		f.ensure(c)
		seen.set(c)
		stack = append(stack, int32(c))
		toGoal := -1
		bits := m.PassageSides(c)
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
			bits := m.PassageSides(c)
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

// FuzzPersonModel makes a small maze of any generator, size, braid and
// seed, and a person of any sight and pull, and checks the person model
// against its first writing: on a perfect maze the exact sum against
// the fold from the leaves up, and (on two workers, in stretches) bit
// for bit against the sum walked on one core; and on any maze five walks
// from each end against the walks of the field that looked everywhere.
// The seed corpus runs in plain go test.
func FuzzPersonModel(f *testing.F) {
	for i := range maze.Algorithms() {
		f.Add(uint8(i), uint8(9), uint8(7), uint64(i), uint8(0), uint8(15), uint8(5))
		f.Add(uint8(i), uint8(12), uint8(5), uint64(i), uint8(200), uint8(60), uint8(25))
		f.Add(uint8(i), uint8(1), uint8(8), uint64(99), uint8(255), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, alg, w, h uint8, seed uint64, braid, sight, pull uint8) {
		algs := maze.Algorithms()
		a := algs[int(alg)%len(algs)]
		r := maze.Recipe{Algorithm: a.Name, Size: maze.Size{W: 1 + int(w)%24, H: 1 + int(h)%24}, Seed: seed, Braid: float64(braid) / 255}
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		p := Person{Name: "fuzz", Sight: float64(sight) / 10, Pull: float64(pull) / 10}
		path := m.Solution()
		if len(path) == 0 {
			return
		}
		people := []Person{p}
		got, gotBS, ok := expectExact(m, people, path, m.Exit)
		want, wantBS, wantOK := foldExact(m, people, path, m.Exit)
		if ok != wantOK || ok && (gotBS != wantBS || math.Abs(got[0].FromEntrance-want[0].FromEntrance) > 1e-9*max(1, want[0].FromEntrance) || math.Abs(got[0].FromExit-want[0].FromExit) > 1e-9*max(1, want[0].FromExit)) {
			t.Fatalf("%+v, %+v: exact %v %+v %+v, folded %v %+v %+v", r, p, ok, got, gotBS, wantOK, want, wantBS)
		}
		// On two workers, in stretches and with a stack of a few cells,
		// bit for bit the sum as it was walked.
		split, splitBS, splitOK := expectExactOn(m, people, path, m.Exit, 2, 1+int(seed%5), int(seed%4))
		walked, walkedBS, walkedOK := walkedExact(m, people, path, m.Exit)
		if splitOK != walkedOK || splitOK && (splitBS != walkedBS || math.Float64bits(split[0].FromEntrance) != math.Float64bits(walked[0].FromEntrance) || math.Float64bits(split[0].FromExit) != math.Float64bits(walked[0].FromExit)) {
			t.Fatalf("%+v, %+v: split %v %+v %+v, walked %v %+v %+v", r, p, splitOK, split, splitBS, walkedOK, walked, walkedBS)
		}
		a0, b0 := path[0], path[len(path)-1]
		for _, end := range [][2]int{{a0, b0}, {b0, a0}} {
			nf, old := p.field(m, newCorridors(m), end[0], end[1]), p.eagerField(m, end[1])
			nf.collapse(p, end[0], end[1])
			old.collapse(p, end[0], end[1])
			r1, r2 := maze.NewRand(seed), maze.NewRand(seed)
			s1, s2 := newBitset(m.Grid.Cells()), newBitset(m.Grid.Cells())
			for i := range 5 {
				clear(s1)
				clear(s2)
				x, xok := nf.walk(end[0], end[1], r1, s1)
				y, yok := old.walk(end[0], end[1], r2, s2)
				if x != y || xok != yok {
					t.Fatalf("%+v, %+v, from %d: walk %d took %v steps, first written %v", r, p, end[0], i, x, y)
				}
			}
		}
	})
}
