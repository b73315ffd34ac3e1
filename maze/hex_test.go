package maze

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// The helpers of this file check any grid: the circle and triangle tests
// use them too.

// genericAlgorithms returns the registered generators that work on any
// grid.
func genericAlgorithms() []Algorithm {
	var list []Algorithm
	for _, a := range Algorithms() {
		if !a.Rect {
			list = append(list, a)
		}
	}
	return list
}

// checkPolygonCenters fails unless the centre of every cell of g, whose
// sides are all segments, lies strictly inside the cell: on the inner
// (right-hand, as the sides run clockwise) side of each of them.
func checkPolygonCenters(t *testing.T, g Grid) {
	t.Helper()
	for c := 0; c < g.Cells(); c++ {
		p := g.Center(c)
		for s := 0; s < g.Sides(c); s++ {
			e := g.Side(c, s)
			if cross := (e.B.X-e.A.X)*(p.Y-e.A.Y) - (e.B.Y-e.A.Y)*(p.X-e.A.X); cross < 1e-9 {
				t.Fatalf("%v: the centre %v of cell %d is not inside its side %d (%v to %v)", g, p, c, s, e.A, e.B)
			}
		}
	}
}

// checkConnected fails unless every cell of g can be reached from cell 0
// through its sides: a maze must be able to join them all.
func checkConnected(t *testing.T, g Grid) {
	t.Helper()
	seen := make([]bool, g.Cells())
	seen[0] = true
	queue := []int{0}
	for len(queue) > 0 {
		c := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	for c, ok := range seen {
		if !ok {
			t.Fatalf("%v: cell %d cannot be reached from cell 0", g, c)
		}
	}
}

// checkPolygonBox fails unless the grid's size is the tight box of its
// corners, from (0, 0).
func checkPolygonBox(t *testing.T, g Grid) {
	t.Helper()
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			a := g.Side(c, s).A
			minX, minY = math.Min(minX, a.X), math.Min(minY, a.Y)
			maxX, maxY = math.Max(maxX, a.X), math.Max(maxY, a.Y)
		}
	}
	w, h := g.Size()
	const eps = 1e-9
	if math.Abs(minX) > eps || math.Abs(minY) > eps || math.Abs(maxX-w) > eps || math.Abs(maxY-h) > eps {
		t.Fatalf("%v: the corners span (%g, %g) to (%g, %g), the size is %gx%g", g, minX, minY, maxX, maxY, w, h)
	}
}

// rowGrid is a grid whose cells are numbered row by row: hexagons and
// triangles.
type rowGrid interface {
	Grid
	Rows() int
	RowCells(y int) int
	Row(c int) (y, i int)
	Cell(y, i int) int
}

// checkRows checks that g numbers its cells row by row, each row from its
// first cell, and that Row and Cell agree with that numbering.
func checkRows(t *testing.T, g rowGrid) {
	t.Helper()
	n := 0
	for y := 0; y < g.Rows(); y++ {
		for i := 0; i < g.RowCells(y); i++ {
			if r, j := g.Row(n); r != y || j != i || g.Cell(y, i) != n {
				t.Fatalf("%v: cell %d is in row %d at %d, want %d at %d", g, n, r, j, y, i)
			}
			n++
		}
	}
	if n != g.Cells() {
		t.Fatalf("%v: the rows hold %d cells, not %d", g, n, g.Cells())
	}
}

// checkHeadingsReverse fails unless stepping back across a side has the
// heading of stepping forth turned round.
func checkHeadingsReverse(t *testing.T, g Grid) {
	t.Helper()
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			nb := g.Neighbor(c, s)
			if nb < 0 {
				continue
			}
			if back := g.Heading(nb, g.Opposite(c, s)); AngleGap(back, g.Heading(c, s)+math.Pi) > 1e-9 {
				t.Fatalf("%v: cell %d side %d heads %g, the way back %g", g, c, s, g.Heading(c, s), back)
			}
		}
	}
}

// checkShapeMazes carves mazes on g with every generator that works on any
// grid and checks them: each is a spanning tree; the doors of each of the
// openings are in the outer wall (Center's exit in the middle); every
// solver finds a path through passages, the shortest ones agree, and on a
// perfect maze all find the one path; braiding keeps the maze connected
// and solvable.
func checkShapeMazes(t *testing.T, g Grid, seeds uint64, openings ...Openings) {
	t.Helper()
	for _, a := range genericAlgorithms() {
		for seed := uint64(0); seed < seeds; seed++ {
			name := fmt.Sprintf("%v/%s/seed%d", g, a.Name, seed)
			m, err := a.Generate(g, seed)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkTree(t, name, m)
			for _, o := range openings {
				checkDoorsAndSolvers(t, name, m, o, seed, true)
			}
			Braid(m, 1, NewRand(1))
			for c, d := range m.Distances(0) {
				if d < 0 {
					t.Fatalf("%s: braided, cell %d cannot be reached from cell 0", name, c)
				}
			}
			for _, o := range openings {
				checkDoorsAndSolvers(t, name+"/braided", m, o, seed, false)
			}
		}
	}
}

// checkTree fails unless m's passages form a spanning tree of its grid:
// n-1 passages, recorded on both of their cells, and every cell reachable
// from cell 0. It counts the open sides itself rather than through
// Passages, which leaves out the default doors (cell 0's side 0) of a maze
// whose doors are not placed yet: on a block of triangles that side is a
// passage.
func checkTree(t *testing.T, name string, m *Maze) {
	t.Helper()
	g := m.Grid
	open := 0
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			nb := g.Neighbor(c, s)
			if nb < 0 {
				if m.IsOpen(c, s) {
					t.Fatalf("%s: cell %d side %d is open to the outside", name, c, s)
				}
				continue
			}
			if m.IsOpen(c, s) != m.IsOpen(nb, g.Opposite(c, s)) {
				t.Fatalf("%s: the passage between %d and %d is open on one side only", name, c, nb)
			}
			if m.IsOpen(c, s) {
				open++
			}
		}
	}
	if open/2 != g.Cells()-1 {
		t.Fatalf("%s: %d passages, want %d for a spanning tree", name, open/2, g.Cells()-1)
	}
	for c, d := range m.Distances(0) {
		if d < 0 {
			t.Fatalf("%s: cell %d cannot be reached from cell 0", name, c)
		}
	}
}

// checkDoorsAndSolvers places m's doors as o says and checks them and the
// solutions every solver finds.
func checkDoorsAndSolvers(t *testing.T, name string, m *Maze, o Openings, seed uint64, perfect bool) {
	t.Helper()
	g := m.Grid
	name += "/" + string(o)
	if err := m.PlaceDoors(o, NewRand(seed)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	wantExit := Border
	if o == Center {
		wantExit = Hole
	}
	if nb := g.Neighbor(m.Entrance.Cell, m.Entrance.Side); nb != Border || !m.IsOpen(m.Entrance.Cell, m.Entrance.Side) {
		t.Fatalf("%s: entrance %+v (across it %d) is not an opening in the border", name, m.Entrance, nb)
	}
	if nb := g.Neighbor(m.Exit.Cell, m.Exit.Side); nb != wantExit || !m.IsOpen(m.Exit.Cell, m.Exit.Side) {
		t.Fatalf("%s: exit %+v (across it %d) is not an opening to %d", name, m.Exit, nb, wantExit)
	}
	if g.Cells() > 1 && m.Entrance == m.Exit {
		t.Fatalf("%s: entrance and exit are the same opening %+v", name, m.Entrance)
	}
	from, to := m.Entrance.Cell, m.Exit.Cell
	want := int(m.Distances(from)[to]) + 1
	for _, s := range Solvers() {
		sol, err := s.Solve(m, from, to)
		if err != nil {
			if !perfect && o == Center && strings.HasSuffix(s.Name, "-hand") {
				continue // the middle may be off any wall of a braided maze
			}
			t.Fatalf("%s %s: %v", name, s.Name, err)
		}
		checkPath(t, m, sol.Path, from, to)
		if (s.Shortest || perfect) && len(sol.Path) != want {
			t.Fatalf("%s %s: a path of %d cells, the shortest has %d", name, s.Name, len(sol.Path), want)
		}
		if sol.Walk != nil {
			checkWalk(t, m, sol.Walk, from, to)
			if (perfect || strings.HasSuffix(s.Name, "-hand")) && !reflect.DeepEqual(CutLoops(sol.Walk), sol.Path) {
				t.Fatalf("%s %s: the path is not the walk with its loops cut", name, s.Name)
			}
		}
	}
	if mt := m.Measure(); mt.SolutionLength != want || perfect && mt.Loops != 0 {
		t.Fatalf("%s: measured a solution of %d cells and %d loops, want %d cells", name, mt.SolutionLength, mt.Loops, want)
	}
}

func hexSizes() [][2]int {
	return [][2]int{{1, 1}, {1, 2}, {2, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 5}, {4, 4}, {10, 10}, {60, 50}}
}

func TestHexIsAValidGrid(t *testing.T) {
	var grids []*Hex
	for _, size := range hexSizes() {
		g, err := NewHexBlock(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		if g.Cells() != size[0]*size[1] {
			t.Errorf("%v: %d cells", g, g.Cells())
		}
		grids = append(grids, g)
	}
	for _, side := range []int{1, 2, 3, 4, 5, 6, 7, 8, 32} {
		g, err := NewHexagon(side)
		if err != nil {
			t.Fatal(err)
		}
		if want := 3*side*(side-1) + 1; g.Cells() != want {
			t.Errorf("%v: %d cells, want %d", g, g.Cells(), want)
		}
		if w, _ := g.Size(); w != float64(2*side-1) {
			t.Errorf("%v: %g wide, want %d", g, w, 2*side-1)
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
		// Each heading is the side's outward normal.
		for s := 0; s < 6; s++ {
			e, p := g.Side(0, s), g.Center(0)
			if m := e.Mid(); AngleGap(math.Atan2(m.Y-p.Y, m.X-p.X), g.Heading(0, s)) > 1e-9 {
				t.Fatalf("%v: side %d heads %g", g, s, g.Heading(0, s))
			}
		}
	}
}

func TestHexNeighbors(t *testing.T) {
	// A hexagon of side 2: rows of 2, 3 and 2 cells; the middle cell, 3,
	// has all six neighbours.
	g, _ := NewHexagon(2)
	want := [6]int{HexNE: 1, HexE: 4, HexSE: 6, HexSW: 5, HexW: 2, HexNW: 0}
	for s, nb := range want {
		if got := g.Neighbor(3, s); got != nb {
			t.Errorf("hexagon of side 2: cell 3 side %d has neighbour %d, want %d", s, got, nb)
		}
	}
	for s, nb := range [6]int{Border, 1, 3, 2, Border, Border} {
		if got := g.Neighbor(0, s); got != nb {
			t.Errorf("hexagon of side 2: cell 0 side %d has neighbour %d, want %d", s, got, nb)
		}
	}
	// A 3x2 block: the second row is shifted right, so cell 0 is above
	// and left of cell 3, and cell 3 is below cells 0 and 1.
	b, _ := NewHexBlock(3, 2)
	for _, tt := range []struct{ c, s, nb int }{
		{0, HexSE, 3}, {0, HexSW, Border}, {3, HexNW, 0}, {3, HexNE, 1},
		{2, HexSE, 5}, {2, HexSW, 4}, {5, HexNE, Border}, {5, HexE, Border}, {4, HexW, 3},
	} {
		if got := b.Neighbor(tt.c, tt.s); got != tt.nb {
			t.Errorf("3x2 hexagons: cell %d side %d has neighbour %d, want %d", tt.c, tt.s, got, tt.nb)
		}
	}
	if w, h := b.Size(); math.Abs(w-3.5) > 1e-12 || math.Abs(h-(sqrt3/2+2/sqrt3)) > 1e-12 {
		t.Errorf("3x2 hexagons: size %gx%g", w, h)
	}
}

func TestHexRefusesBadSizes(t *testing.T) {
	for _, size := range [][2]int{{0, 1}, {1, 0}, {-3, 4}, {100000, 100000}, {math.MaxInt, math.MaxInt}, {math.MaxInt, 1}} {
		if g, err := NewHexBlock(size[0], size[1]); err == nil {
			t.Errorf("NewHexBlock(%d, %d) = %v, want an error", size[0], size[1], g)
		}
	}
	for _, side := range []int{0, -1, 6000, math.MaxInt, math.MinInt} {
		if g, err := NewHexagon(side); err == nil {
			t.Errorf("NewHexagon(%d) = %v, want an error", side, g)
		}
	}
	if _, err := NewHexagon(5774); err != nil {
		t.Errorf("the largest hexagon: %v", err)
	}
}

func TestHexMazes(t *testing.T) {
	for _, g := range []*Hex{mustGrid(NewHexBlock(9, 7)), mustGrid(NewHexBlock(1, 5)), mustGrid(NewHexagon(1)), mustGrid(NewHexagon(5))} {
		checkShapeMazes(t, g, 2, Corners, Sides, Longest)
	}
	// A big hexagon's middle is its middle cell.
	g := mustGrid(NewHexagon(3))
	m, _ := Algorithms()[0].Generate(g, 1)
	if err := m.PlaceDoors(Center, NewRand(1)); err != nil {
		t.Fatal(err)
	}
	if y, i := g.Row(m.Exit.Cell); y != 2 || i != 2 || !m.Exit.IsInside() {
		t.Errorf("the goal of a hexagon of side 3 is %+v, cell %d of row %d, not inside the middle cell", m.Exit, i, y)
	}
}

// mustGrid returns g, failing on an error: for sizes known to be good.
func mustGrid[G any](g G, err error) G {
	if err != nil {
		panic(err)
	}
	return g
}
