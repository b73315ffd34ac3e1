package maze

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"mazebook/internal/say"
)

// Algorithm is a named maze generator.
type Algorithm struct {
	// Name is how specs and the command line call the algorithm.
	Name string
	// Description says in one line what the algorithm does and what its
	// mazes look like.
	Description string
	// Perfect is true when every maze the algorithm makes is a spanning tree
	// of the grid: every cell reachable, exactly one path between any two.
	Perfect bool
	// Rect is true when the algorithm needs a whole rectangle of square
	// cells (no mask, no crossings); otherwise it works on any connected
	// Grid.
	Rect bool
	// Weave is true when the algorithm can carve a weave (a grid with
	// crossings): it opens the crossings' passages first.
	Weave bool
	// Crude is true when the algorithm's texture does not read as a real
	// maze in a puzzle book (a comb of parallel corridors, long empty
	// runs along two sides, boxes of straight walls): "random" never
	// draws it, though it stays available by name.
	Crude bool
	// Frontier is true when the algorithm grows the maze from a frontier
	// of cells beside it, each taken in (Prim's): a film of it labels the
	// cells in the maze I and those of the frontier F, and shows no
	// walker.
	Frontier bool
	// Carve carves passages into m, which must have every wall standing.
	Carve func(m *Maze, r *Rand)
}

// algorithms is the registry of generators, in the order they are listed.
var algorithms = []Algorithm{
	{Name: "backtracker", Description: "recursive backtracker: a depth-first random walk that backs up when stuck; long winding corridors, few dead ends", Perfect: true, Carve: Backtracker},
	{Name: "kruskal", Description: "randomized Kruskal: opens random walls between rooms that are not yet joined; many short dead ends; the one that weaves", Perfect: true, Weave: true, Carve: Kruskal},
	{Name: "prim", Description: "randomized Prim: grows from one room by opening a random frontier room (the I/F labelling); many short dead ends, radial texture", Perfect: true, Frontier: true, Carve: Prim},
	{Name: "aldous-broder", Description: "Aldous-Broder: a random walk that carves into every room it enters for the first time; an unbiased sample of all perfect mazes, slow on large grids", Perfect: true, Carve: AldousBroder},
	{Name: "wilson", Description: "Wilson: loop-erased random walks join each room to the maze; an unbiased sample of all perfect mazes, fast", Perfect: true, Carve: Wilson},
	{Name: "hunt-and-kill", Description: "hunt-and-kill: a random walk until stuck, then a scan for a room beside the maze; long corridors like the backtracker's", Perfect: true, Carve: HuntAndKill},
	{Name: "growing-tree", Description: "growing tree, half newest and half random cell: long corridors mixed with short branches (growing-tree:R takes the newest cell a share R of the time)", Perfect: true, Carve: GrowingTree(0.5, false)},
	{Name: "growing-tree-newest", Description: "growing tree taking the newest cell: the backtracker's long winding corridors", Perfect: true, Carve: GrowingTree(1, false)},
	{Name: "growing-tree-random", Description: "growing tree taking a random cell: Prim-like short dead ends", Perfect: true, Carve: GrowingTree(0, false)},
	{Name: "growing-tree-oldest", Description: "growing tree taking the oldest cell: long straight corridors radiating from the start", Perfect: true, Crude: true, Carve: GrowingTree(0, true)},
	{Name: "binary-tree", Description: "binary tree: each room opens north or east; a strong diagonal bias and straight top and right corridors, the easiest", Perfect: true, Crude: true, Rect: true, Carve: BinaryTree},
	{Name: "sidewinder", Description: "sidewinder: row by row, runs east that open north once; paths tend upwards, fairly easy", Perfect: true, Crude: true, Rect: true, Carve: Sidewinder},
	{Name: "eller", Description: "Eller: row by row with one row of set labels, memory proportional to the width; an even texture", Perfect: true, Rect: true, Carve: Eller},
	{Name: "recursive-division", Description: "recursive division: adds walls, splitting rooms in two with one gap; long straight walls and a box-like structure", Perfect: true, Crude: true, Rect: true, Carve: RecursiveDivision},
}

// Algorithms returns every registered generator, in listing order.
func Algorithms() []Algorithm {
	return append([]Algorithm(nil), algorithms...)
}

// AlgorithmNames returns the names of the registered generators, sorted.
func AlgorithmNames() []string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.Name
	}
	sort.Strings(names)
	return names
}

// LookupAlgorithm returns the generator called name. Besides the
// registered names it accepts "growing-tree:R", a growing tree that takes
// the newest cell a share R (0 to 1) of the time and a random cell
// otherwise. The error lists the known names.
func LookupAlgorithm(name string) (Algorithm, error) {
	for _, a := range algorithms {
		if a.Name == name {
			return a, nil
		}
	}
	if ratio, ok := strings.CutPrefix(name, "growing-tree:"); ok {
		r, err := strconv.ParseFloat(ratio, 64)
		if err != nil || !(r >= 0 && r <= 1) {
			return Algorithm{}, say.Errorf("algorithm %q: the growing tree's newest share must be a number from 0 to 1, such as growing-tree:0.25", name)
		}
		return Algorithm{
			Name:        name,
			Description: fmt.Sprintf("growing tree taking the newest cell %g%% of the time, otherwise a random one", float64(r*100)),
			Perfect:     true,
			Carve:       GrowingTree(r, false),
		}, nil
	}
	return Algorithm{}, say.Errorf("algorithm %q is unknown (known: %s)", name, strings.Join(AlgorithmNames(), ", "))
}

// Supports reports whether the algorithm can carve a maze in grid g.
func (a Algorithm) Supports(g Grid) bool {
	switch g.(type) {
	case Rect:
		return true
	case *Weave:
		return a.Weave
	}
	return !a.Rect
}

// Generate returns a new maze on grid g carved by the algorithm with the
// given seed. The doors are not placed; call PlaceDoors. The grid must be
// one the algorithm supports, and connected.
func (a Algorithm) Generate(g Grid, seed uint64) (*Maze, error) {
	return a.GenerateRecorded(g, seed, nil)
}

// errCannotCarve is the error of an algorithm given a grid it cannot carve.
func errCannotCarve(a Algorithm, g Grid) error {
	return say.Errorf("algorithm %q cannot carve this grid (%s)", a.Name, describeGrid(g))
}

// connected returns an error unless every cell of g can be reached from
// every other through the sides between cells.
func connected(g Grid) error {
	n := g.Cells()
	if n == 0 {
		return say.Errorf("the grid has no cell")
	}
	if _, ok := g.(Rect); ok {
		return nil
	}
	seen := newBitset(n)
	seen.set(0)
	stack := []int32{0}
	reached := 1
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && !seen.has(nb) {
				seen.set(nb)
				reached++
				stack = append(stack, int32(nb))
			}
		}
	}
	if reached < n {
		return say.Errorf("the grid falls apart: %d of its %d cells cannot be reached from the first (join its islands)", n-reached, n)
	}
	return nil
}
