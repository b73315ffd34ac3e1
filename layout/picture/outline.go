package picture

import (
	"image"
	"math"
)

// OutlineShare is the weight of the outline Outline draws, as a share of
// a picture's longer side: a theme's pictures' bold line (theme.Weight),
// 0.55mm on a picture of 12mm.
const OutlineShare = 0.046

// Outline returns a copy of img that a photocopy keeps, as a theme's
// line art is kept: a black outline OutlineShare of its longer side
// thick (2 pixels at the least) round what it shows, inside its edge (the
// edge of its opaque part, or of the picture where it has none), and its
// dark lines (darker than mid grey over white) thickened by a quarter of
// that on each side. A pale picture (a pale yellow cheese, a pastel
// photo) would otherwise leave nothing, or a few specks, at a 50%
// threshold. A picture already drawn in bold black lines is hardly
// changed. The same picture gives the same pixels everywhere.
func Outline(img *image.NRGBA) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	copy(out.Pix, pixelsOf(img))
	if w == 0 || h == 0 {
		return out
	}
	line := math.Max(2, math.Round(float64(OutlineShare*float64(max(w, h)))))
	opaque := make([]bool, w*h)
	dark := make([]bool, w*h)
	for i := range opaque {
		p := out.Pix[4*i : 4*i+4]
		opaque[i] = p[3] >= 128
		// Its grey over white, in thousandths.
		a := int(p[3])
		lum := (299*int(p[0]) + 587*int(p[1]) + 114*int(p[2])) / 1000
		over := (lum*a + 255*(255-a)) / 255
		dark[i] = opaque[i] && over < 128
	}
	// The outline: opaque pixels within line of a clear one, or of the
	// picture's edge; and every pixel within thick of a dark one.
	edge := distances(w, h, func(i int) bool { return !opaque[i] }, true)
	lines := distances(w, h, func(i int) bool { return dark[i] }, false)
	thick := math.Max(1, math.Round(line/4))
	for i := range opaque {
		if opaque[i] && edge[i] <= line || lines[i] <= thick {
			out.Pix[4*i], out.Pix[4*i+1], out.Pix[4*i+2], out.Pix[4*i+3] = 0, 0, 0, 255
		}
	}
	return out
}

// pixelsOf returns img's pixels, row after row, 4 bytes a pixel.
func pixelsOf(img *image.NRGBA) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	pix := make([]byte, 0, 4*w*h)
	for y := range h {
		o := img.PixOffset(b.Min.X, b.Min.Y+y)
		pix = append(pix, img.Pix[o:o+4*w]...)
	}
	return pix
}

// distances returns for each pixel of a w by h picture its distance, in
// pixels (along steps across and diagonally, within 8% of the straight
// line), to the nearest pixel where from holds; beyond the picture's
// edge counts as one when outside is true.
func distances(w, h int, from func(i int) bool, outside bool) []float64 {
	const diag = math.Sqrt2
	inf := math.Inf(1)
	d := make([]float64, w*h)
	for i := range d {
		d[i] = inf
		if from(i) {
			d[i] = 0
		}
	}
	if outside {
		for y := range h {
			for x := range w {
				e := float64(min(x, y, w-1-x, h-1-y) + 1)
				d[y*w+x] = math.Min(d[y*w+x], e)
			}
		}
	}
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return inf
		}
		return d[y*w+x]
	}
	for y := range h {
		for x := range w {
			v := d[y*w+x]
			v = math.Min(v, at(x-1, y)+1)
			v = math.Min(v, at(x, y-1)+1)
			v = math.Min(v, at(x-1, y-1)+diag)
			v = math.Min(v, at(x+1, y-1)+diag)
			d[y*w+x] = v
		}
	}
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			v := d[y*w+x]
			v = math.Min(v, at(x+1, y)+1)
			v = math.Min(v, at(x, y+1)+1)
			v = math.Min(v, at(x+1, y+1)+diag)
			v = math.Min(v, at(x-1, y+1)+diag)
			d[y*w+x] = v
		}
	}
	return d
}
