package layout_test

import (
	"image"
	"image/color"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// shapesBook has a section of every kind of grid, two to a page.
const shapesBook = `
seed: 4
answers: false
style: {wall: thick}
sections:
  - {title: Circle, shape: circle, size: 6, count: 1}
  - {title: Centre, shape: circle, size: 5, inner: 1.5, openings: center, count: 1}
  - {title: Hexagon, shape: hexagon, size: 6, count: 1, openings: sides}
  - {title: Hex block, shape: hexagon, size: 11x9, count: 1, openings: longest, algorithm: wilson}
  - {title: Triangle, shape: triangle, size: 9, count: 1}
  - {title: Triangle block, shape: triangle, size: 17x7, count: 1, algorithm: prim}
  - title: Heart
    size: 18x16
    count: 1
    mask: |
      .XX...XX.
      XXXX.XXXX
      XXXXXXXXX
      XXX...XXX
      .XX...XX.
      ..XXXXX..
      ...XXX...
      ....X....
  - {title: Name, mask: {text: LUZ}, count: 1}
  - {title: Letters, mask: {text: SOL}, islands: separate, count: 1, openings: sides}
  - {title: Weave, weave: 0.4, size: 12x10, count: 1, braid: 0.3}
`

// TestShapesInEveryBackend renders a maze of every kind of grid through
// every backend, reads the pixels back (oksvg, poppler, our rasteriser),
// and checks that each drawing is its maze: the entrance reaches the exit
// through light pixels inside the shape (under a weave's crossings, from
// one side of the bridge on), every passage is open and every wall
// closed, and a walled-up exit cannot be reached.
func TestShapesInEveryBackend(t *testing.T) {
	sp, err := spec.Parse("shapes.yaml", []byte(shapesBook))
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, raster := range map[string]rasteriser{"svg": svgRaster, "pdf": pdfRaster, "png": pngRaster} {
		t.Run(name, func(t *testing.T) {
			const scale = 2
			for i, made := range book.Mazes {
				pl := book.Placed[i]
				img := raster(t, book, pl.Page, scale)
				t.Run(sp.Sections[book.Plan.Mazes[i].Section].Title, func(t *testing.T) {
					checkShapeRaster(t, img, scale, made.Maze, pl)
				})
			}
		})
	}
}

// TestShapeSolutionsStayInTheirCorridors renders the teacher edition of
// the shapes book and checks that the red line passes through the middle
// of every step of every solution (round a circle's rings along the
// ring) and never over the middle of a wall.
func TestShapeSolutionsStayInTheirCorridors(t *testing.T) {
	sp, err := spec.Parse("shapes.yaml", []byte(shapesBook))
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{Edition: plan.Teacher})
	if err != nil {
		t.Fatal(err)
	}
	const scale = 3
	for i, made := range book.Mazes {
		m, pl := made.Maze, book.Placed[i]
		img := svgRaster(t, book, pl.Page, scale)
		px := pixelAt(pl, scale)
		weave, _ := m.Grid.(*maze.Weave)
		if got, want := len(made.Solutions), len(m.Parts()); got != want {
			t.Fatalf("maze %d: %d solutions for %d parts", i+1, got, want)
		}
		for _, sol := range made.Solutions {
			for k, c := range sol {
				under := weave != nil && weave.Above(c) >= 0
				if p := px(m.Grid.Center(c)); !under && !rastertest.IsRed(img.At(p.X, p.Y)) {
					t.Fatalf("maze %d: solution cell %d centre %v is not red", i+1, c, p)
				}
				if k > 0 && !under && !(weave != nil && weave.Above(sol[k-1]) >= 0) {
					if p := px(maze.StepEdge(m.Grid, sol[k-1], c).Mid()); !rastertest.IsRed(img.At(p.X, p.Y)) {
						t.Fatalf("maze %d: step %d of the solution is not red at %v", i+1, k, p)
					}
				}
			}
		}
		for c := 0; c < m.Grid.Cells(); c++ {
			for s := 0; s < m.Grid.Sides(c); s++ {
				if m.IsOpen(c, s) || m.Grid.Neighbor(c, s) == maze.NoSide || weave != nil && c >= weave.W*weave.H {
					continue
				}
				if _, _, crossing := crossingAt(weave, c); crossing {
					continue
				}
				if p := px(wallPoint(m, c, s)); !rastertest.IsDark(img.At(p.X, p.Y)) {
					t.Fatalf("maze %d: the wall of cell %d side %d at %v is not dark (the solution crosses it?)", i+1, c, s, p)
				}
			}
		}
	}
}

func crossingAt(w *maze.Weave, c int) (int, bool, bool) {
	if w == nil {
		return 0, false, false
	}
	return w.Crossing(c)
}

// checkShapeRaster checks one maze of any shape drawn on a raster page.
func checkShapeRaster(t *testing.T, img *image.RGBA, scale float64, m *maze.Maze, pl layout.Placement) {
	t.Helper()
	g := m.Grid
	px := pixelAt(pl, scale)
	// Only pixels inside the cells may be walked: outside a circle's rim
	// the paper is light too. The cells are painted, flattened, on a page
	// of the same size and read back as a stencil.
	b := img.Bounds()
	stencilPage := display.Page{Width: float64(b.Dx()) / scale, Height: float64(b.Dy()) / scale}
	stencilPage.Trim = display.Box{W: stencilPage.Width, H: stencilPage.Height}
	cells := &display.Shape{Color: display.Black}
	weave, _ := g.(*maze.Weave)
	for c := 0; c < g.Cells(); c++ {
		var poly []display.Point
		for s := 0; s < g.Sides(c); s++ {
			e := g.Side(c, s)
			piece := display.Path{Points: []display.Point{at(pl, e.A), at(pl, e.B)}, Bends: []float64{e.Sweep()}}
			pts := piece.Flatten(0.05)
			poly = append(poly, pts[:len(pts)-1]...)
		}
		cells.Polygons = append(cells.Polygons, poly)
	}
	stencilPage.Items = []display.Item{cells}
	stencil, err := png.Render(stencilPage, scale*72)
	if err != nil {
		t.Fatal(err)
	}
	walkable := image.NewRGBA(b)
	copy(walkable.Pix, img.Pix)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !rastertest.IsDark(stencil.At(x-b.Min.X, y-b.Min.Y)) {
				walkable.Set(x, y, color.Black)
			}
		}
	}
	// A point inside cell c, towards its side s.
	toward := func(c, s int) image.Point {
		a, e := g.Center(c), g.Side(c, s).Mid()
		return px(maze.Point{X: a.X + (e.X-a.X)*0.6, Y: a.Y + (e.Y-a.Y)*0.6})
	}
	paths := m.SolutionParts()
	for i, part := range m.Parts() {
		in, out := toward(part.Entrance.Cell, part.Entrance.Side), toward(part.Exit.Cell, part.Exit.Side)
		// The way through, in runs that never pass under a bridge (the
		// picture shows the passage under it interrupted, as it should).
		sol := paths[i]
		from := in
		for k := 1; k <= len(sol); k++ {
			if k < len(sol) && !(weave != nil && weave.Above(sol[k]) >= 0) {
				continue
			}
			to := out
			if k < len(sol) {
				to = px(g.Center(sol[k-1]))
			}
			if !rastertest.Reachable(walkable, from, to, rastertest.IsLight) {
				t.Fatalf("part %d: %v does not reach %v through light pixels inside the maze", i, from, to)
			}
			if k < len(sol) {
				from = px(g.Center(sol[k+1]))
			}
		}
	}
	in, out := toward(m.Entrance.Cell, m.Entrance.Side), toward(m.Exit.Cell, m.Exit.Side)
	sol := paths[0]
	for c := 0; c < g.Cells(); c++ {
		if p := px(g.Center(c)); !rastertest.IsLight(img.At(p.X, p.Y)) {
			t.Fatalf("the centre of cell %d is not light", c)
		}
		for s := 0; s < g.Sides(c); s++ {
			nb := g.Neighbor(c, s)
			if nb == maze.NoSide || nb >= 0 && nb < c {
				continue
			}
			p := px(wallPoint(m, c, s))
			open := m.IsOpen(c, s)
			if open && !rastertest.IsLight(img.At(p.X, p.Y)) || !open && !rastertest.IsDark(img.At(p.X, p.Y)) {
				t.Fatalf("side %d of cell %d: open %v, but the pixel at %v is %v", s, c, open, p, img.At(p.X, p.Y))
			}
		}
	}
	if weave != nil || len(sol) < 3 {
		return // the run to the exit may start beyond a bridge
	}
	// The negative control: with a cell in the middle of the way through
	// painted black (every way passes it in a perfect maze), the fill
	// must not get out.
	mid := sol[len(sol)/2]
	blot := display.Page{Width: stencilPage.Width, Height: stencilPage.Height, Trim: stencilPage.Trim, Items: []display.Item{&display.Shape{Color: display.Black, Polygons: [][]display.Point{cells.Polygons[mid]}}}}
	blotImg, err := png.Render(blot, scale*72)
	if err != nil {
		t.Fatal(err)
	}
	walled := image.NewRGBA(b)
	copy(walled.Pix, walkable.Pix)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !rastertest.IsLight(blotImg.At(x-b.Min.X, y-b.Min.Y)) {
				walled.Set(x, y, color.Black)
			}
		}
	}
	if m.Passages() == g.Cells()-len(m.Parts()) && rastertest.Reachable(walled, in, out, rastertest.IsLight) {
		t.Fatalf("the fill gets past a blacked-out cell of the only way through: the check cannot fail")
	}
}

// at maps a grid point of a placed maze to the page, in points.
func at(pl layout.Placement, p maze.Point) display.Point {
	return display.Point{X: pl.Origin.X + p.X*pl.Cell, Y: pl.Origin.Y + p.Y*pl.Cell}
}

// wallPoint returns where side s of cell c of maze m is drawn: the middle
// of the side, or on a weave, whose corridors are tubes inset from their
// squares, the middle of the tube's wall.
func wallPoint(m *maze.Maze, c, s int) maze.Point {
	mid := m.Grid.Side(c, s).Mid()
	if _, ok := m.Grid.(*maze.Weave); !ok {
		return mid
	}
	o := m.Grid.Center(c)
	f := (0.5 - draw.WeaveClearance/2) / 0.5 // from the side to the tube's wall
	return maze.Point{X: mid.X + (o.X-mid.X)*f, Y: mid.Y + (o.Y-mid.Y)*f}
}
