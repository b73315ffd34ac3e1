package spec

import (
	"testing"
	"testing/fstest"
)

// A spec's digest is its book's: the same for the same text and files
// read, wherever the spec lies, and another when the text, a file it
// reads, the seed, the page or the volume changes.
func TestDigest(t *testing.T) {
	const text = "title: Hearts\nseed: 4\nseries: {volumes: 2}\nsections:\n  - {mask: heart.txt, count: 1}\n"
	heart := fstest.MapFS{"heart.txt": {Data: []byte(".X.X.\nXXXXX\n.XXX.\n..X..\n")}}
	parse := func(file, text string, files fstest.MapFS, v Variant) *Book {
		t.Helper()
		b, err := ParseVariant(file, []byte(text), files, v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want := parse("book.yaml", text, heart, Variant{}).Digest()
	if len(want) != 64 {
		t.Fatalf("digest %q", want)
	}
	if got := parse("/elsewhere/specs/book.yaml", text, heart, Variant{}).Digest(); got != want {
		t.Error("the same spec in another folder has another digest")
	}
	seeded := parse("book.yaml", text, heart, Variant{})
	seeded.Seed++ // as 'build --seed' sets it
	paged := parse("book.yaml", text, heart, Variant{})
	if err := paged.SetPageSize("letter"); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]*Book{
		"another seed in the text": parse("book.yaml", "title: Hearts\nseed: 5\nseries: {volumes: 2}\nsections:\n  - {mask: heart.txt, count: 1}\n", heart, Variant{}),
		"a comment added":          parse("book.yaml", "# mine\n"+text, heart, Variant{}),
		"another mask":             parse("book.yaml", text, fstest.MapFS{"heart.txt": {Data: []byte("XXX\nX.X\nXXX\n")}}, Variant{}),
		"another seed given":       seeded,
		"another page given":       paged,
		"volume 2":                 parse("book.yaml", text, heart, Variant{Volume: 2}),
	} {
		if b.Digest() == want {
			t.Errorf("%s: the same digest", name)
		}
	}
}
