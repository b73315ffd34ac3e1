package plan

import (
	"strings"
	"testing"

	"mazebook/layout/spec"
)

// TestBookBudget checks that a book too big to build is refused when it
// is planned, at the section that draws the most, with the estimate.
func TestBookBudget(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"sections:\n  - count: 10000\n    size: 80x120\n", "book.yaml:2:12: the book needs about 14.31 GB of memory to build, and the most is 1.50 GB: give section 1 fewer or smaller mazes, or leave out the answer key"},
		{"page: {size: 24x36in}\nsections:\n  - {count: 10, size: 10x10}\n  - count: 2000\n    size: 80x110\n", "book.yaml:4:12: the book needs about 2.63 GB of memory to build, and the most is 1.50 GB: give section 2 fewer"},
		{"answers: false\npage: {size: 24x36in}\nsections:\n  - cell: 2mm\n    count: 200\n", "book.yaml:5:12: the book needs about 1.81 GB of memory"},
		// Under 20 million cells, but circles take three times the memory.
		{"sections:\n  - {shape: circle, count: 900, difficulty: 10}\n", "book.yaml:2:28: the book needs about 2.62 GB of memory"},
		// Within the memory, as triangles take less a cell than
		// rectangles, but past the cells.
		{"page: {size: 24x36in}\nsections:\n  - {shape: triangle, count: 1200, size: 100x100}\n", "book.yaml:3:30: the book draws 24.0 million maze cells, and the most is 20.0 million: give section 1 fewer or smaller mazes, or leave out the answer key"},
		// Storyboards each within their own limit, but not together: a
		// frame's cell held whole until its pages are written.
		{"sections:\n" + strings.Repeat("  - {kind: steps, size: 40x40, every: 3, columns: 2}\n", 19), "book.yaml:2:12: the 19 storyboards bring the book to about 10.43 GB of memory, and the most is 1.50 GB: show more moves a frame (every), smaller mazes or fewer storyboards"},
	}
	for _, tt := range tests {
		spec, err := spec.Parse("book.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Make(spec, Student)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.spec, err, tt.want)
		}
	}
	// The largest book allowed is allowed.
	spec, err := spec.Parse("book.yaml", []byte("answers: false\npage: {size: 24x36in}\nsections:\n  - count: 2000\n    size: 100x100\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Make(spec, Student)
	if err != nil {
		t.Fatalf("a book of exactly %d drawn cells: %v", MaxDrawnCells, err)
	}
	if c := plan.Cost(); c.DrawnCells != MaxDrawnCells || c.Bytes > 2<<30 {
		t.Errorf("cost %+v", c)
	}
}

// TestErrorsNameALine checks that a problem caused by a value the spec
// leaves to its default is placed at the nearest value it does write:
// margins left out of a tiny page at its size, a per_page left out at
// its section.
func TestErrorsNameALine(t *testing.T) {
	for _, tt := range []struct{ spec, want string }{
		{"page: {size: 1x1in}\nsections:\n  - {count: 1}\n", "book.yaml:1:14: the margins leave almost nothing"},
		{"page: {size: 3x3in, margin: 0.5in}\nsections:\n  - {count: 4, per_page: 4}\n  - count: 4\n    size: 30x30\n", "book.yaml:5:11: section 2"},
		{"page: {size: 1.5x1.5in, margin: 0.5in}\nsections:\n  - count: 1\n    difficulty: 9\n", "book.yaml:3:5: section 1"},
	} {
		s, err := spec.Parse("book.yaml", []byte(tt.spec))
		if err == nil {
			_, err = Make(s, Student)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.spec, err, tt.want)
		}
	}
}

// TestMakeWithin checks that a budget of its own (the site's, in a
// browser tab) refuses, with the same error as Make's but its own most,
// a book Make builds; and that a budget of 0 is Make's.
func TestMakeWithin(t *testing.T) {
	const budget = 256 << 20
	tests := []struct {
		spec   string
		within bool // within the budget
	}{
		// 100 mazes of 80x120, with their answers: 1.9 million cells,
		// about 0.15 GB.
		{"sections:\n  - count: 100\n    size: 80x120\n", true},
		// 200 of them: 3.8 million cells, past a quarter of a GB.
		{"sections:\n  - count: 200\n    size: 80x120\n", false},
		// 2000 small mazes of 20x20: 1.6 million cells, within.
		{"sections:\n  - count: 2000\n    size: 20x20\n", true},
	}
	for _, tt := range tests {
		sp, err := spec.Parse("book.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Make(sp, Student); err != nil {
			t.Errorf("%q: the command line refuses it: %v", tt.spec, err)
		}
		if _, err := MakeWithin(sp, Student, 0); err != nil {
			t.Errorf("%q: a budget of 0 refuses it: %v", tt.spec, err)
		}
		_, err = MakeWithin(sp, Student, budget)
		switch {
		case tt.within && err != nil:
			t.Errorf("%q: refused within %d bytes: %v", tt.spec, budget, err)
		case !tt.within && (err == nil || !strings.Contains(err.Error(), "book.yaml:2:12: the book needs about 0.29 GB of memory to build, and the most is 0.27 GB")):
			t.Errorf("%q: %v, want it refused past 0.27 GB", tt.spec, err)
		}
	}
}
