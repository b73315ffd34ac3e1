package svg

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"
	"reflect"
	"strconv"

	"mazebook/layout/display"
)

// pictures are the pictures of one page: each written once, as a PNG in
// a data: URI inside <defs>, and shown by <use> wherever the page has it.
type pictures struct {
	ids    map[image.Image]string // by the value the display list holds, when it can be a map key
	byData map[string]string      // by the PNG's bytes
}

func newPictures() *pictures {
	return &pictures{ids: map[image.Image]string{}, byData: map[string]string{}}
}

// draw writes an Image item: the picture's definition the first time the
// page shows it, then a <use> that scales it onto the item's box. Every attribute is made of numbers, fixed words and base64
// only.
func (ps *pictures) draw(w io.Writer, it *display.Image) error {
	b := it.Box
	if b.W <= 0 || b.H <= 0 {
		return nil
	}
	id, err := ps.define(w, it.Picture)
	if err != nil {
		return err
	}
	// The picture is defined at its size in pixels (some renderers
	// rasterise an <image> at the size it is defined at): the scale takes
	// it to the box, to a millionth.
	pb := it.Picture.Bounds()
	sx, sy := scale(b.W/float64(pb.Dx())), scale(b.H/float64(pb.Dy()))
	_, err = io.WriteString(w, `<use xlink:href="#`+id+`" transform="matrix(`+sx+` 0 0 `+sy+` `+num(b.X)+` `+num(b.Y)+`)"/>`+"\n")
	return err
}

// scale formats a scale factor to a millionth.
func scale(v float64) string {
	return strconv.FormatFloat(math.Round(float64(v*1e6))/1e6, 'f', -1, 64)
}

// define writes the picture's definition, a pixel a unit, when the page
// has not had it yet, and returns its id.
func (ps *pictures) define(w io.Writer, pic image.Image) (string, error) {
	key := reflect.TypeOf(pic).Comparable()
	if key {
		if id, ok := ps.ids[pic]; ok {
			return id, nil
		}
	}
	b := pic.Bounds()
	img := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(img, img.Bounds(), pic, b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", fmt.Errorf("picture: %w", err)
	}
	id, ok := ps.byData[buf.String()]
	if !ok {
		id = "picture" + strconv.Itoa(len(ps.byData)+1)
		ps.byData[buf.String()] = id
		uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
		size := `width="` + strconv.Itoa(b.Dx()) + `" height="` + strconv.Itoa(b.Dy()) + `"`
		if _, err := io.WriteString(w, `<defs><image id="`+id+`" `+size+` preserveAspectRatio="none" xlink:href="`+uri+`"/></defs>`+"\n"); err != nil {
			return "", err
		}
	}
	if key {
		ps.ids[pic] = id
	}
	return id, nil
}
