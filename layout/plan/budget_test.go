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
		{"sections:\n  - count: 10000\n    size: 80x120\n", "book.yaml:2:12: the book draws 192.0 million maze cells"},
		{"page: {size: 24x36in}\nsections:\n  - {count: 10, size: 10x10}\n  - count: 2000\n    size: 80x110\n", "book.yaml:4:12: the book draws 35.2 million maze cells"},
		{"answers: false\npage: {size: 24x36in}\nsections:\n  - cell: 2mm\n    count: 200\n", "book.yaml:5:12: the book draws"},
		// Under 20 million cells, but circles take three times the memory.
		{"sections:\n  - {shape: circle, count: 900, difficulty: 10}\n", "circle mazes take about 4 times a rectangle's memory a cell"},
	}
	for _, tt := range tests {
		spec, err := spec.Parse("book.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Make(spec, Student)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "GB of memory") {
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
