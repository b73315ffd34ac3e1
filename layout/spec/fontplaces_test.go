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
	"mazebook/fonts"
	"mazebook/layout/typeface"
	"mazebook/layout/typeface/fonttest"
)

// TestFontPlaces checks where a spec read from a folder finds its fonts:
// beside it, at an absolute path, in the folder of fonts its reader
// gives (Options.FontDir, MAZEBOOK_FONTS's on the command line), and
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
	src := "fonts:\n  text: \"set.ttc#1\"\n  headings: " + filepath.Join(elsewhere, "bold.ttf") + "\nsections: [{count: 1}]\n"
	b, err := Options{FontDir: fonts}.ParseFS(filepath.Join(dir, "book.yaml"), []byte(src), files.DirFS(dir))
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
	if _, err := (Options{FontDir: fonts}).ParseFS("book.yaml", []byte("fonts: {text: set.ttc}\nsections: [{count: 1}]\n"), fontFiles(t)); err == nil {
		t.Error("a form's spec found a font in the fonts folder")
	}
}

// TestShippedFontNames checks that a spec names a face mazebook ships by
// its name, in any case, and that the name is no file the spec reads.
func TestShippedFontNames(t *testing.T) {
	b, err := ParseFS("book.yaml", []byte("fonts: {text: andika, headings: \"Andika  Bold\"}\nsections: [{count: 1}]\n"), fontFiles(t))
	if err != nil {
		t.Fatal(err)
	}
	regular, _ := fonts.Lookup("Andika")
	bold, _ := fonts.Lookup("Andika Bold")
	want := func(f fonts.Face) string {
		font, err := f.Font()
		if err != nil {
			t.Fatal(err)
		}
		return font.ID()
	}
	if b.Fonts.Text.ID() != want(regular) || b.Fonts.Headings.ID() != want(bold) {
		t.Errorf("set in %s and %s, want Andika and Andika Bold", b.Fonts.Text.ID(), b.Fonts.Headings.ID())
	}
	if len(b.Reads) != 0 {
		t.Errorf("a shipped face read as files %v", b.Reads)
	}
	// A name of no shipped face and no file says which faces there are.
	_, err = ParseFS("book.yaml", []byte("fonts: {text: Comic Sans}\nsections: [{count: 1}]\n"), fontFiles(t))
	if err == nil || !strings.Contains(err.Error(), "book.yaml:1:15:") || !strings.Contains(err.Error(), "Andika Bold") {
		t.Errorf("an unknown face: %v", err)
	}
}
