package maze

import (
	"math"
	"testing"
)

func TestTrianglesIsAValidGrid(t *testing.T) {
	var grids []*Triangles
	for _, size := range [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 7}, {7, 1}, {2, 2}, {3, 5}, {4, 4}, {10, 10}, {61, 50}} {
		g, err := NewTriangleBlock(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		if g.Cells() != size[0]*size[1] {
			t.Errorf("%v: %d cells", g, g.Cells())
		}
		grids = append(grids, g)
	}
	for _, side := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 55} {
		g, err := NewTriangle(side)
		if err != nil {
			t.Fatal(err)
		}
		if g.Cells() != side*side {
			t.Errorf("%v: %d cells, want %d", g, g.Cells(), side*side)
		}
		// The first and the last triangle of every row point up.
		for y := 0; y < g.Rows(); y++ {
			if !g.Up(g.Cell(y, 0)) || !g.Up(g.Cell(y, 2*y)) {
				t.Fatalf("%v: row %d does not start and end pointing up", g, y)
			}
		}
		grids = append(grids, g)
	}
	for _, g := range grids {
		if err := Validate(g); err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		checkConnected(t, g)
		checkPolygonCenters(t, g)
		checkPolygonBox(t, g)
		checkHeadingsReverse(t, g)
		checkRows(t, g)
		// A step along a row keeps one heading, and the first cells
		// alternate.
		for c := 0; c+1 < g.Cells() && c < 50; c++ {
			y0, _ := g.Row(c)
			y1, _ := g.Row(c + 1)
			if y0 != y1 {
				continue
			}
			if g.Up(c) == g.Up(c+1) {
				t.Fatalf("%v: cells %d and %d point the same way", g, c, c+1)
			}
			right := 0
			if !g.Up(c) {
				right = 1
			}
			if g.Neighbor(c, right) != c+1 || g.Heading(c, right) != 0 || g.Heading(c+1, 2) != math.Pi {
				t.Fatalf("%v: cell %d: the step right is not a straight step to %d", g, c, c+1)
			}
		}
	}
}

func TestTriangleNeighbors(t *testing.T) {
	// A triangle of side 2: cell 0 on top; below it 1 (up), 2 (down) and
	// 3 (up).
	g, _ := NewTriangle(2)
	for _, tt := range []struct{ c, s, nb int }{
		{0, 0, Border}, {0, 1, 2}, {0, 2, Border},
		{1, 0, 2}, {1, 1, Border}, {1, 2, Border},
		{2, 0, 0}, {2, 1, 3}, {2, 2, 1},
		{3, 0, Border}, {3, 1, Border}, {3, 2, 2},
	} {
		if got := g.Neighbor(tt.c, tt.s); got != tt.nb {
			t.Errorf("triangle of side 2: cell %d side %d has neighbour %d, want %d", tt.c, tt.s, got, tt.nb)
		}
	}
	if w, h := g.Size(); w != 2 || math.Abs(h-sqrt3) > 1e-12 {
		t.Errorf("triangle of side 2: size %gx%g", w, h)
	}
	// A 2x2 block: 0 up, 1 down, 2 down, 3 up.
	b, _ := NewTriangleBlock(2, 2)
	for _, tt := range []struct{ c, s, nb int }{
		{0, 0, 1}, {0, 1, 2}, {1, 0, Border}, {1, 2, 0},
		{2, 0, 0}, {2, 1, 3}, {3, 1, Border}, {3, 2, 2},
	} {
		if got := b.Neighbor(tt.c, tt.s); got != tt.nb {
			t.Errorf("2x2 triangles: cell %d side %d has neighbour %d, want %d", tt.c, tt.s, got, tt.nb)
		}
	}
	if !b.Up(0) || b.Up(1) || b.Up(2) || !b.Up(3) {
		t.Errorf("2x2 triangles point the wrong ways")
	}
	if w, _ := b.Size(); w != 1.5 {
		t.Errorf("2x2 triangles: %g wide, want 1.5", w)
	}
}

func TestTrianglesRefuseBadSizes(t *testing.T) {
	for _, size := range [][2]int{{0, 1}, {1, 0}, {-3, 4}, {1, 3}, {1, 100}, {100000, 100000}, {math.MaxInt, math.MaxInt}, {1, math.MaxInt}} {
		if g, err := NewTriangleBlock(size[0], size[1]); err == nil {
			t.Errorf("NewTriangleBlock(%d, %d) = %v, want an error", size[0], size[1], g)
		}
	}
	for _, side := range []int{0, -1, 10001, math.MaxInt, math.MinInt} {
		if g, err := NewTriangle(side); err == nil {
			t.Errorf("NewTriangle(%d) = %v, want an error", side, g)
		}
	}
	g, err := NewTriangle(10000)
	if err != nil {
		t.Fatalf("the largest triangle: %v", err)
	}
	// The last cell of the largest triangle is found by its number.
	if y, i := g.Row(g.Cells() - 1); y != 9999 || i != 2*9999 {
		t.Errorf("the last cell of the largest triangle is in row %d at %d", y, i)
	}
}

func TestTriangleMazes(t *testing.T) {
	for _, g := range []*Triangles{mustGrid(NewTriangleBlock(11, 6)), mustGrid(NewTriangleBlock(1, 2)), mustGrid(NewTriangleBlock(2, 5)), mustGrid(NewTriangle(1)), mustGrid(NewTriangle(8))} {
		checkShapeMazes(t, g, 2, Corners, Sides, Longest)
	}
}
