// Package svg writes a display list as an SVG document through svgo. Text
// is drawn as the outlines of the embedded Go fonts, so the page looks the
// same in every viewer and rasteriser, with the text itself kept, escaped,
// in a <title> for search and accessibility. No text from a spec ever goes
// into an attribute: svgo writes attribute arguments verbatim, so every
// attribute here is built from numbers and fixed words only.
package svg

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	svgo "github.com/ajstarks/svgo/float"
	"golang.org/x/image/font/sfnt"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// Mark is the comment that opens every SVG page mazebook writes.
const Mark = "<!-- mazebook page -->"

// MiterLimit is the stroke-miterlimit of every line: PDF's default, which
// the PDF and PNG backends use too.
const MiterLimit = 10

// Write writes page p to w as an SVG document measured in points: its
// width and height are in pt and its viewBox is the page in points. The
// output depends only on p. Lines, fills, texts and images with a
// non-positive width, size or area draw nothing, as in the PDF and PNG
// backends. A picture is written once a page, as a PNG in a data: URI,
// and shown wherever the page has it.
func Write(w io.Writer, p display.Page) error {
	if err := p.Check(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	bw := bufio.NewWriter(w)
	ew := &errWriter{w: bw}
	c := svgo.New(ew)
	wd, ht := num(p.Width), num(p.Height)
	c.Startraw(`width="`+wd+`pt"`, `height="`+ht+`pt"`, `viewBox="0 0 `+wd+` `+ht+`"`)
	// The mark tells a page mazebook wrote from a file someone else put
	// beside it: only marked pages are ever replaced or removed.
	io.WriteString(ew, Mark+"\n")
	c.Path(rectPath(display.Box{W: p.Width, H: p.Height}), `fill="#ffffff"`)
	pics := newPictures()
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			if it.Width > 0 && drawsPath(it) {
				// As svgo's Path writes it, the data written as it is
				// made rather than held whole.
				io.WriteString(ew, `<path d="`)
				writeLinePath(ew, it)
				io.WriteString(ew, `" fill="none" stroke="`+hex(it.Color)+`" stroke-width="`+num(it.Width)+
					`" stroke-linecap="`+capName(it.Cap)+`" stroke-linejoin="`+joinName(it.Join)+
					`" stroke-miterlimit="`+strconv.Itoa(MiterLimit)+`" />`+"\n")
			}
		case *display.Fill:
			if it.Box.W > 0 && it.Box.H > 0 {
				c.Path(rectPath(it.Box), `fill="`+hex(it.Color)+`"`)
			}
		case *display.Shape:
			if d := polygonPath(it.Polygons); d != "" {
				c.Path(d, `fill="`+hex(it.Color)+`"`)
			}
		case *display.Image:
			if err := pics.draw(ew, it); err != nil {
				return fmt.Errorf("write svg: %w", err)
			}
		case *display.Text:
			if it.Text == "" || it.Size <= 0 {
				continue
			}
			c.Group()
			// svgo's Title escapes its content with encoding/xml, which
			// also replaces characters XML does not allow.
			c.Title(it.Text)
			for _, ink := range it.Inks() {
				d := outlinePath(ink.Segments)
				switch {
				case d == "":
				case ink.Stroke > 0:
					// A font made bold by stroking its glyphs.
					c.Path(d, `fill="`+hex(it.Color)+`" stroke="`+hex(it.Color)+`" stroke-width="`+num(ink.Stroke)+`" stroke-linejoin="round"`)
				default:
					c.Path(d, `fill="`+hex(it.Color)+`"`)
				}
			}
			c.Gend()
		}
	}
	c.End()
	if ew.err == nil {
		ew.err = bw.Flush()
	}
	if ew.err != nil {
		return fmt.Errorf("write svg: %w", ew.err)
	}
	return nil
}

// errWriter remembers the first write error, since svgo ignores them.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	e.err = err
	return len(p), nil
}

func capName(c display.Cap) string {
	switch c {
	case display.SquareCap:
		return "square"
	case display.RoundCap:
		return "round"
	}
	return "butt"
}

func joinName(j display.Join) string {
	if j == display.RoundJoin {
		return "round"
	}
	return "miter"
}

// num formats a number compactly, to a thousandth of a point.
func num(v float64) string { return string(appendNum(nil, v)) }

// appendNum appends v formatted as num formats it.
func appendNum(b []byte, v float64) []byte {
	v = math.Round(float64(v*1000)) / 1000
	if v == 0 {
		return append(b, '0') // and not "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func hex(c display.Color) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// rectPath returns the path data of a rectangle.
func rectPath(b display.Box) string {
	return "M" + num(b.X) + " " + num(b.Y) + "H" + num(b.X+b.W) + "V" + num(b.Y+b.H) + "H" + num(b.X) + "Z"
}

// linePath returns the path data of all the paths of l (see
// writeLinePath).
func linePath(l *display.Line) string {
	var b strings.Builder
	writeLinePath(&b, l)
	return b.String()
}

// drawsPath reports whether writeLinePath writes anything for l.
func drawsPath(l *display.Line) bool {
	for _, p := range l.Paths {
		if drawn(p, l.Cap) {
			return true
		}
	}
	return false
}

// drawn reports whether a path of a line with caps c is drawn: PDF draws
// nothing for a path of one point unless its caps are round; SVG would
// draw a square cap's square.
func drawn(p display.Path, c display.Cap) bool {
	return len(p.Points) >= 2 && (c == display.RoundCap || !degenerate(p.Points))
}

// writeLinePath writes the path data of all the paths of l to w, a few
// kilobytes at a time (a maze of a million cells has megabytes of it): a
// straight piece as L, a bent one as A (its radius, the large-arc flag
// when it turns through more than π, the sweep flag when it turns
// clockwise as drawn), and a closed path ending with Z.
func writeLinePath(w io.Writer, l *display.Line) {
	b := make([]byte, 0, 8<<10)
	pt := func(q display.Point) {
		b = appendNum(b, q.X)
		b = append(b, ' ')
		b = appendNum(b, q.Y)
	}
	for _, p := range l.Paths {
		if !drawn(p, l.Cap) {
			continue
		}
		b = append(b, 'M')
		pt(p.Points[0])
		for i := range p.Pieces() {
			_, to, bend := p.Piece(i)
			_, r, ok := p.Arc(i)
			if s := math.Sin(bend / 4); ok && 2*r*s*s < 0.0005 {
				// The arc strays from its chord (by r(1-cos(bend/2)))
				// less than num rounds its ends: draw the chord, rather
				// than a radius of hundreds of digits.
				ok = false
			}
			switch {
			case ok:
				large, sweep := "0", "0"
				if math.Abs(bend) > math.Pi {
					large = "1"
				}
				if bend > 0 {
					sweep = "1"
				}
				b = append(b, 'A')
				b = appendNum(b, r)
				b = append(b, ' ')
				b = appendNum(b, r)
				b = append(b, " 0 "+large+" "+sweep+" "...)
				pt(to)
			case p.Closed && i == len(p.Points)-1:
				// Z draws the straight piece back to the start.
			default:
				b = append(b, 'L')
				pt(to)
			}
		}
		if p.Closed {
			b = append(b, 'Z')
		}
		if len(b) >= 6<<10 {
			w.Write(b)
			b = b[:0]
		}
	}
	w.Write(b)
}

// degenerate reports whether all the points of p coincide.
func degenerate(p []display.Point) bool {
	for _, q := range p[1:] {
		if q != p[0] {
			return false
		}
	}
	return true
}

// outlinePath returns the path data of glyph outlines, each contour
// closed.
func outlinePath(segs []typeface.Segment) string {
	var b strings.Builder
	pt := func(p [2]float64) {
		b.WriteString(num(p[0]))
		b.WriteByte(' ')
		b.WriteString(num(p[1]))
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if b.Len() > 0 {
				b.WriteByte('Z')
			}
			b.WriteByte('M')
			pt(s.Args[0])
		case sfnt.SegmentOpLineTo:
			b.WriteByte('L')
			pt(s.Args[0])
		case sfnt.SegmentOpQuadTo:
			b.WriteByte('Q')
			pt(s.Args[0])
			b.WriteByte(' ')
			pt(s.Args[1])
		case sfnt.SegmentOpCubeTo:
			b.WriteByte('C')
			pt(s.Args[0])
			b.WriteByte(' ')
			pt(s.Args[1])
			b.WriteByte(' ')
			pt(s.Args[2])
		}
	}
	if b.Len() > 0 {
		b.WriteByte('Z')
	}
	return b.String()
}

// polygonPath returns the path data of closed polygons, skipping any with
// fewer than three points.
func polygonPath(polys [][]display.Point) string {
	var b strings.Builder
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		for i, q := range poly {
			if i == 0 {
				b.WriteString("M")
			} else {
				b.WriteString("L")
			}
			b.WriteString(num(q.X) + " " + num(q.Y))
		}
		b.WriteString("Z")
	}
	return b.String()
}
