// Package typeface holds the fonts a book is set in: the Go fonts built
// in (Regular and Bold, which cover Latin-1: English, Spanish and the
// other western European languages) and TrueType fonts a spec names. It
// measures and outlines text set in them, so that every backend sets text
// the same way.
package typeface

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Font is a TrueType font, loaded once and read-only afterwards: it is
// safe for concurrent use. A nil *Font stands for Regular.
type Font struct {
	name string // for messages: "GoBold", or the file it was read from
	id   string // unique to its bytes: PostScript name and a hash
	data []byte
	fnt  *sfnt.Font
	upem fixed.Int26_6
	// fallback is the glyph drawn for a character the font lacks: '?', or
	// the font's missing glyph when it has no '?'.
	fallback sfnt.GlyphIndex
	// shaper shapes the texts that need it (see Shaped): every Font
	// value has its own, since what it shapes depends on the fields
	// below.
	shaper *shaper
	// main and latin are set in a font made by WithLatin: the plain
	// fonts it sets its own characters in and its Latin letters and
	// digits in.
	main, latin *Font
	// stroke is the width, in ems, of the line that strokes the glyphs
	// of a font made bold by Embolden over their fill; 0 for others.
	stroke float64
}

// Face is the font a text is set in, as display lists and the measuring
// functions take it; nil stands for Regular.
type Face = *Font

// The built-in faces: the Go fonts.
var (
	Regular = mustLoad("GoRegular", goregular.TTF)
	Bold    = mustLoad("GoBold", gobold.TTF)
)

// Faces lists the built-in faces, in order.
var Faces = []Face{Regular, Bold}

// mustLoad loads a built-in font. The fonts are compiled into the binary;
// failing to load them is a build defect, not a user error.
func mustLoad(name string, data []byte) *Font {
	f, err := load(name, data)
	if err != nil {
		panic(fmt.Sprintf("typeface: built-in font %s: %v", name, err))
	}
	return f
}

// or returns f, or Regular for nil.
func (f *Font) or() *Font {
	if f == nil {
		return Regular
	}
	return f
}

// Name returns the name the font goes by in messages: GoRegular, GoBold,
// or the name it was loaded with (its file).
func (f *Font) Name() string { return f.or().name }

// ID returns a name unique to the font's bytes, made of letters, digits
// and hyphens: its PostScript name and a hash of the file. Backends
// register the font under it, so that two fonts with the same name do not
// clash and the same font is registered once.
func (f *Font) ID() string { return f.or().id }

// TTF returns the TrueType file of the font. The slice must not be
// modified.
func (f *Font) TTF() []byte { return f.or().data }

// Has reports whether the font has a glyph for r (a font made by
// WithLatin: its own font or its Latin font). Only characters of the
// Basic Multilingual Plane (up to U+FFFF) count: the PDF writer cannot set
// others, so no backend does.
func (f *Font) Has(r rune) bool {
	f = f.or()
	if f.latin != nil && f.latin.hasGlyph(r) {
		return true
	}
	return f.hasGlyph(r) || r == NarrowSpace
}

// NarrowSpace is the narrow no-break space French sets before '!', '?'
// and ':' (U+202F). A font without it (the Go fonts) sets it as half a
// space, drawing nothing: every backend places the text after it so.
const NarrowSpace = '\u202f'

// narrow reports whether r is a narrow space the font lacks, and its
// advance then: half the font's space.
func (f *Font) narrow(buf *sfnt.Buffer, r rune) (fixed.Int26_6, bool) {
	if r != NarrowSpace {
		return 0, false
	}
	if idx, err := f.fnt.GlyphIndex(buf, r); err == nil && idx != 0 {
		return 0, false
	}
	space, _ := f.glyph(buf, ' ')
	adv, err := f.fnt.GlyphAdvance(buf, space, f.upem, font.HintingNone)
	if err != nil {
		return 0, false
	}
	return adv / 2, true
}

// Missing returns the characters of s the font has no glyph for (see
// Has), each once, in the order they first appear. Control characters
// (newlines, tabs) are left out: they are never drawn.
func (f *Font) Missing(s string) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if unicode.IsControl(r) || seen[r] {
			continue
		}
		seen[r] = true
		if !f.Has(r) {
			out = append(out, r)
		}
	}
	return out
}

// glyph returns the glyph of r and true, or the fallback glyph and false
// when the font lacks r.
func (f *Font) glyph(buf *sfnt.Buffer, r rune) (sfnt.GlyphIndex, bool) {
	if r > 0xFFFF {
		return f.fallback, false
	}
	idx, err := f.fnt.GlyphIndex(buf, r)
	if err != nil || idx == 0 {
		return f.fallback, false
	}
	return idx, true
}

// Width returns the advance width of s set in face f at size points, without
// kerning (the PDF backend does not kern either).
func Width(f Face, size float64, s string) float64 {
	total := 0.0
	for _, adv := range f.or().advances(s) {
		total += adv
	}
	return float64(total * size)
}

// advances yields the byte offset of each rune of s with its advance in
// ems. A rune the font lacks takes the advance of '?', which is what is
// drawn for it; a control character is not drawn and takes no room.
func (f *Font) advances(s string) func(yield func(int, float64) bool) {
	return func(yield func(int, float64) bool) {
		if Shaped(s) {
			if g, ok := f.shape(s); ok {
				// A shaped text's clusters, each whole, in the text's
				// order (right-to-left runs are drawn the other way).
				adv := map[int]float64{}
				var order []int
				for _, gl := range g {
					if _, ok := adv[gl.cluster]; !ok {
						order = append(order, gl.cluster)
					}
					adv[gl.cluster] += gl.font.em(gl.advance)
				}
				slices.Sort(order)
				for _, c := range order {
					if !yield(c, adv[c]) {
						return
					}
				}
				return
			}
		}
		var buf sfnt.Buffer
		if f.latin == nil {
			for i, r := range s {
				if unicode.IsControl(r) {
					continue
				}
				if !yield(i, f.advance(&buf, r)) {
					return
				}
			}
			return
		}
		runes, offsets := drawn(s)
		for k, pf := range f.fonts(runes) {
			if !yield(offsets[k], pf.advance(&buf, runes[k])) {
				return
			}
		}
	}
}

// em converts a length in the units of a plain font to ems.
func (f *Font) em(v fixed.Int26_6) float64 { return float64(v) / float64(f.upem) }

// advance returns the advance of r set in the plain font f, in ems: a
// narrow space's the font lacks (see narrow), or its glyph's.
func (f *Font) advance(buf *sfnt.Buffer, r rune) float64 {
	if adv, ok := f.narrow(buf, r); ok {
		return f.em(adv)
	}
	idx, _ := f.glyph(buf, r)
	adv, err := f.fnt.GlyphAdvance(buf, idx, f.upem, font.HintingNone)
	if err != nil {
		return 0
	}
	return f.em(adv)
}

// drawn returns the runes of s that are drawn (all but control
// characters) and the byte offset of each.
func drawn(s string) (runes []rune, offsets []int) {
	for i, r := range s {
		if !unicode.IsControl(r) {
			runes, offsets = append(runes, r), append(offsets, i)
		}
	}
	return runes, offsets
}

// Metrics returns the ascent and descent of face f at size points, both
// positive, from the font's own metrics (a font made by WithLatin: the
// larger of its two fonts').
func Metrics(f Face, size float64) (ascent, descent float64) {
	f = f.or()
	if f.latin != nil {
		a, d := Metrics(f.main, size)
		la, ld := Metrics(f.latin, size)
		return max(a, la), max(d, ld)
	}
	var buf sfnt.Buffer
	m, err := f.fnt.Metrics(&buf, f.upem, font.HintingNone)
	if err != nil {
		return float64(0.9 * size), float64(0.2 * size)
	}
	return float64(f.em(m.Ascent) * size), float64(f.em(m.Descent) * size)
}

// Segment is one piece of a glyph outline in page coordinates (y down): a
// move, a line, or a quadratic or cubic Bézier curve, as Op says, to the
// last of Args.
type Segment struct {
	Op   sfnt.SegmentOp
	Args [3][2]float64
}

// Ink is the outlines of glyphs that are drawn alike: filled, and when
// Stroke is more than 0 also stroked, in the same colour, with a line of
// that width in points (round joins), as a font made bold by Embolden
// is drawn.
type Ink struct {
	Segments []Segment
	Stroke   float64
}

// Outline returns the outlines of s set in face f at size points with its
// baseline starting at (x, y), y growing downwards. Runes the font lacks are
// drawn as '?'; control characters are not drawn. It is every segment
// of Inks, which a backend draws instead: a glyph of a font made bold
// by Embolden is stroked as well as filled.
func Outline(f Face, size, x, y float64, s string) []Segment {
	var out []Segment
	for _, ink := range Inks(f, size, x, y, s) {
		out = append(out, ink.Segments...)
	}
	return out
}

// Inks returns the outlines of s set in face f at size points with its
// baseline starting at (x, y), y growing downwards, in pieces drawn
// alike, from left to right: one, but for a font made by WithLatin whose
// two fonts are drawn differently (a script font made bold by Embolden,
// and a Latin font with a bold face of its own). Runes the font lacks are
// drawn as '?'; control characters are not drawn.
func Inks(f Face, size, x, y float64, s string) []Ink {
	f = f.or()
	var buf sfnt.Buffer
	var inks []Ink
	add := func(pf *Font, idx sfnt.GlyphIndex, x, y float64) {
		segs, err := pf.fnt.LoadGlyph(&buf, idx, pf.upem, nil)
		if err != nil || len(segs) == 0 {
			return
		}
		stroke := float64(pf.stroke * size)
		if len(inks) == 0 || inks[len(inks)-1].Stroke != stroke {
			inks = append(inks, Ink{Stroke: stroke})
		}
		ink := &inks[len(inks)-1]
		scale := size / float64(pf.upem)
		for _, sg := range segs {
			var o Segment
			o.Op = sg.Op
			for i, a := range sg.Args {
				// Args are in 26.6 fixed point of font units; sfnt
				// outlines have y growing downwards already.
				o.Args[i] = [2]float64{x + float64(float64(a.X)*scale), y + float64(float64(a.Y)*scale)}
			}
			ink.Segments = append(ink.Segments, o)
		}
	}
	if Shaped(s) {
		if g, ok := f.shape(s); ok {
			pen := x
			for _, gl := range g {
				// A shaper's offsets have y growing upwards.
				add(gl.font, gl.id, pen+float64(gl.font.em(gl.dx)*size), y-float64(gl.font.em(gl.dy)*size))
				pen += float64(gl.font.em(gl.advance) * size)
			}
			return inks
		}
	}
	runes, _ := drawn(s)
	pen := x
	for k, pf := range f.fonts(runes) {
		r := runes[k]
		if adv, ok := pf.narrow(&buf, r); ok {
			pen += float64(pf.em(adv) * size) // a space: nothing drawn
			continue
		}
		idx, _ := pf.glyph(&buf, r)
		add(pf, idx, pen, y)
		pen += float64(pf.advance(&buf, r) * size)
	}
	return inks
}

// Fit returns the length in bytes of the longest prefix of s that, set in
// face f at size points, is no wider than width. It measures each rune
// once, so it takes time linear in the length of s.
func Fit(f Face, size float64, s string, width float64) int {
	limit := width / size
	total := 0.0
	for i, adv := range f.or().advances(s) {
		if total+adv > limit*(1+1e-12) {
			return i
		}
		total += adv
	}
	return len(s)
}

// Ellipsize returns s, or when s set in face f at size points is wider
// than width, its longest start that fits with an ellipsis after it: "…",
// or "..." in a font without it. It measures the text once.
func Ellipsize(f Face, size float64, s string, width float64) string {
	if Width(f, size, s) <= width {
		return s
	}
	dots := "…"
	if !f.Has('…') {
		dots = "..."
	}
	n := Fit(f, size, s, width-Width(f, size, dots))
	return s[:n] + dots
}

// EllipsizeWords returns s, a line that more text follows, with an
// ellipsis after its last word (or, in Chinese, character; see Pieces)
// that leaves room for it within width, set in face f at size points;
// or Ellipsize's cut when not even its first word leaves room.
func EllipsizeWords(f Face, size float64, s string, width float64) string {
	dots := "…"
	if !f.Has('…') {
		dots = "..."
	}
	pieces := Pieces(s)
	for n := len(pieces); n > 0; n-- {
		var b strings.Builder
		for i, p := range pieces[:n] {
			if p.Space && i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(p.Text)
		}
		if cut := b.String() + dots; Width(f, size, cut) <= width {
			return cut
		}
	}
	return Ellipsize(f, size, s+dots, width)
}

// Words splits s into words at the spaces a line may break at: not at a
// no-break space (U+00A0), a narrow one (U+202F) or a figure space
// (U+2007), which hold their neighbours together.
func Words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) && r != '\u00a0' && r != NarrowSpace && r != '\u2007'
	})
}

// Wrap breaks s into lines no wider than width, set in face f at size
// points, at spaces, between the characters of Chinese and Japanese (which
// sets no spaces; see Pieces), and at newlines (each newline starts a new
// line, an empty one for a blank line). A piece wider than width stays
// whole on a line of its own.
func Wrap(f Face, size float64, s string, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, p := range Pieces(para) {
			try := p.Text
			if line != "" {
				try = line + p.Text
				if p.Space {
					try = line + " " + p.Text
				}
			}
			if line != "" && Width(f, size, try) > width {
				lines = append(lines, line)
				line = p.Text
				continue
			}
			line = try
		}
		lines = append(lines, line)
	}
	return lines
}

// Piece is a piece of a paragraph that a line may end after: a word, or a
// Chinese or Japanese character with the punctuation that clings to it;
// Space says whether a space comes before it.
type Piece struct {
	Text  string
	Space bool
}

// Pieces splits a paragraph into the pieces a line may end after: at
// spaces (see Words), and between two characters where one is a CJK
// ideograph, kana or full-width sign, but never before closing
// punctuation (，。」) nor after opening punctuation (「（), as Chinese
// and Japanese typesetting keeps them.
func Pieces(para string) []Piece {
	var out []Piece
	for i, w := range Words(para) {
		start := len(out)
		runes := []rune(w)
		from := 0
		for j := 1; j < len(runes); j++ {
			a, b := runes[j-1], runes[j]
			if (wide(a) || wide(b)) && !strings.ContainsRune(closing, b) && !strings.ContainsRune(opening, a) {
				out = append(out, Piece{Text: string(runes[from:j])})
				from = j
			}
		}
		out = append(out, Piece{Text: string(runes[from:])})
		out[start].Space = i > 0
	}
	return out
}

// Punctuation a line may not start with (closing) or end with (opening).
const (
	closing = "，。、；：！？）」』》〉】〕”’…·,.;:!?)]}%"
	opening = "（「『《〈【〔“‘([{"
)

// wide reports whether r is written without spaces around it: a CJK
// ideograph, kana, or a full-width sign.
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) ||
		r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF
}

// WrapBalanced is Wrap with the lines of each paragraph made as even as
// they can be without adding a line: each paragraph is set in the
// narrowest width that takes no more lines than width does, so that a
// short paragraph set centred does not end on one word alone (a widow).
func WrapBalanced(f Face, size float64, s string, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		best := Wrap(f, size, para, width)
		if len(best) > 1 {
			lo, hi := 0.0, width
			for range 20 {
				mid := (lo + hi) / 2
				if try := Wrap(f, size, para, mid); len(try) <= len(best) && fits(f, size, try, mid) {
					hi = mid
				} else {
					lo = mid
				}
			}
			best = Wrap(f, size, para, hi)
		}
		lines = append(lines, best...)
	}
	return lines
}

// WrapNoWidow is Wrap with no paragraph of more than one line ending on a
// line of one word alone (a widow; for Chinese, one character): each such
// paragraph is set at the widest width, up to width, at which its last
// line has two words or more in as many lines as Wrap sets it in, or
// failing that balanced (see WrapBalanced). Unlike WrapBalanced, it keeps
// a left-aligned paragraph's lines as long as the measure allows.
func WrapNoWidow(f Face, size float64, s string, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		best := Wrap(f, size, para, width)
		if n := len(best); n > 1 && widow(best[n-1]) {
			best = noWidow(f, size, para, width, n)
		}
		lines = append(lines, best...)
	}
	return lines
}

// noWidow sets a paragraph that Wrap sets in n lines at width, its last
// a widow, as WrapNoWidow says.
func noWidow(f Face, size float64, para string, width float64, n int) []string {
	ok := func(w float64) ([]string, bool) {
		l := Wrap(f, size, para, w)
		return l, len(l) == n && !widow(l[n-1]) && fits(f, size, l, w)
	}
	// Narrower and narrower, a hundredth of the width at a time, to the
	// first width that has no widow; then the widest such width between
	// it and the last that had one.
	hi := width
	for k := 1; k <= 40; k++ {
		lo := float64(width * (1 - float64(0.01*float64(k))))
		lines, good := ok(lo)
		if !good {
			hi = lo
			continue
		}
		for range 20 {
			mid := (lo + hi) / 2
			if l, good := ok(mid); good {
				lo, lines = mid, l
			} else {
				hi = mid
			}
		}
		return lines
	}
	return WrapBalanced(f, size, para, width)
}

// widow reports whether a line holds one piece alone (see Pieces).
func widow(line string) bool { return len(Pieces(line)) == 1 }

// fits reports whether every line is at most width wide.
func fits(f Face, size float64, lines []string, width float64) bool {
	for _, l := range lines {
		if Width(f, size, l) > width {
			return false
		}
	}
	return true
}
