// Package display defines the display list: what a page of a book becomes
// before a backend (PDF, SVG, PNG) turns it into a file. Backends know
// nothing of mazes, and the code that draws mazes knows nothing of file
// formats.
package display

import "mazebook/layout/typeface"

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

// Item is one thing drawn on a page: a *Line, *Fill or *Text.
type Item interface {
	isItem()
}

// Cap is how a stroked line ends.
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

// Join is how a stroked polyline turns its corners.
type Join int

// The line joins.
const (
	MiterJoin Join = iota
	RoundJoin
)

// Line strokes one or more polylines with the same pen.
type Line struct {
	// Paths are the polylines; each has at least two points.
	Paths [][]Point
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

// Align is where a line of text stands relative to its anchor.
type Align int

// The text alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Text is one line of text in one of the embedded faces. (X, Y) is the
// anchor on the baseline: the start of the text, its centre or its end, as
// Align says.
type Text struct {
	X, Y  float64
	Size  float64
	Font  typeface.Face
	Color Color
	Align Align
	Text  string
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

func (*Line) isItem() {}
func (*Fill) isItem() {}
func (*Text) isItem() {}
