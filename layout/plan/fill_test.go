package plan

import "testing"

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
