// Package picture reads the pictures a spec may draw as markers: PNG and
// JPEG files decoded with the standard library, SVG files rasterised with
// oksvg. Each is checked against the limits before it is decoded and made
// a small picture, at most MaxSide pixels a side, the same bytes giving
// the same pixels on every machine.
package picture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"path"
	"strings"

	"mazebook/internal/svgraster"
)

// Limits of a picture file.
const (
	// MaxFile is the largest picture file read: 5 MB.
	MaxFile = 5 << 20
	// MaxPixels is the most pixels a PNG or JPEG picture may have: 4
	// megapixels.
	MaxPixels = 4_000_000
	// MaxSide is the most pixels a side of a picture is kept with, and
	// the size an SVG picture is drawn at: a marker is printed at most an
	// inch across (256 dots an inch or more).
	MaxSide = 256
)

// Exts are the file extensions of the pictures Read reads.
var Exts = []string{".png", ".jpg", ".jpeg", ".svg"}

// Read reads a picture from the contents of the file called name, whose
// extension says its format, and returns it at most MaxSide pixels a side
// (shrunk by averaging, keeping its proportions). A file larger than
// MaxFile, a PNG or JPEG of more than MaxPixels, a file that is not what
// its extension says and an SVG that draws nothing are errors.
func Read(name string, data []byte) (img *image.NRGBA, err error) {
	if len(data) > MaxFile {
		return nil, fmt.Errorf("the file is larger than %d MB", MaxFile>>20)
	}
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".png":
		return readRaster(data, "PNG", png.DecodeConfig, png.Decode)
	case ".jpg", ".jpeg":
		return readRaster(data, "JPEG", jpeg.DecodeConfig, jpeg.Decode)
	case ".svg":
		return readSVG(data)
	}
	return nil, fmt.Errorf("give a .png, .jpg or .svg file")
}

// readRaster decodes a PNG or a JPEG, once its header says its size is
// within the limits.
func readRaster(data []byte, format string, config func(io.Reader) (image.Config, error), decode func(io.Reader) (image.Image, error)) (*image.NRGBA, error) {
	cfg, err := config(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a %s picture: %v", format, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("the picture is empty")
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("the picture is %dx%d pixels; the most is %d megapixels", cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	src, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a %s picture: %v", format, err)
	}
	return Shrink(src, MaxSide), nil
}

// readSVG draws an SVG picture, its longer side MaxSide pixels, on a
// transparent ground (see svgraster.Draw: elements oksvg does not draw
// are left out, and the work a picture may cause is bounded).
func readSVG(data []byte) (*image.NRGBA, error) {
	rgba, err := svgraster.Draw(data, MaxSide)
	if err != nil {
		return nil, err
	}
	out := image.NewNRGBA(rgba.Bounds())
	draw.Draw(out, out.Bounds(), rgba, image.Point{}, draw.Src)
	for i := 3; i < len(out.Pix); i += 4 {
		if out.Pix[i] != 0 {
			return out, nil
		}
	}
	return nil, errors.New("the SVG picture draws nothing mazebook can show (no shape with a fill or a stroke)")
}

// The work an SVG picture may cause as it is drawn (see svgraster): a
// picture of MaxSide pixels a side covers 65,536 at once.
const (
	MaxSVGSegments = svgraster.MaxSegments
	MaxSVGCoverage = svgraster.MaxCoverage
)

// Shrink returns src at most side pixels a side, keeping its proportions:
// each pixel the mean of the pixels it covers (weighted by their
// opacity), in whole numbers, so that the result is the same everywhere.
// A picture small enough is only copied.
func Shrink(src image.Image, side int) *image.NRGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	full := image.NewRGBA(image.Rect(0, 0, sw, sh)) // premultiplied
	draw.Draw(full, full.Bounds(), src, b.Min, draw.Src)
	w, h := sw, sh
	if sw > side || sh > side {
		w, h = svgraster.FitSide(float64(sw), float64(sh), side)
	}
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		y0, y1 := y*sh/h, (y+1)*sh/h
		for x := 0; x < w; x++ {
			x0, x1 := x*sw/w, (x+1)*sw/w
			var sum [4]uint64
			for yy := y0; yy < y1; yy++ {
				row := full.Pix[yy*full.Stride+4*x0 : yy*full.Stride+4*x1]
				for i := 0; i < len(row); i += 4 {
					sum[0] += uint64(row[i])
					sum[1] += uint64(row[i+1])
					sum[2] += uint64(row[i+2])
					sum[3] += uint64(row[i+3])
				}
			}
			o := out.PixOffset(x, y)
			n := uint64((x1 - x0) * (y1 - y0))
			a := sum[3]
			out.Pix[o+3] = uint8((a + n/2) / n)
			if a == 0 {
				continue // transparent: no colour
			}
			for c := 0; c < 3; c++ {
				// Un-premultiply: the colour's sum over the alpha's sum.
				out.Pix[o+c] = uint8(min((sum[c]*255+a/2)/a, 255))
			}
		}
	}
	return out
}
