package spec

import (
	"strings"
	"testing"

	"mazebook/maze"
)

func TestStepsSection(t *testing.T) {
	b, err := Parse("book.yaml", []byte(`
sections:
  - title: Prim
    kind: steps
    every: 3
    solve_every: 5
    columns: 3
    solver: tremaux
  - title: Default
    kind: steps
  - title: Puzzles
    count: 2
`))
	if err != nil {
		t.Fatal(err)
	}
	s := b.Sections[0]
	if s.Steps == nil || s.Steps.Every != 3 || s.Steps.SolveEvery != 5 || s.Steps.Columns != 3 || !s.Steps.Solve || s.Solver != "tremaux" {
		t.Fatalf("steps %+v solver %q", s.Steps, s.Solver)
	}
	if s.Count != 0 || s.Algorithm != "prim" || s.Size != (maze.Size{W: StepsSide, H: StepsSide}) {
		t.Fatalf("count %d algorithm %q size %v", s.Count, s.Algorithm, s.Size)
	}
	if d := b.Sections[1]; d.Steps == nil || d.Steps.Solve || d.Steps.Every != 0 {
		t.Fatalf("default steps %+v", d.Steps)
	}
	if b.Sections[2].Steps != nil || b.Sections[2].Count != 2 {
		t.Fatal("a section without kind became a storyboard")
	}
}

func TestStepsSectionErrors(t *testing.T) {
	for _, tt := range []struct{ spec, want string }{
		{"sections:\n  - kind: steps\n    count: 3\n", "book.yaml:3:5: count is not for a storyboard"},
		{"sections:\n  - kind: steps\n    per_page: 2\n", "book.yaml:3:5: per_page is not for a storyboard"},
		{"sections:\n  - {kind: steps, difficulty: easy}\n", "book.yaml:2:19: difficulty is not for a storyboard"},
		{"sections:\n  - count: 2\n    every: 3\n", "book.yaml:3:12: every is for a storyboard: give it with kind: steps"},
		{"sections:\n  - kind: film\n", "book.yaml:2:11: "},
		{"sections:\n  - kind: steps\n    every: 0\n", "book.yaml:3:12: "},
		{"sections:\n  - kind: steps\n    columns: 40\n", "book.yaml:3:14: "},
		{"sections:\n  - kind: steps\n    size: 60x60\n", "book.yaml:3:11: a storyboard's maze has at most 1600 cells"},
		{"sections:\n  - kind: steps\n    algorithm: prims\n", "book.yaml:3:16: algorithm \"prims\" is unknown"},
	} {
		_, err := Parse("book.yaml", []byte(tt.spec))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want %q", tt.spec, err, tt.want)
		}
	}
}
