package mask

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"
)

func FuzzFromText(f *testing.F) {
	for _, s := range []string{
		"", "X", ".", "\n", "\r\n", "X\r\n.X\r\n", ".XX.XX.\nXXXXXXX\n.XXXXX.\n..XXX..\n...X...\n",
		"#*x\n -_", "X\tX", "ñ", "\xff", "X\n\n\nX", strings.Repeat("X", 1001), "\r", "X\rX",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, art string) {
		b, err := FromText(art)
		if err != nil {
			return
		}
		checkBitmap(t, b)
	})
}

func FuzzFromImage(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("not an image"))
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte("\xff\xd8\xff"))
	d := disc(16, 12, 5)
	f.Add(encodePNG(f, d))
	f.Add(encodeJPEG(f, d))
	pal := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black})
	pal.Pix[5] = 1
	f.Add(encodePNG(f, pal))
	f.Add(encodePNG(f, image.NewNRGBA(image.Rect(0, 0, 3, 3))))
	whole := encodePNG(f, disc(8, 8, 3))
	f.Add(whole[:len(whole)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := FromImage(bytes.NewReader(data))
		if err != nil {
			return
		}
		checkBitmap(t, b)
	})
}
