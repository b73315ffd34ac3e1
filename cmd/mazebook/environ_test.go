package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
)

// TestEnvironmentGivesDateAndFonts checks that the command line reads
// what the spec reader does not: SOURCE_DATE_EPOCH dates a book whose
// spec gives no date, and a font named bare is found in the folder
// MAZEBOOK_FONTS names, for a book built alone and for a catalogue's;
// without them the same spec is dated 2026-01-01 and its font is not
// found.
func TestEnvironmentGivesDateAndFonts(t *testing.T) {
	dir, fonts := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(fonts, "Face.ttf"), gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"specs/b.yaml": "title: Env\nseed: 3\nfonts: {text: Face.ttf}\nsections:\n  - {count: 1, size: 5x5}\n",
		"plain.yaml":   smallSpec,
	})
	read := func(name string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	const fixed, fallback = "/CreationDate (D:20231114221320)", "/CreationDate (D:20260101000000)"
	if code, out, stderr := mazebook(t, dir, "build", "plain.yaml", "-o", "plain.pdf"); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if pdf := read("plain.pdf"); !strings.Contains(pdf, fallback) {
		t.Errorf("without %s the book is not dated 2026-01-01", "SOURCE_DATE_EPOCH")
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs/b.yaml", "-o", "b.pdf"); code != 2 || !strings.Contains(stderr, `font "Face.ttf"`) {
		t.Errorf("without MAZEBOOK_FONTS: exit %d: %s", code, stderr)
	}

	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	t.Setenv("MAZEBOOK_FONTS", fonts)
	if code, out, stderr := mazebook(t, dir, "build", "plain.yaml", "-o", "plain.pdf"); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if pdf := read("plain.pdf"); !strings.Contains(pdf, fixed) {
		t.Errorf("SOURCE_DATE_EPOCH=1700000000 does not date the book 2023-11-14 22:13:20")
	}
	if code, out, stderr := mazebook(t, dir, "build", "specs/b.yaml", "-o", "b.pdf"); code != 0 {
		t.Fatalf("with MAZEBOOK_FONTS: exit %d: %s%s", code, out, stderr)
	}
	if code, out, stderr := mazebook(t, dir, "build", "specs", "-o", "books"); code != 0 {
		t.Fatalf("the catalogue: exit %d: %s%s", code, out, stderr)
	}
	for _, name := range []string{"b.pdf", "books/b.pdf"} {
		pdf := read(name)
		if !strings.Contains(pdf, fixed) || !strings.Contains(pdf, "+GoMono") {
			t.Errorf("%s is not dated by SOURCE_DATE_EPOCH or not set in the font of MAZEBOOK_FONTS", name)
		}
	}
	if read("b.pdf") != read("books/b.pdf") {
		t.Error("the catalogue's book is not the same bytes as the book built alone")
	}
}
