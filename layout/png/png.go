// Package png rasterises a display list into an image and writes it as a
// PNG. It uses only the standard library and golang.org/x/image/vector, an
// anti-aliasing rasteriser; strokes are turned into filled polygons here.
package png

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// MaxPixels bounds the size of a rendered page: 400 megapixels.
const MaxPixels = 400_000_000

// Write renders page p at dpi dots per inch and writes it to w as a PNG.
func Write(w io.Writer, p display.Page, dpi float64) error {
	img, err := Render(p, dpi)
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	return nil
}

// Render rasterises page p at dpi dots per inch on white paper.
func Render(p display.Page, dpi float64) (*image.RGBA, error) {
	scale := dpi / 72
	w, h := int(math.Ceil(p.Width*scale)), int(math.Ceil(p.Height*scale))
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxPixels {
		return nil, fmt.Errorf("render png: a %dx%d pixel image is too large; lower the resolution", w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	r := &raster{img: img, z: vector.NewRasterizer(w, h), scale: scale}
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			r.line(it)
		case *display.Fill:
			b := it.Box
			r.polygon([]display.Point{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X + b.W, Y: b.Y + b.H}, {X: b.X, Y: b.Y + b.H}})
			r.paint(it.Color)
		case *display.Text:
			r.text(it)
		}
	}
	return img, nil
}

// raster accumulates the shapes of one item and paints them in one colour.
type raster struct {
	img   *image.RGBA
	z     *vector.Rasterizer
	scale float64
	dirty bool
}

func (r *raster) pt(p display.Point) (float32, float32) {
	return float32(p.X * r.scale), float32(p.Y * r.scale)
}

// polygon adds a closed polygon, turned counter-clockwise so that
// overlapping shapes of one item add up rather than cancel.
func (r *raster) polygon(pts []display.Point) {
	if len(pts) < 3 {
		return
	}
	area := 0.0
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		area += a.X*b.Y - b.X*a.Y
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	r.z.MoveTo(r.pt(pts[0]))
	for _, p := range pts[1:] {
		r.z.LineTo(r.pt(p))
	}
	r.z.ClosePath()
	r.dirty = true
}

// circle adds a disc of radius rad around c.
func (r *raster) circle(c display.Point, rad float64) {
	const n = 24
	pts := make([]display.Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = display.Point{X: c.X + rad*math.Cos(a), Y: c.Y + rad*math.Sin(a)}
	}
	r.polygon(pts)
}

// paint fills everything added since the last paint with colour c.
func (r *raster) paint(c display.Color) {
	if !r.dirty {
		return
	}
	src := image.NewUniform(color.RGBA{R: c.R, G: c.G, B: c.B, A: 255})
	r.z.Draw(r.img, r.img.Bounds(), src, image.Point{})
	b := r.img.Bounds()
	r.z.Reset(b.Dx(), b.Dy())
	r.dirty = false
}

// line turns the stroke of each polyline into polygons: one quadrilateral
// per segment, extended by caps, with joins filled at the corners.
func (r *raster) line(l *display.Line) {
	h := l.Width / 2
	for _, p := range l.Paths {
		if len(p) < 2 {
			continue
		}
		for i := 1; i < len(p); i++ {
			a, b := p[i-1], p[i]
			dx, dy := b.X-a.X, b.Y-a.Y
			n := math.Hypot(dx, dy)
			if n == 0 {
				continue
			}
			dx, dy = dx/n, dy/n
			if l.Cap == display.SquareCap {
				if i == 1 {
					a = display.Point{X: a.X - dx*h, Y: a.Y - dy*h}
				}
				if i == len(p)-1 {
					b = display.Point{X: b.X + dx*h, Y: b.Y + dy*h}
				}
			}
			nx, ny := -dy*h, dx*h
			r.polygon([]display.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}})
		}
		if l.Cap == display.RoundCap {
			r.circle(p[0], h)
			r.circle(p[len(p)-1], h)
		}
		for i := 1; i < len(p)-1; i++ {
			r.join(p[i-1], p[i], p[i+1], h, l.Join)
		}
	}
	r.paint(l.Color)
}

// join fills the outside of the corner at v between segments u-v and v-w.
func (r *raster) join(u, v, w display.Point, h float64, j display.Join) {
	if j == display.RoundJoin {
		r.circle(v, h)
		return
	}
	d1x, d1y := v.X-u.X, v.Y-u.Y
	d2x, d2y := w.X-v.X, w.Y-v.Y
	n1, n2 := math.Hypot(d1x, d1y), math.Hypot(d2x, d2y)
	if n1 == 0 || n2 == 0 {
		return
	}
	d1x, d1y, d2x, d2y = d1x/n1, d1y/n1, d2x/n2, d2y/n2
	// Normals on the outside of the turn.
	s := 1.0
	if d1x*d2y-d1y*d2x > 0 {
		s = -1
	}
	a := display.Point{X: v.X - s*d1y*h, Y: v.Y + s*d1x*h}
	c := display.Point{X: v.X - s*d2y*h, Y: v.Y + s*d2x*h}
	mx, my := (a.X+c.X)/2-v.X, (a.Y+c.Y)/2-v.Y
	ml := math.Hypot(mx, my)
	if ml < 1e-9 {
		return
	}
	// The miter point lies on the bisector, h²/ml from v; past a miter
	// limit of 4 it is bevelled.
	dist := h * h / ml
	if dist > 2*h {
		r.polygon([]display.Point{v, a, c})
		return
	}
	m := display.Point{X: v.X + mx/ml*dist, Y: v.Y + my/ml*dist}
	r.polygon([]display.Point{v, a, m, c})
}

// text fills the outlines of the glyphs of t.
func (r *raster) text(t *display.Text) {
	if t.Text == "" {
		return
	}
	for _, s := range typeface.Outline(t.Font, t.Size, t.Left(), t.Y, t.Text) {
		p := func(i int) (float32, float32) {
			return float32(s.Args[i][0] * r.scale), float32(s.Args[i][1] * r.scale)
		}
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			x, y := p(0)
			r.z.MoveTo(x, y)
		case sfnt.SegmentOpLineTo:
			x, y := p(0)
			r.z.LineTo(x, y)
		case sfnt.SegmentOpQuadTo:
			x1, y1 := p(0)
			x2, y2 := p(1)
			r.z.QuadTo(x1, y1, x2, y2)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := p(0)
			x2, y2 := p(1)
			x3, y3 := p(2)
			r.z.CubeTo(x1, y1, x2, y2, x3, y3)
		}
		r.dirty = true
	}
	r.z.ClosePath()
	r.paint(t.Color)
}
