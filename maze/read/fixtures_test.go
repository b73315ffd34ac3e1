package read_test

import (
	"fmt"
	"image"
	stddraw "image/draw"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"mazebook/maze"
	"mazebook/maze/read"
)

// walls is a maze as the fixtures' own renderers see it, apart from the
// package's types: open[y][x][0] says whether cell (x, y) opens east,
// [1] south; doors are border gaps (x, y, side: 0 north, 1 east, 2
// south, 3 west).
type walls struct {
	w, h  int
	open  [][][2]bool
	doors [2][3]int
}

// fixture makes a w by h maze with doors at the top left (west) and the
// bottom right (east), as a fixture renderer draws it.
func fixture(t *testing.T, w, h int, seed uint64) walls {
	t.Helper()
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: w, H: h}, Algorithm: "backtracker", Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	g := m.Grid.(maze.Rect)
	f := walls{w: w, h: h, open: make([][][2]bool, h), doors: [2][3]int{{0, 0, 3}, {w - 1, h - 1, 1}}}
	for y := range h {
		f.open[y] = make([][2]bool, w)
		for x := range w {
			f.open[y][x] = [2]bool{m.Linked(g.Cell(x, y), maze.East), m.Linked(g.Cell(x, y), maze.South)}
		}
	}
	return f
}

// shortest is the length in cells of the shortest way between the doors,
// found by the test's own search.
func (f walls) shortest() int {
	dist := make([]int, f.w*f.h)
	for i := range dist {
		dist[i] = -1
	}
	start, goal := f.doors[0][1]*f.w+f.doors[0][0], f.doors[1][1]*f.w+f.doors[1][0]
	dist[start] = 1
	queue := []int{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		x, y := c%f.w, c/f.w
		try := func(n int, ok bool) {
			if ok && dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
		try(c+1, x < f.w-1 && f.open[y][x][0])
		try(c-1, x > 0 && f.open[y][x-1][0])
		try(c+f.w, y < f.h-1 && f.open[y][x][1])
		try(c-f.w, y > 0 && f.open[y-1][x][1])
	}
	return dist[goal]
}

// wall reports whether the pixel (px, py) of the maze's matrix (2w+1 by
// 2h+1) is wall.
func (f walls) wall(px, py int) bool {
	if px < 0 || py < 0 || px > 2*f.w || py > 2*f.h {
		return false
	}
	for _, d := range f.doors {
		dx := [4]int{0, 1, 0, -1}[d[2]]
		dy := [4]int{-1, 0, 1, 0}[d[2]]
		if px == 2*d[0]+1+dx && py == 2*d[1]+1+dy {
			return false
		}
	}
	switch {
	case px%2 == 0 && py%2 == 0:
		return true
	case px%2 == 1 && py%2 == 1:
		return false
	case px%2 == 0: // between cells across
		x, y := px/2-1, py/2
		return x < 0 || x >= f.w-1 || !f.open[y][x][0]
	default: // between cells down
		x, y := px/2, py/2-1
		return y < 0 || y >= f.h-1 || !f.open[y][x][1]
	}
}

// boxSet is one family of box-drawing characters, indexed by arms (1 up,
// 2 right, 4 down, 8 left).
type boxSet [16]rune

var boxSets = map[string]boxSet{
	"light":   {' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'},
	"heavy":   {' ', '╹', '╺', '┗', '╻', '┃', '┏', '┣', '╸', '┛', '━', '┻', '┓', '┫', '┳', '╋'},
	"double":  {' ', '║', '═', '╚', '║', '║', '╔', '╠', '═', '╝', '═', '╩', '╗', '╣', '╦', '╬'},
	"rounded": {' ', '╵', '╶', '╰', '╷', '│', '╭', '├', '╴', '╯', '─', '┴', '╮', '┤', '┬', '┼'},
}

// boxText draws f in box drawing: each corner a junction character with
// the arms of the walls meeting there, each wall between corners run
// characters of line (run 1 or 2 across; 1 down), cells blank.
func boxText(f walls, set boxSet, across int, margin string) string {
	var b strings.Builder
	for py := 0; py <= 2*f.h; py++ {
		b.WriteString(margin)
		for px := 0; px <= 2*f.w; px++ {
			n := 1
			if px%2 == 1 {
				n = across
			}
			var c rune = ' '
			if f.wall(px, py) {
				arms := 0
				if px%2 == 0 && py%2 == 0 { // a corner: its arms
					if f.wall(px, py-1) {
						arms |= 1
					}
					if f.wall(px+1, py) {
						arms |= 2
					}
					if f.wall(px, py+1) {
						arms |= 4
					}
					if f.wall(px-1, py) {
						arms |= 8
					}
				} else if px%2 == 0 {
					arms = 1 | 4
				} else {
					arms = 2 | 8
				}
				c = set[arms]
			}
			b.WriteString(strings.Repeat(string(c), n))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestBoxDrawingFixtures reads mazes drawn by the test's own box-drawing
// renderer in every family of characters, one and two characters a cell
// across, plain and behind a margin: each reads as its maze, with the
// shortest way the test's own search finds.
func TestBoxDrawingFixtures(t *testing.T) {
	for name, set := range boxSets {
		for _, across := range []int{1, 2} {
			for i, size := range [][2]int{{1, 1}, {2, 3}, {5, 4}, {9, 6}} {
				f := fixture(t, size[0], size[1], uint64(i+1))
				for _, margin := range []string{"", "  "} {
					text := boxText(f, set, across, margin)
					label := fmt.Sprintf("%s, %d across, %dx%d, margin %q", name, across, f.w, f.h, margin)
					r, err := read.Text([]byte("\n"+text), read.Options{})
					if err != nil {
						t.Errorf("%s: %v\n%s", label, err, text)
						continue
					}
					path, err := r.Solve("bfs")
					if err != nil || len(path) != f.shortest() {
						t.Errorf("%s: %s: a way of %d cells (%v), want %d\n%s", label, r, len(path), err, f.shortest(), text)
					}
				}
			}
		}
	}
}

// matrixText draws f as a text matrix with the test's own hands: wall
// and passage characters, each pixel doubled when wide, behind margin;
// the doors' gaps hold startMark and goalMark (a space for none), and
// before and after the door lines come left and right labels.
func matrixText(f walls, wall, passage string, wide bool, margin, startMark, goalMark, left, right string) string {
	var b strings.Builder
	for py := 0; py <= 2*f.h; py++ {
		b.WriteString(margin)
		line := ""
		for px := 0; px <= 2*f.w; px++ {
			c := passage
			if f.wall(px, py) {
				c = wall
			}
			for i, d := range f.doors {
				dx := [4]int{0, 1, 0, -1}[d[2]]
				dy := [4]int{-1, 0, 1, 0}[d[2]]
				if px == 2*d[0]+1+dx && py == 2*d[1]+1+dy {
					if m := []string{startMark, goalMark}[i]; m != " " {
						c = m
					}
				}
			}
			if wide {
				c += c
			}
			line += c
		}
		if py == 2*f.doors[0][1]+1 {
			line = left + line
		} else {
			line = strings.Repeat(" ", len([]rune(left))) + line
		}
		if py == 2*f.doors[1][1]+1 {
			line += right
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// TestMarkedTextFixtures reads text mazes marked the ways people mark
// them: S and E (or G, F, A and B, in either case) in the doors, words
// and arrows beside them, a title above, margins: each reads as its maze
// with the shortest way the test's own search finds, entered at the
// start.
func TestMarkedTextFixtures(t *testing.T) {
	for i, size := range [][2]int{{1, 1}, {3, 2}, {8, 6}} {
		f := fixture(t, size[0], size[1], uint64(i+7))
		for _, tt := range []struct {
			name                     string
			wall, passage            string
			wide                     bool
			margin, start, goal      string
			left, right, title, foot string
		}{
			{name: "S and E", wall: "#", passage: " ", margin: "    ", start: "S", goal: "E"},
			{name: "s and g", wall: "#", passage: " ", start: "s", goal: "g"},
			{name: "S and F", wall: "█", passage: " ", wide: true, margin: "  ", start: "S", goal: "F"},
			{name: "A and B", wall: "#", passage: ".", start: "A", goal: "B"},
			{name: "words beside", wall: "#", passage: " ", start: " ", goal: " ", left: "start ", right: " end"},
			{name: "arrows beside", wall: "#", passage: " ", start: " ", goal: " ", left: "→ ", right: " →"},
			{name: "ascii arrows and a title", wall: "#", passage: " ", start: " ", goal: " ", left: "> ", right: " >", title: "  Maze 3 (medium)\n\n"},
			{name: "a title with a word that marks", wall: "#", passage: " ", start: "S", goal: "E", title: "A maze to start the day\n"},
			{name: "a Go terminal program's", wall: "██", passage: "  ", margin: "  ", start: " ", goal: " ", title: "\n"},
		} {
			text := tt.title + matrixText(f, tt.wall, tt.passage, tt.wide, tt.margin, tt.start, tt.goal, tt.left, tt.right) + tt.foot
			label := fmt.Sprintf("%s %dx%d", tt.name, f.w, f.h)
			r, err := read.Text([]byte(text), read.Options{})
			if err != nil {
				t.Errorf("%s: %v\n%s", label, err, text)
				continue
			}
			path, err := r.Solve("bfs")
			if err != nil || len(path) != f.shortest() {
				t.Errorf("%s: %s: a way of %d cells (%v), want %d\n%s", label, r, len(path), err, f.shortest(), text)
				continue
			}
			g := r.Maze.Grid.(maze.Rect)
			if x, y := g.XY(r.Maze.Entrance.Cell); x != f.doors[0][0] || y != f.doors[0][1] {
				t.Errorf("%s: entered at (%d,%d), want the start\n%s", label, x, y, text)
			}
		}
	}
}

// svgText draws f as an SVG document with the test's own hands, its
// walls as elements of one kind: "line" (one a wall), "polyline" (one
// a run of wall along a grid line), "path" (one path of M and H/V
// moves), or "rect" (thin filled rectangles).
func svgText(f walls, kind string, cell float64) string {
	var b strings.Builder
	w, h := float64(f.w)*cell+20, float64(f.h)*cell+20
	fmt.Fprintf(&b, `<?xml version="1.0"?>`+"\n"+`<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	at := func(p int) float64 { return 10 + float64(p)/2*cell }
	// The walls as segments from corner to corner.
	type seg struct{ x0, y0, x1, y1 float64 }
	var segs []seg
	for py := 0; py <= 2*f.h; py += 2 {
		for px := 1; px <= 2*f.w; px += 2 {
			if f.wall(px, py) {
				segs = append(segs, seg{at(px - 1), at(py), at(px + 1), at(py)})
			}
		}
	}
	for px := 0; px <= 2*f.w; px += 2 {
		for py := 1; py <= 2*f.h; py += 2 {
			if f.wall(px, py) {
				segs = append(segs, seg{at(px), at(py - 1), at(px), at(py + 1)})
			}
		}
	}
	stroke := `stroke="black" stroke-width="2" stroke-linecap="square" fill="none"`
	switch kind {
	case "line":
		for _, s := range segs {
			fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" %s/>`+"\n", s.x0, s.y0, s.x1, s.y1, stroke)
		}
	case "polyline":
		for _, s := range segs {
			fmt.Fprintf(&b, `<polyline points="%g,%g %g,%g" %s/>`+"\n", s.x0, s.y0, s.x1, s.y1, stroke)
		}
	case "path":
		b.WriteString(`<path ` + stroke + ` d="`)
		for _, s := range segs {
			if s.y0 == s.y1 {
				fmt.Fprintf(&b, "M%g %gH%g ", s.x0, s.y0, s.x1)
			} else {
				fmt.Fprintf(&b, "M%g %gV%g ", s.x0, s.y0, s.y1)
			}
		}
		b.WriteString(`"/>` + "\n")
	case "rect":
		for _, s := range segs {
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="black"/>`+"\n", s.x0-1, s.y0-1, s.x1-s.x0+2, s.y1-s.y0+2)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// TestSVGFixtures reads mazes written as SVG by the test's own writer,
// their walls as lines, polylines, paths or rectangles: each reads as
// its maze, with the shortest way the test's own search finds.
func TestSVGFixtures(t *testing.T) {
	for i, size := range [][2]int{{6, 4}, {15, 10}, {30, 22}} {
		f := fixture(t, size[0], size[1], uint64(i+3))
		for _, kind := range []string{"line", "polyline", "path", "rect"} {
			doc := svgText(f, kind, 20)
			label := fmt.Sprintf("%s %dx%d", kind, f.w, f.h)
			r, err := read.Read([]byte(doc), read.Options{})
			if err != nil {
				t.Errorf("%s: %v", label, err)
				continue
			}
			if r.Kind != read.SVGPicture || r.Maze == nil {
				t.Errorf("%s: %s", label, r)
				continue
			}
			path, err := r.Solve("bfs")
			if err != nil || len(path) != f.shortest() {
				t.Errorf("%s: %s: a way of %d cells (%v), want %d", label, r, len(path), err, f.shortest())
			}
		}
	}
}

// rasterMaze draws f with the test's own hands into a picture: walls
// wall pixels thick on cells pitch pixels apart, the maze's top left
// corner at (ox, oy), black on white.
func rasterMaze(img *image.RGBA, f walls, pitch, wall, ox, oy int) {
	for py := 0; py <= 2*f.h; py++ {
		for px := 0; px <= 2*f.w; px++ {
			if !f.wall(px, py) || px%2 == 1 && py%2 == 1 {
				continue
			}
			x0, y0 := ox+px/2*pitch, oy+py/2*pitch
			r := image.Rect(x0, y0, x0+wall, y0+wall) // a corner
			switch {
			case px%2 == 1: // a wall across
				r = image.Rect(x0, y0, x0+pitch+wall, y0+wall)
			case py%2 == 1: // a wall down
				r = image.Rect(x0, y0, x0+wall, y0+pitch+wall)
			}
			stddraw.Draw(img, r, image.Black, image.Point{}, stddraw.Src)
		}
	}
}

// plotFrame draws what a plotting library puts round a figure: a frame
// of thin lines, ticks out of it every step pixels, and numbers under
// the bottom ticks and left of the left ones.
func plotFrame(img *image.RGBA, frame image.Rectangle, step int) {
	black := image.Black
	line := func(r image.Rectangle) { stddraw.Draw(img, r, black, image.Point{}, stddraw.Src) }
	line(image.Rect(frame.Min.X, frame.Min.Y, frame.Max.X+1, frame.Min.Y+1))
	line(image.Rect(frame.Min.X, frame.Max.Y, frame.Max.X+1, frame.Max.Y+1))
	line(image.Rect(frame.Min.X, frame.Min.Y, frame.Min.X+1, frame.Max.Y+1))
	line(image.Rect(frame.Max.X, frame.Min.Y, frame.Max.X+1, frame.Max.Y+1))
	d := &font.Drawer{Dst: img, Src: black, Face: basicfont.Face7x13}
	for k, x := 0, frame.Min.X; x <= frame.Max.X; k, x = k+1, x+step {
		line(image.Rect(x, frame.Max.Y, x+1, frame.Max.Y+5))
		d.Dot = fixed.P(x-3, frame.Max.Y+18)
		d.DrawString(fmt.Sprint(k * 10))
	}
	for k, y := 0, frame.Max.Y; y >= frame.Min.Y; k, y = k+1, y-step {
		line(image.Rect(frame.Min.X-5, y, frame.Min.X, y+1))
		d.Dot = fixed.P(frame.Min.X-25, y+4)
		d.DrawString(fmt.Sprint(k * 10))
	}
}

// TestFramedPictureFixtures reads mazes drawn inside a plot's frame,
// with its ticks and numbers, the frame close to the maze or far from
// it: the frame is not taken for the maze's outer wall.
func TestFramedPictureFixtures(t *testing.T) {
	for i, size := range [][2]int{{8, 6}, {14, 10}, {20, 20}} {
		f := fixture(t, size[0], size[1], uint64(i+11))
		for _, gap := range []int{6, 30} {
			const pitch, wall = 16, 3
			ox, oy := 60+gap, 30+gap
			mw, mh := f.w*pitch+wall, f.h*pitch+wall
			img := image.NewRGBA(image.Rect(0, 0, ox+mw+gap+40, oy+mh+gap+50))
			stddraw.Draw(img, img.Bounds(), image.White, image.Point{}, stddraw.Src)
			plotFrame(img, image.Rect(ox-gap, oy-gap, ox+mw+gap, oy+mh+gap), 40)
			rasterMaze(img, f, pitch, wall, ox, oy)
			label := fmt.Sprintf("%dx%d, frame %d px away", f.w, f.h, gap)
			r, err := read.FromImage(img)
			if err != nil {
				t.Errorf("%s: %v", label, err)
				continue
			}
			if r.Maze == nil {
				t.Errorf("%s: %s", label, r)
				continue
			}
			path, err := r.Solve("bfs")
			if err != nil || len(path) != f.shortest() {
				t.Errorf("%s: %s: a way of %d cells (%v), want %d", label, r, len(path), err, f.shortest())
			}
		}
	}
}

// TestStaircaseTriangleRefused draws a triangular maze of square cells,
// its outer wall a staircase (a maze program that makes triangles,
// hexagons and circles draws it so), and reads it: never a maze solved as
// a rectangle.
func TestStaircaseTriangleRefused(t *testing.T) {
	for _, n := range []int{4, 7, 12} {
		// The cells (x, y) with x <= y, joined by the test's own walk.
		in := func(x, y int) bool { return x >= 0 && y >= 0 && y < n && x <= y }
		type cell struct{ x, y int }
		open := map[[2]cell]bool{}
		seen := map[cell]bool{{0, 0}: true}
		stack := []cell{{0, 0}}
		rnd := uint64(n)
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			var next []cell
			for _, d := range []cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nb := cell{c.x + d.x, c.y + d.y}
				if in(nb.x, nb.y) && !seen[nb] {
					next = append(next, nb)
				}
			}
			if len(next) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			rnd = rnd*6364136223846793005 + 1442695040888963407
			nb := next[int(rnd>>33)%len(next)]
			open[[2]cell{c, nb}], open[[2]cell{nb, c}] = true, true
			seen[nb] = true
			stack = append(stack, nb)
		}
		const pitch, wall, o = 16, 3, 20
		img := image.NewRGBA(image.Rect(0, 0, 2*o+n*pitch+wall, 2*o+n*pitch+wall))
		stddraw.Draw(img, img.Bounds(), image.White, image.Point{}, stddraw.Src)
		black := func(r image.Rectangle) { stddraw.Draw(img, r, image.Black, image.Point{}, stddraw.Src) }
		for y := 0; y < n; y++ {
			for x := 0; x <= y; x++ {
				c := cell{x, y}
				x0, y0 := o+x*pitch, o+y*pitch
				// North and west walls, and east and south on the border.
				if !open[[2]cell{c, {x, y - 1}}] && !(x == 0 && y == 0) {
					black(image.Rect(x0, y0, x0+pitch+wall, y0+wall))
				}
				if !open[[2]cell{c, {x - 1, y}}] {
					black(image.Rect(x0, y0, x0+wall, y0+pitch+wall))
				}
				if !in(x+1, y) && !(y == n-1) {
					black(image.Rect(x0+pitch, y0, x0+pitch+wall, y0+pitch+wall))
				}
				if !in(x, y+1) {
					black(image.Rect(x0, y0+pitch, x0+pitch+wall, y0+pitch+wall))
				}
			}
		}
		r, err := read.FromImage(img)
		if err == nil {
			t.Errorf("a staircase triangle of %d rows: %s, want it refused", n, r)
		}
	}
}

// TestDoorsGiven reads mazes whose doors are given rather than marked: a
// closed maze, a goal in the middle, one end given and the other the
// opening farthest from it, and a cell outside the maze refused.
func TestDoorsGiven(t *testing.T) {
	closed := "#########\n#     # #\n# ### # #\n#   #   #\n#########\n"
	open := "#########\n      # #\n# ### # #\n#   #    \n#########\n"
	at := func(x, y int) *maze.At { return &maze.At{x, y} }
	for _, tt := range []struct {
		name        string
		text        string
		start, goal *maze.At
		want        string // "" for refused
		length      int
	}{
		{"a closed maze, both given", closed, at(0, 0), at(3, 1), "start [0, 0] inside, goal [3, 1] inside (given)", 5},
		{"a goal inside, the start the farthest opening", open, nil, at(1, 0), "start [3, 1] east, goal [1, 0] inside (given)", 4},
		{"the start given, the goal the farthest opening", open, at(3, 1), nil, "start [3, 1] east, goal [0, 0] west (given)", 5},
		{"a cell outside", open, at(4, 0), nil, "", 0},
		{"a closed maze, one given", closed, at(0, 0), nil, "", 0},
	} {
		r, err := read.Text([]byte(tt.text), read.Options{Start: tt.start, Goal: tt.goal})
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: %s, want it refused", tt.name, r)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		path, err := r.Solve("bfs")
		if !strings.Contains(r.String(), tt.want) || err != nil || len(path) != tt.length {
			t.Errorf("%s: %s: a way of %d (%v), want %q and %d", tt.name, r, len(path), err, tt.want, tt.length)
		}
	}
}
