package format

import (
	"testing"

	"mazebook/layout/png"
	"mazebook/layout/spec"
)

// Each format's row carries its limits: a PDF's page side, a PNG's
// pixels and their memory; SVG and the text forms have none.
func TestRowsCarryTheirLimits(t *testing.T) {
	in := spec.PointsPerInch
	for _, c := range []struct {
		ext          string
		w, h, dpi    float64
		refused      bool
		bytes, pages bool
	}{
		{".pdf", 8.5 * in, 11 * in, 300, false, false, true},
		{".pdf", 201 * in, 10 * in, 300, true, false, true},
		{".png", 8.5 * in, 11 * in, 300, false, true, false},
		{".png", 100 * in, 100 * in, 2400, true, true, false},
		{".svg", 201 * in, 201 * in, 2400, false, false, false},
		{".txt", 201 * in, 201 * in, 2400, false, false, false},
		{".pbm", 201 * in, 201 * in, 2400, false, false, false},
	} {
		f, err := ForFile("x"+c.ext, false)
		if err != nil {
			t.Fatal(err)
		}
		var err2 error
		if f.CheckPage != nil {
			err2 = f.CheckPage(c.w, c.h, c.dpi)
		}
		if (err2 != nil) != c.refused {
			t.Errorf("%s of %gx%g pt at %g dpi: %v, want refused %v", c.ext, c.w, c.h, c.dpi, err2, c.refused)
		}
		if (f.Bytes != nil) != c.bytes || (f.WritePages != nil) != c.pages {
			t.Errorf("%s: Bytes %v, WritePages %v", c.ext, f.Bytes != nil, f.WritePages != nil)
		}
		if f.Bytes != nil && f.Bytes(c.w, c.h, c.dpi) != png.Bytes(c.w, c.h, c.dpi) {
			t.Errorf("%s: Bytes is not the PNG's", c.ext)
		}
	}
}
