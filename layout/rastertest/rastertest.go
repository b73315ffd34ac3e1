// Package rastertest turns rendered pages back into pixels, through readers
// independent of the code that wrote them, so tests can check what a person
// would see: an SVG through the oksvg rasteriser, a PDF through poppler's
// pdftoppm.
package rastertest

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// ErrNoPdftoppm is returned by FromPDF when pdftoppm is not installed.
var ErrNoPdftoppm = errors.New("pdftoppm is not installed (Debian package poppler-utils)")

// FromSVG rasterises an SVG document at scale pixels per user unit, on white.
func FromSVG(data []byte, scale float64) (*image.RGBA, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.StrictErrorMode)
	if err != nil {
		return nil, fmt.Errorf("read svg: %w", err)
	}
	w := int(icon.ViewBox.W*scale + 0.5)
	h := int(icon.ViewBox.H*scale + 0.5)
	icon.SetTarget(0, 0, float64(w), float64(h))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	scanner := rasterx.NewScannerGV(w, h, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	return img, nil
}

// FromPDF rasterises page page (from 1) of the PDF file at path with
// pdftoppm at dpi dots per inch.
func FromPDF(path string, page, dpi int) (*image.RGBA, error) {
	bin, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, ErrNoPdftoppm
	}
	dir, err := os.MkdirTemp("", "rastertest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	n := strconv.Itoa(page)
	out := filepath.Join(dir, "page")
	cmd := exec.Command(bin, "-png", "-r", strconv.Itoa(dpi), "-f", n, "-l", n, "-singlefile", path, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, msg)
	}
	f, err := os.Open(out + ".png")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("decode pdftoppm output: %w", err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
	return img, nil
}

// luma returns the brightness of c from 0 (black) to 255 (white).
func luma(c color.Color) int {
	r, g, b, _ := c.RGBA()
	return int((299*r + 587*g + 114*b) / 1000 >> 8)
}

// IsLight reports whether c is paper: bright and not coloured ink.
func IsLight(c color.Color) bool { return luma(c) > 200 }

// IsDark reports whether c is dark ink, as walls are.
func IsDark(c color.Color) bool { return luma(c) < 80 }

// IsRed reports whether c is a clearly red ink, as the solution is.
func IsRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 150 && g>>8 < 120 && b>>8 < 120
}

// Reachable reports whether pixel to can be reached from pixel from
// through 4-connected pixels that pass, within img's bounds. The fill is
// iterative.
func Reachable(img *image.RGBA, from, to image.Point, pass func(color.Color) bool) bool {
	b := img.Bounds()
	if !from.In(b) || !to.In(b) || !pass(img.At(from.X, from.Y)) {
		return false
	}
	seen := make([]bool, b.Dx()*b.Dy())
	idx := func(p image.Point) int { return (p.Y-b.Min.Y)*b.Dx() + p.X - b.Min.X }
	stack := []image.Point{from}
	seen[idx(from)] = true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p == to {
			return true
		}
		for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := p.Add(d)
			if q.In(b) && !seen[idx(q)] && pass(img.At(q.X, q.Y)) {
				seen[idx(q)] = true
				stack = append(stack, q)
			}
		}
	}
	return false
}
