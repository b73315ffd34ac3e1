package maze

import (
	"fmt"
	"strings"
)

// Openings says where the entrance and the exit go.
type Openings string

// The ways of placing the entrance and the exit.
const (
	// Corners puts the entrance in the west wall of the top-left cell and
	// the exit in the east wall of the bottom-right cell (seed 001).
	Corners Openings = "corners"
	// Sides puts the entrance in a random cell of one side and the exit in a
	// random cell of the opposite side (seed 002): west and east, or north
	// and south when the maze is taller than it is wide.
	Sides Openings = "sides"
	// Longest puts the entrance and the exit in the two border cells that
	// are farthest apart through the maze, for the longest solution.
	Longest Openings = "longest"
)

// OpeningsNames lists the accepted values of Openings.
var openingsNames = []Openings{Corners, Sides, Longest}

// ParseOpenings returns the Openings called s.
func ParseOpenings(s string) (Openings, error) {
	for _, o := range openingsNames {
		if string(o) == s {
			return o, nil
		}
	}
	names := make([]string, len(openingsNames))
	for i, o := range openingsNames {
		names[i] = string(o)
	}
	return "", fmt.Errorf("openings %q is unknown (known: %s)", s, strings.Join(names, ", "))
}

// PlaceDoors chooses the entrance and the exit as o says, drawing any random
// choice from r, and opens them in the outer wall.
func (m *Maze) PlaceDoors(o Openings, r *Rand) error {
	switch o {
	case Corners, "":
		in, out := cornerDoors(m.Grid)
		m.SetDoors(in, out)
	case Sides:
		in, out := sideDoors(m.Grid, r)
		m.SetDoors(in, out)
	case Longest:
		in, out := m.farthestDoors()
		m.SetDoors(in, out)
	default:
		_, err := ParseOpenings(string(o))
		return err
	}
	return nil
}

// cornerDoors returns doors at the first and the last cell, each through a
// border side: west then east on a rectangle.
func cornerDoors(g Grid) (Door, Door) {
	if _, ok := g.(Rect); ok {
		return Door{0, West}, Door{g.Cells() - 1, East}
	}
	return Door{0, borderSide(g, 0)}, Door{g.Cells() - 1, borderSide(g, g.Cells()-1)}
}

// sideDoors returns doors in random cells of opposite sides of a rectangle.
func sideDoors(g Grid, r *Rand) (Door, Door) {
	rect, ok := g.(Rect)
	if !ok {
		return cornerDoors(g)
	}
	if rect.H > rect.W {
		return Door{rect.Cell(r.IntN(rect.W), 0), North}, Door{rect.Cell(r.IntN(rect.W), rect.H-1), South}
	}
	return Door{rect.Cell(0, r.IntN(rect.H)), West}, Door{rect.Cell(rect.W-1, r.IntN(rect.H)), East}
}

// borderSide returns a side of cell c on the outer border, or 0 if c is
// not on the border.
func borderSide(g Grid, c int) int {
	for s := 0; s < g.Sides(); s++ {
		if g.Neighbor(c, s) < 0 {
			return s
		}
	}
	return 0
}

// farthestDoors returns doors on the two border cells farthest apart
// through the maze. It sweeps twice: from any border cell to the farthest
// border cell A, then from A to the farthest border cell B. On a perfect
// maze (a tree) this finds the true farthest pair.
func (m *Maze) farthestDoors() (Door, Door) {
	g := m.Grid
	onBorder := func(c int) bool {
		for s := 0; s < g.Sides(); s++ {
			if g.Neighbor(c, s) < 0 {
				return true
			}
		}
		return false
	}
	start, _ := cornerDoors(g)
	dist := m.Distances(start.Cell)
	a := farthest(dist, onBorder)
	dist = m.Distances(a)
	b := farthest(dist, onBorder)
	if a > b {
		a, b = b, a
	}
	return Door{a, borderSide(g, a)}, Door{b, borderSide(g, b)}
}

// farthest returns the cell with the largest distance among those keep
// accepts, the lowest numbered one on ties.
func farthest(dist []int32, keep func(int) bool) int {
	best, bestDist := 0, int32(-1)
	for c, d := range dist {
		if d > bestDist && keep(c) {
			best, bestDist = c, d
		}
	}
	return best
}
