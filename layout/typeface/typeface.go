// Package typeface holds the fonts mazebook embeds in every page (the Go
// fonts, which cover Spanish and the rest of Latin-1) and measures and
// outlines text set in them, so every backend sets text the same way.
package typeface

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Face is one of the embedded typefaces.
type Face int

// The embedded typefaces.
const (
	Regular Face = iota
	Bold
)

// Faces lists every face, in order.
var Faces = []Face{Regular, Bold}

// Name returns the face's family name, as backends register it.
func (f Face) Name() string {
	if f == Bold {
		return "GoBold"
	}
	return "GoRegular"
}

// TTF returns the TrueType file of the face. The slice must not be
// modified.
func (f Face) TTF() []byte {
	if f == Bold {
		return gobold.TTF
	}
	return goregular.TTF
}

// parsed holds the fonts, parsed on first use. Sizes are passed to sfnt as
// the font's units per em, so advances and outlines come back in font units.
var parsed struct {
	once  sync.Once
	fonts [2]*sfnt.Font
	err   error
}

// sfntFont returns the parsed font for f. The fonts are parsed once; they
// are read-only afterwards and safe for concurrent use through a Buffer.
func (f Face) sfntFont() *sfnt.Font {
	parsed.once.Do(func() {
		for _, face := range Faces {
			fnt, err := sfnt.Parse(face.TTF())
			if err != nil {
				parsed.err = fmt.Errorf("parse embedded font %s: %w", face.Name(), err)
				return
			}
			parsed.fonts[face] = fnt
		}
	})
	if parsed.err != nil {
		// The fonts are compiled into the binary; failing to parse them is
		// a build defect, not a user error.
		panic(parsed.err)
	}
	return parsed.fonts[f]
}

// Width returns the advance width of s set in face f at size points, without
// kerning (the PDF backend does not kern either).
func Width(f Face, size float64, s string) float64 {
	fnt := f.sfntFont()
	var total fixed.Int26_6
	for _, adv := range advances(fnt, s) {
		total += adv
	}
	return float64(total) / float64(fnt.UnitsPerEm()) * size
}

// advances yields each rune of s with its advance in font units (26.6
// fixed point at one unit per em); a rune the font lacks takes the
// advance of '?', which is what is drawn for it.
func advances(fnt *sfnt.Font, s string) func(yield func(int, fixed.Int26_6) bool) {
	return func(yield func(int, fixed.Int26_6) bool) {
		var buf sfnt.Buffer
		upem := fixed.Int26_6(fnt.UnitsPerEm())
		for i, r := range s {
			idx, err := fnt.GlyphIndex(&buf, r)
			if err != nil || idx == 0 {
				idx, _ = fnt.GlyphIndex(&buf, '?')
			}
			adv, err := fnt.GlyphAdvance(&buf, idx, upem, font.HintingNone)
			if err != nil {
				continue
			}
			if !yield(i, adv) {
				return
			}
		}
	}
}

// Metrics returns the ascent and descent of face f at size points, both
// positive, from the font's own metrics.
func Metrics(f Face, size float64) (ascent, descent float64) {
	fnt := f.sfntFont()
	var buf sfnt.Buffer
	upem := fnt.UnitsPerEm()
	m, err := fnt.Metrics(&buf, fixed.Int26_6(upem), font.HintingNone)
	if err != nil {
		return 0.9 * size, 0.2 * size
	}
	return float64(m.Ascent) / float64(upem) * size, float64(m.Descent) / float64(upem) * size
}

// Segment is one piece of a glyph outline in page coordinates (y down): a
// move, a line, or a quadratic or cubic Bézier curve, as Op says, to the
// last of Args.
type Segment struct {
	Op   sfnt.SegmentOp
	Args [3][2]float64
}

// Outline returns the outlines of s set in face f at size points with its
// baseline starting at (x, y), y growing downwards. Runes the font lacks are
// drawn as '?'.
func Outline(f Face, size, x, y float64, s string) []Segment {
	fnt := f.sfntFont()
	var buf sfnt.Buffer
	upem := float64(fnt.UnitsPerEm())
	scale := size / upem
	var out []Segment
	pen := x
	for _, r := range s {
		idx, err := fnt.GlyphIndex(&buf, r)
		if err != nil || idx == 0 {
			idx, _ = fnt.GlyphIndex(&buf, '?')
		}
		segs, err := fnt.LoadGlyph(&buf, idx, fixed.Int26_6(fnt.UnitsPerEm()), nil)
		if err == nil {
			for _, sg := range segs {
				var o Segment
				o.Op = sg.Op
				for i, a := range sg.Args {
					// Args are in 26.6 fixed point of font units; sfnt
					// outlines have y growing downwards already.
					o.Args[i] = [2]float64{pen + float64(a.X)*scale, y + float64(a.Y)*scale}
				}
				out = append(out, o)
			}
		}
		adv, err := fnt.GlyphAdvance(&buf, idx, fixed.Int26_6(fnt.UnitsPerEm()), font.HintingNone)
		if err == nil {
			pen += float64(adv) * scale
		}
	}
	return out
}

// Fit returns the length in bytes of the longest prefix of s that, set in
// face f at size points, is no wider than width. It measures each rune
// once, so it takes time linear in the length of s.
func Fit(f Face, size float64, s string, width float64) int {
	fnt := f.sfntFont()
	limit := width / size * float64(fnt.UnitsPerEm())
	var total fixed.Int26_6
	for i, adv := range advances(fnt, s) {
		if float64(total+adv) > limit*(1+1e-12) {
			return i
		}
		total += adv
	}
	return len(s)
}

// Ellipsize returns s, or when s set in face f at size points is wider
// than width, its longest start that fits with an ellipsis after it. It
// measures the text once.
func Ellipsize(f Face, size float64, s string, width float64) string {
	if Width(f, size, s) <= width {
		return s
	}
	n := Fit(f, size, s, width-Width(f, size, "…"))
	return s[:n] + "…"
}
