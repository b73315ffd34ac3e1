package difficulty

import (
	"fmt"
	"math"
	"testing"

	"mazebook/maze"
)

// TestExactSumAsFolded: the exact sum walks each branch with a hand on
// the wall and sums its straight tails by their lengths; it gives what
// the first, depth-first fold from the leaves up gives (foldExact,
// below), to the last few bits, with the same branch metrics and the
// same refusal of loops, on every shape, for people who see nothing,
// part of a cell, a few cells and far.
func TestExactSumAsFolded(t *testing.T) {
	people := exactPeople()
	mazes := exactMazes(t)
	exact := 0
	for _, nm := range mazes {
		m := nm.m
		paths := m.SolutionParts()
		for i, part := range m.Parts() {
			if len(paths[i]) == 0 {
				continue
			}
			got, gotBS, ok := expectExact(m, people, paths[i], part.Exit)
			want, wantBS, wantOK := foldExact(m, people, paths[i], part.Exit)
			where := fmt.Sprintf("%s part %d", nm.name, i)
			if ok != wantOK {
				t.Errorf("%s: exact %v, folded %v", where, ok, wantOK)
				continue
			}
			if !ok {
				continue
			}
			exact++
			if gotBS != wantBS {
				t.Errorf("%s: branch metrics %+v, folded %+v", where, gotBS, wantBS)
			}
			for j, p := range people {
				for _, v := range [][2]float64{{got[j].FromEntrance, want[j].FromEntrance}, {got[j].FromExit, want[j].FromExit}} {
					if math.Abs(v[0]-v[1]) > 1e-12*max(1, math.Abs(v[1])) {
						t.Errorf("%s %s: %v, folded %v", where, p.Name, v[0], v[1])
					}
				}
			}
		}
	}
	if exact < 50 {
		t.Errorf("only %d parts summed exactly", exact)
	}
}

// foldFrame is a cell on the stack of the depth-first walk that sums a wrong
// branch: the side back toward the spine and the next side to try; and,
// from its children folded in so far, how many there were and the
// straight dead end ahead of the one straight on (see straightDead). On
// grids other than rectangles, the heading each frame was entered by is
// kept beside the stack, in a slice of its own (rectangles need none).
type foldFrame struct {
	cell       int32
	back, next int8
	kids       int8
	ahead      int32 // the straight child's straightDead, or -1: none straight on
}

// foldStraightDead is, for a cell entered by a heading, the distance at which
// the straight corridor from it runs into a dead end with no side
// openings (1: the cell is the dead end), or 0 when it does not: what
// Maze.deadAhead finds looking into the cell, computed from the cell's
// children as the walk leaves it.
func foldStraightDead(m *maze.Maze, f *foldFrame) int32 {
	switch {
	case m.IsDoorCell(int(f.cell)):
		return 0
	case f.kids == 0:
		return 1
	case f.kids == 1 && f.ahead > 0:
		return 1 + f.ahead
	}
	return 0
}

// foldExact is the exact sum of Expect as it was first written, kept
// to check expectExact against: a depth-first walk with a stack of
// partial sums, each branch folded from its leaves up. It is on a part without loops, whose
// exit is goal, with the metrics of its side branches; ok is false when
// the cells reachable from the spine hold a loop. It keeps one bit per
// cell and a stack as deep as the deepest branch.
func foldExact(m *maze.Maze, people []Person, path []int, goal maze.Door) ([]Expectation, branchStats, bool) {
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
	var stack []foldFrame
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
		bits := m.PassageSides(f)
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
			stack = append(stack[:0], foldFrame{cell: int32(b), back: int8(adj.opposite(f, s)), ahead: -1})
			if !adj.rect {
				headings = append(headings[:0], g.Heading(f, s))
			}
			acc = append(acc[:0], make([]float64, k)...)
			for {
				top := &stack[len(stack)-1]
				c := int(top.cell)
				open := m.PassageSides(c)
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
					stack = append(stack, foldFrame{cell: int32(nb), back: int8(adj.opposite(c, t)), ahead: -1})
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
				if top.kids == 0 && !m.IsDoorCell(c) {
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
				d := foldStraightDead(m, top)
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
					straight = maze.AngleGap(headings[len(headings)-1], headings[len(headings)-2]) < 1e-6
				}
				if straight {
					parent.ahead = foldStraightDead(m, top)
				}
				stack, acc = stack[:len(stack)-1], acc[:len(acc)-k]
				if !adj.rect {
					headings = headings[:len(headings)-1]
				}
			}
			bs.depthSum += depth
			bs.depthMax = max(bs.depthMax, depth)
			bs.glance += min(depth, maze.LookReach)
			dead := foldStraightDead(m, &stack[0])
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
				right := look(m, f, stepSide(m, f, path[on]), p.reach(), p.scan(), goal)
				wr := p.weight(g, f, right.far, goalAt)
				pass := 1 - p.notice(right.goal) // they do not see the goal ahead
				for w := lo; w < hi; w++ {
					wb := p.weight(g, f, look(m, f, int(ways[w].side), p.scan(), p.scan(), goal).far, goalAt)
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

// exactPeople are the people the exact sum is checked for: who see
// nothing, part of a cell, a few cells and far, and the two of People.
func exactPeople() []Person {
	people := []Person{
		{Name: "blind", Sight: 0, Pull: 1},
		{Name: "half", Sight: 0.5, Pull: 0},
		{Name: "two and a half", Sight: 2.5, Pull: 3},
		{Name: "far", Sight: 11, Pull: 1.5},
	}
	return append(people, People()...)
}

// TestExactSumAsWalked: the exact sum, on one core or cut into stretches
// of the spine walked on several, with the rectangle's walk by offsets,
// gives the very numbers (bit for bit), branch metrics and refusals of
// loops of the sum as it was walked on one core through the Grid
// (walkedExact): on every maze of exactMazes, from door to door and
// between two cells inside (where a door's cell may lie in a branch),
// in stretches of 1 to 64 spine cells on 1, 2 and 3 workers, walks on
// a rectangle keeping no cell waiting (a hand on the wall throughout),
// a few, or as many as they like.
func TestExactSumAsWalked(t *testing.T) {
	// With one pulled so hard that a way's weight is infinite, and a sum
	// NaN; and, alone, people who see nothing, for whom every dead end
	// is walked to (no straight tail is summed unwalked).
	for _, people := range [][]Person{
		append(exactPeople(), Person{Name: "pulled", Sight: 3, Pull: 800}),
		{{Name: "blind", Sight: 0, Pull: 1}, {Name: "blind, pulled", Sight: 0, Pull: 2}},
	} {
		checkExactSumAsWalked(t, people)
	}
}

func checkExactSumAsWalked(t *testing.T, people []Person) {
	t.Helper()
	exact, loops := 0, 0
	for _, nm := range exactMazes(t) {
		m := nm.m
		paths := m.SolutionParts()
		type way struct {
			path []int
			goal maze.Door
		}
		var ways []way
		for i, part := range m.Parts() {
			if len(paths[i]) > 0 {
				ways = append(ways, way{paths[i], part.Exit})
			}
		}
		if n := m.Grid.Cells(); n > 2 {
			if p := m.ShortestPath(n/3, 2*n/3); len(p) > 0 {
				ways = append(ways, way{p, maze.Door{Cell: p[len(p)-1], Side: maze.Inside}})
			}
		}
		for wi, wy := range ways {
			want, wantBS, wantOK := walkedExact(m, people, wy.path, wy.goal)
			if wantOK {
				exact++
			} else {
				loops++
			}
			for _, sz := range [][3]int{{1, 1, 0}, {1, 1, 3}, {1, 1, 1 << 20}, {2, 1, 1}, {2, 7, 0}, {2, 64, 1 << 20}, {3, 1, 2}, {3, 2, 1 << 20}, {3, 7, 3}} {
				workers, chunk, stack := sz[0], sz[1], sz[2]
				where := fmt.Sprintf("%s way %d, %d workers, stretches of %d, %d cells waiting", nm.name, wi, workers, chunk, stack)
				got, gotBS, ok := expectExactOn(m, people, wy.path, wy.goal, workers, chunk, stack)
				if ok != wantOK {
					t.Errorf("%s: exact %v, walked %v", where, ok, wantOK)
					continue
				}
				if !ok {
					continue
				}
				if gotBS != wantBS {
					t.Errorf("%s: branch metrics %+v, walked %+v", where, gotBS, wantBS)
				}
				for j, p := range people {
					if math.Float64bits(got[j].FromEntrance) != math.Float64bits(want[j].FromEntrance) || math.Float64bits(got[j].FromExit) != math.Float64bits(want[j].FromExit) {
						t.Errorf("%s %s: %+v, walked %+v", where, p.Name, got[j], want[j])
					}
				}
			}
		}
	}
	if exact < 100 || loops < 10 {
		t.Errorf("only %d ways summed exactly and %d refused", exact, loops)
	}
}

// namedMaze is a maze a test names in its messages.
type namedMaze struct {
	name string
	m    *maze.Maze
}

// exactMazes are the mazes the exact sum is checked on: every shape,
// perfect and braided rectangles, a centre goal, one row and one cell,
// mazes made by hand with loops where a walk may miss them, and the
// maze fuzzing found.
func exactMazes(t *testing.T) []namedMaze {
	t.Helper()
	recipes := shapeRecipes(t)
	for name, r := range map[string]maze.Recipe{
		"binary tree":      {Algorithm: "binary-tree", Size: maze.Size{W: 40, H: 30}},
		"sidewinder":       {Algorithm: "sidewinder", Size: maze.Size{W: 30, H: 40}},
		"backtracker":      {Algorithm: "backtracker", Size: maze.Size{W: 60, H: 50}},
		"centre goal":      {Algorithm: "kruskal", Size: maze.Size{W: 25, H: 25}, Openings: maze.Center},
		"one row":          {Algorithm: "prim", Size: maze.Size{W: 30, H: 1}},
		"one cell":         {Algorithm: "wilson", Size: maze.Size{W: 1, H: 1}},
		"braided":          {Algorithm: "backtracker", Size: maze.Size{W: 20, H: 20}, Braid: 0.3},
		"slightly braided": {Algorithm: "kruskal", Size: maze.Size{W: 30, H: 30}, Braid: 0.02},
	} {
		recipes[name] = r
	}
	var mazes []namedMaze
	for name, r := range recipes {
		for seed := range uint64(5) {
			r.Seed = seed
			if r.Algorithm == "" {
				r.Algorithm = "backtracker"
			}
			m, err := maze.Make(r)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			mazes = append(mazes, namedMaze{fmt.Sprintf("%s seed %d", name, seed), m})
		}
	}
	// By hand, on a 7x4 grid whose way through is its top row: a branch
	// off cell 2 holding a loop; one that comes back to the spine; one
	// that reaches a later branch.
	spine := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}
	for name, more := range map[string][][2]int{
		"a loop in a branch":         {{2, 9}, {9, 16}, {16, 17}, {17, 10}, {10, 9}, {17, 24}},
		"a branch back to the spine": {{2, 9}, {9, 10}, {10, 11}, {11, 4}},
		"two branches joined":        {{1, 8}, {8, 15}, {15, 16}, {16, 17}, {17, 10}, {10, 3}},
		"a tree":                     {{2, 9}, {9, 16}, {16, 17}, {17, 10}, {17, 24}, {24, 23}, {5, 12}, {12, 19}, {19, 26}},
	} {
		m := handMaze(7, 4, append(append([][2]int(nil), spine...), more...))
		m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 6, Side: maze.East})
		mazes = append(mazes, namedMaze{name, m})
	}
	// Straight corridors down from the middle of the way through (the
	// top row of a 30x100 grid, its ends out of anyone's sight) longer
	// than a walk keeps runs: one of 66 cells to a dead end, one of 99
	// that turns into a dead end, one of 98.
	var long [][2]int
	for x := range 29 {
		long = append(long, [2]int{x, x + 1})
	}
	for y := range 99 {
		for x, rows := range map[int]int{14: 66, 15: 99, 16: 98} {
			if y+1 < rows {
				long = append(long, [2]int{y*30 + x, (y+1)*30 + x})
			}
		}
	}
	long = append(long, [2]int{99*30 + 15, 99*30 + 16})
	m := handMaze(30, 100, long)
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 29, Side: maze.East})
	mazes = append(mazes, namedMaze{"a long straight corridor", m})
	// Fuzzing found this one: a loop near the spine, which a walk that
	// took any step to a seen cell for a step back up left unseen.
	loopy, err := maze.Make(maze.Recipe{Algorithm: "aldous-broder", Size: maze.Size{W: 16, H: 23}, Seed: 99, Braid: 3.0 / 255})
	if err != nil {
		t.Fatal(err)
	}
	mazes = append(mazes, namedMaze{"a loop beside the spine", loopy})
	return mazes
}
