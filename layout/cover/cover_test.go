package cover

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/png"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
)

const in = spec.PointsPerInch

// book returns a parsed 6x9in spec of exactly pages pages (one small maze
// a page, no answer key), with extra top-level keys.
func book(t *testing.T, pages int, extra string) *spec.Book {
	t.Helper()
	src := fmt.Sprintf(`title: Maze Quest
subtitle: 40 mazes for clever kids
author: Ana Rivera
seed: 2026
page: {size: 6x9in}
answers: false
%s
sections:
  - {title: One, count: %d, size: 4x4}
`, extra, pages)
	s, err := spec.Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustMake(t *testing.T, s *spec.Book) *Cover {
	t.Helper()
	c, err := Make(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// TestDims checks the wrap against KDP's formula, written out here: width
// bleed + back + page count × page thickness + front + bleed, height bleed
// + trim + bleed, with the page thickness of each paper.
func TestDims(t *testing.T) {
	thickness := map[spec.Paper]float64{spec.PaperWhite: 0.002252, spec.PaperCream: 0.0025, spec.PaperColor: 0.002347}
	for _, trim := range [][2]float64{{6, 9}, {8.5, 11}, {5, 8}} {
		for _, pages := range []int{24, 79, 80, 126, 538, 828} {
			for paper, th := range thickness {
				g := Dims(trim[0]*in, trim[1]*in, pages, paper)
				spineIn := float64(pages) * th
				wantW := 0.125 + trim[0] + spineIn + trim[0] + 0.125
				wantH := 0.125 + trim[1] + 0.125
				name := fmt.Sprintf("%gx%g, %d pages, %s", trim[0], trim[1], pages, paper)
				if !near(g.Width/in, wantW) || !near(g.Height/in, wantH) || !near(g.SpineW/in, spineIn) {
					t.Errorf("%s: %gx%g in, spine %g in; want %gx%g, spine %g", name, g.Width/in, g.Height/in, g.SpineW/in, wantW, wantH, spineIn)
				}
				if g.Wrap != (display.Box{X: 9, Y: 9, W: g.Width - 18, H: g.Height - 18}) {
					t.Errorf("%s: wrap %+v is not the sheet less 0.125in of bleed", name, g.Wrap)
				}
				// Back, spine and front side by side, filling the wrap.
				if g.Back.X != g.Wrap.X || !near(g.Spine.X, g.Back.X+g.Back.W) || !near(g.Front.X, g.Spine.X+g.Spine.W) || !near(g.Front.X+g.Front.W, g.Wrap.X+g.Wrap.W) || g.Front.W != trim[0]*in || g.Back.W != trim[0]*in {
					t.Errorf("%s: back %+v spine %+v front %+v in wrap %+v", name, g.Back, g.Spine, g.Front, g.Wrap)
				}
				// The barcode: 2 x 1.2 in, 0.25 in from the back's bottom
				// and from the spine.
				b := g.Barcode
				if !near(b.W, 2*in) || !near(b.H, 1.2*in) || !near(g.Back.X+g.Back.W-(b.X+b.W), 0.25*in) || !near(g.Back.Y+g.Back.H-(b.Y+b.H), 0.25*in) {
					t.Errorf("%s: barcode %+v in back %+v", name, b, g.Back)
				}
				if !near(g.FrontSafe.X-g.Front.X, 0.125*in) || !near(g.SpineSafe.X-g.Spine.X, 0.0625*in) || !near(g.SpineSafe.W, g.SpineW-0.125*in) {
					t.Errorf("%s: safe areas %+v %+v", name, g.FrontSafe, g.SpineSafe)
				}
				if g.SpineText != (pages >= 80) {
					t.Errorf("%s: spine text %v", name, g.SpineText)
				}
			}
		}
	}
}

// TestMakeGeometry checks that the cover of a book is sized for its page
// count and paper, and its page is the sheet with the wrap as trim.
func TestMakeGeometry(t *testing.T) {
	for _, tt := range []struct {
		pages int
		paper string
	}{{30, ""}, {126, "cover: {paper: cream}\nstyle: {color: black}"}} {
		s := book(t, tt.pages, tt.paper)
		c := mustMake(t, s)
		g := c.Geometry
		if g.Pages != tt.pages || g.Paper != s.Cover.Paper {
			t.Errorf("%d pages on %s: the cover is for %d pages on %s", tt.pages, s.Cover.Paper, g.Pages, g.Paper)
		}
		if want := Dims(6*in, 9*in, tt.pages, s.Cover.Paper); g != want {
			t.Errorf("geometry %+v, want %+v", g, want)
		}
		if c.Page.Width != g.Width || c.Page.Height != g.Height || c.Page.Trim != g.Wrap {
			t.Errorf("page %gx%g trim %+v, want %gx%g trim %+v", c.Page.Width, c.Page.Height, c.Page.Trim, g.Width, g.Height, g.Wrap)
		}
	}
}

// turned returns the page's texts that are turned.
func turned(p *display.Page) []*display.Text {
	var out []*display.Text
	for _, it := range p.Items {
		if t, ok := it.(*display.Text); ok && t.Angle != 0 {
			out = append(out, t)
		}
	}
	return out
}

// within reports whether a lies inside b.
func within(a, b display.Box) bool {
	const eps = 1e-6
	return a.X >= b.X-eps && a.Y >= b.Y-eps && a.X+a.W <= b.X+b.W+eps && a.Y+a.H <= b.Y+b.H+eps
}

// TestSpineText checks that a book of 80 pages has its title and author
// down the spine, inside the spine's safe area, and one of 79 nothing on
// its spine at all.
// TestSpineText checks the spine's text: none under 80 pages; none, with
// a warning, on a spine too thin for it at MinSpineSize (80 pages on white
// paper give a 0.18in spine, whose text would be 3.4pt); the title and
// author at MinSpineSize or more on a spine wide enough.
func TestSpineText(t *testing.T) {
	for _, tt := range []struct {
		pages int
		text  bool // the title and author on the spine
		thin  bool // a warning that the spine is too thin for its text
	}{{79, false, false}, {80, false, true}, {100, false, true}, {120, true, false}, {300, true, false}} {
		pages := tt.pages
		c := mustMake(t, book(t, pages, ""))
		g := c.Geometry
		texts := turned(&c.Page)
		if g.SpineText != tt.text {
			t.Errorf("%d pages: Geometry.SpineText %v, want %v", pages, g.SpineText, tt.text)
		}
		warned := strings.Contains(strings.Join(c.Warnings, "\n"), "too thin for its text at 7pt")
		if warned != tt.thin {
			t.Errorf("%d pages: warnings %q, want one of a thin spine: %v", pages, c.Warnings, tt.thin)
		}
		var words []string
		for _, tx := range texts {
			words = append(words, tx.Text)
			if tx.Size < MinSpineSize {
				t.Errorf("%d pages: %q on the spine at %.2fpt, under %dpt", pages, tx.Text, tx.Size, MinSpineSize)
			}
			if tx.Angle != math.Pi/2 {
				t.Errorf("%d pages: %q turned %g, want π/2 (top to bottom)", pages, tx.Text, tx.Angle)
			}
			if b := tx.Bounds(); !within(b, g.SpineSafe) {
				t.Errorf("%d pages: %q at %+v, outside the spine's safe area %+v", pages, tx.Text, b, g.SpineSafe)
			}
		}
		want := []string{"Ana Rivera", "Maze Quest"}
		if !tt.text {
			want = nil
		}
		if strings.Join(words, "|") != strings.Join(want, "|") {
			t.Errorf("%d pages: spine texts %q, want %q", pages, words, want)
		}
		// Nothing upright stands on the spine either.
		for _, it := range c.Page.Items {
			if tx, ok := it.(*display.Text); ok && tx.Angle == 0 {
				if b := tx.Bounds(); b.X < g.Spine.X+g.Spine.W && g.Spine.X < b.X+b.W {
					t.Errorf("%d pages: %q crosses the spine", pages, tx.Text)
				}
			}
		}
	}
}

// TestTextInSafeArea checks that every text lies in a safe area: the
// front's or the back's, 0.125in inside the trim, or the spine's.
func TestTextInSafeArea(t *testing.T) {
	blurb := strings.Repeat("A long story of mazes and more mazes. ", 120)
	for _, src := range []string{
		"title: Maze Quest\nauthor: Ana\nsubtitle: For kids\n",
		"title: Maze Quest\nauthor: Ana\npage: {size: 5x8in}\ncover: {back: \"" + blurb + "\"}\n",
		"title: " + strings.Repeat("Very Long Title ", 30) + "\nsubtitle: " + strings.Repeat("and a subtitle ", 30) + "\nauthor: " + strings.Repeat("Ana ", 60) + "\n",
		"title: Maze Quest\nauthor: Ana\npage: {size: 8.5x11in}\ncover: {back: Short.}\n",
	} {
		s, err := spec.Parse("book.yaml", []byte(src+"answers: false\nsections: [{count: 120, size: 4x4}]\n"))
		if err != nil {
			t.Fatal(err)
		}
		c := mustMake(t, s)
		g := c.Geometry
		n := 0
		for _, it := range c.Page.Items {
			tx, ok := it.(*display.Text)
			if !ok {
				continue
			}
			n++
			b := tx.Bounds()
			if !within(b, g.FrontSafe) && !within(b, g.BackSafe) && !within(b, g.SpineSafe) {
				t.Errorf("%q at %+v is in no safe area", tx.Text, b)
			}
		}
		if n < 3 {
			t.Errorf("only %d texts on the cover", n)
		}
	}
}

// reaches reports whether an item inks any of box: written out here, by
// the bounds of every piece of every path (with the stroke's width), of
// every polygon, of a fill or of a text.
func reaches(it display.Item, box display.Box) bool {
	hit := func(b display.Box, grow float64) bool {
		return b.X-grow < box.X+box.W && box.X < b.X+b.W+grow && b.Y-grow < box.Y+box.H && box.Y < b.Y+b.H+grow
	}
	switch it := it.(type) {
	case *display.Line:
		for _, p := range it.Paths {
			for i := range p.Pieces() {
				a, b, bend := p.Piece(i)
				if hit(display.Path{Points: []display.Point{a, b}, Bends: []float64{bend}}.Bounds(), it.Width/2) {
					return true
				}
			}
		}
	case *display.Shape:
		for _, poly := range it.Polygons {
			if hit(display.Path{Points: poly, Closed: true}.Bounds(), 0) {
				return true
			}
		}
	case *display.Fill:
		return hit(it.Box, 0)
	case *display.Text:
		return hit(it.Bounds(), 0)
	}
	return false
}

// TestBarcodeEmpty checks that nothing is drawn in the barcode's box,
// whatever the trim and page count, and that something is drawn all
// round it.
func TestBarcodeEmpty(t *testing.T) {
	for _, size := range []string{"5x8in", "6x9in", "8.5x11in"} {
		for _, pages := range []int{24, 200} {
			s := book(t, pages, "cover: {back: \""+strings.Repeat("Mazes and more. ", 300)+"\"}")
			w, h, _ := spec.ParsePageSize(size)
			s.Page.Width, s.Page.Height = w, h
			c := mustMake(t, s)
			b := c.Geometry.Barcode
			for i, it := range c.Page.Items {
				if reaches(it, b) {
					t.Errorf("%s, %d pages: item %d (%T) reaches into the barcode box %+v", size, pages, i, it, b)
				}
			}
			// A margin round the box is covered.
			ring := display.Box{X: b.X - 3, Y: b.Y - 3, W: b.W + 6, H: b.H + 6}
			n := 0
			for _, it := range c.Page.Items {
				if reaches(it, ring) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s, %d pages: nothing round the barcode box", size, pages)
			}
		}
	}
}

func luma(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.299*float64(r>>8) + 0.587*float64(g>>8) + 0.114*float64(b>>8))
}

// TestPixels renders the cover and looks at it: the barcode's box is
// pure white paper; the middle of the front shows a maze to solve (white
// card, dark walls, no red solution line); the title's place has light
// text on the dark cover; the background runs to the edge of the bleed.
func TestPixels(t *testing.T) {
	const dpi = 72
	c := mustMake(t, book(t, 120, ""))
	g := c.Geometry
	img, err := png.Render(c.Page, dpi)
	if err != nil {
		t.Fatal(err)
	}
	px := func(x, y float64) image.Point { return image.Pt(int(x), int(y)) }
	count := func(r image.Rectangle, f func(color.RGBA) bool) (n, total int) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				total++
				if f(img.RGBAAt(x, y)) {
					n++
				}
			}
		}
		return n, total
	}
	white := func(c color.RGBA) bool { return c == color.RGBA{255, 255, 255, 255} }
	dark := func(c color.RGBA) bool { return luma(c) < 100 }
	light := func(c color.RGBA) bool { return luma(c) > 200 }
	red := func(c color.RGBA) bool { return c.R > 150 && c.G < 100 && c.B < 100 }
	bc := g.Barcode
	// One pixel in from each edge: the background's edge is anti-aliased.
	box := image.Rectangle{px(bc.X+1, bc.Y+1), px(bc.X+bc.W-1, bc.Y+bc.H-1)}
	if n, total := count(box, white); n != total {
		t.Errorf("the barcode box has %d pixels of %d pure white", n, total)
	}
	mid := image.Rectangle{px(g.Front.X+g.Front.W/2-1*in, g.Front.Y+g.Front.H/2-1*in), px(g.Front.X+g.Front.W/2+1*in, g.Front.Y+g.Front.H/2+1*in)}
	nw, total := count(mid, light)
	nd, _ := count(mid, dark)
	nr, _ := count(mid, red)
	if nw < total/3 || nd < total/20 || nr > total/1000 {
		t.Errorf("the middle of the front has %d light, %d dark and %d red pixels of %d: not a maze to solve on a card", nw, nd, nr, total)
	}
	// The title: the first text of the front.
	var title *display.Text
	for _, it := range c.Page.Items {
		if tx, ok := it.(*display.Text); ok && tx.Text == "Maze Quest" && tx.Angle == 0 {
			title = tx
			break
		}
	}
	if title == nil || title.Size < 30 {
		t.Fatalf("no large title on the front: %+v", title)
	}
	tb := title.Bounds()
	tr := image.Rectangle{px(tb.X, tb.Y), px(tb.X+tb.W, tb.Y+tb.H)}
	nl, total := count(tr, light)
	nd, _ = count(tr, dark)
	if nl < total/10 || nd < total/3 {
		t.Errorf("the title's box has %d light and %d dark pixels of %d: want light letters on the dark cover", nl, nd, total)
	}
	// The bleed is painted: the corners of the sheet are the cover colour
	// (the last pixels but one: the last may be partly off the sheet).
	for _, p := range []image.Point{{0, 0}, {img.Bounds().Dx() - 2, 0}, {0, img.Bounds().Dy() - 2}, {img.Bounds().Dx() - 2, img.Bounds().Dy() - 2}} {
		if c := img.RGBAAt(p.X, p.Y); !dark(c) {
			t.Errorf("corner %v is %v, want the cover colour", p, c)
		}
	}
}

// TestReproducible checks that the same spec gives the same bytes, as PDF
// and SVG, and another seed another cover.
func TestReproducible(t *testing.T) {
	write := func(s *spec.Book) ([]byte, []byte) {
		c := mustMake(t, s)
		var p, v bytes.Buffer
		if err := pdf.Write(&p, []display.Page{c.Page}, pdf.Metadata{Title: s.Title, Created: s.Date}); err != nil {
			t.Fatal(err)
		}
		if err := svg.Write(&v, c.Page); err != nil {
			t.Fatal(err)
		}
		return p.Bytes(), v.Bytes()
	}
	p1, s1 := write(book(t, 90, ""))
	p2, s2 := write(book(t, 90, ""))
	if !bytes.Equal(p1, p2) || !bytes.Equal(s1, s2) {
		t.Error("the same spec gave two covers")
	}
	other := book(t, 90, "")
	other.Seed++
	if _, s3 := write(other); bytes.Equal(s1, s3) {
		t.Error("another seed gave the same cover")
	}
}

// TestPDFBoxes checks, through poppler's pdfinfo, that the PDF's media,
// bleed and trim boxes are the sheet, the sheet and the wrap.
func TestPDFBoxes(t *testing.T) {
	pi := tooltest.Require(t, "pdfinfo")
	for _, pages := range []int{40, 126} {
		for _, paper := range []string{"white", "cream"} {
			c := mustMake(t, book(t, pages, "cover: {paper: "+paper+"}\nstyle: {color: black}"))
			path := filepath.Join(t.TempDir(), "cover.pdf")
			var buf bytes.Buffer
			if err := pdf.Write(&buf, []display.Page{c.Page}, pdf.Metadata{}); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(pi, "-box", path).CombinedOutput()
			if err != nil {
				t.Fatalf("pdfinfo: %v\n%s", err, out)
			}
			th := map[string]float64{"white": 0.002252, "cream": 0.0025}[paper]
			w := (0.25 + 12 + float64(pages)*th) * 72
			f := func(v float64) string { return regexp.QuoteMeta(fmt.Sprintf("%.2f", v)) }
			for _, want := range []string{
				`MediaBox:\s+0.00\s+0.00\s+` + f(w) + `\s+666.00`,
				`BleedBox:\s+0.00\s+0.00\s+` + f(w) + `\s+666.00`,
				`TrimBox:\s+9.00\s+9.00\s+` + f(w-9) + `\s+657.00`,
			} {
				if !regexp.MustCompile(want).Match(out) {
					t.Errorf("%d pages on %s: pdfinfo -box does not show %s:\n%s", pages, paper, want, out)
				}
			}
		}
	}
}

// TestOddSizes checks that covers of tiny, huge and odd books are drawn
// or refused with a spec error, and never panic.
func TestOddSizes(t *testing.T) {
	for _, tt := range []struct {
		page  string
		count int
		ok    bool
		err   string // what the refusal says
	}{
		// An inch leaves no room for a 3x3 maze and its 5.5mm marks.
		{"{size: 1x1in, margin: 0}", 1, false, "book.yaml:6:29: section 1: 3x3 does not fit here"},
		{"{size: 1.5x1.5in, margin: 0}", 1, true, ""},
		{"{size: 2x30in, margin: 0.1in}", 100, true, ""},
		{"{size: 30x2in, margin: 0.1in}", 100, true, ""},
		{"{size: 99x99in}", 1, true, ""},
		{"{size: 100x100in}", 1, false, "book.yaml:5:14: the cover of this book would be"},
	} {
		src := "title: " + strings.Repeat("Long ", 100) + "\nsubtitle: Sub\nauthor: A\ncover: {back: \"" + strings.Repeat("Text. ", 500) + "\"}\npage: " + tt.page + "\nsections: [{count: " + fmt.Sprint(tt.count) + ", size: 3x3}]\n"
		s, err := spec.Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", tt.page, err)
		}
		c, err := Make(s)
		if tt.ok != (err == nil) {
			t.Errorf("%s: error %v, want ok %v", tt.page, err, tt.ok)
			continue
		}
		if err != nil {
			var se spec.Errors
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want a spec error at page.size", tt.page, err)
			}
			continue
		}
		if err := c.Page.Check(); err != nil {
			t.Errorf("%s: %v", tt.page, err)
		}
	}
}

// TestFrontMazeIsAPuzzle checks that the front's maze is drawn as a
// puzzle, no solution on it, its doors marked as the interior marks them:
// every mark of the book's first maze on its page (each filled shape,
// by colour and corners, and by size but for the start's arrow and the
// picture beside it, which follow its doorway; each square, sized by its corridor, by
// colour; each Start and Finish label, by words and size) has its like on
// the front, whatever the markers, ink or theme (a theme's pictures by
// their shapes: the front draws them smaller when they would crowd out
// its maze).
func TestFrontMazeIsAPuzzle(t *testing.T) {
	type mark struct {
		color   display.Color
		corners int
		w, h    float64
	}
	shapeMark := func(s *display.Shape) mark {
		b := display.InkBounds(s)
		n := 0
		for _, p := range s.Polygons {
			n += len(p)
		}
		return mark{s.Color, n, math.Round(b.W*100) / 100, math.Round(b.H*100) / 100}
	}
	for _, extra := range []string{"", "style: {markers: labels}", "theme: mouse", "style: {color: grayscale}", "style: {markers: squares}"} {
		t.Run(extra, func(t *testing.T) {
			themed := strings.HasPrefix(extra, "theme:")
			s := book(t, 40, extra)
			c := mustMake(t, s)
			b, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			at := b.Placed[0]
			front := c.Geometry.Front
			onFront := func(it display.Item) bool {
				bb := display.InkBounds(it)
				return bb.X >= front.X && bb.X+bb.W <= front.X+front.W
			}
			marks, kinds := map[mark]bool{}, map[mark]bool{}
			texts := map[string]float64{}
			for _, it := range c.Page.Items {
				if !onFront(it) {
					continue
				}
				switch it := it.(type) {
				case *display.Shape:
					m := shapeMark(it)
					if themed {
						m.w, m.h = 0, 0
					}
					marks[m] = true
					kinds[mark{color: m.color, corners: m.corners}] = true
				case *display.Fill:
					marks[mark{color: it.Color}] = true // a square, sized by the corridor
				case *display.Text:
					texts[it.Text] = it.Size
				case *display.Line:
					if it.Color == s.Style.SolutionColor {
						t.Errorf("a line in the solution's colour on the front: the solution is drawn")
					}
				}
			}
			found := 0
		items:
			for _, it := range b.Pages[at.Page].Items {
				bb := display.InkBounds(it)
				for _, sc := range b.Scenery[at.Page] {
					if sc == bb {
						continue items // the page's scene, about the maze
					}
				}
				if bb.X < at.Ink.X-0.01 || bb.Y < at.Ink.Y-0.01 || bb.X+bb.W > at.Ink.X+at.Ink.W+0.01 || bb.Y+bb.H > at.Ink.Y+at.Ink.H+0.01 {
					continue
				}
				switch it := it.(type) {
				case *display.Shape:
					// The start's arrow is as wide as half its doorway,
					// and a picture beside it gives it room: their kind
					// and colour are the interior's, their size the
					// front's maze's. A theme's pictures are drawn
					// smaller on the front where at their size they
					// would leave the maze too little of its card.
					m := shapeMark(it)
					if themed {
						m.w, m.h = 0, 0
					}
					if !marks[m] && !kinds[mark{color: m.color, corners: m.corners}] && m.corners > 0 {
						t.Errorf("the interior's mark %+v is not on the front", m)
					}
					found++
				case *display.Fill:
					if !marks[mark{color: it.Color}] {
						t.Errorf("the interior's square mark in %v is not on the front", it.Color)
					}
					found++
				case *display.Text:
					if size, ok := texts[it.Text]; !ok || size != it.Size {
						t.Errorf("the interior's label %q (%gpt) is not on the front", it.Text, it.Size)
					}
					found++
				}
			}
			if found == 0 {
				t.Error("the interior's maze has no marks to compare")
			}
		})
	}
}
