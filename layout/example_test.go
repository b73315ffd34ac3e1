package layout_test

import (
	"fmt"
	"log"

	"mazebook/layout"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// Make plans a book and makes its mazes; its pages are drawn one at a
// time (Book.Page), here by render.PDF into the PDF 'mazebook build'
// writes.
func ExampleMake() {
	sp, err := spec.Parse("book.yaml", []byte(`title: Ocean Mazes
seed: 7
title_page: true
sections:
  - {title: Shallows, count: 3, difficulty: easy, per_page: 2}
`))
	if err != nil {
		log.Fatal(err)
	}
	book, err := layout.Make(sp, layout.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range book.Plan.Pages {
		fmt.Printf("page %d: %s %v\n", p.Number, p.Kind, p.Mazes)
	}
	for _, m := range book.Mazes {
		fmt.Printf("maze: %s %s, %d cells on the way through\n", m.Recipe.Algorithm, m.Recipe.Shape, len(m.Solutions[0]))
	}
	pdf, _, err := render.PDF(book, render.Metadata(sp, book.Plan.Edition, "example"), nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s...\n", pdf[:8])
	// Output:
	// page 1: title []
	// page 2: puzzle [0 1]
	// page 3: puzzle [2]
	// page 4: answers [0 1 2]
	// maze: backtracker rectangle, 18 cells on the way through
	// maze: backtracker rectangle, 26 cells on the way through
	// maze: backtracker rectangle, 21 cells on the way through
	// %PDF-1.3...
}
