package layout_test

import (
	"fmt"
	"math"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
)

// youngPairBook is the source of a themed book of two mazes a page, for
// ages 4-6 and then 6-8, on a page size, with walls and in a language.
func youngPairBook(size, wall, language string) string {
	style := "style: {color: black}\n"
	if wall != "" {
		style = "style: {color: black, wall: " + wall + "}\n"
	}
	return "title: Little Paths\nseed: 7\ntheme: bear\nlanguage: " + language + "\npage: {size: " + size + "}\n" + style +
		"sections:\n  - {title: Two a page, ages: 4-6, count: 4, per_page: 2}\n  - {title: Older two, ages: 6-8, count: 4, per_page: 2}\n"
}

// TestYoungThemedPairsFill checks the pages of two young children's
// themed mazes (ages 4-6 and 6-8, one story for the book) on 6x9, letter
// and A4, with thick walls and the young ones', written left to right
// and right to left, and for ages 3-5 with a short last page: the two
// grids cover 45% of the page inside half-inch margins (on main, 25 to
// 48%, 6x9 at 25 to 35%, 3-5 at 12%); the story
// is said once, at the top of the page, above both mazes, not above
// each (on main, twice); and every mark holds: two pictures a maze at
// the themes' 12mm floor, Start and Finish under them for ages 4-6, a
// tick box for each young maze, an arrow at least half as wide as its
// doorway, each maze no smaller than the one before it in its
// section, and nothing on the page over anything else or past the
// margins (see youngPageClear).
func TestYoungThemedPairsFill(t *testing.T) {
	books := map[string]string{
		// A short last page, its lone maze's story two rows at 32pt:
		// the pages of two keep the room their own captions need (on
		// main, the lone one's, and covered 12%).
		"3-5, a short last page": "seed: 7\ntheme: bear\npage: {size: 6x9in}\nsections:\n  - {ages: 3-5, count: 5, per_page: 2}\n",
	}
	for _, size := range []string{"6x9in", "letter", "a4"} {
		for _, wall := range []string{"thick", ""} {
			for _, language := range []string{"en", "ar"} {
				books[fmt.Sprintf("%s %s %s", size, wall, language)] = youngPairBook(size, wall, language)
			}
		}
	}
	for name, src := range books {
		b := bookOf(t, src)
		pages := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) != 2 {
				continue
			}
			pages++
			if share, _ := fillOf(b, pp); share < 0.45 {
				t.Errorf("%s page %d: its two mazes cover %.1f%% of the page, want 45%%", name, pp.Number, 100*share)
			}
			story := b.Plan.Headline(pp.Mazes[0])
			var told []*display.Text
			for _, tx := range pageTexts(b.Pages[pp.Number-1]) {
				if tx.Text == story {
					told = append(told, tx)
				}
			}
			if len(told) != 1 {
				t.Errorf("%s page %d: the story %q is told %d times, want once", name, pp.Number, story, len(told))
			}
			for _, tx := range told {
				for _, mi := range pp.Mazes {
					if at := b.Placed[mi]; tx.Bounds().Y+tx.Bounds().H > math.Min(at.Caption.Y, at.Origin.Y) {
						t.Errorf("%s page %d: the story stands below the top of maze %d", name, pp.Number, mi+1)
					}
				}
			}
			for _, problem := range youngPageClear(b, pp) {
				t.Errorf("%s page %d: %s", name, pp.Number, problem)
			}
		}
		if pages < 2 {
			t.Errorf("%s: %d pages of two mazes, want 2 or more", name, pages)
		}
		for i, mp := range b.Plan.Mazes {
			if i > 0 && b.Plan.Mazes[i-1].Section == mp.Section && mp.Cells < b.Plan.Mazes[i-1].Cells {
				t.Errorf("%s: maze %d has %d cells, fewer than the %d of the maze before", name, i+1, mp.Cells, b.Plan.Mazes[i-1].Cells)
			}
			young := b.Plan.Spec.Sections[mp.Section].Young()
			pics, words, arrows := 0, 0, 0
			for _, mk := range b.Placed[i].Marks {
				switch mk.Kind {
				case draw.PictureMark:
					pics++
					if side := math.Min(mk.Box.W, mk.Box.H); side < draw.ArtMin-0.01 {
						t.Errorf("%s: maze %d has a picture %.1fmm across, under the 12mm floor", name, i+1, side/72*25.4)
					}
				case draw.WordMark:
					words++
				case draw.ArrowMark:
					arrows++
					m := b.Mazes[i].Maze
					e := m.Grid.Side(m.Entrance.Cell, m.Entrance.Side)
					door := math.Hypot(e.B.X-e.A.X, e.B.Y-e.A.Y)*b.Placed[i].Cell - mp.Wall
					wide := mk.Box.H
					if math.Abs(e.A.X-e.B.X) > math.Abs(e.A.Y-e.B.Y) {
						wide = mk.Box.W
					}
					if wide < 0.5*door-1e-6 {
						t.Errorf("%s: maze %d's arrow is %.1fmm wide beside a %.1fmm doorway", name, i+1, wide/72*25.4, door/72*25.4)
					}
				}
			}
			if pics != 2 || arrows != 1 {
				t.Errorf("%s: maze %d has %d pictures and %d arrows, want 2 and 1", name, i+1, pics, arrows)
			}
			if young && words != 2 || !young && words != 0 {
				t.Errorf("%s: maze %d (young %v) has %d words under its pictures", name, i+1, young, words)
			}
			if young && b.Placed[i].Tick == (display.Box{}) {
				t.Errorf("%s: maze %d, a young child's, has no tick box", name, i+1)
			}
		}
	}
}

// youngPageClear returns what overlaps on puzzle page pp of book b, or
// reaches past its margins: each maze's grid, each mark at its doors
// (arrow, picture, word), its caption and its tick box stand inside the
// content box, clear of one another (a maze's picture and the word
// under it apart too); the page's own texts (its running head, its
// story, its number) and its scene's pictures clear of them all.
func youngPageClear(b *layout.Book, pp plan.Page) []string {
	type thing struct {
		name string
		box  display.Box
	}
	var things []thing
	for _, mi := range pp.Mazes {
		at, mp := b.Placed[mi], b.Plan.Mazes[mi]
		things = append(things, thing{fmt.Sprintf("maze %d's grid", mi+1), display.Box{X: at.Origin.X, Y: at.Origin.Y, W: mp.GridW * at.Cell, H: mp.GridH * at.Cell}})
		for k, mk := range at.Marks {
			things = append(things, thing{fmt.Sprintf("maze %d's mark %d (kind %d)", mi+1, k, mk.Kind), mk.Box})
		}
		things = append(things, thing{fmt.Sprintf("maze %d's caption", mi+1), at.Caption})
		if at.Tick != (display.Box{}) {
			things = append(things, thing{fmt.Sprintf("maze %d's tick box", mi+1), at.Tick})
		}
	}
	var out []string
	c := pp.Frame.Content
	const eps = 0.01
	meets := func(a, b display.Box) bool {
		return a.X < b.X+b.W-eps && b.X < a.X+a.W-eps && a.Y < b.Y+b.H-eps && b.Y < a.Y+a.H-eps
	}
	for i, a := range things {
		if a.box.X < c.X-eps || a.box.Y < c.Y-eps || a.box.X+a.box.W > c.X+c.W+eps || a.box.Y+a.box.H > c.Y+c.H+eps {
			out = append(out, fmt.Sprintf("%s %v reaches past the margins %v", a.name, a.box, c))
		}
		for _, o := range things[i+1:] {
			if meets(a.box, o.box) {
				out = append(out, fmt.Sprintf("%s %v overlaps %s %v", a.name, a.box, o.name, o.box))
			}
		}
	}
	// The page's own texts: those in no caption and no word mark.
	var own []thing
	for _, tx := range pageTexts(b.Pages[pp.Number-1]) {
		bx := tx.Bounds()
		mine := false
		for _, th := range things {
			mine = mine || insideBox(bx, grow(th.box, 0.5))
		}
		if !mine {
			own = append(own, thing{fmt.Sprintf("the page's text %q", tx.Text), bx})
		}
	}
	for _, bx := range b.Scenery[pp.Number-1] {
		own = append(own, thing{"a scene's picture", bx})
	}
	for _, o := range own {
		for _, th := range things {
			if meets(o.box, th.box) {
				out = append(out, fmt.Sprintf("%s %v overlaps %s %v", o.name, o.box, th.name, th.box))
			}
		}
	}
	return out
}

// TestYoungThemedPagesClear checks young themed pages of three, four and
// six mazes: nothing on them overlaps or reaches past the margins (see
// youngPageClear), mazes too flat to hold a start picture beside its
// arrow keeping room above and below them for it (see plan's
// alongOver). On main, a 6x9 page of three had no room for a maze.
func TestYoungThemedPagesClear(t *testing.T) {
	for name, src := range map[string]string{
		"6x9 three":   "seed: 7\ntheme: bear\npage: {size: 6x9in}\nsections:\n  - {ages: 4-6, count: 6, per_page: 3}\n",
		"letter four": "seed: 7\ntheme: bear\nlanguage: ar\npage: {size: letter}\nsections:\n  - {ages: 4-6, count: 8, per_page: 4}\n",
		"a4 six":      "seed: 7\ntheme: bear\npage: {size: a4}\nsections:\n  - {ages: 4-6, count: 12, per_page: 6}\n",
	} {
		b := bookOf(t, src)
		pages := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage {
				continue
			}
			pages++
			for _, problem := range youngPageClear(b, pp) {
				t.Errorf("%s page %d: %s", name, pp.Number, problem)
			}
		}
		if pages == 0 {
			t.Errorf("%s: no puzzle page", name)
		}
	}
}
