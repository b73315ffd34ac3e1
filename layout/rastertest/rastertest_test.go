package rastertest

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
)

var (
	white = color.RGBA{255, 255, 255, 255}
	black = color.RGBA{0, 0, 0, 255}
)

// walled returns a w×h white image with a black vertical wall at x = w/2
// from the top to row gapAt, leaving rows gapAt.. open (none when gapAt
// >= h).
func walled(w, h, gapAt int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(white), image.Point{}, draw.Src)
	for y := 0; y < min(gapAt, h); y++ {
		img.SetRGBA(w/2, y, black)
	}
	return img
}

func TestReachable(t *testing.T) {
	diagonal := walled(10, 10, 10)
	// A diagonal of dark pixels: 8-connected light pixels could cross it,
	// 4-connected ones cannot.
	draw.Draw(diagonal, diagonal.Bounds(), image.NewUniform(white), image.Point{}, draw.Src)
	for i := 0; i < 10; i++ {
		diagonal.SetRGBA(i, 9-i, black)
	}
	offset := walled(20, 10, 10).SubImage(image.Rect(5, 2, 20, 10)).(*image.RGBA)
	tests := []struct {
		name     string
		img      *image.RGBA
		from, to image.Point
		want     bool
	}{
		{"through the gap", walled(20, 10, 7), image.Pt(0, 0), image.Pt(19, 0), true},
		{"wall without a gap", walled(20, 10, 10), image.Pt(0, 0), image.Pt(19, 0), false},
		{"same side", walled(20, 10, 10), image.Pt(0, 0), image.Pt(9, 9), true},
		{"to itself", walled(20, 10, 10), image.Pt(3, 3), image.Pt(3, 3), true},
		{"from a dark pixel", walled(20, 10, 10), image.Pt(10, 0), image.Pt(0, 0), false},
		{"to a dark pixel", walled(20, 10, 10), image.Pt(0, 0), image.Pt(10, 0), false},
		{"out of bounds", walled(20, 10, 10), image.Pt(0, 0), image.Pt(20, 0), false},
		{"diagonal wall is closed (4-connected)", diagonal, image.Pt(0, 0), image.Pt(9, 9), false},
		{"sub-image bounds", offset, image.Pt(5, 2), image.Pt(9, 9), true},
		{"outside a sub-image", offset, image.Pt(5, 2), image.Pt(1, 1), false},
		{"sub-image wall", offset, image.Pt(5, 2), image.Pt(19, 9), false},
		// A snake through a large image would overflow a recursive fill.
		{"large image", walled(1500, 1500, 1499), image.Pt(0, 0), image.Pt(1499, 0), true},
	}
	for _, tt := range tests {
		if got := Reachable(tt.img, tt.from, tt.to, IsLight); got != tt.want {
			t.Errorf("%s: Reachable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestColours(t *testing.T) {
	tests := []struct {
		c                color.Color
		dark, light, red bool
	}{
		{black, true, false, false},
		{white, false, true, false},
		{color.RGBA{214, 40, 40, 255}, false, false, true},
		{color.RGBA{255, 0, 0, 255}, false, false, true},
		{color.RGBA{128, 128, 128, 255}, false, false, false},
		{color.RGBA{60, 60, 60, 255}, true, false, false},
		{color.RGBA{230, 230, 230, 255}, false, true, false},
		{color.Gray{Y: 10}, true, false, false},
		{color.RGBA{244, 160, 160, 255}, false, false, false},
		{color.RGBA{10, 20, 70, 255}, true, false, false},
		{color.RGBA{0, 0, 0, 0}, true, false, false}, // transparent counts as black
	}
	for _, tt := range tests {
		if IsDark(tt.c) != tt.dark || IsLight(tt.c) != tt.light || IsRed(tt.c) != tt.red {
			t.Errorf("%v: dark %v light %v red %v, want %v %v %v", tt.c, IsDark(tt.c), IsLight(tt.c), IsRed(tt.c), tt.dark, tt.light, tt.red)
		}
	}
}

func TestGrays(t *testing.T) {
	tests := []struct {
		c         color.Color
		gray, mid bool
	}{
		{black, true, false},
		{white, true, false},
		{color.RGBA{115, 115, 115, 255}, true, true},
		{color.RGBA{115, 116, 114, 255}, true, true},
		{color.RGBA{115, 119, 115, 255}, false, false},
		{color.RGBA{214, 40, 40, 255}, false, false},
		{color.RGBA{244, 160, 160, 255}, false, false},
		{color.RGBA{60, 60, 60, 255}, true, false},
		{color.RGBA{220, 220, 220, 255}, true, false},
		{color.Gray{Y: 150}, true, true},
	}
	for _, tt := range tests {
		if IsGray(tt.c, 2) != tt.gray || IsMidGray(tt.c) != tt.mid {
			t.Errorf("%v: gray %v mid %v, want %v %v", tt.c, IsGray(tt.c, 2), IsMidGray(tt.c), tt.gray, tt.mid)
		}
	}
}

const testSVG = `<?xml version="1.0"?>
<svg width="10pt" height="5pt" viewBox="0 0 10 5" xmlns="http://www.w3.org/2000/svg">
<path d="M1 1H3V4H1Z" fill="#000000"/>
<path d="M5 2.5L9 2.5" stroke="#000000" stroke-width="2" fill="none"/>
<g><title>x</title></g>
</svg>`

func TestFromSVG(t *testing.T) {
	img, err := FromSVG([]byte(testSVG), 4)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 40 || b.Dy() != 20 {
		t.Fatalf("image %v, want 40x20", b)
	}
	tests := []struct {
		name string
		x, y int
		dark bool
	}{
		{"fill", 8, 10, true},
		{"beside the fill", 14, 10, false},
		{"stroke centre", 28, 10, true},
		// A 2-unit stroke is 8 pixels wide at scale 4: rows 6 to 13.
		{"stroke top edge", 28, 6, true},
		{"stroke bottom edge", 28, 13, true},
		{"above the stroke", 28, 5, false},
		{"below the stroke", 28, 14, false},
		{"paper", 38, 2, false},
	}
	for _, tt := range tests {
		c := img.At(tt.x, tt.y)
		if tt.dark && !IsDark(c) || !tt.dark && !IsLight(c) {
			t.Errorf("%s at (%d, %d): %v, want dark %v", tt.name, tt.x, tt.y, c, tt.dark)
		}
	}
	// A scale that does not give whole pixels rounds the size up.
	if img, err := FromSVG([]byte(testSVG), 2.5); err != nil {
		t.Error(err)
	} else if b := img.Bounds(); b.Dx() != 25 || b.Dy() != 13 {
		t.Errorf("scale 2.5: %v, want 25x13", b)
	}
	// Rounding errors do not add a row: 792 pt at 600 dpi is 6600 pixels.
	wide := `<svg viewBox="0 0 792 1" xmlns="http://www.w3.org/2000/svg"></svg>`
	if img, err := FromSVG([]byte(wide), 600.0/72); err != nil {
		t.Error(err)
	} else if b := img.Bounds(); b.Dx() != 6600 {
		t.Errorf("792 pt at 600 dpi: %v, want 6600 pixels wide", b)
	}
	for name, bad := range map[string]string{
		"not XML":         "<svg",
		"unknown element": `<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"><foo/></svg>`,
	} {
		if _, err := FromSVG([]byte(bad), 1); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := FromSVG([]byte(testSVG), 0); err == nil {
		t.Error("scale 0: no error")
	}
}

func TestFromPDF(t *testing.T) {
	t.Run("no pdftoppm", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := FromPDF("x.pdf", 1, 72); !errors.Is(err, ErrNoPdftoppm) {
			t.Errorf("error %v, want ErrNoPdftoppm", err)
		}
	})
	tooltest.Require(t, "pdftoppm")
	page := display.Page{Width: 100, Height: 50, Items: []display.Item{
		&display.Fill{Box: display.Box{X: 10, Y: 10, W: 30, H: 30}, Color: display.Black},
	}}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, []display.Page{page, page}, pdf.Metadata{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := FromPDF(path, 2, 144)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 100 {
		t.Errorf("image %v, want 200x100", b)
	}
	if !IsDark(img.At(50, 50)) || !IsLight(img.At(150, 50)) {
		t.Errorf("fill %v, paper %v", img.At(50, 50), img.At(150, 50))
	}
	for name, call := range map[string]func() error{
		"missing file":   func() error { _, err := FromPDF(filepath.Join(t.TempDir(), "none.pdf"), 1, 72); return err },
		"page too large": func() error { _, err := FromPDF(path, 3, 72); return err },
		"page 0":         func() error { _, err := FromPDF(path, 0, 72); return err },
	} {
		if err := call(); err == nil || errors.Is(err, ErrNoPdftoppm) {
			t.Errorf("%s: error %v", name, err)
		}
	}
}
