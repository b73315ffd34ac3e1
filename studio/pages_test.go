package studio

import (
	"slices"
	"testing"
)

// pageKinds are the kinds of page the studio's page knows (its
// thumbnails put "answers" under the answer key, the others under the
// book's pages).
var pageKinds = []string{"title", "copyright", "section", "puzzle", "answers", "blank", "contents", "howto", "steps", "notes"}

// Every page of a book is listed by a kind the page knows: a
// storyboard's frames too (plan.Kind names every kind).
func TestPageKinds(t *testing.T) {
	s := newServer(t, Options{})
	r := checkSpec(t, s, `title: Every kind
title_page: true
copyright: "© 2026"
contents: true
how_to: true
sections:
  - title: Made
    kind: steps
    size: 5x5
  - title: Puzzles
    count: 2
    size: 5x5
`)
	if len(r.Errors) != 0 {
		t.Fatal(r.Errors)
	}
	seen := map[string]bool{}
	for _, p := range r.Pages {
		if !slices.Contains(pageKinds, p.Kind) {
			t.Errorf("page %d: kind %q, which the page does not know", p.Number, p.Kind)
		}
		seen[p.Kind] = true
	}
	for _, k := range []string{"title", "copyright", "contents", "howto", "steps", "puzzle", "answers"} {
		if !seen[k] {
			t.Errorf("no %s page in %+v", k, r.Pages)
		}
	}
}
