package layout_test

import (
	"bytes"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/pdf"
	"mazebook/layout/spec"
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

// A maze the book is to avoid (a catalogue's --unique: a maze of a book
// before) is drawn again as a repeat of the book's own is, the others
// left as they were; the redraws the book reports, given as the spec's
// Redraws with nothing to avoid, make the same mazes again: a line of
// --list builds the book --unique made.
func TestAvoidAndRedraws(t *testing.T) {
	const text = "title: Avoid\nseed: 7\nanswers: false\nsections:\n  - {count: 8, size: 6x6}\n  - {count: 4, size: 3x3}\n"
	mk := func(redraws map[int]int, avoid func(string) bool) *layout.Book {
		t.Helper()
		sp, err := spec.Parse("book.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		sp.Redraws = redraws
		b, err := layout.Make(sp, layout.Options{Avoid: avoid})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	fps := func(b *layout.Book) []string {
		var out []string
		for _, m := range b.Mazes {
			out = append(out, m.Maze.Fingerprint())
		}
		return out
	}
	plain := mk(nil, nil)
	want := fps(plain)
	avoided := map[string]bool{want[2]: true, want[5]: true}
	b := mk(nil, func(f string) bool { return avoided[f] })
	got := fps(b)
	for i := range got {
		if avoided[got[i]] {
			t.Errorf("maze %d is a maze to avoid", i+1)
		}
		if (i == 2 || i == 5) != (got[i] != want[i]) {
			t.Errorf("maze %d: %s, without avoiding %s", i+1, got[i], want[i])
		}
	}
	if b.Redrawn[2] == 0 || b.Redrawn[5] == 0 {
		t.Errorf("redrawn %v: not mazes 3 and 6", b.Redrawn)
	}
	if len(b.Avoided) > 0 {
		t.Errorf("mazes kept though avoided: %v", b.Avoided)
	}
	again := fps(mk(b.Redrawn, nil))
	if strings.Join(again, " ") != strings.Join(got, " ") {
		t.Errorf("the redraws %v given make\n%v, not\n%v", b.Redrawn, again, got)
	}
}

// TestRedrawsOfMazesNotDrawn checks that a redraw of a maze the book
// does not have, or does not draw (a blank grid), is refused, saying
// which, before any maze is made (it was passed over in silence).
func TestRedrawsOfMazesNotDrawn(t *testing.T) {
	for _, c := range []struct {
		name    string
		text    string
		redraws map[int]int
		want    string
	}{
		{"past the end", "sections:\n  - {count: 3, size: 5x5}\n", map[int]int{0: 1, 99: 2}, "maze 100 is to be drawn again, but the book has 3 mazes"},
		{"one maze", "sections:\n  - {count: 1, size: 5x5}\n", map[int]int{1: 1}, "maze 2 is to be drawn again, but the book has 1 maze"},
		{"before the start", "sections:\n  - {count: 3, size: 5x5}\n", map[int]int{-1: 1}, "maze 0 is to be drawn again"},
		{"a blank grid", "sections:\n  - {count: 2, size: 5x5}\n  - {count: 1, size: 5x5, kind: blank}\n", map[int]int{2: 1}, "maze 3 is to be drawn again, but it is a blank grid"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := parse(t, "answers: false\n"+c.text)
			sp.Redraws = c.redraws
			_, err := layout.Make(sp, layout.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("redraws %v: %v, want %q", c.redraws, err, c.want)
			}
		})
	}
}
