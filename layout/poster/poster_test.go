package poster

import (
	"math"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

func makeMaze(t *testing.T, r maze.Recipe) *maze.Maze {
	t.Helper()
	r.Algorithm, r.Seed, r.Openings = "backtracker", 3, maze.Corners
	m, err := maze.Make(r)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func pageSize(t *testing.T, name string) (float64, float64) {
	t.Helper()
	w, h, err := spec.ParsePageSize(name)
	if err != nil {
		t.Fatal(err)
	}
	return w, h
}

// inkBox returns the box an item inks (a stroke's corners and caps
// included).
func inkBox(it display.Item) display.Box {
	grow := func(b display.Box, pad float64) display.Box {
		return display.Box{X: b.X - pad, Y: b.Y - pad, W: b.W + 2*pad, H: b.H + 2*pad}
	}
	switch it := it.(type) {
	case *display.Line:
		var pts []display.Point
		for _, p := range it.Paths {
			b := p.Bounds()
			pts = append(pts, display.Point{X: b.X, Y: b.Y}, display.Point{X: b.X + b.W, Y: b.Y + b.H})
		}
		return grow(display.Polyline(pts...).Bounds(), it.Width/2*math.Sqrt2)
	case *display.Fill:
		return it.Box
	case *display.Shape:
		var pts []display.Point
		for _, p := range it.Polygons {
			pts = append(pts, p...)
		}
		return display.Polyline(pts...).Bounds()
	case *display.Text:
		asc, desc := typeface.Metrics(it.Font, it.Size)
		return display.Box{X: it.Left(), Y: it.Y - asc, W: typeface.Width(it.Font, it.Size, it.Text), H: asc + desc}
	}
	return display.Box{}
}

func inside(b, box display.Box) bool {
	const eps = 1e-6
	return b.X >= box.X-eps && b.Y >= box.Y-eps && b.X+b.W <= box.X+box.W+eps && b.Y+b.H <= box.Y+box.H+eps
}

var style = draw.Style{Wall: 1.5, Markers: draw.Squares, WallColor: display.Black, SolutionColor: display.Color{R: 214, G: 40, B: 40}, EntranceColor: display.Black, ExitColor: display.Black, Start: "Start", Finish: "Finish"}

// TestLayout lays mazes of several shapes out on pages of several sizes
// and checks that the page is the size named (turned to suit the maze, or
// as asked), that everything drawn is inside the margins, that the maze
// is as large as fits, and that the title is there, within the width,
// sized to the page.
func TestLayout(t *testing.T) {
	wide := maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 30, H: 20}}
	tall := maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 12, H: 30}}
	circle := maze.Recipe{Shape: "circle", Size: maze.Size{W: 10, Inner: 1}}
	hex := maze.Recipe{Shape: "hexagon", Size: maze.Size{W: 8}}
	tests := []struct {
		name      string
		recipe    maze.Recipe
		page      string
		orient    Orientation
		margin    float64 // -1: the default
		title     string
		markers   draw.Markers
		landscape bool // the page comes out landscape
	}{
		{"wide on a4", wide, "a4", Auto, -1, "Maze", draw.Squares, true},
		{"tall on a4", tall, "a4", Auto, -1, "", draw.Squares, false},
		{"tall forced landscape", tall, "a4", Landscape, -1, "Sideways", draw.Squares, true},
		{"wide forced portrait", wide, "letter", Portrait, 36, "Upright", draw.Labels, false},
		{"square keeps the page", circle, "36x24in", Auto, -1, "Round and round", draw.Squares, true},
		{"poster", tall, "24x36in", Auto, 72, "The Great Labyrinth", draw.Squares, false},
		{"hexagon letter", hex, "letter", Auto, 0, "Bees", draw.None, true}, // a big hexagon is wider than tall
		{"long title", wide, "a5", Auto, -1, strings.Repeat("A very long title indeed ", 12), draw.Squares, true},
		{"metric size", wide, "210mm x 297mm", Auto, 20, "Metric", draw.Labels, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := makeMaze(t, tt.recipe)
			w, h := pageSize(t, tt.page)
			st := style
			st.Markers = tt.markers
			o := Options{Width: w, Height: h, Orientation: tt.orient, Margin: tt.margin, Title: tt.title, Style: st, WallName: "medium"}
			p, err := Layout(m, o, m.Solution())
			if err != nil {
				t.Fatal(err)
			}
			pg := p.Page
			if err := pg.Check(); err != nil {
				t.Fatal(err)
			}
			// The page is the size named, turned or not.
			long, short := math.Max(w, h), math.Min(w, h)
			wantW, wantH := short, long
			if tt.landscape {
				wantW, wantH = long, short
			}
			if math.Abs(pg.Width-wantW) > 1e-9 || math.Abs(pg.Height-wantH) > 1e-9 {
				t.Fatalf("page %gx%g, want %gx%g", pg.Width, pg.Height, wantW, wantH)
			}
			if pg.Trim != (display.Box{W: pg.Width, H: pg.Height}) {
				t.Errorf("trim %+v is not the page", pg.Trim)
			}
			margin := tt.margin
			if margin < 0 {
				margin = DefaultMargin(w, h)
			}
			content := display.Box{X: margin, Y: margin, W: pg.Width - 2*margin, H: pg.Height - 2*margin}
			for _, it := range pg.Items {
				if b := inkBox(it); !inside(b, content) {
					t.Errorf("%T inks %+v, outside the margins %+v", it, b, content)
				}
			}
			if !inside(p.Box, content) {
				t.Errorf("the maze's box %+v is outside the margins %+v", p.Box, content)
			}
			// The maze is as large as fits its box: one more tenth of a
			// point of cell would not.
			gw, gh := m.Grid.Size()
			room := draw.RoomFor(st.Markers, st.Start, st.Finish, nil)
			needW := func(cell float64) float64 { return gw*cell + 2*(room.CellsX*cell+room.AbsX) }
			needH := func(cell float64) float64 { return gh*cell + 2*(room.CellsY*cell+room.AbsY) }
			if needW(p.Cell) > p.Box.W+1e-6 || needH(p.Cell) > p.Box.H+1e-6 || needW(p.Cell+0.1) <= p.Box.W && needH(p.Cell+0.1) <= p.Box.H {
				t.Errorf("cell %g is not the largest that fits %+v", p.Cell, p.Box)
			}
			if tt.title == "" {
				if p.Title != nil {
					t.Fatal("a title without one asked for")
				}
				return
			}
			// The title: on the page, above the maze, in the width, and
			// sized to the page unless it is too long for it.
			found := false
			for _, it := range pg.Items {
				found = found || it == display.Item(p.Title)
			}
			if !found || p.Title == nil {
				t.Fatal("the title is not on the page")
			}
			tb := inkBox(p.Title)
			if tb.W > content.W+1e-6 || !inside(tb, content) {
				t.Errorf("the title %+v is not within the width %+v", tb, content)
			}
			if tb.Y+tb.H > p.Box.Y+1e-6 {
				t.Errorf("the title %+v runs into the maze's box %+v", tb, p.Box)
			}
			full := TitleSize(pg.Width, pg.Height)
			switch text := p.Title.Text; {
			case text == tt.title:
				if fits := typeface.Width(typeface.Bold, full, tt.title) <= content.W; fits && p.Title.Size != full || !fits && p.Title.Size >= full {
					t.Errorf("title at %gpt, the page's size is %gpt (fits: %v)", p.Title.Size, full, fits)
				}
			case strings.HasSuffix(text, "…") && strings.HasPrefix(tt.title, strings.TrimSuffix(text, "…")):
				if math.Abs(p.Title.Size-minTitleShare*full) > 1e-9 {
					t.Errorf("a cut title at %gpt, want %gpt", p.Title.Size, minTitleShare*full)
				}
			default:
				t.Errorf("title %q, want %q", text, tt.title)
			}
		})
	}
}

// TestTitleScalesWithThePage checks that the same title is larger on a
// larger page.
func TestTitleScalesWithThePage(t *testing.T) {
	m := makeMaze(t, maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 10, H: 14}})
	var sizes []float64
	for _, name := range []string{"a5", "a4", "a3", "24x36in"} {
		w, h := pageSize(t, name)
		p, err := Layout(m, Options{Width: w, Height: h, Margin: -1, Title: "Maze", Style: style, WallName: "medium"})
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, p.Title.Size)
	}
	for i := 1; i < len(sizes); i++ {
		if !(sizes[i] > sizes[i-1]) {
			t.Fatalf("title sizes %v do not grow with the page", sizes)
		}
	}
}

// TestWallGrowsWithTheCells checks that a named wall is fitted to the
// cells the page gives, and a length is kept.
func TestWallGrowsWithTheCells(t *testing.T) {
	m := makeMaze(t, maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 10, H: 10}})
	w, h := pageSize(t, "24x36in")
	wallOf := func(o Options) float64 {
		p, err := Layout(m, o)
		if err != nil {
			t.Fatal(err)
		}
		return p.Page.Items[0].(*display.Line).Width
	}
	o := Options{Width: w, Height: h, Margin: -1, Style: style, WallName: "medium"}
	p, _ := Layout(m, o)
	if got, want := wallOf(o), 0.07*p.Cell; math.Abs(got-want) > 1e-9 {
		t.Errorf("medium walls %gpt on %gpt cells, want %g", got, p.Cell, want)
	}
	o.WallName, o.Style.Wall = "", 5
	if got := wallOf(o); got != 5 {
		t.Errorf("a 5pt wall is drawn %gpt", got)
	}
}

// TestLayoutErrors checks what Layout refuses.
func TestLayoutErrors(t *testing.T) {
	m := makeMaze(t, maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 80, H: 80}})
	w, h := pageSize(t, "a5")
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"margins", Options{Width: w, Height: h, Margin: 200}, "leaves almost nothing"},
		{"newline", Options{Width: w, Height: h, Margin: -1, Title: "two\nlines"}, "one line"},
		{"invalid UTF-8", Options{Width: w, Height: h, Margin: -1, Title: "bad \xff"}, "one line"},
		{"long title", Options{Width: w, Height: h, Margin: -1, Title: strings.Repeat("x", MaxTitle+1)}, "characters long"},
		{"wall", Options{Width: w, Height: h, Margin: -1, WallName: ""}, "too thick"},
		{"no page", Options{Margin: -1}, "not positive"},
		{"orientation", Options{Width: w, Height: h, Orientation: "sideways"}, "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Style = style
			tt.o.Style.Wall = 4 // thicker than half of the cells a5 gives 80x80
			if tt.o.WallName == "" && tt.name != "wall" {
				tt.o.WallName = "thin"
			}
			_, err := Layout(m, tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
