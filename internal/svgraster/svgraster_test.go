package svgraster

import (
	"image/color"
	"testing"
)

// TestPolylinesDrawn draws polylines and polygons of two points and more,
// written with either quote, self-closed or not: each is drawn.
func TestPolylinesDrawn(t *testing.T) {
	for _, el := range []string{
		`<polyline points="10,50 90,50" stroke="black" stroke-width="6" fill="none"/>`,
		`<polyline fill="none" points='10,50 50,50 90,50' stroke="black" stroke-width="6"></polyline>`,
		`<polygon points="10,40 90,40 90,60 10,60" fill="black"/>`,
		`<path d="M10 50H90" stroke="black" stroke-width="6"/>`,
	} {
		img, err := Draw([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`+el+`</svg>`), 100)
		if err != nil {
			t.Fatalf("%s: %v", el, err)
		}
		if c := img.At(50, 50).(color.RGBA); c.A < 200 {
			t.Errorf("%s: the middle is %v, not drawn", el, c)
		}
		if c := img.At(50, 10).(color.RGBA); c.A != 0 {
			t.Errorf("%s: drawn where it is not: %v", el, c)
		}
	}
}
