package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadFormats reads a picture of each format and checks its size, its
// proportions and its colours, and that the same file gives the same
// pixels.
func TestReadFormats(t *testing.T) {
	red := image.NewNRGBA(image.Rect(0, 0, 40, 20))
	for i := range red.Pix {
		red.Pix[i] = []uint8{200, 30, 40, 255}[i%4]
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, red, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect x="0" y="0" width="200" height="100" fill="#c81e28"/></svg>`)
	for _, tt := range []struct {
		name string
		data []byte
		w, h int
	}{
		{"red.png", encodePNG(t, red), 40, 20},
		{"red.JPG", jpg.Bytes(), 40, 20},
		{"red.svg", svg, MaxSide, MaxSide / 2},
	} {
		img, err := Read(tt.name, tt.data)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
			t.Errorf("%s: %v, want %dx%d", tt.name, b, tt.w, tt.h)
		}
		c := img.NRGBAAt(img.Bounds().Dx()/2, img.Bounds().Dy()/2)
		if c.A != 255 || c.R < 180 || c.G > 50 || c.B > 60 {
			t.Errorf("%s: the middle is %v, not red", tt.name, c)
		}
		again, _ := Read(tt.name, tt.data)
		if !bytes.Equal(again.Pix, img.Pix) {
			t.Errorf("%s: read twice, two pictures", tt.name)
		}
	}
}

// TestShrink checks the shrinking of a large picture: its longer side
// MaxSide, its proportions kept, each pixel the mean of those it covers
// (a fine checkerboard becomes grey), a transparent part staying
// transparent and not darkening what is next to it.
func TestShrink(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 1024, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 1024; x++ {
			switch {
			case x >= 512:
				src.SetNRGBA(x, y, color.NRGBA{}) // transparent black
			case (x+y)%2 == 0:
				src.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 255})
			default:
				src.SetNRGBA(x, y, color.NRGBA{0, 0, 0, 255})
			}
		}
	}
	img := Shrink(src, MaxSide)
	if b := img.Bounds(); b.Dx() != MaxSide || b.Dy() != MaxSide/2 {
		t.Fatalf("%v", b)
	}
	if c := img.NRGBAAt(10, 10); c.A != 255 || c.R < 126 || c.R > 129 || c.R != c.G || c.G != c.B {
		t.Errorf("a checkerboard shrinks to %v, not mid grey", c)
	}
	if c := img.NRGBAAt(200, 10); c.A != 0 {
		t.Errorf("transparency shrinks to %v", c)
	}
	// Half opaque white, half transparent black: white, half opaque.
	edge := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	edge.SetNRGBA(0, 0, color.NRGBA{255, 255, 255, 255})
	if c := Shrink(edge, 1).NRGBAAt(0, 0); c != (color.NRGBA{255, 255, 255, 128}) {
		t.Errorf("white beside transparency shrinks to %v", c)
	}
	// A tall picture keeps its proportions too.
	if b := Shrink(image.NewGray(image.Rect(0, 0, 300, 900)), 90).Bounds(); b.Dx() != 30 || b.Dy() != 90 {
		t.Errorf("tall: %v", b)
	}
}

// TestReadRefusals checks the pictures Read refuses, each with a message
// that says why.
func TestReadRefusals(t *testing.T) {
	big := encodePNG(t, image.NewGray(image.Rect(0, 0, 2001, 2000)))
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"huge.png", make([]byte, MaxFile+1), "larger than 5 MB"},
		{"big.png", big, "the picture is 2001x2000 pixels; the most is 4 megapixels"},
		{"not.png", []byte("hello"), "not a PNG picture"},
		{"not.jpg", encodePNG(t, image.NewGray(image.Rect(0, 0, 2, 2))), "not a JPEG picture"},
		{"picture.gif", []byte("GIF89a"), "give a .png, .jpg or .svg file"},
		{"nosize.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>`), "has no size"},
		{"empty.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>`), "draws nothing"},
		{"text.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>hi</text></svg>`), "draws nothing"},
		{"broken.svg", []byte(`<svg viewBox="0 0 10 10"><path d="M 0 0 L`), "SVG"},
	} {
		if _, err := Read(tt.name, tt.data); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}
