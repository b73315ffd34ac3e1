package layout_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/maze"
)

const testBook = `
seed: 11
style: {wall: thick}
sections:
  - {title: A, count: 2, per_page: 2, size: 12x9, algorithm: backtracker}
  - {title: B, count: 2, per_page: 2, size: 9x12, algorithm: kruskal, openings: sides}
  - {title: C, count: 2, per_page: 2, size: 10x10, algorithm: prim, openings: longest}
  - {title: D, count: 1, size: 15x15, algorithm: aldous-broder, caption: "¡Encuentra la salida!"}
`

func buildTestBook(t *testing.T) *layout.Book {
	t.Helper()
	sp, err := spec.Parse("test.yaml", []byte(testBook))
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// rasteriser turns page i of a book into pixels at the given pixels per
// point.
type rasteriser func(t *testing.T, book *layout.Book, i int, scale float64) *image.RGBA

func svgRaster(t *testing.T, book *layout.Book, i int, scale float64) *image.RGBA {
	var buf bytes.Buffer
	if err := svg.Write(&buf, book.Pages[i]); err != nil {
		t.Fatal(err)
	}
	img, err := rastertest.FromSVG(buf.Bytes(), scale)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func pngRaster(t *testing.T, book *layout.Book, i int, scale float64) *image.RGBA {
	img, err := png.Render(book.Pages[i], scale*72)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func pdfRaster(t *testing.T, book *layout.Book, i int, scale float64) *image.RGBA {
	path := filepath.Join(t.TempDir(), "page.pdf")
	var buf bytes.Buffer
	if err := pdf.Write(&buf, book.Pages[i:i+1], pdf.Metadata{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := rastertest.FromPDF(path, 1, int(scale*72))
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRenderedMazesCanBeSolved renders the puzzle pages of a book through
// each backend, reads the pixels back with an independent reader (oksvg for
// SVG, poppler for PDF), and checks that each drawing is its maze: the
// entrance reaches the exit through light pixels inside the maze, every
// passage is open and every wall is closed.
func TestRenderedMazesCanBeSolved(t *testing.T) {
	book := buildTestBook(t)
	for name, raster := range map[string]rasteriser{"svg": svgRaster, "pdf": pdfRaster, "png": pngRaster} {
		t.Run(name, func(t *testing.T) {
			const scale = 2
			rasters := map[int]*image.RGBA{}
			for i, made := range book.Mazes {
				m := made.Maze
				pl := book.Placed[i]
				img, ok := rasters[pl.Page]
				if !ok {
					img = raster(t, book, pl.Page, scale)
					rasters[pl.Page] = img
				}
				checkRasterMaze(t, img, scale, m, pl)
			}
		})
	}
}

// TestRenderedSolutionStaysOnThePath checks the answer pages: the red line
// runs through the middle of every step of the solution, and never over the
// middle of a wall.
func TestRenderedSolutionStaysOnThePath(t *testing.T) {
	sp, _ := spec.Parse("t.yaml", []byte(testBook))
	book, err := layout.Build(sp, layout.Options{Edition: plan.Teacher})
	if err != nil {
		t.Fatal(err)
	}
	const scale = 2
	rasters := map[int]*image.RGBA{}
	for i, made := range book.Mazes {
		m := made.Maze
		pl := book.Placed[i]
		img, ok := rasters[pl.Page]
		if !ok {
			img = svgRaster(t, book, pl.Page, scale)
			rasters[pl.Page] = img
		}
		px := pixelAt(pl, scale)
		sol := book.Mazes[i].Solutions[0]
		for k, c := range sol {
			if p := px(m.Grid.Center(c)); !rastertest.IsRed(img.At(p.X, p.Y)) {
				t.Fatalf("maze %d: solution cell %d centre %v is not red", i+1, c, p)
			}
			if k > 0 {
				a, b := m.Grid.Center(sol[k-1]), m.Grid.Center(c)
				if p := px(maze.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}); !rastertest.IsRed(img.At(p.X, p.Y)) {
					t.Fatalf("maze %d: step %d of the solution is not red at %v", i+1, k, p)
				}
			}
		}
		// Wall midpoints stay wall-coloured.
		for c := 0; c < m.Grid.Cells(); c++ {
			for s := 0; s < m.Grid.Sides(c); s++ {
				if m.IsOpen(c, s) {
					continue
				}
				e := m.Grid.Side(c, s)
				a, b := e.A, e.B
				if p := px(maze.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}); !rastertest.IsDark(img.At(p.X, p.Y)) {
					t.Fatalf("maze %d: the wall at %v is not dark (the solution crosses it?)", i+1, p)
				}
			}
		}
	}
}

// pixelAt maps grid positions of a placed maze to pixels.
func pixelAt(pl layout.Placement, scale float64) func(maze.Point) image.Point {
	return func(p maze.Point) image.Point {
		x := (pl.Origin.X + p.X*pl.Cell) * scale
		y := (pl.Origin.Y + p.Y*pl.Cell) * scale
		return image.Pt(int(x), int(y))
	}
}

// checkRasterMaze checks one maze drawn on a raster page.
func checkRasterMaze(t *testing.T, img *image.RGBA, scale float64, m *maze.Maze, pl layout.Placement) {
	t.Helper()
	g := m.Grid
	px := pixelAt(pl, scale)
	mid := func(c, s int) image.Point {
		e := g.Side(c, s)
		a, b := e.A, e.B
		return px(maze.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2})
	}
	// The flood fill stays inside the maze's outline, so it cannot walk
	// around the outside from one door to the other.
	gw, gh := g.Size()
	bounds := image.Rectangle{Min: px(maze.Point{}), Max: px(maze.Point{X: gw, Y: gh}).Add(image.Pt(1, 1))}
	sub := img.SubImage(bounds).(*image.RGBA)
	in, out := mid(m.Entrance.Cell, m.Entrance.Side), mid(m.Exit.Cell, m.Exit.Side)
	if !rastertest.Reachable(sub, in, out, rastertest.IsLight) {
		t.Fatalf("the entrance %v does not reach the exit %v through light pixels", in, out)
	}
	for c := 0; c < g.Cells(); c++ {
		if p := px(g.Center(c)); !rastertest.IsLight(img.At(p.X, p.Y)) {
			t.Fatalf("the centre of cell %d is not light", c)
		}
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb >= 0 && nb < c {
				continue
			}
			p := mid(c, s)
			open := m.IsOpen(c, s)
			if open && !rastertest.IsLight(img.At(p.X, p.Y)) || !open && !rastertest.IsDark(img.At(p.X, p.Y)) {
				t.Fatalf("side %d of cell %d: open %v, but the pixel at %v is %v", s, c, open, p, img.At(p.X, p.Y))
			}
		}
	}
	// The negative control: with the exit walled up in the picture, the
	// fill must not get out.
	walled := image.NewRGBA(sub.Bounds())
	copy(walled.Pix, sub.Pix)
	half := int(pl.Cell * scale / 2)
	for dy := -half; dy <= half; dy++ {
		for dx := -half; dx <= half; dx++ {
			walled.Set(out.X+dx, out.Y+dy, color.Black)
		}
	}
	exitCell := px(g.Center(m.Exit.Cell))
	if g.Cells() > 1 && rastertest.Reachable(walled, in, out, rastertest.IsLight) {
		t.Fatalf("the fill reaches a walled-up exit: the check cannot fail (exit cell at %v)", exitCell)
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := buildTestBook(t), buildTestBook(t)
	var pa, pb bytes.Buffer
	if err := pdf.Write(&pa, a.Pages, pdf.Metadata{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	if err := pdf.Write(&pb, b.Pages, pdf.Metadata{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pa.Bytes(), pb.Bytes()) {
		t.Fatal("the same spec gave two different PDFs")
	}
	for i := range a.Pages {
		var sa, sb bytes.Buffer
		svg.Write(&sa, a.Pages[i])
		svg.Write(&sb, b.Pages[i])
		if !bytes.Equal(sa.Bytes(), sb.Bytes()) {
			t.Fatalf("page %d: the same spec gave two different SVGs", i+1)
		}
	}
}
