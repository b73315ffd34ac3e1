// Package rastertest turns rendered pages back into pixels, through readers
// independent of the code that wrote them, so tests can check what a person
// would see: an SVG through the oksvg rasteriser, a PDF through poppler's
// pdftoppm. It also has the pixel tests such checks need: IsDark, IsLight,
// IsRed, IsGray, IsMidGray and a flood fill, Reachable.
//
// It is meant for tests; it runs external programs and does no caching.
package rastertest

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// ErrNoPdftoppm is returned by FromPDF when pdftoppm is not installed, so
// that callers can skip:
//
//	if errors.Is(err, rastertest.ErrNoPdftoppm) { t.Skip(err) }
var ErrNoPdftoppm = errors.New("pdftoppm is not installed (Debian package poppler-utils)")

// FromSVG rasterises an SVG document at scale pixels per user unit (per
// point, for the documents layout/svg writes), on white, with oksvg. The
// image is ceil(viewBox width × scale) by ceil(viewBox height × scale)
// pixels (ignoring rounding errors below a millionth of a pixel), as
// layout/png makes it, and the drawing is scaled exactly by
// scale, so the two line up pixel for pixel. Stroke widths are scaled too
// (oksvg by itself draws them in pixels whatever the scale); a transform
// attribute on an element does not scale its strokes. Elements oksvg does
// not know are an error.
func FromSVG(data []byte, scale float64) (*image.RGBA, error) {
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("read svg: scale %g is not positive", scale)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.StrictErrorMode)
	if err != nil {
		return nil, fmt.Errorf("read svg: %w", err)
	}
	fw, fh := float64(icon.ViewBox.W*scale), float64(icon.ViewBox.H*scale)
	if !(fw > 0 && fh > 0) || fw*fh > 400_000_000 {
		return nil, fmt.Errorf("read svg: a %gx%g pixel image is out of range", fw, fh)
	}
	w, h := int(math.Ceil(fw-1e-6)), int(math.Ceil(fh-1e-6))
	icon.SetTarget(0, 0, fw, fh)
	// oksvg strokes with the width in output pixels, ignoring the target
	// transform; scale the widths as a viewer would.
	for i := range icon.SVGPaths {
		icon.SVGPaths[i].LineWidth *= scale
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	scanner := rasterx.NewScannerGV(w, h, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	return img, nil
}

// FromPDF rasterises page page (from 1) of the PDF file at pdfPath with
// `pdftoppm -png -r dpi -f page -l page`. It returns ErrNoPdftoppm when
// pdftoppm is not on PATH.
func FromPDF(pdfPath string, page, dpi int) (*image.RGBA, error) {
	if page < 1 || dpi < 1 {
		return nil, fmt.Errorf("pdftoppm: page %d at %d dpi is out of range", page, dpi)
	}
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
	cmd := exec.Command(bin, "-png", "-r", strconv.Itoa(dpi), "-f", n, "-l", n, "-singlefile", pdfPath, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pdftoppm %s page %d: %v: %s", pdfPath, page, err, msg)
	}
	f, err := os.Open(out + ".png")
	if err != nil {
		return nil, fmt.Errorf("pdftoppm %s page %d: %w", pdfPath, page, err)
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

// luma returns the brightness of c from 0 (black) to 255 (white), by the
// Rec. 601 weights. A transparent colour counts as black: the images here
// are opaque.
func luma(c color.Color) int {
	r, g, b, _ := c.RGBA()
	return int((299*r + 587*g + 114*b) / 1000 >> 8)
}

// IsLight reports whether c is paper: brightness above 200 of 255. Pale
// colours count as light.
func IsLight(c color.Color) bool { return luma(c) > 200 }

// IsDark reports whether c is dark ink, as walls are: every channel below
// 80 of 255 (so a grey is dark when its brightness is below 80, and a
// saturated red, however low its brightness, is not).
func IsDark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 < 80 && g>>8 < 80 && b>>8 < 80
}

// IsRed reports whether c is a clearly red ink, as the solution is.
func IsRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 150 && g>>8 < 120 && b>>8 < 120
}

// IsGray reports whether c is a neutral grey, black or white: its red,
// green and blue differ by at most tol of 255 (a pixel of a page printed
// without colour; antialiasing of grey on white keeps the channels
// together).
func IsGray(c color.Color, tol int) bool {
	r, g, b, _ := c.RGBA()
	hi := max(r, g, b) >> 8
	lo := min(r, g, b) >> 8
	return int(hi-lo) <= tol
}

// IsMidGray reports whether c is a neutral grey that is neither paper nor
// dark ink: a grey line, as a grayscale book's solution is.
func IsMidGray(c color.Color) bool { return IsGray(c, 2) && !IsLight(c) && !IsDark(c) }

// Reachable reports whether pixel to can be reached from pixel from
// through 4-connected pixels for which pass is true (both ends included),
// within img's bounds: whether, say, an entrance leads to the exit through
// light pixels. The fill is iterative, so it works on any image size.
func Reachable(img *image.RGBA, from, to image.Point, pass func(color.Color) bool) bool {
	b := img.Bounds()
	if !from.In(b) || !to.In(b) {
		return false
	}
	// pass is asked once a colour: pages have few colours, and most
	// neighbours have the colour of the pixel before.
	memo := make(map[color.RGBA]bool)
	var last color.RGBA
	lastOK, haveLast := false, false
	ok := func(p image.Point) bool {
		c := img.RGBAAt(p.X, p.Y)
		if haveLast && c == last {
			return lastOK
		}
		v, seen := memo[c]
		if !seen {
			v = pass(c)
			memo[c] = v
		}
		last, lastOK, haveLast = c, v, true
		return v
	}
	if !ok(from) || !ok(to) {
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
		for _, d := range [4]image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := p.Add(d)
			if q.In(b) && !seen[idx(q)] && ok(q) {
				seen[idx(q)] = true
				stack = append(stack, q)
			}
		}
	}
	return false
}
