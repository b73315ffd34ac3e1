package plan

import (
	"mazebook/layout/spec"
	"mazebook/maze"
)

// checkDoorCells checks that a section's entrance and exit cells, when it
// gives them, are cells of its grid g (inside the mask, for a mask): a
// size chosen from the level or the cell size is known only here. A cell
// outside is an error at the key that gives it.
func checkDoorCells(s *spec.Book, sec *spec.Section, g maze.Grid) *spec.Error {
	shape, _ := maze.LookupShape(sec.Shape)
	for _, d := range []struct {
		key string
		at  *maze.At
	}{{"entrance", sec.Entrance}, {"exit", sec.Exit}} {
		if d.at == nil {
			continue
		}
		if _, err := maze.Locate(g, *d.at); err != nil {
			return sectionError(s, sec, d.key, "%s: %s %v: %v (a %s's cells are %s)", sec.Name(), d.key, *d.at, err, shape.Name, shape.Coords)
		}
	}
	return nil
}
