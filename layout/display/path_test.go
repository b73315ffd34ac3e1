package display

import (
	"math"
	"strings"
	"testing"
)

func pt(x, y float64) Point { return Point{X: x, Y: y} }

func near(a, b Point, eps float64) bool { return math.Hypot(a.X-b.X, a.Y-b.Y) <= eps }

// TestArc checks the centre and radius of arcs turning either way, through
// less and more than π.
func TestArc(t *testing.T) {
	tests := []struct {
		name     string
		from, to Point
		bend     float64
		center   Point
		radius   float64
	}{
		// Clockwise as drawn (y down) from 3 o'clock to 6 o'clock.
		{"quarter clockwise", pt(10, 0), pt(0, 10), math.Pi / 2, pt(0, 0), 10},
		{"quarter anticlockwise", pt(0, 10), pt(10, 0), -math.Pi / 2, pt(0, 0), 10},
		{"three quarters clockwise", pt(10, 0), pt(0, -10), 3 * math.Pi / 2, pt(0, 0), 10},
		{"three quarters anticlockwise", pt(10, 0), pt(0, 10), -3 * math.Pi / 2, pt(0, 0), 10},
		{"half", pt(5, 7), pt(5, 27), math.Pi, pt(5, 17), 10},
		{"off centre", pt(53, 40), pt(40, 53), math.Pi / 2, pt(40, 40), 13},
	}
	for _, tt := range tests {
		p := Path{Points: []Point{tt.from, tt.to}, Bends: []float64{tt.bend}}
		c, r, ok := p.Arc(0)
		if !ok || !near(c, tt.center, 1e-9) || math.Abs(r-tt.radius) > 1e-9 {
			t.Errorf("%s: Arc = %v, %g, %v; want %v, %g", tt.name, c, r, ok, tt.center, tt.radius)
		}
	}
	for _, p := range []Path{
		Polyline(pt(0, 0), pt(1, 0)),
		{Points: []Point{pt(0, 0), pt(0, 0)}, Bends: []float64{1}},
		{Points: []Point{pt(0, 0), pt(1, 0)}, Bends: []float64{0}},
	} {
		if _, _, ok := p.Arc(0); ok {
			t.Errorf("%+v: piece 0 is an arc", p)
		}
		if _, _, ok := p.Arc(1); ok {
			t.Errorf("%+v: piece 1 exists", p)
		}
	}
}

// TestFlattenQuarterCircle checks that the chords of a quarter circle of
// radius 10 stay within the tolerance of the circle and end at its ends.
func TestFlattenQuarterCircle(t *testing.T) {
	for _, tol := range []float64{1, 0.1, 0.01, 1e-4} {
		for _, p := range []Path{
			{Points: []Point{pt(10, 0), pt(0, 10)}, Bends: []float64{math.Pi / 2}},
			{Points: []Point{pt(0, 10), pt(10, 0)}, Bends: []float64{-math.Pi / 2}},
		} {
			pts := p.Flatten(tol)
			if len(pts) < 2 || pts[0] != p.Points[0] || pts[len(pts)-1] != p.Points[1] {
				t.Fatalf("tolerance %g: Flatten = %v, want it from %v to %v", tol, pts, p.Points[0], p.Points[1])
			}
			for i, q := range pts {
				// Every point is on the circle, in the quarter, and every
				// chord's middle (its farthest point from the arc) within
				// the tolerance of it.
				if d := math.Hypot(q.X, q.Y); math.Abs(d-10) > 1e-9 || q.X < -1e-9 || q.Y < -1e-9 {
					t.Errorf("tolerance %g: point %v is not on the quarter circle", tol, q)
				}
				if i > 0 {
					m := pt((q.X+pts[i-1].X)/2, (q.Y+pts[i-1].Y)/2)
					if d := 10 - math.Hypot(m.X, m.Y); d > tol {
						t.Errorf("tolerance %g: chord %v-%v strays %g from the arc", tol, pts[i-1], q, d)
					}
				}
			}
			// Not needlessly many chords: twice the fewest is plenty.
			fewest := math.Ceil(math.Pi / 2 / (2 * math.Acos(1-tol/10)))
			if n := float64(len(pts) - 1); n > 2*fewest+1 {
				t.Errorf("tolerance %g: %g chords, where %g do", tol, n, fewest)
			}
		}
	}
}

func TestFlatten(t *testing.T) {
	// A polyline comes back as it is.
	line := Polyline(pt(0, 0), pt(3, 4), pt(3, 4), pt(-1, 2))
	if got := line.Flatten(0.1); len(got) != 4 || got[1] != pt(3, 4) || got[3] != pt(-1, 2) {
		t.Errorf("polyline: Flatten = %v", got)
	}
	// A closed path ends where it started, its last piece included.
	square := Path{Points: []Point{pt(0, 0), pt(1, 0), pt(1, 1), pt(0, 1)}, Closed: true}
	if got := square.Flatten(0.1); len(got) != 5 || got[4] != pt(0, 0) {
		t.Errorf("closed square: Flatten = %v", got)
	}
	// A circle of two half arcs, closed.
	circle := Path{Points: []Point{pt(20, 10), pt(0, 10)}, Bends: []float64{math.Pi, math.Pi}, Closed: true}
	got := circle.Flatten(0.01)
	if got[0] != pt(20, 10) || got[len(got)-1] != pt(20, 10) {
		t.Errorf("circle: Flatten runs from %v to %v", got[0], got[len(got)-1])
	}
	above, below := false, false
	for _, q := range got {
		if math.Abs(math.Hypot(q.X-10, q.Y-10)-10) > 1e-9 {
			t.Fatalf("circle: point %v is off the circle", q)
		}
		above, below = above || q.Y < 1, below || q.Y > 19
	}
	if !above || !below {
		t.Error("circle: Flatten does not go round")
	}
	// A nearly straight arc is one chord; a tolerance that is not
	// positive is the most chords.
	flat := Path{Points: []Point{pt(0, 0), pt(100, 0)}, Bends: []float64{1e-9}}
	if got := flat.Flatten(0.01); len(got) != 2 {
		t.Errorf("nearly straight arc: %d points", len(got))
	}
	quarter := Path{Points: []Point{pt(10, 0), pt(0, 10)}, Bends: []float64{math.Pi / 2}}
	for _, tol := range []float64{0, -1, math.NaN()} {
		if got := quarter.Flatten(tol); len(got) != MaxChords+1 {
			t.Errorf("tolerance %g: %d points, want %d", tol, len(got), MaxChords+1)
		}
	}
	if got := (Path{}).Flatten(1); got != nil {
		t.Errorf("empty path: Flatten = %v", got)
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		name string
		p    Path
		want Box
	}{
		{"polyline", Polyline(pt(1, 2), pt(-3, 5), pt(4, 0)), Box{X: -3, Y: 0, W: 7, H: 5}},
		// The top half of the circle of radius 10 around (0, 0), drawn
		// clockwise from 9 o'clock to 3 o'clock.
		{"top half", Path{Points: []Point{pt(-10, 0), pt(10, 0)}, Bends: []float64{math.Pi}}, Box{X: -10, Y: -10, W: 20, H: 10}},
		{"bottom half", Path{Points: []Point{pt(-10, 0), pt(10, 0)}, Bends: []float64{-math.Pi}}, Box{X: -10, Y: 0, W: 20, H: 10}},
		{"quarter", Path{Points: []Point{pt(10, 0), pt(0, 10)}, Bends: []float64{math.Pi / 2}}, Box{W: 10, H: 10}},
		{"three quarters", Path{Points: []Point{pt(10, 0), pt(0, 10)}, Bends: []float64{-3 * math.Pi / 2}}, Box{X: -10, Y: -10, W: 20, H: 20}},
		{"closing arc", Path{Points: []Point{pt(-10, 0), pt(10, 0)}, Bends: []float64{0, math.Pi}, Closed: true}, Box{X: -10, Y: 0, W: 20, H: 10}},
		{"empty", Path{}, Box{}},
	}
	for _, tt := range tests {
		got := tt.p.Bounds()
		if math.Abs(got.X-tt.want.X) > 1e-9 || math.Abs(got.Y-tt.want.Y) > 1e-9 || math.Abs(got.W-tt.want.W) > 1e-9 || math.Abs(got.H-tt.want.H) > 1e-9 {
			t.Errorf("%s: Bounds = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestCheckBends(t *testing.T) {
	page := func(p Path) *Page {
		return &Page{Width: 100, Height: 100, Items: []Item{&Line{Paths: []Path{Polyline(pt(0, 0), pt(1, 1)), p}, Width: 1}}}
	}
	two := []Point{pt(0, 0), pt(10, 0)}
	three := []Point{pt(0, 0), pt(10, 0), pt(10, 10)}
	good := []Path{
		{Points: two},
		{Points: two, Bends: []float64{}},
		{Points: two, Bends: []float64{1}},
		{Points: three, Bends: []float64{0, -math.Nextafter(2*math.Pi, 0)}},
		{Points: three, Bends: []float64{1, 2}, Closed: true},
		{Points: three, Bends: []float64{1, 2, 3}, Closed: true},
		{Points: []Point{pt(5, 5)}, Bends: []float64{1}, Closed: true},
	}
	for _, p := range good {
		if err := page(p).Check(); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
	bad := []struct {
		name, want string
		p          Path
	}{
		{"NaN bend", "not finite", Path{Points: two, Bends: []float64{math.NaN()}}},
		{"infinite bend", "not finite", Path{Points: two, Bends: []float64{math.Inf(-1)}}},
		{"bend of 2π", "2π", Path{Points: two, Bends: []float64{2 * math.Pi}}},
		{"bend of -2π", "2π", Path{Points: two, Bends: []float64{-2 * math.Pi}}},
		{"bend of 7", "2π", Path{Points: three, Bends: []float64{0, 7}}},
		{"too many bends", "bends", Path{Points: two, Bends: []float64{0, 1}}},
		{"too few bends", "bends", Path{Points: three, Bends: []float64{1}}},
		{"closing bend of an open path", "bends", Path{Points: three, Bends: []float64{1, 2, 3}}},
		{"too many bends for a closed path", "bends", Path{Points: two, Bends: []float64{1, 2, 3}, Closed: true}},
		{"bends without points", "bends", Path{Bends: []float64{1}}},
		{"NaN point of an arc", "not finite", Path{Points: []Point{pt(0, 0), pt(math.NaN(), 0)}, Bends: []float64{1}}},
	}
	for _, tt := range bad {
		err := page(tt.p).Check()
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "item 1") {
			t.Errorf("%s: error %q does not name item 1 and say %q", tt.name, err, tt.want)
		}
	}
}

func TestPolylines(t *testing.T) {
	if Polylines(nil) != nil {
		t.Error("Polylines(nil) is not nil")
	}
	got := Polylines([][]Point{{pt(0, 0), pt(1, 0)}, {pt(2, 2)}})
	if len(got) != 2 || len(got[0].Points) != 2 || got[1].Points[0] != pt(2, 2) || got[0].Bends != nil || got[0].Closed {
		t.Errorf("Polylines = %+v", got)
	}
	if p := Polyline(pt(1, 1), pt(2, 2)); p.Pieces() != 1 || p.Closed {
		t.Errorf("Polyline = %+v", p)
	}
	if n := (Path{Points: []Point{pt(0, 0), pt(1, 0), pt(1, 1)}, Closed: true}).Pieces(); n != 3 {
		t.Errorf("closed triangle: %d pieces", n)
	}
}
