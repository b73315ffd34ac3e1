package maze

import (
	"strings"
	"testing"
)

// bitmapOf reads X/. art into a Bitmap.
func bitmapOf(t *testing.T, art string) *Bitmap {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(art), "\n")
	b, err := NewBitmap(len(strings.TrimSpace(rows[0])), len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for y, row := range rows {
		for x, ch := range strings.TrimSpace(row) {
			b.Set(x, y, ch == 'X')
		}
	}
	return b
}

// maskOf returns the masked rectangle the art keeps, one cell a pixel.
func maskOf(t *testing.T, art string) *Masked {
	t.Helper()
	b := bitmapOf(t, art)
	g, err := NewMasked(Rect{b.W, b.H}, SampleMask(Rect{b.W, b.H}, b))
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMaskHolesAndOutside checks that a side facing a hole of the mask is
// a Hole and one facing the outside, even through a notch, is Border; and
// that doors open only on the outside.
func TestMaskHolesAndOutside(t *testing.T) {
	g := maskOf(t, `
		XXXXXX
		X..X.X
		X..X..
		XXXXXX`)
	// Kept cells: 6 + 3 + 2 + 6.
	if g.Cells() != 17 {
		t.Fatalf("%d cells", g.Cells())
	}
	w, h := g.Size()
	if w != 6 || h != 4 {
		t.Fatalf("size %gx%g", w, h)
	}
	borders, holes := 0, 0
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			switch g.Neighbor(c, s) {
			case Border:
				borders++
			case Hole:
				holes++
			}
		}
	}
	// The 2x2 hole has 8 sides around it; the one-pixel hole at (4,1)
	// opens to the outside through (4,2)-(5,2).
	if holes != 8 {
		t.Errorf("%d sides face a hole, want 8", holes)
	}
	// The top and bottom rows, the left column, the right column but
	// (5,2), and the 7 sides around the notch (4,1), (4,2), (5,2).
	if borders != 6+6+4+3+7 {
		t.Errorf("%d sides face the outside", borders)
	}
	for _, a := range Algorithms() {
		if !a.Supports(g) {
			if !a.Rect {
				t.Errorf("%s refuses a mask", a.Name)
			}
			continue
		}
		for seed := uint64(0); seed < 5; seed++ {
			m, err := a.Generate(g, seed)
			if err != nil {
				t.Fatal(err)
			}
			checkSpanningTree(t, m)
			for _, o := range []Openings{Corners, Sides, Longest} {
				if err := m.PlaceDoors(o, NewRand(seed)); err != nil {
					t.Fatal(err)
				}
				for _, d := range []Door{m.Entrance, m.Exit} {
					if g.Neighbor(d.Cell, d.Side) != Border {
						t.Fatalf("%s %s: a door opens on %d, not the outside", a.Name, o, g.Neighbor(d.Cell, d.Side))
					}
				}
				if m.Solution() == nil {
					t.Fatalf("%s %s: no way through", a.Name, o)
				}
			}
			// The goal of center is inside a kept cell, the entrance
			// on the real outside, and the way joins them.
			if err := m.PlaceDoors(Center, NewRand(1)); err != nil {
				t.Fatal(err)
			}
			if !m.Exit.IsInside() || g.Neighbor(m.Entrance.Cell, m.Entrance.Side) != Border || m.Solution() == nil {
				t.Fatalf("%s center: entrance %+v, goal %+v", a.Name, m.Entrance, m.Exit)
			}
		}
	}
}

// TestJoinIslands checks that the parts of a mask are joined into one
// maze by runs of cells, that specks are dropped, and that too many parts
// are refused.
func TestJoinIslands(t *testing.T) {
	b := bitmapOf(t, `
		XX.......XXX
		XX.......XXX
		.........XXX
		....X.......`)
	g := Rect{b.W, b.H}
	keep := SampleMask(g, b)
	if _, n := NumberIslands(g, keep); n != 3 {
		t.Fatalf("%d islands", n)
	}
	if err := JoinIslands(g, keep); err != nil {
		t.Fatal(err)
	}
	if _, n := NumberIslands(g, keep); n != 1 {
		t.Fatalf("%d islands after joining", n)
	}
	// The one-cell part at (4,3) is more than a hundredth of the largest
	// (9 cells), so it stays and is joined too.
	kept := 0
	for _, k := range keep {
		if k {
			kept++
		}
	}
	if kept <= 4+9+1 {
		t.Fatalf("only %d cells kept: nothing was added to join the parts", kept)
	}
	m, err := NewMasked(g, keep)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := LookupAlgorithm("wilson")
	mz, err := a.Generate(m, 3)
	if err != nil {
		t.Fatal(err)
	}
	checkSpanningTree(t, mz)

	// A big part and a speck of less than one cell in a hundred: the
	// speck goes.
	art := strings.Repeat("XXXXXXXXXXXXXXX.X\n", 10)
	b = bitmapOf(t, art)
	g = Rect{b.W, b.H}
	keep = SampleMask(g, b)
	before := 0
	for _, k := range keep {
		if k {
			before++
		}
	}
	if err := JoinIslands(g, keep); err != nil {
		t.Fatal(err)
	}
	if _, n := NumberIslands(g, keep); n != 1 {
		t.Fatalf("%d islands", n)
	}

	// Too many parts.
	dots := strings.Repeat(strings.Repeat("X.", 40)+"\n"+strings.Repeat("..", 40)+"\n", 3)
	b = bitmapOf(t, dots)
	g = Rect{b.W, b.H}
	if err := JoinIslands(g, SampleMask(g, b)); err == nil || !strings.Contains(err.Error(), "separate parts") {
		t.Errorf("120 parts: %v", err)
	}

	// A grid that falls apart is refused by every generator.
	b = bitmapOf(t, "XX..XX")
	ms, _ := NewMasked(Rect{6, 1}, SampleMask(Rect{6, 1}, b))
	for _, a := range Algorithms() {
		if _, err := a.Generate(ms, 1); err == nil {
			t.Errorf("%s carved a grid in two parts", a.Name)
		}
	}
}

func TestSampleMaskScales(t *testing.T) {
	b := bitmapOf(t, `
		X.
		.X`)
	keep := SampleMask(Rect{4, 4}, b)
	want := "XX..XX....XX..XX"
	var got strings.Builder
	for _, k := range keep {
		if k {
			got.WriteByte('X')
		} else {
			got.WriteByte('.')
		}
	}
	// Row by row: the top-left and bottom-right quarters.
	if got.String() != want {
		t.Errorf("sampled %s, want %s", got.String(), want)
	}
}
