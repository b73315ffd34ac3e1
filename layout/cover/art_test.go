package cover

import (
	"math"
	"testing"

	"mazebook/layout/display"
)

// TestClipOut checks that the pieces of a line near a box are dropped,
// the paths split round them, and the rest kept as it was.
func TestClipOut(t *testing.T) {
	pt := func(x, y float64) display.Point { return display.Point{X: x, Y: y} }
	box := display.Box{X: 40, Y: 40, W: 20, H: 20}
	l := &display.Line{Width: 2, Paths: []display.Path{
		// Far from the box: kept whole.
		display.Polyline(pt(0, 0), pt(100, 0)),
		// Through the box: split into the pieces before and after.
		display.Polyline(pt(0, 50), pt(30, 50), pt(45, 50), pt(55, 50), pt(70, 50), pt(100, 50)),
		// Round the box, its pieces clear of it: kept whole.
		display.Polyline(pt(30, 30), pt(70, 30), pt(70, 70), pt(30, 70)),
		// An arc bulging into the box from below.
		{Points: []display.Point{pt(20, 75), pt(80, 75)}, Bends: []float64{math.Pi}},
	}}
	got := clipOut(l, box)
	if got.Width != 2 || l.Paths[1].Points[2] != pt(45, 50) {
		t.Fatal("clipOut changed the pen or the line it was given")
	}
	want := [][]display.Point{
		{pt(0, 0), pt(100, 0)},
		{pt(0, 50), pt(30, 50)},
		{pt(70, 50), pt(100, 50)},
		{pt(30, 30), pt(70, 30), pt(70, 70), pt(30, 70)},
	}
	if len(got.Paths) != len(want) {
		t.Fatalf("%d paths, want %d: %+v", len(got.Paths), len(want), got.Paths)
	}
	for i, w := range want {
		p := got.Paths[i].Points
		if len(p) != len(w) {
			t.Errorf("path %d: %v, want %v", i, p, w)
			continue
		}
		for j := range w {
			if p[j] != w[j] {
				t.Errorf("path %d: %v, want %v", i, p, w)
				break
			}
		}
	}
}

func TestRoundRect(t *testing.T) {
	b := display.Box{X: 10, Y: 20, W: 100, H: 40}
	pts := roundRect(b, 8)
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.X*q.Y - q.X*p.Y
		if p.X < b.X-1e-9 || p.X > b.X+b.W+1e-9 || p.Y < b.Y-1e-9 || p.Y > b.Y+b.H+1e-9 {
			t.Fatalf("point %v outside %+v", p, b)
		}
	}
	// The box less the corners' squares plus their quarter discs.
	want := b.W*b.H - (4-math.Pi)*8*8
	if math.Abs(area/2-want) > 2 {
		t.Errorf("area %g, want about %g", area/2, want)
	}
}

func TestMixAndContrast(t *testing.T) {
	a, b := display.Color{R: 0, G: 100, B: 200}, display.Color{R: 200, G: 100, B: 0}
	if m := mix(a, b, 0.5); m != (display.Color{R: 100, G: 100, B: 100}) {
		t.Errorf("mix = %v", m)
	}
	if mix(a, b, 0) != a || mix(a, b, 1) != b {
		t.Error("mix at its ends")
	}
	if c := contrast(display.Black, display.White); math.Abs(c-21) > 1e-9 {
		t.Errorf("black on white: %g", c)
	}
	if c := contrast(a, a); c != 1 {
		t.Errorf("a colour on itself: %g", c)
	}
}
