package maze

import (
	"fmt"
	"sort"
	"strings"
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
	// Rect is true when the algorithm needs a rectangular grid; otherwise it
	// works on any Grid.
	Rect bool
	// Carve carves passages into m, which must have every wall standing.
	Carve func(m *Maze, r *Rand)
}

// algorithms is the registry of generators, in the order they are listed.
var algorithms = []Algorithm{
	{Name: "backtracker", Description: "recursive backtracker: a depth-first random walk that backs up when stuck; long winding corridors, few dead ends", Perfect: true, Carve: Backtracker},
	{Name: "kruskal", Description: "randomized Kruskal: opens random walls between rooms that are not yet joined; many short dead ends", Perfect: true, Carve: Kruskal},
	{Name: "prim", Description: "randomized Prim: grows from one room by opening a random frontier room (the I/F labelling); many short dead ends, radial texture", Perfect: true, Carve: Prim},
	{Name: "aldous-broder", Description: "Aldous-Broder: a random walk that carves into every room it enters for the first time; an unbiased sample of all perfect mazes, slow on large grids", Perfect: true, Carve: AldousBroder},
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

// LookupAlgorithm returns the generator called name. The error lists the
// known names.
func LookupAlgorithm(name string) (Algorithm, error) {
	for _, a := range algorithms {
		if a.Name == name {
			return a, nil
		}
	}
	return Algorithm{}, fmt.Errorf("algorithm %q is unknown (known: %s)", name, strings.Join(AlgorithmNames(), ", "))
}

// Generate returns a new maze on grid g carved by the algorithm with the
// given seed. The doors are not placed; call PlaceDoors.
func (a Algorithm) Generate(g Grid, seed uint64) (*Maze, error) {
	if _, ok := g.(Rect); a.Rect && !ok {
		return nil, fmt.Errorf("algorithm %q needs a rectangular grid", a.Name)
	}
	m := New(g)
	a.Carve(m, NewRand(seed))
	return m, nil
}
