package maze

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"mazebook/internal/say"
)

// Limits of a circular grid.
const (
	// MaxRings is the most rings a circular grid may have.
	MaxRings = 10000
	// MinInner and MaxInner bound the radius of a circular grid's middle,
	// in ring widths.
	MinInner = 0.5
	MaxInner = 100
)

// Polar is a circular grid: concentric rings of cells around a round hole
// in the middle. Ring r, counted from 0 innermost, spans the radii from
// Radius(r) to Radius(r+1), one unit wide, and is split into RingCells(r)
// cells of equal angle. Cell 0 of every ring starts at 12 o'clock and the
// cells of a ring are numbered clockwise; the cells of ring 0 come first,
// then those of ring 1, and so on. A ring has as many cells as the ring
// inside it or twice as many, so that the cells stay about as wide as they
// are deep: each cell has one or two neighbours outwards.
//
// The sides of a cell, clockwise as drawn, are: 0, the inward arc (facing
// the hole in the middle, Hole, on ring 0); 1, the radial side at the
// cell's counterclockwise end; 2, and 3 when the ring outside has twice as
// many cells, the outward arcs (facing the Border on the outer ring); and
// last, the radial side at the clockwise end.
type Polar struct {
	inner float64
	// first[r] is the number of the first cell of ring r; first[rings] is
	// the number of cells.
	first []int
}

// NewPolar returns a circular grid of rings rings around a middle of radius
// inner, in ring widths. It returns an error when rings is not from 1 to
// MaxRings, inner is not from MinInner to MaxInner, or the grid would have
// more than MaxCells cells.
func NewPolar(rings int, inner float64) (*Polar, error) {
	if rings < 1 || rings > MaxRings {
		return nil, say.Errorf("circle of %d rings: a circle has 1 to %d rings", rings, MaxRings)
	}
	if !(inner >= MinInner && inner <= MaxInner) {
		return nil, say.Errorf("circle with a middle of radius %g: the radius must be from %g to %g ring widths", inner, float64(MinInner), float64(MaxInner))
	}
	first := make([]int, rings+1)
	n := polarFirstRing(inner)
	for r := 0; r < rings; r++ {
		if r > 0 {
			n = polarRingCells(inner, r, n)
		}
		first[r+1] = first[r] + n
		if first[r+1] > MaxCells {
			return nil, say.Errorf("circle of %d rings around a middle of radius %g: more than the %d cells allowed", rings, inner, MaxCells)
		}
	}
	return &Polar{inner: inner, first: first}, nil
}

// polarFirstRing returns the number of cells of ring 0 around a middle of
// radius inner: about as many as the ring is long at its middle, at least
// 3.
func polarFirstRing(inner float64) int {
	return max(3, int(math.Round(float64(2*math.Pi*(inner+0.5)))))
}

// polarRingCells returns the number of cells of ring r, whose inner
// neighbour ring has n cells: n, or 2n when cells of n would be wider than
// 1.5 units at the ring's middle radius.
func polarRingCells(inner float64, r, n int) int {
	if 2*math.Pi*(inner+float64(r)+0.5)/float64(n) > 1.5 {
		return 2 * n
	}
	return n
}

// Rings returns the number of rings.
func (g *Polar) Rings() int { return len(g.first) - 1 }

// Inner returns the radius of the hole in the middle, in ring widths.
func (g *Polar) Inner() float64 { return g.inner }

// RingCells returns the number of cells of ring r.
func (g *Polar) RingCells(r int) int { return g.first[r+1] - g.first[r] }

// Ring returns the ring of cell c and its index within the ring, counted
// clockwise from 12 o'clock.
func (g *Polar) Ring(c int) (ring, index int) {
	r := sort.Search(g.Rings(), func(r int) bool { return g.first[r+1] > c })
	return r, c - g.first[r]
}

// Cell returns the number of cell index of ring r. The index is taken
// modulo the ring's cells, so -1 is the ring's last cell.
func (g *Polar) Cell(r, index int) int {
	n := g.RingCells(r)
	return g.first[r] + ((index%n)+n)%n
}

// Origin returns the centre of the circle.
func (g *Polar) Origin() Point {
	R := g.Radius(g.Rings())
	return Point{R, R}
}

// Radius returns the inner radius of ring r; Radius(Rings()) is the radius
// of the whole circle.
func (g *Polar) Radius(r int) float64 { return g.inner + float64(r) }

// doubles reports whether ring r has twice as many cells as ring r-1.
func (g *Polar) doubles(r int) bool {
	return r > 0 && r < g.Rings() && g.RingCells(r) == 2*g.RingCells(r-1)
}

// Cells returns the number of cells.
func (g *Polar) Cells() int { return g.first[len(g.first)-1] }

// MaxSides returns 5 when some ring has twice as many cells as the ring
// inside it, else 4.
func (g *Polar) MaxSides() int {
	for r := 1; r < g.Rings(); r++ {
		if g.doubles(r) {
			return 5
		}
	}
	return 4
}

// Sides returns 5 for a cell with two neighbours outwards, else 4.
func (g *Polar) Sides(c int) int {
	r, _ := g.Ring(c)
	return g.sides(r)
}

// sides returns the number of sides of the cells of ring r.
func (g *Polar) sides(r int) int {
	if g.doubles(r + 1) {
		return 5
	}
	return 4
}

// Neighbor returns the cell across side s of cell c: Hole inwards from
// ring 0, Border outwards from the outer ring.
func (g *Polar) Neighbor(c, s int) int {
	r, i := g.Ring(c)
	n := g.sides(r)
	switch {
	case s < 0 || s >= n:
		return NoSide
	case s == 0:
		if r == 0 {
			return Hole
		}
		if g.doubles(r) {
			return g.Cell(r-1, i/2)
		}
		return g.Cell(r-1, i)
	case s == 1:
		return g.Cell(r, i-1)
	case s == n-1:
		return g.Cell(r, i+1)
	}
	if r == g.Rings()-1 {
		return Border
	}
	if n == 5 {
		return g.Cell(r+1, 2*i+s-2)
	}
	return g.Cell(r+1, i)
}

// Opposite returns the side of the neighbour across side s of cell c that
// faces back.
func (g *Polar) Opposite(c, s int) int {
	r, i := g.Ring(c)
	n := g.sides(r)
	switch {
	case s == 0:
		if g.doubles(r) {
			return 2 + i%2
		}
		return 2
	case s == 1:
		return n - 1 // the lateral neighbours are on the same ring
	case s == n-1:
		return 1
	}
	return 0
}

// Size returns the circle's diameter, twice.
func (g *Polar) Size() (w, h float64) {
	d := 2 * g.Radius(g.Rings())
	return d, d
}

// polarAngle returns the angle of the start of cell i of a ring of n cells,
// clockwise as drawn from 12 o'clock.
func polarAngle(i, n int) float64 {
	return -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
}

// at returns the point at radius rho and angle a around the origin.
func (g *Polar) at(rho, a float64) Point {
	o := g.Origin()
	return Point{o.X + float64(rho*math.Cos(a)), o.Y + float64(rho*math.Sin(a))}
}

// Center returns the point at the middle radius and middle angle of cell
// c.
func (g *Polar) Center(c int) Point {
	r, i := g.Ring(c)
	return g.at(g.Radius(r)+0.5, polarAngle(2*i+1, 2*g.RingCells(r)))
}

// Side returns side s of cell c, from its first end to its second going
// clockwise round the cell: the inward arc runs counterclockwise round the
// circle, the outward arcs clockwise.
func (g *Polar) Side(c, s int) Edge {
	r, i := g.Ring(c)
	n, cells := g.sides(r), g.RingCells(r)
	a0, a1 := polarAngle(i, cells), polarAngle(i+1, cells)
	lo, hi := g.Radius(r), g.Radius(r+1)
	switch {
	case s == 0:
		return Edge{A: g.at(lo, a1), B: g.at(lo, a0), Center: g.Origin(), Radius: lo}
	case s == 1:
		return Edge{A: g.at(lo, a0), B: g.at(hi, a0)}
	case s == n-1:
		return Edge{A: g.at(hi, a1), B: g.at(lo, a1)}
	}
	if n == 5 {
		// Two halves, at the angles of the cells outside.
		a0, a1 = polarAngle(2*i+s-2, 2*cells), polarAngle(2*i+s-1, 2*cells)
	}
	return Edge{A: g.at(hi, a0), B: g.at(hi, a1), Center: g.Origin(), Radius: hi, Clockwise: true}
}

// Heading returns the direction of a step out of cell c through side s in
// the frame of a walker going round the circle: clockwise round the ring
// is 0, counterclockwise π, outwards π/2 and inwards -π/2, so a corridor
// round a ring is straight.
func (g *Polar) Heading(c, s int) float64 {
	r, _ := g.Ring(c)
	n := g.sides(r)
	switch {
	case s == 0:
		return -math.Pi / 2
	case s == 1:
		return math.Pi
	case s == n-1:
		return 0
	}
	return math.Pi / 2
}

// String describes the grid, as "12 rings around 1.5".
func (g *Polar) String() string {
	return fmt.Sprintf("%d rings around %g", g.Rings(), g.inner)
}

// Shape returns "circle".
func (g *Polar) Shape() string { return "circle" }

// DefaultInner is the radius of a circle's middle, in ring widths, when a
// size gives none.
const DefaultInner = 1.0

// circleShape is the shape of rings of cells around a middle, sized by its
// number of rings.
var circleShape = Shape{
	Name:        "circle",
	Description: "rings of cells around a round middle, the goal at the rim or at the centre",
	Sizes:       "RINGS, such as 12",
	Coords:      "[ring, index], ring 0 innermost, index 0 at 12 o'clock and on clockwise",
	Middle:      true,
	LevelCells:  [MaxLevel]int{9, 27, 45, 117, 225, 369, 657, 1377, 2385, 4401},
	// Measured: 300 bytes drawn whole, 308 in a book (see MemoryCost).
	Memory: MemoryCost{Drawing: 350, Drawn: 330},
	Parse: func(s string) (Size, error) {
		t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "rings"))
		n, err := strconv.Atoi(t)
		if err != nil {
			return Size{}, say.Errorf("%q is not a circle's size: give its number of rings, such as 12", s)
		}
		if _, err := NewPolar(n, DefaultInner); err != nil {
			return Size{}, err
		}
		return Size{W: n, Inner: DefaultInner}, nil
	},
	Format: func(sz Size) string { return fmt.Sprintf("%d rings", sz.W) },
	New: func(sz Size) (Grid, error) {
		inner := sz.Inner
		if inner == 0 {
			inner = DefaultInner
		}
		return NewPolar(sz.W, inner)
	},
	ForCells: func(n int, _ float64) Size {
		rings := sideFor(n, func(r int) int {
			g, err := NewPolar(r, DefaultInner)
			if err != nil {
				return MaxCells + 1
			}
			return g.Cells()
		})
		return Size{W: rings, Inner: DefaultInner}
	},
}

// Step returns the way from the centre of cell a to the centre of its
// neighbour b: an arc round the ring's middle when both are on one ring,
// else a straight line.
func (g *Polar) Step(a, b int) Edge {
	e := Edge{A: g.Center(a), B: g.Center(b)}
	ra, ia := g.Ring(a)
	rb, ib := g.Ring(b)
	if ra != rb {
		return e
	}
	e.Center, e.Radius = g.Origin(), g.Radius(ra)+0.5
	e.Clockwise = ib == (ia+1)%g.RingCells(ra)
	return e
}

// Clearance returns the narrowest corridor, measuring the first cell of
// each ring: the cells of a ring are alike.
func (g *Polar) Clearance() float64 {
	least := math.Inf(1)
	for r := 0; r < g.Rings(); r++ {
		c := g.first[r]
		p := g.Center(c)
		for s := 0; s < g.Sides(c); s++ {
			least = math.Min(least, edgeDistance(g.Side(c, s), p))
		}
	}
	return 2 * least
}
