package spec

import (
	"strings"
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

// A spec's digest is what it prints: its listing (of the spec, of an
// edition, of a volume, of a volume's edition), which a store's form
// reads and no page prints, may change and the digest stays; a change
// to what is printed, beside it, still changes it. A listing holding an
// anchor, which a printed key may name, counts as printed.
func TestDigestOfWhatIsPrinted(t *testing.T) {
	const text = "title: Quest\nseed: 4\nlisting: {description: Forty mazes., keywords: [mazes], prices: {USD: 7.99}}\n" +
		"cover: {back: A book of mazes.}\n" +
		"series:\n  - {subtitle: Animals, listing: {description: Animal mazes.}, editions: {es: {subtitle: Animales, listing: {description: Laberintos.}}}}\n  - {subtitle: Space}\n" +
		"editions:\n  - {name: en}\n  - {name: es, language: es, listing: {keywords: [laberintos]}}\n" +
		"sections:\n  - {count: 1, size: 5x5}\n"
	digest := func(text string, v Variant) string {
		t.Helper()
		b, err := ParseVariant("book.yaml", []byte(text), nil, v)
		if err != nil {
			t.Fatal(err)
		}
		return b.Digest()
	}
	for _, v := range []Variant{{}, {Volume: 1, Edition: "es"}, {Volume: 2, Edition: "en"}} {
		want := digest(text, v)
		for name, edited := range map[string]string{
			"the description":         strings.Replace(text, "Forty mazes.", "Fifty mazes and more.", 1),
			"a keyword added":         strings.Replace(text, "[mazes]", "[mazes, puzzles]", 1),
			"a price":                 strings.Replace(text, "7.99", "8.49", 1),
			"the volume's listing":    strings.Replace(text, "Animal mazes.", "Mazes of animals.", 1),
			"its edition's listing":   strings.Replace(text, "Laberintos.", "Laberintos de animales.", 1),
			"an edition's keywords":   strings.Replace(text, "[laberintos]", "[laberintos, juegos]", 1),
			"the listing taken out":   strings.Replace(text, "listing: {description: Forty mazes., keywords: [mazes], prices: {USD: 7.99}}\n", "", 1),
			"a listing written block": strings.Replace(text, "listing: {description: Forty mazes., keywords: [mazes], prices: {USD: 7.99}}\n", "listing:\n  description: Forty mazes.\n  keywords: [mazes]\n  prices: {USD: 7.99}\n", 1),
		} {
			if got := digest(edited, v); got != want {
				t.Errorf("%v: %s changes the digest", v, name)
			}
		}
		for name, edited := range map[string]string{
			"the back cover":        strings.Replace(text, "A book of mazes.", "A book of many mazes.", 1),
			"a subtitle":            strings.Replace(text, "Animales", "Animalitos", 1),
			"a comment":             "# mine\n" + text,
			"a maze's size":         strings.Replace(text, "5x5", "6x6", 1),
			"an anchored listing":   strings.Replace(text, "{description: Forty mazes.", "&l {description: Forty mazes.", 1),
			"an edition's language": strings.Replace(text, "language: es", "language: fr", 1),
		} {
			if got := digest(edited, v); got == want {
				t.Errorf("%v: %s leaves the digest as it was", v, name)
			}
		}
	}
	// A listing with an anchor, which an alias elsewhere may print,
	// counts as printed.
	anchored := strings.Replace(text, "description: Forty", "description: &d Forty", 1)
	if digest(anchored, Variant{}) == digest(strings.Replace(anchored, "Forty mazes.", "Fifty mazes.", 1), Variant{}) {
		t.Error("an anchored description changes, and the digest does not")
	}
}
