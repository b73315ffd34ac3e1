package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"mazebook/files"
	"mazebook/layout/typeface"
	"mazebook/layout/typeface/fonttest"
	"mazebook/words"
)

// TestFontPlaces checks where a spec read from a folder finds its fonts:
// beside it, at an absolute path, in the folder MAZEBOOK_FONTS names, and
// a collection's font by its number; each recorded as a file the spec
// reads (an input no output may replace).
func TestFontPlaces(t *testing.T) {
	dir, fonts, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(path string, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "mono.ttf"), gomono.TTF)
	write(filepath.Join(fonts, "set.ttc"), fonttest.Collection(goregular.TTF, gobold.TTF))
	write(filepath.Join(elsewhere, "bold.ttf"), gobold.TTF)
	t.Setenv(FontsEnv, fonts)
	src := "fonts:\n  text: \"set.ttc#1\"\n  headings: " + filepath.Join(elsewhere, "bold.ttf") + "\nsections: [{count: 1}]\n"
	b, err := ParseFS(filepath.Join(dir, "book.yaml"), []byte(src), files.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	bold, _ := typeface.Load("x", gobold.TTF)
	regular, _ := typeface.Load("x", goregular.TTF)
	const probe = "Wide Maze 42"
	w := func(f typeface.Face) float64 { return typeface.Width(f, 10, probe) }
	if w(b.Fonts.Text) != w(bold) || w(bold) == w(regular) || b.Fonts.Headings.ID() != bold.ID() {
		t.Errorf("fonts %s and %s, want the collection's second (Go Bold) and Go Bold", b.Fonts.Text.ID(), b.Fonts.Headings.ID())
	}
	want := []string{filepath.Join(fonts, "set.ttc"), filepath.Join(elsewhere, "bold.ttf")}
	if got := b.ReadPaths(filepath.Join(dir, "book.yaml")); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("reads %v, want %v", got, want)
	}
	// Beside the spec first; the same names from a web form's files are
	// not looked for elsewhere.
	b, err = ParseFS(filepath.Join(dir, "book.yaml"), []byte("fonts: {text: mono.ttf}\nsections: [{count: 1}]\n"), files.DirFS(dir))
	if err != nil || b.ReadPaths(filepath.Join(dir, "book.yaml"))[0] != filepath.Join(dir, "mono.ttf") {
		t.Errorf("a font beside the spec: %v, %v", err, b)
	}
	if _, err := ParseFS("book.yaml", []byte("fonts: {text: set.ttc}\nsections: [{count: 1}]\n"), fontFiles(t)); err == nil {
		t.Error("a form's spec found a font in the fonts folder")
	}
}

// TestFontLicences checks that the fonts a language's books are set in by
// default may be embedded in a book that is sold, the first of each
// language at least, and that a font whose licence does not allow it is
// named in a note.
func TestFontLicences(t *testing.T) {
	for _, lang := range words.Codes() {
		sf := ScriptFonts(lang)
		if sf == nil {
			continue
		}
		if !sf.Text[0].Embeddable() {
			t.Errorf("%s: the first font, %s, is %s", lang, sf.Text[0].Path, sf.Text[0].License)
		}
		for _, f := range append(sf.Text, sf.Headings...) {
			if f.License == "" {
				t.Errorf("%s: %s has no licence", lang, f.Path)
			}
		}
	}
	b := &Book{File: "book.yaml", Language: "bn", Seed: 1, at: map[string]pos{"seed": {1, 1}, "language": {2, 11}},
		SystemFonts: []SystemFont{ScriptFonts("bn").Text[2]}}
	notes := b.Notes()
	if len(notes) != 1 || !strings.Contains(notes[0].Error(), "book.yaml:2:11: the book is set in LikhanNormal.ttf") || !strings.Contains(notes[0].Error(), "GPL") {
		t.Errorf("notes %v", notes)
	}
}
