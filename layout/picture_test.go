package layout_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/words"
)

// The tests in this file hold a themed book's picture layer to what a
// children's book designer asks of it: a scene about every maze, never
// under it, that survives a photocopy; an illustrated title page; and a
// certificate at the end of a book for young children, in every
// language.

// TestEveryThemeDrawsItsScene builds a black-ink book of each theme and
// checks each of its puzzle pages: it has a scene; no item of the scene
// comes near a maze's ink (its walls and door marks) or a caption, nor
// any text of the page; the page is drawn in black only; and on a
// photocopy (thresholded at 50%) ink is left in every scene box.
func TestEveryThemeDrawsItsScene(t *testing.T) {
	for _, name := range theme.Names() {
		b := bookOf(t, fmt.Sprintf("seed: 3\ntheme: %s\nstyle: {color: black}\nsections:\n  - {ages: 4-6, count: 2}\n  - {ages: 6-8, count: 2, per_page: 2}\n", name))
		pages := 0
		for i, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage {
				continue
			}
			pages++
			scene := b.Scenery[i]
			if len(scene) == 0 {
				t.Errorf("%s: page %d has no scene", name, pp.Number)
				continue
			}
			// The maze's grid (its corridors), the pictures and arrows at
			// its doors and its caption.
			var keepOut []display.Box
			for _, mi := range pp.Mazes {
				at := b.Placed[mi]
				w, h := b.Mazes[mi].Maze.Grid.Size()
				keepOut = append(keepOut, display.Box{X: at.Origin.X, Y: at.Origin.Y, W: float64(w) * at.Cell, H: float64(h) * at.Cell}, at.Caption)
				for _, m := range at.Marks {
					keepOut = append(keepOut, m.Box)
				}
			}
			for _, it := range b.Pages[i].Items {
				if tx, ok := it.(*display.Text); ok {
					keepOut = append(keepOut, tx.Bounds())
				}
			}
			for _, s := range scene {
				for _, k := range keepOut {
					if k.W > 0 && s.X < k.X+k.W && k.X < s.X+s.W && s.Y < k.Y+k.H && k.Y < s.Y+s.H {
						t.Errorf("%s: page %d: a scene item at %+v lies over %+v", name, pp.Number, s, k)
					}
				}
				c := pp.Frame.Content
				if s.X < c.X-1 || s.Y < c.Y-1 || s.X+s.W > c.X+c.W+1 || s.Y+s.H > c.Y+c.H+1 {
					t.Errorf("%s: page %d: a scene item at %+v is out of the content %+v", name, pp.Number, s, c)
				}
			}
			for _, it := range b.Pages[i].Items {
				if c, ok := itemColor(it); ok && c != display.Black && c != display.White {
					t.Errorf("%s: page %d: a %T in %v in a black-ink book", name, pp.Number, it, c)
				}
			}
			const scale = 2
			copy := photocopied(t, b, i, scale)
			for _, s := range scene {
				if !inkIn(copy, s, scale) {
					t.Errorf("%s: page %d: the scene item at %+v is gone on a photocopy", name, pp.Number, s)
				}
			}
		}
		if pages == 0 {
			t.Fatalf("%s: no puzzle page", name)
		}
	}
}

// TestColourScenesAreFlatAndPale checks that a colour book's scene adds
// no colour but its ground's pale tint, and that the tint is gone on a
// photocopy while the ground's lines are left.
func TestColourScenesAreFlatAndPale(t *testing.T) {
	b := bookOf(t, "seed: 3\ntheme: bee\nsections:\n  - {ages: 4-6, count: 1, size: 3x3}\n")
	pair, _ := theme.Lookup("bee")
	tinted := 0
	for _, it := range b.Pages[b.Placed[0].Page].Items {
		if s, ok := it.(*display.Shape); ok && s.Color == pair.Scene.Tint {
			tinted++
		}
	}
	if tinted == 0 {
		t.Fatalf("the bee's colour page has no tinted ground")
	}
	bw := bookOf(t, "seed: 3\ntheme: bee\nstyle: {color: black}\nsections:\n  - {ages: 4-6, count: 1, size: 3x3}\n")
	for _, it := range bw.Pages[bw.Placed[0].Page].Items {
		if s, ok := it.(*display.Shape); ok && s.Color == pair.Scene.Tint {
			t.Fatalf("a black-ink book's ground is tinted")
		}
	}
}

// TestTitlePageIsIllustrated checks that a themed book's title page
// shows its characters under the title, each 20 mm or more across, and
// its scene, the characters standing on its ground (within 5mm of its
// top); and that a book without a theme keeps a title page of text.
func TestTitlePageIsIllustrated(t *testing.T) {
	for _, src := range []string{
		"title: Maze Stories\ntitle_page: true\ntheme: random\nsections:\n  - {ages: 4-6, count: 4}\n",
		"title: Bee Mazes\nsubtitle: For little ones\ntitle_page: true\ntheme: bee\npage: {size: 6x9in}\nsections:\n  - {ages: 4-6, count: 2}\n",
	} {
		b := bookOf(t, src)
		if b.Plan.Pages[0].Kind != plan.TitlePage {
			t.Fatalf("the first page is %v", b.Plan.Pages[0].Kind)
		}
		page := b.Pages[0]
		var text display.Box
		lines := 0
		for _, it := range page.Items {
			switch it := it.(type) {
			case *display.Line:
				if it.Color == display.Black {
					lines++
				}
			case *display.Text:
				text = text.Union(it.Bounds())
			}
		}
		arts, _ := layout.Characters(b.Plan)
		if len(arts) < 2 || lines < len(arts) {
			t.Errorf("%q: the title page has %d pictures' lines for %d characters", src, lines, len(arts))
		}
		big := 0
		var characters display.Box
		for _, it := range page.Items {
			bb := display.InkBounds(it)
			if _, ok := it.(*display.Line); ok && bb.Y > text.Y+text.H && bb.W >= layout.TitleArtLeast*0.6 && bb.H >= layout.TitleArtLeast*0.6 {
				big++
				characters = characters.Union(bb)
			}
		}
		if big < 2 {
			t.Errorf("%q: %d pictures 20 mm or so across under the title", src, big)
		}
		// The characters stand on the ground (the scene's widest box),
		// not over it.
		var ground display.Box
		for _, s := range b.Scenery[0] {
			if s.W > ground.W {
				ground = s
			}
		}
		if gap := ground.Y - (characters.Y + characters.H); ground.W < 0.8*b.Plan.Pages[0].Frame.Content.W || gap > 5*spec.PointsPerMM {
			t.Errorf("%q: the characters stand %.1fmm above the ground %+v", src, gap/spec.PointsPerMM, ground)
		}
		if len(b.Scenery[0]) == 0 {
			t.Errorf("%q: the title page has no scene", src)
		}
	}
	plain := bookOf(t, "title: Mazes\ntitle_page: true\nsections:\n  - {count: 1}\n")
	// A book without a theme has no characters and no scene there (its
	// round maze instead: TestTitlePageHasAPicture).
	for _, it := range plain.Pages[0].Items {
		if _, ok := it.(*display.Image); ok {
			t.Errorf("a book without a theme: its title page has a picture")
		}
	}
	if len(plain.Scenery[0]) != 0 {
		t.Error("a book without a theme: its title page has a scene")
	}
}

// TestCertificateEndsAYoungBook checks the certificate page: the last
// page of a book for young children (after its answers), its headline
// and line in the book's language, for every language, with a name
// line, stars to colour and the theme's pictures; none in a book for
// older readers unless asked for, none when refused.
func TestCertificateEndsAYoungBook(t *testing.T) {
	for _, code := range words.Codes() {
		b := bookOf(t, fmt.Sprintf("language: %s\ntheme: kitten\nsections:\n  - {ages: 4-6, count: 2}\n", code))
		last := len(b.Plan.Pages) - 1
		if b.Plan.Pages[last].Kind != plan.CertificatePage {
			t.Errorf("%s: the last page is %v, not the certificate", code, b.Plan.Pages[last].Kind)
			continue
		}
		l := words.Or(code).Labels
		var said []string
		rules, pictures := 0, 0
		for _, it := range b.Pages[last].Items {
			switch it := it.(type) {
			case *display.Text:
				said = append(said, it.Text)
			case *display.Line:
				if len(it.Paths) == 1 && len(it.Paths[0].Points) == 2 {
					rules++
				}
				pictures++
			}
		}
		all := strings.Join(said, " ")
		if !strings.Contains(all, l.Certificate) || !strings.Contains(all, l.Name+l.Colon) {
			t.Errorf("%s: the certificate says %q, not %q and the name line", code, all, l.Certificate)
		}
		if first := strings.Fields(l.Solved)[0]; !strings.Contains(all, first) {
			t.Errorf("%s: the certificate says %q, not %q", code, all, l.Solved)
		}
		if rules == 0 || pictures < 4 {
			t.Errorf("%s: the certificate has %d rules and %d drawings", code, rules, pictures)
		}
	}
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"sections:\n  - {ages: 9-12, count: 1}\n", false},
		{"sections:\n  - {count: 1}\n", false},
		{"certificate: true\nsections:\n  - {ages: 9-12, count: 1}\n", true},
		{"certificate: false\nsections:\n  - {ages: 4-6, count: 1}\n", false},
		{"sections:\n  - {ages: 5-7, count: 1}\n  - {ages: 9-12, count: 1}\n", true},
	} {
		b := bookOf(t, c.src)
		got := b.Plan.Pages[len(b.Plan.Pages)-1].Kind == plan.CertificatePage
		if got != c.want {
			t.Errorf("%q: a certificate: %v, want %v", c.src, got, c.want)
		}
	}
}

// itemColor returns the colour an item is drawn in.
func itemColor(it display.Item) (display.Color, bool) {
	switch it := it.(type) {
	case *display.Line:
		return it.Color, true
	case *display.Shape:
		return it.Color, true
	case *display.Fill:
		return it.Color, true
	case *display.Text:
		return it.Color, true
	}
	return display.Color{}, false
}

// inkIn reports whether the photocopy inks anywhere in box b (in page
// points, scale pixels a point).
func inkIn(copy [][]bool, b display.Box, scale float64) bool {
	for y := int(b.Y * scale); y <= int((b.Y+b.H)*scale); y++ {
		for x := int(b.X * scale); x <= int((b.X+b.W)*scale); x++ {
			if y >= 0 && y < len(copy) && x >= 0 && x < len(copy[0]) && copy[y][x] {
				return true
			}
		}
	}
	return false
}

// TestOwnPalePicturesPhotocopy builds a book whose start is a pale pink
// photo (a JPEG, no clear ground) and whose goal is a pale yellow disc
// with no outline (a PNG), both of a spec's own, and photocopies its
// puzzle pages (a 50% threshold) through poppler at 60dpi and through
// layout/png at 300dpi: each picture keeps an outline, ink on every side
// of its box, and 7% of its box at least (a pale picture kept nothing).
func TestOwnPalePicturesPhotocopy(t *testing.T) {
	disc := image.NewNRGBA(image.Rect(0, 0, 120, 120))
	photo := image.NewRGBA(image.Rect(0, 0, 160, 120))
	for y := range 120 {
		for x := range 160 {
			photo.Set(x, y, color.RGBA{250, uint8(200 + x/8), 220, 255})
			if dx, dy := float64(x)-60, float64(y)-60; x < 120 && dx*dx+dy*dy < 50*50 {
				disc.Set(x, y, color.NRGBA{255, 236, 150, 255})
			}
		}
	}
	var pb, jb bytes.Buffer
	if err := png.Encode(&pb, disc); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jb, photo, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	src := "seed: 4\nstyle: {start_image: pale.jpg, finish_image: pale.png}\nsections:\n  - {count: 2, ages: 4-6, per_page: 2}\n  - {count: 1, openings: center, difficulty: 3}\n"
	b := bookBeside(t, src, map[string][]byte{"pale.png": pb.Bytes(), "pale.jpg": jb.Bytes()})
	pictures := 0
	for i, pp := range b.Plan.Pages {
		if pp.Kind != plan.PuzzlePage {
			continue
		}
		for _, copy := range []struct {
			how   string
			scale float64
			img   *image.RGBA
		}{{"poppler at 60dpi", 60.0 / 72, pdfRaster(t, b, i, 60.0/72)}, {"png at 300dpi", 300.0 / 72, pngRaster(t, b, i, 300.0/72)}} {
			dark := func(x, y int) bool {
				c := copy.img.RGBAAt(x, y)
				return 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000
			}
			for _, it := range b.Pages[i].Items {
				im, ok := it.(*display.Image)
				if !ok {
					continue
				}
				pictures++
				x0, y0 := int(im.Box.X*copy.scale), int(im.Box.Y*copy.scale)
				x1, y1 := int(math.Ceil((im.Box.X+im.Box.W)*copy.scale)), int(math.Ceil((im.Box.Y+im.Box.H)*copy.scale))
				inked, all := 0, 0
				var sides [4]bool // left, top, right, bottom quarters of the box
				for y := y0; y < y1; y++ {
					for x := x0; x < x1; x++ {
						all++
						if !dark(x, y) {
							continue
						}
						inked++
						sides[0] = sides[0] || x < x0+(x1-x0)/4
						sides[1] = sides[1] || y < y0+(y1-y0)/4
						sides[2] = sides[2] || x >= x1-(x1-x0)/4
						sides[3] = sides[3] || y >= y1-(y1-y0)/4
					}
				}
				if share := float64(inked) / float64(max(all, 1)); share < 0.07 || sides != [4]bool{true, true, true, true} {
					t.Errorf("page %d, %s: a picture at %.0f,%.0f keeps %.0f%% of its box, ink on its sides %v", i+1, copy.how, im.Box.X, im.Box.Y, 100*share, sides)
				}
			}
		}
	}
	if pictures < 2*2*len(b.Plan.Mazes) {
		t.Errorf("%d pictures photocopied for %d mazes", pictures, len(b.Plan.Mazes))
	}
}

// bookBeside builds the book of spec src written as book.yaml in a
// directory of its own beside the files named in files.
func bookBeside(t *testing.T, src string, files map[string][]byte) *layout.Book {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := spec.Read(filepath.Join(dir, "book.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
