package read_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"strings"
	"testing"

	"mazebook/layout/draw"
	"mazebook/layout/png"
	"mazebook/maze"
	"mazebook/maze/read"
)

// makeMaze makes a w by h maze with generator alg.
func makeMaze(t testing.TB, alg string, w, h int, seed uint64, openings maze.Openings) *maze.Maze {
	t.Helper()
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: w, H: h}, Algorithm: alg, Seed: seed, Openings: openings})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// diff describes how two mazes on rectangles differ: "" when their grids,
// passages and doors are the same (the doors in either order unless
// ordered).
func diff(want, got *maze.Maze, ordered bool) string {
	gw, gg := want.Grid.(maze.Rect), got.Grid.(maze.Rect)
	if gw != gg {
		return fmt.Sprintf("size %v, want %v", gg, gw)
	}
	bad := 0
	first := ""
	for c := 0; c < gw.Cells(); c++ {
		for _, s := range []int{maze.East, maze.South} {
			if want.Linked(c, s) != got.Linked(c, s) {
				if bad == 0 {
					x, y := gw.XY(c)
					first = fmt.Sprintf("cell (%d,%d) side %d: open %v, want %v", x, y, s, got.Linked(c, s), want.Linked(c, s))
				}
				bad++
			}
		}
	}
	if bad > 0 {
		return fmt.Sprintf("%d passages differ, first %s", bad, first)
	}
	we, wx, ge, gx := want.Entrance, want.Exit, got.Entrance, got.Exit
	if !ordered && ge == wx && gx == we {
		ge, gx = gx, ge
	}
	if ge != we || gx != wx {
		return fmt.Sprintf("doors %v %v, want %v %v", ge, gx, we, wx)
	}
	return ""
}

// TestTextRoundTrip writes a maze of every generator as mazebook's text
// and reads it back, with and without its solution marked, with CRLF and
// trailing spaces trimmed, and pasted with a margin (spaces or a tab) and
// a blank line before it.
func TestTextRoundTrip(t *testing.T) {
	for _, a := range maze.Algorithms() {
		for _, op := range []maze.Openings{"corners", "sides"} {
			m := makeMaze(t, a.Name, 13, 9, 7, op)
			plain, _ := m.Text(nil)
			solved, _ := m.Text(m.Solution())
			crlf := bytes.ReplaceAll(bytes.ReplaceAll(plain, []byte(" \n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
			indent := func(text []byte, margin string) []byte {
				var b bytes.Buffer
				b.WriteString("\n") // a leading blank line, as some programs print
				for _, l := range strings.SplitAfter(string(text), "\n") {
					if l != "" {
						b.WriteString(margin + l)
					}
				}
				return b.Bytes()
			}
			for name, text := range map[string][]byte{"plain": plain, "solved": solved, "crlf-trimmed": crlf,
				"indented": indent(plain, "    "), "indented-solved": indent(solved, "  "), "tabbed": indent(plain, "\t")} {
				r, err := read.Text(text, read.Options{})
				if err != nil {
					t.Fatalf("%s %s %s: %v", a.Name, op, name, err)
				}
				if d := diff(m, r.Maze, false); d != "" {
					t.Errorf("%s %s %s: %s", a.Name, op, name, d)
				}
				if !r.Perfect || r.Loops != 0 || r.Openings != 2 || r.Kind != read.Matrix {
					t.Errorf("%s %s %s: %s", a.Name, op, name, r)
				}
			}
		}
	}
}

// TestCustomChars reads a matrix drawn with other characters, and
// doubled, and with S and G marks.
func TestCustomChars(t *testing.T) {
	m := makeMaze(t, "prim", 8, 6, 3, "corners")
	text, _ := m.Text(nil)
	custom := strings.NewReplacer("#", "1", " ", "0").Replace(string(text))
	r, err := read.Text([]byte(custom), read.Options{Wall: '1', Passage: '0'})
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(m, r.Maze, false); d != "" {
		t.Error("custom:", d)
	}
	if _, err := read.Text([]byte(custom), read.Options{}); err == nil || !errors.Is(err, read.ErrNoMaze) {
		t.Errorf("without the characters: %v", err)
	}
	doubled := strings.NewReplacer("#", "██", " ", "  ").Replace(string(text))
	r, err = read.Text([]byte(doubled), read.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(m, r.Maze, false); d != "" || r.Kind != read.Doubled {
		t.Error("doubled:", d, r.Kind)
	}
}

// render draws m as 'mazebook maze' does, with cell and wall in points,
// and renders it at 72 dpi: a point a pixel.
func render(t testing.TB, m *maze.Maze, cell, wall float64) *image.RGBA {
	return renderInk(t, m, cell, wall, draw.InkColor)
}

// renderInk is render in an ink: colour, grayscale or black.
func renderInk(t testing.TB, m *maze.Maze, cell, wall float64, ink draw.Ink) *image.RGBA {
	t.Helper()
	st := draw.Style{Cell: cell, Wall: wall, Ink: draw.Ink(ink), Markers: draw.Squares}
	st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = draw.InkDefaults(ink)
	img, err := png.Render(draw.Page(m, st, 18), 72)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// jpegOf compresses img as a JPEG of the quality given and decodes it.
func jpegOf(t testing.TB, img image.Image, quality int) image.Image {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	out, err := jpeg.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// blur averages every pixel with its neighbours within r pixels.
func blur(img image.Image, r int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var sr, sg, sb, n uint32
			for dy := -r; dy <= r; dy++ {
				for dx := -r; dx <= r; dx++ {
					p := image.Pt(x+dx, y+dy)
					if !p.In(b) {
						continue
					}
					cr, cg, cb, _ := img.At(p.X, p.Y).RGBA()
					sr, sg, sb, n = sr+cr>>8, sg+cg>>8, sb+cb>>8, n+1
				}
			}
			out.SetRGBA(x, y, color.RGBA{uint8(sr / n), uint8(sg / n), uint8(sb / n), 255})
		}
	}
	return out
}

// turn rotates img by deg degrees about its centre (bilinear, white
// outside), on a canvas large enough to hold it all.
func turn(img image.Image, deg float64) *image.RGBA {
	b := img.Bounds()
	s, c := math.Sincos(deg * math.Pi / 180)
	w, h := float64(b.Dx()), float64(b.Dy())
	ow := int(math.Ceil(math.Abs(w*c) + math.Abs(h*s)))
	oh := int(math.Ceil(math.Abs(w*s) + math.Abs(h*c)))
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	at := func(x, y int) [3]float64 {
		if x < 0 || y < 0 || x >= b.Dx() || y >= b.Dy() {
			return [3]float64{255, 255, 255}
		}
		r, g, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return [3]float64{float64(r >> 8), float64(g >> 8), float64(bb >> 8)}
	}
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			u, v := float64(x)+0.5-float64(ow)/2, float64(y)+0.5-float64(oh)/2
			sx, sy := w/2+u*c+v*s-0.5, h/2-u*s+v*c-0.5
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			p00, p10, p01, p11 := at(x0, y0), at(x0+1, y0), at(x0, y0+1), at(x0+1, y0+1)
			var px [3]uint8
			for k := range px {
				px[k] = uint8(math.Round((1-fx)*(1-fy)*p00[k] + fx*(1-fy)*p10[k] + (1-fx)*fy*p01[k] + fx*fy*p11[k]))
			}
			out.SetRGBA(x, y, color.RGBA{px[0], px[1], px[2], 255})
		}
	}
	return out
}

// pictureCase is a way of spoiling a clean picture.
type pictureCase struct {
	name       string
	cell, wall float64 // points, a pixel each
	spoil      func(testing.TB, image.Image) image.Image
	// unordered: the entrance may be read as the exit (the marks too
	// small to survive the spoiling).
	unordered bool
}

var pictureCases = []pictureCase{
	{"clean 12/2", 12, 2, nil, false},
	{"clean 20/4", 20, 4, nil, false},
	{"clean 9/1", 9, 1, nil, false},
	{"clean 16/6", 16, 6, nil, false},
	{"jpeg 60", 14, 2, func(t testing.TB, img image.Image) image.Image { return jpegOf(t, img, 60) }, false},
	{"blur", 14, 3, func(_ testing.TB, img image.Image) image.Image { return blur(img, 1) }, false},
	{"turned 2°", 16, 3, func(_ testing.TB, img image.Image) image.Image { return turn(img, 2) }, false},
	{"turned -3.5°", 18, 3, func(_ testing.TB, img image.Image) image.Image { return turn(img, -3.5) }, false},
	{"photo: turned 3°, blurred, jpeg 60", 18, 3, func(t testing.TB, img image.Image) image.Image {
		return jpegOf(t, blur(turn(img, 3), 1), 60)
	}, false},
	{"jpeg 40", 12, 2, func(t testing.TB, img image.Image) image.Image { return jpegOf(t, img, 40) }, false},
	{"blur r2", 16, 3, func(_ testing.TB, img image.Image) image.Image { return blur(img, 2) }, false},
	{"turned -5.5°", 16, 2, func(_ testing.TB, img image.Image) image.Image { return turn(img, -5.5) }, false},
	{"photo: turned 4°, blur r2, jpeg 50", 18, 3, func(t testing.TB, img image.Image) image.Image {
		return jpegOf(t, blur(turn(img, 4), 2), 50)
	}, false},
	{"tiny photo: 8 px cells, turned 2°, jpeg 60", 8, 1, func(t testing.TB, img image.Image) image.Image {
		return jpegOf(t, turn(img, 2), 60)
	}, true},
}

// TestPictureRoundTrip draws a maze of every generator as 'mazebook maze'
// does, spoils the picture as a camera or a screenshot would, and reads
// the same passages and doors back, the entrance told from the exit by
// the colour of its square.
func TestPictureRoundTrip(t *testing.T) {
	total, exact := 0, 0
	for _, pc := range pictureCases {
		ok := 0
		for i, a := range maze.Algorithms() {
			op := maze.Openings("corners")
			if i%3 == 1 {
				op = "sides"
			}
			m := makeMaze(t, a.Name, 14, 10, uint64(i+1), op)
			var img image.Image = render(t, m, pc.cell, pc.wall)
			if pc.spoil != nil {
				img = pc.spoil(t, img)
			}
			total++
			r, err := read.FromImage(img)
			if err != nil {
				t.Errorf("%s %s: %v", pc.name, a.Name, err)
				continue
			}
			if r.Maze == nil {
				t.Errorf("%s %s: %s", pc.name, a.Name, r)
				continue
			}
			if d := diff(m, r.Maze, !pc.unordered); d != "" {
				t.Errorf("%s %s: %s (%s)", pc.name, a.Name, d, r)
				continue
			}
			ok++
		}
		exact += ok
		t.Logf("%s: %d of %d read back exactly", pc.name, ok, len(maze.Algorithms()))
	}
	t.Logf("pictures: %d of %d read back exactly", exact, total)
}

// TestPictureGoalInside reads mazes whose goal is in the middle, marked
// by a coloured square or, in grayscale and black ink, by a star: the
// goal is a door inside its cell.
func TestPictureGoalInside(t *testing.T) {
	for _, ink := range []draw.Ink{draw.InkColor, draw.InkGrayscale, draw.InkBlack} {
		for i, a := range []string{"prim", "wilson", "backtracker"} {
			m := makeMaze(t, a, 9+i, 7+2*i, uint64(i+3), "center")
			for _, spoil := range []func(image.Image) image.Image{
				func(img image.Image) image.Image { return img },
				func(img image.Image) image.Image { return jpegOf(t, blur(turn(img, 2.5), 1), 60) },
			} {
				r, err := read.FromImage(spoil(renderInk(t, m, 16, 2, ink)))
				if err != nil {
					t.Errorf("%s %s: %v", ink, a, err)
					continue
				}
				if d := diff(m, r.Maze, true); d != "" || !r.Maze.Exit.IsInside() {
					t.Errorf("%s %s: %s (%s)", ink, a, d, r)
				}
			}
		}
	}
}
