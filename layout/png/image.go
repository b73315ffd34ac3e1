package png

import (
	"image"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"

	"mazebook/layout/display"
)

// picture paints an Image item: its picture scaled onto its box with the
// Catmull-Rom kernel, over what is beneath it.
func (r *raster) picture(it *display.Image) {
	b := it.Box
	src := it.Picture.Bounds()
	if b.W <= 0 || b.H <= 0 || src.Dx() <= 0 || src.Dy() <= 0 {
		return
	}
	sx := b.W * r.scale / float64(src.Dx())
	sy := b.H * r.scale / float64(src.Dy())
	m := f64.Aff3{
		sx, 0, float64(b.X*r.scale) - float64(sx*float64(src.Min.X)),
		0, sy, float64(b.Y*r.scale) - float64(sy*float64(src.Min.Y)),
	}
	for _, c := range r.clips {
		xdraw.CatmullRom.Transform(r.img.SubImage(c).(*image.RGBA), m, it.Picture, src, xdraw.Over, nil)
	}
}
