package maze

import (
	"math"
	"strings"

	"mazebook/internal/say"
)

// Openings says where the entrance and the exit go.
type Openings string

// The ways of placing the entrance and the exit. Every way puts the
// entrance in the outer border of the shape (never in a hole of a mask),
// and the exit too, but Center's, which is in the middle of the shape.
const (
	// Corners puts the entrance at the top left of the shape and the exit
	// at the bottom right: on a rectangle, in the west wall of the
	// top-left cell and the east wall of the bottom-right cell (seed 001).
	Corners Openings = "corners"
	// TopBottom puts the entrance at the top left of the shape and the
	// exit at the bottom right, as Corners does, but in the top and the
	// bottom walls: on a rectangle, the north wall of the top-left cell
	// and the south wall of the bottom-right cell; elsewhere the border
	// sides facing up nearest the top-left corner and facing down nearest
	// the bottom-right. A picture at each door then stands above and
	// below the maze, where a portrait page has room for it.
	TopBottom Openings = "top-bottom"
	// Sides puts the entrance in a random place of the west side and the
	// exit in a random place of the east side (seed 002), or north and
	// south when the shape is taller than it is wide.
	Sides Openings = "sides"
	// Longest puts the entrance and the exit in two border cells far apart
	// through the maze, for a long solution: one end of its longest path,
	// and the border cell farthest from it among those at least half the
	// shape's diagonal away, so that the doors are far apart to the eye.
	Longest Openings = "longest"
	// Center makes the goal the middle of the shape. On a circle the exit
	// leads into the round middle and the entrance is a random place of
	// the rim; on every other grid the goal is the cell nearest the
	// middle (the centroid of its cells), a goal Inside that cell, and
	// the entrance is the border cell farthest from it through the maze.
	Center Openings = "center"
)

// openingsNames lists the accepted values of Openings.
var openingsNames = []Openings{Corners, TopBottom, Sides, Longest, Center}

// OpeningsNames returns the names of the ways of placing the doors:
// corners, top-bottom, sides, longest, center.
func OpeningsNames() []string {
	names := make([]string, len(openingsNames))
	for i, o := range openingsNames {
		names[i] = string(o)
	}
	return names
}

// ParseOpenings returns the Openings called s.
func ParseOpenings(s string) (Openings, error) {
	for _, o := range openingsNames {
		if string(o) == s {
			return o, nil
		}
	}
	return "", say.Errorf("openings %q is unknown (known: %s)", s, strings.Join(OpeningsNames(), ", "))
}

// PlaceDoors chooses the entrance and the exit as o says, drawing any random
// choice from r, and opens them in the outer wall.
func (m *Maze) PlaceDoors(o Openings, r *Rand) error {
	var in, out Door
	var err error
	switch o {
	case Corners, "":
		in, out, err = cornerDoors(m.Grid)
	case TopBottom:
		in, out, err = topBottomDoors(m.Grid)
	case Sides:
		in, out, err = sideDoors(m.Grid, r)
	case Longest:
		in, out, err = m.farthestDoors()
	case Center:
		in, out, err = m.centerDoors(r)
	default:
		_, err = ParseOpenings(string(o))
	}
	if err != nil {
		return err
	}
	m.SetDoors(in, out)
	return nil
}

// borderSide is a side of a cell in the outer border.
type borderSide struct {
	door Door
	mid  Point   // the middle of the side
	out  float64 // the direction of its outward normal, in radians
}

// borderSides lists the sides of the grid in its outer border, in cell
// order.
func borderSides(g Grid) []borderSide {
	var list []borderSide
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) == Border {
				e := g.Side(c, s)
				list = append(list, borderSide{Door{c, s}, e.Mid(), outward(g, c, e)})
			}
		}
	}
	return list
}

// outward returns the direction pointing out of cell c across its side e.
func outward(g Grid, c int, e Edge) float64 {
	m, p := e.Mid(), g.Center(c)
	return math.Atan2(m.Y-p.Y, m.X-p.X)
}

// errNoBorder is the error of a grid with no outer border to open.
var errNoBorder = say.Errorf("the maze has no outer wall to open a door in")

// cornerDoors returns doors at the top left and the bottom right of the
// shape: on a rectangle, the west side of the first cell and the east side
// of the last; elsewhere the border sides nearest the top-left and the
// bottom-right corners of the grid's box, facing out of it.
func cornerDoors(g Grid) (Door, Door, error) {
	if _, ok := g.(Rect); ok {
		return Door{0, West}, Door{g.Cells() - 1, East}, nil
	}
	sides := borderSides(g)
	if len(sides) == 0 {
		return Door{}, Door{}, errNoBorder
	}
	w, h := g.Size()
	best := func(corner Point) Door {
		var d Door
		bestDist := math.Inf(1)
		for _, b := range sides {
			dist := math.Hypot(b.mid.X-corner.X, b.mid.Y-corner.Y)
			if dist < bestDist-1e-9 {
				d, bestDist = b.door, dist
			}
		}
		return d
	}
	in, out := best(Point{0, 0}), best(Point{w, h})
	if in == out && len(sides) > 1 {
		out = best(Point{w, 0})
	}
	return in, out, nil
}

// topBottomDoors returns the doors of TopBottom: on a rectangle, the
// north side of the first cell and the south side of the last; elsewhere
// among the border sides facing within 45° of up, the one nearest the
// top-left corner of the grid's box, and among those facing within 45°
// of down, the one nearest the bottom-right (the corner doors when a
// shape has no such sides).
func topBottomDoors(g Grid) (Door, Door, error) {
	if _, ok := g.(Rect); ok {
		return Door{0, North}, Door{g.Cells() - 1, South}, nil
	}
	sides := borderSides(g)
	if len(sides) == 0 {
		return Door{}, Door{}, errNoBorder
	}
	w, h := g.Size()
	_, masked := g.(*Masked)
	pick := func(dir float64, corner Point) (Door, bool) {
		// On a mask, only the outermost sides that way (see sideDoors).
		far := math.Inf(-1)
		if masked {
			for _, b := range sides {
				if AngleGap(b.out, dir) <= math.Pi/4+1e-9 {
					far = math.Max(far, along(b.mid, dir))
				}
			}
		}
		var d Door
		best := math.Inf(1)
		for _, b := range sides {
			if AngleGap(b.out, dir) > math.Pi/4+1e-9 || along(b.mid, dir) < far-outermost {
				continue
			}
			if dist := math.Hypot(b.mid.X-corner.X, b.mid.Y-corner.Y); dist < best-1e-9 {
				d, best = b.door, dist
			}
		}
		return d, !math.IsInf(best, 1)
	}
	in, okIn := pick(-math.Pi/2, Point{0, 0})
	out, okOut := pick(math.Pi/2, Point{w, h})
	if !okIn || !okOut || in == out {
		return cornerDoors(g)
	}
	return in, out, nil
}

// sideDoors returns doors in random places of opposite sides of the shape:
// west and east, or north and south for a shape taller than it is wide.
// On a rectangle the door is in a random cell of the side; elsewhere among
// the border sides whose outward normal points that way.
func sideDoors(g Grid, r *Rand) (Door, Door, error) {
	if rect, ok := g.(Rect); ok {
		if rect.H > rect.W {
			return Door{rect.Cell(r.IntN(rect.W), 0), North}, Door{rect.Cell(r.IntN(rect.W), rect.H-1), South}, nil
		}
		return Door{rect.Cell(0, r.IntN(rect.H)), West}, Door{rect.Cell(rect.W-1, r.IntN(rect.H)), East}, nil
	}
	sides := borderSides(g)
	if len(sides) == 0 {
		return Door{}, Door{}, errNoBorder
	}
	w, h := g.Size()
	in, out := math.Pi, 0.0 // west, east
	if h > w {
		in, out = -math.Pi/2, math.Pi/2 // north, south
	}
	_, masked := g.(*Masked)
	pick := func(dir float64) Door {
		// The sides facing within 45° of dir; or, when none does, the
		// nearest to it. On a mask, only the outermost of them that way
		// (the tops of a word's letters, not the floors of their
		// notches), so that a door's mark stands outside the shape.
		far := math.Inf(-1)
		if masked {
			for _, b := range sides {
				if AngleGap(b.out, dir) <= math.Pi/4+1e-9 {
					far = math.Max(far, along(b.mid, dir))
				}
			}
		}
		var near []Door
		bestGap, best := math.Inf(1), sides[0].door
		for _, b := range sides {
			gap := AngleGap(b.out, dir)
			if gap <= math.Pi/4+1e-9 && along(b.mid, dir) >= far-outermost {
				near = append(near, b.door)
			}
			if gap < bestGap-1e-9 {
				bestGap, best = gap, b.door
			}
		}
		if len(near) == 0 {
			return best
		}
		return near[r.IntN(len(near))]
	}
	return pick(in), pick(out), nil
}

// outermost is how far short of a mask's outermost side facing a way a
// side may stand and still count as outermost, in grid units: within
// the shape's outer row that way.
const outermost = 1.0

// along returns how far p lies in the direction dir (radians).
func along(p Point, dir float64) float64 {
	s, c := math.Sincos(dir)
	return float64(p.X*c) + float64(p.Y*s)
}

// AngleGap returns the absolute difference of two directions, in radians,
// from 0 to π.
func AngleGap(a, b float64) float64 {
	d := math.Abs(a - b)
	if d < 2*math.Pi { // math.Mod's answer, without its cost
		if d > math.Pi {
			return 2*math.Pi - d
		}
		return d
	}
	d = math.Mod(d, 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}

// middled is a grid with a middle a maze may lead to: a circle.
type middled interface {
	// Origin returns the middle.
	Origin() Point
}

// centerDoors returns the doors of Center: on a circle, an entrance in a
// random place of the outer border and an exit into the middle (see
// circleCenterDoors); on any other grid, a goal inside the cell nearest
// the middle and an entrance in the border cell farthest from it through
// the maze, for the longest way to the middle.
func (m *Maze) centerDoors(r *Rand) (Door, Door, error) {
	g := m.Grid
	if _, ok := g.(middled); ok {
		return circleCenterDoors(g, r)
	}
	onBorder := newBitset(g.Cells())
	for _, b := range borderSides(g) {
		onBorder.set(b.door.Cell)
	}
	goal := middleCell(g, r)
	if goal < 0 {
		return Door{}, Door{}, errNoBorder
	}
	in := farthest(m.Distances(goal), onBorder.has)
	if !onBorder.has(in) {
		return Door{}, Door{}, errNoBorder
	}
	return Door{in, outerSide(g, in)}, Door{goal, Inside}, nil
}

// middleCell returns the cell nearest the middle of the grid: the
// centroid of its cells' centres (of a mask, the mask's own). Cells with
// a side that is not there (a weave's crossings and tunnels) are passed
// over, so that the goal is a plain cell; ties are drawn from r. It
// returns -1 for a grid with no such cell.
func middleCell(g Grid, r *Rand) int {
	plain := func(c int) bool {
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) == NoSide {
				return false
			}
		}
		return true
	}
	var sx, sy float64
	n := 0
	for c := 0; c < g.Cells(); c++ {
		if plain(c) {
			p := g.Center(c)
			sx, sy = sx+p.X, sy+p.Y
			n++
		}
	}
	if n == 0 {
		return -1
	}
	mid := Point{sx / float64(n), sy / float64(n)}
	var near []int
	best := math.Inf(1)
	for c := 0; c < g.Cells(); c++ {
		if !plain(c) {
			continue
		}
		p := g.Center(c)
		d := math.Hypot(p.X-mid.X, p.Y-mid.Y)
		switch {
		case d < best-1e-9:
			near, best = append(near[:0], c), d
		case d < best+1e-9:
			near = append(near, c)
		}
	}
	return near[r.IntN(len(near))]
}

// circleCenterDoors returns an entrance in a random place of the outer
// border and an exit into the middle of a circle: a random side of the
// innermost cells that faces the hole in the middle.
func circleCenterDoors(g Grid, r *Rand) (Door, Door, error) {
	o := g.(middled)
	sides := borderSides(g)
	if len(sides) == 0 {
		return Door{}, Door{}, errNoBorder
	}
	mid := o.Origin()
	var inner []Door
	bestDist := math.Inf(1)
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) != Hole {
				continue
			}
			e := g.Side(c, s).Mid()
			d := math.Hypot(e.X-mid.X, e.Y-mid.Y)
			switch {
			case d < bestDist-1e-6:
				inner, bestDist = []Door{{c, s}}, d
			case d < bestDist+1e-6:
				inner = append(inner, Door{c, s})
			}
		}
	}
	if len(inner) == 0 {
		return Door{}, Door{}, say.Errorf("openings %q: the circle has no middle to reach", Center)
	}
	return sides[r.IntN(len(sides))].door, inner[r.IntN(len(inner))], nil
}

// farthestDoors returns doors on the two border cells farthest apart
// through the maze. It sweeps twice: from any border cell to the farthest
// border cell A, then from A to the farthest border cell B. On a perfect
// maze (a tree) this finds the true farthest pair. Each door is the cell's
// border side that faces most directly away from the middle of the grid.
func (m *Maze) farthestDoors() (Door, Door, error) {
	g := m.Grid
	onBorder := newBitset(g.Cells())
	any := -1
	for _, b := range borderSides(g) {
		onBorder.set(b.door.Cell)
		if any < 0 {
			any = b.door.Cell
		}
	}
	if any < 0 {
		return Door{}, Door{}, errNoBorder
	}
	start, end, err := cornerDoors(g)
	if err != nil {
		return Door{}, Door{}, err
	}
	dist := m.Distances(start.Cell)
	a := farthest(dist, onBorder.has)
	dist = m.Distances(a)
	// The exit is the farthest border cell through the maze that is also
	// far from the entrance to the eye: at least half the grid's diagonal
	// away, so that the doors are not neighbours on one side.
	w, h := g.Size()
	pa := g.Center(a)
	apart := func(c int) bool {
		pc := g.Center(c)
		return onBorder.has(c) && math.Hypot(pc.X-pa.X, pc.Y-pa.Y) >= math.Hypot(w, h)/2
	}
	b := farthest(dist, apart)
	if !apart(b) {
		b = farthest(dist, onBorder.has)
	}
	if a == b {
		return start, end, nil // a maze of one cell: entered on one side, left on another
	}
	if a > b {
		a, b = b, a
	}
	return Door{a, outerSide(g, a)}, Door{b, outerSide(g, b)}, nil
}

// outerSide returns the border side of cell c that faces most directly
// away from the middle of the grid; on a rectangle, the first border side
// in side order, as always.
func outerSide(g Grid, c int) int {
	if _, ok := g.(Rect); ok {
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) == Border {
				return s
			}
		}
	}
	w, h := g.Size()
	p := g.Center(c)
	away := math.Atan2(p.Y-h/2, p.X-w/2)
	best, bestGap := -1, math.Inf(1)
	for s := 0; s < g.Sides(c); s++ {
		if g.Neighbor(c, s) != Border {
			continue
		}
		if gap := AngleGap(outward(g, c, g.Side(c, s)), away); gap < bestGap-1e-9 {
			best, bestGap = s, gap
		}
	}
	return best
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
