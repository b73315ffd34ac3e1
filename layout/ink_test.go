package layout_test

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// inkBook is the shapes book printed in an ink, with its answer key.
func inkBook(t *testing.T, ink string, ed plan.Edition) *layout.Book {
	t.Helper()
	src := strings.Replace(shapesBook, "answers: false\nstyle: {wall: thick}", "answers: {per_page: 4}\nstyle: {wall: thick, color: "+ink+"}", 1)
	if src == shapesBook {
		t.Fatal("the shapes book no longer has the style this test replaces")
	}
	sp, err := spec.Parse("ink.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{Edition: ed})
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// itemColors returns the colours a page's items are drawn in.
func itemColors(p display.Page) []display.Color {
	var cs []display.Color
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			cs = append(cs, it.Color)
		case *display.Fill:
			cs = append(cs, it.Color)
		case *display.Shape:
			cs = append(cs, it.Color)
		case *display.Text:
			cs = append(cs, it.Color)
		}
	}
	return cs
}

// checkNoColour checks that no pixel of img has a colour: red, green and
// blue within 2 of each other.
func checkNoColour(t *testing.T, img *image.RGBA, what string) {
	t.Helper()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := img.RGBAAt(x, y); !rastertest.IsGray(c, 2) {
				t.Fatalf("%s: pixel (%d, %d) is %v, a colour", what, x, y, c)
			}
		}
	}
}

// TestInkBooksHaveNoColour builds the shapes book, its answer key and its
// teacher edition in grayscale and in black, and checks every page: its
// items are drawn in greys no lighter than 20% ink (black and white only,
// and the way through in draw.GraySolution, in black), and its pixels, through our rasteriser and through
// poppler's, are all neutral. The colour book is the negative control.
func TestInkBooksHaveNoColour(t *testing.T) {
	for _, ink := range []string{"color", "grayscale", "black"} {
		for ed, edName := range map[plan.Edition]string{plan.Student: "book", plan.Teacher: "teacher"} {
			t.Run(ink+" "+edName, func(t *testing.T) {
				book := inkBook(t, ink, ed)
				coloured := false
				for i, p := range book.Pages {
					for _, c := range itemColors(p) {
						neutral := c.R == c.G && c.G == c.B
						coloured = coloured || !neutral
						switch {
						case ink == "grayscale" && (!neutral || c.R > spec.LightestGray.R && c != display.White):
							t.Fatalf("page %d: an item in %v", i+1, c)
						case ink == "black" && c != display.Black && c != display.White && c != draw.GraySolution:
							t.Fatalf("page %d: an item in %v", i+1, c)
						}
					}
				}
				if ink == "color" {
					if !coloured {
						t.Fatal("the colour book has no colour: the check cannot fail")
					}
					return
				}
				for i := range book.Pages {
					checkNoColour(t, pngRaster(t, book, i, 0.6), fmt.Sprintf("png page %d", i+1))
				}
			})
		}
	}
}

// TestInkBooksHaveNoColourInPoppler reads the grayscale and black books'
// PDFs back through pdftoppm: no pixel has a colour; and a colour book's
// pixels do.
func TestInkBooksHaveNoColourInPoppler(t *testing.T) {
	for _, ink := range []string{"color", "grayscale", "black"} {
		book := inkBook(t, ink, plan.Teacher)
		var buf bytes.Buffer
		if err := pdf.Write(&buf, book.Pages, pdf.Metadata{}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), ink+".pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		coloured := false
		for i := range book.Pages {
			img, err := rastertest.FromPDF(path, i+1, 40)
			if errors.Is(err, rastertest.ErrNoPdftoppm) {
				tooltest.Missing(t, "pdftoppm")
			}
			if err != nil {
				t.Fatal(err)
			}
			if ink != "color" {
				checkNoColour(t, img, fmt.Sprintf("%s page %d", ink, i+1))
				continue
			}
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y && !coloured; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if !rastertest.IsGray(img.RGBAAt(x, y), 2) {
						coloured = true
						break
					}
				}
			}
		}
		if ink == "color" && !coloured {
			t.Fatal("poppler shows the colour book without colour: the check cannot fail")
		}
	}
}

// rgbOperator matches a PDF operator that sets an RGB or CMYK colour, on
// its own line as the PDF backend writes them.
var rgbOperator = regexp.MustCompile(`(?m)^-?[\d.]+ -?[\d.]+ -?[\d.]+ (-?[\d.]+ )?(rg|RG|k|K)$`)

// TestInkPDFIsDeviceGray checks that the PDF of a grayscale or black book
// sets no RGB or CMYK colour in any of its streams (it paints in DeviceGray,
// as a black-ink interior should), and that a colour book's does.
func TestInkPDFIsDeviceGray(t *testing.T) {
	for _, ink := range []string{"color", "grayscale", "black"} {
		book := inkBook(t, ink, plan.Teacher)
		var buf bytes.Buffer
		if err := pdf.Write(&buf, book.Pages, pdf.Metadata{}); err != nil {
			t.Fatal(err)
		}
		rgb, streams := 0, 0
		rest := buf.Bytes()
		for {
			i := bytes.Index(rest, []byte("stream\n"))
			if i < 0 {
				break
			}
			rest = rest[i+len("stream\n"):]
			j := bytes.Index(rest, []byte("endstream"))
			if j < 0 {
				t.Fatal("a stream has no end")
			}
			zr, err := zlib.NewReader(bytes.NewReader(rest[:j]))
			if err != nil {
				continue // not compressed
			}
			data, err := io.ReadAll(zr)
			if err != nil {
				t.Fatalf("a stream does not inflate: %v", err)
			}
			streams++
			rgb += len(rgbOperator.FindAll(data, -1))
			rest = rest[j+len("endstream"):]
		}
		if streams == 0 {
			t.Fatal("no compressed stream found: the check cannot see the pages")
		}
		if (ink == "color") != (rgb > 0) {
			t.Errorf("%s: %d RGB or CMYK colour operators in %d streams", ink, rgb, streams)
		}
	}
}

// TestInkShapesInEveryBackend checks the puzzle pages of the shapes book
// in black through every backend, and in grayscale (the same marks in
// grey) through ours, as TestShapesInEveryBackend does: the marks by the
// doors leave the doors open and the way through light.
func TestInkShapesInEveryBackend(t *testing.T) {
	backends := map[string]map[string]rasteriser{
		"black":     {"svg": svgRaster, "pdf": pdfRaster, "png": pngRaster},
		"grayscale": {"png": pngRaster},
	}
	for ink, rasters := range backends {
		book := inkBook(t, ink, plan.Student)
		sp := book.Plan.Spec
		for name, raster := range rasters {
			t.Run(ink+" "+name, func(t *testing.T) {
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
}

// TestInkSolutionsStayInTheirCorridors renders each maze of the shapes
// book twice in grayscale and in black, as a puzzle and in the teacher
// edition (through our rasteriser; the other readers are asked above
// whether anything is coloured), and reads the solution off as the pixels that differ. It must
// show at the centre of every cell of the way and in the passage of every
// step (a mid grey line on paper, in grayscale and in black), its
// ink must lie along the way (so it never crosses a wall), and every
// wall's middle stays dark.
func TestInkSolutionsStayInTheirCorridors(t *testing.T) {
	const scale = 3
	for _, ink := range []string{"grayscale", "black"} {
		puzzles, teacher := inkBook(t, ink, plan.Student), inkBook(t, ink, plan.Teacher)
		for i, made := range teacher.Mazes {
			m, pl := made.Maze, teacher.Placed[i]
			if !reflect.DeepEqual(pl, puzzles.Placed[i]) {
				t.Fatalf("maze %d is placed at %+v in the teacher edition, %+v in the book", i+1, pl, puzzles.Placed[i])
			}
			with, without := pngRaster(t, teacher, pl.Page, scale), pngRaster(t, puzzles, pl.Page, scale)
			px := pixelAt(pl, scale)
			weave, _ := m.Grid.(*maze.Weave)
			shows := func(p image.Point) bool {
				c := with.RGBAAt(p.X, p.Y)
				return rastertest.IsMidGray(c) && rastertest.IsLight(without.RGBAAt(p.X, p.Y))
			}
			var way [][]display.Point // the way through, in page points
			for j, sol := range made.Solutions {
				part := m.Parts()[j]
				way = append(way, doorRun(m, pl, part.Entrance), doorRun(m, pl, part.Exit))
				for k, c := range sol {
					under := weave != nil && weave.Above(c) >= 0
					if p := px(m.Grid.Center(c)); !under && !shows(p) {
						t.Fatalf("%s maze %d: the solution does not show at the centre of cell %d, %v", ink, i+1, c, p)
					}
					if k == 0 {
						continue
					}
					e := maze.StepEdge(m.Grid, sol[k-1], c)
					piece := display.Path{Points: []display.Point{at(pl, e.A), at(pl, e.B)}, Bends: []float64{e.Sweep()}}
					way = append(way, piece.Flatten(0.05))
					if p := px(e.Mid()); !under && !(weave != nil && weave.Above(sol[k-1]) >= 0) && !shows(p) {
						t.Fatalf("%s maze %d: the solution does not show in the passage of step %d, %v", ink, i+1, k, p)
					}
				}
			}
			// Every pixel the solution adds lies within half the line's
			// width (a sixth of a corridor; a small dot's, up to a
			// quarter; in grayscale the tint, half a corridor), and a
			// pixel of antialiasing, of the way.
			reach := maze.Clearance(m.Grid)*pl.Cell/4 + 1.5/scale
			if ink == "grayscale" {
				// The corridors of the way are tinted, up to the walls.
				reach = maze.Clearance(m.Grid)*pl.Cell/2 + 1.5/scale
			}
			gw, gh := m.Grid.Size()
			lo, hi := px(maze.Point{X: -1, Y: -1}), px(maze.Point{X: gw + 1, Y: gh + 1})
			added := 0
			for y := max(lo.Y, 0); y < min(hi.Y, with.Bounds().Dy()); y++ {
				for x := max(lo.X, 0); x < min(hi.X, with.Bounds().Dx()); x++ {
					if with.RGBAAt(x, y) == without.RGBAAt(x, y) {
						continue
					}
					added++
					q := display.Point{X: (float64(x) + 0.5) / scale, Y: (float64(y) + 0.5) / scale}
					if d := distToRuns(q, way); d > reach {
						t.Fatalf("%s maze %d: the solution inks pixel (%d, %d), %.2fpt from the way (more than %.2fpt)", ink, i+1, x, y, d, reach)
					}
				}
			}
			if added == 0 {
				t.Fatalf("%s maze %d: the teacher edition adds no pixel", ink, i+1)
			}
			for c := 0; c < m.Grid.Cells(); c++ {
				for s := 0; s < m.Grid.Sides(c); s++ {
					if m.IsOpen(c, s) || m.Grid.Neighbor(c, s) == maze.NoSide || weave != nil && c >= weave.W*weave.H {
						continue
					}
					if _, _, crossing := crossingAt(weave, c); crossing {
						continue
					}
					if p := px(wallPoint(m, c, s)); !rastertest.IsDark(with.At(p.X, p.Y)) {
						t.Fatalf("%s maze %d: the wall of cell %d side %d at %v is not dark", ink, i+1, c, s, p)
					}
				}
			}
		}
	}
}

// doorRun is the way from the centre of a door's cell out through the
// door, to where the solution's line ends: half a corridor outside it, or
// the middle of a circle.
func doorRun(m *maze.Maze, pl layout.Placement, d maze.Door) []display.Point {
	c := m.Grid.Center(d.Cell)
	if o, ok := m.Grid.(interface{ Origin() maze.Point }); ok && m.Grid.Neighbor(d.Cell, d.Side) == maze.Hole {
		return []display.Point{at(pl, c), at(pl, o.Origin())}
	}
	mid := m.Grid.Side(d.Cell, d.Side).Mid()
	dx, dy := mid.X-c.X, mid.Y-c.Y
	l := math.Hypot(dx, dy)
	r := maze.Clearance(m.Grid) / 2
	return []display.Point{at(pl, c), at(pl, maze.Point{X: mid.X + dx/l*r, Y: mid.Y + dy/l*r})}
}

// distToRuns returns the distance from q to the nearest of the polylines.
func distToRuns(q display.Point, runs [][]display.Point) float64 {
	best := math.Inf(1)
	for _, run := range runs {
		for i := 1; i < len(run); i++ {
			best = math.Min(best, distToSegment(q, run[i-1], run[i]))
		}
	}
	return best
}

func distToSegment(q, a, b display.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((q.X-a.X)*dx+(q.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(q.X-a.X-t*dx, q.Y-a.Y-t*dy)
}
