package read

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // register the JPEG decoder
	_ "image/png"  // register the PNG decoder
	"io"
	"math"
)

// maxImageBytes is the largest picture file read.
const maxImageBytes = 64 << 20

// Image reads a maze from a PNG or JPEG picture (see FromImage).
func Image(r io.Reader, opt Options) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxImageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read the picture: %w", err)
	}
	if len(data) > maxImageBytes {
		return nil, fmt.Errorf("%w: the picture file is larger than %d MB", ErrTooLarge, maxImageBytes>>20)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: the picture cannot be decoded: %v", ErrNoMaze, err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("%w: the picture is %dx%d pixels; the most read is %d megapixels", ErrTooLarge, cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: the picture cannot be decoded: %v", ErrNoMaze, err)
	}
	res, err := fromImage(img)
	return withDoors(res, err, opt)
}

// gray is a picture as lightness 0 (black) to 255 (white), with the
// coloured pixels (marks, a drawn solution) apart.
type gray struct {
	w, h int
	lum  []uint8
	// col holds the coloured pixels' colours, 0 for the others.
	col []color.RGBA
}

func (g *gray) at(x, y int) uint8 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return 255
	}
	return g.lum[y*g.w+x]
}

// colourful reports whether r, g, b is a colour rather than a grey: a
// mark or a drawn line, not ink nor paper.
func colourful(r, g, b uint8) bool {
	hi, lo := int(max(r, g, b)), int(min(r, g, b))
	d := hi - lo
	// A dark red stays a colour: a JPEG's blurred colours keep their hue
	// but lose saturation at the edges of a mark.
	return d > 70 && hi > 110 || d > 30 && d*100 > 25*hi
}

// toGray converts a picture; coloured pixels count as paper.
func toGray(img image.Image) *gray {
	b := img.Bounds()
	g := &gray{w: b.Dx(), h: b.Dy()}
	g.lum = make([]uint8, g.w*g.h)
	g.col = make([]color.RGBA, g.w*g.h)
	set := func(i int, r, gg, bb uint8) {
		if colourful(r, gg, bb) {
			g.lum[i] = 255
			g.col[i] = color.RGBA{r, gg, bb, 255}
			return
		}
		g.lum[i] = uint8((299*uint32(r) + 587*uint32(gg) + 114*uint32(bb) + 500) / 1000)
	}
	for y := 0; y < g.h; y++ {
		row := y * g.w
		switch im := img.(type) {
		case *image.Gray:
			copy(g.lum[row:row+g.w], im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):])
		case *image.RGBA:
			// Opaque pictures, as PNG encoders write them, need no
			// blending with the paper.
			p := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
			opaque := true
			for x := 0; x < g.w && opaque; x++ {
				opaque = p[4*x+3] == 255
			}
			if !opaque {
				generalRow(g, img, b, y, set)
				continue
			}
			for x := 0; x < g.w; x++ {
				set(row+x, p[4*x], p[4*x+1], p[4*x+2])
			}
		case *image.YCbCr:
			for x := 0; x < g.w; x++ {
				yi, ci := im.YOffset(b.Min.X+x, b.Min.Y+y), im.COffset(b.Min.X+x, b.Min.Y+y)
				r, gg, bb := color.YCbCrToRGB(im.Y[yi], im.Cb[ci], im.Cr[ci])
				set(row+x, r, gg, bb)
			}
		default:
			generalRow(g, img, b, y, set)
		}
	}
	return g
}

// generalRow converts row y of any picture, its transparent pixels
// blended with white paper.
func generalRow(g *gray, img image.Image, b image.Rectangle, y int, set func(i int, r, g, b uint8)) {
	for x := 0; x < g.w; x++ {
		c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
		a := uint32(c.A)
		blend := func(v uint8) uint8 { return uint8((uint32(v)*a + 255*(255-a)) / 255) }
		set(y*g.w+x, blend(c.R), blend(c.G), blend(c.B))
	}
}

// otsu returns the threshold that best splits the lightness histogram in
// two: ink is below it.
func otsu(lum []uint8) int {
	var hist [256]float64
	for _, v := range lum {
		hist[v]++
	}
	total := float64(len(lum))
	sum := 0.0
	for i, n := range hist {
		sum += float64(i) * n
	}
	best, bestVar := 128, -1.0
	var wB, sumB float64
	for t := 0; t < 256; t++ {
		wB += hist[t]
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += float64(t) * hist[t]
		mB, mF := sumB/wB, (sum-sumB)/wF
		if v := wB * wF * (mB - mF) * (mB - mF); v > bestVar {
			best, bestVar = t+1, v
		}
	}
	return best
}

// FromImage reads a maze from a picture of a rectangular maze of square
// or oblong cells, dark walls on light paper: it thresholds the picture
// (Otsu), finds the skew and turns the picture straight, finds the maze's
// box, the wall thickness and the grid's pitch, then reads every wall
// between cells and every gap in the outer wall. Coloured squares are
// start and goal marks: green or the darker red the start, the other the
// goal; inside the maze they are doors Inside their cells. When no grid
// is found, it finds a way on the picture's free pixels instead (Result.
// Pixels).
func FromImage(img image.Image) (*Result, error) {
	r, err := fromImage(img)
	return withDoors(r, err, Options{})
}

// fromImage is FromImage, returning the maze read with the error of its
// doors (see finish).
func fromImage(img image.Image) (*Result, error) {
	b := img.Bounds()
	if int64(b.Dx())*int64(b.Dy()) > MaxPixels {
		return nil, fmt.Errorf("%w: the picture is %dx%d pixels; the most read is %d megapixels", ErrTooLarge, b.Dx(), b.Dy(), MaxPixels/1_000_000)
	}
	if b.Dx() < 5 || b.Dy() < 5 {
		return nil, fmt.Errorf("%w: the picture is only %dx%d pixels", ErrNoMaze, b.Dx(), b.Dy())
	}
	src := toGray(img)
	thr := otsu(src.lum)
	lo, hi := 255, 0
	for _, v := range src.lum {
		lo, hi = min(lo, int(v)), max(hi, int(v))
	}
	if hi-lo < 60 {
		return nil, fmt.Errorf("%w: the picture has no dark lines on a light ground", ErrNoMaze)
	}
	skew := skewAngle(src, thr)
	g := src
	if math.Abs(skew) > 0.05 {
		g = rotate(src, skew)
	}
	box, walls, ok := mazeBox(g, thr)
	if !ok {
		return nil, fmt.Errorf("%w: the picture has no dark lines on a light ground", ErrNoMaze)
	}
	res, err := readGrid(g, thr, box, walls)
	if res != nil {
		res.Skew = math.Round(skew*10) / 10
		return res, err // the maze read, its doors chosen or not
	}
	if err != errNoGrid {
		return nil, err
	}
	return pixelRoute(img, src, thr)
}

// errNoGrid sends FromImage to the pixel route.
var errNoGrid = fmt.Errorf("%w: no regular grid of walls was found", ErrNotGrid)
