package png

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	stdpng "image/png"
	"math"
	"testing"
)

// chunk is one chunk of a PNG file.
type chunk struct {
	typ  string
	data []byte
}

// chunks parses a PNG file into its chunks, checking the signature, every
// length and every CRC.
func chunks(t *testing.T, file []byte) []chunk {
	t.Helper()
	if !bytes.HasPrefix(file, pngSignature) {
		t.Fatalf("no PNG signature: % x", file[:min(8, len(file))])
	}
	var out []chunk
	rest := file[8:]
	for len(rest) > 0 {
		if len(rest) < 12 {
			t.Fatalf("%d bytes left over after chunk %d", len(rest), len(out))
		}
		n := int(binary.BigEndian.Uint32(rest))
		if 12+n > len(rest) {
			t.Fatalf("chunk %q of %d bytes runs past the end", rest[4:8], n)
		}
		typ, data := string(rest[4:8]), rest[8:8+n]
		if got, want := binary.BigEndian.Uint32(rest[8+n:]), crc32.ChecksumIEEE(rest[4:8+n]); got != want {
			t.Fatalf("chunk %q: CRC %08x, want %08x", typ, got, want)
		}
		out = append(out, chunk{typ, data})
		rest = rest[12+n:]
	}
	return out
}

// TestPhysChunk checks that a written PNG records its resolution in a
// pHYs chunk right after IHDR, with valid CRCs, in pixels per metre that
// give back the dpi asked for; and that it still decodes.
func TestPhysChunk(t *testing.T) {
	tests := []struct {
		dpi float64
		ppm uint32 // as image viewers and print shops know them
	}{
		{72, 2835},
		{96, 3780},
		{300, 11811},
		{600, 23622},
		{150.5, 5925},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Write(&buf, mazePage(), tt.dpi); err != nil {
			t.Fatal(err)
		}
		cs := chunks(t, buf.Bytes())
		if len(cs) < 4 || cs[0].typ != "IHDR" || cs[1].typ != "pHYs" || cs[len(cs)-1].typ != "IEND" {
			var types []string
			for _, c := range cs {
				types = append(types, c.typ)
			}
			t.Fatalf("%g dpi: chunks %v, want IHDR, pHYs, ..., IEND", tt.dpi, types)
		}
		n := 0
		for _, c := range cs {
			if c.typ == "pHYs" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%g dpi: %d pHYs chunks", tt.dpi, n)
		}
		ph := cs[1].data
		if len(ph) != 9 {
			t.Fatalf("%g dpi: pHYs has %d bytes, want 9", tt.dpi, len(ph))
		}
		x, y, unit := binary.BigEndian.Uint32(ph), binary.BigEndian.Uint32(ph[4:]), ph[8]
		if x != tt.ppm || y != tt.ppm || unit != 1 {
			t.Errorf("%g dpi: pHYs %d x %d per unit %d, want %d per metre (unit 1)", tt.dpi, x, y, unit, tt.ppm)
		}
		if back := float64(x) * 0.0254; math.Abs(back-tt.dpi) > 0.02 {
			t.Errorf("%g dpi: %d pixels per metre reads back as %g dpi", tt.dpi, x, back)
		}
		if _, err := stdpng.Decode(bytes.NewReader(buf.Bytes())); err != nil {
			t.Errorf("%g dpi: the file no longer decodes: %v", tt.dpi, err)
		}
	}
}
