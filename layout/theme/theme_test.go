package theme

import (
	"image"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
)

// photocopy renders a picture drawn in a 9mm box at 300dpi and
// thresholds it at 50%: true is ink.
func photocopy(t *testing.T, art Art) [][]bool {
	t.Helper()
	const side, margin = 9 * 72 / 25.4, 4.0
	items := art(display.Box{X: margin, Y: margin, W: side, H: side})
	page := display.Page{Width: side + 2*margin, Height: side + 2*margin, Items: items}
	page.Trim = display.Box{W: page.Width, H: page.Height}
	if err := page.Check(); err != nil {
		t.Fatal(err)
	}
	img, err := png.Render(page, 300)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	ink := make([][]bool, b.Dy())
	for y := range ink {
		ink[y] = make([]bool, b.Dx())
		for x := range ink[y] {
			c := img.RGBAAt(x, y)
			ink[y][x] = 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000
		}
	}
	return ink
}

// TestPairs checks the registry and every pair: a dozen at least, names
// unique and found by Lookup, a story in English and Spanish, and two
// pictures that stay in their box, survive a photocopy with ink enough to
// see (a tenth of the box at least, not a blot: under half), and differ
// from each other and from every other picture.
func TestPairs(t *testing.T) {
	if len(Pairs()) < 12 {
		t.Fatalf("%d themes, want a dozen at least", len(Pairs()))
	}
	var all [][][]bool
	var names []string
	for _, p := range Pairs() {
		if got, err := Lookup(p.Name); err != nil || got.Name != p.Name {
			t.Errorf("Lookup(%q) = %v, %v", p.Name, got.Name, err)
		}
		for _, lang := range []string{"en", "es"} {
			if p.StoryIn(lang) == "" {
				t.Errorf("%s: no story in %s", p.Name, lang)
			}
		}
		if p.StoryIn("xx") != p.StoryIn("en") || p.StoryIn("es") == p.StoryIn("en") {
			t.Errorf("%s: a language without a story does not fall back to English", p.Name)
		}
		for _, a := range []struct {
			what string
			art  Art
		}{{"start", p.Start}, {"goal", p.Goal}} {
			box := display.Box{X: 10, Y: 20, W: 30, H: 30}
			for _, it := range a.art(box) {
				b := display.InkBounds(it)
				if b.X < box.X-2 || b.Y < box.Y-2 || b.X+b.W > box.X+box.W+2 || b.Y+b.H > box.Y+box.H+2 {
					t.Errorf("%s %s: inks %+v, out of its box %+v", p.Name, a.what, b, box)
				}
			}
			ink := photocopy(t, a.art)
			n := 0
			for _, row := range ink {
				for _, on := range row {
					if on {
						n++
					}
				}
			}
			share := float64(n) / float64(len(ink)*len(ink[0]))
			if share < 0.05 || share > 0.5 {
				t.Errorf("%s %s: %.0f%% of its box inked on a photocopy", p.Name, a.what, 100*share)
			}
			all = append(all, ink)
			names = append(names, p.Name+" "+a.what)
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if same(all[i], all[j]) > 0.85 {
				t.Errorf("%s and %s look alike", names[i], names[j])
			}
		}
	}
	if _, err := Lookup("dragon"); err == nil {
		t.Error("an unknown theme was found")
	}
}

// same returns the share of the pixels inked in either picture that are
// inked in both, each widened by a pixel so that a line a pixel off
// counts.
func same(a, b [][]bool) float64 {
	grow := func(m [][]bool, x, y int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if p := (image.Point{X: x + dx, Y: y + dy}); p.Y >= 0 && p.Y < len(m) && p.X >= 0 && p.X < len(m[0]) && m[p.Y][p.X] {
					return true
				}
			}
		}
		return false
	}
	both, either := 0, 0
	for y := range a {
		for x := range a[y] {
			p, q := grow(a, x, y), grow(b, x, y)
			if p && q {
				both++
			}
			if p || q {
				either++
			}
		}
	}
	return float64(both) / float64(either)
}

// TestForRandom checks that a random theme gives a maze the same pair for
// the same seed and, over many seeds, every pair.
func TestForRandom(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(500) {
		a, _ := For(Random, seed)
		b, _ := For(Random, seed)
		if a.Name != b.Name {
			t.Fatalf("seed %d: %s, then %s", seed, a.Name, b.Name)
		}
		seen[a.Name] = true
	}
	if len(seen) != len(Pairs()) {
		t.Errorf("500 seeds drew %d of %d pairs", len(seen), len(Pairs()))
	}
	if p, err := For("bee", 3); err != nil || p.Name != "bee" {
		t.Errorf("For(bee) = %s, %v", p.Name, err)
	}
}
