package layout_test

import (
	"math"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// folioBooks are books whose feet a designer checks beside the examples:
// a KDP paperback with bleed and its automatic margins, a young themed
// book with its page-number badge, and a foot margin too shallow for the
// full clearance.
var folioBooks = map[string]string{
	"kdp bleed":      "preset: kdp\npage: {size: 6x9in, bleed: true}\ntheme: bear\nsections:\n  - {count: 4, ages: 4-6}\n  - {count: 4, difficulty: 5, per_page: 2}\n",
	"young a4":       "page: {size: a4}\ntheme: random\nstyle: {motifs: true}\nsections:\n  - {count: 4, ages: 4-6}\n  - {count: 4, ages: 6-8, per_page: 2}\n",
	"shallow margin": "page: {size: letter, margin: 0.5in}\nsections:\n  - {count: 2, ages: 4-6}\n  - {count: 2, difficulty: 4}\n",
}

// TestFolioStandsClear checks the foot of every page a designer looks at:
// the page number (or a young child's page-number badge) stands
// layout.FolioClear below the content where the foot margin has the room,
// never in the part of the page a printer may cut (a badge's ring may
// reach half its line nearer the content), and nothing on the page
// (a picture at a door, a wall, a scene's ground) comes within 2mm of it.
func TestFolioStandsClear(t *testing.T) {
	type book struct {
		name string
		b    *layout.Book
	}
	var books []book
	for _, name := range allBooks(t) {
		books = append(books, book{name, readFinishBook(t, name)})
	}
	for name, src := range folioBooks {
		books = append(books, book{name, bookOf(t, src)})
	}
	const inkGap = 2 * spec.PointsPerMM
	for _, bk := range books {
		b := bk.b
		safe := spec.SafeMargin
		if b.Plan.Spec.Page.Bleed {
			safe = spec.SafeMarginBleed
		}
		checked := 0
		for i, p := range b.Pages {
			pp := b.Plan.Pages[i]
			f := pp.Frame
			top := f.Content.Y + f.Content.H
			var folio display.Box
			var rest []display.Box
			for _, it := range p.Items {
				bb := display.InkBounds(it)
				switch {
				case bb == (display.Box{}):
				case bb.Y >= top-1e-6:
					folio = folio.Union(bb)
				default:
					rest = append(rest, bb)
				}
			}
			if folio == (display.Box{}) {
				continue
			}
			checked++
			cut := f.Trim.Y + f.Trim.H - safe
			if folio.Y+folio.H > cut+1e-6 {
				t.Errorf("%s: page %d: the number reaches %.1fmm into the part a printer may cut", bk.name, pp.Number, (folio.Y+folio.H-cut)/spec.PointsPerMM)
			}
			room := cut - top - folio.H
			if want := math.Min(layout.FolioClear, room); folio.Y-top < want-1 {
				t.Errorf("%s: page %d: the number stands %.1fmm below the content; the margin has room for %.1fmm", bk.name, pp.Number, (folio.Y-top)/spec.PointsPerMM, want/spec.PointsPerMM)
			}
			for _, r := range rest {
				if r.X > folio.X+folio.W || r.X+r.W < folio.X {
					continue
				}
				if g := folio.Y - (r.Y + r.H); g < inkGap {
					t.Errorf("%s: page %d: ink %.1fmm above the number", bk.name, pp.Number, g/spec.PointsPerMM)
				}
			}
		}
		if checked == 0 && bk.name != "name-worksheet.yaml" && bk.name != "worksheet.yaml" {
			t.Errorf("%s: no page with a number", bk.name)
		}
	}
}

// TestPicturesStayInsideTheContent checks every picture on every puzzle
// page of every example and of the folioBooks, a spec's own pictures and
// a theme's marks alike: each stands inside the page's content, where a
// printer prints it and clear of the page number, even where a maze's
// goal is in its middle and only its entrance's room was kept
// (mouse-and-cheese's mouse stood 1.5mm past its page's content).
func TestPicturesStayInsideTheContent(t *testing.T) {
	names := allBooks(t)
	books := map[string]*layout.Book{}
	for _, name := range names {
		books[name] = readFinishBook(t, name)
	}
	for name, src := range folioBooks {
		books[name] = bookOf(t, src)
	}
	const tol = 0.01
	for name, b := range books {
		for i, p := range b.Pages {
			pp := b.Plan.Pages[i]
			if pp.Kind != plan.PuzzlePage {
				continue
			}
			c := pp.Frame.Content
			var boxes []display.Box
			for _, it := range p.Items {
				if im, ok := it.(*display.Image); ok {
					boxes = append(boxes, im.Box)
				}
			}
			for _, mi := range pp.Mazes {
				for _, mk := range b.Placed[mi].Marks {
					boxes = append(boxes, mk.Box)
				}
			}
			for _, bb := range boxes {
				if out := max(c.X-bb.X, bb.X+bb.W-c.X-c.W, c.Y-bb.Y, bb.Y+bb.H-c.Y-c.H); out > tol {
					t.Errorf("%s: page %d: a picture stands %.2fmm past the content", name, pp.Number, out/spec.PointsPerMM)
				}
			}
		}
	}
}
