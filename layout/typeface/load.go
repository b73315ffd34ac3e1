package typeface

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The errors Load gives for a file that is not a font a book can embed.
// Each reads after the file's name: `font "x.otf": <error>`.
var (
	ErrNotFont    = errors.New("not a TrueType or OpenType font")
	ErrCFF        = errors.New("an OpenType font with PostScript (CFF) outlines, which the PDF writer cannot embed: use a TrueType-flavoured font (.ttf, with glyf outlines)")
	ErrCollection = errors.New("a font collection (.ttc): give one font of it as a .ttf file")
	ErrWebFont    = errors.New("a web font (WOFF): give the font as a .ttf file")
	ErrDamaged    = errors.New("a damaged font")
	// ErrLicence is a font whose OS/2 fsType forbids embedding it as
	// books embed fonts: in a document, as a subset of its glyphs.
	ErrLicence = errors.New("its licence forbids embedding it")
)

// Load reads a TrueType font (a .ttf, or an .otf with TrueType outlines)
// whose file is data; name names it in messages. It refuses what the PDF
// writer cannot embed: PostScript (CFF) outlines, collections, web fonts,
// fonts without a Unicode character map of the kind it reads (format 4),
// and fonts whose licence forbids embedding a subset of them in a
// document. data is copied.
func Load(name string, data []byte) (*Font, error) {
	return load(name, bytes.Clone(data))
}

func load(name string, data []byte) (*Font, error) {
	if err := checkEmbeddable(data); err != nil {
		return nil, err
	}
	fnt, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, strings.TrimPrefix(err.Error(), "sfnt: "))
	}
	var buf sfnt.Buffer
	f := &Font{name: name, data: data, fnt: fnt, shaper: &shaper{}}
	f.upem = fixed.Int26_6(fnt.UnitsPerEm())
	f.fallback, err = fnt.GlyphIndex(&buf, '?')
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, strings.TrimPrefix(err.Error(), "sfnt: "))
	}
	// Every glyph measured and outlined goes through the same tables: one
	// that loads says they can be read.
	if _, err := fnt.GlyphAdvance(&buf, f.fallback, f.upem, font.HintingNone); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, strings.TrimPrefix(err.Error(), "sfnt: "))
	}
	if _, err := fnt.Metrics(&buf, f.upem, font.HintingNone); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, strings.TrimPrefix(err.Error(), "sfnt: "))
	}
	ps, _ := fnt.Name(&buf, sfnt.NameIDPostScript)
	sum := sha256.Sum256(data)
	f.id = idName(ps) + "-" + hex.EncodeToString(sum[:4])
	return f, nil
}

// idName keeps the letters, digits and hyphens of a PostScript name, at
// most 40 of them: what a PDF font name may hold without escapes.
func idName(ps string) string {
	var b strings.Builder
	for _, r := range ps {
		if b.Len() == 40 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "Font"
	}
	return b.String()
}

// checkEmbeddable checks the tables the PDF writer (fpdf) reads, as it
// reads them: a font it cannot read it prints complaints about on
// standard output and leaves out, or reads out of bounds.
func checkEmbeddable(data []byte) error {
	if len(data) < 12 {
		return ErrNotFont
	}
	switch string(data[:4]) {
	case "\x00\x01\x00\x00", "true":
	case "OTTO":
		return ErrCFF
	case "ttcf":
		return ErrCollection
	case "wOFF", "wOF2":
		return ErrWebFont
	default:
		return ErrNotFont
	}
	tables, err := tableDirectory(data)
	if err != nil {
		return err
	}
	for _, tag := range []string{"cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"} {
		if _, ok := tables[tag]; ok {
			continue
		}
		if _, cff := tables["CFF "]; cff && (tag == "glyf" || tag == "loca") {
			return ErrCFF
		}
		return fmt.Errorf("%w: it has no %s table", ErrDamaged, strings.TrimSpace(tag))
	}
	for _, c := range []struct {
		tag string
		min int
	}{{"head", 54}, {"hhea", 36}, {"maxp", 6}, {"post", 16}, {"name", 6}, {"cmap", 4}} {
		if len(tables[c.tag]) < c.min {
			return fmt.Errorf("%w: its %s table is cut short", ErrDamaged, c.tag)
		}
	}
	head, hhea := tables["head"], tables["hhea"]
	if u16(head, 52) != 0 || u16(head, 50) > 1 {
		return fmt.Errorf("%w: its head table gives an unknown glyph data or index format", ErrDamaged)
	}
	if u16(hhea, 32) != 0 || u16(hhea, 34) == 0 {
		return fmt.Errorf("%w: its hhea table gives an unknown metric format or no metrics", ErrDamaged)
	}
	if err := checkName(tables["name"]); err != nil {
		return err
	}
	if err := checkGlyphs(tables, u16(head, 50) == 1); err != nil {
		return err
	}
	if os2, ok := tables["OS/2"]; ok {
		if err := checkOS2(os2); err != nil {
			return err
		}
	}
	return checkCmap(tables["cmap"])
}

// tableDirectory returns the tables of a font by tag, each as the bytes it
// spans in data.
func tableDirectory(data []byte) (map[string][]byte, error) {
	n := u16(data, 4)
	if 12+16*n > len(data) {
		return nil, fmt.Errorf("%w: its table directory is cut short", ErrDamaged)
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := data[12+16*i:]
		tag := string(rec[:4])
		off, length := uint64(binary.BigEndian.Uint32(rec[8:])), uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+length > uint64(len(data)) {
			return nil, fmt.Errorf("%w: its %s table runs past the end of the file", ErrDamaged, strings.TrimSpace(tag))
		}
		tables[tag] = data[off : off+length]
	}
	return tables, nil
}

// MaxComponentDepth is how deep a font's composite glyphs may nest (a
// glyph made of glyphs made of glyphs ...): real fonts use two or three.
const MaxComponentDepth = 16

// checkGlyphs checks the glyph data as the PDF writer's subsetter walks
// it, before it does: a glyph count the loca table holds, glyph offsets
// that rise and stay in the glyf table, and composite glyphs whose parts
// are glyphs of the font, none made (at any depth) of itself, nesting no
// deeper than MaxComponentDepth. A glyph made of itself would send the
// subsetter round for ever.
func checkGlyphs(tables map[string][]byte, long bool) error {
	maxp, loca, glyf := tables["maxp"], tables["loca"], tables["glyf"]
	n := u16(maxp, 4)
	if n == 0 {
		return fmt.Errorf("%w: its maxp table gives no glyphs", ErrDamaged)
	}
	size := 2
	if long {
		size = 4
	}
	if len(loca) < (n+1)*size {
		return fmt.Errorf("%w: its loca table holds fewer offsets than its %d glyphs need", ErrDamaged, n)
	}
	offset := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * u16(loca, 2*i)
	}
	offs := make([]int, n+1)
	for i := range offs {
		offs[i] = offset(i)
		if i > 0 && offs[i] < offs[i-1] {
			return fmt.Errorf("%w: its loca table puts glyph %d before glyph %d", ErrDamaged, i, i-1)
		}
	}
	if offs[n] > len(glyf) {
		return fmt.Errorf("%w: its glyphs run past the end of its glyf table", ErrDamaged)
	}
	// The parts of each composite glyph.
	parts := make([][]int, n)
	for g := range n {
		data := glyf[offs[g]:offs[g+1]]
		if len(data) < 10 || int16(u16(data, 0)) >= 0 {
			continue // empty, or a simple glyph
		}
		pos := 10
		for {
			if pos+4 > len(data) {
				return fmt.Errorf("%w: composite glyph %d is cut short", ErrDamaged, g)
			}
			flags, part := u16(data, pos), u16(data, pos+2)
			if part >= n {
				return fmt.Errorf("%w: composite glyph %d is made of glyph %d, which the font does not have", ErrDamaged, g, part)
			}
			parts[g] = append(parts[g], part)
			pos += 4 + 2
			if flags&0x0001 != 0 { // the arguments are words
				pos += 2
			}
			switch {
			case flags&0x0008 != 0: // one scale
				pos += 2
			case flags&0x0040 != 0: // x and y scales
				pos += 4
			case flags&0x0080 != 0: // a 2 by 2 transform
				pos += 8
			}
			if flags&0x0020 == 0 { // no more components
				break
			}
		}
	}
	// A walk down from every glyph, without recursion: a part met again
	// on the way down is a cycle; a way down longer than the limit, too
	// deep. Each glyph's depth is found once.
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]uint8, n)
	depth := make([]int, n)
	type frame struct{ g, next int }
	for root := range n {
		if state[root] != unseen {
			continue
		}
		stack := []frame{{root, 0}}
		state[root] = onPath
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next < len(parts[top.g]) {
				p := parts[top.g][top.next]
				top.next++
				switch state[p] {
				case onPath:
					return fmt.Errorf("%w: composite glyph %d is made of itself", ErrDamaged, p)
				case unseen:
					if len(stack) > MaxComponentDepth {
						return fmt.Errorf("%w: its composite glyphs nest deeper than %d", ErrDamaged, MaxComponentDepth)
					}
					state[p] = onPath
					stack = append(stack, frame{p, 0})
				}
				continue
			}
			g := top.g
			for _, p := range parts[g] {
				depth[g] = max(depth[g], depth[p]+1)
			}
			if depth[g] > MaxComponentDepth {
				return fmt.Errorf("%w: its composite glyphs nest deeper than %d", ErrDamaged, MaxComponentDepth)
			}
			state[g] = done
			stack = stack[:len(stack)-1]
		}
	}
	return nil
}

// checkName checks the name table as fpdf reads it: format 0, its records
// and their Windows Unicode strings in bounds and of an even length.
func checkName(t []byte) error {
	if u16(t, 0) != 0 {
		return fmt.Errorf("%w: its name table is of format %d, which the PDF writer cannot read", ErrDamaged, u16(t, 0))
	}
	count, store := u16(t, 2), u16(t, 4)
	if 6+12*count > len(t) {
		return fmt.Errorf("%w: its name table is cut short", ErrDamaged)
	}
	for i := range count {
		rec := t[6+12*i:]
		platform, encoding, lang := u16(rec, 0), u16(rec, 2), u16(rec, 4)
		length, off := u16(rec, 8), u16(rec, 10)
		if store+off+length > len(t) {
			return fmt.Errorf("%w: a name of its name table runs past the table", ErrDamaged)
		}
		if platform == 3 && encoding == 1 && lang == 0x409 && length%2 != 0 {
			return fmt.Errorf("%w: a Unicode name of its name table has an odd length", ErrDamaged)
		}
	}
	return nil
}

// checkOS2 checks the OS/2 table: long enough for the metrics fpdf reads,
// and a licence (fsType) that allows embedding a subset of the font in a
// document to print it.
func checkOS2(t []byte) error {
	need := 72
	if len(t) >= 2 && u16(t, 0) > 1 {
		need = 90
	}
	if len(t) < need {
		return fmt.Errorf("%w: its OS/2 table is cut short", ErrDamaged)
	}
	fsType := u16(t, 8)
	switch {
	case fsType&0x000F == 0x0002:
		return fmt.Errorf("%w (OS/2 fsType: restricted licence embedding): use a font whose licence allows embedding", ErrLicence)
	case fsType&0x0100 != 0:
		return fmt.Errorf("%w as a subset of its glyphs (OS/2 fsType: no subsetting), which is how a book embeds fonts", ErrLicence)
	case fsType&0x0200 != 0:
		return fmt.Errorf("%w but as bitmaps (OS/2 fsType: bitmap embedding only)", ErrLicence)
	}
	return nil
}

// checkCmap finds the character map fpdf reads, the first Unicode one
// (platform 0, or Windows Unicode BMP) of format 4, and checks its arrays
// lie in the table.
func checkCmap(t []byte) error {
	n := u16(t, 2)
	if 4+8*n > len(t) {
		return fmt.Errorf("%w: its cmap table is cut short", ErrDamaged)
	}
	for i := range n {
		rec := t[4+8*i:]
		platform, encoding := u16(rec, 0), u16(rec, 2)
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if platform != 0 && (platform != 3 || encoding != 1) {
			continue
		}
		if off < 0 || off+2 > len(t) || u16(t, off) != 4 {
			continue
		}
		sub := t[off:]
		if len(sub) < 14 || 16+8*(u16(sub, 6)/2) > len(sub) {
			return fmt.Errorf("%w: its Unicode character map is cut short", ErrDamaged)
		}
		return nil
	}
	return fmt.Errorf("%w: it has no Unicode character map of format 4, the one the PDF writer reads", ErrDamaged)
}

// u16 reads the big-endian uint16 at b[off:], or 0 past the end of b.
func u16(b []byte, off int) int {
	if off < 0 || off+2 > len(b) {
		return 0
	}
	return int(binary.BigEndian.Uint16(b[off:]))
}
