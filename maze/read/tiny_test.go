package read_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"mazebook/layout/draw"
	"mazebook/layout/png"
	"mazebook/layout/svg"
	"mazebook/maze"
	"mazebook/maze/read"
)

// indented is text as pasted into a README or a chat: a blank line, then
// every line behind a margin.
func indented(text []byte, margin string) []byte {
	var b bytes.Buffer
	b.WriteString("\n")
	for _, l := range strings.SplitAfter(string(text), "\n") {
		if l != "" {
			b.WriteString(margin + l)
		}
	}
	return b.Bytes()
}

// TestEverySmallMazeRoundTrips writes every size from 1x1 to 8x8 with
// every opening mode as mazebook's text, plain and indented, and (up to
// 4x4) as mazebook draws it in SVG and PNG, and reads it back: the same
// maze (passages, doors, goal) or a refusal, never a different maze.
// Text must read back every time.
func TestEverySmallMazeRoundTrips(t *testing.T) {
	counts := map[string]int{}
	for w := 1; w <= 8; w++ {
		for h := 1; h <= 8; h++ {
			for _, op := range []maze.Openings{maze.Corners, maze.Sides, maze.Longest, maze.Center} {
				m, err := maze.Make(maze.Recipe{Size: maze.Size{W: w, H: h}, Algorithm: "backtracker", Seed: uint64(10*w + h), Openings: op})
				if err != nil {
					t.Fatal(err)
				}
				ordered := m.Exit.IsInside() || m.Entrance.IsInside()
				plain, err := m.Text(nil)
				if err != nil {
					t.Fatal(err)
				}
				for form, text := range map[string][]byte{"text": plain, "indented text": indented(plain, "    ")} {
					name := fmt.Sprintf("%dx%d %s %s", w, h, op, form)
					r, err := read.Text(text, read.Options{})
					if err != nil {
						t.Errorf("%s: refused: %v\n%s", name, err, text)
						counts[form+" refused"]++
						continue
					}
					if d := diff(m, r.Maze, ordered); d != "" {
						t.Errorf("%s: read a different maze: %s (%s)\n%s", name, d, r, text)
						counts[form+" wrong"]++
						continue
					}
					counts[form+" right"]++
				}
				if w > 4 || h > 4 {
					continue // pictures of bigger mazes: TestPictureRoundTrip
				}
				// mazebook's own drawing, as 'maze -o' writes it (an arrow
				// in and a star out), as SVG and as PNG.
				st := draw.Style{Cell: 8 * 72 / 25.4, Wall: 2, Markers: draw.Shapes}
				st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = draw.InkDefaults(draw.InkColor)
				page := draw.Page(m, st, 18)
				var doc bytes.Buffer
				if err := svg.Write(&doc, page); err != nil {
					t.Fatal(err)
				}
				img, err := png.Render(page, 96)
				if err != nil {
					t.Fatal(err)
				}
				for form, read := range map[string]func() (*read.Result, error){
					"svg": func() (*read.Result, error) { return read.Read(doc.Bytes(), read.Options{}) },
					"png": func() (*read.Result, error) { return read.FromImage(img) },
				} {
					name := fmt.Sprintf("%dx%d %s %s", w, h, op, form)
					r, err := read()
					switch {
					case err != nil:
						counts[form+" refused"]++
					case r.Maze == nil:
						counts[form+" on its pixels"]++
					default:
						if d := diff(m, r.Maze, ordered); d != "" {
							t.Errorf("%s: read a different maze: %s (%s)", name, d, r)
							counts[form+" wrong"]++
							continue
						}
						counts[form+" right"]++
					}
				}
			}
		}
	}
	t.Logf("%v", counts)
}

// TestOtherShapesRefused draws mazebook's circles, hexagons, triangles
// and weaves, as PNG and SVG, and reads them: each is refused (only
// rectangles are read), never solved as something else.
func TestOtherShapesRefused(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Shape: "circle", Size: maze.Size{W: 5}},
		{Shape: "hexagon", Size: maze.Size{W: 4}},
		{Shape: "triangle", Size: maze.Size{W: 6}},
		{Size: maze.Size{W: 9, H: 7}, Weave: 0.5, Algorithm: "kruskal"},
	} {
		if r.Algorithm == "" {
			r.Algorithm = "backtracker"
		}
		r.Seed = 5
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		st := draw.Style{Cell: 8 * 72 / 25.4, Wall: 2, Markers: draw.Shapes}
		st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = draw.InkDefaults(draw.InkColor)
		page := draw.Page(m, st, 18)
		var doc bytes.Buffer
		if err := svg.Write(&doc, page); err != nil {
			t.Fatal(err)
		}
		img, err := png.Render(page, 96)
		if err != nil {
			t.Fatal(err)
		}
		if res, err := read.FromImage(img); err == nil {
			t.Errorf("a %s drawn as PNG: %s, want it refused", m.Grid, res)
		}
		if res, err := read.Read(doc.Bytes(), read.Options{}); err == nil {
			t.Errorf("a %s drawn as SVG: %s, want it refused", m.Grid, res)
		}
	}
}
