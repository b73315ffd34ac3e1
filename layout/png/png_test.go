package png

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	stdpng "image/png"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"mazebook/layout/display"
	"mazebook/layout/rastertest"
	"mazebook/layout/svg"
	"mazebook/layout/typeface"
)

func pt(x, y float64) display.Point { return display.Point{X: x, Y: y} }

var solutionRed = display.Color{R: 214, G: 40, B: 40}

func render(t *testing.T, p display.Page, dpi float64) *image.RGBA {
	t.Helper()
	img, err := Render(p, dpi)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return img
}

// at returns the colour of the pixel at page point (x, y) for an image
// rendered at scale pixels per point.
func at(img *image.RGBA, scale, x, y float64) color.RGBA {
	return img.RGBAAt(int(math.Floor(x*scale)), int(math.Floor(y*scale)))
}

func TestWallsAndGap(t *testing.T) {
	p := display.Page{Width: 200, Height: 100, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(20, 40), pt(90, 40)}}, {Points: []display.Point{pt(110, 40), pt(180, 40)}}}, Width: 6, Color: display.Black, Cap: display.SquareCap},
	}}
	const scale = 4
	img := render(t, p, scale*72)
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 400 {
		t.Fatalf("image %v, want 800x400", b)
	}
	tests := []struct {
		name string
		x, y float64
		dark bool
	}{
		{"left wall", 50, 40, true},
		{"wall top edge", 50, 37.3, true},
		{"wall bottom edge", 50, 42.6, true},
		{"square cap", 92.5, 40, true},
		{"gap", 100, 40, false},
		{"gap beside the cap", 93.5, 40, false},
		{"above the wall", 50, 36.5, false},
		{"below the wall", 50, 43.5, false},
		{"far away", 150, 80, false},
	}
	for _, tt := range tests {
		c := at(img, scale, tt.x, tt.y)
		if tt.dark && !rastertest.IsDark(c) || !tt.dark && !rastertest.IsLight(c) {
			t.Errorf("%s at (%g, %g): colour %v, want dark %v", tt.name, tt.x, tt.y, c, tt.dark)
		}
	}
	if c := at(img, scale, 50, 40); c != (color.RGBA{A: 255}) {
		t.Errorf("wall centre %v, want pure black", c)
	}
	if !rastertest.Reachable(img, image.Pt(400, 40), image.Pt(400, 360), rastertest.IsLight) {
		t.Error("the gap does not connect both sides")
	}
	left := img.SubImage(image.Rect(80, 0, 360, 400)).(*image.RGBA)
	if rastertest.Reachable(left, image.Pt(200, 40), image.Pt(200, 360), rastertest.IsLight) {
		t.Error("the wall lets light through")
	}
}

// TestCapsAndJoins strokes an L from (40, 40) right to (100, 40) then
// down to (100, 100), 20 pt wide, with each cap and join.
func TestCapsAndJoins(t *testing.T) {
	const scale = 2
	type probe struct {
		name string
		x, y float64
		dark bool
	}
	tests := []struct {
		cap    display.Cap
		join   display.Join
		probes []probe
	}{
		{display.ButtCap, display.MiterJoin, []probe{
			{"before the start", 37, 40, false},
			{"just after the start", 41, 40, true},
			{"miter corner", 109, 31, true},
			{"past the end", 100, 103, false},
		}},
		{display.SquareCap, display.MiterJoin, []probe{
			{"square cap", 33, 40, true},
			{"square cap corner", 31, 31, true},
			{"beyond the square cap", 28, 40, false},
			{"square cap at the end", 109, 109, true},
		}},
		{display.RoundCap, display.RoundJoin, []probe{
			{"round cap", 33, 40, true},
			{"round cap diagonal", 34, 34, true},
			{"outside the round cap", 32, 32, false},
			{"round join diagonal", 106, 34, true},
			{"outside the round join", 108.5, 31.5, false},
			{"round cap at the end", 100, 108, true},
			{"outside the end cap", 108, 108, false},
		}},
	}
	for _, tt := range tests {
		p := display.Page{Width: 150, Height: 150, Items: []display.Item{
			&display.Line{Paths: []display.Path{{Points: []display.Point{pt(40, 40), pt(100, 40), pt(100, 100)}}}, Width: 20, Color: solutionRed, Cap: tt.cap, Join: tt.join},
		}}
		img := render(t, p, scale*72)
		for _, pr := range tt.probes {
			c := at(img, scale, pr.x, pr.y)
			red := c == color.RGBA{R: 214, G: 40, B: 40, A: 255}
			if pr.dark && !red || !pr.dark && c != (color.RGBA{255, 255, 255, 255}) {
				t.Errorf("cap %d join %d: %s at (%g, %g): colour %v, want ink %v", tt.cap, tt.join, pr.name, pr.x, pr.y, c, pr.dark)
			}
		}
		// Where the pieces of the stroke overlap, the colour stays the ink.
		if c := at(img, scale, 100, 40); c != (color.RGBA{R: 214, G: 40, B: 40, A: 255}) {
			t.Errorf("cap %d join %d: corner %v, want the ink", tt.cap, tt.join, c)
		}
	}
}

func TestMiterLimit(t *testing.T) {
	const scale = 4
	// A polyline that turns back at an angle θ at (100, 50). The miter
	// reaches h/sin(θ/2) beyond the vertex; past MiterLimit times h it is
	// bevelled, as PDF and SVG do.
	tests := []struct {
		theta float64 // degrees
		miter bool
	}{
		{20, true},  // ratio 5.8
		{30, true},  // ratio 3.9
		{10, false}, // ratio 11.5
	}
	const h = 2.0
	for _, tt := range tests {
		th := tt.theta * math.Pi / 180
		// Come in along +x, leave back at angle θ from the incoming line.
		u := pt(40, 50)
		v := pt(100, 50)
		w := pt(100-60*math.Cos(th), 50+60*math.Sin(th))
		p := display.Page{Width: 150, Height: 100, Items: []display.Item{
			&display.Line{Paths: []display.Path{{Points: []display.Point{u, v, w}}}, Width: 2 * h, Color: display.Black, Cap: display.ButtCap, Join: display.MiterJoin},
		}}
		img := render(t, p, scale*72)
		// The miter's tip lies on the outer bisector, at angle -θ/2 from
		// +x; probe it 80% of the way to the tip.
		ratio := 1 / math.Sin(th/2)
		bis := [2]float64{math.Cos(th / 2), -math.Sin(th / 2)}
		d := 0.8 * ratio * h
		c := at(img, scale, v.X+bis[0]*d, v.Y+bis[1]*d)
		if tt.miter && !rastertest.IsDark(c) || !tt.miter && !rastertest.IsLight(c) {
			t.Errorf("θ=%g°: near the miter tip %v, want miter %v", tt.theta, c, tt.miter)
		}
	}
}

func TestDegenerate(t *testing.T) {
	const scale = 4
	tests := []struct {
		name  string
		item  display.Item
		inked bool
	}{
		{"round dot", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50), pt(50, 50)}}}, Width: 10, Cap: display.RoundCap}, true},
		{"square dot", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50), pt(50, 50)}}}, Width: 10, Cap: display.SquareCap}, false},
		{"zero width", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(10, 50), pt(90, 50)}}}, Width: 0}, false},
		{"one point", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50)}}}, Width: 10, Cap: display.RoundCap}, false},
		{"negative fill", &display.Fill{Box: display.Box{X: 60, Y: 60, W: -20, H: -20}}, false},
		{"zero-size text", &display.Text{X: 50, Y: 50, Size: 0, Text: "x"}, false},
		{"duplicate points", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(40, 50), pt(50, 50), pt(50, 50), pt(60, 50)}}}, Width: 4}, true},
		{"closed round dot", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50), pt(50, 50)}, Bends: []float64{1, 2}, Closed: true}}, Width: 10, Cap: display.RoundCap}, true},
		{"closed square dot", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50), pt(50, 50)}, Closed: true}}, Width: 10, Cap: display.SquareCap}, false},
		{"closed back and forth", &display.Line{Paths: []display.Path{{Points: []display.Point{pt(40, 50), pt(60, 50)}, Closed: true}}, Width: 4}, true},
	}
	for _, tt := range tests {
		img := render(t, display.Page{Width: 100, Height: 100, Items: []display.Item{tt.item}}, scale*72)
		if c := at(img, scale, 50, 50); rastertest.IsDark(c) != tt.inked {
			t.Errorf("%s: centre %v, want inked %v", tt.name, c, tt.inked)
		}
	}
}

func TestText(t *testing.T) {
	const scale = 3
	for _, align := range []display.Align{display.AlignLeft, display.AlignCenter, display.AlignRight} {
		txt := &display.Text{X: 150, Y: 60, Size: 30, Font: typeface.Bold, Color: display.Black, Align: align, Text: "Ñandú O"}
		img := render(t, display.Page{Width: 300, Height: 100, Items: []display.Item{txt}}, scale*72)
		left := txt.Left()
		right := left + typeface.Width(txt.Font, txt.Size, txt.Text)
		asc, desc := typeface.Metrics(txt.Font, txt.Size)
		box := image.Rect(int((left-1)*scale), int((txt.Y-asc-1)*scale), int((right+1)*scale), int((txt.Y+desc+1)*scale))
		inside, outside := 0, 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if !rastertest.IsDark(img.At(x, y)) {
					continue
				}
				if image.Pt(x, y).In(box) {
					inside++
				} else {
					outside++
				}
			}
		}
		if inside < 1000 || outside > 0 {
			t.Errorf("align %d: %d dark pixels in the text's box %v, %d outside", align, inside, box, outside)
		}
		// The counter of the final O stays open (the contours keep their
		// turn).
		pen := right - typeface.Width(txt.Font, txt.Size, "O")
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, s := range typeface.Outline(txt.Font, txt.Size, pen, txt.Y, "O") {
			for _, a := range s.Args[:1] {
				minX, maxX = math.Min(minX, a[0]), math.Max(maxX, a[0])
				minY, maxY = math.Min(minY, a[1]), math.Max(maxY, a[1])
			}
		}
		if c := at(img, scale, (minX+maxX)/2, (minY+maxY)/2); !rastertest.IsLight(c) {
			t.Errorf("align %d: the O's counter is %v, want paper", align, c)
		}
	}
}

// mazePage returns a page like a maze puzzle: a border, many 2-point wall
// segments, a winding solution, a start marker and a title.
func mazePage() display.Page {
	const cell, n, m, x0, y0 = 18.0, 16, 12, 36.0, 72.0
	var walls [][]display.Point
	walls = append(walls, []display.Point{pt(x0+cell, y0), pt(x0+n*cell, y0), pt(x0+n*cell, y0+m*cell-cell)})
	walls = append(walls, []display.Point{pt(x0+n*cell-cell, y0+m*cell), pt(x0, y0+m*cell), pt(x0, y0)})
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			x, y := x0+float64(i)*cell, y0+float64(j)*cell
			if (i*7+j*3)%3 == 0 && i < n-1 {
				walls = append(walls, []display.Point{pt(x+cell, y), pt(x+cell, y+cell)})
			}
			if (i*5+j*11)%4 == 1 && j < m-1 {
				walls = append(walls, []display.Point{pt(x, y+cell), pt(x+cell, y+cell)})
			}
		}
	}
	var sol []display.Point
	for k := 0; k < 12; k++ {
		sol = append(sol, pt(x0+cell/2+float64(k)*cell, y0+cell/2+float64(k/2)*cell))
		sol = append(sol, pt(x0+cell/2+float64(k)*cell, y0+cell/2+float64(k/2+1)*cell))
	}
	return display.Page{Width: 360, Height: 360, Trim: display.Box{W: 360, H: 360}, Items: []display.Item{
		&display.Text{X: 180, Y: 48, Size: 20, Font: typeface.Bold, Color: display.Black, Align: display.AlignCenter, Text: "¡Encuentra la salida!"},
		&display.Line{Paths: display.Polylines(walls), Width: 2, Color: display.Black, Cap: display.SquareCap, Join: display.MiterJoin},
		&display.Line{Paths: []display.Path{{Points: sol}}, Width: 5, Color: solutionRed, Cap: display.RoundCap, Join: display.RoundJoin},
		&display.Fill{Box: display.Box{X: x0 + 4, Y: y0 - 14, W: 10, H: 10}, Color: solutionRed},
		&display.Text{X: 324, Y: 340, Size: 9, Font: typeface.Regular, Color: display.Black, Align: display.AlignRight, Text: "Página 3"},
	}}
}

// TestMatchesSVG renders one page through this package and through the
// SVG backend and oksvg: the pixels' darkness must agree almost
// everywhere (they differ only along anti-aliased edges).
func TestMatchesSVG(t *testing.T) {
	for _, scale := range []float64{1, 2.5} {
		p := mazePage()
		img := render(t, p, scale*72)
		var buf bytes.Buffer
		if err := svg.Write(&buf, p); err != nil {
			t.Fatal(err)
		}
		ref, err := rastertest.FromSVG(buf.Bytes(), scale)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != ref.Bounds() {
			t.Fatalf("scale %g: PNG %v, SVG %v", scale, img.Bounds(), ref.Bounds())
		}
		b := img.Bounds()
		differ, dark := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				d := rastertest.IsDark(img.At(x, y))
				if d != rastertest.IsDark(ref.At(x, y)) {
					differ++
				}
				if d {
					dark++
				}
			}
		}
		frac := float64(differ) / float64(b.Dx()*b.Dy())
		t.Logf("scale %g: %d of %d pixels differ (%.3f%%), %d dark", scale, differ, b.Dx()*b.Dy(), 100*frac, dark)
		if frac >= 0.02 || differ*10 > dark {
			t.Errorf("scale %g: %.2f%% of pixels differ in darkness (%d of %d dark ones)", scale, 100*frac, differ, dark)
		}
	}
}

// TestBands checks that rasterising in many bands gives the image one
// band gives.
func TestBands(t *testing.T) {
	want := render(t, mazePage(), 144)
	defer func(n int) { bandPixels = n }(bandPixels)
	bandPixels = 3000 // a few rows a band
	got := render(t, mazePage(), 144)
	worst := 0
	for i := range got.Pix {
		d := int(got.Pix[i]) - int(want.Pix[i])
		worst = max(worst, d, -d)
	}
	if worst > 1 {
		t.Errorf("banded rendering differs by up to %d levels", worst)
	}
}

// TestFarOff draws lines whose ends lie far off the page: they must draw
// their on-page part, quickly.
func TestFarOff(t *testing.T) {
	const scale = 2
	p := display.Page{Width: 100, Height: 100, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(20, -1e12), pt(20, 50)}}}, Width: 6, Color: display.Black},
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(-1e15, 80), pt(1e15, 80)}}}, Width: 6, Color: display.Black},
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(-1e9, -1e9), pt(1e9, 1e9)}}}, Width: 6, Color: display.Black},
		&display.Text{X: -1e9, Y: 1e9, Size: 1e6, Text: "far"},
	}}
	start := time.Now()
	img := render(t, p, scale*72)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	tests := []struct {
		name string
		x, y float64
		dark bool
	}{
		{"vertical line", 20, 10, true},
		{"vertical line's end", 20, 47, true},
		{"below the vertical line", 20, 60, false},
		{"horizontal line", 5, 80, true},
		{"horizontal line's other side", 95, 80, true},
		{"diagonal", 50, 50, true},
		{"beside the diagonal", 50, 60, false},
		{"paper", 80, 20, false},
	}
	for _, tt := range tests {
		c := at(img, scale, tt.x, tt.y)
		if tt.dark && !rastertest.IsDark(c) || !tt.dark && !rastertest.IsLight(c) {
			t.Errorf("%s at (%g, %g): %v, want dark %v", tt.name, tt.x, tt.y, c, tt.dark)
		}
	}
}

func TestProject(t *testing.T) {
	lo, hi := vec{0, 0}, vec{10, 10}
	// winding returns the winding number of poly around q.
	winding := func(poly []vec, q vec) int {
		w := 0
		for i, a := range poly {
			b := poly[(i+1)%len(poly)]
			if a.y <= q.y && b.y > q.y && cross(b.sub(a), q.sub(a)) > 0 {
				w++
			} else if a.y > q.y && b.y <= q.y && cross(b.sub(a), q.sub(a)) < 0 {
				w--
			}
		}
		return w
	}
	polys := [][]vec{
		{{2, 2}, {8, 2}, {8, 8}, {2, 8}},               // inside
		{{-50, 5}, {5, -50}, {60, 5}, {5, 60}},         // a diamond over the square
		{{-1e9, -1e9}, {1e9, 1e9}, {-1e9, 1e9 + 1}},    // a sliver across the square
		{{5, 5}, {30, 5}, {30, 30}, {5, 30}, {5, 5.5}}, // a corner
		{{-5, -5}, {-1, -5}, {-1, -1}},                 // entirely outside
	}
	for i, poly := range polys {
		got := project(nil, poly, lo, hi)
		for _, p := range got {
			if p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
				t.Fatalf("polygon %d: point %v outside the rectangle", i, p)
			}
		}
		for x := 0.25; x < 10; x += 0.5 {
			for y := 0.25; y < 10; y += 0.5 {
				q := vec{x, y}
				if w1, w2 := winding(poly, q), winding(got, q); w1 != w2 {
					t.Fatalf("polygon %d: winding around %v is %d, was %d", i, q, w2, w1)
				}
			}
		}
	}
}

func TestImageSize(t *testing.T) {
	tests := []struct {
		width, dpi float64
		want       int
	}{
		{792, 600, 6600}, // 792*(600/72) is 6600.000000000001
		{612, 96, 816},
		{100, 150, 209}, // 208.33 rounds up
		{0.1, 72, 1},
	}
	for _, tt := range tests {
		img := render(t, display.Page{Width: tt.width, Height: 1}, tt.dpi)
		if got := img.Bounds().Dx(); got != tt.want {
			t.Errorf("%g pt at %g dpi: %d pixels, want %d", tt.width, tt.dpi, got, tt.want)
		}
	}
}

func TestLargePage(t *testing.T) {
	// A4 at 150 dpi, with the maze scaled up to fill it.
	p := mazePage()
	p.Width, p.Height = 595.28, 841.89
	start := time.Now()
	img := render(t, p, 150)
	if b := img.Bounds(); b.Dx() != 1241 || b.Dy() != 1754 {
		t.Errorf("A4 at 150 dpi: %v, want 1241x1754", b)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("A4 at 150 dpi took %v", d)
	}
}

// TestWrite checks that the bands Write renders and streams decode to
// the image Render gives, in colour and, for a page of greys, as a grey
// image; and that a failing writer's error comes back.
func TestWrite(t *testing.T) {
	grey := mazePage()
	grey.Items = grey.Items[:2] // the title and the walls, in black
	for _, tt := range []struct {
		name  string
		page  display.Page
		dpi   float64
		band  int
		model color.Model
	}{
		{"colour", mazePage(), 72, 1 << 21, color.RGBAModel},
		{"colour in bands", mazePage(), 150, 5000, color.RGBAModel},
		{"grey in bands", grey, 96, 3000, color.GrayModel},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(n int) { writeBandPixels = n }(writeBandPixels)
			writeBandPixels = tt.band
			var buf bytes.Buffer
			if err := Write(&buf, tt.page, tt.dpi); err != nil {
				t.Fatal(err)
			}
			dec, err := stdpng.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if dec.ColorModel() != tt.model {
				t.Errorf("decoded as %T, want the model %v", dec, tt.model)
			}
			want := render(t, tt.page, tt.dpi)
			if dec.Bounds() != want.Bounds() {
				t.Fatalf("decoded %v, want %v", dec.Bounds(), want.Bounds())
			}
			worst := 0
			b := want.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r1, g1, b1, _ := dec.At(x, y).RGBA()
					r2, g2, b2, _ := want.At(x, y).RGBA()
					for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
						worst = max(worst, d, -d)
					}
				}
			}
			if worst > 1 {
				t.Errorf("the written image differs from the rendered one by up to %d levels", worst)
			}
		})
	}
	werr := errors.New("disk full")
	if err := Write(failWriter{werr}, mazePage(), 72); !errors.Is(err, werr) {
		t.Errorf("failing writer: %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestErrors(t *testing.T) {
	ok := display.Page{Width: 100, Height: 100}
	tests := []struct {
		name string
		page display.Page
		dpi  float64
	}{
		{"zero dpi", ok, 0},
		{"negative dpi", ok, -72},
		{"NaN dpi", ok, math.NaN()},
		{"infinite dpi", ok, math.Inf(1)},
		{"less than a pixel", ok, 1e-300},
		{"less than a pixel one way", display.Page{Width: 1000, Height: 1e-9}, 72},
		{"too many pixels", display.Page{Width: 72 * 100, Height: 72 * 100}, 2400},
		{"zero page", display.Page{}, 72},
		{"NaN point", display.Page{Width: 10, Height: 10, Items: []display.Item{&display.Line{Paths: []display.Path{{Points: []display.Point{pt(0, 0), pt(math.NaN(), 0)}}}, Width: 1}}}, 72},
		{"nil item", display.Page{Width: 10, Height: 10, Items: []display.Item{nil}}, 72},
	}
	for _, tt := range tests {
		if img, err := Render(tt.page, tt.dpi); err == nil || img != nil {
			t.Errorf("%s: image %v, error %v; want only an error", tt.name, img != nil, err)
		}
		if err := Write(io.Discard, tt.page, tt.dpi); err == nil {
			t.Errorf("%s: Write wrote it", tt.name)
		}
	}
}

// TestCheckDPI checks the range of resolutions offered to users.
func TestCheckDPI(t *testing.T) {
	for _, dpi := range []float64{MinDPI, 96, 300, MaxDPI} {
		if err := CheckDPI(dpi); err != nil {
			t.Errorf("%g: %v", dpi, err)
		}
	}
	for _, dpi := range []float64{0, -5, 1e-300, 0.0001, 9.99, 2400.5, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if err := CheckDPI(dpi); err == nil || !strings.Contains(err.Error(), "is not from 10 to 2400") {
			t.Errorf("%g: %v", dpi, err)
		}
	}
}

func TestShape(t *testing.T) {
	const scale = 2
	tri := []display.Point{pt(10, 10), pt(90, 10), pt(50, 90)}
	p := display.Page{Width: 100, Height: 100, Items: []display.Item{
		&display.Shape{Polygons: [][]display.Point{tri, {pt(0, 0), pt(5, 5)}}, Color: display.Black},
	}}
	img := render(t, p, scale*72)
	for _, tt := range []struct {
		x, y float64
		dark bool
	}{{50, 30, true}, {50, 80, true}, {15, 50, false}, {85, 50, false}, {50, 95, false}} {
		c := at(img, scale, tt.x, tt.y)
		if tt.dark != rastertest.IsDark(c) {
			t.Errorf("(%g, %g): %v, want dark %v", tt.x, tt.y, c, tt.dark)
		}
	}
}

// sector is the ink of a stroke of half-width h along the arc of radius r
// around c that turns through bend from angle a0 (clockwise as drawn from
// 3 o'clock), with butt caps: an annular sector, or the whole annulus
// when bend is 2π.
type sector struct {
	c              display.Point
	r, h, a0, bend float64
}

// depth returns how far q lies inside the sector: positive inside, the
// distance to its edge; negative outside, minus the distance to it.
func (s sector) depth(q display.Point) float64 {
	dx, dy := q.X-s.c.X, q.Y-s.c.Y
	rho := math.Hypot(dx, dy)
	turn := math.Atan2(dy, dx) - s.a0
	if s.bend < 0 {
		turn = -turn
	}
	turn = math.Mod(math.Mod(turn, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	within := turn <= math.Abs(s.bend)
	// The distances to the two straight ends.
	end := func(a float64) float64 {
		ux, uy := math.Cos(a), math.Sin(a)
		t := math.Min(math.Max(dx*ux+dy*uy, s.r-s.h), s.r+s.h)
		return math.Hypot(dx-t*ux, dy-t*uy)
	}
	ends := math.Min(end(s.a0), end(s.a0+s.bend))
	if math.Abs(s.bend) >= 2*math.Pi {
		within, ends = true, math.Inf(1)
	}
	radial := s.h - math.Abs(rho-s.r) // positive within the band
	switch {
	case within && radial >= 0:
		return math.Min(radial, ends)
	case within:
		return radial
	}
	return -ends
}

// checkSector checks that every pixel whose centre lies at least margin
// pixels inside the sector is dark, and every one at least margin pixels
// outside it is white.
func checkSector(t *testing.T, img *image.RGBA, scale float64, s sector, margin float64) {
	t.Helper()
	b := img.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			d := s.depth(pt((float64(x)+0.5)/scale, (float64(y)+0.5)/scale)) * scale
			c := img.RGBAAt(x, y)
			if d >= margin && !rastertest.IsDark(c) || d <= -margin && c != (color.RGBA{255, 255, 255, 255}) {
				if bad++; bad <= 5 {
					t.Errorf("pixel (%d, %d), %.2f px inside the stroke: %v", x, y, d, c)
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("%d pixels in all", bad)
	}
}

// TestThickArc checks that a thick arc covers exactly its band: every
// pixel a pixel or more inside it dark, every pixel a pixel or more
// outside white, drawn either way round and at two resolutions.
func TestThickArc(t *testing.T) {
	c := pt(150, 150)
	s := sector{c: c, r: 100, h: 3, a0: math.Pi, bend: 3 * math.Pi / 2}
	from, to := pt(50, 150), pt(150, 250) // 9 o'clock to 6 o'clock, clockwise
	for _, dpi := range []float64{72, 216} {
		for _, p := range []display.Path{
			{Points: []display.Point{from, to}, Bends: []float64{s.bend}},
			{Points: []display.Point{to, from}, Bends: []float64{-s.bend}},
		} {
			for _, join := range []display.Join{display.MiterJoin, display.RoundJoin} {
				img := render(t, display.Page{Width: 300, Height: 300, Items: []display.Item{
					&display.Line{Paths: []display.Path{p}, Width: 2 * s.h, Color: display.Black, Cap: display.ButtCap, Join: join},
				}}, dpi)
				checkSector(t, img, dpi/72, s, 1)
			}
		}
	}
}

// TestClosedPath checks that a closed path has no caps and a join where it
// starts.
func TestClosedPath(t *testing.T) {
	const scale = 4
	// A circle of two half arcs, radius 20, a 16 pt stroke, square caps.
	a, b := pt(50, 30), pt(10, 30)
	ring := sector{c: pt(30, 30), r: 20, h: 8, bend: 2 * math.Pi}
	circle := func(closed bool) *image.RGBA {
		p := display.Path{Points: []display.Point{a, b}, Bends: []float64{math.Pi, math.Pi}, Closed: true}
		if !closed {
			p = display.Path{Points: []display.Point{a, b, a}, Bends: []float64{math.Pi, math.Pi}}
		}
		return render(t, display.Page{Width: 60, Height: 60, Items: []display.Item{
			&display.Line{Paths: []display.Path{p}, Width: 2 * ring.h, Color: display.Black, Cap: display.SquareCap, Join: display.MiterJoin},
		}}, scale*72)
	}
	checkSector(t, circle(true), scale, ring, 1)
	// The open circle's square caps stick out where it starts and ends,
	// by about a point.
	if img := circle(false); at(img, scale, 58.2, 22.5) == (color.RGBA{255, 255, 255, 255}) || at(img, scale, 58.2, 37.5) == (color.RGBA{255, 255, 255, 255}) {
		t.Error("the open circle has no square caps: the test cannot see them")
	}

	// A closed square with butt caps and miter joins has its corner where
	// it starts; the open one, a notch.
	square := func(closed bool, join display.Join) *image.RGBA {
		p := display.Path{Points: []display.Point{pt(20, 20), pt(40, 20), pt(40, 40), pt(20, 40)}, Closed: closed}
		if !closed {
			p.Points = append(p.Points, pt(20, 20))
		}
		return render(t, display.Page{Width: 60, Height: 60, Items: []display.Item{
			&display.Line{Paths: []display.Path{p}, Width: 6, Color: display.Black, Cap: display.ButtCap, Join: join},
		}}, scale*72)
	}
	for _, q := range []display.Point{pt(17.3, 17.3), pt(42.7, 17.3), pt(42.7, 42.7), pt(17.3, 42.7)} {
		if c := at(square(true, display.MiterJoin), scale, q.X, q.Y); !rastertest.IsDark(c) {
			t.Errorf("closed square: corner %v is %v, want dark", q, c)
		}
	}
	if c := at(square(false, display.MiterJoin), scale, 17.3, 17.3); !rastertest.IsLight(c) {
		t.Errorf("open square: its start's corner is %v, want a notch", c)
	}
	if c := at(square(true, display.RoundJoin), scale, 17.3, 17.3); !rastertest.IsLight(c) {
		t.Errorf("closed square, round joins: its start's corner is %v, want round", c)
	}
	if c := at(square(true, display.RoundJoin), scale, 18.2, 18.2); !rastertest.IsDark(c) {
		t.Errorf("closed square, round joins: inside its start's round corner is %v, want dark", c)
	}
}

// TestTurnedText checks that text turned a quarter clockwise runs down
// the page from its anchor, all its ink inside its turned bounds, and
// that the SVG backend, read by oksvg, draws it in the same place.
func TestTurnedText(t *testing.T) {
	const scale = 3
	txt := &display.Text{X: 60, Y: 20, Size: 24, Font: typeface.Bold, Color: display.Black, Text: "Spine Ñ", Angle: math.Pi / 2}
	p := display.Page{Width: 120, Height: 240, Items: []display.Item{txt}}
	img := render(t, p, scale*72)
	b := txt.Bounds()
	box := image.Rect(int((b.X-1)*scale), int((b.Y-1)*scale), int((b.X+b.W+1)*scale), int((b.Y+b.H+1)*scale))
	ink := image.Rectangle{}
	outside := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if !rastertest.IsDark(img.At(x, y)) {
				continue
			}
			ink = ink.Union(image.Rect(x, y, x+1, y+1))
			if !image.Pt(x, y).In(box) {
				outside++
			}
		}
	}
	if outside > 0 {
		t.Errorf("%d dark pixels outside the turned text's box %v", outside, box)
	}
	w := typeface.Width(txt.Font, txt.Size, txt.Text)
	asc, desc := typeface.Metrics(txt.Font, txt.Size)
	if ink.Dy() < int(0.9*w*scale) || ink.Dx() > int((asc+desc)*scale)+1 {
		t.Errorf("the text inks %v: want it %.0f pixels tall and at most %.0f wide", ink, w*scale, (asc+desc)*scale)
	}
	// The line starts at the anchor and the ascent lies right of it.
	if ink.Min.Y < int(txt.Y*scale)-1 || ink.Max.X < int(txt.X*scale)+int(txt.Size*scale/2) {
		t.Errorf("the text inks %v, want it below y=%g and reaching right of x=%g", ink, txt.Y*scale, txt.X*scale)
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	ref, err := rastertest.FromSVG(buf.Bytes(), scale)
	if err != nil {
		t.Fatal(err)
	}
	refInk := image.Rectangle{}
	for y := ref.Bounds().Min.Y; y < ref.Bounds().Max.Y; y++ {
		for x := ref.Bounds().Min.X; x < ref.Bounds().Max.X; x++ {
			if rastertest.IsDark(ref.At(x, y)) {
				refInk = refInk.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	for _, d := range []int{ink.Min.X - refInk.Min.X, ink.Max.X - refInk.Max.X, ink.Min.Y - refInk.Min.Y, ink.Max.Y - refInk.Max.Y} {
		if d < -1 || d > 1 {
			t.Errorf("the text inks %v in the PNG, %v in the SVG", ink, refInk)
			break
		}
	}
}

// TestRectsAsPolygons holds the painting of rectangles alone to the
// rasteriser's painting of them as polygons: a maze of square cells, its
// walls of many widths at many scales, and rectangles at random places
// that overlap, in many bands.
func TestRectsAsPolygons(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	var boxes []display.Path
	for range 300 {
		x, y := rnd.Float64()*190, rnd.Float64()*190
		w, h := rnd.Float64()*15, rnd.Float64()*15
		if rnd.IntN(2) == 0 {
			w = 0
		} else {
			h = 0
		}
		boxes = append(boxes, display.Path{Points: []display.Point{{X: x, Y: y}, {X: x + w, Y: y + h}}})
	}
	random := display.Page{Width: 200, Height: 200, Items: []display.Item{
		&display.Line{Paths: boxes, Width: 1.3, Color: display.Color{R: 200, G: 30, B: 60}, Cap: display.SquareCap},
		&display.Line{Paths: boxes[:50], Width: 0.4, Color: display.Black, Cap: display.ButtCap},
	}}
	for _, tt := range []struct {
		name  string
		page  display.Page
		scale float64
	}{
		{"maze 72 dpi", mazePage(), 72},
		{"maze 96 dpi", mazePage(), 96},
		{"maze 301 dpi", mazePage(), 301},
		{"random 72 dpi", random, 72},
		{"random 150 dpi", random, 150},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(n int, fast bool) { bandPixels, paintRectsAlone = n, fast }(bandPixels, paintRectsAlone)
			bandPixels = 20000
			paintRectsAlone = false
			want := render(t, tt.page, tt.scale)
			paintRectsAlone = true
			got := render(t, tt.page, tt.scale)
			worst, differ := 0, 0
			for i := range got.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				worst = max(worst, d, -d)
				if d != 0 {
					differ++
				}
			}
			t.Logf("%d of %d bytes differ, by up to %d", differ, len(got.Pix), worst)
			if worst > 1 {
				t.Errorf("rectangles painted alone differ from polygons by up to %d levels", worst)
			}
		})
	}
}
