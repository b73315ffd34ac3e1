package theme

import (
	"math"
	"testing"

	"mazebook/layout/display"
)

// TestSplinePassesThroughItsPoints checks that a smooth curve, open or
// closed, runs through every point it is drawn through, in order.
func TestSplinePassesThroughItsPoints(t *testing.T) {
	pts := []float64{0.1, 0.5, 0.4, 0.2, 0.8, 0.4, 0.6, 0.9}
	for _, closed := range []bool{false, true} {
		c := spline(pts, closed)
		at := 0
		for i := 0; i < len(pts); i += 2 {
			found := false
			for ; at+1 < len(c); at += 2 {
				if math.Hypot(c[at]-pts[i], c[at+1]-pts[i+1]) < 1e-12 {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("closed %v: the curve misses (%g, %g)", closed, pts[i], pts[i+1])
			}
		}
	}
}

// TestInside checks the test of a point inside an outline.
func TestInside(t *testing.T) {
	square := []float64{0.2, 0.2, 0.8, 0.2, 0.8, 0.8, 0.2, 0.8}
	for _, c := range []struct {
		x, y float64
		want bool
	}{{0.5, 0.5, true}, {0.1, 0.5, false}, {0.5, 0.9, false}, {0.79, 0.21, true}, {0.9, 0.9, false}} {
		if got := inside(square, c.x, c.y); got != c.want {
			t.Errorf("inside(square, %g, %g) = %v", c.x, c.y, got)
		}
	}
}

// TestBehind draws a line across a square it passes behind: two strokes
// are left, one each side, ending at the square's edge.
func TestBehind(t *testing.T) {
	p := &pen{box: display.Box{W: 1, H: 1}}
	square := []float64{0.4, 0.2, 0.6, 0.2, 0.6, 0.8, 0.4, 0.8}
	p.behind(square, func() { p.line(0.1, 0.5, 0.9, 0.5) })
	if len(p.bold) != 2 {
		t.Fatalf("%d strokes, want 2: %v", len(p.bold), p.bold)
	}
	for _, s := range p.bold {
		for _, q := range s.Points {
			if q.X > 0.4+1e-9 && q.X < 0.6-1e-9 {
				t.Errorf("a stroke reaches (%g, %g), behind the square", q.X, q.Y)
			}
		}
	}
	a, b := p.bold[0].Points, p.bold[1].Points
	if got := a[len(a)-1].X; math.Abs(got-0.4) > 0.005 {
		t.Errorf("the left stroke ends at x = %g, not at the square's edge", got)
	}
	if got := b[0].X; math.Abs(got-0.6) > 0.005 {
		t.Errorf("the right stroke starts at x = %g, not at the square's edge", got)
	}
}

// TestFillsTurnOneWay checks that every filled shape turns the same way,
// so that overlapping ones add up under the nonzero rule of SVG and PNG.
func TestFillsTurnOneWay(t *testing.T) {
	p := &pen{box: display.Box{W: 1, H: 1}}
	p.fill(0.1, 0.1, 0.5, 0.1, 0.5, 0.5)
	p.fill(0.3, 0.3, 0.3, 0.7, 0.7, 0.7) // drawn the other way round
	p.dot(0.5, 0.5, 0.1)
	for i, f := range p.fills {
		area := 0.0
		for j, a := range f {
			b := f[(j+1)%len(f)]
			area += a.X*b.Y - a.Y*b.X
		}
		if area <= 0 {
			t.Errorf("fill %d turns the other way", i)
		}
	}
}
