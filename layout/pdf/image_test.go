package pdf

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout/display"
	"mazebook/layout/rastertest"
)

// solid returns a w by h picture of one colour, its right half
// transparent when half is set.
func solid(w, h int, c color.NRGBA, half bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !half || x < w/2 {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	return img
}

// picturePages are two pages showing three pictures, two of one width,
// one of them on both pages and twice on the first.
func picturePages() []display.Page {
	blue := solid(32, 32, color.NRGBA{20, 40, 200, 255}, false)
	green := solid(32, 16, color.NRGBA{20, 160, 40, 255}, true)
	orange := solid(48, 20, color.NRGBA{240, 140, 20, 255}, false)
	page := func(items ...display.Item) display.Page {
		return display.Page{Width: 200, Height: 150, Trim: display.Box{W: 200, H: 150}, Items: items}
	}
	return []display.Page{
		page(&display.Image{Box: display.Box{X: 20, Y: 20, W: 40, H: 40}, Picture: blue},
			&display.Image{Box: display.Box{X: 100, Y: 20, W: 60, H: 30}, Picture: green},
			&display.Image{Box: display.Box{X: 20, Y: 90, W: 20, H: 20}, Picture: blue},
			&display.Image{Box: display.Box{X: 150, Y: 90, W: 0, H: 20}, Picture: orange}),
		page(&display.Image{Box: display.Box{X: 30, Y: 30, W: 48, H: 20}, Picture: orange},
			&display.Image{Box: display.Box{X: 120, Y: 60, W: 32, H: 32}, Picture: blue}),
	}
}

// TestPictures checks that pictures are embedded once each, whatever the
// order fpdf keeps its images in (the same bytes every time, though two
// have one width), and drawn where their boxes are, transparent parts
// showing the paper: read back with pdfimages and pdftoppm.
func TestPictures(t *testing.T) {
	first := write(t, picturePages(), Metadata{Created: created})
	for i := 0; i < 20; i++ {
		if !bytes.Equal(first, write(t, picturePages(), Metadata{Created: created})) {
			t.Fatal("the same pictures gave two documents")
		}
	}
	if n := bytes.Count(first, []byte("/Subtype /Image")); n != 4 {
		t.Errorf("%d image objects, want 4 (three pictures and a soft mask)", n)
	}
	for _, tool := range []string{"pdfimages", "pdftoppm"} {
		tooltest.Require(t, tool)
	}
	path := filepath.Join(t.TempDir(), "pictures.pdf")
	if err := os.WriteFile(path, first, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfimages", "-list", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfimages: %v\n%s", err, out)
	}
	var rows []string
	for _, line := range strings.Split(string(out), "\n")[2:] {
		if f := strings.Fields(line); len(f) > 4 {
			rows = append(rows, f[0]+" "+f[2]+" "+f[3]+"x"+f[4])
		}
	}
	// The green picture, as wide as the blue, is a column wider.
	want := "1 image 32x32|1 image 33x16|1 smask 33x16|1 image 32x32|2 image 48x20|2 image 32x32"
	if got := strings.Join(rows, "|"); got != want {
		t.Errorf("pdfimages lists %s, want %s", got, want)
	}
	img, err := rastertest.FromPDF(path, 1, 144)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		x, y float64
		want color.RGBA
	}{
		{40, 40, color.RGBA{20, 40, 200, 255}},     // blue
		{30, 100, color.RGBA{20, 40, 200, 255}},    // blue again, smaller
		{110, 35, color.RGBA{20, 160, 40, 255}},    // green's left half
		{150, 35, color.RGBA{255, 255, 255, 255}},  // its transparent half
		{10, 10, color.RGBA{255, 255, 255, 255}},   // paper
		{160, 100, color.RGBA{255, 255, 255, 255}}, // the box of no width
	} {
		c := img.RGBAAt(int(tt.x*2), int(tt.y*2))
		if d := max(diff(c.R, tt.want.R), diff(c.G, tt.want.G), diff(c.B, tt.want.B)); d > 12 {
			t.Errorf("at (%g, %g) the page is %v, want %v", tt.x, tt.y, c, tt.want)
		}
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
