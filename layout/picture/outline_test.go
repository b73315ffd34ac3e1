package picture

import (
	"image"
	"image/color"
	"testing"
)

// paleDisc returns a size by size picture of a pale yellow disc, with no
// outline, on a clear ground.
func paleDisc(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	c, r := float64(size)/2, float64(size)*0.4
	for y := range size {
		for x := range size {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			if dx*dx+dy*dy <= r*r {
				img.SetNRGBA(x, y, color.NRGBA{255, 236, 150, 255})
			}
		}
	}
	return img
}

// TestOutlineDrawsTheEdge checks Outline on a pale disc: its rim is
// black, as thick as OutlineShare of its side; its middle keeps its
// colour; the clear ground stays clear; the picture itself is not
// changed.
func TestOutlineDrawsTheEdge(t *testing.T) {
	const size = 200
	in := paleDisc(size)
	before := append([]byte(nil), in.Pix...)
	out := Outline(in)
	if string(in.Pix) != string(before) {
		t.Fatal("Outline changed its picture")
	}
	line := OutlineShare * size
	for _, p := range []struct {
		x, y int
		want color.NRGBA
	}{
		{100, 100, color.NRGBA{255, 236, 150, 255}},          // the middle
		{100, 21, color.NRGBA{0, 0, 0, 255}},                 // the rim at the top
		{100, 20 + int(line) - 1, color.NRGBA{0, 0, 0, 255}}, // line deep
		{100, 20 + int(line) + 3, color.NRGBA{255, 236, 150, 255}},
		{5, 5, color.NRGBA{}}, // the ground
	} {
		if got := out.NRGBAAt(p.x, p.y); got != p.want {
			t.Errorf("at %d,%d: %v, want %v", p.x, p.y, got, p.want)
		}
	}
	// A photo with no clear ground gets a frame.
	photo := image.NewNRGBA(image.Rect(0, 0, 50, 40))
	for i := range photo.Pix {
		photo.Pix[i] = 230
	}
	framed := Outline(photo)
	if framed.NRGBAAt(0, 20) != (color.NRGBA{0, 0, 0, 255}) || framed.NRGBAAt(25, 20) != (color.NRGBA{230, 230, 230, 230}) {
		t.Errorf("the photo's edge %v, middle %v", framed.NRGBAAt(0, 20), framed.NRGBAAt(25, 20))
	}
}
