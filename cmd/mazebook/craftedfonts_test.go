package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"

	"mazebook/layout/typeface/fonttest"
)

// TestCraftedFontsRefused gives build, validate and cover a spec whose
// font would send the PDF writer's subsetter round for ever (a glyph made
// of itself) or out of bounds (loca offsets out of order): each refuses it
// at the spec's line, naming the file, with exit 2, and leaves nothing
// beside the spec.
func TestCraftedFontsRefused(t *testing.T) {
	for _, d := range []fonttest.Damage{fonttest.SelfComposite, fonttest.PairComposite, fonttest.LocaBackwards} {
		dir := t.TempDir()
		data, err := fonttest.Craft(gomono.TTF, d)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "bad.ttf"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		spec := "title: Fonts\nfonts:\n  text: bad.ttf\nsections: [{count: 2}]\n"
		if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"build", "book.yaml"}, {"validate", "book.yaml"}, {"cover", "book.yaml", "--check-warn"}} {
			code, _, stderr := mazebook(t, dir, args...)
			if code != 2 || !strings.Contains(stderr, `book.yaml:3:9: font "bad.ttf": a damaged font`) {
				t.Errorf("%s, %v: exit %d, %q", d, args, code, stderr)
			}
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 2 {
			t.Errorf("%s: files left: %v", d, left)
		}
		if hidden, _ := filepath.Glob(filepath.Join(dir, ".*")); len(hidden) != 0 {
			t.Errorf("%s: temporary files left: %v", d, hidden)
		}
	}
}
