package typeface

import (
	"bytes"
	"sync"
	"unicode"

	"github.com/go-text/typesetting/di"
	gotext "github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Scripts whose letters change shape with their neighbours are shaped
// before they are measured or drawn: a text in Devanagari (Hindi) or
// Bengali is laid out by HarfBuzz's rules (go-text/typesetting's port),
// its consonant clusters, vowel signs and conjuncts as the font draws
// them, rather than one glyph a character. Both are written left to
// right; Arabic, written right to left, is not shaped yet.

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
	}
	return 0
}

// glyph is one glyph of a shaped text: its index in the font, its
// advance and its offset from the pen in font units (26.6 fixed point,
// y up as fonts have it), and the byte offset in the text of the
// cluster it draws.
type glyph struct {
	id      sfnt.GlyphIndex
	advance fixed.Int26_6
	dx, dy  fixed.Int26_6
	cluster int
}

// shaper shapes texts in one font: go-text's face of the font's file and
// HarfBuzz, neither safe for concurrent use, behind a lock, with what it
// shaped kept, since layout measures the same text again and again.
type shaper struct {
	once  sync.Once
	face  *gotext.Face
	err   error
	mu    sync.Mutex
	hb    shaping.HarfbuzzShaper
	known map[string][]glyph
}

// shape returns the glyphs of s set in f, in the order they are drawn,
// or false when the font cannot be shaped (go-text cannot read it): the
// text is then set a glyph a character.
func (f *Font) shape(s string) ([]glyph, bool) {
	sh := &f.shaper
	sh.once.Do(func() {
		sh.face, sh.err = gotext.ParseTTF(bytes.NewReader(f.data))
		sh.known = map[string][]glyph{}
	})
	if sh.err != nil {
		return nil, false
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if g, ok := sh.known[s]; ok {
		return g, true
	}
	var runes []rune
	var offsets []int // each rune's byte offset
	script := language.Script(0)
	for i, r := range s {
		if unicode.IsControl(r) {
			continue
		}
		if r == NarrowSpace && !f.hasGlyph(r) {
			r = ' ' // as wide, near enough, and shaped as a space
		}
		runes, offsets = append(runes, r), append(offsets, i)
		if sc := shapedScript(r); sc != 0 && script == 0 {
			script = sc
		}
	}
	out := sh.hb.Shape(shaping.Input{
		Text: runes, RunStart: 0, RunEnd: len(runes),
		Direction: di.DirectionLTR, Face: sh.face,
		Size:   f.upem, // advances in font units
		Script: script, Language: language.NewLanguage(languageOf(script)),
	})
	g := make([]glyph, len(out.Glyphs))
	for i, o := range out.Glyphs {
		cl := len(s)
		if o.ClusterIndex < len(offsets) {
			cl = offsets[o.ClusterIndex]
		}
		g[i] = glyph{id: sfnt.GlyphIndex(o.GlyphID), advance: o.Advance, dx: o.XOffset, dy: o.YOffset, cluster: cl}
	}
	if len(sh.known) > 4096 {
		clear(sh.known) // a bound on what is kept
	}
	sh.known[s] = g
	return g, true
}

// languageOf is the language a script is shaped for.
func languageOf(sc language.Script) string {
	if sc == language.Bengali {
		return "bn"
	}
	return "hi"
}

// hasGlyph reports whether the font has a glyph of its own for r.
func (f *Font) hasGlyph(r rune) bool {
	var buf sfnt.Buffer
	_, ok := f.glyph(&buf, r)
	return ok
}
