package layout_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// staggerBooks are books of circles two a page on the papers a designer
// sets them on: the examples with them, and small specs on A4, 6x9 and
// KDP's 8.5x11, with arrows, Start and Finish words, doors at the
// sides, doors to the centre, a landscape page, a book written right to
// left, and a last page holding one; and a young child's circles, with
// a large flag at the exit and a tick box beside each, circles with
// Start and Finish words, and a theme's circles, with its pictures and
// words at their doors and its story as their captions, on every paper,
// landscape and right to left. (pictureBooks adds circles with the
// spec's own pictures at their doors.)
var staggerBooks = map[string]string{
	"young letter":     "page: {size: letter}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 4, per_page: 2}\n",
	"young a4":         "page: {size: a4}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 3, per_page: 2}\n",
	"young 6x9":        "page: {size: 6x9in}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 2, per_page: 2}\n",
	"young landscape":  "page: {size: letter, orientation: landscape}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 2, per_page: 2}\n",
	"young ar":         "language: ar\npage: {size: letter}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 2, per_page: 2}\n",
	"young ar 6x9":     "language: ar\npage: {size: 6x9in}\nsections:\n  - {shape: circle, ages: 5-7, difficulty: 2, count: 2, per_page: 2}\n",
	"labels letter":    "page: {size: letter}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"labels 6x9":       "page: {size: 6x9in}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"labels landscape": "page: {size: a4, orientation: landscape}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2}\n",
	"labels ar":        "language: ar\npage: {size: letter}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"labels ar a4":     "language: ar\npage: {size: a4}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 2, difficulty: 6, per_page: 2}\n",
	"bear letter":      "theme: bear\npage: {size: letter}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 4, per_page: 2}\n",
	"bear a4":          "theme: bear\npage: {size: a4}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 2, per_page: 2}\n",
	"bear ar":          "theme: bear\nlanguage: ar\npage: {size: letter}\nsections:\n  - {shape: circle, ages: 4-6, difficulty: 2, count: 2, per_page: 2}\n",
	"bear older":       "theme: bear\npage: {size: letter}\nsections:\n  - {shape: circle, ages: 8-10, count: 2, per_page: 2}\n",
	"bear older 6x9":   "theme: bear\npage: {size: 6x9in}\nsections:\n  - {shape: circle, ages: 8-10, count: 2, per_page: 2}\n",
	"bear landscape":   "theme: bear\npage: {size: a4, orientation: landscape}\nsections:\n  - {shape: circle, ages: 8-10, count: 2, per_page: 2}\n",
	"a4":               "page: {size: a4}\nsections:\n  - {title: Rings, shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"6x9":              "page: {size: 6x9in}\nsections:\n  - {title: Rings, shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"kdp letter":       "preset: kdp\npage: {size: 8.5x11in}\nsections:\n  - {title: Rings, instructions: Find the way in and out., shape: circle, count: 5, difficulty: 2..6, per_page: 2}\n",
	"labels a4":        "page: {size: a4}\nstyle: {markers: labels}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2}\n",
	"sides 6x9":        "page: {size: 6x9in}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2, openings: sides}\n",
	"center a4":        "page: {size: a4}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2, openings: center}\n",
	"landscape":        "page: {size: letter, orientation: landscape}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2}\n",
	"right to left":    "language: ar\npage: {size: letter}\nsections:\n  - {shape: circle, count: 2, difficulty: 4, per_page: 2}\n",
}

// TestStaggeredCircles checks every page of two circles of grayscale.yaml,
// shapes.yaml, staggerBooks and pictureBooks: the circles' grids cover 45% of the page
// inside half-inch margins, and nothing on the page overlaps anything
// else (see pageClear); a young child's circles each have a tick box,
// clear of both circles, their marks and the captions. A page holding
// one circle keeps its caption above it. (Stacked one above the other,
// plain circles covered 31 to 33%; with the words Start and Finish 37
// to 43%, young children's 29 to 35%, with the spec's pictures 25%, a
// theme's for older children 18%, and a young child's themed or
// pictured circles and a young child's on a 6x9in page could not be
// made harder than level 1 at all: the marks' room was kept on every
// side of each circle, where staggered they stand in the corners of its
// slot that the circle leaves.)
func TestStaggeredCircles(t *testing.T) {
	books := map[string]*layout.Book{}
	for _, name := range []string{"grayscale.yaml", "shapes.yaml"} {
		books[name] = readFinishBook(t, name)
	}
	for name, src := range staggerBooks {
		books[name] = bookOf(t, src)
	}
	for name, src := range pictureBooks {
		books[name] = pictureBook(t, src)
	}
	for name, b := range books {
		pages := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || b.Plan.Spec.Sections[pp.Section].Shape != "circle" || b.Plan.Spec.Sections[pp.Section].PerPage != 2 {
				continue
			}
			if len(pp.Mazes) == 1 {
				if at := b.Placed[pp.Mazes[0]]; at.Caption.Y+at.Caption.H > at.Origin.Y+1 {
					t.Errorf("%s page %d: a circle alone has its caption beside it, not above it", name, pp.Number)
				}
				continue
			}
			pages++
			if share, _ := fillOf(b, pp); share < 0.45 {
				t.Errorf("%s page %d: its two circles cover %.1f%% of the page, want 45%%", name, pp.Number, 100*share)
			}
			for _, problem := range pageClear(b, pp) {
				t.Errorf("%s page %d: %s", name, pp.Number, problem)
			}
			if b.Plan.Spec.Sections[pp.Section].Young() {
				for _, problem := range ticksClear(b, pp) {
					t.Errorf("%s page %d: %s", name, pp.Number, problem)
				}
			}
		}
		if pages == 0 {
			t.Errorf("%s: no page of two circles", name)
		}
	}
}

// pageClear returns what overlaps on puzzle page pp of book b, whose
// mazes are circles: each circle, its walls the disc of its grid, and
// the marks at its doors (its items in its slot beyond that disc) keep
// clear of the other circle and its marks; each caption of both circles
// and their marks and of the other caption; every other text of the
// page (its head, its number) of them all; and the circles, their marks
// and captions stand inside the margins.
func pageClear(b *layout.Book, pp plan.Page) []string {
	type disc struct{ x, y, r float64 }
	var out []string
	n := len(pp.Mazes)
	discs := make([]disc, n)
	slots := make([]display.Box, n)
	captions := make([]display.Box, n)
	for k, mi := range pp.Mazes {
		at, mp := b.Placed[mi], b.Plan.Mazes[mi]
		r := mp.GridW * at.Cell / 2
		discs[k] = disc{at.Origin.X + r, at.Origin.Y + mp.GridH*at.Cell/2, r}
		slots[k], captions[k] = at.Slot, at.Caption
	}
	hits := func(b display.Box, d disc) bool {
		dx := math.Max(math.Max(b.X-d.x, 0), d.x-(b.X+b.W))
		dy := math.Max(math.Max(b.Y-d.y, 0), d.y-(b.Y+b.H))
		return math.Hypot(dx, dy) < d.r-0.5
	}
	meets := func(a, b display.Box) bool {
		return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
	}
	inCaption := func(bx display.Box) bool {
		for _, c := range captions {
			if insideBox(bx, c) {
				return true
			}
		}
		return false
	}
	// Each item of the page: a circle's (in its slot, nearest its
	// centre), a mark where it reaches past its disc; a caption's; or the
	// page's own.
	marks := make([][]display.Box, n)
	var texts []display.Box
	for _, it := range b.Pages[pp.Number-1].Items {
		bx := display.InkBounds(it)
		if bx.W == 0 && bx.H == 0 {
			continue
		}
		owner := -1
		for k := range slots {
			if insideBox(bx, slots[k]) && (owner < 0 || math.Hypot(bx.X+bx.W/2-discs[k].x, bx.Y+bx.H/2-discs[k].y) < math.Hypot(bx.X+bx.W/2-discs[owner].x, bx.Y+bx.H/2-discs[owner].y)) {
				owner = k
			}
		}
		switch {
		case owner >= 0 && !inCaption(bx):
			d := discs[owner]
			inside := math.Hypot(math.Max(math.Abs(bx.X-d.x), math.Abs(bx.X+bx.W-d.x)), math.Max(math.Abs(bx.Y-d.y), math.Abs(bx.Y+bx.H-d.y))) <= d.r+1
			if !inside && bx.W < d.r && bx.H < d.r {
				marks[owner] = append(marks[owner], bx)
			}
		case !inCaption(bx):
			if _, ok := it.(*display.Text); ok {
				texts = append(texts, bx)
			}
		}
	}
	c := pp.Frame.Content
	for k := range discs {
		d := discs[k]
		if !insideBox(display.Box{X: d.x - d.r, Y: d.y - d.r, W: 2 * d.r, H: 2 * d.r}, c) {
			out = append(out, "a circle reaches past the margins")
		}
		if !insideBox(captions[k], c) {
			out = append(out, "a caption reaches past the margins")
		}
		for j := range discs {
			if hits(captions[k], discs[j]) {
				out = append(out, "a caption overlaps a circle")
			}
			for _, m := range marks[j] {
				if meets(captions[k], m) {
					out = append(out, "a caption overlaps a door's mark")
				}
			}
			if j <= k {
				continue
			}
			if math.Hypot(d.x-discs[j].x, d.y-discs[j].y) < d.r+discs[j].r {
				out = append(out, "the circles overlap")
			}
			if meets(captions[k], captions[j]) {
				out = append(out, "the captions overlap")
			}
		}
		for _, m := range marks[k] {
			if !insideBox(m, c) {
				out = append(out, "a door's mark reaches past the margins")
			}
			for j := range discs {
				if j == k {
					continue
				}
				if hits(m, discs[j]) {
					out = append(out, "a door's mark overlaps the other circle")
				}
				for _, o := range marks[j] {
					if meets(m, o) {
						out = append(out, "the circles' marks overlap")
					}
				}
			}
		}
	}
	for _, tx := range texts {
		for k := range discs {
			if hits(tx, discs[k]) || meets(tx, captions[k]) {
				out = append(out, "a text of the page overlaps a circle or a caption")
			}
			for _, m := range marks[k] {
				if meets(tx, m) {
					out = append(out, "a text of the page overlaps a door's mark")
				}
			}
		}
	}
	return out
}

// ticksClear returns what is wrong with the tick boxes of young
// children's puzzle page pp of book b, whose mazes are circles: each
// maze has one, inside the margins, clear of both circles, of the marks
// at their doors and of the captions.
func ticksClear(b *layout.Book, pp plan.Page) []string {
	var out []string
	for _, mi := range pp.Mazes {
		tick := b.Placed[mi].Tick
		if tick.W == 0 {
			out = append(out, fmt.Sprintf("maze %d has no tick box", mi+1))
			continue
		}
		if !insideBox(tick, pp.Frame.Content) {
			out = append(out, fmt.Sprintf("maze %d: its tick box reaches past the margins", mi+1))
		}
		for _, mj := range pp.Mazes {
			at, mp := b.Placed[mj], b.Plan.Mazes[mj]
			r := mp.GridW * at.Cell / 2
			cx, cy := at.Origin.X+r, at.Origin.Y+mp.GridH*at.Cell/2
			dx := math.Max(math.Max(tick.X-cx, 0), cx-(tick.X+tick.W))
			dy := math.Max(math.Max(tick.Y-cy, 0), cy-(tick.Y+tick.H))
			if math.Hypot(dx, dy) < r {
				out = append(out, fmt.Sprintf("maze %d: its tick box overlaps a circle", mi+1))
			}
			if overlap(tick, at.Caption) {
				out = append(out, fmt.Sprintf("maze %d: its tick box overlaps a caption", mi+1))
			}
			for _, mk := range at.Marks {
				if overlap(tick, mk.Box) {
					out = append(out, fmt.Sprintf("maze %d: its tick box overlaps a door's mark", mi+1))
				}
			}
		}
	}
	return out
}

// overlap reports whether two boxes share some area.
func overlap(a, b display.Box) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// pictureBooks are books of circles two a page with the spec's own
// pictures at their doors (examples/mouse.png and cheese.svg), for
// older and young children (see pictureBook).
var pictureBooks = map[string]string{
	"pictures letter": "page: {size: letter}\nstyle: {start_image: mouse.png, finish_image: cheese.svg}\nsections:\n  - {shape: circle, count: 4, difficulty: 3..5, per_page: 2}\n",
	"pictures young":  "language: ar\npage: {size: a4}\nstyle: {start_image: mouse.png, finish_image: cheese.svg}\nsections:\n  - {shape: circle, ages: 4-6, count: 2, difficulty: 2, per_page: 2}\n",
}

// pictureBook builds the book of spec src written beside copies of the
// examples' mouse.png and cheese.svg.
func pictureBook(t *testing.T, src string) *layout.Book {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range []string{"mouse.png", "cheese.svg"} {
		data, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	return bookBeside(t, src, files)
}
