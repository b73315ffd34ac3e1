// Package display defines the display list: what a page of a book becomes
// before a backend (PDF, SVG, PNG) turns it into a file. Backends know
// nothing of mazes, and the code that draws mazes knows nothing of file
// formats.
package display

import (
	"errors"
	"fmt"
	"image"
	"math"

	"mazebook/layout/typeface"
)

// Point is a position on a page in points (1/72 inch), measured from the
// top-left corner of the page, y growing downwards.
type Point struct {
	X, Y float64
}

// Color is an opaque sRGB colour.
type Color struct {
	R, G, B uint8
}

// Black and White are the colours of walls and paper.
var (
	Black = Color{0, 0, 0}
	White = Color{255, 255, 255}
)

// Box is a rectangle on a page: its top-left corner, width and height.
type Box struct {
	X, Y, W, H float64
}

// Page is one page of a book as a display list. Items are painted in order,
// later items over earlier ones, on white paper.
type Page struct {
	// Width and Height are the page size in points, bleed included.
	Width, Height float64
	// Trim is the trimmed page inside the bleed; it equals the whole page
	// (0, 0, Width, Height) when there is no bleed.
	Trim Box
	// Items are the shapes on the page.
	Items []Item
}

// Item is one thing drawn on a page: a *Line, *Fill, *Shape, *Text or
// *Image.
type Item interface {
	isItem()
}

// Cap is how a stroked open path ends; a closed path has no ends.
type Cap int

// The line caps.
const (
	// ButtCap ends a line flat at its end point.
	ButtCap Cap = iota
	// SquareCap ends a line flat, half its width beyond its end point; walls
	// use it so that they meet in clean square corners.
	SquareCap
	// RoundCap ends a line with a half circle.
	RoundCap
)

// Join is how a stroked path turns where its pieces meet (and, for a
// closed path, where it starts).
type Join int

// The line joins.
const (
	MiterJoin Join = iota
	RoundJoin
)

// Line strokes one or more paths with the same pen.
type Line struct {
	// Paths are the paths stroked, as one shape: where they overlap they
	// are inked once. Each has at least two points; a path with fewer
	// draws nothing, and one all of whose points coincide is a dot with
	// round caps and nothing otherwise.
	Paths []Path
	Width float64
	Color Color
	Cap   Cap
	Join  Join
}

// Fill paints a solid rectangle.
type Fill struct {
	Box   Box
	Color Color
}

// Shape fills simple (not self-intersecting) closed polygons.
type Shape struct {
	Polygons [][]Point
	Color    Color
}

// Align is where a line of text stands relative to its anchor.
type Align int

// The text alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Text is one line of text set in Font (nil is typeface.Regular), which
// every backend embeds or outlines. (X, Y) is the anchor on the baseline:
// the start of the text, its centre or its end, as Align says. Angle turns
// the line about its anchor, in radians, clockwise as drawn (y down): π/2
// runs it down the page, as the spine of a book reads.
type Text struct {
	X, Y  float64
	Size  float64
	Font  typeface.Face
	Color Color
	Align Align
	Text  string
	Angle float64
}

// Left returns the x position where the text starts, whatever its
// alignment.
func (t *Text) Left() float64 {
	w := typeface.Width(t.Font, t.Size, t.Text)
	switch t.Align {
	case AlignCenter:
		return t.X - w/2
	case AlignRight:
		return t.X - w
	}
	return t.X
}

// Outline returns the outlines of the text's glyphs where the page shows
// them: set from Left on the baseline, then turned through Angle about the
// anchor. It is every segment of Inks, which a backend draws instead.
func (t *Text) Outline() []typeface.Segment {
	var segs []typeface.Segment
	for _, ink := range t.Inks() {
		segs = append(segs, ink.Segments...)
	}
	return segs
}

// Inks returns the outlines of the text's glyphs where the page shows
// them, in pieces drawn alike (see typeface.Inks): filled, and those of a
// font made bold by typeface.Embolden stroked too.
func (t *Text) Inks() []typeface.Ink {
	inks := typeface.Inks(t.Font, t.Size, t.Left(), t.Y, t.Text)
	if t.Angle == 0 {
		return inks
	}
	sin, cos := math.Sincos(t.Angle)
	for _, ink := range inks {
		for i := range ink.Segments {
			for j := range ink.Segments[i].Args {
				a := &ink.Segments[i].Args[j]
				dx, dy := a[0]-t.X, a[1]-t.Y
				a[0], a[1] = t.X+float64(dx*cos)-float64(dy*sin), t.Y+float64(dx*sin)+float64(dy*cos)
			}
		}
	}
	return inks
}

// Bounds returns the smallest upright box that holds the text's line: its
// advance width from Left, from the face's ascent above the baseline to
// its descent below, widened by half the stroke of a font made bold by
// typeface.Embolden, turned through Angle about the anchor. The glyphs
// ink no more than that.
func (t *Text) Bounds() Box {
	asc, desc := typeface.Metrics(t.Font, t.Size)
	left := t.Left()
	right := left + typeface.Width(t.Font, t.Size, t.Text)
	if h := t.Font.Stroke(t.Size) / 2; h > 0 {
		asc, desc, left, right = asc+h, desc+h, left-h, right+h
	}
	if t.Angle == 0 {
		return Box{X: left, Y: t.Y - asc, W: right - left, H: asc + desc}
	}
	sin, cos := math.Sincos(t.Angle)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4]Point{{left, t.Y - asc}, {right, t.Y - asc}, {right, t.Y + desc}, {left, t.Y + desc}} {
		dx, dy := c.X-t.X, c.Y-t.Y
		x, y := t.X+float64(dx*cos)-float64(dy*sin), t.Y+float64(dx*sin)+float64(dy*cos)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	return Box{X: minX, Y: minY, W: maxX - minX, H: maxY - minY}
}

// Image paints a picture stretched over Box, its transparent parts
// showing what lies beneath. Whoever makes the item keeps the picture's
// proportions. A picture has at most MaxImagePixels pixels.
type Image struct {
	Box     Box
	Picture image.Image
}

// MaxImagePixels bounds the pictures of Image items: 4 megapixels.
const MaxImagePixels = 4_000_000

func (*Line) isItem()  {}
func (*Fill) isItem()  {}
func (*Shape) isItem() {}
func (*Text) isItem()  {}
func (*Image) isItem() {}

// Check reports what would make the page an invalid document: a size that
// is not positive, a trim box outside the page, a missing item, a number
// that is not finite, an image with no picture, an empty one or one of
// more than MaxImagePixels, or a path whose bends are not as Path says: a bend
// of 2π or more in magnitude, or a Bends slice whose length is neither 0,
// one less than the number of points, nor (for a closed path) the number
// of points.
func (p *Page) Check() error {
	if !finite(p.Width, p.Height) || p.Width <= 0 || p.Height <= 0 {
		return fmt.Errorf("page size %gx%g is not positive", p.Width, p.Height)
	}
	t := p.Trim
	if !finite(t.X, t.Y, t.W, t.H) {
		return errors.New("trim box is not finite")
	}
	const eps = 0.005
	if t.W > 0 && (t.X < -eps || t.Y < -eps || t.X+t.W > p.Width+eps || t.Y+t.H > p.Height+eps || t.H <= 0) {
		return fmt.Errorf("trim box %+v is not inside the %gx%g page", t, p.Width, p.Height)
	}
	for i, it := range p.Items {
		ok := true
		switch it := it.(type) {
		case *Line:
			ok = finite(it.Width)
			for j, path := range it.Paths {
				ok = ok && finitePoints(path.Points)
				if err := path.checkBends(); err != nil {
					return fmt.Errorf("item %d (%T) path %d: %w", i+1, it, j+1, err)
				}
			}
		case *Fill:
			ok = finite(it.Box.X, it.Box.Y, it.Box.W, it.Box.H)
		case *Shape:
			for _, poly := range it.Polygons {
				ok = ok && finitePoints(poly)
			}
		case *Text:
			ok = finite(it.X, it.Y, it.Size, it.Angle)
		case *Image:
			if it == nil {
				return fmt.Errorf("item %d is nil", i+1)
			}
			ok = finite(it.Box.X, it.Box.Y, it.Box.W, it.Box.H)
			if err := checkPicture(it.Picture); err != nil {
				return fmt.Errorf("item %d (%T): %w", i+1, it, err)
			}
		case nil:
			return fmt.Errorf("item %d is nil", i+1)
		}
		if !ok {
			return fmt.Errorf("item %d (%T) has a coordinate that is not finite", i+1, it)
		}
	}
	return nil
}

// checkPicture reports a picture an Image may not have: none, an empty
// one, or one of more than MaxImagePixels.
func checkPicture(p image.Image) error {
	if p == nil {
		return errors.New("the image has no picture")
	}
	b := p.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return fmt.Errorf("the picture is empty (%dx%d)", b.Dx(), b.Dy())
	}
	if int64(b.Dx())*int64(b.Dy()) > MaxImagePixels {
		return fmt.Errorf("the %dx%d picture has more than %d pixels", b.Dx(), b.Dy(), MaxImagePixels)
	}
	return nil
}

func finitePoints(pts []Point) bool {
	for _, q := range pts {
		if !finite(q.X, q.Y) {
			return false
		}
	}
	return true
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
