package theme

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/words"
)

// picture is one of a pair's pictures, named for messages.
type picture struct {
	name string // "kitten start"
	art  Art
}

// pictures returns every pair's two pictures.
func pictures() []picture {
	var out []picture
	for _, p := range Pairs() {
		out = append(out, picture{p.Name + " start", p.Start}, picture{p.Name + " goal", p.Goal})
	}
	return out
}

// photocopy draws a picture in a box side points square at 300 dpi and
// thresholds it at 50%, as a photocopier does: true is ink. The image is
// the box and a margin of a tenth of the side about it.
func photocopy(t *testing.T, art Art, side float64) [][]bool {
	t.Helper()
	margin := side / 10
	items := art(display.Box{X: margin, Y: margin, W: side, H: side})
	page := display.Page{Width: side + 2*margin, Height: side + 2*margin, Items: items}
	page.Trim = display.Box{W: page.Width, H: page.Height}
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

// TestRegistry checks the list of pairs: two dozen at least, so that a
// book of 24 mazes need not repeat one; names unique, sorted by Names,
// found by Lookup; and a story and an ending for each in every language
// mazebook speaks, the language's own.
func TestRegistry(t *testing.T) {
	if n := len(Pairs()); n < 24 {
		t.Errorf("%d themes, want 24 at least", n)
	}
	names := Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names() is not sorted: %v", names)
	}
	if len(names) != len(Pairs()) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("the names are not unique: %v", names)
	}
	for _, p := range Pairs() {
		if got, err := Lookup(p.Name); err != nil || got.Name != p.Name {
			t.Errorf("Lookup(%q) = %v, %v", p.Name, got.Name, err)
		}
		if p.Name == Random || p.Name != strings.ToLower(p.Name) || strings.ContainsAny(p.Name, " ,") {
			t.Errorf("a theme is called %q", p.Name)
		}
		for _, code := range words.Codes() {
			l := words.For(code)
			if l.Stories[p.Name] == "" || l.Endings[p.Name] == "" {
				t.Errorf("%s: no story or no ending in %s", p.Name, code)
			}
			if p.StoryIn(code) != l.Stories[p.Name] || p.EndingIn(code) != l.Endings[p.Name] {
				t.Errorf("%s: StoryIn or EndingIn(%s) is not the language's own", p.Name, code)
			}
			if code != "en" && (l.Stories[p.Name] == p.StoryIn("en") || l.Endings[p.Name] == p.EndingIn("en")) {
				t.Errorf("%s: the story or ending in %s is English", p.Name, code)
			}
		}
		if p.StoryIn("xx") != p.StoryIn("en") || p.EndingIn("xx") != p.EndingIn("en") {
			t.Errorf("%s: a language mazebook does not speak is not English", p.Name)
		}
	}
	_, err := Lookup("dragon")
	if err == nil || !strings.Contains(err.Error(), Random) || !strings.Contains(err.Error(), names[len(names)-1]) {
		t.Errorf("Lookup(dragon): %v", err)
	}
}

// TestPicturesStayInTheirBoxes draws every picture in boxes from a motif's
// 4 mm (where lines keep to their least width) to a big 45 mm: its ink
// stays inside its box, give or take half a line's width, and it is black
// lines no thinner than MinWeight and black fills, nothing a copier could
// lose.
func TestPicturesStayInTheirBoxes(t *testing.T) {
	for _, mm := range []float64{4, 12, 45} {
		side := mm * 72 / 25.4
		box := display.Box{X: 10, Y: 20, W: side, H: side}
		bold, _ := Widths(side)
		for _, pic := range pictures() {
			items := pic.art(box)
			b := display.ItemsBounds(items)
			h := bold/2 + 1e-9
			if b.X < box.X-h || b.Y < box.Y-h || b.X+b.W > box.X+box.W+h || b.Y+b.H > box.Y+box.H+h {
				t.Errorf("%s at %g mm: inks %+v, out of its box %+v", pic.name, mm, b, box)
			}
			for _, it := range items {
				switch it := it.(type) {
				case *display.Line:
					if it.Color != display.Black || it.Width < MinWeight {
						t.Errorf("%s at %g mm: a line %v, %g pt wide", pic.name, mm, it.Color, it.Width)
					}
				case *display.Shape:
					if it.Color != display.Black {
						t.Errorf("%s at %g mm: a fill %v", pic.name, mm, it.Color)
					}
				default:
					t.Errorf("%s at %g mm: a %T", pic.name, mm, it)
				}
			}
		}
	}
}

// TestPicturesPhotocopy photocopies every picture at 12 mm, the smallest
// a page draws it, and at 45 mm, the largest, 300 dpi thresholded at 50%,
// and checks that a real picture is left: ink on between a tenth and two
// fifths of its box (not a few specks, not a blot), most of it in one
// piece of connected strokes, and no speck a copier would lose (a piece
// smaller than a dot a third of a millimetre across at 12 mm, scaled with
// the picture). Its white spaces, an eye's ring or a window, stay open
// when it is small: every one of at least a 600th of the box at 45 mm is
// still white, mostly, at 12 mm.
func TestPicturesPhotocopy(t *testing.T) {
	for _, pic := range pictures() {
		var copies [][][]bool
		var whites [][][][2]int
		for _, mm := range []float64{12, 45} {
			side := mm * 72 / 25.4
			ink := photocopy(t, pic.art, side)
			px := mm / 25.4 * 300 // the box's side in pixels
			s := measure(ink)
			if share := float64(s.ink) / (px * px); share < 0.10 || share > 0.40 {
				t.Errorf("%s at %g mm: %.0f%% of its box inked", pic.name, mm, 100*share)
			}
			if s.biggest < s.ink/2 {
				t.Errorf("%s at %g mm: its biggest piece has %d of %d inked pixels", pic.name, mm, s.biggest, s.ink)
			}
			d := 300 / 25.4 / 3 * mm / 12 // a third of a millimetre at 12 mm, in pixels, scaled
			if float64(s.smallest) < math.Pi/4*d*d {
				t.Errorf("%s at %g mm: a speck of %d pixels", pic.name, mm, s.smallest)
			}
			var big [][][2]int
			for _, w := range s.white {
				if float64(len(w)) >= px*px/600 {
					big = append(big, w)
				}
			}
			copies, whites = append(copies, ink), append(whites, big)
		}
		small, k := copies[0], float64(len(copies[0]))/float64(len(copies[1]))
		for _, w := range whites[1] {
			open := 0
			for _, q := range w {
				if !small[int((float64(q[1])+0.5)*k)][int((float64(q[0])+0.5)*k)] {
					open++
				}
			}
			if 2*open < len(w) {
				t.Errorf("%s: the white space about (%d, %d) at 45 mm fills in at 12 mm (%d of %d pixels white)", pic.name, w[0][0], w[0][1], open, len(w))
			}
		}
	}
}

// TestPicturesDiffer photocopies every picture at 12 mm: no two look
// alike.
func TestPicturesDiffer(t *testing.T) {
	pics := pictures()
	inks := make([][][]bool, len(pics))
	for i, pic := range pics {
		inks[i] = photocopy(t, pic.art, 12*72/25.4)
	}
	for i := range inks {
		for j := i + 1; j < len(inks); j++ {
			if s := same(inks[i], inks[j]); s > 0.6 {
				t.Errorf("%s and %s look alike (%.0f%% the same)", pics[i].name, pics[j].name, 100*s)
			}
		}
	}
}

// stats are what measure finds in a photocopy.
type stats struct {
	ink               int        // inked pixels
	biggest, smallest int        // pixels in the biggest and smallest pieces of ink
	white             [][][2]int // the white pieces not touching the edge, pixel by pixel
}

// measure counts a photocopy's ink and its pieces: of ink, touching
// across corners, and of paper, touching along sides.
func measure(ink [][]bool) stats {
	h, w := len(ink), len(ink[0])
	seen := make([][]bool, h)
	for y := range seen {
		seen[y] = make([]bool, w)
	}
	// piece returns the pixels of the piece of pixels like (x, y), and
	// whether it touches the edge.
	piece := func(x0, y0 int, corners bool) ([][2]int, bool) {
		want := ink[y0][x0]
		stack := [][2]int{{x0, y0}}
		seen[y0][x0] = true
		var all [][2]int
		edge := false
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			all = append(all, q)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx == 0 && dy == 0 || !corners && dx != 0 && dy != 0 {
						continue
					}
					x, y := q[0]+dx, q[1]+dy
					if x < 0 || y < 0 || x >= w || y >= h {
						edge = true
						continue
					}
					if !seen[y][x] && ink[y][x] == want {
						seen[y][x] = true
						stack = append(stack, [2]int{x, y})
					}
				}
			}
		}
		return all, edge
	}
	s := stats{smallest: w * h}
	for y := range h {
		for x := range w {
			if seen[y][x] {
				continue
			}
			if ink[y][x] {
				p, _ := piece(x, y, true)
				s.ink += len(p)
				s.biggest, s.smallest = max(s.biggest, len(p)), min(s.smallest, len(p))
			} else if p, edge := piece(x, y, false); !edge {
				s.white = append(s.white, p)
			}
		}
	}
	return s
}

// same returns the share of the pixels inked in either picture that are
// inked in both, each widened by a pixel so that a line a pixel off
// counts.
func same(a, b [][]bool) float64 {
	grow := func(m [][]bool, x, y int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if yy, xx := y+dy, x+dx; yy >= 0 && yy < len(m) && xx >= 0 && xx < len(m[0]) && m[yy][xx] {
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
// the same seed and, over many seeds, every pair; and that a named theme
// is that pair whatever the seed.
func TestForRandom(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(1000) {
		a, _ := For(Random, seed)
		b, _ := For(Random, seed)
		if a.Name != b.Name {
			t.Fatalf("seed %d: %s, then %s", seed, a.Name, b.Name)
		}
		seen[a.Name] = true
	}
	if len(seen) != len(Pairs()) {
		t.Errorf("1000 seeds drew %d of %d pairs", len(seen), len(Pairs()))
	}
	for _, c := range []struct {
		name string
		seed uint64
	}{{"bee", 3}, {"kitten", 0}, {"penguin", 1 << 60}} {
		if p, err := For(c.name, c.seed); err != nil || p.Name != c.name {
			t.Errorf("For(%s, %d) = %s, %v", c.name, c.seed, p.Name, err)
		}
	}
	if _, err := For("dragon", 1); err == nil {
		t.Error("For(dragon) found a pair")
	}
}

// ExampleLookup shows a pair's story and ending.
func ExampleLookup() {
	p, _ := Lookup("kitten")
	fmt.Println(p.StoryIn("en"))
	fmt.Println(p.EndingIn("fr") != p.EndingIn("en"))
	// Output:
	// The kitten explores the castle!
	// true
}

// TestNoGoalHasARatingStar checks that no goal picture holds a filled
// five-pointed star: a page rates its mazes with such stars, and a child
// told to find the way to the goal must not take one for the other.
func TestNoGoalHasARatingStar(t *testing.T) {
	for _, pair := range Pairs() {
		for _, it := range pair.Goal(display.Box{W: 100, H: 100}) {
			s, ok := it.(*display.Shape)
			if !ok {
				continue
			}
			for _, poly := range s.Polygons {
				if fivePointed(poly) {
					t.Errorf("%s: the goal holds a five-pointed star", pair.Name)
				}
			}
		}
	}
	if !fivePointed(polygon(star(0.5, 0.5, 0.4, 0.15, 5))) {
		t.Error("a five-pointed star is not found")
	}
}

// fivePointed reports whether a polygon is a star of five points: ten
// corners, alternately far from and near its middle.
func fivePointed(poly []display.Point) bool {
	if len(poly) != 10 {
		return false
	}
	var c display.Point
	for _, p := range poly {
		c.X += p.X / 10
		c.Y += p.Y / 10
	}
	d := func(i int) float64 { return math.Hypot(poly[i].X-c.X, poly[i].Y-c.Y) }
	for i := range 10 {
		if (d(i) > d((i+1)%10)) == (d((i+1)%10) > d((i+2)%10)) {
			return false
		}
	}
	return true
}

// polygon turns x, y pairs into points.
func polygon(xy []float64) []display.Point {
	var out []display.Point
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, display.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}
