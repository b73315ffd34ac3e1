package maze

import (
	"fmt"
	"math"
)

// Point is a position in grid units: one unit is about one cell across, x
// grows to the right and y grows downwards, as on a page.
type Point struct {
	X, Y float64
}

// Grid is the shape a maze is carved in. It numbers the cells 0..Cells()-1
// and answers, for each cell, how many sides it has, what lies across each
// side, which side of the neighbour faces back, and where the side lies in
// the plane. Every generator, solver and metric asks only these questions,
// so a new shape of grid (one file, and a line in the shape registry) gets
// all of them.
//
// The sides of a cell are numbered 0..Sides(c)-1 in clockwise order around
// the cell as drawn (y grows downwards): walking them in order keeps the
// cell on the right hand. Wall followers take their turns from this order.
type Grid interface {
	// Cells returns the number of cells.
	Cells() int
	// MaxSides returns the most sides any cell has, at most MaxSides.
	MaxSides() int
	// Sides returns the number of sides of cell c.
	Sides(c int) int
	// Neighbor returns what lies across side s of cell c: a cell (0 or
	// more), Border (the outside of the shape, where a door may open),
	// Hole (a boundary within the shape: a hole of a mask, the middle of
	// a circle) or NoSide (the side is not there: the place of a side
	// another cell took, such as a crossing's under-passage).
	Neighbor(c, s int) int
	// Opposite returns the side of the neighbour across side s of cell c
	// that faces back to c. It is called only for sides with a neighbour.
	Opposite(c, s int) int
	// Size returns the width and height of the grid in grid units: every
	// cell lies within the box from (0, 0) to (w, h).
	Size() (w, h float64)
	// Center returns the centre of cell c.
	Center(c int) Point
	// Side returns where side s of cell c lies: a segment or an arc, from
	// its first end to its second going clockwise around the cell.
	Side(c, s int) Edge
	// Heading returns the direction, in radians, of a step out of cell c
	// through side s, as a person following the corridor sees it: on a
	// square grid the side's outward normal; around the rings of a circle
	// the way round. A turn is a change of heading.
	Heading(c, s int) float64
}

// What may lie across a side, besides a cell.
const (
	// Border is the outside of the grid: doors open only here.
	Border = -1
	// Hole is a boundary inside the grid's shape, such as a hole in a
	// mask or the middle of a circle: a wall that is not the outside.
	Hole = -2
	// NoSide marks a side that is not there.
	NoSide = -3
)

// MaxSides is the most sides a cell may have: a maze keeps one bit per
// side of every cell in a byte.
const MaxSides = 8

// Edge is where a side lies: the straight segment from A to B, or, when
// Radius is above 0, the arc from A to B of the circle of that radius
// around Center, turning clockwise as drawn when Clockwise is set.
type Edge struct {
	A, B      Point
	Center    Point
	Radius    float64
	Clockwise bool
}

// IsArc reports whether the edge is an arc.
func (e Edge) IsArc() bool { return e.Radius > 0 }

// Reverse returns the same edge run from B to A.
func (e Edge) Reverse() Edge {
	e.A, e.B = e.B, e.A
	e.Clockwise = !e.Clockwise
	return e
}

// Mid returns the middle of the edge: of the segment, or of the arc.
func (e Edge) Mid() Point {
	if !e.IsArc() {
		return Point{(e.A.X + e.B.X) / 2, (e.A.Y + e.B.Y) / 2}
	}
	a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
	m := a0 + e.Sweep()/2
	return Point{e.Center.X + float64(e.Radius*math.Cos(m)), e.Center.Y + float64(e.Radius*math.Sin(m))}
}

// Sweep returns the angle the edge turns through, in radians: positive
// clockwise as drawn, 0 for a segment.
func (e Edge) Sweep() float64 {
	if !e.IsArc() {
		return 0
	}
	a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
	a1 := math.Atan2(e.B.Y-e.Center.Y, e.B.X-e.Center.X)
	d := a1 - a0
	if e.Clockwise {
		for d <= 0 {
			d += 2 * math.Pi
		}
	} else {
		for d >= 0 {
			d -= 2 * math.Pi
		}
	}
	return d
}

// Validate checks that a grid keeps the promises of the Grid interface:
// every side of every cell has a neighbour that faces back through the
// same edge (run the other way), cells turn clockwise, sides lie within
// the grid's size, and no cell has more than MaxSides sides. Tests of
// every shape call it; a new shape should pass it before anything else.
func Validate(g Grid) error {
	if g.MaxSides() > MaxSides || g.MaxSides() < 1 {
		return fmt.Errorf("the grid says its cells have up to %d sides; a cell may have 1 to %d", g.MaxSides(), MaxSides)
	}
	w, h := g.Size()
	const eps = 1e-6
	inside := func(p Point) bool { return p.X >= -eps && p.Y >= -eps && p.X <= w+eps && p.Y <= h+eps }
	near := func(p, q Point) bool { return math.Abs(p.X-q.X) < eps && math.Abs(p.Y-q.Y) < eps }
	for c := 0; c < g.Cells(); c++ {
		n := g.Sides(c)
		if n < 1 || n > g.MaxSides() {
			return fmt.Errorf("cell %d has %d sides; the grid's most is %d", c, n, g.MaxSides())
		}
		if !inside(g.Center(c)) {
			return fmt.Errorf("cell %d: its centre %v is outside the grid's %gx%g", c, g.Center(c), w, h)
		}
		area := 0.0
		for s := 0; s < n; s++ {
			e := g.Side(c, s)
			if !inside(e.A) || !inside(e.B) {
				return fmt.Errorf("cell %d side %d: %v to %v is outside the grid's %gx%g", c, s, e.A, e.B, w, h)
			}
			next := g.Side(c, (s+1)%n)
			if g.Neighbor(c, s) != NoSide && g.Neighbor(c, (s+1)%n) != NoSide && !near(e.B, next.A) && n > 1 {
				return fmt.Errorf("cell %d: side %d ends at %v but side %d starts at %v", c, s, e.B, (s+1)%n, next.A)
			}
			area += edgeArea(e)
			switch nb := g.Neighbor(c, s); {
			case nb >= 0:
				if nb >= g.Cells() || nb == c {
					return fmt.Errorf("cell %d side %d: neighbour %d is not another cell", c, s, nb)
				}
				o := g.Opposite(c, s)
				if o < 0 || o >= g.Sides(nb) || g.Neighbor(nb, o) != c || g.Opposite(nb, o) != s {
					return fmt.Errorf("cell %d side %d: neighbour %d's side %d does not face back", c, s, nb, o)
				}
				f := g.Side(nb, o)
				if !near(f.A, e.B) || !near(f.B, e.A) || f.IsArc() != e.IsArc() {
					return fmt.Errorf("cell %d side %d (%v to %v) and cell %d side %d (%v to %v) are not one edge", c, s, e.A, e.B, nb, o, f.A, f.B)
				}
			case nb == Border, nb == Hole, nb == NoSide:
			default:
				return fmt.Errorf("cell %d side %d: neighbour %d is neither a cell nor Border, Hole or NoSide", c, s, nb)
			}
		}
		if area <= 0 && n > 2 {
			return fmt.Errorf("cell %d does not turn clockwise (its signed area is %g)", c, area)
		}
	}
	return nil
}

// edgeArea returns the edge's share of a cell's signed area, positive for
// cells walked clockwise as drawn (y down): the shoelace term of the chord
// plus the circular segment an arc adds or takes away.
func edgeArea(e Edge) float64 {
	a := (float64(e.A.X*e.B.Y) - float64(e.B.X*e.A.Y)) / 2
	if e.IsArc() {
		t := e.Sweep()
		a += e.Radius * e.Radius * (t - math.Sin(t)) / 2
	}
	return a
}

// Clearance returns the width of the narrowest corridor of the grid, in
// grid units: twice the least distance from a cell's centre to one of its
// sides, over every cell. A square grid's is 1, a triangular one's about
// 0.58. Drawings size the solution line and the markers by it. A grid that
// knows its own (see cleared) answers at once; others are measured cell
// by cell.
func Clearance(g Grid) float64 {
	if c, ok := g.(cleared); ok {
		return c.Clearance()
	}
	least := math.Inf(1)
	for c := 0; c < g.Cells(); c++ {
		p := g.Center(c)
		for s := 0; s < g.Sides(c); s++ {
			if g.Neighbor(c, s) == NoSide {
				continue
			}
			least = math.Min(least, edgeDistance(g.Side(c, s), p))
		}
	}
	if math.IsInf(least, 1) {
		return 1
	}
	return 2 * least
}

// cleared is a grid that knows its narrowest corridor.
type cleared interface {
	Clearance() float64
}

// edgeDistance returns the distance from p to the edge's line (a
// segment's line, an arc's circle).
func edgeDistance(e Edge, p Point) float64 {
	if e.IsArc() {
		return math.Abs(math.Hypot(p.X-e.Center.X, p.Y-e.Center.Y) - e.Radius)
	}
	dx, dy := e.B.X-e.A.X, e.B.Y-e.A.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return math.Hypot(p.X-e.A.X, p.Y-e.A.Y)
	}
	return math.Abs(float64((p.X-e.A.X)*dy)-float64((p.Y-e.A.Y)*dx)) / l
}

// Stepper is a grid whose steps from a cell's centre to a neighbour's are
// not straight: around a circle's rings they are arcs.
type Stepper interface {
	// Step returns the way from the centre of cell a to the centre of its
	// neighbour b.
	Step(a, b int) Edge
}

// StepEdge returns the way from the centre of cell a to the centre of its
// neighbour b: the grid's, when it is a Stepper, else a segment.
func StepEdge(g Grid, a, b int) Edge {
	if s, ok := g.(Stepper); ok {
		return s.Step(a, b)
	}
	return Edge{A: g.Center(a), B: g.Center(b)}
}
