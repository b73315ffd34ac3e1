// Package svg writes a display list as an SVG document through svgo. Text
// is drawn as the outlines of the embedded Go fonts, so the page looks the
// same in every viewer and rasteriser, with the text itself kept, escaped,
// in a <title> for search and accessibility. No text from a spec ever goes
// into an attribute.
package svg

import (
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

// Write writes page p to w as an SVG document measured in points.
func Write(w io.Writer, p display.Page) error {
	ew := &errWriter{w: w}
	c := svgo.New(ew)
	c.Decimals = 3
	c.StartviewUnit(p.Width, p.Height, "pt", 0, 0, p.Width, p.Height)
	c.Rect(0, 0, p.Width, p.Height, `fill="#ffffff"`)
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			if d := linePath(it); d != "" {
				c.Path(d, fmt.Sprintf(`fill="none" stroke="%s" stroke-width="%s" stroke-linecap="%s" stroke-linejoin="%s"`,
					hex(it.Color), num(it.Width), capNames[it.Cap], joinNames[it.Join]))
			}
		case *display.Fill:
			c.Rect(it.Box.X, it.Box.Y, it.Box.W, it.Box.H, fmt.Sprintf(`fill="%s"`, hex(it.Color)))
		case *display.Text:
			if it.Text == "" {
				continue
			}
			c.Group()
			c.Title(it.Text) // svgo escapes element content
			if d := outlinePath(typeface.Outline(it.Font, it.Size, it.Left(), it.Y, it.Text)); d != "" {
				c.Path(d, fmt.Sprintf(`fill="%s"`, hex(it.Color)))
			}
			c.Gend()
		}
	}
	c.End()
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
	e.err = err
	return n, nil
}

var capNames = map[display.Cap]string{display.ButtCap: "butt", display.SquareCap: "square", display.RoundCap: "round"}
var joinNames = map[display.Join]string{display.MiterJoin: "miter", display.RoundJoin: "round"}

// num formats a number compactly, to a thousandth of a point.
func num(v float64) string {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func hex(c display.Color) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// linePath returns the path data of all the polylines of l.
func linePath(l *display.Line) string {
	var b strings.Builder
	for _, p := range l.Paths {
		if len(p) < 2 {
			continue
		}
		for i, q := range p {
			if i == 0 {
				b.WriteByte('M')
			} else {
				b.WriteByte('L')
			}
			b.WriteString(num(q.X))
			b.WriteByte(' ')
			b.WriteString(num(q.Y))
		}
	}
	return b.String()
}

// outlinePath returns the path data of glyph outlines.
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
