package typeface

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"

	"mazebook/layout/typeface/fonttest"
)

// TestLoadRefusesCraftedGlyphs crafts, from good fonts, fonts whose glyph
// data would send the PDF writer's subsetter round for ever or out of
// bounds, and checks that Load refuses each, saying why, without a panic:
// a composite glyph made of itself, two made of each other, a chain of
// composites deeper than MaxComponentDepth, a part the font lacks, loca
// offsets that fall back, and glyphs that run past the glyf table. A
// chain of ordinary depth loads.
func TestLoadRefusesCraftedGlyphs(t *testing.T) {
	want := map[fonttest.Damage]string{
		fonttest.SelfComposite: "is made of itself",
		fonttest.PairComposite: "is made of itself",
		fonttest.DeepChain:     "nest deeper than",
		fonttest.ShallowChain:  "",
		fonttest.MissingPart:   "which the font does not have",
		fonttest.LocaBackwards: "puts glyph",
		fonttest.LocaPastGlyf:  "run past the end of its glyf table",
	}
	for _, font := range []struct {
		name string
		data []byte
	}{{"gomono", gomono.TTF}, {"goitalic", goitalic.TTF}} {
		for _, d := range fonttest.Damages {
			data, err := fonttest.Craft(font.data, d)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Load("crafted.ttf", data)
			switch w := want[d]; {
			case w == "" && err != nil:
				t.Errorf("%s, %s: %v", font.name, d, err)
			case w != "" && (!errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), w)):
				t.Errorf("%s, %s: %v, want a damaged font that %q", font.name, d, err, w)
			}
		}
	}
}

// FuzzLoad feeds Load fonts damaged at random from good ones: whatever it
// is given, it returns a font or an error, never a panic, and a font it
// returns can be measured and outlined.
func FuzzLoad(f *testing.F) {
	f.Add(uint32(0), uint16(0xFFFF), uint32(1000))
	f.Add(uint32(300), uint16(0), uint32(5000))
	f.Add(uint32(12), uint16(0x7FFF), uint32(20000))
	f.Fuzz(func(t *testing.T, at uint32, v uint16, at2 uint32) {
		data := bytes.Clone(gomono.TTF)
		for _, a := range []uint32{at, at2} {
			if i := int(a % uint32(len(data)-1)); i >= 0 {
				binary.BigEndian.PutUint16(data[i:], v)
			}
		}
		fnt, err := Load("fuzz.ttf", data)
		if err != nil {
			return
		}
		_ = Width(fnt, 10, "Maze 12 · página")
		_ = Outline(fnt, 10, 0, 0, "AÉ")
	})
}
