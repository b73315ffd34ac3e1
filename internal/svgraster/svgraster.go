// Package svgraster draws an SVG document into pixels with oksvg, within
// a budget of work, so that no document (a crafted one included) keeps
// the program drawing for minutes or takes it down.
package svgraster

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
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
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
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
	scanner := &budget{Scanner: rasterx.NewScannerGV(w, h, rgba, rgba.Bounds()), w: w, h: h}
	icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	return rgba, nil
}

// FitSide returns the size in whole pixels of a picture of w by h whose
// longer side is side pixels, each side at least 1.
func FitSide(w, h float64, side int) (int, int) {
	if w >= h {
		return side, max(1, int(math.Round(float64(side)*h/w)))
	}
	return max(1, int(math.Round(float64(side)*w/h))), side
}

// budget is a scanner that counts the work it is given and stops the
// drawing, by panicking with ErrTooComplex, past the budget.
type budget struct {
	rasterx.Scanner
	w, h     int
	segments int
	coverage int64
}

func (b *budget) Line(p fixed.Point26_6) {
	if b.segments++; b.segments > MaxSegments {
		panic(ErrTooComplex)
	}
	b.Scanner.Line(p)
}

func (b *budget) Draw() {
	r := b.Scanner.GetPathExtent()
	x0, y0 := max(r.Min.X.Floor(), 0), max(r.Min.Y.Floor(), 0)
	x1, y1 := min(r.Max.X.Ceil(), b.w), min(r.Max.Y.Ceil(), b.h)
	if x1 > x0 && y1 > y0 {
		if b.coverage += int64(x1-x0) * int64(y1-y0); b.coverage > MaxCoverage {
			panic(ErrTooComplex)
		}
	}
	b.Scanner.Draw()
}
