package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/rastertest"
	"mazebook/layout/typeface"
)

func pt(x, y float64) display.Point { return display.Point{X: x, Y: y} }

const tricky = "Ñandú <b>&\"' ]]> </title><script>x</script>"

// corridorPage has two walls with a gap between them at x 90 to 110,
// some text and a red fill.
func corridorPage(text string) display.Page {
	return display.Page{Width: 200, Height: 150, Trim: display.Box{W: 200, H: 150}, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(20, 40), pt(90, 40)}}, {Points: []display.Point{pt(110, 40), pt(180, 40)}}}, Width: 6, Color: display.Black, Cap: display.SquareCap, Join: display.MiterJoin},
		&display.Fill{Box: display.Box{X: 20, Y: 70, W: 30, H: 30}, Color: display.Color{R: 214, G: 40, B: 40}},
		&display.Text{X: 100, Y: 130, Size: 16, Font: typeface.Bold, Color: display.Black, Align: display.AlignCenter, Text: text},
	}}
}

func write(t *testing.T, p display.Page) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.Bytes()
}

// element is a parsed XML element.
type element struct {
	name     string
	attrs    map[string]string
	text     string
	children []*element
}

// parse parses an XML document strictly into a tree.
func parse(t *testing.T, data []byte) *element {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	root := &element{}
	stack := []*element{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
		top := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			e := &element{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			top.children = append(top.children, e)
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.text += string(tok)
		}
	}
	if len(root.children) != 1 {
		t.Fatalf("%d root elements", len(root.children))
	}
	return root.children[0]
}

func (e *element) walk(f func(*element)) {
	f(e)
	for _, c := range e.children {
		c.walk(f)
	}
}

func TestWellFormed(t *testing.T) {
	tests := []struct {
		name string
		page display.Page
	}{
		{"corridor", corridorPage("Laberinto 1")},
		{"tricky text", corridorPage(tricky)},
		{"control characters", corridorPage("a\x00b\x01c\td\ufffe")},
		{"invalid UTF-8", corridorPage("a\xff\xfeb")},
		{"empty page", display.Page{Width: 10.5, Height: 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := parse(t, write(t, tt.page))
			if root.name != "svg" {
				t.Fatalf("root %q", root.name)
			}
			w, h := tt.page.Width, tt.page.Height
			want := map[string]string{"width": num(w) + "pt", "height": num(h) + "pt", "viewBox": "0 0 " + num(w) + " " + num(h)}
			for k, v := range want {
				if root.attrs[k] != v {
					t.Errorf("%s=%q, want %q", k, root.attrs[k], v)
				}
			}
		})
	}
}

// TestTextEscaped checks that text only ever appears as escaped character
// data of a <title>, never as markup nor in an attribute.
func TestTextEscaped(t *testing.T) {
	data := write(t, corridorPage(tricky))
	root := parse(t, data)
	var titles []string
	root.walk(func(e *element) {
		switch e.name {
		case "title":
			titles = append(titles, e.text)
		case "svg", "g", "path":
		default:
			t.Errorf("unexpected element <%s>", e.name)
		}
		for k, v := range e.attrs {
			if strings.Contains(v, "Ñandú") || strings.ContainsAny(v, "<>&'") {
				t.Errorf("attribute %s=%q carries text", k, v)
			}
		}
	})
	if len(titles) != 1 || titles[0] != tricky {
		t.Errorf("titles %q, want [%q]", titles, tricky)
	}
	if bytes.Contains(data, []byte("<b>")) || bytes.Contains(data, []byte("<script>")) {
		t.Error("text written as markup")
	}
}

func TestCompactNumbers(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {-0.0001, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {1.5, "1.5"},
		{1.0 / 3, "0.333"}, {2.0 / 3, "0.667"}, {-12.3456, "-12.346"}, {612, "612"}, {1e6, "1000000"},
	}
	for _, tt := range tests {
		if got := num(tt.in); got != tt.want {
			t.Errorf("num(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
	data := write(t, display.Page{Width: 100.0 / 3, Height: 50, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(1.0/3, 0), pt(10, 2.0/3)}}}, Width: 0.1 + 0.2},
	}})
	body := data[bytes.Index(data, []byte("<svg")):] // after <?xml version="1.0"?>
	for _, bad := range []string{`0\.30000000000000004`, `0\.3333`, `\.[0-9]*0[ "LHVZp]`, `[0-9]e[-+]?[0-9]`, `-0[ "LHVZ]`, `NaN`} {
		if regexp.MustCompile(bad).Match(body) {
			t.Errorf("output matches %q:\n%s", bad, data)
		}
	}
}

func TestDeterministic(t *testing.T) {
	a := write(t, corridorPage(tricky))
	for i := 0; i < 5; i++ {
		if b := write(t, corridorPage(tricky)); !bytes.Equal(a, b) {
			t.Fatal("two writes of one page differ")
		}
	}
}

func TestStrokeAttributes(t *testing.T) {
	tests := []struct {
		cap        display.Cap
		join       display.Join
		wantCap    string
		wantJoin   string
		paths      []display.Path
		wantPathed bool
	}{
		{display.SquareCap, display.MiterJoin, "square", "miter", []display.Path{{Points: []display.Point{pt(0, 0), pt(5, 0)}}}, true},
		{display.RoundCap, display.RoundJoin, "round", "round", []display.Path{{Points: []display.Point{pt(0, 0), pt(5, 0), pt(5, 5)}}}, true},
		{display.ButtCap, display.MiterJoin, "butt", "miter", []display.Path{{Points: []display.Point{pt(0, 0), pt(5, 0)}}}, true},
		{display.Cap(9), display.Join(9), "butt", "miter", []display.Path{{Points: []display.Point{pt(0, 0), pt(5, 0)}}}, true},
		// A polyline of one point is a dot only with round caps, as in PDF.
		{display.RoundCap, display.RoundJoin, "round", "round", []display.Path{{Points: []display.Point{pt(3, 3), pt(3, 3)}}}, true},
		{display.SquareCap, display.MiterJoin, "", "", []display.Path{{Points: []display.Point{pt(3, 3), pt(3, 3)}}}, false},
	}
	for _, tt := range tests {
		root := parse(t, write(t, display.Page{Width: 10, Height: 10, Items: []display.Item{
			&display.Line{Paths: tt.paths, Width: 2, Color: display.Color{R: 1, G: 2, B: 255}, Cap: tt.cap, Join: tt.join},
		}}))
		var strokes []*element
		root.walk(func(e *element) {
			if e.attrs["stroke"] != "" {
				strokes = append(strokes, e)
			}
		})
		if !tt.wantPathed {
			if len(strokes) != 0 {
				t.Errorf("cap %d: degenerate polyline drawn", tt.cap)
			}
			continue
		}
		if len(strokes) != 1 {
			t.Fatalf("cap %d: %d stroked paths", tt.cap, len(strokes))
		}
		a := strokes[0].attrs
		if a["stroke-linecap"] != tt.wantCap || a["stroke-linejoin"] != tt.wantJoin || a["stroke"] != "#0102ff" || a["stroke-width"] != "2" || a["fill"] != "none" || a["stroke-miterlimit"] != "10" {
			t.Errorf("cap %d join %d: attributes %v", tt.cap, tt.join, a)
		}
	}
}

func TestRasterised(t *testing.T) {
	const scale = 4
	img, err := rastertest.FromSVG(write(t, corridorPage(tricky)), scale)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 600 {
		t.Fatalf("image %v, want 800x600", b)
	}
	px := func(x, y float64) image.Point { return image.Pt(int(x*scale), int(y*scale)) }
	tests := []struct {
		name string
		at   image.Point
		dark bool
	}{
		{"left wall", px(50, 40), true},
		{"right wall", px(150, 40), true},
		{"left wall's square cap", px(18, 38), true},
		{"right wall's square cap", px(182, 42), true},
		{"left wall's end in the gap", px(92, 40), true},
		{"gap", px(100, 40), false},
		{"gap near the left wall", px(94, 40), false},
		{"above the wall", px(50, 35), false},
		{"below the wall", px(50, 45), false},
		{"beyond the square cap", px(15, 40), false},
	}
	for _, tt := range tests {
		c := img.At(tt.at.X, tt.at.Y)
		if tt.dark && !rastertest.IsDark(c) || !tt.dark && !rastertest.IsLight(c) {
			t.Errorf("%s at %v: colour %v, want dark %v", tt.name, tt.at, c, tt.dark)
		}
	}
	if c := img.At(px(35, 85).X, px(35, 85).Y); !rastertest.IsRed(c) {
		t.Errorf("fill: colour %v, want red", c)
	}
	// Through the gap from above the walls to below them.
	if !rastertest.Reachable(img, px(100, 10), px(100, 60), rastertest.IsLight) {
		t.Error("the gap does not connect both sides")
	}
	// With the gap closed off, the walls separate both sides.
	closed := img.SubImage(image.Rect(px(20, 0).X, 0, px(90, 0).X, px(0, 100).Y)).(*image.RGBA)
	if rastertest.Reachable(closed, px(50, 10), px(50, 60), rastertest.IsLight) {
		t.Error("a wall lets light through")
	}
	// The text outlines are drawn.
	dark := 0
	for y := px(0, 112).Y; y < px(0, 135).Y; y++ {
		for x := px(5, 0).X; x < px(195, 0).X; x++ {
			if rastertest.IsDark(img.At(x, y)) {
				dark++
			}
		}
	}
	if dark < 200 {
		t.Errorf("text: %d dark pixels", dark)
	}
}

func TestErrors(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		page display.Page
	}{
		{"zero size", display.Page{}},
		{"NaN point", display.Page{Width: 10, Height: 10, Items: []display.Item{&display.Line{Paths: []display.Path{{Points: []display.Point{pt(0, 0), pt(nan, 0)}}}, Width: 1}}}},
		{"infinite fill", display.Page{Width: 10, Height: 10, Items: []display.Item{&display.Fill{Box: display.Box{W: math.Inf(1), H: 1}}}}},
		{"NaN text size", display.Page{Width: 10, Height: 10, Items: []display.Item{&display.Text{Size: nan, Text: "x"}}}},
		{"nil item", display.Page{Width: 10, Height: 10, Items: []display.Item{nil}}},
	}
	for _, tt := range tests {
		if err := Write(io.Discard, tt.page); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	want := errors.New("disk full")
	if err := Write(failWriter{want}, corridorPage("x")); !errors.Is(err, want) {
		t.Errorf("failing writer: error %v, want one wrapping %v", err, want)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// arcPage has, around (100, 100) with radius 40, a quarter arc drawn
// clockwise from 9 o'clock to 12 o'clock, and around (300, 100) the same
// ends joined the long way round, anticlockwise; and around (100, 250) a
// closed circle of two half arcs.
func arcPage() display.Page {
	return display.Page{Width: 400, Height: 320, Items: []display.Item{
		&display.Line{Paths: []display.Path{
			{Points: []display.Point{pt(60, 100), pt(100, 60)}, Bends: []float64{math.Pi / 2}},
			{Points: []display.Point{pt(260, 100), pt(300, 60)}, Bends: []float64{-3 * math.Pi / 2}},
		}, Width: 4, Color: display.Black, Cap: display.ButtCap},
		&display.Line{Paths: []display.Path{
			{Points: []display.Point{pt(140, 250), pt(60, 250)}, Bends: []float64{math.Pi, math.Pi}, Closed: true},
		}, Width: 4, Color: display.Black, Cap: display.SquareCap, Join: display.MiterJoin},
	}}
}

// onCircle returns the point at angle a (clockwise as drawn from 3
// o'clock) on the circle of radius r around c.
func onCircle(c display.Point, r, a float64) display.Point {
	return pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a))
}

func TestArcs(t *testing.T) {
	data := write(t, arcPage())
	root := parse(t, data)
	var ds []string
	root.walk(func(e *element) {
		if e.attrs["stroke"] != "" {
			ds = append(ds, e.attrs["d"])
		}
	})
	want := []string{
		"M60 100A40 40 0 0 1 100 60M260 100A40 40 0 1 0 300 60",
		"M140 250A40 40 0 0 1 60 250A40 40 0 0 1 140 250Z",
	}
	if strings.Join(ds, "\n") != strings.Join(want, "\n") {
		t.Errorf("path data\n%s\nwant\n%s", strings.Join(ds, "\n"), strings.Join(want, "\n"))
	}
	const scale = 4
	img, err := rastertest.FromSVG(data, scale)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, q display.Point, dark bool) {
		t.Helper()
		c := img.At(int(q.X*scale), int(q.Y*scale))
		if dark && !rastertest.IsDark(c) || !dark && !rastertest.IsLight(c) {
			t.Errorf("%s at %v: colour %v, want dark %v", name, q, c, dark)
		}
	}
	quarter, long, circle := pt(100, 100), pt(300, 100), pt(100, 250)
	for _, f := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		check("quarter arc", onCircle(quarter, 40, math.Pi+f*math.Pi/2), true)
		check("outside the quarter arc", onCircle(quarter, 40, f*3*math.Pi/2-math.Pi/2), false)
		check("long arc", onCircle(long, 40, math.Pi-f*3*math.Pi/2), true)
		check("outside the long arc", onCircle(long, 40, math.Pi+f*math.Pi/2), false)
	}
	check("the quarter arc's chord", pt(80, 80), false)
	check("the long arc's chord", pt(280, 80), false)
	check("the long arc's centre", long, false)
	for a := 0.0; a < 2*math.Pi; a += math.Pi / 12 {
		check("circle", onCircle(circle, 40, a), true)
		check("inside the circle", onCircle(circle, 35, a), false)
		check("outside the circle", onCircle(circle, 45, a), false)
	}
	check("circle's centre", circle, false)
	// No square cap sticks out where the circle starts and ends.
	check("beside the circle's start", pt(140, 253), true)
	check("past the circle's start", pt(145, 250), false)
}

// TestArcPathData checks the flags and closing of path data.
func TestArcPathData(t *testing.T) {
	tests := []struct {
		name string
		p    display.Path
		want string
	}{
		{"polyline", display.Polyline(pt(0, 0), pt(5, 0), pt(5, 5)), "M0 0L5 0L5 5"},
		{"closed polyline", display.Path{Points: []display.Point{pt(0, 0), pt(5, 0), pt(5, 5)}, Closed: true}, "M0 0L5 0L5 5Z"},
		{"closed with straight bends", display.Path{Points: []display.Point{pt(0, 0), pt(5, 0), pt(5, 5)}, Bends: []float64{0, 0, 0}, Closed: true}, "M0 0L5 0L5 5Z"},
		{"clockwise half", display.Path{Points: []display.Point{pt(0, 0), pt(10, 0)}, Bends: []float64{math.Pi}}, "M0 0A5 5 0 0 1 10 0"},
		{"anticlockwise half", display.Path{Points: []display.Point{pt(0, 0), pt(10, 0)}, Bends: []float64{-math.Pi}}, "M0 0A5 5 0 0 0 10 0"},
		// A bend of 4 radians is more than π: the large arc.
		{"large clockwise", display.Path{Points: []display.Point{pt(0, 0), pt(10, 0)}, Bends: []float64{4}}, "M0 0A5.499 5.499 0 1 1 10 0"},
		{"bent closing piece", display.Path{Points: []display.Point{pt(0, 0), pt(10, 0)}, Bends: []float64{0, 3 * math.Pi / 2}, Closed: true}, "M0 0L10 0A7.071 7.071 0 1 1 0 0Z"},
		{"nearly straight", display.Path{Points: []display.Point{pt(0, 0), pt(10, 0)}, Bends: []float64{1e-12}}, "M0 0L10 0"},
		{"arc between equal points", display.Path{Points: []display.Point{pt(0, 0), pt(0, 0), pt(3, 0)}, Bends: []float64{1, 0}}, "M0 0L0 0L3 0"},
	}
	for _, tt := range tests {
		got := linePath(&display.Line{Paths: []display.Path{tt.p}, Width: 1})
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestTurnedText checks that a turned text's outline, read back by
// oksvg, runs down the page inside the text's turned bounds, and that its
// words stay in the title.
func TestTurnedText(t *testing.T) {
	const scale = 2
	txt := &display.Text{X: 50, Y: 20, Size: 20, Font: typeface.Bold, Color: display.Black, Text: "Maze <Quest>", Angle: math.Pi / 2}
	data := write(t, display.Page{Width: 100, Height: 200, Items: []display.Item{txt}})
	if !bytes.Contains(data, []byte("<title>Maze &lt;Quest&gt;</title>")) {
		t.Errorf("the turned text's words are not its title:\n%s", data)
	}
	img, err := rastertest.FromSVG(data, scale)
	if err != nil {
		t.Fatal(err)
	}
	b := txt.Bounds()
	box := image.Rect(int((b.X-1)*scale), int((b.Y-1)*scale), int((b.X+b.W+1)*scale), int((b.Y+b.H+1)*scale))
	var ink image.Rectangle
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if rastertest.IsDark(img.At(x, y)) {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if !ink.In(box) || ink.Dy() < 3*ink.Dx() {
		t.Errorf("the text inks %v, want a line down the page inside %v", ink, box)
	}
}
