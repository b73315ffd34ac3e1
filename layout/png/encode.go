package png

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// encoder writes a PNG band of rows by band, so that a page is never held
// whole: 8-bit grey or RGB, no interlacing, each row filtered as libpng
// and image/png choose (the filter whose bytes, read as signed, sum to
// the least; see filterRow), deflated at the fastest level into IDAT
// chunks.
type encoder struct {
	w    *bufio.Writer
	z    *zlib.Writer
	idat chunkWriter
	err  error
}

// PNG's filters.
const (
	filterNone = iota
	filterSub
	filterUp
	filterAverage
	filterPaeth
)

// newEncoder writes the signature, the header and the resolution of a
// width by height image of grey (1 byte a pixel) or RGB (3) at dpi.
func newEncoder(w io.Writer, width, height, bpp int, dpi float64) (*encoder, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	e := &encoder{w: bw}
	e.idat.w = bw
	colour := byte(0) // grey
	if bpp == 3 {
		colour = 2 // truecolour
	}
	head := make([]byte, 0, 13)
	head = binary.BigEndian.AppendUint32(head, uint32(width))
	head = binary.BigEndian.AppendUint32(head, uint32(height))
	head = append(head, 8, colour, 0, 0, 0) // 8 bits, deflate, adaptive filters, no interlace
	bw.Write(pngSignature)
	writeChunk(bw, "IHDR", head)
	bw.Write(physChunk(dpi))
	z, err := zlib.NewWriterLevel(&e.idat, zlib.BestSpeed)
	if err != nil {
		return nil, err
	}
	e.z = z
	return e, nil
}

// write deflates filtered rows, each its filter byte and its bytes.
func (e *encoder) write(filtered []byte) error {
	if e.err == nil {
		_, e.err = e.z.Write(filtered)
	}
	return e.err
}

// filterBand filters the rows of a band, each rowBytes long, into dst
// (each row its filter byte and its bytes), prev being the row above the
// band's first (zeros above the image's first).
func filterBand(dst, rows, prev []byte, rowBytes, bpp int) {
	for y := 0; y < len(rows)/rowBytes; y++ {
		cur := rows[y*rowBytes : (y+1)*rowBytes]
		filterRow(dst[y*(rowBytes+1):(y+1)*(rowBytes+1)], cur, prev, bpp)
		prev = cur
	}
}

// filterRow writes row cur under the filter that leaves the smallest sum
// of absolute (signed) bytes into dst, its filter byte first: of the
// five, as image/png chooses; prev is the row above. A row the same as
// the one above, most rows of a page of lines, is up-filtered to zeros
// straight away.
func filterRow(dst, cur, prev []byte, bpp int) {
	out := dst[1:]
	if bytes.Equal(cur, prev) {
		dst[0] = filterUp
		clear(out)
		return
	}
	// The sums first, then only the chosen row written.
	var sums [5]int
	for i := range bpp {
		x, b := cur[i], prev[i]
		sums[filterNone] += absSigned(x)
		sums[filterSub] += absSigned(x)
		sums[filterUp] += absSigned(x - b)
		sums[filterAverage] += absSigned(x - b/2)
		sums[filterPaeth] += absSigned(x - b) // a and c are 0: Paeth predicts b
	}
	for i := bpp; i < len(cur); i++ {
		x, a, b, c := cur[i], cur[i-bpp], prev[i], prev[i-bpp]
		sums[filterNone] += absSigned(x)
		sums[filterSub] += absSigned(x - a)
		sums[filterUp] += absSigned(x - b)
		sums[filterAverage] += absSigned(x - byte((int(a)+int(b))/2))
		sums[filterPaeth] += absSigned(x - paethPredictor(a, b, c))
	}
	best := filterNone
	for f := filterSub; f <= filterPaeth; f++ {
		if sums[f] < sums[best] {
			best = f
		}
	}
	dst[0] = byte(best)
	switch best {
	case filterNone:
		copy(out, cur)
	case filterSub:
		copy(out[:bpp], cur[:bpp])
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - cur[i-bpp]
		}
	case filterUp:
		for i := range cur {
			out[i] = cur[i] - prev[i]
		}
	case filterAverage:
		for i := range bpp {
			out[i] = cur[i] - prev[i]/2
		}
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - byte((int(cur[i-bpp])+int(prev[i]))/2)
		}
	case filterPaeth:
		for i := range bpp {
			out[i] = cur[i] - prev[i]
		}
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - paethPredictor(cur[i-bpp], prev[i], prev[i-bpp])
		}
	}
}

// absSigned returns the absolute value of b read as a signed byte.
func absSigned(b byte) int {
	v := int(int8(b))
	m := v >> 63
	return (v ^ m) - m
}

// paethPredictor is PNG's Paeth predictor of a byte from the bytes to
// its left (a), above (b) and above left (c).
func paethPredictor(a, b, c byte) byte {
	pc := int(c)
	pa := int(b) - pc
	pb := int(a) - pc
	pc = pa + pb
	pa = abs(pa)
	pb = abs(pb)
	pc = abs(pc)
	if pa <= pb && pa <= pc {
		return a
	}
	if pb <= pc {
		return b
	}
	return c
}

func abs(v int) int {
	m := v >> 63
	return (v ^ m) - m
}

// close ends the image: the last IDAT chunk and IEND.
func (e *encoder) close() error {
	if e.err != nil {
		return e.err
	}
	if err := e.z.Close(); err != nil {
		return err
	}
	if err := e.idat.flush(); err != nil {
		return err
	}
	writeChunk(e.w, "IEND", nil)
	return e.w.Flush()
}

// chunkWriter gathers deflated bytes into IDAT chunks of up to 64 KB.
type chunkWriter struct {
	w   *bufio.Writer
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if c.buf == nil {
			c.buf = make([]byte, 0, 64<<10)
		}
		k := min(len(p), cap(c.buf)-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == cap(c.buf) {
			if err := c.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

// flush writes the bytes gathered as one IDAT chunk.
func (c *chunkWriter) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	writeChunk(c.w, "IDAT", c.buf)
	c.buf = c.buf[:0]
	// bufio keeps the first error and returns it from every later call.
	_, err := c.w.Write(nil)
	return err
}

// writeChunk writes a chunk: its length, type, data and CRC.
func writeChunk(w *bufio.Writer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	w.WriteString(kind)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
