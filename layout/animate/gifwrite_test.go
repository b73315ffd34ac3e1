package animate

import (
	"bytes"
	"image"
	"image/gif"
	"math/rand/v2"
	"testing"
)

// TestGIFWriterAsEncodeAll holds the GIF written as frames come, each
// compressed on another goroutine, to what image/gif's EncodeAll writes
// for the same frames, byte for byte: one frame, and many of every size
// with delays lengthened after they were added.
func TestGIFWriterAsEncodeAll(t *testing.T) {
	pal := palette(testStyle())
	rnd := rand.New(rand.NewPCG(3, 4))
	frame := func(r image.Rectangle) *image.Paletted {
		m := image.NewPaletted(r, pal)
		for i := range m.Pix {
			// Runs of a few colours, as frames have, and noise.
			m.Pix[i] = byte(i / 37 % 5)
			if rnd.IntN(9) == 0 {
				m.Pix[i] = byte(rnd.IntN(len(pal)))
			}
		}
		return m
	}
	for _, n := range []int{1, 2, 40} {
		const w, h = 300, 200
		g := newGIFWriter(pal, w, h)
		want := &gif.GIF{Config: image.Config{ColorModel: pal, Width: w, Height: h}}
		for i := range n {
			r := image.Rect(0, 0, w, h)
			if i > 0 {
				x, y := rnd.IntN(w-1), rnd.IntN(h-1)
				r = image.Rect(x, y, x+1+rnd.IntN(w-x), y+1+rnd.IntN(h-y))
			}
			m := frame(r)
			delay := rnd.IntN(300)
			g.add(m, delay)
			want.Image, want.Delay, want.Disposal = append(want.Image, m), append(want.Delay, delay), append(want.Disposal, gif.DisposalNone)
			if rnd.IntN(3) == 0 {
				g.extend(7)
				want.Delay[i] += 7
			}
		}
		var got, exp bytes.Buffer
		if err := g.writeTo(&got); err != nil {
			t.Fatal(err)
		}
		if err := gif.EncodeAll(&exp, want); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), exp.Bytes()) {
			i := 0
			for i < min(got.Len(), exp.Len()) && got.Bytes()[i] == exp.Bytes()[i] {
				i++
			}
			t.Errorf("%d frames: %d bytes, EncodeAll writes %d; they differ from byte %d", n, got.Len(), exp.Len(), i)
		}
	}
}
