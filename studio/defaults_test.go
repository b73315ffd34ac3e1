package studio

import (
	"bytes"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/pdf"
	"mazebook/layout/spec"
)

// TestFormDefaultsAreTheBooks checks that every default the studio's form
// shows is the book's: a spec that writes the key at the form's default
// builds the same PDF, byte for byte, as one that leaves it out. (The
// form said a section's openings were "corners"; a book without them
// gets doors drawn from the seed.)
func TestFormDefaultsAreTheBooks(t *testing.T) {
	const base = "title: Mazes\nseed: 3\nsections:\n  - {size: 4x4, title: One}\n"
	build := func(src string) []byte {
		t.Helper()
		sp, err := spec.Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		b, err := layout.Build(sp, layout.Options{})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		var buf bytes.Buffer
		if err := pdf.Write(&buf, b.Pages, pdf.Metadata{Title: "Mazes"}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	want := build(base)
	shown := 0
	for _, f := range fields() {
		if f.Default == "" {
			continue
		}
		shown++
		var src string
		switch key, ok := strings.CutPrefix(f.Path, "sections.*."); {
		case ok:
			src = strings.Replace(base, "title: One}", "title: One, "+key+": "+f.Default+"}", 1)
		case strings.Contains(f.Path, "."):
			parent, leaf, _ := strings.Cut(f.Path, ".")
			src = parent + ":\n  " + leaf + ": " + f.Default + "\n" + base
		case f.Path == "title":
			src = base
		default:
			src = f.Path + ": " + f.Default + "\n" + base
		}
		if !bytes.Equal(build(src), want) {
			t.Errorf("%s: the form shows %q as its default, but a book that writes it differs from one that does not", f.Path, f.Default)
		}
	}
	if shown < 10 {
		t.Errorf("the form shows %d defaults", shown)
	}
	if f, _ := fieldFor("sections.0.openings"); f.Default != "" || f.Choices[0] != "" {
		t.Errorf("a section's openings: default %q, first choice %q; a book draws its doors from the seed", f.Default, f.Choices[0])
	}
}
