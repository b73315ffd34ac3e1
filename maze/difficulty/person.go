package difficulty

import (
	"fmt"
	"math"
	"sync"

	"mazebook/maze"
)

// Person is a model of a person solving a maze printed on a page, with
// the page in front of them and a pencil in hand. Their time is four
// kinds of work (see Work), each with its weight, in the time it takes to
// draw one cell of the way:
//
//   - tracing the way with the pencil: every step of the solution (Step),
//     and more for each turn on it (Turn) — solving time grows with the
//     path's length and its turns (Crowe et al. 2000);
//   - looking: the wrong branches the eye follows and rejects without
//     drawing, cheap, more for a branch whose dead end lies far from the
//     way (Look);
//   - wrong ways actually drawn and backed out of (Wrong), as the walk
//     model below expects them: rare for an older solver on an easy maze,
//     common for a young child on a hard one.
//
// The walk model: the person walks from one end to the other and marks
// where they have been, so they never enter a passage they have already
// explored; when a way leads nowhere they walk back to the last fork with
// an untried way. At a fork they look down each untried way:
//
//   - Sight: they take in the cells down a straight corridor, up to Sight
//     cells (a fractional part is the chance of taking in one cell more).
//     A way whose straight corridor visibly ends in a dead end, with no
//     opening on its sides, is not entered; a way down which they see the
//     goal is taken at once.
//   - Pull: otherwise they choose among the untried ways, drawn toward the
//     goal: a way is chosen with a weight exp(Pull·g), where g, from -1 to
//     1, is how straight the farthest cell they take in down it (within
//     Sight, at least the next cell) lies toward the goal, measured between
//     cell centres. A branch that first heads toward the goal and then
//     turns away is the one that misleads most.
//
// The pull and the sight use only the passages between cells and the
// cells' centres, so the model serves every shape.
type Person struct {
	// Name is how the setting is called in reports ("young", "older").
	Name string `yaml:"name" json:"name"`
	// Sight is how many cells down a straight corridor the person takes
	// in at a fork: 0 sees nothing ahead; 1.5 sees the next cell, and the
	// one after half the time.
	Sight float64 `yaml:"sight" json:"sight"`
	// Pull is how strongly the goal draws the person at a fork: 0 chooses
	// any untried way alike; 1 chooses a way straight toward the goal
	// e² ≈ 7 times as often as one straight away from it.
	Pull float64 `yaml:"pull" json:"pull"`
	// Step, Turn, Look and Wrong weigh the kinds of work (see Work) into
	// the person's time.
	Step  float64 `yaml:"step" json:"step"`
	Turn  float64 `yaml:"turn" json:"turn"`
	Look  float64 `yaml:"look" json:"look"`
	Wrong float64 `yaml:"wrong" json:"wrong"`
}

// Work is what solving one maze on paper asks of a person: the parts of
// the time model (see Person).
type Work struct {
	// Path is the solution's steps, traced with the pencil; Turns its
	// changes of direction.
	Path, Turns float64
	// Look is the looking: every side branch of the solution followed by
	// eye, as deep as it goes up to LookReach cells (see maze.Metrics.Glance):
	// a branch rejected at a glance costs 1, a long one that turns back
	// late costs more.
	Look float64
	// Wrong is the steps the walk model expects down wrong ways and back:
	// its expected steps beyond the solution's.
	Wrong float64
}

// Time is the person's time on a maze that asks w of them, in the time
// of drawing one cell.
func (p Person) Time(w Work) float64 {
	return float64(p.Step*w.Path) + float64(p.Turn*w.Turns) + float64(p.Look*w.Look) + float64(p.Wrong*w.Wrong)
}

// People returns the person settings the difficulty score and the stats
// report: a young child, who takes in a cell or two, wanders, and draws
// most wrong ways before seeing them; and an older solver, who scans six
// cells ahead, heads for the goal, and rejects most wrong ways by eye.
// Their weights are assumptions (see docs/difficulty.md), which
// 'mazebook calibrate' fits to recorded people.
func People() []Person {
	return []Person{
		{Name: "young", Sight: 1.5, Pull: 0.5, Step: 1, Turn: 0.5, Look: 0.3, Wrong: 0.5},
		{Name: "older", Sight: 6, Pull: 2.5, Step: 1, Turn: 0.3, Look: 0.15, Wrong: 0.15},
	}
}

// LookupPerson returns the person setting called name (see People).
func LookupPerson(name string) (Person, error) {
	for _, p := range People() {
		if p.Name == name {
			return p, nil
		}
	}
	return Person{}, fmt.Errorf("person %q is unknown (known: young, older)", name)
}

// notice returns the chance that the person takes in a cell d cells down a
// straight corridor (d >= 1).
func (p Person) notice(d int) float64 {
	full := math.Floor(p.Sight)
	switch {
	case d <= 0:
		return 0
	case float64(d) <= full:
		return 1
	case float64(d) == full+1:
		return p.Sight - full
	}
	return 0
}

// reach is the farthest a person ever looks down a corridor, in cells.
func (p Person) reach() int {
	return int(math.Ceil(max(p.Sight, 0)))
}

// scan is the farthest cell down a corridor by which the person judges
// its direction: Sight's whole cells, at least the next cell.
func (p Person) scan() int {
	return max(int(math.Floor(p.Sight)), 1)
}

// view is what a person at a fork makes out down one way.
type view struct {
	// far is the cell by which the way's direction is judged.
	far int
	// dead is the distance of the dead end a straight corridor with no
	// side openings runs into, if the person may see it (else 0).
	dead int
	// goal is the distance at which the goal lies straight ahead (else 0).
	goal int
}

// look returns what a person at cell c makes out down the passage through
// side s, looking up to n cells down a straight corridor and judging the
// way's direction by the scan-th cell (or the last one in the line). The
// goal is the cell sought.
func look(m *maze.Maze, c, s, n, scan, goal int) view {
	if r, ok := m.Grid.(maze.Rect); ok {
		return lookRect(m, r, c, s, n, scan, goal)
	}
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

// lookRect is look on a rectangle, where the cells down a straight
// corridor are a side's offset apart, and the way on keeps side s.
func lookRect(m *maze.Maze, g maze.Rect, c, s, n, scan, goal int) view {
	s &= 3
	step := [4]int{-g.W, 1, g.W, -1}[s]
	cur := c + step
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
		if bits&(1<<uint(s)) == 0 {
			return v // the corridor turns
		}
		if deg > 2 {
			open = false
		}
		cur += step
	}
	return v
}

// deadAhead returns the distance, up to n cells, at which the straight
// corridor through side s of cell c runs into a dead end with no side
// openings, or 0 when it does not.
func deadAhead(m *maze.Maze, c, s, n int) int {
	g := m.Grid
	h := g.Heading(c, s)
	cur, prev := g.Neighbor(c, s), c
	for i := 1; i <= n; i++ {
		if m.IsDoorCell(cur) {
			return 0
		}
		bits := m.PassageSides(cur)
		switch popcount(bits) {
		case 1:
			return i
		case 2:
		default:
			return 0
		}
		next := -1
		for t := 0; bits != 0; t++ {
			if bits&1 != 0 {
				if nb := g.Neighbor(cur, t); nb != prev {
					if maze.AngleGap(g.Heading(cur, t), h) < 1e-6 {
						next = nb
					}
					break
				}
			}
			bits >>= 1
		}
		if next < 0 {
			return 0
		}
		prev, cur = cur, next
	}
	return 0
}

// weight is how strongly the person is drawn down a way whose far cell is
// far, standing at cell c, with the goal's centre at goal.
func (p Person) weight(g maze.Grid, c, far int, goal maze.Point) float64 {
	a := g.Center(c)
	return p.weightFrom(a, length(a, goal), g.Center(far), goal)
}

// weightFrom is weight for a person standing at a, da from the goal,
// whose way's far cell's centre is b: the cell's distance found once for
// all its ways.
func (p Person) weightFrom(a maze.Point, da float64, b, goal maze.Point) float64 {
	step := length(a, b)
	if step == 0 {
		return 1
	}
	gain := (da - length(b, goal)) / step
	return math.Exp(float64(p.Pull * max(-1, min(1, gain))))
}

// length is the distance from a to b: the centres of cells, which are
// never so far apart that math.Hypot's care for overflow is needed.
func length(a, b maze.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	return math.Sqrt(float64(dx*dx) + float64(dy*dy))
}

// Expectation is the number of steps a person is expected to take through
// one part of a maze: every move from a cell to the next, back out of the
// wrong ways included.
type Expectation struct {
	// FromEntrance and FromExit are the expected steps of a person who
	// solves from the entrance to the exit, and from the exit back to the
	// entrance (people also work back from the exit).
	FromEntrance, FromExit float64
	// Exact is true when the steps were summed exactly (a part without
	// loops), false when they are the mean of simulated walks.
	Exact bool
}

// Steps returns the expected steps from the end where they are fewer: a
// person who sees that the maze is easier from the exit starts there.
func (e Expectation) Steps() float64 { return min(e.FromEntrance, e.FromExit) }

// Expect returns what each person is expected to spend on the part of the
// maze between its doors, whose shortest solution is path (from the
// entrance to the exit), solving from either end.
//
// Where the cells reachable from the entrance hold no loop (a perfect
// maze) the expectation is exact and takes time linear in the cells: with
// the solution as a spine, the person walks the spine once and, at each
// fork on it, enters a wrong branch before the right way with the chance
// that its weight wins over the right way's (the order of ways is drawn
// by weight, so this depends on the two ways alone), unless they see it
// is a dead end or see the goal down the right way; a wrong branch
// entered is explored to its end and walked back out of, but for the
// dead ends inside it they see, so it costs twice its expected explored
// passages, summed from its leaves up. No random numbers are drawn.
//
// With loops, it is the mean of simulated walks from each end (see
// Person.Simulate), drawn from seed: as many as pin the mean down to
// SimulatedError of itself, enough that another seed ranks mazes of one
// size alike. An unsolvable part (no path) takes
// +Inf.
func Expect(people []Person, m *maze.Maze, part maze.Part, path []int, seed uint64) []Expectation {
	out, _ := expect(m, people, part, path, seed)
	return out
}

// expect is Expect, also returning the metrics of the part's side
// branches when its sum was exact (nil otherwise).
func expect(m *maze.Maze, people []Person, part maze.Part, path []int, seed uint64) ([]Expectation, *branchStats) {
	out := make([]Expectation, len(people))
	if len(path) == 0 || part.Entrance.Cell < 0 || part.Exit.Cell < 0 {
		for i := range out {
			out[i] = Expectation{FromEntrance: math.Inf(1), FromExit: math.Inf(1)}
		}
		return out, nil
	}
	if sum, bs, ok := expectExact(m, people, path, part.Exit); ok {
		return sum, &bs
	}
	// Each setting's walks from each end, each from its own seed: on a
	// large maze, all at once, on as many cores as there are, to the
	// same numbers. Their lengths differ several times over and cannot
	// be told beforehand, so the cores share them as they go rather
	// than take them in turn.
	a, b := path[0], path[len(path)-1]
	cor := newCorridors(m)
	jobs := make([]func(), 0, 2*len(people))
	for i, p := range people {
		jobs = append(jobs,
			func() {
				out[i].FromEntrance, _, _ = p.simulate(m, cor, a, b, MinWalks, MaxWalks, SimulatedError, true, maze.DeriveSeed(seed, p.Name, "entrance"))
			},
			func() {
				out[i].FromExit, _, _ = p.simulate(m, cor, b, a, MinWalks, MaxWalks, SimulatedError, true, maze.DeriveSeed(seed, p.Name, "exit"))
			})
	}
	if m.Grid.Cells() < concurrentCells {
		for _, job := range jobs {
			job()
		}
		return out, nil
	}
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Go(job)
	}
	wg.Wait()
	return out, nil
}

// partSeed is the seed of the walks of part i of a maze.
func partSeed(seed uint64, i int) uint64 { return maze.DeriveSeed(seed, "part", fmt.Sprint(i)) }

// PersonSteps returns what each person is expected to spend on the whole
// maze whose parts' solutions are paths (see maze.Maze.Parts): the sum over the
// parts of each part's steps from its easier end.
func PersonSteps(m *maze.Maze, people []Person, paths [][]int, seed uint64) []float64 {
	steps := make([]float64, len(people))
	for i, part := range m.Parts() {
		var path []int
		if i < len(paths) {
			path = paths[i]
		}
		for j, e := range Expect(people, m, part, path, partSeed(seed, i)) {
			steps[j] += e.Steps()
		}
	}
	return steps
}
