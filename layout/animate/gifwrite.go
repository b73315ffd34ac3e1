package animate

import (
	"bufio"
	"compress/lzw"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math/bits"
)

// gifWriter writes an animated GIF whose frames share one palette and
// loop for ever, compressing each frame on another goroutine as soon as
// it is added, beside the drawing of the next: the bytes image/gif's
// EncodeAll writes for the same frames (tested), in about the time of
// drawing them alone.
type gifWriter struct {
	pal           color.Palette
	width, height int
	frames        chan *image.Paletted
	blocks        [][]byte // each frame's image descriptor and data, once compressed
	delays        []int
	done          chan error
}

func newGIFWriter(pal color.Palette, width, height int) *gifWriter {
	g := &gifWriter{pal: pal, width: width, height: height, frames: make(chan *image.Paletted, 16), done: make(chan error, 1)}
	go func() {
		var err error
		for m := range g.frames {
			if err == nil {
				var b []byte
				b, err = g.imageBlock(m)
				g.blocks = append(g.blocks, b)
			}
		}
		g.done <- err
	}()
	return g
}

// add adds a frame shown for delay hundredths of a second. The frame
// must not change after.
func (g *gifWriter) add(m *image.Paletted, delay int) {
	g.frames <- m
	g.delays = append(g.delays, delay)
}

// extend shows the last frame delay hundredths of a second longer.
func (g *gifWriter) extend(delay int) { g.delays[len(g.delays)-1] += delay }

// abort stops the compression, for a film that failed.
func (g *gifWriter) abort() {
	close(g.frames)
	<-g.done
}

// writeTo waits for the frames to be compressed and writes the file.
func (g *gifWriter) writeTo(w io.Writer) error {
	close(g.frames)
	if err := <-g.done; err != nil {
		return err
	}
	if len(g.blocks) == 0 {
		return errors.New("no frame")
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("GIF89a")
	size := paletteBits(len(g.pal))
	bw.Write(binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(nil, uint16(g.width)), uint16(g.height)))
	bw.Write([]byte{0x80 | byte(size), 0, 0}) // a global colour table; background 0; no aspect ratio
	table := make([]byte, 3<<(size+1))
	for i, c := range g.pal {
		r, gg, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gg>>8), byte(b>>8)
	}
	bw.Write(table)
	if len(g.blocks) > 1 {
		bw.Write([]byte{0x21, 0xff, 0x0b})
		bw.WriteString("NETSCAPE2.0")
		bw.Write([]byte{3, 1, 0, 0, 0}) // loop for ever
	}
	transparentIndex := -1
	for i, c := range g.pal {
		if _, _, _, a := c.RGBA(); a == 0 {
			transparentIndex = i
			break
		}
	}
	for i, b := range g.blocks {
		// The graphic control extension: each frame left in place for the
		// next to draw over, the delay, and the transparent colour.
		flags, ti := byte(gif.DisposalNone<<2), byte(0)
		if transparentIndex >= 0 {
			flags, ti = flags|1, byte(transparentIndex)
		}
		bw.Write([]byte{0x21, 0xf9, 4, flags, byte(g.delays[i]), byte(g.delays[i] >> 8), ti, 0})
		bw.Write(b)
	}
	bw.WriteByte(0x3b)
	return bw.Flush()
}

// paletteBits returns the n for which a colour table of 2^(n+1) entries
// holds n colours, as image/gif rounds it.
func paletteBits(n int) int {
	if n < 2 {
		return 0
	}
	return bits.Len(uint(n-1)) - 1
}

// imageBlock returns the image descriptor and the compressed pixels of
// m, in sub-blocks of 255 bytes, using the global colour table.
func (g *gifWriter) imageBlock(m *image.Paletted) ([]byte, error) {
	b := m.Bounds()
	if b.Empty() || !b.In(image.Rect(0, 0, g.width, g.height)) {
		return nil, errors.New("gif: a frame lies outside the picture")
	}
	out := []byte{0x2c}
	for _, v := range []int{b.Min.X, b.Min.Y, b.Dx(), b.Dy()} {
		out = binary.LittleEndian.AppendUint16(out, uint16(v))
	}
	lit := max(2, paletteBits(len(g.pal))+1)
	out = append(out, 0, byte(lit)) // the global colour table; the code size
	sb := &subBlocks{out: out}
	z := lzw.NewWriter(sb, lzw.LSB, lit)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := m.PixOffset(b.Min.X, y)
		if _, err := z.Write(m.Pix[i : i+b.Dx()]); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return sb.close(), nil
}

// subBlocks gathers bytes into GIF sub-blocks: a length byte, then up to
// 255 bytes.
type subBlocks struct {
	out []byte
	n   int // the index of the open sub-block's length byte, or 0 for none
}

func (s *subBlocks) Write(p []byte) (int, error) {
	for _, c := range p {
		if s.n == 0 {
			s.n = len(s.out)
			s.out = append(s.out, 0)
		}
		s.out = append(s.out, c)
		s.out[s.n]++
		if s.out[s.n] == 255 {
			s.n = 0
		}
	}
	return len(p), nil
}

// close ends the data: the block terminator.
func (s *subBlocks) close() []byte { return append(s.out, 0) }
