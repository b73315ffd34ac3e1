package difficulty

import (
	"math"
	"sort"
	"testing"

	"mazebook/maze"
)

// spearman returns the rank correlation of a and b (ties share their
// mean rank).
func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	n := float64(len(a))
	var ma, mb float64
	for i := range ra {
		ma += ra[i] / n
		mb += rb[i] / n
	}
	var sab, saa, sbb float64
	for i := range ra {
		sab += (ra[i] - ma) * (rb[i] - mb)
		saa += (ra[i] - ma) * (ra[i] - ma)
		sbb += (rb[i] - mb) * (rb[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool { return v[idx[x]] < v[idx[y]] })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j) / 2
		}
		i = j + 1
	}
	return r
}

// expectOne is the expectation of one person on an ordinary maze.
func expectOne(p Person, m *maze.Maze) Expectation {
	return Expect([]Person{p}, m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, m.Solution(), 1)[0]
}

// TestVisibleDeadEnd: a straight dead end off the way through costs a
// person who sees it nothing, and a blind one (who chooses either way
// alike) its length, walked in and out half the time.
func TestVisibleDeadEnd(t *testing.T) {
	// A 7x3 grid: the way through runs along the top row, from the west
	// of cell 0 to the east of cell 6; the dead end runs straight down
	// from cell 2, two cells long, four cells from the exit (too far to
	// see the exit from the fork).
	spine := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}
	plain := handMaze(7, 3, spine)
	plain.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 6, Side: maze.East})
	branched := handMaze(7, 3, append(spine, [2]int{2, 9}, [2]int{9, 16}))
	branched.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 6, Side: maze.East})
	tests := []struct {
		p     Person
		extra float64
	}{
		{Person{Name: "sighted", Sight: 2, Pull: 1}, 0},
		{Person{Name: "far-sighted", Sight: 3, Pull: 0}, 0},
		{Person{Name: "blind", Sight: 0, Pull: 0}, 2}, // its length, 2
		// Sees it half the time; else walks in one cell, sees the next
		// ends, and walks back, half the time before the right way.
		{Person{Name: "half-sighted", Sight: 1.5, Pull: 0}, 0.5 * 0.5 * 2},
	}
	for _, tt := range tests {
		a, b := expectOne(tt.p, plain), expectOne(tt.p, branched)
		if a.FromEntrance != 6 || a.FromExit != 6 {
			t.Errorf("%s: the corridor takes %g and %g steps, want 6", tt.p.Name, a.FromEntrance, a.FromExit)
		}
		if d := b.FromEntrance - a.FromEntrance; math.Abs(d-tt.extra) > 1e-12 {
			t.Errorf("%s: the dead end costs %g steps, want %g", tt.p.Name, d, tt.extra)
		}
	}
}

// misleading returns a 9x4 maze whose way through runs from the top of
// cell (4,0) down to row 3 and east to the exit, with one long branch
// off cell (4,1): heading first east, toward the exit, then turning back
// over the top; or its mirror image, heading first west.
func misleading(toward bool) *maze.Maze {
	at := func(x, y int) int { return y*9 + x }
	passages := [][2]int{
		{at(4, 0), at(4, 1)}, {at(4, 1), at(4, 2)}, {at(4, 2), at(4, 3)},
		{at(4, 3), at(5, 3)}, {at(5, 3), at(6, 3)}, {at(6, 3), at(7, 3)}, {at(7, 3), at(8, 3)},
	}
	dir := 1
	if !toward {
		dir = -1
	}
	x := func(dx int) int { return 4 + dir*dx }
	passages = append(passages,
		[2]int{at(4, 1), at(x(1), 1)}, [2]int{at(x(1), 1), at(x(2), 1)}, [2]int{at(x(2), 1), at(x(3), 1)},
		[2]int{at(x(3), 1), at(x(3), 0)}, [2]int{at(x(3), 0), at(x(2), 0)}, [2]int{at(x(2), 0), at(x(1), 0)})
	m := handMaze(9, 4, passages)
	m.SetDoors(maze.Door{Cell: at(4, 0), Side: maze.North}, maze.Door{Cell: at(8, 3), Side: maze.East})
	return m
}

// TestMisleadingBranch: a long branch that first heads toward the goal
// costs a person drawn to the goal more than the same branch heading
// away, and a person without pull the same; solving back from the exit,
// where it heads away, is easier, and the easier end is what counts.
func TestMisleadingBranch(t *testing.T) {
	for _, p := range append(People(), Person{Name: "no pull", Sight: 2}) {
		toward, away := expectOne(p, misleading(true)), expectOne(p, misleading(false))
		if p.Pull == 0 {
			if toward.FromEntrance != away.FromEntrance {
				t.Errorf("%s: %g steps toward, %g away", p.Name, toward.FromEntrance, away.FromEntrance)
			}
			continue
		}
		if toward.FromEntrance <= away.FromEntrance {
			t.Errorf("%s: the branch toward the goal costs %g steps, away %g", p.Name, toward.FromEntrance, away.FromEntrance)
		}
		if toward.FromExit >= toward.FromEntrance || toward.Steps() != toward.FromExit {
			t.Errorf("%s: %g steps from the entrance, %g from the exit, counted %g", p.Name, toward.FromEntrance, toward.FromExit, toward.Steps())
		}
		m := misleading(true)
		if got := PersonSteps(m, []Person{p}, [][]int{m.Solution()}, 1)[0]; got != toward.FromExit {
			t.Errorf("%s: PersonSteps %g, want the exit's %g", p.Name, got, toward.FromExit)
		}
	}
}

// TestGoalInSight: a person who sees the goal down the right way takes it
// and never enters the branch beside it; one who does not enters it half
// the time (no pull), and turns back where they see its last corridor
// ends.
func TestGoalInSight(t *testing.T) {
	// A row of 5 with a long branch down from cell 1: the exit is three
	// cells straight on from cell 1.
	m := handMaze(5, 4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {1, 6}, {6, 11}, {11, 12}, {12, 13}})
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 4, Side: maze.East})
	for _, tt := range []struct {
		p    Person
		want float64
	}{
		{Person{Sight: 3}, 4},
		// Into cells 6 and 11, where cells 12 and 13 are seen to end.
		{Person{Sight: 2}, 4 + 0.5*2*2},
		// Into cells 6, 11 and 12, from where cell 13 is seen to end.
		{Person{Sight: 1}, 4 + 0.5*2*3},
	} {
		if got := expectOne(tt.p, m).FromEntrance; math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("sight %g: %g steps, want %g", tt.p.Sight, got, tt.want)
		}
	}
}

// TestExactSumMatchesWalks: on perfect mazes of every shape the exact
// sum, which draws no random numbers, is the mean of the simulated walks
// (written apart from it), within four standard errors.
func TestExactSumMatchesWalks(t *testing.T) {
	recipes := []maze.Recipe{
		{Algorithm: "backtracker", Size: maze.Size{W: 10, H: 8}, Seed: 1},
		{Algorithm: "kruskal", Size: maze.Size{W: 10, H: 8}, Seed: 2},
		{Algorithm: "binary-tree", Size: maze.Size{W: 9, H: 9}, Seed: 3},
		{Shape: "circle", Algorithm: "prim", Size: maze.Size{W: 5, Inner: 1}, Seed: 4},
		{Shape: "hexagon", Algorithm: "wilson", Size: maze.Size{W: 5}, Seed: 5},
		{Shape: "triangle", Algorithm: "growing-tree", Size: maze.Size{W: 10}, Seed: 6},
		{Algorithm: "kruskal", Size: maze.Size{W: 10, H: 10}, Weave: 0.3, Seed: 7},
	}
	const walks = 4000
	for _, r := range recipes {
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		path := m.Solution()
		ex := Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, path, 1)
		again := Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, path, 99)
		for j, p := range People() {
			if !ex[j].Exact || ex[j] != again[j] {
				t.Errorf("%s %s: %+v, with another seed %+v", r.Shape, r.Algorithm, ex[j], again[j])
			}
			for _, end := range []struct {
				from, to int
				want     float64
			}{{path[0], path[len(path)-1], ex[j].FromEntrance}, {path[len(path)-1], path[0], ex[j].FromExit}} {
				mean, sd := walkStats(p, m, end.from, end.to, walks)
				if se := sd / math.Sqrt(walks); math.Abs(mean-end.want) > 4*se+1e-9 {
					t.Errorf("%s %s %s: exact %.2f, walks %.2f ± %.2f", r.Shape, r.Algorithm, p.Name, end.want, mean, se)
				}
			}
		}
	}
}

// TestCollapsedWalksAgree: on mazes with loops, the walks Expect runs,
// which count a hanging tree's expected steps instead of walking it, have
// the mean of the plain walks, within four standard errors.
func TestCollapsedWalksAgree(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Algorithm: "backtracker", Size: maze.Size{W: 10, H: 10}, Braid: 0.4, Seed: 1},
		{Algorithm: "prim", Size: maze.Size{W: 10, H: 10}, Braid: 0.2, Seed: 2},
		{Shape: "hexagon", Algorithm: "kruskal", Size: maze.Size{W: 5}, Braid: 0.3, Seed: 3},
		{Algorithm: "kruskal", Size: maze.Size{W: 10, H: 10}, Braid: 0.2, Weave: 0.3, Seed: 4},
	} {
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		path := m.Solution()
		from, to := path[0], path[len(path)-1]
		for _, p := range People() {
			plain, plainSE, _ := p.simulate(m, nil, from, to, 3000, 3000, 0, false, 1)
			fast, fastSE, _ := p.simulate(m, nil, from, to, 3000, 3000, 0, true, 2)
			if math.Abs(plain-fast) > 4*math.Hypot(plainSE, fastSE) {
				t.Errorf("%s %s %s: plain walks %.1f ± %.1f, collapsed %.1f ± %.1f", r.Shape, r.Algorithm, p.Name, plain, plainSE, fast, fastSE)
			}
		}
	}
}

// walkStats returns the mean and standard deviation of walks simulated
// walks.
func walkStats(p Person, m *maze.Maze, from, to, walks int) (mean, sd float64) {
	var sum, sq float64
	for i := range walks {
		s := p.Simulate(m, from, to, 1, maze.DeriveSeed(11, "walk", string(rune(i))))
		sum += s
		sq += s * s
	}
	mean = sum / float64(walks)
	return mean, math.Sqrt(max(sq/float64(walks)-mean*mean, 0))
}

// TestSimulatedRerunRanksAlike: on mazes with loops the steps are
// simulated; a rerun with other random numbers ranks 40 mazes of one size
// alike.
func TestSimulatedRerunRanksAlike(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Algorithm: "backtracker", Size: maze.Size{W: 20, H: 20}, Braid: 0.5},
		{Algorithm: "kruskal", Size: maze.Size{W: 20, H: 20}, Braid: 0.3, Weave: 0.3},
	} {
		a := make([][]float64, len(People()))
		b := make([][]float64, len(People()))
		for seed := range uint64(40) {
			r.Seed = seed
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			path := m.Solution()
			for j, e := range Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, path, 1) {
				if e.Exact {
					t.Fatalf("seed %d: a maze with loops summed exactly", seed)
				}
				a[j] = append(a[j], e.Steps())
			}
			for j, e := range Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, path, 2) {
				b[j] = append(b[j], e.Steps())
			}
		}
		for j, p := range People() {
			if rho := spearman(a[j], b[j]); rho < 0.95 {
				t.Errorf("braid %g weave %g, %s: a rerun ranks the mazes at %.3f", r.Braid, r.Weave, p.Name, rho)
			} else {
				t.Logf("braid %g weave %g, %s: rerun rank correlation %.3f", r.Braid, r.Weave, p.Name, rho)
			}
		}
	}
}

// TestPersonUnsolvable: a part whose exit cannot be reached takes +Inf.
func TestPersonUnsolvable(t *testing.T) {
	m := handMaze(4, 1, [][2]int{{0, 1}, {2, 3}})
	for _, e := range Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, m.Solution(), 1) {
		if !math.IsInf(e.Steps(), 1) {
			t.Errorf("%+v", e)
		}
	}
	if got := People()[0].Simulate(m, 0, 3, 3, 1); !math.IsInf(got, 1) {
		t.Errorf("simulated %g", got)
	}
}

// lookRect, which steps down a rectangle's corridor by an offset, makes
// out what look made out through the Grid (lookedAround): from every cell
// down every passage, looking 0 to 8 cells, judging by any cell of those,
// with the goal at either door or at a cell inside, on perfect and
// braided rectangles with doors at the corners, the sides and the centre.
func TestLookRectAsGeneral(t *testing.T) {
	looks := 0
	for _, o := range []maze.Openings{maze.Corners, maze.Sides, maze.Center} {
		for seed := range uint64(3) {
			m, err := maze.Make(maze.Recipe{Algorithm: "kruskal", Size: maze.Size{W: 9, H: 7}, Seed: seed, Braid: float64(seed) / 2, Openings: o})
			if err != nil {
				t.Fatal(err)
			}
			n := m.Grid.Cells()
			for c := range n {
				for s := range 4 {
					if m.PassageSides(c)&(1<<s) == 0 {
						continue
					}
					for _, goal := range []int{m.Exit.Cell, m.Entrance.Cell, n / 2} {
						for reach := range 9 {
							for scan := range reach + 1 {
								looks++
								if got, want := look(m, c, s, reach, scan, goal), lookedAround(m, c, s, reach, scan, goal); got != want {
									t.Fatalf("%s seed %d: from %d side %d, %d cells, judged by %d, goal %d: %+v, through the maze.Grid %+v", o, seed, c, s, reach, scan, goal, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
	if looks < 10000 {
		t.Errorf("only %d looks", looks)
	}
}

// lookedAround is look as it was on every grid, through the Grid, kept
// to check lookRect against: it returns what a person at cell c makes out down the passage through
// side s, looking up to n cells down a straight corridor and judging the
// way's direction by the scan-th cell (or the last one in the line). The
// goal is the cell sought.
func lookedAround(m *maze.Maze, c, s, n, scan, goal int) view {
	g := m.Grid
	h := g.Heading(c, s)
	cur, prev := g.Neighbor(c, s), c
	v := view{far: cur}
	open := true // no side openings so far
	for i := 1; i <= n; i++ {
		if i <= scan {
			v.far = cur
		}
		if cur == goal {
			v.goal = i
			return v
		}
		if m.IsDoorCell(cur) {
			return v
		}
		bits := m.PassageSides(cur)
		deg := popcount(bits)
		if deg == 1 {
			if open {
				v.dead = i
			}
			return v
		}
		next := -1
		for t := 0; bits != 0; t++ {
			if bits&1 != 0 {
				if nb := g.Neighbor(cur, t); nb != prev && next < 0 && maze.AngleGap(g.Heading(cur, t), h) < 1e-6 {
					next = nb
				}
			}
			bits >>= 1
		}
		if next < 0 {
			return v // the corridor turns
		}
		if deg > 2 {
			open = false
		}
		prev, cur = cur, next
	}
	return v
}
