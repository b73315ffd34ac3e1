package png

import (
	"encoding/binary"
	"hash/crc32"
	"math"
)

// pngSignature opens every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

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
