// Package mask reads the shapes a maze may be carved in (a heart, an
// animal, a child's name) from the three kinds of source a spec can give,
// ASCII art, a PNG or JPEG picture, or a word set in the embedded bold
// font, and returns each as a *maze.Bitmap cropped to its on pixels.
//
// Scaling the bitmap to the number of cells of the maze is for the caller.
// Every error is a plain message for people; the caller adds where in the
// spec the mask came from.
package mask

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	_ "image/jpeg" // register the JPEG decoder for image.Decode
	_ "image/png"  // register the PNG decoder for image.Decode
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"

	"mazebook/internal/say"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Limits on the sources.
const (
	// MaxTextSide is the most lines, and the most characters in a line,
	// that ASCII art may have.
	MaxTextSide = 1000
	// MaxImageSide is the widest and tallest a mask image may be, in
	// pixels.
	MaxImageSide = 4096
	// MaxImagePixels is the most pixels a mask image may have (16
	// megapixels, 4096x4096).
	MaxImagePixels = 16 << 20
	// MaxWordRunes is the most characters a word mask may have.
	MaxWordRunes = 40
	// WordCapHeight is the height in pixels of a capital letter of a word
	// mask, before cropping.
	WordCapHeight = 96
	// WordTracking is the room added between the letters of a word mask,
	// in capital heights.
	WordTracking = 0.08
)

// FromText reads ASCII art: one line per row; 'X', 'x', '#' or '*' are on
// (cells of the maze), '.', ' ', '-', '_' off. Lines may end in "\n" or
// "\r\n"; short lines are padded with off pixels, and the result is cropped
// to the on pixels, so blank lines and columns around the shape do not
// matter. Any other character (a tab too) is an error naming its line and
// column, both counted from 1, as is art with nothing on or with more than
// MaxTextSide lines or characters in a line.
func FromText(art string) (*maze.Bitmap, error) {
	lines := strings.Split(art, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	// Blank lines at either end do not count towards the limit.
	first, last := 0, len(lines)-1
	for first <= last && lines[first] == "" {
		first++
	}
	for last >= first && lines[last] == "" {
		last--
	}
	if first > last {
		return nil, errors.New("the mask art is empty: it has no X, # or * to mark the shape")
	}
	if n := last - first + 1; n > MaxTextSide {
		return nil, say.Errorf("the mask art has %v; it may have at most %d", say.Plural(n, "%d line", "%d lines"), MaxTextSide)
	}
	lines = lines[first : last+1]
	width := 0
	for i, l := range lines {
		n := 0
		for col := 1; len(l) > 0; col++ {
			r, size := utf8.DecodeRuneInString(l)
			if r == utf8.RuneError && size == 1 {
				return nil, say.Errorf("line %d, column %d: the byte 0x%02x is not UTF-8 text", first+i+1, col, l[0])
			}
			if _, ok := artPixel(r); !ok {
				return nil, say.Errorf("line %d, column %d: %s is neither on (X, #, *) nor off (., space, -, _)", first+i+1, col, strconv.Quote(string(r)))
			}
			l = l[size:]
			n++
		}
		if n > MaxTextSide {
			return nil, say.Errorf("line %d of the mask art has %v; a line may have at most %d", first+i+1, say.Plural(n, "%d character", "%d characters"), MaxTextSide)
		}
		width = max(width, n)
	}
	if width == 0 {
		return nil, errors.New("the mask art is empty: it has no X, # or * to mark the shape")
	}
	b, err := maze.NewBitmap(width, len(lines))
	if err != nil {
		return nil, err
	}
	for y, l := range lines {
		x := 0
		for _, r := range l {
			on, _ := artPixel(r)
			b.Set(x, y, on)
			x++
		}
	}
	c, err := b.Crop()
	if err != nil {
		return nil, errors.New("the mask art is empty: it has no X, # or * to mark the shape")
	}
	return c, nil
}

// artPixel reports whether r is an on or off pixel of ASCII art, and
// whether it is either.
func artPixel(r rune) (on, ok bool) {
	switch r {
	case 'X', 'x', '#', '*':
		return true, true
	case '.', ' ', '-', '_':
		return false, true
	}
	return false, false
}

// FromImage decodes a PNG or JPEG and returns its dark pixels as on: a
// pixel is on when its luminance, composited over a white background, is
// below 50%, so transparent pixels are off and opaque black ones on. The
// result is cropped to the dark pixels. Images wider or taller than
// MaxImageSide pixels, or with more than MaxImagePixels, are refused before
// they are decoded, as are data that are not a PNG or JPEG and pictures
// with no dark pixel.
func FromImage(r io.Reader) (*maze.Bitmap, error) {
	if r == nil {
		return nil, errors.New("the mask is not a PNG or JPEG image")
	}
	// Read the header first, keeping what it reads, to refuse huge images
	// before allocating them.
	var head bytes.Buffer
	cfg, format, err := image.DecodeConfig(io.TeeReader(r, &head))
	if err != nil || (format != "png" && format != "jpeg") {
		return nil, errors.New("the mask is not a PNG or JPEG image")
	}
	name := strings.ToUpper(format)
	if cfg.Width < 1 || cfg.Height < 1 {
		return nil, say.Errorf("the mask %s image is %dx%d pixels: it has no pixels", name, cfg.Width, cfg.Height)
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide || int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return nil, say.Errorf("the mask %s image is %dx%d pixels; a mask image may be at most %dx%d", name, cfg.Width, cfg.Height, MaxImageSide, MaxImageSide)
	}
	img, format2, err := image.Decode(io.MultiReader(&head, r))
	if err != nil {
		return nil, say.Errorf("the mask %s image is damaged or cut short and cannot be read (%v)", name, err)
	}
	bounds := img.Bounds()
	if format2 != format || bounds.Dx() != cfg.Width || bounds.Dy() != cfg.Height {
		// Cannot happen with the standard decoders; guard the limits anyway.
		return nil, say.Errorf("the mask %s image is damaged and cannot be read", name)
	}
	b, err := maze.NewBitmap(bounds.Dx(), bounds.Dy())
	if err != nil {
		return nil, err
	}
	darkPixels(b, img)
	b.Picture = true // its outline is smoothed on the grid
	c, err := b.Crop()
	if err != nil {
		return nil, say.Errorf("the mask %s image has no dark pixel: draw the shape in black (or any dark colour) on white or on a transparent background", name)
	}
	return c, nil
}

// darkPixels turns on the pixels of b that are dark in img, which has b's
// size.
func darkPixels(b *maze.Bitmap, img image.Image) {
	min := img.Bounds().Min
	set := func(at func(x, y int) bool) {
		for y := 0; y < b.H; y++ {
			for x := 0; x < b.W; x++ {
				if at(min.X+x, min.Y+y) {
					b.Set(x, y, true)
				}
			}
		}
	}
	// Concrete types avoid an allocation per pixel in image.Image.At.
	switch m := img.(type) {
	case *image.Gray:
		set(func(x, y int) bool { return darkColor(m.GrayAt(x, y)) })
	case *image.Gray16:
		set(func(x, y int) bool { return darkColor(m.Gray16At(x, y)) })
	case *image.YCbCr:
		set(func(x, y int) bool { return darkColor(m.YCbCrAt(x, y)) })
	case *image.NRGBA:
		set(func(x, y int) bool { return darkColor(m.NRGBAAt(x, y)) })
	case *image.NRGBA64:
		set(func(x, y int) bool { return darkColor(m.NRGBA64At(x, y)) })
	case *image.RGBA:
		set(func(x, y int) bool { return darkColor(m.RGBAAt(x, y)) })
	case *image.RGBA64:
		set(func(x, y int) bool { return darkColor(m.RGBA64At(x, y)) })
	case *image.Paletted:
		dark := make([]bool, len(m.Palette))
		for i, c := range m.Palette {
			dark[i] = darkColor(c)
		}
		set(func(x, y int) bool {
			i := int(m.ColorIndexAt(x, y))
			return i < len(dark) && dark[i]
		})
	default:
		set(func(x, y int) bool { return darkColor(img.At(x, y)) })
	}
}

// darkColor reports whether c, composited over white, has a luminance
// (ITU-R BT.601 weights, as color.GrayModel uses) below 50%.
func darkColor(c color.Color) bool {
	r, g, b, a := c.RGBA() // alpha-premultiplied, 16 bits
	white := 0xffff - a
	r, g, b = r+white, g+white, b+white
	y := (19595*r + 38470*g + 7471*b + 1<<15) >> 16
	return y < 0x8000
}

// FromWord sets text, 1 to MaxWordRunes characters on one line (spaces
// around it are trimmed), in the embedded bold font with capital letters
// WordCapHeight pixels tall, and returns its ink as on pixels: a pixel is
// on when the glyphs cover at least half of it. The result is cropped to
// the ink. Letters keep the spacing the font gives them, so they usually
// come out as separate islands. A character the font lacks, or a text
// with nothing visible, is an error.
func FromWord(text string) (*maze.Bitmap, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, errors.New("the mask word is empty")
	}
	if !utf8.ValidString(text) {
		return nil, errors.New("the mask word is not UTF-8 text")
	}
	for _, r := range text {
		switch {
		case r == '\n' || r == '\r':
			return nil, errors.New("the mask word must be a single line")
		case unicode.IsControl(r):
			return nil, say.Errorf("the mask word contains the control character %s", strconv.Quote(string(r)))
		}
	}
	if n := utf8.RuneCountInString(text); n > MaxWordRunes {
		return nil, say.Errorf("the mask word has %v; it may have at most %d", say.Plural(n, "%d character", "%d characters"), MaxWordRunes)
	}
	if miss := typeface.Bold.Missing(text); len(miss) > 0 {
		return nil, say.Errorf("the font mask words are drawn in, %s, has no %s", typeface.Bold.Name(), strings.Join(strings.Split(string(miss), ""), ", "))
	}

	// The letters are set apart (WordTracking), so that each keeps its
	// shape on a coarse grid and the word reads; the maze joins them.
	size := wordSize()
	var segs []typeface.Segment
	x := 0.0
	for _, r := range text {
		segs = append(segs, typeface.Outline(typeface.Bold, size, x, 0, string(r))...)
		x += typeface.Width(typeface.Bold, size, string(r))
		if !unicode.IsSpace(r) {
			x += WordTracking * WordCapHeight
		}
	}
	if len(segs) == 0 {
		return nil, say.Errorf("the mask word %q has nothing visible to draw", text)
	}
	// The outline lies within the hull of its points, control points
	// included.
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, s := range segs {
		for _, p := range s.Args[:segArgs(s.Op)] {
			x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
			x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
		}
	}
	const margin = 2
	ox, oy := math.Floor(x0)-margin, math.Floor(y0)-margin
	w, h := int(math.Ceil(x1-ox))+margin, int(math.Ceil(y1-oy))+margin
	if w < 1 || h < 1 || w > 1<<15 || h > 1<<12 {
		return nil, say.Errorf("the mask word %q cannot be drawn", text)
	}

	z := vector.NewRasterizer(w, h)
	open := false
	pt := func(p [2]float64) (float32, float32) { return float32(p[0] - ox), float32(p[1] - oy) }
	for _, s := range segs {
		a := s.Args
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				z.ClosePath()
			}
			z.MoveTo(pt(a[0]))
			open = true
		case sfnt.SegmentOpLineTo:
			z.LineTo(pt(a[0]))
		case sfnt.SegmentOpQuadTo:
			bx, by := pt(a[0])
			cx, cy := pt(a[1])
			z.QuadTo(bx, by, cx, cy)
		case sfnt.SegmentOpCubeTo:
			bx, by := pt(a[0])
			cx, cy := pt(a[1])
			dx, dy := pt(a[2])
			z.CubeTo(bx, by, cx, cy, dx, dy)
		}
	}
	if open {
		z.ClosePath()
	}
	cover := image.NewAlpha(image.Rect(0, 0, w, h))
	z.Draw(cover, cover.Bounds(), image.Opaque, image.Point{})

	b, err := maze.NewBitmap(w, h)
	if err != nil {
		return nil, err
	}
	b.CapHeight, b.Baseline = WordCapHeight, int(math.Round(-oy)) // the outline's baseline is y = 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if cover.Pix[y*cover.Stride+x] >= 0x80 {
				b.Set(x, y, true)
			}
		}
	}
	c, err := b.Crop()
	if err != nil {
		return nil, say.Errorf("the mask word %q has nothing visible to draw", text)
	}
	return c, nil
}

// segArgs returns how many of a segment's points op uses.
func segArgs(op sfnt.SegmentOp) int {
	switch op {
	case sfnt.SegmentOpQuadTo:
		return 2
	case sfnt.SegmentOpCubeTo:
		return 3
	}
	return 1
}

// wordSize returns the font size that gives the bold face's capitals a
// height of WordCapHeight pixels, measured once from the outline of "H".
var wordSize = sync.OnceValue(func() float64 {
	const probe = 1000.0
	top, bottom := math.Inf(1), math.Inf(-1)
	for _, s := range typeface.Outline(typeface.Bold, probe, 0, 0, "H") {
		for _, p := range s.Args[:segArgs(s.Op)] {
			top, bottom = math.Min(top, p[1]), math.Max(bottom, p[1])
		}
	}
	capHeight := bottom - top
	if !(capHeight > 0) {
		capHeight = 0.7 * probe
	}
	return WordCapHeight * probe / capHeight
})
