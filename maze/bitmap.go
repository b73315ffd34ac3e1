package maze

import "fmt"

// Bitmap is a picture of W by H pixels, each on or off, row by row from the
// top left: the shape a mask keeps (see NewMasked). Where it comes from (an
// image, text art, a word set in a font) is for the caller; a Bitmap is
// only pixels.
type Bitmap struct {
	W, H int
	On   []bool
	// CapHeight, when not 0, says the bitmap is a line of text: the height
	// of a capital letter, in pixels, and Baseline the row its letters
	// stand on. A grid under it has rows enough for its capitals to read
	// (see MaskSize), and its letters are joined along the baseline (see
	// JoinIslands).
	CapHeight, Baseline int
	// Picture says the bitmap is a picture's silhouette: laid over a grid,
	// its outline is smoothed (see SmoothMask), as a drawn shape is not.
	Picture bool
}

// NewBitmap returns a w by h bitmap with every pixel off.
func NewBitmap(w, h int) (*Bitmap, error) {
	if w < 1 || h < 1 || int64(w)*int64(h) > MaxCells {
		return nil, fmt.Errorf("a mask of %dx%d pixels: each side must be at least 1 and the whole at most %d pixels", w, h, MaxCells)
	}
	return &Bitmap{W: w, H: h, On: make([]bool, w*h)}, nil
}

// At reports whether pixel (x, y) is on; pixels outside the bitmap are
// off.
func (b *Bitmap) At(x, y int) bool {
	return x >= 0 && y >= 0 && x < b.W && y < b.H && b.On[y*b.W+x]
}

// Set turns pixel (x, y) on or off.
func (b *Bitmap) Set(x, y int, on bool) { b.On[y*b.W+x] = on }

// Count returns the number of pixels on.
func (b *Bitmap) Count() int {
	n := 0
	for _, on := range b.On {
		if on {
			n++
		}
	}
	return n
}

// Crop returns the bitmap cut to the smallest box holding every pixel
// that is on, or an error when none is.
func (b *Bitmap) Crop() (*Bitmap, error) {
	x0, y0, x1, y1 := b.W, b.H, -1, -1
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			if b.On[y*b.W+x] {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < 0 {
		return nil, fmt.Errorf("the mask is empty: no pixel of it is on")
	}
	c, _ := NewBitmap(x1-x0+1, y1-y0+1)
	c.CapHeight, c.Baseline, c.Picture = b.CapHeight, b.Baseline-y0, b.Picture
	for y := y0; y <= y1; y++ {
		copy(c.On[(y-y0)*c.W:(y-y0+1)*c.W], b.On[y*b.W+x0:y*b.W+x1+1])
	}
	return c, nil
}
