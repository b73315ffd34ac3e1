package png

import (
	"image"
	"image/color"
	"testing"

	"mazebook/layout/display"
)

// TestPictures checks that a picture is drawn over its box, scaled, and
// nowhere else; that its transparent parts show what lies beneath; and
// that a box of no width draws nothing.
func TestPictures(t *testing.T) {
	pic := image.NewNRGBA(image.Rect(10, 10, 30, 20)) // not at the origin
	for y := 10; y < 20; y++ {
		for x := 10; x < 30; x++ {
			if x < 20 {
				pic.SetNRGBA(x, y, color.NRGBA{20, 40, 200, 255})
			}
		}
	}
	p := display.Page{Width: 200, Height: 100, Items: []display.Item{
		&display.Fill{Box: display.Box{X: 100, Y: 10, W: 80, H: 80}, Color: display.Color{R: 250, G: 200}},
		&display.Image{Box: display.Box{X: 20, Y: 30, W: 60, H: 30}, Picture: pic},
		&display.Image{Box: display.Box{X: 110, Y: 20, W: 60, H: 30}, Picture: pic},
		&display.Image{Box: display.Box{X: 10, Y: 80, W: 0, H: 10}, Picture: pic},
	}}
	img := render(t, p, 144)
	for _, tt := range []struct {
		x, y float64
		want color.RGBA
	}{
		{35, 45, color.RGBA{20, 40, 200, 255}},   // the opaque half
		{22, 32, color.RGBA{20, 40, 200, 255}},   // near its corner
		{65, 45, color.RGBA{255, 255, 255, 255}}, // the transparent half
		{18, 45, color.RGBA{255, 255, 255, 255}}, // left of the box
		{35, 62, color.RGBA{255, 255, 255, 255}}, // below it
		{125, 35, color.RGBA{20, 40, 200, 255}},  // over the fill
		{155, 35, color.RGBA{250, 200, 0, 255}},  // the fill through the transparency
		{11, 85, color.RGBA{255, 255, 255, 255}}, // the box of no width
	} {
		c := at(img, 2, tt.x, tt.y)
		if d := max(diff(c.R, tt.want.R), diff(c.G, tt.want.G), diff(c.B, tt.want.B)); d > 6 {
			t.Errorf("at (%g, %g): %v, want %v", tt.x, tt.y, c, tt.want)
		}
	}
	// A bad picture is refused before anything is drawn.
	for _, bad := range []image.Image{nil, image.NewNRGBA(image.Rect(0, 0, 0, 3)), image.NewUniform(color.Black)} {
		p := display.Page{Width: 10, Height: 10, Items: []display.Item{&display.Image{Box: display.Box{W: 5, H: 5}, Picture: bad}}}
		if _, err := Render(p, 72); err == nil {
			t.Errorf("a page with picture %T rendered", bad)
		}
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
