// Package fonttest crafts damaged TrueType fonts from good ones, for tests
// of the code that must refuse them: glyph data that would send a PDF
// writer's subsetter round for ever or out of bounds. It is meant for
// tests.
package fonttest

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Damage is a way to damage a font's glyph data.
type Damage string

// The damages Craft makes.
const (
	SelfComposite Damage = "a glyph made of itself"
	PairComposite Damage = "two glyphs made of each other"
	DeepChain     Damage = "a chain of composite glyphs too deep" // 20 levels
	ShallowChain  Damage = "a chain of three composite glyphs"    // not damage: it loads
	MissingPart   Damage = "a composite of a glyph the font lacks"
	LocaBackwards Damage = "loca offsets that fall back"
	LocaPastGlyf  Damage = "glyphs past the end of the glyf table"
)

// Damages lists every Damage, the harmless ShallowChain included.
var Damages = []Damage{SelfComposite, PairComposite, DeepChain, ShallowChain, MissingPart, LocaBackwards, LocaPastGlyf}

// Craft returns a copy of the TrueType font file base with its glyph data
// damaged as d says.
func Craft(base []byte, d Damage) ([]byte, error) {
	data := bytes.Clone(base)
	f, err := read(data)
	if err != nil {
		return nil, err
	}
	big := f.bigGlyphs(22)
	if len(big) < 22 {
		return nil, fmt.Errorf("the font has too few glyphs to damage")
	}
	switch d {
	case SelfComposite:
		f.composite(big[0], big[0])
	case PairComposite:
		f.composite(big[0], big[1])
		f.composite(big[1], big[0])
	case DeepChain, ShallowChain:
		n := 21
		if d == ShallowChain {
			n = 4
		}
		for i := 0; i+1 < n; i++ {
			f.composite(big[i], big[i+1])
		}
	case MissingPart:
		f.composite(big[0], 0xFFFE)
	case LocaBackwards:
		f.setOff(5, f.offs[7]+2)
	case LocaPastGlyf:
		f.setOff(len(f.offs)-1, len(f.glyf)+64)
	default:
		return nil, fmt.Errorf("unknown damage %q", d)
	}
	return data, nil
}

// font is a font file's glyph tables, as views into it.
type font struct {
	loca, glyf []byte
	long       bool
	offs       []int
}

func read(data []byte) (*font, error) {
	if len(data) < 12 {
		return nil, fmt.Errorf("not a font")
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	tables := map[string][]byte{}
	for i := range n {
		rec := data[12+16*i:]
		off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		tables[string(rec[:4])] = data[off : off+length]
	}
	head, maxp := tables["head"], tables["maxp"]
	f := &font{loca: tables["loca"], glyf: tables["glyf"], long: binary.BigEndian.Uint16(head[50:]) == 1}
	f.offs = make([]int, int(binary.BigEndian.Uint16(maxp[4:]))+1)
	for i := range f.offs {
		if f.long {
			f.offs[i] = int(binary.BigEndian.Uint32(f.loca[4*i:]))
		} else {
			f.offs[i] = 2 * int(binary.BigEndian.Uint16(f.loca[2*i:]))
		}
	}
	return f, nil
}

func (f *font) setOff(i, v int) {
	if f.long {
		binary.BigEndian.PutUint32(f.loca[4*i:], uint32(v))
	} else {
		binary.BigEndian.PutUint16(f.loca[2*i:], uint16(v/2))
	}
}

// bigGlyphs returns the first k glyphs with 16 bytes of data or more.
func (f *font) bigGlyphs(k int) []int {
	var gs []int
	for g := 0; g+1 < len(f.offs) && len(gs) < k; g++ {
		if f.offs[g+1]-f.offs[g] >= 16 {
			gs = append(gs, g)
		}
	}
	return gs
}

// composite rewrites glyph g as a composite of one part.
func (f *font) composite(g, part int) {
	d := f.glyf[f.offs[g]:]
	binary.BigEndian.PutUint16(d[0:], 0xFFFF) // numberOfContours -1
	binary.BigEndian.PutUint16(d[10:], 0)     // flags: byte arguments, no more parts
	binary.BigEndian.PutUint16(d[12:], uint16(part))
	d[14], d[15] = 0, 0
}

// Collection makes a TrueType collection (.ttc) of fonts: each font's
// file copied whole after the collection's header, its table offsets
// moved to where it now lies.
func Collection(fonts ...[]byte) []byte {
	head := 12 + 4*len(fonts)
	out := make([]byte, head)
	copy(out, "ttcf")
	binary.BigEndian.PutUint32(out[4:], 0x00010000)
	binary.BigEndian.PutUint32(out[8:], uint32(len(fonts)))
	for i, f := range fonts {
		at := len(out)
		binary.BigEndian.PutUint32(out[12+4*i:], uint32(at))
		out = append(out, f...)
		tables := int(binary.BigEndian.Uint16(f[4:]))
		for k := range tables {
			rec := out[at+12+16*k:]
			binary.BigEndian.PutUint32(rec[8:], binary.BigEndian.Uint32(rec[8:])+uint32(at))
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}
