package typeface

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"

	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
)

// patched returns a copy of a font file with the uint16 at offset off of
// table tag set to v.
func patched(t *testing.T, data []byte, tag string, off int, v uint16) []byte {
	t.Helper()
	data = bytes.Clone(data)
	tables, err := tableDirectory(data)
	if err != nil {
		t.Fatal(err)
	}
	tb, ok := tables[tag]
	if !ok {
		t.Fatalf("no %s table", tag)
	}
	binary.BigEndian.PutUint16(tb[off:], v)
	return data
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLoadRefuses checks that Load refuses, with the error that says why,
// every file the PDF writer could not embed, and takes the fonts it can.
func TestLoadRefuses(t *testing.T) {
	header := func(tag string) []byte { return append([]byte(tag), make([]byte, 200)...) }
	for _, c := range []struct {
		name string
		data []byte
		want error // nil: loads
	}{
		{"gomono", gomono.TTF, nil},
		{"goitalic", goitalic.TTF, nil},
		{"glyfTest.ttf", readTestdata(t, "glyfTest.ttf"), nil},
		{"CFFTest.otf", readTestdata(t, "CFFTest.otf"), ErrCFF},
		{"an OTTO header", header("OTTO"), ErrCFF},
		{"a collection", header("ttcf"), ErrCollection},
		{"a WOFF", header("wOFF"), ErrWebFont},
		{"a WOFF2", header("wOF2"), ErrWebFont},
		{"empty", nil, ErrNotFont},
		{"a PNG", header("\x89PNG"), ErrNotFont},
		{"text", []byte("this is not a font at all, just some words"), ErrNotFont},
		{"cut in half", gomono.TTF[:len(gomono.TTF)/2], ErrDamaged},
		{"cut after the directory", gomono.TTF[:300], ErrDamaged},
		{"no tables", header("\x00\x01\x00\x00"), ErrDamaged},
		{"restricted licence", patched(t, gomono.TTF, "OS/2", 8, 0x0002), ErrLicence},
		{"no subsetting", patched(t, gomono.TTF, "OS/2", 8, 0x0100), ErrLicence},
		{"bitmaps only", patched(t, gomono.TTF, "OS/2", 8, 0x0200), ErrLicence},
		{"print and preview", patched(t, gomono.TTF, "OS/2", 8, 0x0004), nil},
		{"editable", patched(t, gomono.TTF, "OS/2", 8, 0x0008), nil},
		{"name table format 1", patched(t, gomono.TTF, "name", 0, 1), ErrDamaged},
		{"glyph data format 1", patched(t, gomono.TTF, "head", 52, 1), ErrDamaged},
		{"no horizontal metrics", patched(t, gomono.TTF, "hhea", 34, 0), ErrDamaged},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load(c.name, c.data)
			switch {
			case c.want == nil && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == nil:
				if f.Name() != c.name {
					t.Errorf("Name() = %q, want %q", f.Name(), c.name)
				}
			case err == nil:
				t.Fatalf("loaded, want %v", c.want)
			case !errors.Is(err, c.want):
				t.Fatalf("error %v, want %v", err, c.want)
			}
		})
	}
}

// TestCFFMessage checks that the refusal of a CFF font says what to do.
func TestCFFMessage(t *testing.T) {
	_, err := Load("CFFTest.otf", readTestdata(t, "CFFTest.otf"))
	if err == nil || !regexp.MustCompile(`CFF.*TrueType-flavoured`).MatchString(err.Error()) {
		t.Errorf("error %v does not say to use a TrueType-flavoured font", err)
	}
}

// TestID checks that a font's ID names it by its PostScript name and
// tells apart fonts with different bytes, whatever they are called.
func TestID(t *testing.T) {
	mono, err := Load("a.ttf", gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Load("b.ttf", gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	edited, err := Load("a.ttf", patched(t, gomono.TTF, "OS/2", 8, 0x0008))
	if err != nil {
		t.Fatal(err)
	}
	valid := regexp.MustCompile(`^[A-Za-z0-9-]+-[0-9a-f]{8}$`)
	ids := map[string]string{}
	for _, f := range []*Font{Regular, Bold, mono, edited} {
		if !valid.MatchString(f.ID()) {
			t.Errorf("%s: ID %q is not a PostScript name and a hash", f.Name(), f.ID())
		}
		if prev, dup := ids[f.ID()]; dup {
			t.Errorf("%s and %s share the ID %q", prev, f.Name(), f.ID())
		}
		ids[f.ID()] = f.Name()
	}
	if again.ID() != mono.ID() {
		t.Errorf("the same font loaded twice has IDs %q and %q", mono.ID(), again.ID())
	}
	if got := mono.ID()[:6]; got != "GoMono" {
		t.Errorf("ID %q does not start with the PostScript name GoMono", mono.ID())
	}
}

// TestLoadCopies checks that Load keeps its own copy of the file.
func TestLoadCopies(t *testing.T) {
	data := bytes.Clone(gomono.TTF)
	f, err := Load("m.ttf", data)
	if err != nil {
		t.Fatal(err)
	}
	clear(data)
	if !bytes.Equal(f.TTF(), gomono.TTF) || !f.Has('a') {
		t.Error("the font changed with the caller's slice")
	}
}

// TestHasAndMissing checks which characters fonts report, by the fonts'
// own character maps.
func TestHasAndMissing(t *testing.T) {
	glyf, err := Load("glyfTest.ttf", readTestdata(t, "glyfTest.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		face Face
		s    string
		want []rune
	}{
		{Regular, "¡Encuentra la salida! Página 3 · ñ …", nil},
		{Bold, "Laberinto número 12", nil},
		{nil, "Maze", nil},
		{Regular, "Maze 你好 你\n好吗", []rune("你好吗")},
		{Bold, "🎉 party 🎉", []rune("🎉")},
		{Regular, "tab\tand\r\nnewline\x00", nil},
		{glyf, "?…", []rune("?…")},
	} {
		got := c.face.Missing(c.s)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: Missing(%q) = %q, want %q", c.face.Name(), c.s, string(got), string(c.want))
		}
		for _, r := range c.want {
			if c.face.Has(r) {
				t.Errorf("%s: Has(%q) but Missing lists it", c.face.Name(), r)
			}
		}
	}
	// Only the Basic Multilingual Plane: the PDF writer sets no other.
	if Regular.Has(0x1F600) || Regular.Has(0x10000) {
		t.Error("Regular has a character outside the Basic Multilingual Plane")
	}
}

// TestLoadedFontMeasures checks that a loaded font measures and outlines
// as itself: Go Mono's letters are all as wide.
func TestLoadedFontMeasures(t *testing.T) {
	mono, err := Load("gomono.ttf", gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	if w, m := Width(mono, 10, "iii"), Width(mono, 10, "MMM"); w != m || w == 0 {
		t.Errorf("Go Mono: iii is %g wide, MMM %g", w, m)
	}
	if Width(Regular, 10, "iii") == Width(Regular, 10, "MMM") {
		t.Error("Go Regular is monospaced")
	}
	if len(Outline(mono, 10, 0, 0, "g")) == len(Outline(Regular, 10, 0, 0, "g")) {
		t.Error("Go Mono outlines g as Go Regular does")
	}
	if a, d := Metrics(mono, 10); a <= 0 || d <= 0 {
		t.Errorf("Go Mono metrics %g, %g", a, d)
	}
	// Concurrent use: each call has its own buffer.
	var wg sync.WaitGroup
	want := Width(mono, 12, "Laberinto 你 12")
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if got := Width(mono, 12, "Laberinto 你 12"); got != want {
					t.Errorf("concurrent width %g, want %g", got, want)
					return
				}
				Outline(mono, 12, 0, 0, "Laberinto")
			}
		})
	}
	wg.Wait()
}

// TestControlCharacters checks that control characters are not drawn and
// take no room, in measuring and outlining alike.
func TestControlCharacters(t *testing.T) {
	if a, b := Width(Regular, 10, "a\nb\t"), Width(Regular, 10, "ab"); a != b {
		t.Errorf("a\\nb\\t is %g wide, ab %g", a, b)
	}
	if segs := Outline(Regular, 10, 0, 0, "\n\r\t"); len(segs) != 0 {
		t.Errorf("control characters drew %d segments", len(segs))
	}
	if got := Fit(Regular, 10, "\n\n", 0); got != 2 {
		t.Errorf("Fit of two newlines in no room = %d, want 2", got)
	}
}

// TestEllipsisFallback checks that a font without '…' ends a cut text
// with three dots.
func TestEllipsisFallback(t *testing.T) {
	glyf, err := Load("glyfTest.ttf", readTestdata(t, "glyfTest.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	long := "abcdefghijklmnopqrstuvwxyz"
	w := Width(glyf, 10, long)
	for _, c := range []struct {
		face Face
		dots string
	}{{glyf, "..."}, {Regular, "…"}} {
		got := Ellipsize(c.face, 10, long, min(w, Width(c.face, 10, long))/2)
		if len(got) >= len(long) || got[len(got)-len(c.dots):] != c.dots {
			t.Errorf("%s: Ellipsize = %q, want it cut and ending in %q", c.face.Name(), got, c.dots)
		}
	}
}
