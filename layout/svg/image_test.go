package svg

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"mazebook/layout/display"
)

// TestPictures checks that a page's pictures are written once each, as
// <image> elements of PNG data in a data: URI inside <defs>, a pixel a
// unit, and shown by a <use> for every Image item that scales the image
// onto the item's box; that the data reads back as the picture; and that
// the page is well-formed XML and the same bytes every time.
func TestPictures(t *testing.T) {
	pic := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	pic.SetNRGBA(0, 0, color.NRGBA{200, 10, 20, 255})
	pic.SetNRGBA(2, 1, color.NRGBA{10, 200, 20, 128})
	other := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	other.SetNRGBA(1, 1, color.NRGBA{1, 2, 3, 255})
	copyOf := image.NewNRGBA(pic.Bounds())
	copy(copyOf.Pix, pic.Pix) // the same picture in another value
	p := display.Page{Width: 200, Height: 150, Trim: display.Box{W: 200, H: 150}, Items: []display.Item{
		&display.Image{Box: display.Box{X: 10, Y: 20, W: 30, H: 20}, Picture: pic},
		&display.Image{Box: display.Box{X: 50.5, Y: 60.25, W: 15, H: 10}, Picture: pic},
		&display.Image{Box: display.Box{X: 90, Y: 20, W: 20, H: 20}, Picture: other},
		&display.Image{Box: display.Box{X: 120, Y: 20, W: 3, H: 2}, Picture: copyOf},
		&display.Image{Box: display.Box{X: 160, Y: 20, W: -3, H: 2}, Picture: other},
	}}
	data := write(t, p)
	if !bytes.Equal(data, write(t, p)) {
		t.Fatal("the same page gave two documents")
	}
	root := parse(t, data)
	defined := map[string]string{}
	sizes := map[string]string{}
	var uses []string
	root.walk(func(e *element) {
		switch e.name {
		case "image":
			defined[e.attrs["id"]] = e.attrs["href"]
			sizes[e.attrs["id"]] = e.attrs["width"] + "x" + e.attrs["height"]
			if e.attrs["width"] == "" || e.attrs["height"] == "" || e.attrs["preserveAspectRatio"] != "none" {
				t.Errorf("an image without its size: %v", e.attrs)
			}
		case "use":
			uses = append(uses, e.attrs["href"]+" "+e.attrs["transform"])
		}
	})
	if len(defined) != 2 || sizes["picture1"] != "3x2" || sizes["picture2"] != "2x2" {
		t.Fatalf("%d pictures defined, want 2: %v", len(defined), sizes)
	}
	// Each picture scaled from its pixels (3x2 and 2x2) to its box.
	want := "#picture1 matrix(10 0 0 10 10 20)|#picture1 matrix(5 0 0 5 50.5 60.25)|#picture2 matrix(10 0 0 10 90 20)|#picture1 matrix(1 0 0 1 120 20)"
	if got := strings.Join(uses, "|"); got != want {
		t.Errorf("uses:\n got  %s\n want %s", got, want)
	}
	uri, ok := strings.CutPrefix(defined["picture1"], "data:image/png;base64,")
	if !ok {
		t.Fatalf("picture1 is %.40s...", defined["picture1"])
	}
	raw, err := base64.StdEncoding.DecodeString(uri)
	if err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []image.Point{{0, 0}, {2, 1}, {1, 1}} {
		if g, w := color.NRGBAModel.Convert(back.At(q.X, q.Y)), pic.NRGBAAt(q.X, q.Y); g != w {
			t.Errorf("pixel %v reads back as %v, want %v", q, g, w)
		}
	}
}
