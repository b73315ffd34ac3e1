package display

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"
)

// TestCheckImages checks that Page.Check accepts a good Image item and
// refuses every bad one with a message.
func TestCheckImages(t *testing.T) {
	good := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	page := func(it Item) Page { return Page{Width: 100, Height: 100, Items: []Item{it}} }
	if p := page(&Image{Box: Box{X: 1, Y: 2, W: 3, H: 4}, Picture: good}); p.Check() != nil {
		t.Errorf("a good image: %v", p.Check())
	}
	var none *Image
	for _, tt := range []struct {
		it   Item
		want string
	}{
		{none, "item 1 is nil"},
		{&Image{Box: Box{W: 3, H: 4}}, "no picture"},
		{&Image{Box: Box{W: 3, H: 4}, Picture: image.NewNRGBA(image.Rect(0, 0, 0, 5))}, "empty"},
		{&Image{Box: Box{W: 3, H: 4}, Picture: image.NewUniform(color.Black)}, "more than 4000000 pixels"},
		{&Image{Box: Box{W: math.NaN(), H: 4}, Picture: good}, "not finite"},
	} {
		p := page(tt.it)
		if err := p.Check(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.it, err, tt.want)
		}
	}
}
