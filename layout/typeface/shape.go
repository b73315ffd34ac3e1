package typeface

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/go-text/typesetting/bidi"
	"github.com/go-text/typesetting/di"
	gotext "github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Scripts whose letters change shape with their neighbours, or that are
// written right to left, are shaped before they are measured or drawn: a
// text in Devanagari (Hindi), Bengali, Arabic or Hebrew is laid out by
// HarfBuzz's rules (go-text/typesetting's port): consonant clusters,
// vowel signs and conjuncts, and Arabic letters joined, as the font draws
// them, rather than one glyph a character; and its runs put in the order
// a reader sees them by the Unicode bidirectional algorithm (a number in
// Arabic reads left to right, the words around it right to left).

// Shaped reports whether s holds a character of a script that is shaped
// (see Devanagari and Bengali above): its glyphs are not its characters
// one for one, so a backend draws its outlines (Outline) rather than its
// characters in a font.
func Shaped(s string) bool {
	for _, r := range s {
		if shapedScript(r) != 0 {
			return true
		}
	}
	return false
}

// shapedScript returns the script of r when it is shaped, else 0.
func shapedScript(r rune) language.Script {
	switch {
	case r >= 0x0900 && r <= 0x097F || r >= 0xA8E0 && r <= 0xA8FF:
		return language.Devanagari
	case r >= 0x0980 && r <= 0x09FF:
		return language.Bengali
	case r >= 0x0600 && r <= 0x06FF || r >= 0x0750 && r <= 0x077F || r >= 0x08A0 && r <= 0x08FF ||
		r >= 0xFB50 && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF:
		return language.Arabic
	case r >= 0x0590 && r <= 0x05FF || r >= 0xFB1D && r <= 0xFB4F:
		return language.Hebrew
	}
	return 0
}

// glyph is one glyph of a shaped text: the plain font it is drawn in
// (see Font.fonts), its index in the font, its advance and its offset
// from the pen in the font's units (26.6 fixed point, y up as fonts have
// it), and the byte offset in the text of the cluster it draws.
type glyph struct {
	font    *Font
	id      sfnt.GlyphIndex
	advance fixed.Int26_6
	dx, dy  fixed.Int26_6
	cluster int
}

// shaper shapes texts in one font: go-text's faces of its fonts' files
// and HarfBuzz, neither safe for concurrent use, behind a lock, with what
// it shaped kept, since layout measures the same text again and again.
type shaper struct {
	mu sync.Mutex
	// faces are go-text's faces of the plain fonts shaped, nil for one
	// it cannot read.
	faces map[*Font]*gotext.Face
	hb    shaping.HarfbuzzShaper
	bidi  bidi.Paragraph
	known map[string][]glyph
}

// face returns go-text's face of the plain font f, or false when go-text
// cannot read it. It is called with the lock held.
func (sh *shaper) face(f *Font) (*gotext.Face, bool) {
	if fc, ok := sh.faces[f]; ok {
		return fc, fc != nil
	}
	if sh.faces == nil {
		sh.faces = map[*Font]*gotext.Face{}
	}
	fc, err := gotext.ParseTTF(bytes.NewReader(f.data))
	if err != nil {
		fc = nil
	}
	sh.faces[f] = fc
	return fc, fc != nil
}

// shape returns the glyphs of s set in f, in the order they are drawn,
// or false when a font cannot be shaped (go-text cannot read it): the
// text is then set a glyph a character. A font made by WithLatin shapes
// each piece of a run in the font it is set in.
func (f *Font) shape(s string) ([]glyph, bool) {
	sh := f.shaper
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if g, ok := sh.known[s]; ok {
		return g, true
	}
	runes, offsets := drawn(s)
	fonts := f.fonts(runes)
	for i, r := range runes {
		if r == NarrowSpace && !fonts[i].hasGlyph(r) {
			runes[i] = ' ' // as wide, near enough, and shaped as a space
		}
	}
	var g []glyph
	for _, run := range visualRuns(&sh.bidi, runes) {
		dir := di.DirectionLTR
		if !run.IsLeftToRight() {
			dir = di.DirectionRTL
		}
		// The run's pieces in one font, in the text's order, then in the
		// order they are drawn.
		var pieces [][2]int
		for i := run.Start; i < run.End; {
			j := i + 1
			for j < run.End && fonts[j] == fonts[i] {
				j++
			}
			pieces = append(pieces, [2]int{i, j})
			i = j
		}
		if dir == di.DirectionRTL {
			slices.Reverse(pieces)
		}
		for _, p := range pieces {
			pf := fonts[p[0]]
			face, ok := sh.face(pf)
			if !ok {
				return nil, false
			}
			script := language.Script(language.Latin)
			for _, r := range runes[p[0]:p[1]] {
				if sc := shapedScript(r); sc != 0 {
					script = sc
					break
				}
			}
			// The whole text is context: Arabic joins across runs.
			out := sh.hb.Shape(shaping.Input{
				Text: runes, RunStart: p[0], RunEnd: p[1],
				Direction: dir, Face: face,
				Size:   pf.upem, // advances in font units
				Script: script, Language: language.NewLanguage(languageOf(script)),
			})
			// HarfBuzz gives a right-to-left run's glyphs in the order
			// they are drawn, left to right, as it gives every run's.
			for _, o := range out.Glyphs {
				cl := len(s)
				if i := o.TextIndex(); i < len(offsets) {
					cl = offsets[i]
				}
				g = append(g, glyph{font: pf, id: sfnt.GlyphIndex(o.GlyphID), advance: o.Advance, dx: o.XOffset, dy: o.YOffset, cluster: cl})
			}
		}
	}
	if sh.known == nil || len(sh.known) > 4096 {
		sh.known = map[string][]glyph{} // a bound on what is kept
	}
	sh.known[s] = g
	return g, true
}

// languageOf is the language a script is shaped for.
func languageOf(sc language.Script) string {
	switch sc {
	case language.Bengali:
		return "bn"
	case language.Devanagari:
		return "hi"
	case language.Arabic:
		return "ar"
	case language.Hebrew:
		return "he"
	}
	return "en"
}

// visualRuns splits runes into runs of one direction by the Unicode
// bidirectional algorithm, the paragraph's direction that of its first
// strong character, and returns them in the order they are drawn, left to
// right (rule L2: from the highest level down, each sequence of runs at
// that level or above reversed).
func visualRuns(p *bidi.Paragraph, runes []rune) []bidi.Run {
	if len(runes) == 0 {
		return nil
	}
	rs := p.Segment(runes, bidi.Neutral)
	runs := make([]bidi.Run, rs.NumRuns())
	high, lowOdd := bidi.Level(0), bidi.Level(127)
	for i := range runs {
		runs[i] = rs.Run(i)
		high = max(high, runs[i].Level)
		if runs[i].Level%2 == 1 {
			lowOdd = min(lowOdd, runs[i].Level)
		}
	}
	for lvl := high; lvl >= lowOdd && lvl > 0; lvl-- {
		for i := 0; i < len(runs); {
			if runs[i].Level < lvl {
				i++
				continue
			}
			j := i
			for j < len(runs) && runs[j].Level >= lvl {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				runs[a], runs[b] = runs[b], runs[a]
			}
			i = j
		}
	}
	return runs
}

// hasGlyph reports whether the font has a glyph of its own for r.
func (f *Font) hasGlyph(r rune) bool {
	var buf sfnt.Buffer
	_, ok := f.glyph(&buf, r)
	return ok
}

// Visual returns s with its characters in the order they are drawn, left
// to right: each right-to-left run (Arabic, Hebrew) turned round, and the
// runs in the order the bidirectional algorithm puts them. A PDF sets a
// shaped text's invisible words so, since its readers put right-to-left
// characters back in their order from where they stand.
func Visual(s string) string {
	runes := []rune(s)
	var p bidi.Paragraph
	var b strings.Builder
	for _, run := range visualRuns(&p, runes) {
		part := runes[run.Start:run.End]
		if run.IsLeftToRight() {
			b.WriteString(string(part))
			continue
		}
		for i := len(part) - 1; i >= 0; i-- {
			b.WriteRune(part[i])
		}
	}
	return b.String()
}
