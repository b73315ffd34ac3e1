package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	stdpng "image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"

	"mazebook/layout/draw"
	"mazebook/layout/rastertest"
	"mazebook/layout/spec"
)

// TestMazePoster makes posters in every drawn format and checks the page
// size (turned to suit the maze), that the PDF passes qpdf --check with its
// fonts embedded, that the title is in the SVG's text and the PDF's
// metadata, and that the PNG has the page's pixels at the dpi asked.
func TestMazePoster(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		file string
		w, h float64 // points
	}{
		{[]string{"--page", "24x36in", "--size", "40x60", "--title", "The <Great> & Labyrinth"}, "poster.pdf", 1728, 2592},
		{[]string{"--page", "24x36in", "--size", "60x40", "--title", "Wide"}, "wide.pdf", 2592, 1728},
		{[]string{"--page", "a4", "--size", "10x10", "--landscape", "--margin", "1in"}, "a4.pdf", 841.8898, 595.2756},
		{[]string{"--page", "letter", "--shape", "circle", "--size", "8", "--title", "Round <b>", "--color", "grayscale", "--solution"}, "letter.svg", 612, 792},
		{[]string{"--page", "a5", "--size", "30x20", "--portrait", "--color", "black", "--solution", "--dpi", "50"}, "a5.png", 419.5276, 595.2756},
	}
	for _, tt := range tests {
		args := append([]string{"maze", "-o", tt.file}, tt.args...)
		if code, _, stderr := mazebook(t, dir, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		path := filepath.Join(dir, tt.file)
		switch filepath.Ext(tt.file) {
		case ".pdf":
			checkPDF(t, path)
			dims, err := api.PageDimsFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(dims) != 1 || math.Abs(dims[0].Width-tt.w) > 0.01 || math.Abs(dims[0].Height-tt.h) > 0.01 {
				t.Errorf("%s: pages %v, want one of %gx%g", tt.file, dims, tt.w, tt.h)
			}
			if tt.file == "poster.pdf" {
				// The PDF's title, in UTF-16 as the PDF backend writes it.
				want := []byte("/Title (\xfe\xff")
				for _, r := range utf16.Encode([]rune("The <Great> & Labyrinth")) {
					want = append(want, byte(r>>8), byte(r))
				}
				if data, _ := os.ReadFile(path); !bytes.Contains(data, want) {
					t.Errorf("%s: the title is not the PDF's title", tt.file)
				}
			}
		case ".svg":
			data, _ := os.ReadFile(path)
			var doc struct {
				Width  string `xml:"width,attr"`
				Height string `xml:"height,attr"`
			}
			if err := xml.Unmarshal(data, &doc); err != nil {
				t.Fatalf("%s: %v", tt.file, err)
			}
			if doc.Width != "612pt" || doc.Height != "792pt" {
				t.Errorf("%s: %s x %s, want 612pt x 792pt", tt.file, doc.Width, doc.Height)
			}
			if !bytes.Contains(data, []byte("Round &lt;b&gt;")) || bytes.Contains(data, []byte("<b>")) {
				t.Errorf("%s: the title is not there, escaped", tt.file)
			}
		case ".png":
			data, _ := os.ReadFile(path)
			img, err := stdpng.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != int(math.Ceil(tt.w*50/72)) || b.Dy() != int(math.Ceil(tt.h*50/72)) {
				t.Errorf("%s: %v pixels, want the a5 page at 50 dpi", tt.file, b)
			}
			for y := 0; y < img.Bounds().Dy(); y++ {
				for x := 0; x < img.Bounds().Dx(); x++ {
					if !rastertest.IsGray(img.At(x, y), 0) {
						t.Fatalf("%s: a colour pixel at (%d, %d) in black ink", tt.file, x, y)
					}
				}
			}
			if i := bytes.Index(data, []byte("pHYs")); i < 0 || !bytes.Equal(data[i+4:i+13], []byte{0, 0, 7, 0xb1, 0, 0, 7, 0xb1, 1}) {
				t.Errorf("%s: no pHYs of 1969 pixels per metre (50 dpi)", tt.file)
			}
		}
	}
}

// TestMazePosterRefusals checks the flags a poster refuses, with exit
// code 2 and no file left behind.
func TestMazePosterRefusals(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--title", "T", "-o", "m.pdf"}, "--title needs --page"},
		{[]string{"--margin", "1in", "-o", "m.pdf"}, "--margin needs --page"},
		{[]string{"--landscape", "-o", "m.pdf"}, "--landscape needs --page"},
		{[]string{"--page", "a4", "--cell", "5mm", "-o", "m.pdf"}, "not both"},
		{[]string{"--page", "a4", "--landscape", "--portrait", "-o", "m.pdf"}, "not both"},
		{[]string{"--page", "b7", "-o", "m.pdf"}, `--page: page size "b7" is unknown`},
		{[]string{"--page", "a4", "--margin", "-3mm", "-o", "m.pdf"}, "--margin"},
		{[]string{"--page", "a4", "--margin", "12cm", "-o", "m.pdf"}, "leaves almost nothing"},
		{[]string{"--page", "a4", "--title", "two\nlines", "-o", "m.pdf"}, "--title: the title must be one line"},
		{[]string{"--page", "a4", "-o", "m.txt"}, "--page draws a page"},
		{[]string{"--page", "a4"}, "--page draws a page"},
		{[]string{"--page", "a4", "--wall", "2in", "-o", "m.pdf"}, "too thick"},
		{[]string{"--color", "sepia", "-o", "m.pdf"}, `--color "sepia" is unknown (known: color, grayscale, black)`},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		code, _, stderr := mazebook(t, dir, append([]string{"maze"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%q left %s behind", tt.args, entries[0].Name())
		}
	}
}

// TestMazeWithoutPageIsUnchanged checks that without --page the maze's
// page is still sized to the maze: the same bytes whatever --color says
// about a colour maze, and a page that grows with --cell.
func TestMazeWithoutPageIsUnchanged(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"maze", "--size", "10x8", "--solution", "-o", "a.svg"},
		{"maze", "--size", "10x8", "--solution", "--color", "color", "-o", "b.svg"},
		{"maze", "--size", "10x8", "--solution", "--cell", "16mm", "-o", "c.pdf"},
	} {
		if code, _, stderr := mazebook(t, dir, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.svg"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.svg"))
	if !bytes.Equal(a, b) {
		t.Error("--color color changes the maze")
	}
	dims, err := api.PageDimsFile(filepath.Join(dir, "c.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// 10 cells of 16mm, the marks' room and 18pt of margin a side.
	room := draw.RoomFor(draw.Shapes, "", "", nil).AbsX
	if want := 10*16*72/25.4 + 2*room + 36; len(dims) != 1 || math.Abs(dims[0].Width-want) > 0.01 {
		t.Errorf("page %v, want %g wide", dims, want)
	}
}

// TestMazeDifficulty checks that maze --difficulty makes a maze of the
// level it names, as a book would, the same one twice; and that build
// --page builds the book on that page.
func TestMazeDifficulty(t *testing.T) {
	dir := t.TempDir()
	for _, level := range []string{"1", "easy", "medium", "7", "expert"} {
		var first string
		for range 2 {
			code, out, stderr := mazebook(t, dir, "maze", "--difficulty", level, "--stats")
			if code != 0 {
				t.Fatalf("--difficulty %s: exit %d: %s", level, code, stderr)
			}
			var got struct{ Level int }
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			from, _, _ := spec.ParseDifficulty(level)
			if got.Level != from {
				t.Errorf("--difficulty %s: a level-%d maze", level, got.Level)
			}
			if first != "" && out != first {
				t.Errorf("--difficulty %s: two runs gave two mazes", level)
			}
			first = out
		}
	}
	if code, _, stderr := mazebook(t, dir, "build", "--page", "a5", "-o", "a5.pdf", "-q"); code != 0 {
		t.Fatalf("build --page a5: %s", stderr)
	}
	dims, err := api.PageDimsFile(filepath.Join(dir, "a5.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dims) != 8 || math.Abs(dims[0].Width-148*72/25.4) > 0.5 || math.Abs(dims[0].Height-210*72/25.4) > 0.5 {
		t.Errorf("build --page a5 made pages of %v", dims)
	}
}
