package maze

import (
	"errors"
	"fmt"
	"math"
)

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
	// Tall, when more than 1, says the text's letters are drawn Tall
	// times as tall as the font draws them, as a condensed capital is
	// (see Taller): CapHeight is the height they are drawn, and a grid
	// under the bitmap has Tall times the rows for its letters' strokes to
	// keep their width (see CapSpan).
	Tall float64
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
	c.CapHeight, c.Baseline, c.Tall, c.Picture = b.CapHeight, b.Baseline-y0, b.Tall, b.Picture
	for y := y0; y <= y1; y++ {
		copy(c.On[(y-y0)*c.W:(y-y0+1)*c.W], b.On[y*b.W+x0:y*b.W+x1+1])
	}
	return c, nil
}

// CapSpan returns the height in pixels of a capital letter of a line of
// text as the font draws it: CapHeight, or less where the letters are
// drawn taller (see Tall). A grid's rows for a capital to read are
// counted in CapSpans: its letters' strokes are as wide at any Tall.
func (b *Bitmap) CapSpan() float64 {
	if b.Tall > 1 {
		return float64(b.CapHeight) / b.Tall
	}
	return float64(b.CapHeight)
}

// Taller returns a line of text (a bitmap with a CapHeight) with its
// letters drawn f times as tall (f at least 1), as a condensed capital is
// drawn from a wide one: the rows of its capitals, from their tops to the
// baseline, repeated, the rows above (accents) and below (descenders) as
// they are, so that an accent stands as far above its letter as the font
// sets it. Its widths stay, and its CapHeight and Baseline move with the
// letters.
func (b *Bitmap) Taller(f float64) (*Bitmap, error) {
	if b.CapHeight <= 0 {
		return nil, errors.New("only a line of text can be drawn taller")
	}
	if !(f >= 1) || f > 16 {
		return nil, fmt.Errorf("letters drawn %g times as tall: they may be 1 to 16 times", f)
	}
	top := max(b.Baseline-b.CapHeight, 0) // the capitals' top row
	body := min(b.Baseline, b.H) - top    // their rows, down to the baseline
	if body <= 0 {
		return nil, errors.New("the text has no capitals to draw taller")
	}
	tall := int(math.Round(float64(float64(body) * f)))
	c, err := NewBitmap(b.W, b.H-body+tall)
	if err != nil {
		return nil, err
	}
	for y := 0; y < c.H; y++ {
		from := y
		switch {
		case y >= top+tall:
			from = y - tall + body
		case y >= top:
			from = top + min(int((float64(y-top)+0.5)/f), body-1)
		}
		copy(c.On[y*c.W:(y+1)*c.W], b.On[from*b.W:(from+1)*b.W])
	}
	c.CapHeight = b.CapHeight - body + tall
	c.Baseline = b.Baseline - body + tall
	c.Tall = max(b.Tall, 1) * float64(c.CapHeight) / float64(b.CapHeight)
	c.Picture = b.Picture
	return c, nil
}

// Lines returns the bitmap set in n lines, one under another gap pixels
// apart and each centred on the widest: its parts (the runs of columns
// with a pixel on, a word's letters) shared out in order, the first
// lines holding one more where they do not share out evenly. Each line
// keeps the bitmap's height, so that its letters stand on one baseline;
// CapHeight, Tall and Picture are kept, and Baseline is the first line's.
// A bitmap of fewer parts than n is an error.
func (b *Bitmap) Lines(n, gap int) (*Bitmap, error) {
	var parts [][2]int // each part's first column and the column past its last
	for x := 0; x < b.W; x++ {
		on := false
		for y := 0; y < b.H && !on; y++ {
			on = b.On[y*b.W+x]
		}
		switch {
		case on && (len(parts) == 0 || parts[len(parts)-1][1] < x):
			parts = append(parts, [2]int{x, x + 1})
		case on:
			parts[len(parts)-1][1] = x + 1
		}
	}
	if n < 1 || len(parts) < n || gap < 0 {
		return nil, fmt.Errorf("a mask of %d parts cannot be set in %d lines", len(parts), n)
	}
	// The columns of each line: its first part's first to its last's last.
	lines := make([][2]int, n)
	at := 0
	for i := range lines {
		k := len(parts) / n
		if i < len(parts)%n {
			k++
		}
		lines[i] = [2]int{parts[at][0], parts[at+k-1][1]}
		at += k
	}
	w := 0
	for _, l := range lines {
		w = max(w, l[1]-l[0])
	}
	c, err := NewBitmap(w, n*b.H+(n-1)*gap)
	if err != nil {
		return nil, err
	}
	for i, l := range lines {
		dx := (w-(l[1]-l[0]))/2 - l[0]
		dy := i * (b.H + gap)
		for y := 0; y < b.H; y++ {
			copy(c.On[(dy+y)*w+l[0]+dx:(dy+y)*w+l[1]+dx], b.On[y*b.W+l[0]:y*b.W+l[1]])
		}
	}
	c.CapHeight, c.Baseline, c.Tall, c.Picture = b.CapHeight, b.Baseline, b.Tall, b.Picture
	return c, nil
}
