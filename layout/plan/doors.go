package plan

import (
	"strconv"

	"mazebook/layout/display"
	"mazebook/layout/draw"
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

// A doorway is a way through a rectangle the plan may give a maze: in at
// one wall, out at the opposite one.
type doorway int

// The ways through.
const (
	westEast doorway = iota
	eastWest
	northSouth
	southNorth
)

// placeDoors gives each maze whose doors are the plan's to place doors of
// its own, drawn from the book's seed, the section's id and the maze's
// place in it (see doorways): a section's mazes, page after page, are
// entered from different walls and at different places, as a book's are,
// not all at the top left. A section whose spec places its doors keeps
// them; `openings: sides` on a plain rectangle puts them in the west and
// east walls, at rows drawn from the seed, whatever the maze's
// proportions (the maze package's Sides turns to the top and bottom walls
// for a tall maze, which a reader of "sides" does not expect).
func (p *Plan) placeDoors() {
	s := p.Spec
	area := make([]display.Box, len(p.Mazes)) // each maze's area on its puzzle page
	for _, pp := range p.Pages {
		if pp.Kind == PuzzlePage {
			for k, mi := range pp.Mazes {
				area[mi] = pp.MazeArea(pp.Slots[k])
			}
		}
	}
	for i := range p.Mazes {
		mp := &p.Mazes[i]
		sec := &s.Sections[mp.Section]
		r := &mp.Recipe
		if sec.Shape != maze.Rectangle || sec.Mask != nil || sec.Weave > 0 || sec.Entrance != nil || sec.Exit != nil {
			continue
		}
		w, h := r.Size.W, r.Size.H
		rnd := maze.NewRand(maze.DeriveSeed(s.Seed, sec.ID, "doors", strconv.Itoa(mp.Index)))
		if s.Given(sec.Path("openings")) {
			if sec.Openings == maze.Sides && h >= 3 && w >= 2 {
				in, out := 1+rnd.IntN(h-2), 1+rnd.IntN(h-2)
				r.Entrance, r.Exit = &maze.At{0, in}, &maze.At{w - 1, out}
			}
			continue
		}
		ways := p.doorways(mp.Section, area[i], mp)
		// The section's ways in an order drawn once for the section, and
		// maze Index takes the next: two mazes running have different
		// ways through whenever the section has more than one.
		order := maze.NewRand(maze.DeriveSeed(s.Seed, sec.ID, "doorways"))
		order.Shuffle(len(ways), func(a, b int) { ways[a], ways[b] = ways[b], ways[a] })
		r.Entrance, r.Exit = doorCells(ways[mp.Index%len(ways)], w, h, rnd)
		if r.Entrance == nil {
			r.Openings = maze.Corners
			if p.doors[mp.Section].Axis == draw.Down {
				r.Openings = maze.TopBottom
			}
		}
	}
}

// doorways returns the ways through a section's rectangle mp the plan
// may choose: across or down as its theme's pictures are laid out (see
// sizeMazes); else across when the maze with the room for its marks
// fills its area's width, down when it fills its height, so that its
// marks stand in the room kept for them and the maze with them fills
// its area as before.
func (p *Plan) doorways(si int, area display.Box, mp *Maze) []doorway {
	axis := draw.Across
	if p.axisSized(si) {
		axis = p.doors[si].Axis
	} else if r := p.RoomOf(si); (area.W-2*r.AbsX)/(mp.GridW+2*r.CellsX) > (area.H-2*r.AbsY)/(mp.GridH+2*r.CellsY)+1e-9 {
		axis = draw.Down
	}
	if axis == draw.Down {
		return []doorway{northSouth, southNorth}
	}
	return []doorway{westEast, eastWest}
}

// doorCells returns the cells of the doors of a way through a w by h
// rectangle: the entrance in a cell of one wall, away from its corners
// (whose first border side, north, maze.Maze.PlaceAt opens) in the fifth
// nearer one end, drawn from r (near a corner, for a way through as long
// as the corner doors', which a section's level was calibrated on), and the exit in the cell opposite it
// through the middle, for a long way across. It returns nils for a
// rectangle too narrow for the way (the plan's corner doors then).
func doorCells(way doorway, w, h int, r *maze.Rand) (in, out *maze.At) {
	switch way {
	case westEast, eastWest:
		if h < 3 || w < 2 {
			return nil, nil
		}
		row := 1 + r.IntN(max(1, h/5))
		if r.IntN(2) == 1 {
			row = h - 1 - row
		}
		in, out = &maze.At{0, row}, &maze.At{w - 1, h - 1 - row}
		if way == eastWest {
			in, out = &maze.At{w - 1, row}, &maze.At{0, h - 1 - row}
		}
	default:
		if w < 2 || h < 2 {
			return nil, nil
		}
		// The top row's cells open north, all of them; the bottom row's
		// south but its last, which opens east.
		col := r.IntN(max(1, w/5))
		if r.IntN(2) == 1 {
			col = w - 2 - col
		}
		top, bottom := &maze.At{w - 1 - col, 0}, &maze.At{col, h - 1}
		in, out = top, bottom
		if way == southNorth {
			in, out = bottom, top
		}
	}
	return in, out
}
