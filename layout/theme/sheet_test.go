package theme

import (
	"flag"
	"fmt"
	"image"
	stdpng "image/png"
	"os"
	"path/filepath"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
)

// These flags write pictures of the themes for people to look at:
//
//	go test ./layout/theme -run Sheets -sheets /tmp/themes  # contact sheets
//	go test ./layout/theme -run Sheets -docs                # docs/themes.png
var (
	sheets = flag.String("sheets", "", "write contact sheets of every pair, six to a sheet (12 mm at 300 dpi, 40 mm at 150 dpi, as printed and photocopied), into this folder")
	docs   = flag.Bool("docs", false, "rewrite ../../docs/themes.png, the manual's picture of every pair")
)

// sheet lays out pairs on a page, perRow pairs to a row, each picture
// side points square and each pair named below when named is set.
func sheet(pairs []Pair, side float64, perRow int, named bool) display.Page {
	gap := side / 4
	label := 0.0
	if named {
		label = 12
	}
	cellW, cellH := 2*side+3*gap, side+gap+label
	rows := (len(pairs) + perRow - 1) / perRow
	page := display.Page{Width: float64(perRow)*cellW + gap, Height: float64(rows)*cellH + gap}
	page.Trim = display.Box{W: page.Width, H: page.Height}
	for i, p := range pairs {
		x, y := gap+float64(i%perRow)*cellW, gap+float64(i/perRow)*cellH
		page.Items = append(page.Items, p.Start(display.Box{X: x + gap/2, Y: y, W: side, H: side})...)
		page.Items = append(page.Items, p.Goal(display.Box{X: x + side + 1.5*gap, Y: y, W: side, H: side})...)
		if named {
			page.Items = append(page.Items, &display.Text{X: x + side + gap, Y: y + side + gap/2 + 8, Size: 9, Align: display.AlignCenter, Text: p.Name, Color: display.Black})
		}
	}
	return page
}

// writePNG renders page at dpi into file, thresholded at 50% when
// photocopied is set.
func writePNG(t *testing.T, file string, page display.Page, dpi float64, photocopied bool) {
	t.Helper()
	img, err := png.Render(page, dpi)
	if err != nil {
		t.Fatal(err)
	}
	var out image.Image = img
	if photocopied {
		g := image.NewGray(img.Bounds())
		for i := range g.Pix {
			if img.Pix[4*i+1] >= 128 {
				g.Pix[i] = 255
			}
		}
		out = g
	}
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := stdpng.Encode(f, out); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// mm is a millimetre in points.
const mm = 72 / 25.4

// TestSheets writes the contact sheets and the manual's picture when
// their flags ask for them.
func TestSheets(t *testing.T) {
	if *sheets == "" && !*docs {
		t.Skip("no -sheets folder and no -docs")
	}
	if *sheets != "" {
		if err := os.MkdirAll(*sheets, 0o755); err != nil {
			t.Fatal(err)
		}
		all := Pairs()
		for _, size := range []struct {
			mm, dpi float64
		}{{12, 300}, {40, 150}} {
			for i := 0; i < len(all); i += 6 {
				page := sheet(all[i:min(i+6, len(all))], size.mm*mm, 2, true)
				name := filepath.Join(*sheets, fmt.Sprintf("%gmm-%d", size.mm, i/6+1))
				writePNG(t, name+".png", page, size.dpi, false)
				writePNG(t, name+"-copy.png", page, size.dpi, true)
			}
		}
	}
	if *docs {
		writePNG(t, filepath.Join("..", "..", "docs", "themes.png"), sheet(Pairs(), 12*mm, 7, false), 130, false)
	}
}
