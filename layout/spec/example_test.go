package spec_test

import (
	"fmt"
	"log"

	"mazebook/layout/spec"
)

// A spec is YAML: the book's title, its seed, and its sections. Parse
// fills in what the spec leaves out (an A4 page, 15mm margins, answers at
// the back) and reports every problem at its line and column.
func ExampleParse() {
	book, err := spec.Parse("space.yaml", []byte(`title: Space Mazes
seed: 42
sections:
  - {title: Warm-up, count: 4, difficulty: easy}
  - {title: Orbits, count: 2, shape: circle, size: 8}
`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s, seed %d, %s x %s\n", book.Title, book.Seed, spec.FormatLength(book.Page.Width, "mm"), spec.FormatLength(book.Page.Height, "mm"))
	for _, sec := range book.Sections {
		fmt.Printf("%s: %d %s mazes\n", sec.Title, sec.Count, sec.Shape)
	}

	_, err = spec.Parse("space.yaml", []byte("sections:\n  - {count: 0, shape: star}\n"))
	fmt.Println(err)
	// Output:
	// Space Mazes, seed 42, 210mm x 297mm
	// Warm-up: 4 rectangle mazes
	// Orbits: 2 circle mazes
	// space.yaml:2:13: count must be from 1 to 10000, not 0
	// space.yaml:2:23: shape "star" is unknown (known: rectangle, circle, hexagon, triangle)
}
