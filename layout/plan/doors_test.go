package plan

import (
	"strings"
	"testing"

	"mazebook/layout/spec"
	"mazebook/maze"
)

// TestDoorCellErrors checks every bad entrance and exit, each reported at
// the line and column of the key that gives it: those the spec can see
// (not a cell, the same cell twice, beside openings, with islands kept
// apart) and those only the plan can, once the grid's size is known
// (outside the grid, whether its size was given or chosen from the level
// or the cell size; outside a mask).
func TestDoorCellErrors(t *testing.T) {
	for _, tt := range []struct{ name, spec, want string }{
		{"one number", "sections:\n  - {entrance: [1]}\n", "book.yaml:2:16: entrance must be a cell of the rectangle, [column, row], from [0, 0] at the top left, such as [0, 2], not a list of 1"},
		{"a word", "sections:\n  - {exit: corner}\n", `book.yaml:2:12: exit must be a cell of the rectangle, [column, row], from [0, 0] at the top left, such as [0, 2], not "corner"`},
		{"not a number", "sections:\n  - {shape: circle, exit: [a, 1]}\n", "book.yaml:2:27: exit must be a cell of the circle, [ring, index]"},
		{"a mapping", "sections:\n  - {entrance: {x: 1, y: 2}}\n", "book.yaml:2:16: entrance must be a cell of the rectangle"},
		{"negative", "sections:\n  - {entrance: [-1, 2]}\n", "book.yaml:2:17: entrance: column -1 is not a cell's: they count from 0"},
		{"huge", "sections:\n  - {shape: circle, entrance: [2, 99999999999999999999]}\n", "book.yaml:2:35: entrance: index 99999999999999999999 is far outside any maze"},
		{"same cell", "sections:\n  - {size: 9x9, entrance: [2, 3], exit: [2, 3]}\n", "book.yaml:2:41: the exit [2, 3] is the entrance's cell: give two different cells"},
		{"with openings", "sections:\n  - {size: 9x9, openings: center, exit: [2, 3]}\n", "book.yaml:2:27: openings places the entrance and the exit, and so do entrance and exit: give one or the other"},
		{"islands apart", "sections:\n  - {mask: {text: AB}, islands: separate, entrance: [0, 0]}\n", "book.yaml:2:53: entrance and exit need the mask's islands joined"},
		{"outside a given size", "sections:\n  - {size: 9x7, entrance: [0, 3], exit: [9, 3]}\n", "book.yaml:2:41: section 1: exit [9, 3]: [9, 3] is outside the 9x7 grid: its columns are 0 to 8, its rows 0 to 6"},
		{"outside a level's size", "sections:\n  - difficulty: 1\n    entrance: [0, 30]\n", "book.yaml:3:15: section 1: entrance [0, 30]: [0, 30] is outside the 3x5 grid"},
		{"outside a cell size's", "sections:\n  - cell: 3cm\n    exit: [40, 0]\n", "book.yaml:3:11: section 1: exit [40, 0]: [40, 0] is outside the"},
		{"outside a ring", "sections:\n  - {shape: circle, size: 3, exit: [0, 40]}\n", "book.yaml:2:36: section 1: exit [0, 40]: [0, 40] is outside the circle: ring 0 has cells 0 to 8 (a circle's cells are [ring, index]"},
		{"outside the rings", "sections:\n  - {shape: circle, size: 3, exit: [3, 0]}\n", "its rings are 0 (innermost) to 2"},
		{"outside a hexagon's row", "sections:\n  - {shape: hexagon, size: 3, entrance: [3, 0]}\n", "book.yaml:2:41: section 1: entrance [3, 0]: [3, 0] is outside the grid: row 0 has columns 0 to 2"},
		{"outside a triangle", "sections:\n  - {shape: triangle, size: 4, entrance: [0, 4]}\n", "its rows are 0 to 3"},
		{"outside the mask", "sections:\n  - size: 9x8\n    entrance: [0, 0]\n    mask: |\n      .XX...XX.\n      XXXX.XXXX\n      XXXXXXXXX\n      XXX...XXX\n      .XX...XX.\n      ..XXXXX..\n      ...XXX...\n      ....X....\n", "book.yaml:3:15: section 1: entrance [0, 0]: [0, 0] is outside the mask: give a cell the mask keeps"},
		{"in the mask's hole", "sections:\n  - size: 9x8\n    exit: [4, 3]\n    mask: |\n      .XX...XX.\n      XXXX.XXXX\n      XXXXXXXXX\n      XXX...XXX\n      .XX...XX.\n      ..XXXXX..\n      ...XXX...\n      ....X....\n", "book.yaml:3:11: section 1: exit [4, 3]: [4, 3] is outside the mask"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := spec.Parse("book.yaml", []byte(tt.spec))
			if err == nil {
				_, err = Make(sp, Student)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%v\nwant %q", err, tt.want)
			}
		})
	}
}

// TestDoorCellsPlanned checks that good cells pass the plan into every
// maze's recipe, and that every shape's center goal is planned.
func TestDoorCellsPlanned(t *testing.T) {
	sp, err := spec.Parse("book.yaml", []byte("sections:\n  - {size: 9x7, entrance: [0, 3], exit: [4, 3], count: 2}\n  - {shape: triangle, openings: center}\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(sp, Student)
	if err != nil {
		t.Fatal(err)
	}
	for _, mp := range p.Mazes[:2] {
		if r := mp.Recipe; r.Entrance == nil || *r.Entrance != (maze.At{0, 3}) || r.Exit == nil || *r.Exit != (maze.At{4, 3}) {
			t.Errorf("maze %d: the recipe's doors are %v and %v", mp.Number, r.Entrance, r.Exit)
		}
	}
	if r := p.Mazes[2].Recipe; r.Openings != maze.Center || r.Entrance != nil || r.Exit != nil {
		t.Errorf("the triangle's recipe: %+v", r)
	}
}
