package png

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
)

// pngSignature opens every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// headerLen is the length of the signature and the IHDR chunk that
// image/png writes first: 8 bytes, then 4 of length, 4 of type, 13 of data
// and 4 of CRC.
const headerLen = 8 + 4 + 4 + 13 + 4

// PixelsPerMetre returns the resolution a pHYs chunk records for dpi dots
// per inch: pixels per metre, rounded (300 dpi is 11811).
func PixelsPerMetre(dpi float64) uint32 {
	return uint32(math.Round(dpi / 0.0254))
}

// physChunk returns a pHYs chunk saying that a pixel is 1/dpi inch wide
// and high: the same number of pixels per metre on both axes, unit 1
// (the metre).
func physChunk(dpi float64) []byte {
	ppm := PixelsPerMetre(dpi)
	c := make([]byte, 0, 4+4+9+4)
	c = binary.BigEndian.AppendUint32(c, 9)
	c = append(c, "pHYs"...)
	c = binary.BigEndian.AppendUint32(c, ppm)
	c = binary.BigEndian.AppendUint32(c, ppm)
	c = append(c, 1)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}

// physWriter passes a PNG stream through to w, putting a pHYs chunk right
// after the IHDR chunk: image/png records no resolution, so that a viewer
// or a print shop would read a 300 dpi picture as 72 dpi. It keeps only
// the header back, so the image is streamed as it is encoded.
type physWriter struct {
	w    io.Writer
	dpi  float64
	head []byte
	done bool
}

func (p *physWriter) Write(b []byte) (int, error) {
	if p.done {
		return p.w.Write(b)
	}
	n := min(len(b), headerLen-len(p.head))
	p.head = append(p.head, b[:n]...)
	if len(p.head) < headerLen {
		return len(b), nil
	}
	if !bytes.Equal(p.head[:8], pngSignature) || string(p.head[12:16]) != "IHDR" {
		return 0, errors.New("write png: the encoder did not start with a PNG header")
	}
	p.done = true
	if _, err := p.w.Write(append(p.head, physChunk(p.dpi)...)); err != nil {
		return 0, err
	}
	if _, err := p.w.Write(b[n:]); err != nil {
		return 0, err
	}
	return len(b), nil
}
