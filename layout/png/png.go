// Package png rasterises a display list into an image and writes it as a
// PNG. It uses only the standard library and golang.org/x/image/vector, an
// anti-aliasing rasteriser; strokes are turned into filled polygons here,
// with the caps and joins PDF and SVG draw, and text is filled from the
// outlines of the embedded Go fonts.
//
// Render rasterises each item within its own bounding box, in bands of a
// few megapixels, so memory stays near the size of the image itself;
// Write renders the page in bands of rows and streams each to its own
// encoder on a second core, so memory stays a few megabytes whatever the
// page and the resolution. Strokes that are rectangles along the axes
// (the walls of square cells) are painted by their exact coverage of
// each pixel, as the rasteriser would, without it.
package png

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"sort"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"

	"mazebook/layout/display"
)

// MaxPixels bounds the size of a rendered page: 250 megapixels, 1 GB of
// RGBA (a 24 x 36 in poster at 440 dpi).
const MaxPixels = 250_000_000

// MinDPI and MaxDPI bound the resolution a program offers its users for
// a page (mazebook's --dpi): from a coarse preview to a fine print.
// Write and Render take any resolution that gives a page of at least a
// pixel and at most MaxPixels.
const (
	MinDPI = 10
	MaxDPI = 2400
)

// CheckDPI reports whether dpi is a resolution from MinDPI to MaxDPI.
func CheckDPI(dpi float64) error {
	if !(dpi >= MinDPI && dpi <= MaxDPI) { // NaN too
		return fmt.Errorf("resolution %g dpi is not from %d to %d", dpi, MinDPI, MaxDPI)
	}
	return nil
}

// bandBytesPerPixel is the memory a pixel of a band Write renders takes
// while it is rendered and written: its RGBA, the rasteriser's coverage,
// and the bands of rows in flight, each raw and filtered.
const bandBytesPerPixel = 4 + 4 + bandsInFlight*2*3

// Bytes estimates the memory of writing a page of w by h points at dpi
// (see Write): its bands, whatever the page's size, beside the page's
// display list; 0 for a resolution that is not a positive number.
func Bytes(w, h, dpi float64) float64 {
	if !(dpi > 0) || math.IsInf(dpi, 0) {
		return 0
	}
	return min(float64(pixels(w, dpi)*pixels(h, dpi)), float64(writeBandPixels)+pixels(w, dpi)) * bandBytesPerPixel
}

// MiterLimit is the ratio of miter length to line width past which a miter
// join is bevelled: PDF's default, which the PDF and SVG backends use too.
const MiterLimit = 10

// bandPixels is the most pixels the rasteriser covers at once (a variable
// so that tests can force many bands).
var bandPixels = 1 << 22

// Write renders page p at dpi dots per inch and writes it to w as a PNG
// that records its resolution (a pHYs chunk), so that it prints at the
// page's size. The page is rendered and written in bands of rows, so that
// memory stays a few megabytes above the page's display list whatever
// the resolution; its pixels are those Render gives, up to the rounding
// of an edge's coverage where a band begins. A page in greys alone is
// written as a grey image, a third the bytes of colour.
func Write(w io.Writer, p display.Page, dpi float64) error {
	if err := checkPage(p, dpi); err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	wd, ht := int(pixels(p.Width, dpi)), int(pixels(p.Height, dpi))
	bpp := 3
	if grey(p) {
		bpp = 1
	}
	enc, err := newEncoder(w, wd, ht, bpp, dpi)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	bandH := max(1, min(ht, writeBandPixels/wd))
	// Two cores: the bands are rendered on this goroutine, each is
	// filtered on a goroutine of its own as soon as it is, and the
	// filtered bands are deflated and written in order on another. A
	// band goes round in a few buffers: its rows in the image's pixels,
	// the row above it, and the rows filtered.
	rowBytes := wd * bpp
	type band struct {
		rows, prev, filtered []byte
		done                 chan struct{}
	}
	free, queue := make(chan *band, bandsInFlight), make(chan *band, bandsInFlight)
	for range bandsInFlight {
		free <- &band{rows: make([]byte, bandH*rowBytes), prev: make([]byte, rowBytes), filtered: make([]byte, bandH*(rowBytes+1))}
	}
	done := make(chan error, 1)
	go func() {
		var err error
		for b := range queue {
			<-b.done
			if err == nil {
				err = enc.write(b.filtered)
			}
			free <- b
		}
		if err == nil {
			err = enc.close()
		}
		done <- err
	}()
	img := image.NewRGBA(image.Rect(0, 0, wd, bandH))
	pix := img.Pix
	r := &raster{z: &vector.Rasterizer{}, scale: dpi / 72}
	above := make([]byte, rowBytes) // the last row of the band before: zeros above the first
	for y0 := 0; y0 < ht; y0 += bandH {
		bh := min(bandH, ht-y0)
		img.Rect, img.Pix = image.Rect(0, y0, wd, y0+bh), pix[:bh*img.Stride]
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		r.img, r.clips = img, []image.Rectangle{img.Rect}
		r.paintItems(p)
		b := <-free
		b.rows, b.filtered = b.rows[:bh*rowBytes], b.filtered[:bh*(rowBytes+1)]
		copy(b.prev, above)
		for y := range bh {
			src, dst := img.Pix[y*img.Stride:(y+1)*img.Stride], b.rows[y*rowBytes:(y+1)*rowBytes]
			if bpp == 1 {
				for x := range dst {
					dst[x] = src[4*x]
				}
			} else {
				for x := range wd {
					dst[3*x], dst[3*x+1], dst[3*x+2] = src[4*x], src[4*x+1], src[4*x+2]
				}
			}
		}
		copy(above, b.rows[(bh-1)*rowBytes:])
		b.done = make(chan struct{})
		go func() {
			filterBand(b.filtered, b.rows, b.prev, rowBytes, bpp)
			close(b.done)
		}()
		queue <- b
	}
	close(queue)
	if err := <-done; err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	return nil
}

// bandsInFlight is how many bands Write holds at once: one being
// rendered, some being filtered, one being deflated.
const bandsInFlight = 4

// writeBandPixels is about the most pixels Write renders at once (a
// variable so that tests can force many bands).
var writeBandPixels = 1 << 20

// grey reports whether every colour on page p is a grey, and it has no
// pictures: its pixels are then greys too.
func grey(p display.Page) bool {
	is := func(c display.Color) bool { return c.R == c.G && c.G == c.B }
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			if !is(it.Color) {
				return false
			}
		case *display.Fill:
			if !is(it.Color) {
				return false
			}
		case *display.Shape:
			if !is(it.Color) {
				return false
			}
		case *display.Text:
			if !is(it.Color) {
				return false
			}
		case *display.Image:
			return false
		}
	}
	return true
}

// checkPage reports whether page p can be rendered at dpi: a positive
// resolution, a page that holds together, and at most MaxPixels.
func checkPage(p display.Page, dpi float64) error {
	if math.IsNaN(dpi) || dpi <= 0 || math.IsInf(dpi, 0) {
		return fmt.Errorf("resolution %g dpi is not positive", dpi)
	}
	if err := p.Check(); err != nil {
		return err
	}
	return CheckSize(p.Width, p.Height, dpi)
}

// pixels is the number of pixels a length in points takes at dpi. Rounding
// errors of a millionth of a pixel do not add a row: 792 pt at 600 dpi is
// 6600 pixels, not 6601.
func pixels(points, dpi float64) float64 { return math.Ceil(points*dpi/72 - 1e-6) }

// CheckSize reports whether a page of w by h points can be rendered at
// dpi: an image of at least one pixel each way and at most MaxPixels.
func CheckSize(w, h, dpi float64) error {
	if math.IsNaN(dpi) || dpi <= 0 || math.IsInf(dpi, 0) {
		return fmt.Errorf("resolution %g dpi is not positive", dpi)
	}
	wf, hf := pixels(w, dpi), pixels(h, dpi)
	if !(wf*hf <= MaxPixels) {
		return fmt.Errorf("a %.0fx%.0f pixel image is too large (the most is %d million pixels): lower the resolution or make the page smaller", wf, hf, MaxPixels/1_000_000)
	}
	if !(wf >= 1 && hf >= 1) {
		return fmt.Errorf("at %g dpi a page of %gx%g pt is less than a pixel: raise the resolution", dpi, w, h)
	}
	return nil
}

// Render rasterises page p at dpi dots per inch on white paper. The image
// is ceil(Width*dpi/72) by ceil(Height*dpi/72) pixels (ignoring rounding
// errors below a millionth of a pixel); pixel (i, j) covers
// the square from (i, j) to (i+1, j+1) in page points times dpi/72. Lines,
// fills, texts and images with a non-positive width, size or area draw
// nothing, as in the PDF and SVG backends; pictures are scaled with
// golang.org/x/image/draw's Catmull-Rom kernel.
func Render(p display.Page, dpi float64) (*image.RGBA, error) {
	if err := checkPage(p, dpi); err != nil {
		return nil, fmt.Errorf("render png: %w", err)
	}
	scale := dpi / 72
	wf, hf := pixels(p.Width, dpi), pixels(p.Height, dpi)
	w, h := int(wf), int(hf)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	paintPage(img, p, scale)
	return img, nil
}

// RenderInto paints page p at dpi over img, a picture of the page made
// by Render, within the clips only: white paper there, then every item,
// each rasterised within its own box cut to each clip. The pixels of the
// clips are those Render would give, up to the rounding of an edge's
// coverage; an animation's frames, which change in small parts, are
// drawn so.
func RenderInto(img *image.RGBA, p display.Page, dpi float64, clips []image.Rectangle) error {
	if math.IsNaN(dpi) || dpi <= 0 || math.IsInf(dpi, 0) {
		return fmt.Errorf("render png: resolution %g dpi is not positive", dpi)
	}
	if err := p.Check(); err != nil {
		return fmt.Errorf("render png: %w", err)
	}
	var in []image.Rectangle
	for _, c := range clips {
		if c = c.Intersect(img.Bounds()); !c.Empty() {
			draw.Draw(img, c, image.White, image.Point{}, draw.Src)
			in = append(in, c)
		}
	}
	if len(in) > 0 {
		paintPage(img, p, dpi/72, in...)
	}
	return nil
}

// paintPage paints the page's items on img at scale pixels a point,
// within the clips given (the whole image for none).
func paintPage(img *image.RGBA, p display.Page, scale float64, clips ...image.Rectangle) {
	if len(clips) == 0 {
		clips = []image.Rectangle{img.Bounds()}
	}
	r := &raster{img: img, z: &vector.Rasterizer{}, scale: scale, clips: clips}
	r.paintItems(p)
}

// paintItems paints the page's items within r's clips, leaving out the
// pieces of lines that lie far from every clip's rows.
func (r *raster) paintItems(p display.Page) {
	r.lo, r.hi = math.Inf(1), math.Inf(-1)
	for _, c := range r.clips {
		r.lo, r.hi = min(r.lo, float64(c.Min.Y)), max(r.hi, float64(c.Max.Y))
	}
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			r.line(it)
		case *display.Fill:
			b := it.Box
			if b.W <= 0 || b.H <= 0 {
				continue
			}
			r.polygon([]vec{r.pt(b.X, b.Y), r.pt(b.X+b.W, b.Y), r.pt(b.X+b.W, b.Y+b.H), r.pt(b.X, b.Y+b.H)})
			r.paint(it.Color)
		case *display.Shape:
			for _, poly := range it.Polygons {
				if len(poly) < 3 {
					continue
				}
				pts := make([]vec, len(poly))
				for i, q := range poly {
					pts[i] = r.pt(q.X, q.Y)
				}
				r.polygon(pts)
			}
			r.paint(it.Color)
		case *display.Text:
			r.text(it)
		case *display.Image:
			r.picture(it)
		}
	}
}

// vec is a point in pixels.
type vec struct{ x, y float64 }

func (a vec) add(b vec) vec     { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec     { return vec{a.x - b.x, a.y - b.y} }
func (a vec) mul(k float64) vec { return vec{float64(a.x * k), float64(a.y * k)} }
func (a vec) len() float64      { return math.Hypot(a.x, a.y) }
func lerp(t float64, a, b vec) vec {
	return vec{a.x + float64(t*(b.x-a.x)), a.y + float64(t*(b.y-a.y))}
}
func cross(a, b vec) float64          { return float64(a.x*b.y) - float64(a.y*b.x) }
func perp(d vec) vec                  { return vec{-d.y, d.x} }
func (r *raster) pt(x, y float64) vec { return vec{float64(x * r.scale), float64(y * r.scale)} }

// contour is a closed polygon with its vertical extent.
type contour struct {
	pts        []vec
	minY, maxY float64
}

// raster collects the contours of one item and paints them in one colour.
type raster struct {
	img   *image.RGBA
	z     *vector.Rasterizer
	scale float64
	cs    []contour
	clip  []vec // scratch space for project
	// clips are the parts of img painted; lo and hi the rows they span.
	clips  []image.Rectangle
	lo, hi float64
	// rects are the polygons collected that are rectangles with sides
	// along the axes, {x0, y0, x1, y1}: a square grid's walls, which are
	// painted without the general rasteriser when they are all there is
	// (see paintRects); acc is paintRects's coverage, all zeros between
	// uses.
	rects [][4]float64
	acc   []float32
}

// away reports whether the points ys, in pixels, all lie more than
// margin pixels above or all below the rows painted.
func (r *raster) away(margin float64, ys ...float64) bool {
	above, below := true, true
	for _, y := range ys {
		above = above && y < r.lo-margin
		below = below && y > r.hi+margin
	}
	return above || below
}

// add adds a closed contour as it is turned.
func (r *raster) add(pts []vec) {
	if len(pts) < 3 {
		return
	}
	c := contour{pts: pts, minY: math.Inf(1), maxY: math.Inf(-1)}
	for _, p := range pts {
		c.minY = min(c.minY, p.y)
		c.maxY = max(c.maxY, p.y)
	}
	r.cs = append(r.cs, c)
}

// polygon adds a closed polygon turned the same way as every other
// polygon, so that the overlapping pieces of one stroke add up (the
// rasteriser clamps coverage to full) rather than cancel.
func (r *raster) polygon(pts []vec) {
	if q, ok := axisRect(pts); ok {
		r.rects = append(r.rects, q)
		return
	}
	area := 0.0
	for i := range pts {
		area += cross(pts[i], pts[(i+1)%len(pts)])
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	r.add(pts)
}

// axisRect returns the polygon pts as {x0, y0, x1, y1} when it is a
// rectangle with sides along the axes, its corners in order, to within a
// billionth of a pixel (a miter's point is found by arithmetic that may
// stray by a rounding).
func axisRect(pts []vec) ([4]float64, bool) {
	if len(pts) != 4 {
		return [4]float64{}, false
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }
	p, q, s, t := pts[0], pts[1], pts[2], pts[3]
	if !(near(p.x, q.x) && near(q.y, s.y) && near(s.x, t.x) && near(t.y, p.y) ||
		near(p.y, q.y) && near(q.x, s.x) && near(s.y, t.y) && near(t.x, p.x)) {
		return [4]float64{}, false
	}
	return [4]float64{min(p.x, q.x, s.x, t.x), min(p.y, q.y, s.y, t.y), max(p.x, q.x, s.x, t.x), max(p.y, q.y, s.y, t.y)}, true
}

// circle adds a disc of radius rad around c, as a polygon whose sides
// stray less than a tenth of a pixel from the circle.
func (r *raster) circle(c vec, rad float64) {
	n := 8
	if rad > 0.1 {
		n = max(n, int(math.Ceil(math.Pi/math.Acos(1-0.1/rad))))
	}
	n = min(n, 1024)
	pts := make([]vec, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = vec{c.x + float64(rad*math.Cos(a)), c.y + float64(rad*math.Sin(a))}
	}
	r.polygon(pts)
}

// paint fills the contours collected since the last paint with colour c,
// within their bounding box clipped to the image, band by band.
func (r *raster) paint(c display.Color) {
	defer func() { r.cs, r.rects = r.cs[:0], r.rects[:0] }()
	if len(r.cs) == 0 && paintRectsAlone {
		if len(r.rects) > 0 {
			r.paintRects(c)
		}
		return
	}
	for _, q := range r.rects {
		r.add([]vec{{q[0], q[1]}, {q[2], q[1]}, {q[2], q[3]}, {q[0], q[3]}})
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, k := range r.cs {
		for _, p := range k.pts {
			minX, maxX = min(minX, p.x), max(maxX, p.x)
		}
		minY, maxY = min(minY, k.minY), max(maxY, k.maxY)
	}
	src := image.NewUniform(color.RGBA{R: c.R, G: c.G, B: c.B, A: 255})
	for _, b := range r.clips {
		r.paintIn(b, minX, minY, maxX, maxY, src)
	}
}

// paintRectsAlone is whether paint fills rectangles with paintRects when
// they are all it has (a variable so that tests can compare the two).
var paintRectsAlone = true

// almost65536 is the largest float32 below 65536: the rasteriser's
// coverage of a whole pixel.
var almost65536 = math.Float32frombits(0x477fffff)

// paintRects fills the rectangles collected with colour c within the
// clips, as the rasteriser would fill them as polygons: each pixel's
// coverage is the sum of the areas of it the rectangles cover, up to a
// whole pixel; but only the pixels they touch are visited.
func (r *raster) paintRects(c display.Color) {
	sr, sg, sb := uint32(c.R)*0x101, uint32(c.G)*0x101, uint32(c.B)*0x101
	for _, b := range r.clips {
		w := b.Dx()
		if n := w * b.Dy(); len(r.acc) < n {
			r.acc = make([]float32, n)
		}
		acc := r.acc
		minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
		bx0, by0, bx1, by1 := float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
		for _, q := range r.rects {
			x0, y0, x1, y1 := max(q[0], bx0), max(q[1], by0), min(q[2], bx1), min(q[3], by1)
			if !(x1 > x0 && y1 > y0) {
				continue
			}
			ix0, iy0 := int(math.Floor(x0)), int(math.Floor(y0))
			ix1, iy1 := int(math.Ceil(x1)), int(math.Ceil(y1))
			minX, minY, maxX, maxY = min(minX, ix0), min(minY, iy0), max(maxX, ix1), max(maxY, iy1)
			// The parts of the first and last columns covered.
			first, last := float64(ix0+1)-x0, x1-float64(ix1-1)
			if ix1-ix0 == 1 {
				first = x1 - x0
			}
			for iy := iy0; iy < iy1; iy++ {
				fy := min(y1, float64(iy+1)) - max(y0, float64(iy))
				row := acc[(iy-b.Min.Y)*w-b.Min.X+ix0 : (iy-b.Min.Y)*w-b.Min.X+ix1]
				row[0] += float32(first * fy)
				if len(row) > 1 {
					full := float32(fy)
					for i := 1; i < len(row)-1; i++ {
						row[i] += full
					}
					row[len(row)-1] += float32(last * fy)
				}
			}
		}
		for y := minY; y < maxY; y++ {
			row := acc[(y-b.Min.Y)*w-b.Min.X+minX : (y-b.Min.Y)*w-b.Min.X+maxX]
			pix := r.img.Pix[r.img.PixOffset(minX, y):]
			for x, a := range row {
				if a == 0 {
					continue
				}
				row[x] = 0
				i := 4 * x
				if a >= 1 {
					// The blend below, for a whole pixel.
					pix[i+0], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
					continue
				}
				// The rasteriser's own blend of an opaque colour.
				ma := uint32(almost65536 * a)
				k := 0xffff - ma
				pix[i+0] = uint8(((uint32(pix[i+0])*0x101*k + sr*ma) / 0xffff) >> 8)
				pix[i+1] = uint8(((uint32(pix[i+1])*0x101*k + sg*ma) / 0xffff) >> 8)
				pix[i+2] = uint8(((uint32(pix[i+2])*0x101*k + sb*ma) / 0xffff) >> 8)
				pix[i+3] = uint8(((uint32(pix[i+3])*0x101*k + 0xffff*ma) / 0xffff) >> 8)
			}
		}
	}
}

// paintIn fills the contours collected, whose box is minX to maxX and
// minY to maxY, with src within b, band by band.
func (r *raster) paintIn(b image.Rectangle, minX, minY, maxX, maxY float64, src image.Image) {
	// Clamp before converting: coordinates may lie far off the image.
	x0 := int(math.Floor(max(minX, float64(b.Min.X))))
	x1 := int(math.Ceil(min(maxX, float64(b.Max.X))))
	y0 := int(math.Floor(max(minY, float64(b.Min.Y))))
	y1 := int(math.Ceil(min(maxY, float64(b.Max.Y))))
	if x1 <= x0 || y1 <= y0 {
		return
	}
	bw := x1 - x0
	// A rasteriser wider than 512 pixels uses floating-point math; its
	// fixed-point math drifts along long slanted edges that start above
	// the band.
	rw := max(bw, 513)
	bandH := max(1, bandPixels/rw)
	for by := y0; by < y1; by += bandH {
		bh := min(bandH, y1-by)
		r.z.Reset(rw, bh)
		ox, oy := float64(x0), float64(by)
		// The band with a pixel of margin, in image coordinates.
		lo := vec{ox - 1, oy - 1}
		hi := vec{ox + float64(rw) + 1, oy + float64(bh) + 1}
		n := 0
		for _, k := range r.cs {
			if k.maxY <= oy || k.minY >= oy+float64(bh) {
				continue
			}
			r.clip = project(r.clip[:0], k.pts, lo, hi)
			r.z.MoveTo(float32(r.clip[0].x-ox), float32(r.clip[0].y-oy))
			for _, p := range r.clip[1:] {
				r.z.LineTo(float32(p.x-ox), float32(p.y-oy))
			}
			r.z.ClosePath()
			n++
		}
		if n > 0 {
			r.z.Draw(r.img, image.Rect(x0, by, x1, by+bh), src, image.Point{})
		}
	}
}

// project appends to dst the closed polygon pts with every part that lies
// outside the rectangle lo-hi moved onto the rectangle's edge: each edge
// is split where it crosses a side, and every point clamped. The winding
// number of every point inside the rectangle stays the same, so the
// rasteriser covers the rectangle exactly as before, but it never walks
// the rows and columns of a far-off vertex.
func project(dst, pts []vec, lo, hi vec) []vec {
	clamp := func(p vec) vec {
		return vec{min(max(p.x, lo.x), hi.x), min(max(p.y, lo.y), hi.y)}
	}
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		dst = append(dst, clamp(a))
		// The crossings of a-b with the four sides, in order along a-b.
		var ts [4]float64
		n := 0
		for _, c := range [4]struct{ from, to, at float64 }{
			{a.x, b.x, lo.x}, {a.x, b.x, hi.x}, {a.y, b.y, lo.y}, {a.y, b.y, hi.y},
		} {
			if (c.from-c.at)*(c.to-c.at) < 0 {
				ts[n] = (c.at - c.from) / (c.to - c.from)
				n++
			}
		}
		sort.Float64s(ts[:n])
		for _, t := range ts[:n] {
			dst = append(dst, clamp(lerp(t, a, b)))
		}
	}
	return dst
}

// line turns the stroke of each path into polygons: one quadrilateral
// per segment, extended by square caps, with discs for round caps and
// joins and a miter or bevel at each corner of a miter join. Arcs are
// first flattened into segments that stray at most an eighth of a pixel
// from the stroke's true edges, joined to one another by miters; a closed
// path has no caps and a join at its start. A path all of whose points
// coincide is a disc with round caps and nothing otherwise, as PDF says
// (SVG would draw a square for square caps; the SVG backend leaves such
// paths out).
func (r *raster) line(l *display.Line) {
	if l.Width <= 0 {
		return
	}
	h := float64(l.Width / 2 * r.scale)
	// A stroke reaches at most a miter's length from its path, and the
	// rasteriser a pixel past that.
	margin := float64(MiterLimit*h) + 2
	for _, path := range l.Paths {
		if len(path.Points) < 2 {
			continue
		}
		if len(path.Bends) == 0 && r.pathAway(path.Points, margin) {
			continue // the most common case of a band of a large maze
		}
		p, smooth := r.flatten(path, h)
		if path.Closed && len(p) > 1 && p[len(p)-1] == p[0] {
			p, smooth = p[:len(p)-1], smooth[:len(smooth)-1]
		}
		if len(p) == 1 {
			if l.Cap == display.RoundCap {
				r.circle(p[0], h)
			}
			continue
		}
		if path.Closed {
			r.closed(p, smooth, h, l.Join)
			continue
		}
		for i := 1; i < len(p); i++ {
			a, b := p[i-1], p[i]
			if r.away(margin, a.y, b.y) {
				continue
			}
			d := b.sub(a)
			d = d.mul(1 / d.len())
			if l.Cap == display.SquareCap {
				if i == 1 {
					a = a.sub(d.mul(h))
				}
				if i == len(p)-1 {
					b = b.add(d.mul(h))
				}
			}
			n := perp(d).mul(h)
			r.polygon([]vec{a.add(n), b.add(n), b.sub(n), a.sub(n)})
		}
		if l.Cap == display.RoundCap {
			for _, c := range [2]vec{p[0], p[len(p)-1]} {
				if !r.away(margin, c.y) {
					r.circle(c, h)
				}
			}
		}
		for i := 1; i < len(p)-1; i++ {
			if r.away(margin, p[i].y) {
				continue
			}
			j := l.Join
			if smooth[i] {
				j = display.MiterJoin
			}
			r.join(p[i-1], p[i], p[i+1], h, j)
		}
	}
	r.paint(l.Color)
}

// pathAway reports whether every point of pts, in page points, lies more
// than margin pixels from the rows painted on the same side.
func (r *raster) pathAway(pts []display.Point, margin float64) bool {
	lo, hi := (r.lo-margin)/r.scale, (r.hi+margin)/r.scale
	above, below := true, true
	for _, q := range pts {
		above = above && q.Y < lo
		below = below && q.Y > hi
		if !above && !below {
			return false
		}
	}
	return true
}

// closed adds the stroke of the closed polygon p, 2h wide: a segment
// from each point to the next and back from the last to the first, and a
// join at every point (a miter where smooth says the point lies inside a
// flattened arc).
func (r *raster) closed(p []vec, smooth []bool, h float64, join display.Join) {
	n := len(p)
	for i := range p {
		a, b := p[i], p[(i+1)%n]
		d := b.sub(a)
		d = d.mul(1 / d.len())
		m := perp(d).mul(h)
		r.polygon([]vec{a.add(m), b.add(m), b.sub(m), a.sub(m)})
	}
	for i := range p {
		j := join
		if smooth[i] {
			j = display.MiterJoin
		}
		r.join(p[(i+n-1)%n], p[i], p[(i+1)%n], h, j)
	}
}

// flatten returns the points of path in pixels, with no point repeated
// right after itself, and whether each lies inside an arc (rather than at
// one of path's own points). Arcs become chords that stray at most an
// eighth of a pixel from the arc, and less for a stroke of half-width h
// wider than the arc's radius, since the miters between the chords
// stray h/radius times as far from the stroke's outer edge. A closed
// path ends with its first point again.
func (r *raster) flatten(path display.Path, h float64) ([]vec, []bool) {
	p := make([]vec, 0, len(path.Points)+1)
	smooth := make([]bool, 0, len(path.Points)+1)
	add := func(q display.Point, inside bool) {
		v := r.pt(q.X, q.Y)
		if len(p) == 0 || v != p[len(p)-1] {
			p = append(p, v)
			smooth = append(smooth, inside)
		} else if !inside {
			smooth[len(smooth)-1] = false // one of path's own points
		}
	}
	add(path.Points[0], false)
	for i := range path.Pieces() {
		from, to, bend := path.Piece(i)
		_, rad, ok := path.Arc(i)
		if !ok {
			add(to, false)
			continue
		}
		tol := 0.125 / r.scale
		if rad *= r.scale; h > rad {
			tol *= rad / h
		}
		piece := display.Path{Points: []display.Point{from, to}, Bends: []float64{bend}}
		pts := piece.Flatten(tol)
		for _, q := range pts[1 : len(pts)-1] {
			add(q, true)
		}
		add(to, false)
	}
	return p, smooth
}

// join fills the outside of the corner at v between segments u-v and v-w,
// whose stroke is 2h wide.
func (r *raster) join(u, v, w vec, h float64, j display.Join) {
	if j == display.RoundJoin {
		r.circle(v, h)
		return
	}
	d1, d2 := v.sub(u), w.sub(v)
	d1, d2 = d1.mul(1/d1.len()), d2.mul(1/d2.len())
	// The corners of the two segments' ends on the outside of the turn.
	s := 1.0
	if cross(d1, d2) > 0 {
		s = -1
	}
	a := v.add(perp(d1).mul(float64(s * h)))
	c := v.add(perp(d2).mul(float64(s * h)))
	m := lerp(0.5, a, c).sub(v)
	ml := m.len()
	if ml < 1e-9*h {
		return // the line turns right back: no join
	}
	// The miter point lies on the bisector, h²/ml from v; its distance
	// over h is the miter ratio that the miter limit bounds.
	dist := h * h / ml
	if dist > MiterLimit*h {
		r.polygon([]vec{v, a, c})
		return
	}
	r.polygon([]vec{v, a, v.add(m.mul(dist / ml)), c})
}

// text fills the outlines of the glyphs of t. Contours keep the turn the
// font gives them, so counters stay open. The glyphs of a font made bold
// by typeface.Embolden are stroked too, with round joins, after they are
// filled.
func (r *raster) text(t *display.Text) {
	if t.Text == "" || t.Size <= 0 {
		return
	}
	for _, ink := range t.Inks() {
		var contours [][]vec
		var cur []vec
		flush := func() {
			if len(cur) > 0 {
				contours = append(contours, cur)
			}
			cur = nil
		}
		for _, s := range ink.Segments {
			p := func(i int) vec { return r.pt(s.Args[i][0], s.Args[i][1]) }
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				flush()
				cur = append(cur, p(0))
			case sfnt.SegmentOpLineTo:
				cur = append(cur, p(0))
			case sfnt.SegmentOpQuadTo:
				if len(cur) > 0 {
					cur = quad(cur, cur[len(cur)-1], p(0), p(1))
				}
			case sfnt.SegmentOpCubeTo:
				if len(cur) > 0 {
					cur = cube(cur, cur[len(cur)-1], p(0), p(1), p(2))
				}
			}
		}
		flush()
		for _, c := range contours {
			r.add(c)
		}
		r.paint(t.Color)
		if ink.Stroke <= 0 {
			continue
		}
		// The stroke, painted on its own: its pieces are all turned one
		// way, which the glyphs' counters are not.
		stroke := &display.Line{Width: ink.Stroke, Color: t.Color, Cap: display.RoundCap, Join: display.RoundJoin}
		for _, c := range contours {
			pts := make([]display.Point, len(c))
			for i, v := range c {
				pts[i] = display.Point{X: v.x / r.scale, Y: v.y / r.scale}
			}
			stroke.Paths = append(stroke.Paths, display.Path{Points: pts, Closed: true})
		}
		r.line(stroke)
	}
}

// segments returns how many straight pieces a curve whose control points
// stray devsq (squared pixels) from its chord needs, as x/image/vector
// decides.
func segments(devsq float64) int {
	if devsq < 0.333 {
		return 1
	}
	return 1 + int(math.Sqrt(math.Sqrt(float64(3*devsq))))
}

func devSquared(a, b, c vec) float64 {
	d := a.sub(b.mul(2)).add(c)
	return float64(d.x*d.x) + float64(d.y*d.y)
}

// quad appends the quadratic Bézier curve from a via b to c, flattened.
func quad(pts []vec, a, b, c vec) []vec {
	n := segments(devSquared(a, b, c))
	for i := 1; i < n; i++ {
		t := float64(i) / float64(n)
		pts = append(pts, lerp(t, lerp(t, a, b), lerp(t, b, c)))
	}
	return append(pts, c)
}

// cube appends the cubic Bézier curve from a via b and c to d, flattened.
func cube(pts []vec, a, b, c, d vec) []vec {
	n := segments(math.Max(devSquared(a, b, d), devSquared(a, c, d)))
	for i := 1; i < n; i++ {
		t := float64(i) / float64(n)
		ab, bc, cd := lerp(t, a, b), lerp(t, b, c), lerp(t, c, d)
		pts = append(pts, lerp(t, lerp(t, ab, bc), lerp(t, bc, cd)))
	}
	return append(pts, d)
}
