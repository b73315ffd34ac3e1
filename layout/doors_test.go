package layout_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/maze"
)

// centerBook has a section of every kind of grid whose goal is its middle.
const centerBook = `
seed: 9
answers: false
page: {size: 105mm x 148mm, margin: 8mm}
style: {wall: thick}
sections:
  - {title: Rectangle, size: 9x7, openings: center}
  - {title: Even rectangle, size: 8x6, openings: center, algorithm: kruskal}
  - {title: Circle, shape: circle, size: 5, inner: 1.5, openings: center}
  - {title: Hexagon, shape: hexagon, size: 5, openings: center}
  - {title: Hex block, shape: hexagon, size: 10x8, openings: center, algorithm: wilson}
  - {title: Triangle, shape: triangle, size: 8, openings: center}
  - {title: Triangle block, shape: triangle, size: 15x6, openings: center, algorithm: prim}
  - title: Heart
    size: 18x16
    openings: center
    mask: |
      .XX...XX.
      XXXX.XXXX
      XXXXXXXXX
      XXX...XXX
      .XX...XX.
      ..XXXXX..
      ...XXX...
      ....X....
  - {title: Letters, mask: {text: SOL}, islands: separate, openings: center}
  - {title: Weave, weave: 0.4, size: 12x10, openings: center, braid: 0.3}
`

// doorPoint returns, in grid units, where the marker of a door stands:
// half a corridor outside an opening, the middle of a circle, the centre
// of the cell of a start or a goal inside it.
func doorPoint(m *maze.Maze, d maze.Door) maze.Point {
	g := m.Grid
	if d.IsInside() {
		return g.Center(d.Cell)
	}
	if o, ok := g.(interface{ Origin() maze.Point }); ok && g.Neighbor(d.Cell, d.Side) == maze.Hole {
		return o.Origin()
	}
	c, e := g.Center(d.Cell), g.Side(d.Cell, d.Side).Mid()
	l := math.Hypot(e.X-c.X, e.Y-c.Y)
	reach := maze.Clearance(g) / 2
	return maze.Point{X: e.X + (e.X-c.X)/l*reach, Y: e.Y + (e.Y-c.Y)/l*reach}
}

// throughDoor returns, in grid units, a point the solution runs through
// at a door: the middle of an opening, or where doorPoint says.
func throughDoor(m *maze.Maze, d maze.Door) maze.Point {
	if d.IsInside() || m.Grid.Neighbor(d.Cell, d.Side) == maze.Hole {
		if _, ok := m.Grid.(interface{ Origin() maze.Point }); ok || d.IsInside() {
			return doorPoint(m, d)
		}
	}
	return m.Grid.Side(d.Cell, d.Side).Mid()
}

// near reports whether two colours differ by at most tol in every
// channel.
func near(c color.Color, want display.Color, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(int(x>>8)-int(y))) <= float64(tol) }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestCenterGoalsDrawn builds a maze of every kind of grid whose goal is
// its middle, the puzzle and the teacher edition, through every backend
// that can read them back (our rasteriser and poppler), and checks: the
// solution ends in the goal's cell, whose middle shows the goal's mark;
// on the puzzle the entrance reaches the goal through the paper of the
// corridors, and no longer does with a cell of the way blacked out; on
// the teacher's page the red line runs from the entrance's mark to the
// goal's, and on the puzzle (no line) nothing red does.
func TestCenterGoalsDrawn(t *testing.T) {
	sp, err := spec.Parse("center.yaml", []byte(centerBook))
	if err != nil {
		t.Fatal(err)
	}
	books := map[plan.Edition]*layout.Book{}
	for _, ed := range []plan.Edition{plan.Student, plan.Teacher} {
		if books[ed], err = layout.Build(sp, layout.Options{Edition: ed}); err != nil {
			t.Fatal(err)
		}
	}
	st := sp.Style
	mark := func(c color.Color) bool {
		return near(c, st.EntranceColor, 40) || near(c, st.ExitColor, 40)
	}
	for name, raster := range map[string]rasteriser{"png": pngRaster, "pdf": pdfRaster} {
		t.Run(name, func(t *testing.T) {
			const scale = 2
			student, teacher := books[plan.Student], books[plan.Teacher]
			for i, made := range student.Mazes {
				m := made.Maze
				title := sp.Sections[student.Plan.Mazes[i].Section].Title
				pl := student.Placed[i]
				puzzle, answer := raster(t, student, pl.Page, scale), raster(t, teacher, teacher.Placed[i].Page, scale)
				px := pixelAt(pl, scale)
				// A mark in the middle is outlined in black: reaching it is
				// reaching its outline, so its disc is taken as its colour.
				for _, part := range m.Parts() {
					r := int(math.Round(0.8 * scale * pl.Cell * inRadius(m.Grid, part.Exit.Cell))) // within its walls
					paintDisc(puzzle, px(doorPoint(m, part.Exit)), r, st.ExitColor)
					paintDisc(answer, pixelAt(teacher.Placed[i], scale)(doorPoint(m, part.Exit)), r, st.ExitColor)
				}
				for k, part := range m.Parts() {
					sol := made.Solutions[k]
					if sol[0] != part.Entrance.Cell || sol[len(sol)-1] != part.Exit.Cell {
						t.Fatalf("%s part %d: the solution runs from %d to %d, the doors are %+v %+v", title, k, sol[0], sol[len(sol)-1], part.Entrance, part.Exit)
					}
					// From the middle of the entrance's cell, which the line
					// crosses (its round end stops at the door's line).
					in, goal := px(m.Grid.Center(part.Entrance.Cell)), px(doorPoint(m, part.Exit))
					if c := puzzle.At(goal.X, goal.Y); !near(c, st.ExitColor, 40) {
						t.Fatalf("%s part %d: the goal's middle %v is %v, not its mark", title, k, goal, c)
					}
					if _, weave := m.Grid.(*maze.Weave); weave {
						continue // the way passes under bridges, which cut it on paper
					}
					red := func(c color.Color) bool { return rastertest.IsRed(c) || mark(c) }
					if !rastertest.Reachable(answer, in, goal, red) {
						t.Fatalf("%s part %d: the teacher's red line does not run from the entrance %v to the goal %v", title, k, in, goal)
					}
					if rastertest.Reachable(puzzle, in, goal, red) {
						t.Fatalf("%s part %d: without a solution, red still joins the doors: the check cannot fail", title, k)
					}
					paper := func(c color.Color) bool { return rastertest.IsLight(c) || mark(c) }
					if !rastertest.Reachable(puzzle, in, goal, paper) {
						t.Fatalf("%s part %d: the entrance %v does not reach the goal %v through the corridors", title, k, in, goal)
					}
					// A cell half-way painted black: no way round it.
					if len(sol) >= 3 {
						blotted := blot(t, puzzle, scale, m.Grid, sol[len(sol)/2], pl)
						if rastertest.Reachable(blotted, in, goal, paper) {
							t.Fatalf("%s part %d: the goal is reached past a blacked-out cell of the only way", title, k)
						}
					}
				}
			}
		})
	}
}

// inRadius returns the distance from the centre of cell c to its nearest
// side, in grid units.
func inRadius(g maze.Grid, c int) float64 {
	r := math.Inf(1)
	for s := 0; s < g.Sides(c); s++ {
		m, o := g.Side(c, s).Mid(), g.Center(c)
		r = math.Min(r, math.Hypot(m.X-o.X, m.Y-o.Y))
	}
	return r
}

// paintDisc paints a disc of radius r pixels around p in colour c.
func paintDisc(img *image.RGBA, p image.Point, r int, c display.Color) {
	for y := p.Y - r; y <= p.Y+r; y++ {
		for x := p.X - r; x <= p.X+r; x++ {
			if (x-p.X)*(x-p.X)+(y-p.Y)*(y-p.Y) <= r*r && image.Pt(x, y).In(img.Bounds()) {
				img.Set(x, y, color.RGBA{c.R, c.G, c.B, 255})
			}
		}
	}
}

// blot returns a copy of img with cell c of grid g, placed as pl says,
// painted black.
func blot(t *testing.T, img *image.RGBA, scale float64, g maze.Grid, c int, pl layout.Placement) *image.RGBA {
	t.Helper()
	var poly []display.Point
	for s := 0; s < g.Sides(c); s++ {
		e := g.Side(c, s)
		piece := display.Path{Points: []display.Point{at(pl, e.A), at(pl, e.B)}, Bends: []float64{e.Sweep()}}
		pts := piece.Flatten(0.05)
		poly = append(poly, pts[:len(pts)-1]...)
	}
	b := img.Bounds()
	page := display.Page{Width: float64(b.Dx()) / scale, Height: float64(b.Dy()) / scale}
	page.Trim = display.Box{W: page.Width, H: page.Height}
	page.Items = []display.Item{&display.Shape{Color: display.Black, Polygons: [][]display.Point{poly}}}
	stencil, err := png.Render(page, scale*72)
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(b)
	copy(out.Pix, img.Pix)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !rastertest.IsLight(stencil.At(x-b.Min.X, y-b.Min.Y)) {
				out.Set(x, y, color.Black)
			}
		}
	}
	return out
}

// TestDoorCellsBuilt checks that the doors of mazes whose entrance and
// exit are given as cells are exactly those cells, in every shape: a
// border cell's in its outer wall, an inner cell's inside it.
func TestDoorCellsBuilt(t *testing.T) {
	const book = `
answers: false
sections:
  - {size: 10x8, entrance: [0, 3], exit: [9, 0], count: 2}
  - {size: 10x8, entrance: [0, 0], exit: [4, 4]}
  - {size: 10x8, entrance: [5, 5], exit: [4, 4], algorithm: kruskal, braid: 0.5}
  - {size: 10x8, exit: [4, 4]}
  - {shape: circle, size: 6, entrance: [5, 0], exit: [0, 3]}
  - {shape: hexagon, size: 5, entrance: [0, 4], exit: [4, 4]}
  - {shape: triangle, size: 7, entrance: [0, 6], exit: [6, 5]}
  - {weave: 0.3, size: 10x8, entrance: [0, 7], exit: [9, 0]}
`
	sp, err := spec.Parse("cells.yaml", []byte(book))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(sp, layout.Options{Edition: plan.Teacher})
	if err != nil {
		t.Fatal(err)
	}
	for i, made := range b.Mazes {
		sec := sp.Sections[b.Plan.Mazes[i].Section]
		m := made.Maze
		loc := m.Grid.(maze.Locator)
		for _, d := range []struct {
			door maze.Door
			at   *maze.At
		}{{m.Entrance, sec.Entrance}, {m.Exit, sec.Exit}} {
			if d.at == nil {
				if nb := m.Grid.Neighbor(d.door.Cell, d.door.Side); d.door.IsInside() || nb != maze.Border {
					t.Errorf("maze %d: the door not given %+v is not in the outer wall", i+1, d.door)
				}
				continue
			}
			if got := loc.Coords(d.door.Cell); got != *d.at {
				t.Errorf("maze %d: a door at %v, not %v", i+1, got, *d.at)
			}
			border := false
			for s := 0; s < m.Grid.Sides(d.door.Cell); s++ {
				border = border || m.Grid.Neighbor(d.door.Cell, s) == maze.Border
			}
			if border == d.door.IsInside() || border && !m.IsOpen(d.door.Cell, d.door.Side) {
				t.Errorf("maze %d: the door %+v of a cell on the border: %v", i+1, d.door, border)
			}
		}
		sol := made.Solutions[0]
		if sol[0] != m.Entrance.Cell || sol[len(sol)-1] != m.Exit.Cell {
			t.Errorf("maze %d: the solution runs from %d to %d", i+1, sol[0], sol[len(sol)-1])
		}
	}
}

// TestPictureMarkers builds the mouse-and-cheese example and checks that
// its pictures are on its pages in every format: embedded once each in
// the PDF (pdfimages lists them), written as <image> elements of PNG data
// in the SVG pages, and drawn in the PNG at every entrance and goal, with
// the same bytes twice.
func TestPictureMarkers(t *testing.T) {
	sp, err := spec.Read("../examples/mouse-and-cheese.yaml")
	if err != nil {
		t.Fatal(err)
	}
	build := func() (*layout.Book, []byte) {
		b, err := layout.Build(sp, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := pdf.Write(&buf, b.Pages, pdf.Metadata{Created: sp.Date}); err != nil {
			t.Fatal(err)
		}
		return b, buf.Bytes()
	}
	b, doc := build()
	if _, again := build(); !bytes.Equal(doc, again) {
		t.Fatal("the same spec gave two PDFs")
	}
	for i, made := range b.Mazes {
		pl := b.Placed[i]
		page := b.Pages[pl.Page]
		var pics []*display.Image
		for _, it := range page.Items {
			if im, ok := it.(*display.Image); ok {
				pics = append(pics, im)
			}
		}
		img, err := png.Render(page, 144)
		if err != nil {
			t.Fatal(err)
		}
		px := pixelAt(pl, 2)
		for _, d := range []struct {
			door maze.Door
			pic  image.Image
		}{{made.Maze.Entrance, sp.Style.StartImage}, {made.Maze.Exit, sp.Style.FinishImage}} {
			at := doorPoint(made.Maze, d.door)
			// Outside a door, the picture may stand further out along
			// the way out, where one of draw.PictureFloor needs it.
			var mid maze.Point
			if !d.door.IsInside() {
				mid = throughDoor(made.Maze, d.door)
			}
			var box *display.Image
			for _, im := range pics {
				c := display.Point{X: im.Box.X + im.Box.W/2, Y: im.Box.Y + im.Box.H/2}
				g := maze.Point{X: (c.X - pl.Origin.X) / pl.Cell, Y: (c.Y - pl.Origin.Y) / pl.Cell}
				on := math.Abs(g.X-at.X) < 0.01/pl.Cell && math.Abs(g.Y-at.Y) < 0.01/pl.Cell
				if !d.door.IsInside() {
					ux, uy := at.X-mid.X, at.Y-mid.Y
					vx, vy := g.X-mid.X, g.Y-mid.Y
					cross, dot := ux*vy-uy*vx, ux*vx+uy*vy
					on = on || (ux != 0 || uy != 0) && math.Abs(cross) < 0.01/pl.Cell && dot >= ux*ux+uy*uy-1e-6
				}
				if im.Picture == d.pic && on {
					box = im
					at = g
				}
			}
			if box == nil {
				t.Fatalf("maze %d: no picture centred on the door %+v", i+1, d.door)
			}
			if r := float64(d.pic.Bounds().Dx()) / float64(d.pic.Bounds().Dy()); math.Abs(box.Box.W/box.Box.H-r) > 1e-6 || box.Box.W < pl.Cell/3 {
				t.Errorf("maze %d: a %gx%g picture box for a %g cell", i+1, box.Box.W, box.Box.H, pl.Cell)
			}
			// The page's pixel at the picture's middle is the picture's.
			p := px(at)
			b := d.pic.Bounds()
			want := color.NRGBAModel.Convert(d.pic.At(b.Min.X+b.Dx()/2, b.Min.Y+b.Dy()/2)).(color.NRGBA)
			if !near(img.At(p.X, p.Y), display.Color{R: want.R, G: want.G, B: want.B}, 40) {
				t.Errorf("maze %d: at the door %v the page is %v, the picture %v", i+1, p, img.At(p.X, p.Y), want)
			}
		}
	}
	var svgPage bytes.Buffer
	if err := svg.Write(&svgPage, b.Pages[b.Placed[0].Page]); err != nil {
		t.Fatal(err)
	}
	if got := bytes.Count(svgPage.Bytes(), []byte(`<image id="picture`)); got != 2 {
		t.Errorf("the SVG page defines %d pictures, want 2 (each once)", got)
	}
	if got := bytes.Count(svgPage.Bytes(), []byte(`<use xlink:href="#picture`)); got != 4 {
		t.Errorf("the SVG page shows %d pictures, want 4", got)
	}
	if !bytes.Contains(svgPage.Bytes(), []byte(`xlink:href="data:image/png;base64,iVBORw0KGgo`)) {
		t.Errorf("the SVG pictures are not PNG data")
	}
	checkPDFImages(t, doc, 2)
}

// checkPDFImages checks with poppler's pdfimages that the PDF holds want
// pictures, each one image object (with its transparency as a soft mask)
// however many times it is shown.
func checkPDFImages(t *testing.T, doc []byte, want int) {
	t.Helper()
	tooltest.Require(t, "pdfimages")
	path := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfimages", "-list", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfimages: %v\n%s", err, out)
	}
	objects := map[string]bool{}
	shown := 0
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) > 10 && f[2] == "image" {
			objects[f[10]] = true
			shown++
		}
	}
	if len(objects) != want || shown < want {
		t.Errorf("pdfimages finds %d image objects shown %d times, want %d objects:\n%s", len(objects), shown, want, out)
	}
}
