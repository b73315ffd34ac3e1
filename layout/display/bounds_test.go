package display

import "testing"

// TestTranslateAndBounds moves items of every kind, two of them sharing
// their points, and checks each moved once and their bounds moved with
// them.
func TestTranslateAndBounds(t *testing.T) {
	pts := []Point{{0, 0}, {10, 5}}
	line := &Line{Paths: []Path{{Points: pts}}, Width: 2, Cap: RoundCap, Join: RoundJoin}
	shared := &Line{Paths: []Path{{Points: pts}}, Width: 2, Cap: RoundCap} // the same points
	items := []Item{
		line, shared,
		&Fill{Box: Box{X: 1, Y: 1, W: 2, H: 2}},
		&Shape{Polygons: [][]Point{{{20, 20}, {22, 20}, {21, 23}}}},
		&Text{X: 5, Y: 30, Size: 10, Text: "A"},
		&Image{Box: Box{X: -4, Y: -4, W: 1, H: 1}},
	}
	before := ItemsBounds(items)
	Translate(items, 3, -2)
	if pts[0] != (Point{3, -2}) || pts[1] != (Point{13, 3}) {
		t.Fatalf("shared points moved to %v, want once by (3, -2)", pts)
	}
	after := ItemsBounds(items)
	want := Box{X: before.X + 3, Y: before.Y - 2, W: before.W, H: before.H}
	d := func(a, b float64) bool { return a-b > 1e-9 || b-a > 1e-9 }
	if d(after.X, want.X) || d(after.Y, want.Y) || d(after.W, want.W) || d(after.H, want.H) {
		t.Errorf("bounds %+v after the move, want %+v", after, want)
	}
	if b := InkBounds(line); d(b.X, 3-1) || d(b.Y, -2-1) || d(b.W, 12) || d(b.H, 7) {
		t.Errorf("a line's ink %+v: want its points widened by half its width", b)
	}
	if (Box{}).Union(Box{X: 1, Y: 2, W: 3, H: 4}) != (Box{X: 1, Y: 2, W: 3, H: 4}) {
		t.Error("the empty box is not the union's identity")
	}
}

// TestGrowAndWithin checks a box grown on every side, and which boxes lie
// within another: its own, touching its edges, a hair past them, and
// past them.
func TestGrowAndWithin(t *testing.T) {
	b := Box{X: 10, Y: 20, W: 30, H: 40}
	if g := b.Grow(2); g != (Box{X: 8, Y: 18, W: 34, H: 44}) {
		t.Errorf("grown by 2: %+v", g)
	}
	if g := b.Grow(-5); g != (Box{X: 15, Y: 25, W: 20, H: 30}) {
		t.Errorf("grown by -5: %+v", g)
	}
	for _, tt := range []struct {
		a    Box
		want bool
	}{
		{b, true},
		{Box{X: 10, Y: 20, W: 1, H: 1}, true},
		{Box{X: 39, Y: 59, W: 1, H: 1}, true},
		{Box{X: 39, Y: 59, W: 1 + 1e-10, H: 1}, true},
		{Box{X: 9.99, Y: 20, W: 1, H: 1}, false},
		{Box{X: 39, Y: 59, W: 1, H: 1.01}, false},
		{b.Grow(1), false},
	} {
		if got := tt.a.Within(b); got != tt.want {
			t.Errorf("%+v within %+v: %v, want %v", tt.a, b, got, tt.want)
		}
	}
}
