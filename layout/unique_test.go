package layout_test

import (
	"bytes"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/pdf"
)

// smallBook is a book like the catalogue's book-214: 120 mazes of few
// cells, which drawn from their seeds alone repeat one another (98
// distinct, one of them six times).
const smallBook = `
title: Tiny Mazes
seed: 214
answers: false
sections:
  - {title: Tiny, count: 60, size: 3x3, per_page: 6}
  - {title: Small, count: 60, size: 3x4, per_page: 6}
`

// TestNoMazeTwiceInABook checks that a book of 120 small mazes holds 120
// different ones (each a different fingerprint), and that the mazes
// drawn again in place of repeats are the same in a second build, byte
// for byte.
func TestNoMazeTwiceInABook(t *testing.T) {
	var pdfs [2][]byte
	for run := range pdfs {
		book := build(t, smallBook)
		seen := map[string]int{}
		for i, made := range book.Mazes {
			f := made.Maze.Fingerprint()
			if j, ok := seen[f]; ok {
				t.Errorf("run %d: maze %d is maze %d again (%s)", run, i+1, j+1, f)
			}
			seen[f] = i
		}
		if len(seen) != 120 {
			t.Errorf("run %d: %d distinct mazes of %d, want 120", run, len(seen), len(book.Mazes))
		}
		var buf bytes.Buffer
		if err := pdf.Write(&buf, book.Pages, pdf.Metadata{Title: "Tiny Mazes"}); err != nil {
			t.Fatal(err)
		}
		pdfs[run] = buf.Bytes()
	}
	if !bytes.Equal(pdfs[0], pdfs[1]) {
		t.Error("two builds of the book differ")
	}
}

// TestTooSmallToDiffer checks that a section whose mazes cannot all
// differ (a 2x2 rectangle has four spanning trees) is refused at its
// size, saying what to do.
func TestTooSmallToDiffer(t *testing.T) {
	_, err := layout.Build(parse(t, "answers: false\nsections:\n  - {count: 12, size: 2x2, per_page: 6}\n"), layout.Options{})
	if err == nil || !strings.Contains(err.Error(), "test.yaml:3:23: ") || !strings.Contains(err.Error(), "give a larger size or fewer mazes") {
		t.Errorf("12 mazes of 2x2: %v", err)
	}
}
