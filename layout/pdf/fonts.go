package pdf

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"slices"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"mazebook/layout/typeface"
)

// fontSet is the fonts a document has registered with fpdf: each face on
// the first page that sets text in it, under a family made of the font's
// ID, so that two fonts never share a name and the same font loaded twice
// is embedded once.
type fontSet struct {
	family map[*typeface.Font]string
	// ids are the IDs of the fonts registered, in order.
	ids []string
	// used holds, by font ID, the characters set in it: its subset.
	used map[string]map[rune]bool
}

// note records that text is set in face: its characters are in the
// face's subset.
func (s *fontSet) note(face typeface.Face, text string) {
	if face == nil {
		face = typeface.Regular
	}
	if s.used == nil {
		s.used = map[string]map[rune]bool{}
	}
	set := s.used[face.ID()]
	if set == nil {
		set = map[rune]bool{}
		s.used[face.ID()] = set
	}
	for _, r := range text {
		set[r] = true
	}
}

// subsetFamily prefixes the family a font is registered under. fpdf names
// a font "utf8" and its family, lowercased; nameSubsets turns the seven
// bytes of "utf8sub" into a subset tag ("ABCDEF+") in place.
const subsetFamily = "sub"

// use returns the family that selects face in f, registering the face on
// its first use. A nil face is typeface.Regular.
func (s *fontSet) use(f *fpdf.Fpdf, face typeface.Face) (string, error) {
	if face == nil {
		face = typeface.Regular
	}
	if fam, ok := s.family[face]; ok {
		return fam, nil
	}
	fam := subsetFamily + face.ID()
	if !slices.Contains(s.ids, face.ID()) {
		if err := addFont(f, fam, face.TTF()); err != nil {
			return "", fmt.Errorf("font %s: %w", face.Name(), err)
		}
		s.ids = append(s.ids, face.ID())
	}
	if s.family == nil {
		s.family = map[*typeface.Font]string{}
	}
	s.family[face] = fam
	return fam, nil
}

// addFont registers a TrueType font with fpdf. typeface.Load refuses the
// fonts fpdf cannot read; should fpdf fail on one all the same, its panic
// or its silence (it leaves out a font it cannot parse, saying so only on
// standard output) becomes an error.
func addFont(f *fpdf.Fpdf, family string, ttf []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the PDF writer cannot read it: %v", r)
		}
	}()
	f.AddUTF8FontFromBytes(family, "", ttf)
	f.SetFont(family, "", 10)
	return f.Error()
}

// output writes the document, the font subsets made as it does: a panic of
// fpdf's subsetting on a font it misreads becomes an error.
func output(f *fpdf.Fpdf, w io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("a font could not be embedded (is it damaged?): %v", r)
		}
	}()
	return f.Output(w)
}

// nameSubsets renames, in place, every font fpdf wrote from
// "utf8subgoregular-1a2b3c4d" to "ABCDEF+GoRegular-1a2b3c4d": a subset
// tag, as PDF asks of a font that holds only some of its glyphs (fpdf
// embeds only the glyphs used), and the font's ID with its case. The names
// have the same length, so the cross-reference offsets stay right; they
// stand in the uncompressed font dictionaries only.
func (s *fontSet) nameSubsets(data []byte) {
	for _, id := range s.ids {
		old := "utf8" + subsetFamily + strings.ToLower(id)
		name := subsetTag(id, s.used[id]) + "+" + id
		for _, key := range []string{"/BaseFont /", "/FontName /"} {
			pattern := []byte(key + old)
			for i := 0; ; {
				j := bytes.Index(data[i:], pattern)
				if j < 0 {
					break
				}
				at := i + j + len(key)
				end := at + len(old)
				i = end
				if end < len(data) && !isDelimiter(data[end]) {
					continue // a longer name that starts with this one
				}
				copy(data[at:end], name)
			}
		}
	}
}

// subsetTag returns six capital letters made from a hash of a font's ID
// and of the characters of its subset: two books that embed other glyphs
// of a font name their subsets apart, as PDF asks (the same subset, the
// same tag).
func subsetTag(id string, used map[rune]bool) string {
	chars := make([]rune, 0, len(used))
	for r := range used {
		chars = append(chars, r)
	}
	slices.Sort(chars)
	h := sha256.Sum256([]byte(id + "\x00" + string(chars)))
	var tag [6]byte
	for i := range tag {
		tag[i] = 'A' + h[i]%26
	}
	return string(tag[:])
}

// isDelimiter reports whether c ends a PDF name.
func isDelimiter(c byte) bool {
	return strings.IndexByte(" \t\r\n\f\x00/<>[]()%{}", c) >= 0
}
