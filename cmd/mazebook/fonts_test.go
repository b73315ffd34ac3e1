package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
)

// TestBuildWithFont builds a book set in a font beside its spec, twice:
// the same bytes both times, and the font embedded as a subset (pdffonts).
func TestBuildWithFont(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gomono.ttf"), gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	src := "title: Mono\ntitle_page: true\nfonts: {text: gomono.ttf}\nsections:\n  - {title: Warm-up, count: 2}\n"
	if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var pdfs [][]byte
	for _, name := range []string{"a.pdf", "b.pdf"} {
		if code, _, stderr := mazebook(t, dir, "build", "book.yaml", "-q", "-o", name); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		pdfs = append(pdfs, data)
	}
	if !bytes.Equal(pdfs[0], pdfs[1]) {
		t.Error("two builds of a book with a font differ")
	}
	path := filepath.Join(dir, "a.pdf")
	checkPDF(t, path)
	pf := requireTool(t, "pdffonts")
	if pf == "" {
		return
	}
	out, err := exec.Command(pf, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	var mono, bold bool
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n")[2:] {
		f := strings.Fields(l)
		// name type type2 encoding emb sub uni object ID
		if len(f) != 9 || f[4] != "yes" || f[5] != "yes" {
			t.Errorf("font not an embedded subset: %s", l)
			continue
		}
		mono = mono || strings.Contains(f[0], "+GoMono-")
		bold = bold || strings.Contains(f[0], "+Go-Bold-")
	}
	if !mono || !bold {
		t.Errorf("pdffonts does not list Go Mono (text) and Go Bold (headings):\n%s", out)
	}
}

// TestBuildRefusesMissingGlyphs checks that a book whose text its font
// cannot set is refused as a bad spec, at the text's line, and not built.
func TestBuildRefusesMissingGlyphs(t *testing.T) {
	dir := t.TempDir()
	src := "title: 你好\ntitle_page: true\nsections:\n  - caption: \"{{.Number}} 🎉\"\n"
	if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mazebook(t, dir, "build", "book.yaml")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	for _, want := range []string{
		"book.yaml:1:8: title: 你 and 好 are not in the font GoBold; name a font that has them under fonts: headings:",
		"book.yaml:4:14: caption: 🎉 is not in the font GoRegular; name a font that has it under fonts: text:",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "book.pdf")); !os.IsNotExist(err) {
		t.Errorf("a book was written: %v", err)
	}
}
