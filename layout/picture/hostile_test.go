package picture

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"mazebook/internal/svgraster"
)

// hostileSVGs are pictures made to keep a renderer busy: a stroke of
// countless pieces, countless shapes covering the whole picture, and arcs
// of enormous radius drawn far outside it.
func hostileSVGs() map[string]string {
	var pieces, cover, arcs strings.Builder
	pieces.WriteString(`<path stroke="black" stroke-width="0.5" fill="none" d="M0 0`)
	for i := range 600_000 {
		fmt.Fprintf(&pieces, " L%d %d", i%97, i%89)
	}
	pieces.WriteString(`"/>`)
	for range 20000 {
		cover.WriteString(`<rect x="0" y="0" width="100" height="100" fill="black"/>`)
	}
	for i := range 300 {
		fmt.Fprintf(&arcs, `<path d="M%d 0 A 1e7 1e7 0 1 1 %d 1 A 1e7 1e7 0 1 0 %d 2" stroke="black" stroke-width="3" fill="none"/>`, i, i+1, i)
	}
	wrap := func(body string) string {
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + body + `</svg>`
	}
	return map[string]string{"pieces": wrap(pieces.String()), "cover": wrap(cover.String()), "arcs": wrap(arcs.String())}
}

// TestHostileSVGsRefused reads the hostile pictures and checks each is
// refused as too complex (within the work budget, not after minutes),
// while a real picture is still drawn.
func TestHostileSVGsRefused(t *testing.T) {
	for name, svg := range hostileSVGs() {
		if len(svg) > MaxFile {
			t.Fatalf("%s: %d bytes, over the file limit: the test would not reach the drawing", name, len(svg))
		}
		_, err := Read(name+".svg", []byte(svg))
		if !errors.Is(err, svgraster.ErrTooComplex) {
			t.Errorf("%s: %v, want it refused as too complex", name, err)
		}
	}
	cheese, err := os.ReadFile("../../examples/cheese.svg")
	if err != nil {
		t.Fatal(err)
	}
	if img, err := Read("cheese.svg", cheese); err != nil || img.Bounds().Dx() == 0 {
		t.Errorf("a real picture: %v", err)
	}
}

// FuzzReadSVG reads SVG pictures made from a few shapes with fuzzed
// numbers: a picture is drawn or refused with an error, never a panic,
// and never past the work budget.
func FuzzReadSVG(f *testing.F) {
	f.Add(100.0, 50.0, 1e7, 0.001, 3.0)
	f.Add(1.0, 1.0, 0.5, 1.0, 1.0)
	f.Add(1e-9, 1e9, -5.0, 0.0, 1e6)
	f.Fuzz(func(t *testing.T, view, x, r, dash, width float64) {
		svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g"><path d="M0 0 A %g %g 0 1 1 %g %g L%g 0 Z" stroke="black" stroke-width="%g" stroke-dasharray="%g" fill="red"/><circle cx="%g" cy="%g" r="%g"/></svg>`,
			view, view, r, r, x, x, x, width, dash, x, x, r)
		img, err := Read("f.svg", []byte(svg))
		if err == nil && img == nil {
			t.Fatal("no picture and no error")
		}
	})
}
