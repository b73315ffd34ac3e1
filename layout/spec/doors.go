package spec

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/maze"
)

// cellAt reads a cell given by its coordinates (a section's entrance or
// exit): a list of two whole numbers from 0, as the shape writes them
// (see maze.Shape.Coords). Whether the cell is in the grid is checked
// once the grid's size is known (see plan.Make).
func (d *decoder) cellAt(n *yaml.Node, key string, shape maze.Shape) *maze.At {
	bad := func() *maze.At {
		what := describe(n)
		if n.Kind == yaml.SequenceNode {
			what = say.T("a list of %d", len(n.Content))
		}
		d.errorf(n, "%s must be a cell of the %s, %s, such as [0, 2], not %s", key, shape.Name, shape.Coords, what)
		return nil
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		return bad()
	}
	var a maze.At
	for i, v := range n.Content {
		if v.Kind != yaml.ScalarNode {
			return bad()
		}
		coord := coordName(shape, i)
		k, err := strconv.Atoi(v.Value)
		if numErr, ok := err.(*strconv.NumError); ok && numErr.Err == strconv.ErrRange || err == nil && k >= maze.MaxCells {
			d.errorf(v, "%s: %s %s is far outside any maze (a maze has at most %d cells): give the %s of a cell of this section's %s", key, coord, v.Value, maze.MaxCells, coord, shape.Name)
			return nil
		}
		if err != nil {
			return bad()
		}
		if k < 0 {
			d.errorf(v, "%s: %s %d is not a cell's: they count from 0", key, coord, k)
			return nil
		}
		a[i] = k
	}
	return &a
}

// doorCells reads a section's entrance and exit cells, written at the
// nodes given (nil when not), and checks what can be checked before the
// grid's size is known: not the same cell twice, not beside openings
// (the path of the section's openings key), and not on a mask whose
// islands are kept apart.
func (d *decoder) doorCells(sec *Section, shape maze.Shape, entrance, exit *yaml.Node, openings string) {
	if entrance != nil {
		sec.Entrance = d.cellAt(entrance, "entrance", shape)
	}
	if exit != nil {
		sec.Exit = d.cellAt(exit, "exit", shape)
	}
	first := entrance
	if first == nil {
		first = exit
	}
	switch {
	case first == nil:
	case d.spec.Given(openings):
		d.errorAt(openings, "openings places the entrance and the exit, and so do entrance and exit: give one or the other")
	case sec.Islands == maze.Separate:
		d.errorf(first, "entrance and exit need the mask's islands joined: with islands: separate each island has its own doors")
	case sec.Entrance != nil && sec.Exit != nil && *sec.Entrance == *sec.Exit:
		d.errorf(exit, "the exit %v is the entrance's cell: give two different cells", *sec.Exit)
	}
}

// coordName returns the name of coordinate i of a shape's cells, as its
// Coords writes them ("[ring, index], ..." gives ring and index).
func coordName(shape maze.Shape, i int) string {
	inner, _, _ := strings.Cut(strings.TrimPrefix(shape.Coords, "["), "]")
	names := strings.Split(inner, ",")
	if len(names) != 2 {
		return [2]string{"column", "row"}[i]
	}
	return strings.TrimSpace(names[i])
}
