// Package svgraster draws an SVG document into pixels with oksvg, within
// a budget of work, so that no document (a crafted one included) keeps
// the program drawing for minutes or takes it down.
package svgraster

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"regexp"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The work a document may cause as it is drawn: the straight pieces its
// curves, strokes and dashes become, and the pixels its shapes cover,
// counted over every shape. A document past either is refused.
const (
	MaxSegments = 2_000_000
	MaxCoverage = 50_000_000
)

// ErrTooComplex is the error of a document past the work budget.
var ErrTooComplex = fmt.Errorf("the SVG picture is too complex to draw: it makes more than %d line pieces or covers more than %d pixels in all (tiny dashes, huge or countless shapes)", MaxSegments, MaxCoverage)

// ErrNoSize is the error of a document with no size to draw it at.
var ErrNoSize = errors.New("the SVG picture has no size: give its svg element a viewBox, or a width and a height")

// Draw draws the SVG document data on a transparent ground, its longer
// side side pixels, keeping its proportions. Elements oksvg does not
// draw are left out. A document that is not SVG, has no size, or is past
// the work budget is an error.
func Draw(data []byte, side int) (img *image.RGBA, err error) {
	defer func() {
		// oksvg is not hardened against every malformed document; a
		// document past the work budget stops its drawing here too.
		if r := recover(); r != nil {
			if e, ok := r.(error); ok && errors.Is(e, ErrTooComplex) {
				img, err = nil, e
				return
			}
			img, err = nil, fmt.Errorf("not an SVG picture mazebook can draw (%v)", r)
		}
	}()
	icon, err := oksvg.ReadIconStream(bytes.NewReader(polylinesAsPaths(data)), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, fmt.Errorf("not an SVG picture: %v", err)
	}
	vw, vh := icon.ViewBox.W, icon.ViewBox.H
	if !(vw > 0 && vh > 0) || math.IsInf(vw, 0) || math.IsInf(vh, 0) {
		return nil, ErrNoSize
	}
	w, h := FitSide(vw, vh, side)
	icon.SetTarget(0, 0, float64(w), float64(h))
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	icon.Draw(rasterx.NewDasher(w, h, newScanner(rgba)), 1)
	return rgba, nil
}

// polyElement is a polyline or polygon element's start, up to its points.
var polyElement = regexp.MustCompile(`<(polyline|polygon)(\s[^>]*?)?\spoints\s*=\s*("[^"]*"|'[^']*')`)

// polyEnd is a polyline or polygon element's end tag.
var polyEnd = regexp.MustCompile(`</(polyline|polygon)\s*>`)

// polylinesAsPaths writes every polyline and polygon as the path that
// draws it (oksvg leaves out those of two points: a maze's walls, one a
// line): points "P" become d="M P" ("M P Z" for a polygon), as SVG reads
// the pairs after a move as lines.
func polylinesAsPaths(data []byte) []byte {
	data = polyEnd.ReplaceAll(data, []byte("</path>"))
	return polyElement.ReplaceAllFunc(data, func(m []byte) []byte {
		sub := polyElement.FindSubmatch(m)
		quote, points := sub[3][0], sub[3][1:len(sub[3])-1]
		end := ""
		if string(sub[1]) == "polygon" {
			end = " Z"
		}
		return []byte("<path" + string(sub[2]) + " d=" + string(quote) + "M " + string(points) + end + string(quote))
	})
}

// FitSide returns the size in whole pixels of a picture of w by h whose
// longer side is side pixels, each side at least 1.
func FitSide(w, h float64, side int) (int, int) {
	if w >= h {
		return side, max(1, int(math.Round(float64(side)*h/w)))
	}
	return max(1, int(math.Round(float64(side)*w/h))), side
}

// scanner is a rasterx.Scanner that fills each path within its own
// extent only (rasterx's ScannerGV covers the whole image for every path,
// which makes a drawing of many small shapes, a maze's walls, take
// seconds), and that counts the work it is given, stopping the drawing
// by panicking with ErrTooComplex past the budget.
type scanner struct {
	dest     *image.RGBA
	r        vector.Rasterizer
	path     []step
	min, max fixed.Point26_6
	src      image.Image
	clip     image.Rectangle
	segments int
	coverage int64
}

// step is a move or a line to a point of a path.
type step struct {
	p    fixed.Point26_6
	move bool
}

func newScanner(dest *image.RGBA) *scanner {
	s := &scanner{dest: dest, src: image.Black}
	s.Clear()
	return s
}

func (s *scanner) grow(p fixed.Point26_6) {
	s.min.X, s.min.Y = min(s.min.X, p.X), min(s.min.Y, p.Y)
	s.max.X, s.max.Y = max(s.max.X, p.X), max(s.max.Y, p.Y)
}

func (s *scanner) Start(a fixed.Point26_6) {
	s.grow(a)
	s.path = append(s.path, step{a, true})
}

func (s *scanner) Line(b fixed.Point26_6) {
	if s.segments++; s.segments > MaxSegments {
		panic(ErrTooComplex)
	}
	s.grow(b)
	s.path = append(s.path, step{b, false})
}

func (s *scanner) Draw() {
	t := image.Rect(s.min.X.Floor(), s.min.Y.Floor(), s.max.X.Ceil()+1, s.max.Y.Ceil()+1).Intersect(s.dest.Bounds())
	if s.clip != (image.Rectangle{}) {
		t = t.Intersect(s.clip)
	}
	if t.Empty() {
		return
	}
	if s.coverage += int64(t.Dx()) * int64(t.Dy()); s.coverage > MaxCoverage {
		panic(ErrTooComplex)
	}
	s.r.Reset(t.Dx(), t.Dy())
	s.r.DrawOp = draw.Over
	ox, oy := float32(t.Min.X), float32(t.Min.Y)
	for _, st := range s.path {
		x, y := float32(st.p.X)/64-ox, float32(st.p.Y)/64-oy
		if st.move {
			s.r.MoveTo(x, y)
		} else {
			s.r.LineTo(x, y)
		}
	}
	s.r.Draw(s.dest, t, s.src, t.Min)
}

func (s *scanner) GetPathExtent() fixed.Rectangle26_6 {
	return fixed.Rectangle26_6{Min: s.min, Max: s.max}
}

func (s *scanner) SetBounds(w, h int) {}

func (s *scanner) SetColor(c interface{}) {
	switch c := c.(type) {
	case color.Color:
		s.src = image.NewUniform(c)
	case rasterx.ColorFunc:
		s.src = colorFunc(c)
	}
}

func (s *scanner) SetWinding(bool) {} // the vector rasterizer fills by non-zero winding only

func (s *scanner) Clear() {
	s.path = s.path[:0]
	const far = fixed.Int26_6(math.MaxInt32)
	s.min, s.max = fixed.Point26_6{X: far, Y: far}, fixed.Point26_6{X: -far, Y: -far}
}

func (s *scanner) SetClip(r image.Rectangle) { s.clip = r }

// colorFunc is a gradient as an image: its colour at each pixel.
type colorFunc rasterx.ColorFunc

func (f colorFunc) ColorModel() color.Model { return color.RGBAModel }
func (f colorFunc) Bounds() image.Rectangle {
	return image.Rect(-1e9, -1e9, 1e9, 1e9)
}
func (f colorFunc) At(x, y int) color.Color { return f(x, y) }
