package maze

import (
	"math"
	"testing"
)

func TestRectIsAValidGrid(t *testing.T) {
	for _, g := range []Rect{{1, 1}, {1, 5}, {7, 1}, {2, 3}, {9, 6}} {
		if err := Validate(g); err != nil {
			t.Errorf("%v: %v", g, err)
		}
	}
}

// badGrid is a 2x1 rectangle with one promise of Grid broken.
type badGrid struct {
	Rect
	flaw string
}

func (g badGrid) Opposite(c, s int) int {
	if g.flaw == "opposite" && c == 0 && s == East {
		return North
	}
	return g.Rect.Opposite(c, s)
}

func (g badGrid) Side(c, s int) Edge {
	e := g.Rect.Side(c, s)
	if g.flaw == "anticlockwise" {
		return e.Reverse()
	}
	if g.flaw == "outside" && c == 1 && s == East {
		e.A.X += 5
	}
	return e
}

func (g badGrid) MaxSides() int {
	if g.flaw == "sides" {
		return 9
	}
	return 4
}

// TestValidateFindsBrokenGrids checks that Validate catches each broken
// promise, so that a new shape that passes it keeps them.
func TestValidateFindsBrokenGrids(t *testing.T) {
	for _, flaw := range []string{"opposite", "anticlockwise", "outside", "sides"} {
		if err := Validate(badGrid{Rect{2, 1}, flaw}); err == nil {
			t.Errorf("a grid with a wrong %s passes", flaw)
		}
	}
}

func TestEdgeArcs(t *testing.T) {
	// A quarter of the unit circle from (1, 0) to (0, 1), clockwise as
	// drawn (y down).
	e := Edge{A: Point{1, 0}, B: Point{0, 1}, Radius: 1, Clockwise: true}
	if s := e.Sweep(); math.Abs(s-math.Pi/2) > 1e-12 {
		t.Errorf("sweep %g", s)
	}
	m := e.Mid()
	if math.Abs(m.X-math.Sqrt2/2) > 1e-12 || math.Abs(m.Y-math.Sqrt2/2) > 1e-12 {
		t.Errorf("mid %v", m)
	}
	r := e.Reverse()
	if s := r.Sweep(); math.Abs(s+math.Pi/2) > 1e-12 || r.Mid() != m {
		t.Errorf("reversed: sweep %g mid %v", s, r.Mid())
	}
	// The other way round is three quarters.
	e.Clockwise = false
	if s := e.Sweep(); math.Abs(s+3*math.Pi/2) > 1e-12 {
		t.Errorf("anticlockwise sweep %g", s)
	}
}

// TestClearanceShortcuts checks that the grids that know their narrowest
// corridor answer what measuring every cell gives.
func TestClearanceShortcuts(t *testing.T) {
	p, _ := NewPolar(7, 0.7)
	h, _ := NewHexagon(5)
	hb, _ := NewHexBlock(6, 4)
	tr, _ := NewTriangle(6)
	tb, _ := NewTriangleBlock(7, 4)
	w, _ := NewWeave(8, 8, 1, NewRand(2))
	m, _ := NewMasked(Rect{5, 5}, []bool{true, true, true, true, true, true, false, false, false, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true})
	for _, g := range []Grid{Rect{4, 3}, p, h, hb, tr, tb, w, m} {
		measured := math.Inf(1)
		for c := 0; c < g.Cells(); c++ {
			for s := 0; s < g.Sides(c); s++ {
				if g.Neighbor(c, s) != NoSide {
					measured = math.Min(measured, 2*edgeDistance(g.Side(c, s), g.Center(c)))
				}
			}
		}
		if got := Clearance(g); math.Abs(got-measured) > 1e-9 {
			t.Errorf("%T: Clearance %g, measured %g", g, got, measured)
		}
	}
}
