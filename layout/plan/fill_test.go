package plan

import (
	"testing"

	"mazebook/layout/spec"
)

// fill returns the share of the area inside a puzzle page's margins its
// mazes' grids cover: the plan's grid bounds, GridW by GridH cells of
// Cell each (a circle's or a word's bounding box), summed, over the
// content area.
func fill(p *Plan, pp *Page) float64 {
	a := 0.0
	for _, mi := range pp.Mazes {
		mp := p.Mazes[mi]
		a += float64(mp.GridW*mp.Cell) * float64(mp.GridH*mp.Cell)
	}
	c := pp.Frame.Content
	return a / float64(c.W*c.H)
}

// TestSharedRectanglesFillTheirPage checks that a page of two rectangles
// sized by their level, with a picture's cell of room around them, takes
// the shape its slot suits once that room is counted (mouse-and-cheese's
// square mazes, 10x6 in a wide slot, filled 32% of the page; 11x5 and
// larger fill more than 40%).
func TestSharedRectanglesFillTheirPage(t *testing.T) {
	p, err := Make(exampleSpec(t, "mouse-and-cheese.yaml"), Student)
	if err != nil {
		t.Fatal(err)
	}
	pp := &p.Pages[1]
	if pp.Kind != PuzzlePage || len(pp.Mazes) != 2 {
		t.Fatalf("page 2 is a %s page of %d mazes", pp.Kind, len(pp.Mazes))
	}
	if f := fill(p, pp); f < 0.40 {
		mp := p.Mazes[pp.Mazes[0]]
		t.Errorf("page 2's two mazes (%gx%g) fill %.0f%% of the page", mp.GridW, mp.GridH, 100*f)
	}
}

// roomFill returns the share of the room its marks leave in its slots
// (each maze area less the marks' room around the grid, see draw.Room)
// a puzzle page's mazes' grids cover.
func roomFill(p *Plan, pp *Page) float64 {
	a, room := 0.0, 0.0
	r := p.RoomOf(pp.Section)
	for k, mi := range pp.Mazes {
		mp := p.Mazes[mi]
		a += float64(mp.GridW*mp.Cell) * float64(mp.GridH*mp.Cell)
		ma := pp.MazeArea(pp.Slots[k])
		room += (ma.W - 2*r.AbsX) * (ma.H - 2*r.AbsY)
	}
	return a / room
}

// TestShapedMazesFillTheirSlots checks that hexagons and triangles sized
// by their level, two to a portrait page, take the proportions of their
// wide slots (a block of their cells) rather than a big hexagon's or
// triangle's, as wide as it is high, that left half of each slot empty:
// grayscale's honeycombs filled 40% of their pages, shapes.yaml's 39 and
// 44%, mouse-and-cheese's 24 and 27% (its mouse's room on every side of
// each maze leaves them 44% at most, so they are held to filling two
// thirds of that room; they filled under half of it).
func TestShapedMazesFillTheirSlots(t *testing.T) {
	for _, tc := range []struct {
		example string
		section int
		share   func(*Plan, *Page) float64
		least   float64
	}{
		{"grayscale.yaml", 2, fill, 0.45},
		{"shapes.yaml", 2, fill, 0.45},
		{"shapes.yaml", 3, fill, 0.45},
		{"mouse-and-cheese.yaml", 1, roomFill, 2.0 / 3},
		{"mouse-and-cheese.yaml", 2, roomFill, 2.0 / 3},
	} {
		p, err := Make(exampleSpec(t, tc.example), Student)
		if err != nil {
			t.Fatal(err)
		}
		shape := p.Spec.Sections[tc.section].Shape
		pages := 0
		for i := range p.Pages {
			pp := &p.Pages[i]
			if pp.Kind != PuzzlePage || pp.Section != tc.section || len(pp.Mazes) < 2 {
				continue
			}
			pages++
			if f := tc.share(p, pp); f < tc.least {
				mp := p.Mazes[pp.Mazes[0]]
				t.Errorf("%s: page %d's %ss (%gx%.1f) fill %.0f%%, under %.0f%%", tc.example, pp.Number, shape, mp.GridW, mp.GridH, 100*f, 100*tc.least)
			}
		}
		if pages == 0 {
			t.Errorf("%s: section %d has no page of two %ss", tc.example, tc.section+1, shape)
		}
	}
}

// TestYoungFlagsKeepRoomOnTheirAxis checks that a young child's mazes
// (ages 3-5 and 5-7, the shapes markers, no theme), whose flag needs room
// beside its door, keep that room on the axis their doors are on, not on
// every side, and fill their page: two to a 6x9in page filled 41% with
// the flag's room on all four sides, two to a letter page 41 to 53%, four
// to a letter page 38%.
func TestYoungFlagsKeepRoomOnTheirAxis(t *testing.T) {
	for _, tc := range []struct{ name, page, ages string }{
		{"two to a 6x9in page", "6x9in", "ages: 5-7, per_page: 2"},
		{"two to a letter page", "letter", "ages: 3-5, per_page: 2"},
		{"four to a letter page", "letter", "ages: 5-7, per_page: 4"},
	} {
		text := "seed: 1\npage: {size: " + tc.page + "}\nsections:\n  - {title: A, count: 8, " + tc.ages + "}\n"
		sp, err := spec.Parse("book.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Make(sp, Student)
		if err != nil {
			t.Fatal(err)
		}
		pages := 0
		for i := range p.Pages {
			pp := &p.Pages[i]
			if pp.Kind != PuzzlePage || len(pp.Mazes) < pp.Per || pp.Per < 2 {
				continue
			}
			pages++
			if f := fill(p, pp); f < 0.45 {
				mp := p.Mazes[pp.Mazes[0]]
				t.Errorf("%s, %s: page %d's mazes (%gx%g) fill %.0f%% of the page", tc.name, tc.ages, pp.Number, mp.GridW, mp.GridH, 100*f)
			}
		}
		if pages == 0 {
			t.Errorf("%s, %s: no full page of mazes", tc.name, tc.ages)
		}
	}
}

// TestGoalInside checks which sections' goals stand inside their mazes,
// so that the plan keeps room for marks on one side of the grid only.
func TestGoalInside(t *testing.T) {
	for _, tc := range []struct {
		section string
		inside  bool
	}{
		{"{openings: center}", true},
		{"{shape: circle, openings: center}", true},
		{"{openings: corners}", false},
		{"{size: 12x12, entrance: [0, 0], exit: [8, 4]}", true},
		{"{size: 12x12, entrance: [0, 0], exit: [11, 4]}", false}, // on the border: a door
		{"{size: 12x12, entrance: [3, 3], exit: [8, 4]}", false},  // both inside: marks anywhere
		{"{size: 12x12, exit: [8, 4]}", true},
	} {
		sp, err := spec.Parse("book.yaml", []byte("seed: 1\nsections:\n  - "+tc.section+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Make(sp, Student)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.goalInside(0); got != tc.inside {
			t.Errorf("%s: goal inside %v, want %v", tc.section, got, tc.inside)
		}
	}
}
