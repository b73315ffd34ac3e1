package cover

import (
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/kdp"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

const mm = 72 / 25.4

// kidsBook returns a 6x9in spec for children of 4 to 6 (and 6 to 8),
// with extra top-level keys.
func kidsBook(t *testing.T, extra string) *spec.Book {
	t.Helper()
	s, err := spec.Parse("book.yaml", []byte(fmt.Sprintf(`title: Bee Mazes
subtitle: Help the bee find the flower
author: Ana Rivera
seed: 2026
page: {size: 6x9in}
%s
cover:
  back: "Forty mazes for little hands, each with a bee at the start and a flower at the end."
sections:
  - {title: One, ages: 4-6, count: 20}
  - {title: Two, ages: 6-8, count: 20}
`, extra)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// frontOf returns the items of the cover that lie on its front.
func frontOf(c *Cover) []display.Item {
	f := c.Geometry.Front
	var out []display.Item
	for _, it := range c.Page.Items {
		if b := display.InkBounds(it); b.X >= f.X-0.01 && b.X+b.W <= f.X+f.W+c.Geometry.Bleed+0.01 {
			out = append(out, it)
		}
	}
	return out
}

// TestCoverLayouts checks the layouts a spec names: each draws the
// theme's art on the front (more black line art than the maze alone,
// and pictures 25 mm across or more), an age badge that says the book's
// ages, the title in the spec's heading face, the same each time; and
// no two layouts draw the same front.
func TestCoverLayouts(t *testing.T) {
	plain := mustMake(t, kidsBook(t, "style: {markers: labels}"))
	plainLines := 0
	for _, it := range frontOf(plain) {
		if l, ok := it.(*display.Line); ok && l.Color == display.Black {
			plainLines++
		}
	}
	fronts := map[string][]display.Item{}
	for _, name := range spec.CoverLayouts {
		s := kidsBookLayout(t, name)
		c := mustMake(t, s)
		front := frontOf(c)
		lines, big := 0, 0
		var badge, title bool
		for _, it := range front {
			switch it := it.(type) {
			case *display.Line:
				if it.Color == display.Black {
					lines++
					if b := display.InkBounds(it); math.Max(b.W, b.H) >= 25*mm && math.Min(b.W, b.H) >= 15*mm && b.W < 80*mm {
						big++
					}
				}
			case *display.Text:
				badge = badge || it.Text == "Ages 4–8"
				title = title || it.Text == "Bee Mazes" && it.Font == s.Fonts.Headings
			}
		}
		if lines <= plainLines+2 || big < 2 {
			t.Errorf("%s: %d black line items on the front (%d without a theme), %d pictures 25 mm across", name, lines, plainLines, big)
		}
		if !badge {
			t.Errorf("%s: no age badge saying Ages 4–8 on the front", name)
		}
		if !title {
			t.Errorf("%s: the title is not set in the spec's heading face", name)
		}
		again := mustMake(t, kidsBookLayout(t, name))
		if !reflect.DeepEqual(again.Page, c.Page) {
			t.Errorf("%s: two covers of one spec differ", name)
		}
		for other, items := range fronts {
			if reflect.DeepEqual(items, front) {
				t.Errorf("%s and %s draw the same front", name, other)
			}
		}
		fronts[name] = front
	}
	// The badge speaks the book's language.
	s := kidsBookLayout(t, spec.CoverBand)
	s.Language = "fr"
	fr := mustMake(t, s)
	said := ""
	for _, it := range frontOf(fr) {
		if tx, ok := it.(*display.Text); ok {
			said += tx.Text + "|"
		}
	}
	if !strings.Contains(said, "4–8 ans") {
		t.Errorf("a French cover's badge: %q", said)
	}
}

// kidsBookLayout is kidsBook with the bee theme and cover layout name.
func kidsBookLayout(t *testing.T, name string) *spec.Book {
	t.Helper()
	s, err := spec.Parse("book.yaml", []byte(fmt.Sprintf(`title: Bee Mazes
subtitle: Help the bee find the flower
author: Ana Rivera
seed: 2026
theme: bee
page: {size: 6x9in}
cover:
  layout: %s
  back: "Forty mazes for little hands, each with a bee at the start and a flower at the end."
sections:
  - {title: One, ages: 4-6, count: 20}
  - {title: Two, ages: 6-8, count: 20}
`, name)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCoverMazesDrawnAsInside checks that the cover's mazes are drawn
// as the interior draws them: walls in the style's wall colour (black),
// not the cover's colour, with black marks.
func TestCoverMazesDrawnAsInside(t *testing.T) {
	s := book(t, 40, "")
	c := mustMake(t, s)
	walls := 0
	for _, it := range c.Page.Items {
		if l, ok := it.(*display.Line); ok && l.Color == s.Cover.Color && l.Width > 1 {
			t.Fatalf("a maze's walls in the cover's colour %v", l.Color)
		}
		if l, ok := it.(*display.Line); ok && l.Color == s.Style.WallColor {
			walls++
		}
	}
	if walls < 2 {
		t.Errorf("%d mazes drawn in the style's wall colour %v, want the front's and the back's", walls, s.Style.WallColor)
	}
}

// TestCoverMazesLookAsInside checks that a young child's colour book's
// cover draws its mazes as its pages do: the same tint under their
// corridors and walls with round ends (see plan.Plan.PuzzleStyle), where
// the cover once drew them square-ended on white.
func TestCoverMazesLookAsInside(t *testing.T) {
	src := "title: Little Mazes\nseed: 3\npage: {size: 8.5x11in}\ncover: {}\nsections:\n  - {count: 30, ages: 4-6}\n"
	s, err := spec.Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Make(s, plan.Student)
	if err != nil {
		t.Fatal(err)
	}
	floor := p.PuzzleStyle(0).Floor
	if floor == (display.Color{}) {
		t.Fatal("the book's first maze has no tint inside: the test's book is not a young colour book")
	}
	c := mustMake(t, s)
	tinted, round := 0, 0
	for _, it := range c.Page.Items {
		switch it := it.(type) {
		case *display.Fill:
			if it.Color == floor {
				tinted++
			}
		case *display.Shape:
			if it.Color == floor {
				tinted++
			}
		case *display.Line:
			if it.Color == s.Style.WallColor && it.Cap == display.RoundCap && it.Width > 1 {
				round++
			}
		}
	}
	if tinted < 2 {
		t.Errorf("%d of the cover's mazes have the pages' tint %v under their corridors, want the front's and the back's", tinted, floor)
	}
	if round < 2 {
		t.Errorf("%d of the cover's mazes have round walls, want the front's and the back's", round)
	}
}

// TestBackSamplesAreLarge checks that the back's sample mazes are large
// enough to read: the walls of each (and the marks at its doors) 45 mm
// or more on the longer side and 25 mm on the shorter (they were 33 x 18
// mm), clear of the barcode's box: the kdp-6x9 example's,
// a small book's and a themed book for young children's.
func TestBackSamplesAreLarge(t *testing.T) {
	kdp, err := spec.Read(filepath.Join("..", "..", "examples", "kdp-6x9.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []*spec.Book{book(t, 40, ""), kidsBookLayout(t, spec.CoverBand), kdp} {
		c := mustMake(t, src)
		g := c.Geometry
		n := 0
		// Each card on the back, and the maze on it: its walls (and
		// the pictures at its doors).
		for _, it := range c.Page.Items {
			card, ok := it.(*display.Shape)
			cb := display.InkBounds(it)
			if !ok || card.Color != display.White || cb.X+cb.W > g.Back.X+g.Back.W || cb.W < 30*mm {
				continue
			}
			var walls display.Box
			for _, it := range c.Page.Items {
				l, ok := it.(*display.Line)
				b := display.InkBounds(it)
				if ok && l.Color == src.Style.WallColor && b.X >= cb.X && b.X+b.W <= cb.X+cb.W && b.Y >= cb.Y && b.Y+b.H <= cb.Y+cb.H {
					if walls.W == 0 {
						walls = b
					}
					walls = walls.Union(b)
				}
			}
			n++
			long, short := math.Max(walls.W, walls.H)/mm, math.Min(walls.W, walls.H)/mm
			t.Logf("%q: a sample maze of %.0f x %.0f mm", src.Title, walls.W/mm, walls.H/mm)
			if long < 45 || short < 25 {
				t.Errorf("%q: a sample maze of %.0f x %.0f mm on the back", src.Title, walls.W/mm, walls.H/mm)
			}
			if bc := g.Barcode; cb.X < bc.X+bc.W && bc.X < cb.X+cb.W && cb.Y < bc.Y+bc.H && bc.Y < cb.Y+cb.H {
				t.Errorf("%q: a sample over the barcode's box", src.Title)
			}
		}
		if n == 0 {
			t.Errorf("%q: no sample maze on the back", src.Title)
		}
	}
}

// TestSpineTextSevenPointsOrNone checks every page count from 24 to 400
// pages, in steps: the spine's text is set at MinSpineSize or more, or
// the spine has none.
func TestSpineTextSevenPointsOrNone(t *testing.T) {
	for pages := 24; pages <= 400; pages += 8 {
		c := mustMake(t, book(t, pages, ""))
		sp := c.Geometry.Spine
		for _, it := range c.Page.Items {
			if tx, ok := it.(*display.Text); ok && tx.X >= sp.X && tx.X <= sp.X+sp.W && tx.Size < MinSpineSize {
				t.Errorf("%d pages: spine text %q at %.1fpt", pages, tx.Text, tx.Size)
			}
		}
	}
}

// TestFrontWithoutTheme checks the band front of books without a theme:
// mouse-and-cheese's own mouse and cheese stand on its front, each 25 mm
// across or more, beside its age badge (on main, the badge stood alone
// in an empty white band over a quarter of the front); a book for
// children without pictures has no white band, its badge at the foot's
// corner on the cover's colour, clear of the author's line and of the
// maze's card, all inside the safe margin.
func TestFrontWithoutTheme(t *testing.T) {
	mc, err := spec.Read(filepath.Join("..", "..", "examples", "mouse-and-cheese.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c := mustMake(t, mc)
	pictures := 0
	for _, it := range frontOf(c) {
		if im, ok := it.(*display.Image); ok && math.Min(im.Box.W, im.Box.H) >= 25*mm {
			pictures++
		}
	}
	if pictures != 2 {
		t.Errorf("mouse-and-cheese: %d pictures 25 mm across on the front, want its mouse and its cheese", pictures)
	}

	plain := mustMake(t, kidsBook(t, ""))
	f := plain.Geometry.Front
	var badge, author display.Box
	var card []display.Box
	for _, it := range frontOf(plain) {
		b := display.InkBounds(it)
		switch it := it.(type) {
		case *display.Fill:
			if it.Color == display.White && b.W > f.W/2 {
				t.Errorf("a white band %v across the front of a book without pictures", b)
			}
		case *display.Shape:
			if it.Color == badgeColor {
				badge = b
			} else if it.Color == display.White {
				card = append(card, b)
			}
		case *display.Text:
			if it.Text == "Ana Rivera" {
				author = b
			}
		}
	}
	if badge == (display.Box{}) || author == (display.Box{}) || len(card) == 0 {
		t.Fatalf("badge %v, author %v, cards %v: want all three on the front", badge, author, card)
	}
	safe := display.Box{X: f.X + kdp.CoverSafe, Y: f.Y + kdp.CoverSafe, W: f.W - 2*kdp.CoverSafe, H: f.H - 2*kdp.CoverSafe}
	if !badge.Within(safe) {
		t.Errorf("the badge %v reaches past the safe margin %v", badge, safe)
	}
	if badge.Y+badge.H < f.Y+float64(f.H*0.85) {
		t.Errorf("the badge %v does not stand at the foot of the front %v", badge, f)
	}
	for _, o := range append(card, author) {
		if overlaps(badge, o) {
			t.Errorf("the badge %v overlaps %v", badge, o)
		}
	}
}
