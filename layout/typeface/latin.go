package typeface

import (
	"unicode"
)

// A book in a script the Go fonts lack (Bengali, Hindi, Chinese, Arabic)
// is set in a font of that script, whose own Latin letters and digits
// need not match the book's Latin face: Debian's Likhan draws them like
// Times. WithLatin makes the font that sets them in the Go fonts, run by
// run, and Embolden the bold of a script whose fonts have no bold face.

// WithLatin returns a font that sets the Latin letters of a text and its
// digits 0 to 9 in latin, and every other character in f: a name in
// Latin letters, a page number or a maze's number in a Bengali book look
// as they do in an English one. The spaces and punctuation between two
// characters set in latin (or between one and an end of the text) are
// set in latin too, and so is the punctuation that clings to one (no
// space between them) and a character f lacks and latin has; a combining
// mark goes with the character before it. Wide (full-width)
// Latin letters, which are Chinese typography's, stay in f. The font's
// Name and ID are f's.
func (f *Font) WithLatin(latin *Font) *Font {
	m := f.or().plain()
	c := *m
	c.shaper = &shaper{}
	c.main, c.latin = m, latin.or().plain()
	return &c
}

// EmboldenStroke is the width of the line, in ems, that strokes the
// glyphs of a font made bold by Embolden: each stem grows by as much.
const EmboldenStroke = 0.03

// Embolden returns f made bold: its glyphs filled and then stroked, in
// the same colour, with a line EmboldenStroke wide with round joins, as
// word processors make the bold of a font that has none (PDF text render
// mode 2, an SVG stroke). Debian's fonts of Chinese and Devanagari have
// no bold face. Its advances are f's, so the text measures as f does. A
// font made by WithLatin is made bold in its own font, its Latin font
// left as it is (a Go font has a bold face of its own). The font's Name
// and ID are f's.
func (f *Font) Embolden() *Font {
	f = f.or()
	if f.latin != nil {
		return f.main.Embolden().WithLatin(f.latin)
	}
	c := *f
	c.shaper = &shaper{}
	c.stroke = EmboldenStroke
	return &c
}

// Stroke returns the width of the line, in points, that strokes the
// glyphs of f set at size points over their fill: 0, but for a font made
// bold by Embolden (a font made by WithLatin: the wider of its two
// fonts', for bounds; Inks and Runs say which glyphs are stroked).
func (f *Font) Stroke(size float64) float64 {
	f = f.or()
	if f.latin != nil {
		return float64(max(f.main.stroke, f.latin.stroke) * size)
	}
	return float64(f.stroke * size)
}

// plain returns the font f sets its own characters in: f, or for a font
// made by WithLatin, the font it was made from.
func (f *Font) plain() *Font {
	if f.main != nil {
		return f.main
	}
	return f
}

// Run is a piece of a text set in one font, never one made by WithLatin.
type Run struct {
	Font *Font
	Text string
}

// Runs splits s into the runs of characters set in one font, in the
// text's order: s whole, in f, but in a font made by WithLatin (see
// there). Control characters are left out. A backend that sets text as
// characters of a font (PDF) sets each run in its font, one after the
// other: set so, a text that is not Shaped is as wide as Width measures
// it in f, each run as wide as Width measures it in its own font.
func Runs(f Face, s string) []Run {
	f = f.or()
	if f.latin == nil {
		runes, _ := drawn(s)
		if len(runes) == 0 {
			return nil
		}
		return []Run{{Font: f, Text: string(runes)}}
	}
	runes, _ := drawn(s)
	fonts := f.fonts(runes)
	var out []Run
	for i := 0; i < len(runes); {
		j := i + 1
		for j < len(runes) && fonts[j] == fonts[i] {
			j++
		}
		out = append(out, Run{Font: fonts[i], Text: string(runes[i:j])})
		i = j
	}
	return out
}

// fonts returns the plain font each of runes is set in: f for every one,
// but in a font made by WithLatin, as WithLatin says.
func (f *Font) fonts(runes []rune) []*Font {
	out := make([]*Font, len(runes))
	if f.latin == nil {
		for i := range out {
			out[i] = f
		}
		return out
	}
	m, l := f.main, f.latin
	// What each rune is: set in the Latin font whatever its neighbours,
	// in the font itself, a neutral that goes with its neighbours, or a
	// mark that goes with the character before it.
	const (
		neutral = iota
		latin
		own
		mark
	)
	kind := make([]int8, len(runes))
	for i, r := range runes {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			kind[i] = mark
		case latinRune(r) && l.hasGlyph(r), !m.hasGlyph(r) && l.hasGlyph(r):
			kind[i] = latin
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mc, r):
			kind[i] = own
		}
	}
	// The nearest character on each side that is not neutral: the one
	// before, carried forward; the one after, found once a run of
	// neutrals ends.
	before := int8(neutral)
	for i := 0; i < len(runes); i++ {
		switch kind[i] {
		case latin:
			out[i], before = l, latin
		case own:
			out[i], before = m, own
		case mark:
			out[i] = m
			if i > 0 {
				out[i] = out[i-1]
			}
		default:
			j := i
			for j < len(runes) && kind[j] == neutral {
				j++
			}
			after := int8(neutral)
			if j < len(runes) {
				after = kind[j]
				if after == mark {
					after = own // a mark after a neutral: the font's own
				}
			}
			// Between Latin and an end, all Latin; between Latin and the
			// font's own, the punctuation that clings to the Latin side
			// (no space between them).
			from, to := i, i // the neutrals set in the Latin font
			switch {
			case (before == latin || before == neutral) && (after == latin || after == neutral) && before+after != neutral:
				to = j
			case before == latin:
				for to = i; to < j && !unicode.IsSpace(runes[to]); to++ {
				}
			case after == latin:
				for from = j; from > i && !unicode.IsSpace(runes[from-1]); from-- {
				}
				to = j
			}
			for k := i; k < j; k++ {
				out[k] = m
				if k >= from && k < to && l.hasGlyph(runes[k]) {
					out[k] = l
				}
			}
			i = j - 1
		}
	}
	return out
}

// latinRune reports whether r is a Latin letter or a digit 0 to 9, but
// not a wide (full-width) one.
func latinRune(r rune) bool {
	return r >= '0' && r <= '9' || unicode.Is(unicode.Latin, r) && !(r >= 0xFF00 && r <= 0xFFEF)
}
