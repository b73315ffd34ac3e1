package pdf

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"reflect"

	"codeberg.org/go-pdf/fpdf"

	"mazebook/layout/display"
)

// pictures are the pictures of a document, each embedded once, under a
// name made from its content, however many pages show it.
type pictures struct {
	// byPicture remembers the pictures already embedded, by the value the
	// display list holds (when it can be a map key).
	byPicture map[image.Image]embedded
	// byName are the embedded pictures by name; widths the names by
	// their width in pixels.
	byName map[string]embedded
	widths map[int]string
}

// embedded is a picture registered with fpdf: its name, and how much
// wider than the picture its image is (see add).
type embedded struct {
	name  string
	widen float64
}

func newPictures() *pictures {
	return &pictures{byPicture: map[image.Image]embedded{}, byName: map[string]embedded{}, widths: map[int]string{}}
}

// draw paints an Image item: its picture encoded as a PNG (the same
// picture, the same bytes) and registered once, then placed on its box.
func (ps *pictures) draw(f *fpdf.Fpdf, it *display.Image) {
	if it.Box.W <= 0 || it.Box.H <= 0 {
		return
	}
	e, err := ps.add(f, it.Picture)
	if err != nil {
		f.SetError(err)
		return
	}
	opts := fpdf.ImageOptions{ImageType: "PNG"}
	f.ImageOptions(e.name, it.Box.X, it.Box.Y, float64(it.Box.W*e.widen), it.Box.H, false, opts, 0, "")
}

// add registers a picture, once. fpdf writes a document's images in the
// order of their widths, and those of one width in a random order: so
// that the same pages give the same bytes, no two pictures of a document
// have one width. A picture as wide as one before it gets transparent
// columns on its right until its width is its own, and is drawn that much
// wider, which leaves what shows the same.
func (ps *pictures) add(f *fpdf.Fpdf, pic image.Image) (embedded, error) {
	key := reflect.TypeOf(pic).Comparable()
	if key {
		if e, ok := ps.byPicture[pic]; ok {
			return e, nil
		}
	}
	b := pic.Bounds()
	w := b.Dx()
	data, name, err := encodePicture(pic, w)
	if err != nil {
		return embedded{}, err
	}
	e, done := ps.byName[name]
	if !done {
		for other, used := ps.widths[w]; used && other != name; other, used = ps.widths[w] {
			w++
		}
		if w != b.Dx() {
			if data, name, err = encodePicture(pic, w); err != nil {
				return embedded{}, err
			}
		}
		e = embedded{name: name, widen: float64(w) / float64(b.Dx())}
		f.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(data))
		if err := f.Error(); err != nil {
			return embedded{}, fmt.Errorf("picture: %w", err)
		}
		ps.widths[w] = name
		ps.byName[name] = e
	}
	if key {
		ps.byPicture[pic] = e
	}
	return e, nil
}

// encodePicture returns the picture as a PNG w pixels wide (columns
// beyond its own transparent), 8 bits a channel, and a name made from
// those bytes.
func encodePicture(pic image.Image, w int) ([]byte, string, error) {
	b := pic.Bounds()
	img := image.NewNRGBA(image.Rect(0, 0, w, b.Dy()))
	draw.Draw(img, image.Rect(0, 0, b.Dx(), b.Dy()), pic, b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, "", fmt.Errorf("picture: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	return buf.Bytes(), "pic" + hex.EncodeToString(sum[:12]), nil
}
