package kdp_test

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"mazebook/layout/cover"
	"mazebook/layout/display"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// drawCover draws the cover of a 6x9in book of pages pages on paper, and
// writes it as a PDF.
func drawCover(t *testing.T, pages int, paper string) (*cover.Cover, kdp.Cover, []byte) {
	return drawSized(t, "6x9in", pages, paper)
}

// drawSized draws the cover of a book trimmed to size, in black ink but
// on the paper color (premium colour), so that KDP prints it from 24
// pages on any paper.
func drawSized(t *testing.T, size string, pages int, paper string) (*cover.Cover, kdp.Cover, []byte) {
	t.Helper()
	ink := "black"
	if paper == "color" {
		ink = "color"
	}
	return drawInked(t, size, ink, pages, paper)
}

// drawInked draws the cover of a book trimmed to size, in ink on paper.
func drawInked(t *testing.T, size, ink string, pages int, paper string) (*cover.Cover, kdp.Cover, []byte) {
	t.Helper()
	src := fmt.Sprintf("title: Maze Quest\nauthor: Ana Rivera\npage: {size: %s}\nanswers: false\nstyle: {color: %s}\ncover: {paper: %s, back: Forty mazes.}\nsections: [{count: %d, size: 3x3}]\n", size, ink, paper, pages)
	s, err := spec.Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c, err := cover.Make(s)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, []display.Page{c.Page}, pdf.Metadata{}); err != nil {
		t.Fatal(err)
	}
	g := c.Geometry
	return c, kdp.Cover{TrimW: g.TrimW, TrimH: g.TrimH, Pages: g.Pages, Paper: g.Paper, Ink: s.Style.Ink}, buf.Bytes()
}

func rules(v []kdp.Violation) string {
	var r []string
	for _, x := range v {
		r = append(r, x.Rule)
	}
	sort.Strings(r)
	return strings.Join(r, ",")
}

// TestCoverKeepsEveryRule checks that the covers mazebook draws keep the
// rules, with and without spine text, on every paper.
func TestCoverKeepsEveryRule(t *testing.T) {
	for _, pages := range []int{24, 79, 80, 126} {
		for _, paper := range []string{"white", "cream", "color"} {
			c, k, data := drawCover(t, pages, paper)
			if v := kdp.CheckCover(k, &c.Page, data); len(v) > 0 {
				t.Errorf("%d pages on %s: %v", pages, paper, v)
			}
		}
	}
}

// TestCheckCoverCatchesEachRule breaks each rule on purpose.
func TestCheckCoverCatchesEachRule(t *testing.T) {
	turned := func(x, y float64, s string) *display.Text {
		return &display.Text{X: x, Y: y, Size: 8, Font: typeface.Bold, Text: s, Angle: math.Pi / 2}
	}
	tests := []struct {
		name  string
		pages int
		paper string
		bad   func(c *cover.Cover, k *kdp.Cover, data *[]byte)
		want  string // the rules broken, sorted
	}{
		{"too few pages", 12, "white", nil, "pages"},
		{"too many pages on cream", 800, "cream", nil, "pages"},
		// A spine too narrow: the sheet too small, and its trim box not the
		// wrap the book needs.
		{"the wrong spine", 126, "white", func(_ *cover.Cover, k *kdp.Cover, _ *[]byte) { k.Paper = spec.PaperCream }, "bleed,size"},
		{"too narrow", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) { c.Page.Width -= 5; c.Page.Trim.W -= 5 }, "bleed,size"},
		{"too wide", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) { c.Page.Width += 5 }, "size"},
		{"no bleed", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			c.Page.Trim = display.Box{W: c.Page.Width, H: c.Page.Height}
		}, "bleed"},
		{"spine text on a thin book", 60, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			g := c.Geometry
			c.Page.Items = append(c.Page.Items, turned(g.Spine.X+g.Spine.W/2-3, g.Spine.Y+100, "Maze Quest"))
		}, "spine"},
		{"spine text too near its edge", 126, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			g := c.Geometry
			c.Page.Items = append(c.Page.Items, turned(g.Spine.X+1, g.Spine.Y+100, "Maze Quest"))
		}, "spine"},
		{"text by the trim", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			g := c.Geometry
			c.Page.Items = append(c.Page.Items, &display.Text{X: g.Front.X + g.Front.W - 4, Y: g.Front.Y + 40, Size: 12, Text: "Edge", Align: display.AlignRight})
		}, "safe"},
		{"text across the fold", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			g := c.Geometry
			c.Page.Items = append(c.Page.Items, &display.Text{X: g.Front.X + 3, Y: g.Front.Y + 40, Size: 12, Text: "Fold"})
		}, "safe"},
		{"a box in the barcode", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			b := c.Geometry.Barcode
			c.Page.Items = append(c.Page.Items, &display.Fill{Box: display.Box{X: b.X + 10, Y: b.Y + 10, W: 5, H: 5}, Color: display.White})
		}, "barcode"},
		{"a line into the barcode", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			b := c.Geometry.Barcode
			c.Page.Items = append(c.Page.Items, &display.Line{Width: 2, Paths: []display.Path{
				display.Polyline(display.Point{X: b.X - 30, Y: b.Y - 30}, display.Point{X: b.X - 30, Y: b.Y + 20}, display.Point{X: b.X + 1, Y: b.Y + 20}),
			}})
		}, "barcode"},
		{"a hairline", 40, "white", func(c *cover.Cover, _ *kdp.Cover, _ *[]byte) {
			g := c.Geometry
			c.Page.Items = append(c.Page.Items, &display.Line{Width: 0.57, Paths: []display.Path{
				display.Polyline(display.Point{X: g.Front.X + 50, Y: g.Front.Y + 200}, display.Point{X: g.Front.X + 90, Y: g.Front.Y + 200}),
			}})
		}, "line"},
		{"fonts not embedded", 40, "white", func(_ *cover.Cover, _ *kdp.Cover, data *[]byte) {
			*data = []byte("%PDF-1.4\n<< /Type /FontDescriptor /FontName /Helvetica >>\n")
		}, "fonts"},
	}
	for _, tt := range tests {
		c, k, data := drawCover(t, tt.pages, tt.paper)
		if tt.bad != nil {
			tt.bad(c, &k, &data)
		}
		v := kdp.CheckCover(k, &c.Page, data)
		if got := rules(v); got != tt.want {
			t.Errorf("%s: rules broken %q, want %q: %v", tt.name, got, tt.want, v)
		}
	}
	// The cover of a book KDP does not print: 3in wide.
	c, k, data := drawSized(t, "3x9in", 40, "white")
	if v := kdp.CheckCover(k, &c.Page, data); rules(v) != "trim" {
		t.Errorf("a 3in wide book: %v", v)
	}
	// A line that runs round the barcode's box does not reach it.
	c, k, data = drawCover(t, 40, "white")
	b := c.Geometry.Barcode
	c.Page.Items = append(c.Page.Items, &display.Line{Width: 2, Paths: []display.Path{display.Polyline(
		display.Point{X: b.X - 5, Y: b.Y + b.H + 5}, display.Point{X: b.X - 5, Y: b.Y - 5}, display.Point{X: b.X + b.W + 5, Y: b.Y - 5}, display.Point{X: b.X + b.W + 5, Y: b.Y + b.H + 5})}})
	if v := kdp.CheckCover(k, &c.Page, data); len(v) > 0 {
		t.Errorf("a line round the barcode box: %v", v)
	}
}

// TestCoverPagesByInteriorAndTrim checks a cover's page count against
// KDP's table as the interior's is: by interior (standard colour from 72
// pages, premium colour from 24) and by trim and paper (590 at 8.5x11 on
// white, 550 on cream, 780 at A4), each at its limit and past it.
func TestCoverPagesByInteriorAndTrim(t *testing.T) {
	tests := []struct {
		size, ink, paper string
		pages            int
		want             string // in the pages violation; "" for none
	}{
		{"6x9in", "color", "white", 60, "standard colour at 6in x 9in needs 72 to 600"},
		{"6x9in", "color", "white", 72, ""},
		{"6x9in", "color", "color", 24, ""},
		{"6x9in", "black", "color", 24, ""},
		{"6x9in", "black", "white", 24, ""},
		{"6x9in", "black", "white", 828, ""},
		{"6x9in", "black", "cream", 778, "needs 24 to 776"},
		{"8.5x11in", "black", "white", 590, ""},
		{"8.5x11in", "black", "white", 600, "black & white on white paper at 8.5in x 11in needs 24 to 590"},
		{"8.5x11in", "black", "cream", 560, "needs 24 to 550"},
		{"8.5x11in", "color", "white", 600, ""},
		{"a4", "black", "white", 780, ""},
		{"a4", "black", "white", 800, "at 8.27in x 11.69in needs 24 to 780"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s %s ink on %s, %d pages", tt.size, tt.ink, tt.paper, tt.pages)
		c, k, data := drawInked(t, tt.size, tt.ink, tt.pages, tt.paper)
		var pages []kdp.Violation
		for _, v := range kdp.CheckCover(k, &c.Page, data) {
			if v.Rule == "pages" {
				pages = append(pages, v)
			}
		}
		switch {
		case tt.want == "" && len(pages) > 0:
			t.Errorf("%s: %v", name, pages)
		case tt.want != "" && (len(pages) != 1 || !strings.Contains(pages[0].Msg, tt.want)):
			t.Errorf("%s: got %v, want a pages violation with %q", name, pages, tt.want)
		}
	}
}

// TestSpineWidth checks the published page thicknesses.
func TestSpineWidth(t *testing.T) {
	for _, tt := range []struct {
		pages int
		paper spec.Paper
		in    float64
	}{{126, spec.PaperWhite, 0.283752}, {126, spec.PaperCream, 0.315}, {100, spec.PaperColor, 0.2347}, {0, spec.PaperWhite, 0}} {
		if got := kdp.SpineWidth(tt.pages, tt.paper) / spec.PointsPerInch; math.Abs(got-tt.in) > 1e-9 {
			t.Errorf("%d pages on %s: spine %g in, want %g", tt.pages, tt.paper, got, tt.in)
		}
	}
}

// TestCoverLines walks the display items of covers of every kind of book
// (the examples, a small page, a theme, Start and Finish labels, grayscale
// ink, answers and their thumbnails of big mazes) and checks that no line
// is thinner than kdp.MinLine: the back cover's thumbnails were drawn
// with 0.57pt walls.
func TestCoverLines(t *testing.T) {
	paths, _ := filepath.Glob("../../examples/*.yaml")
	var books []*spec.Book
	for _, path := range paths {
		s, err := spec.Read(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		books = append(books, s)
	}
	for _, src := range []string{
		"title: Small\npage: {size: 4x6in}\npad: 24\nsections: [{count: 6, size: 25x40}]\n",
		"title: Mice\ntheme: mouse\npad: 24\nsections: [{count: 12, per_page: 4, ages: 4-6}]\n",
		"title: Words\nstyle: {markers: labels, color: grayscale}\npad: 24\nsections: [{count: 9, per_page: 9, size: 12x14}]\n",
		"title: Big\npage: {size: 8.5x11in}\npad: 24\nsections: [{count: 3, size: 80x110}]\n",
	} {
		s, err := spec.Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		books = append(books, s)
	}
	for _, s := range books {
		c, err := cover.Make(s)
		if err != nil {
			t.Fatalf("%s: %v", s.File, err)
		}
		n := 0
		for _, it := range c.Page.Items {
			if l, ok := it.(*display.Line); ok && l.Width < kdp.MinLine-1e-9 {
				if n == 0 {
					t.Errorf("%s %q: a line %gpt wide, thinner than %gpt", s.File, s.Title, l.Width, kdp.MinLine)
				}
				n++
			}
		}
		g := c.Geometry
		for _, v := range kdp.CheckCover(kdp.Cover{TrimW: g.TrimW, TrimH: g.TrimH, Pages: g.Pages, Paper: g.Paper, Ink: s.Style.Ink}, &c.Page, nil) {
			if v.Rule == "line" {
				t.Errorf("%s %q: %v", s.File, s.Title, v)
			}
		}
	}
}
