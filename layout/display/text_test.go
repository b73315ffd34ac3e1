package display

import (
	"math"
	"testing"

	"mazebook/layout/typeface"
)

// TestTextTurned checks that a turned text's outline and bounds are its
// upright ones turned about the anchor: a quarter turn clockwise runs the
// line down the page from the anchor, its ascent to the right.
func TestTextTurned(t *testing.T) {
	const x, y, size = 100.0, 50.0, 20.0
	s := "Maze Quest"
	w := typeface.Width(typeface.Bold, size, s)
	asc, desc := typeface.Metrics(typeface.Bold, size)
	tests := []struct {
		name  string
		angle float64
		align Align
		want  Box
	}{
		{"upright", 0, AlignLeft, Box{X: x, Y: y - asc, W: w, H: asc + desc}},
		{"down the page", math.Pi / 2, AlignLeft, Box{X: x - desc, Y: y, W: asc + desc, H: w}},
		{"down the page, centred", math.Pi / 2, AlignCenter, Box{X: x - desc, Y: y - w/2, W: asc + desc, H: w}},
		{"up the page", -math.Pi / 2, AlignLeft, Box{X: x - asc, Y: y - w, W: asc + desc, H: w}},
		{"upside down, right-aligned", math.Pi, AlignRight, Box{X: x, Y: y - desc, W: w, H: asc + desc}},
	}
	upright := (&Text{X: x, Y: y, Size: size, Font: typeface.Bold, Text: s}).Outline()
	for _, tt := range tests {
		txt := &Text{X: x, Y: y, Size: size, Font: typeface.Bold, Align: tt.align, Text: s, Angle: tt.angle}
		got := txt.Bounds()
		if math.Abs(got.X-tt.want.X) > 1e-9 || math.Abs(got.Y-tt.want.Y) > 1e-9 || math.Abs(got.W-tt.want.W) > 1e-9 || math.Abs(got.H-tt.want.H) > 1e-9 {
			t.Errorf("%s: bounds %+v, want %+v", tt.name, got, tt.want)
		}
		segs := txt.Outline()
		if len(segs) != len(upright) || len(segs) < 20 {
			t.Fatalf("%s: %d outline segments, upright %d", tt.name, len(segs), len(upright))
		}
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, sg := range segs {
			p := sg.Args[0]
			if p[0] < got.X-1e-9 || p[0] > got.X+got.W+1e-9 || p[1] < got.Y-1e-9 || p[1] > got.Y+got.H+1e-9 {
				t.Fatalf("%s: outline point %v outside the bounds %+v", tt.name, p, got)
			}
			minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
			minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
		}
		// The glyphs fill most of the line's length along its direction.
		long, across := maxX-minX, maxY-minY
		if math.Abs(math.Sin(tt.angle)) > 0.5 {
			long, across = across, long
		}
		if long < 0.9*w || across > asc+desc {
			t.Errorf("%s: the outline spans %.1f along and %.1f across the line, want about %.1f and at most %.1f", tt.name, long, across, w, asc+desc)
		}
	}
	// An upright text's outline is typeface's, unchanged.
	plain := typeface.Outline(typeface.Bold, size, x, y, s)
	for i := range plain {
		if plain[i] != upright[i] {
			t.Fatalf("upright outline segment %d is %v, typeface gives %v", i, upright[i], plain[i])
		}
	}
}

// TestCheckAngle checks that a turn that is not a number is refused.
func TestCheckAngle(t *testing.T) {
	for _, a := range []float64{math.NaN(), math.Inf(1)} {
		p := Page{Width: 10, Height: 10, Items: []Item{&Text{X: 1, Y: 1, Size: 5, Text: "x", Angle: a}}}
		if p.Check() == nil {
			t.Errorf("angle %g: the page passed its check", a)
		}
	}
	p := Page{Width: 10, Height: 10, Items: []Item{&Text{X: 1, Y: 1, Size: 5, Text: "x", Angle: 1}}}
	if err := p.Check(); err != nil {
		t.Errorf("angle 1: %v", err)
	}
}
