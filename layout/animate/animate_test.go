package animate

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"strings"
	"testing"

	"mazebook/layout/display"
	mdraw "mazebook/layout/draw"
	"mazebook/layout/png"
	"mazebook/maze"
)

func testStyle() Style {
	return Style{Maze: mdraw.Style{WallColor: display.Black, SolutionColor: display.Color{R: 220, G: 30, B: 30},
		EntranceColor: display.Color{R: 220, G: 30, B: 30}, ExitColor: display.Color{R: 250, G: 160, B: 160}, Markers: mdraw.Squares}}
}

func film(t testing.TB, algorithm, solver string, w, h int) *Film {
	t.Helper()
	f, err := Record(maze.Recipe{Algorithm: algorithm, Size: maze.Size{W: w, H: h}, Seed: 3, Openings: maze.Corners}, solver)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// composite decodes a GIF and returns its frames as they show, each
// drawn over the ones before as DisposalNone says.
func composite(t *testing.T, data []byte) ([]*image.RGBA, *gif.GIF) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Bounds()))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out, g
}

func TestGIFEndsOnTheSolvedMaze(t *testing.T) {
	for _, tc := range []struct {
		algorithm, solver string
		w, h              int
	}{
		{"prim", "bfs", 12, 9},
		{"kruskal", "tremaux", 10, 10},
		{"backtracker", "right-hand", 9, 7},
		{"wilson", "dead-end-filling", 8, 8},
		{"recursive-division", "dfs", 8, 6},
	} {
		f := film(t, tc.algorithm, tc.solver, tc.w, tc.h)
		var buf bytes.Buffer
		o := Options{Style: testStyle(), Frames: 60, Size: 300}
		if err := f.WriteGIF(&buf, o); err != nil {
			t.Fatal(err)
		}
		frames, g := composite(t, buf.Bytes())
		if len(frames) > 60 || len(frames) < 5 {
			t.Errorf("%s: %d frames, want 5 to 60", tc.algorithm, len(frames))
		}
		if len(g.Delay) != len(frames) || g.Delay[len(g.Delay)-1] < holdEnd {
			t.Errorf("%s: the last frame is not held: delays %v", tc.algorithm, g.Delay)
		}
		// Sample the last frame at the centres of the solution's cells:
		// the solution's red, and in the first frame not.
		p := f.plan(o)
		box := display.Box{W: p.width, H: p.height}
		st := testStyle().Maze
		gw, gh := f.Maze.Grid.Size()
		cell := mdraw.FitCell(box, gw, gh, mdraw.RoomFor(st.Markers, "", "", nil))
		ox, oy := (box.W-gw*cell)/2, (box.H-gh*cell)/2
		last := frames[len(frames)-1]
		red := func(img *image.RGBA, c int) bool {
			q := f.Maze.Grid.Center(c)
			px := img.RGBAAt(int(ox+q.X*cell), int(oy+q.Y*cell))
			return px == color.RGBA{220, 30, 30, 255}
		}
		for _, c := range f.Path {
			if !red(last, c) {
				t.Fatalf("%s: the last frame is not red at solution cell %d", tc.algorithm, c)
			}
			if red(frames[0], c) {
				t.Fatalf("%s: the first frame is already red at cell %d", tc.algorithm, c)
			}
		}
		// A cell off the path is not red in the last frame.
		onPath := map[int]bool{}
		for _, c := range f.Path {
			onPath[c] = true
		}
		for c := 0; c < f.Maze.Grid.Cells(); c++ {
			if !onPath[c] && red(last, c) {
				t.Fatalf("%s: cell %d off the path is red", tc.algorithm, c)
			}
		}
	}
}

func TestGIFFrameBudget(t *testing.T) {
	f := film(t, "prim", "bfs", 40, 30)
	var buf bytes.Buffer
	if err := f.WriteGIF(&buf, Options{Style: testStyle(), Frames: 80, Size: 200}); err != nil {
		t.Fatal(err)
	}
	frames, _ := composite(t, buf.Bytes())
	if len(frames) > 80 {
		t.Fatalf("%d frames for a budget of 80", len(frames))
	}
	making, _ := f.Moves()
	if making != 40*30-1 {
		t.Fatalf("prim made %d moves on %d cells", making, 40*30)
	}
	// Without a solver, the finished maze is the last frame, held.
	f = film(t, "backtracker", "", 10, 10)
	buf.Reset()
	if err := f.WriteGIF(&buf, Options{Style: testStyle(), Frames: 30, Size: 200}); err != nil {
		t.Fatal(err)
	}
	frames, g := composite(t, buf.Bytes())
	if len(frames) > 30 || g.Delay[len(g.Delay)-1] != holdEnd {
		t.Fatalf("%d frames, last delay %d", len(frames), g.Delay[len(g.Delay)-1])
	}
}

// TestPlayEndsOnTheMaze replays a film for every generator and checks
// that the frame before Made shows exactly the finished maze.
func TestPlayEndsOnTheMaze(t *testing.T) {
	for _, a := range maze.Algorithms() {
		f := film(t, a.Name, "", 9, 8)
		var before *maze.Maze
		frames := 0
		err := f.Play(3, 1, func(s *State) error {
			frames++
			if s.Phase == Making {
				before = maze.New(s.Maze.Grid)
				for c := 0; c < s.Maze.Grid.Cells(); c++ {
					for k := 0; k < 4; k++ {
						if s.Maze.Linked(c, k) {
							before.Carve(c, k)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for c := 0; c < f.Maze.Grid.Cells(); c++ {
			for k := 0; k < 4; k++ {
				if before.Linked(c, k) != f.Maze.Linked(c, k) {
					t.Fatalf("%s: the last frame differs from the maze at cell %d side %d", a.Name, c, k)
				}
			}
		}
		making, _ := f.Moves()
		if want := (making+2)/3 + 2; frames != want {
			t.Errorf("%s: %d frames for %d moves every 3, want %d", a.Name, frames, making, want)
		}
	}
}

func TestSVGIsAnimatedXML(t *testing.T) {
	for _, shape := range []string{"rectangle", "circle", "hexagon", "triangle"} {
		sh, _ := maze.LookupShape(shape)
		f, err := Record(maze.Recipe{Shape: shape, Algorithm: "prim", Size: sh.ForCells(60, 1), Seed: 2, Openings: maze.Corners}, "bfs")
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.WriteSVG(&buf, Options{Style: testStyle()}); err != nil {
			t.Fatal(err)
		}
		dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
		counts := map[string]int{}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: the SVG is not XML: %v", shape, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				counts[se.Name.Local]++
				if se.Name.Local == "set" {
					for _, a := range se.Attr {
						if a.Name.Local == "begin" && !strings.HasSuffix(a.Value, "s") {
							t.Fatalf("%s: begin %q", shape, a.Value)
						}
					}
				}
			}
		}
		making, _ := f.Moves()
		if counts["svg"] != 1 || counts["set"] < making {
			t.Fatalf("%s: %v: want one svg and a set for each of %d carves at least", shape, counts, making)
		}
		if strings.Contains(buf.String(), `to="none"`) {
			t.Fatalf("%s: a cell's fill is set back to none, which Chromium ignores", shape)
		}
		if !strings.Contains(buf.String(), `attributeName="fill"`) || !strings.Contains(buf.String(), `to="visible"`) {
			t.Fatalf("%s: no cell colours or no solution shown", shape)
		}
	}
}

func BenchmarkGIF(b *testing.B) {
	f := film(b, "prim", "bfs", 20, 20)
	for i := 0; i < b.N; i++ {
		if err := f.WriteGIF(io.Discard, Options{Style: testStyle()}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGIF50 writes the animation of a 50x50 Prim maze, as 'mazebook
// maze --size 50x50 --algorithm prim --animate x.gif' does: the issue's
// target is half a second.
func BenchmarkGIF50(b *testing.B) {
	f := film(b, "prim", "bfs", 50, 50)
	b.ReportAllocs()
	for b.Loop() {
		if err := f.WriteGIF(io.Discard, Options{Style: testStyle()}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGIFFramesAsDrawnWhole checks the frames drawn only where they
// changed against the same frames drawn whole: each frame shown, for
// generators that colour few cells a move (the backtracker), many
// (Kruskal's sets) and a wavefront (Prim), with the solver's walk, is
// the whole drawing but for the rounding of a few edge pixels.
func TestGIFFramesAsDrawnWhole(t *testing.T) {
	for _, alg := range []string{"backtracker", "kruskal", "prim"} {
		f := film(t, alg, "bfs", 14, 11)
		o := Options{Style: testStyle()}
		var buf bytes.Buffer
		if err := f.WriteGIF(&buf, o); err != nil {
			t.Fatal(err)
		}
		shown, _ := composite(t, buf.Bytes())
		// The frames drawn whole, those equal to the one before merged as
		// the GIF merges them.
		p := f.plan(o)
		q := newQuantizer(palette(o.Style))
		var whole []*image.Paletted
		err := f.frames(o, p, true, func(page display.Page, _ int, _ []image.Rectangle) error {
			img, err := png.Render(page, 72)
			if err != nil {
				return err
			}
			cur := q.convert(img)
			if n := len(whole); n > 0 && bytes.Equal(whole[n-1].Pix, cur.Pix) {
				return nil
			}
			whole = append(whole, cur)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(shown) != len(whole) {
			t.Errorf("%s: %d frames shown, %d drawn whole", alg, len(shown), len(whole))
			continue
		}
		worst := 0.0
		for i := range whole {
			differ := 0
			b := whole[i].Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					want := whole[i].Palette[whole[i].ColorIndexAt(x, y)]
					r1, g1, b1, _ := want.RGBA()
					r2, g2, b2, _ := shown[i].At(x, y).RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 {
						differ++
					}
				}
			}
			worst = max(worst, float64(differ)/float64(b.Dx()*b.Dy()))
		}
		if worst > 0.002 {
			t.Errorf("%s: a frame differs from its whole drawing in %.2f%% of its pixels", alg, 100*worst)
		}
		t.Logf("%s: %d frames; the worst differs in %.3f%% of its pixels", alg, len(whole), 100*worst)
	}
}
