package spec

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// A listing is read with every field KDP's form asks, and what it does
// not give is taken from the rest of the spec: the description from the
// back cover, the reading age from the sections' ages.
func TestListing(t *testing.T) {
	b, err := Parse("book.yaml", []byte(`title: Maze Quest
cover: {paper: white, back: "Forty mazes."}
listing:
  keywords: [mazes for kids, puzzle book]
  categories: ["Juvenile Nonfiction / Games & Activities / Mazes"]
  isbn: 978-0-306-40615-7
  publication_date: 2026-11-01
  cover_finish: glossy
  prices: {USD: 7.99, GBP: 6.49}
  ai_content: {texts: none, images: none, translations: some-minimal}
  edition_number: 2
sections:
  - {count: 2, ages: 6-8}
  - {count: 2, ages: 8-10}
`))
	if err != nil {
		t.Fatal(err)
	}
	l := b.Listing
	want := Listing{
		Description: "Forty mazes.", Keywords: []string{"mazes for kids", "puzzle book"}, Categories: []string{"Juvenile Nonfiction / Games & Activities / Mazes"},
		ReadingAgeFrom: 6, ReadingAgeTo: 10, ISBN: "978-0-306-40615-7", PublicationDate: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		CoverFinish: "glossy", AITexts: "none", AIImages: "none", AITranslations: "some-minimal", EditionNumber: 2,
	}
	if l.Description != want.Description || !slices.Equal(l.Keywords, want.Keywords) || !slices.Equal(l.Categories, want.Categories) ||
		l.ReadingAgeFrom != 6 || l.ReadingAgeTo != 10 || l.ISBN != want.ISBN || !l.PublicationDate.Equal(want.PublicationDate) ||
		l.CoverFinish != "glossy" || l.AITranslations != "some-minimal" || l.EditionNumber != 2 || l.Prices["USD"] != 7.99 || l.Prices["GBP"] != 6.49 || len(l.Prices) != 2 {
		t.Errorf("listing %+v\nwant %+v", l, want)
	}
}

// A listing's mistakes are each said at their line and column, in the
// house's words.
func TestListingErrors(t *testing.T) {
	for _, c := range []struct{ name, listing, want string }{
		{"eight keywords", "keywords: [a, b, c, d, e, f, g, h]", "book.yaml:3:13: keywords lists 8; KDP takes at most 7"},
		{"a keyword too long", "keywords: [" + strings.Repeat("k", 51) + "]", "book.yaml:3:14: keywords is 51 characters long; the most is 50"},
		{"four categories", "categories: [a, b, c, d]", "book.yaml:3:15: categories lists 4; KDP takes at most 3"},
		{"keywords a mapping", "keywords: {a: b}", "book.yaml:3:13: keywords must be a list of texts, not a mapping"},
		{"a wrong check digit", "isbn: 978-0-306-40615-8", `book.yaml:3:9: isbn "978-0-306-40615-8" is not an ISBN-13`},
		{"an ISBN-10", "isbn: 0-306-40615-2", `book.yaml:3:9: isbn "0-306-40615-2" is not an ISBN-13`},
		{"a reading age", "reading_age: teens", `book.yaml:3:16: reading_age: ages "teens" is not an age range`},
		{"a price", "prices: {USD: 7.999}", `book.yaml:3:17: a price is an amount such as 7.99`},
		{"a currency", "prices: {XYZ: 7}", `book.yaml:3:12: unknown key "XYZ" in prices (known: AUD, CAD, EUR, GBP, JPY, PLN, SEK, USD)`},
		{"a finish", "cover_finish: shiny", `book.yaml:3:17: cover_finish "shiny" is unknown (known: matte, glossy)`},
		{"an AI use", "ai_content: {texts: lots}", `book.yaml:3:23: texts "lots" is unknown (known: none, some-minimal, some-extensive, all-minimal, all-extensive)`},
		{"a date", "publication_date: soon", `book.yaml:3:21: publication_date must be a day such as 2026-09-01, not "soon"`},
		{"a key", "blurb: x", `book.yaml:3:3: unknown key "blurb" in listing`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("book.yaml", []byte("title: x\nlisting:\n  "+c.listing+"\nsections: [{count: 1}]\n"))
			var se Errors
			if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v\nwant %q", err, c.want)
			}
		})
	}
}

// KDP's ISBN-13s: the check digit weighs the digits 1, 3, 1, 3...
func TestValidISBN(t *testing.T) {
	for s, want := range map[string]bool{"9780306406157": true, "978-0-306-40615-7": true, "979-10-90636-07-1": true, "9780306406158": false, "0306406152": false, "978030640615X": false, "": false} {
		if got := ValidISBN(s); got != want {
			t.Errorf("ValidISBN(%q) = %v", s, got)
		}
	}
}

// Editions and volumes: an edition's listing changes only the keys it
// names; a volume's subtitle is translated per edition (the volume's
// editions mapping), and its series name and number are the spec's title
// and the volume.
func TestListingOfVariants(t *testing.T) {
	src := []byte(`title: Maze Quest
listing: {keywords: [mazes], description: Mazes.}
series:
  - {subtitle: Animals, editions: {es: {subtitle: Animales}}}
  - {subtitle: Space}
editions:
  - {name: en}
  - {name: es, language: es, title: Misión Laberinto, listing: {description: Laberintos.}}
sections: [{count: 1}]
`)
	for _, c := range []struct {
		v                           Variant
		subtitle, description, name string
		number                      int
	}{
		{Variant{1, "en"}, "Animals", "Mazes.", "Maze Quest", 1},
		{Variant{1, "es"}, "Animales", "Laberintos.", "Misión Laberinto", 1},
		{Variant{2, "es"}, "Space", "Laberintos.", "Misión Laberinto", 2},
	} {
		b, err := ParseVariant("book.yaml", src, nil, c.v)
		if err != nil {
			t.Fatal(err)
		}
		l := b.Listing
		if b.Subtitle != c.subtitle || l.Description != c.description || !slices.Equal(l.Keywords, []string{"mazes"}) || l.SeriesName != c.name || l.SeriesNumber != c.number {
			t.Errorf("%v: subtitle %q, listing %+v; want %q, %q, series %q %d", c.v, b.Subtitle, l, c.subtitle, c.description, c.name, c.number)
		}
	}
	_, err := Parse("book.yaml", []byte("title: Q\nseries:\n  - {editions: {fr: {subtitle: x}}}\neditions: [{name: es}]\nsections: [{count: 1}]\n"))
	if err == nil || !strings.Contains(err.Error(), `book.yaml:3:17: edition "fr" is not one of the spec's editions (known: es)`) {
		t.Errorf("a volume's edition that is none of the spec's: %v", err)
	}
}
