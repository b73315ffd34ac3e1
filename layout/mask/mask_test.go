package mask

import (
	"bytes"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/maze"
)

// pixels draws b as X/. art, one line per row, for comparing and for
// failure messages.
func pixels(b *maze.Bitmap) string {
	var sb strings.Builder
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			if b.At(x, y) {
				sb.WriteByte('X')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// checkBitmap fails unless b is a well-formed bitmap with a pixel on.
func checkBitmap(t *testing.T, b *maze.Bitmap) {
	t.Helper()
	if b == nil || b.W < 1 || b.H < 1 || b.W*b.H != len(b.On) || b.Count() == 0 {
		t.Fatalf("malformed bitmap %+v", b)
	}
}

func TestFromText(t *testing.T) {
	const heart = `.XX.XX.
XXXXXXX
XXXXXXX
.XXXXX.
..XXX..
...X...
`
	tests := []struct {
		name, art, want string
	}{
		{"heart", heart, heart},
		{"other on and off characters", "\n\n  -_\n #x*\n_* #_\n\n", "XXX\nX.X\n"},
		{"ragged lines are padded", "X\nXXX\nX", "X..\nXXX\nX..\n"},
		{"crlf", "..XX\r\n..X.\r\n", "XX\nX.\n"},
		{"crlf without final newline", "X.X\r\n.X.", "X.X\n.X.\n"},
		{"blank margins cropped", "......\n..X...\n...X..\n......\n", "X.\n.X\n"},
		{"one pixel", "X", "X\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := FromText(tt.art)
			if err != nil {
				t.Fatal(err)
			}
			checkBitmap(t, b)
			if got := pixels(b); got != tt.want {
				t.Errorf("got\n%swant\n%s", got, tt.want)
			}
		})
	}
}

func TestFromTextErrors(t *testing.T) {
	tests := []struct {
		name, art, want string
	}{
		{"question mark", "XX\nX.\nX.X.?X\n", `line 3, column 5: "?" is neither on (X, #, *) nor off (., space, -, _)`},
		{"tab", "X\tX", `line 1, column 2: "\t" is neither on`},
		{"unicode", "XX\r\n.ñ\r\n", `line 2, column 2: "ñ" is neither on`},
		{"column counts characters", "ññ", `line 1, column 1: "ñ"`},
		{"line numbers count leading blank lines", "\n\nX\nO", `line 4, column 1: "O"`},
		{"invalid utf-8", "X\xff", "line 1, column 2: the byte 0xff is not UTF-8 text"},
		{"empty", "", "empty"},
		{"only newlines", "\n\r\n\n", "empty"},
		{"only off", "...\n - \n___\n", "empty"},
		{"too many lines", strings.Repeat("X\n", MaxTextSide+1), "has 1001 lines; it may have at most 1000"},
		{"too long a line", "X\n" + strings.Repeat(".", MaxTextSide+1), "line 2 of the mask art has 1001 characters; a line may have at most 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := FromText(tt.art)
			if err == nil {
				t.Fatalf("no error; got\n%s", pixels(b))
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestFromTextLimit(t *testing.T) {
	line := "X" + strings.Repeat(".", MaxTextSide-2) + "X\n"
	b, err := FromText(strings.Repeat(line, MaxTextSide))
	if err != nil {
		t.Fatal(err)
	}
	if b.W != MaxTextSide || b.H != MaxTextSide || b.Count() != 2*MaxTextSide {
		t.Errorf("got %dx%d with %d on", b.W, b.H, b.Count())
	}
}

// disc returns a w by h white image with a black disc of radius r at its
// centre.
func disc(w, h int, r float64) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				img.SetGray(x, y, color.Gray{0})
			} else {
				img.SetGray(x, y, color.Gray{255})
			}
		}
	}
	return img
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkDisc checks that b is the disc of radius r.
func checkDisc(t *testing.T, b *maze.Bitmap, r float64) {
	t.Helper()
	checkBitmap(t, b)
	d := int(2 * r)
	if b.W < d-2 || b.W > d+2 || b.H < d-2 || b.H > d+2 {
		t.Errorf("disc of radius %g came out %dx%d", r, b.W, b.H)
	}
	if !b.At(b.W/2, b.H/2) {
		t.Error("centre pixel is off")
	}
	for _, c := range [][2]int{{0, 0}, {b.W - 1, 0}, {0, b.H - 1}, {b.W - 1, b.H - 1}} {
		if b.At(c[0], c[1]) {
			t.Errorf("corner %v is on", c)
		}
	}
	area := math.Pi * r * r
	if n := float64(b.Count()); math.Abs(n-area) > 0.05*area {
		t.Errorf("%g pixels on, want %g ± 5%%", n, area)
	}
}

func TestFromImageDisc(t *testing.T) {
	const r = 40
	img := disc(120, 100, r)
	t.Run("png", func(t *testing.T) {
		b, err := FromImage(bytes.NewReader(encodePNG(t, img)))
		if err != nil {
			t.Fatal(err)
		}
		checkDisc(t, b, r)
	})
	t.Run("jpeg", func(t *testing.T) {
		b, err := FromImage(bytes.NewReader(encodeJPEG(t, img)))
		if err != nil {
			t.Fatal(err)
		}
		checkDisc(t, b, r)
	})
	t.Run("colour png", func(t *testing.T) {
		// A dark red disc on a light yellow ground, as RGBA.
		c := image.NewRGBA(img.Bounds())
		for i, v := range img.Pix {
			if v == 0 {
				copy(c.Pix[4*i:], []uint8{120, 0, 0, 255})
			} else {
				copy(c.Pix[4*i:], []uint8{255, 240, 160, 255})
			}
		}
		b, err := FromImage(bytes.NewReader(encodePNG(t, c)))
		if err != nil {
			t.Fatal(err)
		}
		checkDisc(t, b, r)
	})
}

func TestFromImageTransparent(t *testing.T) {
	// A transparent 50x40 image with an opaque black 10x12 square, plus a
	// faint (mostly transparent) black square and an opaque white one,
	// both of which are off.
	img := image.NewNRGBA(image.Rect(0, 0, 50, 40))
	fill := func(x0, y0, x1, y1 int, c color.NRGBA) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	fill(5, 5, 15, 17, color.NRGBA{0, 0, 0, 255})
	fill(30, 5, 40, 15, color.NRGBA{0, 0, 0, 100})
	fill(30, 20, 40, 30, color.NRGBA{255, 255, 255, 255})
	b, err := FromImage(bytes.NewReader(encodePNG(t, img)))
	if err != nil {
		t.Fatal(err)
	}
	checkBitmap(t, b)
	if b.W != 10 || b.H != 12 || b.Count() != 120 {
		t.Errorf("got %dx%d with %d on, want a full 10x12 square:\n%s", b.W, b.H, b.Count(), pixels(b))
	}
}

func TestFromImageHeart(t *testing.T) {
	f, err := os.Open("testdata/heart.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := FromImage(f)
	if err != nil {
		t.Fatal(err)
	}
	checkBitmap(t, b)
	if b.W < 150 || b.W > 200 || b.H < 140 || b.H > 180 {
		t.Fatalf("heart is %dx%d", b.W, b.H)
	}
	mid := b.W / 2
	// The dip between the lobes: the top-middle pixel is off, the lobes
	// on either side of it reach the top.
	if b.At(mid, 0) || b.At(mid, 5) {
		t.Error("top middle, between the lobes, is on")
	}
	if !b.At(b.W/4, 2) || !b.At(3*b.W/4, 2) {
		t.Error("tops of the lobes are off")
	}
	// The point at the bottom: on in the middle, off at the bottom corners.
	for y := b.H - 8; y < b.H; y++ {
		if !b.At(mid, y) {
			t.Errorf("bottom middle (%d, %d) is off", mid, y)
		}
	}
	if b.At(0, b.H-1) || b.At(b.W-1, b.H-1) || b.At(b.W/4, b.H-1) {
		t.Error("a bottom corner is on")
	}
	// Symmetric about the middle, give or take a pixel.
	diff := 0
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			if b.At(x, y) != b.At(b.W-1-x, y) {
				diff++
			}
		}
	}
	if diff > b.H*2 {
		t.Errorf("heart is lopsided: %d pixels differ from their mirror", diff)
	}
}

func TestFromImageErrors(t *testing.T) {
	white := image.NewGray(image.Rect(0, 0, 20, 20))
	for i := range white.Pix {
		white.Pix[i] = 255
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"too wide", encodePNG(t, image.NewGray(image.Rect(0, 0, 5000, 10))), "the mask PNG image is 5000x10 pixels; a mask image may be at most 4096x4096"},
		{"garbage", []byte("this is not a picture at all, just some text"), "the mask is not a PNG or JPEG image"},
		{"empty", nil, "the mask is not a PNG or JPEG image"},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "the mask is not a PNG or JPEG image"},
		{"all white", encodePNG(t, white), "has no dark pixel"},
		{"transparent", encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 8, 8))), "has no dark pixel"},
	}
	// A PNG cut short after its header.
	whole := encodePNG(t, disc(60, 60, 20))
	tests = append(tests, struct {
		name string
		data []byte
		want string
	}{"truncated", whole[:60], "the mask PNG image is damaged or cut short"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := FromImage(bytes.NewReader(tt.data))
			if err == nil {
				t.Fatalf("no error; got %dx%d", b.W, b.H)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

// TestFromImageHugeHeader checks that a PNG claiming to be 9000x9000 is
// refused from its header alone, without decoding (the test data holds
// no pixel data at all).
func TestFromImageHugeHeader(t *testing.T) {
	small := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	// Signature (8) + IHDR length and type (8) + width and height (8); the
	// IHDR CRC is left wrong, and DecodeConfig checks it, so recompute it.
	hdr := append([]byte(nil), small[:33]...)
	put := func(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	put(hdr[16:], 9000)
	put(hdr[20:], 9000)
	put(hdr[29:], crc32.ChecksumIEEE(hdr[12:29]))
	_, err := FromImage(bytes.NewReader(hdr))
	want := "the mask PNG image is 9000x9000 pixels; a mask image may be at most 4096x4096"
	if err == nil || err.Error() != want {
		t.Errorf("got error %v, want %q", err, want)
	}
}

// islands counts the 4-connected components of on pixels in b.
func islands(b *maze.Bitmap) int {
	seen := make([]bool, len(b.On))
	n := 0
	var stack [][2]int
	for i, on := range b.On {
		if !on || seen[i] {
			continue
		}
		n++
		seen[i] = true
		stack = append(stack[:0], [2]int{i % b.W, i / b.W})
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y := p[0]+d[0], p[1]+d[1]
				if b.At(x, y) && !seen[y*b.W+x] {
					seen[y*b.W+x] = true
					stack = append(stack, [2]int{x, y})
				}
			}
		}
	}
	return n
}

func TestFromWord(t *testing.T) {
	t.Run("ANA", func(t *testing.T) {
		b, err := FromWord("ANA")
		if err != nil {
			t.Fatal(err)
		}
		checkBitmap(t, b)
		if b.W <= b.H {
			t.Errorf("ANA is %dx%d, not wider than tall", b.W, b.H)
		}
		if b.H < 90 || b.H > 102 {
			t.Errorf("ANA is %d pixels tall, want about %d", b.H, WordCapHeight)
		}
		if n := islands(b); n != 3 {
			t.Errorf("ANA has %d islands, want 3", n)
		}
	})
	t.Run("I", func(t *testing.T) {
		b, err := FromWord(" I \t")
		if err != nil {
			t.Fatal(err)
		}
		checkBitmap(t, b)
		if b.H <= b.W {
			t.Errorf("I is %dx%d, not taller than wide", b.W, b.H)
		}
		if n := islands(b); n != 1 {
			t.Errorf("I has %d islands", n)
		}
		// An I of Go Bold is a slab-serifed bar: the serifs span the
		// width at top and bottom, the stem runs down the middle.
		for _, y := range []int{2, b.H / 2, b.H - 3} {
			if !b.At(b.W/2, y) {
				t.Errorf("I is off at (%d, %d):\n%s", b.W/2, y, pixels(b))
			}
		}
		if !b.At(1, 2) || !b.At(b.W-2, b.H-3) || b.At(1, b.H/2) || b.At(b.W-2, b.H/2) {
			t.Errorf("I has not the serifed shape of Go Bold:\n%s", pixels(b))
		}
	})
	t.Run("Ñandú", func(t *testing.T) {
		b, err := FromWord("Ñandú")
		if err != nil {
			t.Fatal(err)
		}
		checkBitmap(t, b)
		// Ñ with its tilde, a, n, d, ú with its accent: the tilde and the
		// accent make islands of their own.
		if n := islands(b); n != 7 {
			t.Errorf("Ñandú has %d islands, want 7", n)
		}
		// The tilde stands above the cap height.
		if b.H <= WordCapHeight+10 {
			t.Errorf("Ñandú is only %d pixels tall", b.H)
		}
	})
	t.Run("forty characters", func(t *testing.T) {
		b, err := FromWord(strings.Repeat("W", MaxWordRunes))
		if err != nil {
			t.Fatal(err)
		}
		checkBitmap(t, b)
	})
}

func TestFromWordErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "the mask word is empty"},
		{"spaces", "   \u00a0 ", "the mask word is empty"},
		{"newline", "ANA\nLUIS", "the mask word must be a single line"},
		{"crlf", "ANA\r\nLUIS", "the mask word must be a single line"},
		{"tab", "A\tB", `control character "\t"`},
		{"too long", strings.Repeat("ñ", MaxWordRunes+1), "the mask word has 41 characters; it may have at most 40"},
		{"invalid utf-8", "A\xffB", "not UTF-8"},
		{"not in the font", "A\u4e2d\u6587", "GoBold, has no \u4e2d, \u6587"},
		{"outside the BMP", "A😀", "has no 😀"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := FromWord(tt.text)
			if err == nil {
				t.Fatalf("no error; got\n%s", pixels(b))
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

// TestWordsJoinAlongTheBaseline lays words over grids as a book does and
// checks the cells the maze adds to join their letters: none in the body
// of the letters above their lowest third (a join across the tops reads
// as another letter: C and Í topped by a bar read as a T), and the word's
// capitals span at least maze.TextMinCapRows rows.
func TestWordsJoinAlongTheBaseline(t *testing.T) {
	for _, word := range []string{"LUCÍA", "EMMA", "ZOË", "MAXIMILIAN", "TOM", "ÁNGEL", "YVONNE"} {
		b, err := FromWord(word)
		if err != nil {
			t.Fatal(err)
		}
		shape, _ := maze.LookupShape(maze.Rectangle)
		for _, cells := range []int{maze.TextCells(b) / 2, maze.TextCells(b)} {
			sz, err := maze.MaskSize(shape, b, cells)
			if err != nil {
				t.Fatal(err)
			}
			base, _ := shape.New(sz)
			g, err := maze.Recipe{Shape: maze.Rectangle, Size: sz, Mask: b}.Grid()
			if err != nil {
				t.Fatalf("%s: %v", word, err)
			}
			_, h := base.Size()
			rows := float64(sz.H) * float64(b.CapHeight) / float64(b.H)
			if rows < maze.TextMinCapRows-0.5 {
				t.Errorf("%s over %v: its capitals span %.1f rows", word, sz, rows)
			}
			baseline := float64(b.Baseline) / float64(b.H) * h
			capH := float64(b.CapHeight) / float64(b.H) * h
			ink := maze.SampleMask(base, b)
			mg := g.(*maze.Masked)
			for c := 0; c < mg.Cells(); c++ {
				bc := mg.BaseCell(c)
				if ink[bc] {
					continue
				}
				if y := base.Center(bc).Y; y > baseline-capH && y < baseline-capH/3-1 {
					t.Errorf("%s over %v: a join at row %.1f, in the letters' upper body (baseline %.1f, capitals %.1f high)", word, sz, y, baseline, capH)
				}
			}
		}
	}
}

// TestPictureOutlinesAreSmooth lays the heart picture over grids of every
// size a book gives it and checks its outline: no cell sticks out with one
// neighbour or none (the heart's tip was a one-cell stub), and no cell is
// left out of the heart with all its neighbours but one in it.
func TestPictureOutlinesAreSmooth(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "examples", "heart.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := FromImage(f)
	if err != nil {
		t.Fatal(err)
	}
	shape, _ := maze.LookupShape(maze.Rectangle)
	for _, cells := range []int{40, 80, 150, 250, 400, 1000} {
		sz, err := maze.MaskSize(shape, b, cells)
		if err != nil {
			t.Fatal(err)
		}
		g, err := maze.Recipe{Shape: maze.Rectangle, Size: sz, Mask: b}.Grid()
		if err != nil {
			t.Fatal(err)
		}
		mg := g.(*maze.Masked)
		base := mg.Base()
		kept := make([]bool, base.Cells())
		for c := 0; c < mg.Cells(); c++ {
			kept[mg.BaseCell(c)] = true
		}
		for c := range kept {
			n := 0
			for s := 0; s < base.Sides(c); s++ {
				if nb := base.Neighbor(c, s); nb >= 0 && kept[nb] {
					n++
				}
			}
			switch {
			case kept[c] && n <= 1:
				t.Errorf("%d cells (%v): cell %d sticks out of the heart with %d neighbours", cells, sz, c, n)
			case !kept[c] && n >= 3 && n >= base.Sides(c)-1:
				x, y := base.(maze.Rect).XY(c)
				t.Errorf("%d cells (%v): cell %d (%d, %d) is a notch in the heart", cells, sz, c, x, y)
			}
		}
	}
}
