package maze

import (
	"math"
	"testing"
)

func TestPolarIsAValidGrid(t *testing.T) {
	var grids []*Polar
	for _, inner := range []float64{0.5, 0.75, 1, 2.5, 7, 100} {
		for _, rings := range []int{1, 2, 3, 4, 5, 7, 12} {
			grids = append(grids, mustGrid(NewPolar(rings, inner)))
		}
	}
	grids = append(grids, mustGrid(NewPolar(30, 0.5)), mustGrid(NewPolar(40, 3)))
	for _, g := range grids {
		if err := Validate(g); err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		checkConnected(t, g)
		checkHeadingsReverse(t, g)
		checkPolarRings(t, g)
		checkPolarCells(t, g)
	}
}

// checkPolarRings fails unless the rings of g keep the rule of their
// cells: at least 3, as many as the ring inside or twice as many, about as
// wide as deep; and unless the size is the circle's.
func checkPolarRings(t *testing.T, g *Polar) {
	t.Helper()
	total, doubles := 0, false
	for r := 0; r < g.Rings(); r++ {
		n := g.RingCells(r)
		total += n
		if n < 3 {
			t.Fatalf("%v: ring %d has %d cells", g, r, n)
		}
		if r > 0 && n != g.RingCells(r-1) && n != 2*g.RingCells(r-1) {
			t.Fatalf("%v: ring %d has %d cells, ring %d %d", g, r, n, r-1, g.RingCells(r-1))
		}
		if r > 0 && n == 2*g.RingCells(r-1) {
			doubles = true
		}
		if w := 2 * math.Pi * (g.Radius(r) + 0.5) / float64(n); w < 0.74 || w > 1.5 {
			t.Fatalf("%v: the cells of ring %d are %g wide", g, r, w)
		}
	}
	if total != g.Cells() {
		t.Fatalf("%v: the rings hold %d cells, not %d", g, total, g.Cells())
	}
	if want := map[bool]int{false: 4, true: 5}[doubles]; g.MaxSides() != want {
		t.Fatalf("%v: MaxSides is %d, want %d", g, g.MaxSides(), want)
	}
	R := g.Radius(g.Rings())
	if w, h := g.Size(); w != 2*R || h != 2*R || g.Origin() != (Point{R, R}) {
		t.Fatalf("%v: size %gx%g around %v, radius %g", g, w, h, g.Origin(), R)
	}
	// The circle touches the top of its box.
	last := g.Cell(g.Rings()-1, 0)
	if top := g.Side(last, 1).B; math.Abs(top.X-R) > 1e-9 || math.Abs(top.Y) > 1e-9 {
		t.Fatalf("%v: the top of the circle is at %v", g, top)
	}
}

// checkPolarCells fails unless every cell is numbered ring by ring, has its
// centre inside it, and has Hole only inwards from ring 0 and Border only
// outwards from the outer ring.
func checkPolarCells(t *testing.T, g *Polar) {
	t.Helper()
	o := g.Origin()
	c := 0
	for r := 0; r < g.Rings(); r++ {
		n := g.RingCells(r)
		for i := 0; i < n; i++ {
			if gr, gi := g.Ring(c); gr != r || gi != i || g.Cell(r, i) != c {
				t.Fatalf("%v: cell %d is in ring %d at %d, want %d at %d", g, c, gr, gi, r, i)
			}
			p := g.Center(c)
			rho := math.Hypot(p.X-o.X, p.Y-o.Y)
			a := math.Mod(math.Atan2(p.Y-o.Y, p.X-o.X)-polarAngle(i, n)+4*math.Pi, 2*math.Pi)
			if rho <= g.Radius(r)+1e-9 || rho >= g.Radius(r+1)-1e-9 || a <= 1e-9 || a >= 2*math.Pi/float64(n)-1e-9 {
				t.Fatalf("%v: the centre %v of cell %d is outside it", g, p, c)
			}
			for s := 0; s < g.Sides(c); s++ {
				nb := g.Neighbor(c, s)
				inward, outward := s == 0, s >= 2 && s < g.Sides(c)-1
				if (nb == Hole) != (inward && r == 0) || (nb == Border) != (outward && r == g.Rings()-1) {
					t.Fatalf("%v: cell %d side %d has neighbour %d", g, c, s, nb)
				}
			}
			c++
		}
	}
}

func TestPolarNeighbors(t *testing.T) {
	// Three rings around a middle of radius 0.5: rings of 6, 12 and 24
	// cells.
	g := mustGrid(NewPolar(3, 0.5))
	for r, n := range []int{6, 12, 24} {
		if g.RingCells(r) != n {
			t.Fatalf("ring %d has %d cells, want %d", r, g.RingCells(r), n)
		}
	}
	for _, tt := range []struct{ c, s, nb, back int }{
		{0, 0, Hole, 0}, // the middle
		{0, 1, 5, 4},    // counterclockwise: the last cell of ring 0
		{0, 2, 6, 0},    // outwards, first half
		{0, 3, 7, 0},    // outwards, second half
		{0, 4, 1, 1},    // clockwise
		{7, 0, 0, 3},
		{17, 4, 6, 1},
		{18, 2, Border, 0}, // the outer ring
		{18, 0, 6, 2},
		{19, 0, 6, 3},
	} {
		if got := g.Neighbor(tt.c, tt.s); got != tt.nb {
			t.Errorf("cell %d side %d has neighbour %d, want %d", tt.c, tt.s, got, tt.nb)
		}
		if tt.nb >= 0 && g.Opposite(tt.c, tt.s) != tt.back {
			t.Errorf("cell %d side %d faces side %d, want %d", tt.c, tt.s, g.Opposite(tt.c, tt.s), tt.back)
		}
	}
	if g.Sides(0) != 5 || g.Sides(18) != 4 || g.Sides(41) != 4 {
		t.Errorf("sides %d, %d, %d", g.Sides(0), g.Sides(18), g.Sides(41))
	}
	// Cell 0 starts at 12 o'clock and the numbers go clockwise: cell 1 of
	// ring 0 is right of cell 0.
	if p, q := g.Center(0), g.Center(1); !(p.Y < g.Origin().Y && q.X > p.X) {
		t.Errorf("cell 0 at %v, cell 1 at %v", p, q)
	}
	// Headings: round the ring is straight.
	for s, h := range []float64{-math.Pi / 2, math.Pi, math.Pi / 2, math.Pi / 2, 0} {
		if g.Heading(0, s) != h {
			t.Errorf("cell 0 side %d heads %g, want %g", s, g.Heading(0, s), h)
		}
	}
	// One ring never doubles.
	if one := mustGrid(NewPolar(1, 0.5)); one.MaxSides() != 4 || one.Cells() != 6 {
		t.Errorf("one ring: %d cells of up to %d sides", one.Cells(), one.MaxSides())
	}
}

func TestPolarRefusesBadSizes(t *testing.T) {
	for _, tt := range []struct {
		rings int
		inner float64
	}{
		{0, 1}, {-1, 1}, {MaxRings + 1, 1}, {math.MaxInt, 1}, {math.MinInt, 1}, {MaxRings, 0.5}, {6000, 100},
		{3, 0.4}, {3, 0}, {3, -1}, {3, 100.5}, {3, math.NaN()}, {3, math.Inf(1)}, {3, math.Inf(-1)},
	} {
		if g, err := NewPolar(tt.rings, tt.inner); err == nil {
			t.Errorf("NewPolar(%d, %g) = %v, want an error", tt.rings, tt.inner, g)
		}
	}
}

func TestPolarMazes(t *testing.T) {
	for _, g := range []*Polar{mustGrid(NewPolar(1, 0.5)), mustGrid(NewPolar(4, 0.5)), mustGrid(NewPolar(6, 2))} {
		checkShapeMazes(t, g, 2, Corners, Sides, Longest, Center)
	}
	// The exit into the middle is on ring 0.
	m, _ := Algorithms()[0].Generate(mustGrid(NewPolar(5, 1)), 3)
	if err := m.PlaceDoors(Center, NewRand(3)); err != nil {
		t.Fatal(err)
	}
	if r, _ := m.Grid.(*Polar).Ring(m.Exit.Cell); r != 0 || m.Exit.Side != 0 {
		t.Errorf("the exit %+v is not on the inward side of ring 0", m.Exit)
	}
}

// TestPolarSteps checks that a step round a ring is the short arc between
// the centres, turning the way the cells go, and a step between rings a
// segment.
func TestPolarSteps(t *testing.T) {
	g, err := NewPolar(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			nb := g.Neighbor(c, s)
			if nb < 0 {
				continue
			}
			e := StepEdge(g, c, nb)
			if e.A != g.Center(c) || e.B != g.Center(nb) {
				t.Fatalf("step %d to %d runs %v to %v", c, nb, e.A, e.B)
			}
			rc, _ := g.Ring(c)
			rn, _ := g.Ring(nb)
			if (rc == rn) != e.IsArc() {
				t.Fatalf("step %d to %d: arc %v", c, nb, e.IsArc())
			}
			if e.IsArc() {
				if sw := e.Sweep(); math.Abs(sw) > math.Pi/2 || (sw > 0) != (g.Heading(c, s) == 0) {
					t.Fatalf("step %d to %d sweeps %g, heading %g", c, nb, sw, g.Heading(c, s))
				}
			}
		}
	}
	if c := Clearance(g); c < 0.7 || c > 1.1 {
		t.Errorf("a circle's corridors are %g wide", c)
	}
	if c := Clearance(Rect{3, 3}); c != 1 {
		t.Errorf("a rectangle's corridors are %g wide", c)
	}
	tri, _ := NewTriangle(4)
	if c := Clearance(tri); math.Abs(c-1/math.Sqrt(3)) > 1e-9 {
		t.Errorf("a triangle's corridors are %g wide", c)
	}
}
