package plan

import (
	"fmt"
	"path/filepath"
	"testing"

	"mazebook/layout/spec"
	"mazebook/maze"
)

// exampleSpec reads an example spec of the repository.
func exampleSpec(t *testing.T, name string) *spec.Book {
	t.Helper()
	sp, err := spec.Read(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// doorSides returns the walls maze i of a plan is entered and left by,
// as its maze, made, opens them: "W>E", "N>S", ...
func doorSides(t *testing.T, p *Plan, i int) string {
	t.Helper()
	m, err := maze.Make(p.Mazes[i].Recipe)
	if err != nil {
		t.Fatal(err)
	}
	name := map[int]string{maze.North: "N", maze.East: "E", maze.South: "S", maze.West: "W"}
	return name[m.Entrance.Side] + ">" + name[m.Exit.Side]
}

// TestDoorsVaryWithinASection checks that the mazes of a section whose
// spec places no doors are not all entered and left by the same walls,
// themed or not, and that the same spec places the same doors again.
func TestDoorsVaryWithinASection(t *testing.T) {
	for _, tt := range []struct{ name, spec string }{
		{"story-book", ""},
		{"plain", "seed: 5\nsections:\n  - {count: 6, difficulty: 3}\n"},
		{"two a page", "seed: 5\nsections:\n  - {count: 8, per_page: 2, difficulty: 5}\n"},
		{"themed", "seed: 7\ntheme: bee\nsections:\n  - {count: 5, ages: 4-6}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			read := func() *Plan {
				sp := exampleSpec(t, "story-book.yaml")
				if tt.spec != "" {
					var err error
					if sp, err = spec.Parse("book.yaml", []byte(tt.spec)); err != nil {
						t.Fatal(err)
					}
				}
				p, err := Make(sp, Student)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			p, again := read(), read()
			for si := range p.Spec.Sections {
				seen := map[string]int{}
				n := 0
				for i, mp := range p.Mazes {
					if mp.Section != si {
						continue
					}
					n++
					sides := doorSides(t, p, i)
					seen[sides]++
					if a, b := fmt.Sprint(mp.Recipe.Entrance, mp.Recipe.Exit, mp.Recipe.Openings), fmt.Sprint(again.Mazes[i].Recipe.Entrance, again.Mazes[i].Recipe.Exit, again.Mazes[i].Recipe.Openings); a != b {
						t.Errorf("maze %d: doors %s, then %s from the same spec", mp.Number, a, b)
					}
				}
				if n >= 4 && len(seen) < 2 {
					t.Errorf("section %d: its %d mazes all go %v", si+1, n, seen)
				}
			}
		})
	}
}

// TestSidesOpensTheSides checks that `openings: sides` opens the west and
// east walls of a tall maze (kdp-6x9's labyrinths on a 6x9 page), not the
// top and bottom, and that the rows vary.
func TestSidesOpensTheSides(t *testing.T) {
	p, err := Make(exampleSpec(t, "kdp-6x9.yaml"), Student)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[[2]int]bool{}
	n := 0
	for i, mp := range p.Mazes {
		if p.Spec.Sections[mp.Section].Openings != maze.Sides {
			continue
		}
		n++
		if mp.GridH <= mp.GridW {
			t.Errorf("maze %d is %gx%g: not a tall maze", mp.Number, mp.GridW, mp.GridH)
		}
		if got := doorSides(t, p, i); got != "W>E" {
			t.Errorf("maze %d: openings sides goes %s, want W>E", mp.Number, got)
		}
		rows[[2]int{mp.Recipe.Entrance[1], mp.Recipe.Exit[1]}] = true
	}
	if n == 0 || len(rows) < 2 {
		t.Errorf("%d mazes with openings sides, %d pairs of rows", n, len(rows))
	}
}

// TestSectionsGrowGradually checks that the mazes of a section never have
// fewer cells than the one before, never step up more than twice, and in
// a section of one level (a child's, up to growMaxLevel) grow rather
// than repeat one size (story-book:
// six 3x5 mazes, then a jump to 56 cells; difficulty-ladder: a short
// page's lone maze of 99 cells after 104).
func TestSectionsGrowGradually(t *testing.T) {
	for _, name := range []string{"story-book.yaml", "difficulty-ladder.yaml"} {
		p, err := Make(exampleSpec(t, name), Student)
		if err != nil {
			t.Fatal(err)
		}
		for i, mp := range p.Mazes {
			if i == 0 || p.Mazes[i-1].Section != mp.Section {
				continue
			}
			before := p.Mazes[i-1].Cells
			if mp.Cells < before || mp.Cells > 2*before {
				t.Errorf("%s: maze %d has %d cells after %d", name, mp.Number, mp.Cells, before)
			}
		}
		for si, sec := range p.Spec.Sections {
			var first, last int
			for _, mp := range p.Mazes {
				if mp.Section == si {
					if first == 0 {
						first = mp.Cells
					}
					last = mp.Cells
				}
			}
			if sec.Count >= 4 && sec.FromLevel == sec.ToLevel && sec.FromLevel <= growMaxLevel && last <= first {
				t.Errorf("%s: section %d's %d mazes have %d cells first and %d last", name, si+1, sec.Count, first, last)
			}
		}
	}
}
