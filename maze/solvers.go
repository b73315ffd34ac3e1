package maze

import (
	"fmt"
	"sort"
	"strings"
)

// Solution is what a solver found.
type Solution struct {
	// Path is the cells from the start to the goal, both included, with no
	// cell twice.
	Path []int
	// Walk is, for solvers that walk the maze as a person would (the wall
	// followers and Trémaux's thread), every cell stepped on in order,
	// going back included; nil for the others.
	Walk []int
	// Visited is the number of cells the solver examined.
	Visited int
}

// Solver is a named maze-solving algorithm.
type Solver struct {
	Name        string
	Description string
	// Shortest is true when the path found is always a shortest one.
	Shortest bool
	// Walks is true for the solvers that walk the maze as a person would
	// and give their Solution a Walk.
	Walks bool
	// Solve finds a path from cell from to cell to.
	Solve func(m *Maze, from, to int) (Solution, error)
}

// solvers is the registry of solvers, in listing order.
var solvers = []Solver{
	{Name: "bfs", Description: "breadth-first search: explores by distance from the start; always a shortest path", Shortest: true, Solve: solveBFS},
	{Name: "dfs", Description: "depth-first search: follows one corridor to its end before trying another; a path, not always the shortest on mazes with loops", Solve: solveDFS},
	{Name: "dijkstra", Description: "Dijkstra's algorithm with a binary heap (every step costs 1); always a shortest path", Shortest: true, Solve: solveDijkstra},
	{Name: "astar", Description: "A* with the Manhattan distance to the goal as its guide; a shortest path, examining fewer cells", Shortest: true, Solve: solveAStar},
	{Name: "right-hand", Description: "right-hand wall follower (seed 003): keep a hand on the right wall; the loops of its walk are cut to give the path", Walks: true, Solve: wallFollower(true)},
	{Name: "left-hand", Description: "left-hand wall follower: keep a hand on the left wall; the loops of its walk are cut to give the path", Walks: true, Solve: wallFollower(false)},
	{Name: "tremaux", Description: "Trémaux's algorithm, Ariadne's thread (seed 003): walk on, never onto the thread, and roll it back up at dead ends; the thread is the path", Walks: true, Solve: solveTremaux},
	{Name: "dead-end-filling", Description: "dead-end filling: fill every dead end back to a junction until only the solution is left", Solve: solveDeadEndFilling},
}

// Solvers returns every registered solver, in listing order.
func Solvers() []Solver {
	return append([]Solver(nil), solvers...)
}

// SolverNames returns the names of the registered solvers, sorted.
func SolverNames() []string {
	names := make([]string, len(solvers))
	for i, s := range solvers {
		names[i] = s.Name
	}
	sort.Strings(names)
	return names
}

// LookupSolver returns the solver called name. The error lists the known
// names.
func LookupSolver(name string) (Solver, error) {
	for _, s := range solvers {
		if s.Name == name {
			return s, nil
		}
	}
	return Solver{}, fmt.Errorf("solver %q is unknown (known: %s)", name, strings.Join(SolverNames(), ", "))
}

// Solve solves the maze from its entrance to its exit with the solver
// called name.
func (m *Maze) Solve(name string) (Solution, error) {
	s, err := LookupSolver(name)
	if err != nil {
		return Solution{}, err
	}
	if m.Entrance.Cell < 0 || m.Exit.Cell < 0 {
		return Solution{}, fmt.Errorf("%s: the maze has no doors yet", name)
	}
	return s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
}

// SolveParts solves every part of the maze (see Parts) from its entrance
// to its exit with the solver called name, and returns the paths in the
// order of the parts.
func (m *Maze) SolveParts(name string) ([][]int, error) {
	sols, err := m.SolveEach(name)
	if err != nil {
		return nil, err
	}
	paths := make([][]int, len(sols))
	for i, sol := range sols {
		paths[i] = sol.Path
	}
	return paths, nil
}

// SolveEach solves every part of the maze (see Parts) from its entrance
// to its exit with the solver called name and returns each part's
// Solution, in the order of the parts. When a part cannot be solved it
// stops there: the solutions returned end with that part's (which holds
// what it walked, see LoopError), and the error says why.
func (m *Maze) SolveEach(name string) ([]Solution, error) {
	s, err := LookupSolver(name)
	if err != nil {
		return nil, err
	}
	var sols []Solution
	for _, p := range m.Parts() {
		if p.Entrance.Cell < 0 || p.Exit.Cell < 0 {
			return sols, fmt.Errorf("%s: the maze has no doors yet", name)
		}
		sol, err := s.Solve(m, p.Entrance.Cell, p.Exit.Cell)
		sols = append(sols, sol)
		if err != nil {
			return sols, err
		}
	}
	return sols, nil
}

// CutLoops returns the walk with its loops cut out, as seed 003 trims the
// right-hand walk: whenever the walk comes back to a cell already on the
// path, everything since that cell is dropped. The result runs from the
// walk's first cell to its last with no cell twice. It takes time
// proportional to the walk.
func CutLoops(walk []int) []int {
	at := make(map[int]int, len(walk))
	var path []int
	for _, c := range walk {
		if i, ok := at[c]; ok {
			for _, d := range path[i+1:] {
				delete(at, d)
			}
			path = path[:i+1]
			continue
		}
		at[c] = len(path)
		path = append(path, c)
	}
	return path
}

// errUnreachable is the error of a solver that finds no path.
func errUnreachable(name string, from, to int) error {
	return fmt.Errorf("%s: cell %d cannot be reached from cell %d", name, to, from)
}

func solveBFS(m *Maze, from, to int) (Solution, error) {
	path, reached := m.bfs(from, to)
	if path == nil {
		return Solution{Visited: reached}, errUnreachable("bfs", from, to)
	}
	return Solution{Path: path, Visited: reached}, nil
}
