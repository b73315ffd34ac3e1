package cover

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"

	"mazebook/layout/spec"
)

// sceneBook returns a spec of a themed book for children of 4 to 6 (and
// 6 to 8) of the page size given, its cover in layout ("" for the
// default).
func sceneBook(t *testing.T, size, theme, layout string) *spec.Book {
	t.Helper()
	if layout != "" {
		layout = "  layout: " + layout + "\n"
	}
	s, err := spec.Parse("book.yaml", []byte(fmt.Sprintf(`title: Bee Mazes
subtitle: Help the bee find the flower
author: Ana Rivera
seed: 2026
theme: %s
page: {size: %s}
cover:
%s  back: "Forty mazes for little hands, each with a bee at the start and a flower at the end."
sections:
  - {title: One, ages: 4-6, count: 20}
  - {title: Two, ages: 6-8, count: 20}
`, theme, size, layout)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sceneOf draws the cover of s and returns what its scene front drew.
func sceneOf(t *testing.T, s *spec.Book) (*Cover, sceneParts) {
	t.Helper()
	c := mustMake(t, s)
	if c.scene == nil {
		return c, sceneParts{}
	}
	return c, *c.scene
}

// sceneCases are the themed covers for young children the scene tests
// draw: three trims, grass, a road and the moon.
var sceneCases = []struct {
	size, theme string
	u           float64 // the trim's scale from 6 x 9 in
}{
	{"6x9in", "bee", 1},
	{"8.5x11in", "dog", 11.0 / 9},
	{"8x10in", "rocket", 10.0 / 9},
	{"6x9in", "penguin", 1},
	{"8.5x11in", "car", 11.0 / 9},
}

// frontWalls returns the walls of the front's maze, the line on the
// front in colour ink of the most paths all of straight pieces across
// and down, and the side of its cells: the least step between the
// places its pieces start and end across (0 without one).
func frontWalls(c *Cover, ink display.Color) (*display.Line, float64) {
	var best *display.Line
	area := 0.0
	for _, it := range frontOf(c) {
		l, ok := it.(*display.Line)
		if !ok || l.Color != ink || len(l.Paths) < 6 {
			continue
		}
		square := true
		for _, p := range l.Paths {
			for i := 1; i < len(p.Points) && square; i++ {
				a, b := p.Points[i-1], p.Points[i]
				square = math.Abs(a.X-b.X) < 0.01 || math.Abs(a.Y-b.Y) < 0.01
			}
			square = square && len(p.Bends) == 0
		}
		if b := display.InkBounds(l); square && (best == nil || b.W*b.H > area) {
			best, area = l, b.W*b.H
		}
	}
	if best == nil {
		return nil, 0
	}
	var xs []float64
	for _, p := range best.Paths {
		for _, q := range p.Points {
			xs = append(xs, math.Round(q.X*10)/10)
		}
	}
	sort.Float64s(xs)
	cell := 0.0
	for i := 1; i < len(xs); i++ {
		if d := xs[i] - xs[i-1]; d > 1 && (cell == 0 || d < cell) {
			cell = d
		}
	}
	return best, cell
}

// TestYoungCoverMazeIsWide checks that the front's maze of a themed book
// for young children has few, wide corridors, in every layout: cells of
// 8 mm or more on the cover (on main they were 4 to 6 mm, 144 to 153 of
// them; in the framed and picture layouts, until they took the scene's
// count, 3 to 5 mm, 60 to 150 of them), and no more than 60 of them.
func TestYoungCoverMazeIsWide(t *testing.T) {
	for _, tc := range sceneCases {
		for _, layout := range []string{"", "framed", "picture"} {
			t.Run(tc.size+" "+tc.theme+" "+layout, func(t *testing.T) {
				s := sceneBook(t, tc.size, tc.theme, layout)
				walls, cell := frontWalls(mustMake(t, s), s.Style.WallColor)
				if walls == nil {
					t.Fatal("no maze's walls on the front")
				}
				b := display.InkBounds(walls)
				cells := math.Round(b.W/cell) * math.Round(b.H/cell)
				t.Logf("the front's maze: %.0f x %.0f mm, cells of %.1f mm, %.0f of them", b.W/mm, b.H/mm, cell/mm, cells)
				if cell < 8*mm || cells > 60 {
					t.Errorf("the front's maze has %.0f cells of %.1f mm: want 60 or fewer, 8 mm or more", cells, cell/mm)
				}
			})
		}
	}
}

// TestSceneFront checks the scene on the front of a themed book for
// young children, at three trims: the start's picture 30 mm or more
// (scaled with the trim) below the maze's entrance, the goal's below its
// exit, the two level and clear of the card; the way between them
// through half the maze's cells or more (not a walk along its bottom
// row); the props and the age badge clear of the title's lines, the
// maze's card and the pictures, inside the front's safe zone, and the
// ground round the sheet clear of the barcode's box; props in
// the sky and, where the theme has them, on the ground; and the front,
// rasterised, shows a way from the entrance to the exit through the
// maze's open corridors, inside its walls, and pictures white inside
// their outlines, not the ground's colour through them.
func TestSceneFront(t *testing.T) {
	for _, tc := range sceneCases {
		t.Run(tc.size+" "+tc.theme, func(t *testing.T) {
			s := sceneBook(t, tc.size, tc.theme, "")
			c, p := sceneOf(t, s)
			if c.scene == nil {
				t.Fatal("the front is not a scene")
			}
			g := c.Geometry
			least := float64(30 * mm * tc.u)
			for _, pic := range []struct {
				name string
				box  display.Box
				col  float64 // the door's column's left
			}{{"start", p.Start, p.Grid.X}, {"goal", p.Goal, p.Grid.X + p.Grid.W - p.Cell}} {
				t.Logf("%s: %.1f x %.1f mm", pic.name, pic.box.W/mm, pic.box.H/mm)
				if pic.box.W < least || pic.box.H < least {
					t.Errorf("the %s's picture is %.1f x %.1f mm, want %.1f mm or more", pic.name, pic.box.W/mm, pic.box.H/mm, least/mm)
				}
				below := pic.box.Y - (p.Grid.Y + p.Grid.H)
				if below < 0 || below > float64(15*mm*tc.u) || pic.box.X > pic.col+p.Cell || pic.box.X+pic.box.W < pic.col {
					t.Errorf("the %s's picture %+v is not below its door (grid %+v)", pic.name, pic.box, p.Grid)
				}
			}
			if overlaps(p.Start, p.Card) || overlaps(p.Goal, p.Card) || math.Abs(p.Start.Y-p.Goal.Y) > 1 {
				t.Errorf("the pictures %+v and %+v do not stand side by side below the card %+v", p.Start, p.Goal, p.Card)
			}
			if p.Cell < 8*mm {
				t.Errorf("cells of %.1f mm", p.Cell/mm)
			}
			if 2*p.Way < p.Cells {
				t.Errorf("the way through passes %d of the maze's %d cells, want half at least", p.Way, p.Cells)
			}
			if p.Badge.W == 0 {
				t.Error("no age badge")
			}
			if len(p.Props) < 2 {
				t.Errorf("%d props", len(p.Props))
			}
			keep := append([]display.Box{p.Card, p.Start, p.Goal}, p.Titles...)
			for i, b := range append(append([]display.Box(nil), p.Props...), p.Badge) {
				what := "the badge"
				if i < len(p.Props) {
					what = fmt.Sprintf("prop %d", i)
				}
				if !within(b, g.FrontSafe) {
					t.Errorf("%s %+v outside the front's safe zone", what, b)
				}
				for _, k := range keep {
					if overlaps(b, k) {
						t.Errorf("%s %+v overlaps %+v", what, b, k)
					}
				}
				if i < len(p.Props) && overlaps(b, p.Badge) {
					t.Errorf("%s %+v overlaps the badge", what, b)
				}
			}
			for _, it := range c.Page.Items {
				if reaches(it, g.Barcode) {
					t.Errorf("%T %+v reaches into the barcode's box", it, display.InkBounds(it))
				}
			}
			if !within(p.Card, g.FrontSafe) || !within(p.Grid, p.Card) {
				t.Errorf("the card %+v is not in the safe zone, or the grid %+v not on it", p.Card, p.Grid)
			}

			// The front, rasterised: the corridors inside the walls lead
			// from the entrance's cell to the exit's, and the doors are
			// open in a bottom wall that stands.
			const dpi = 100
			img, err := png.Render(c.Page, dpi)
			if err != nil {
				t.Fatal(err)
			}
			k := float64(dpi) / 72
			at := func(x, y float64) image.Point { return image.Pt(int(x*k), int(y*k)) }
			gr := p.Grid
			inside := img.SubImage(image.Rectangle{at(gr.X, gr.Y), at(gr.X+gr.W, gr.Y+gr.H)}).(*image.RGBA)
			in := at(gr.X+p.Cell/2, gr.Y+gr.H-p.Cell/2)
			out := at(gr.X+gr.W-p.Cell/2, gr.Y+gr.H-p.Cell/2)
			if !rastertest.Reachable(inside, in, out, rastertest.IsLight) {
				t.Error("no way through light corridors from the entrance's cell to the exit's")
			}
			// The pictures stand on the ground as cut-outs, white inside
			// their outlines, not the ground's colour through them.
			white, all := 0, 0
			for _, pic := range []display.Box{p.Start, p.Goal} {
				for y := int(pic.Y * k); y < int((pic.Y+pic.H)*k); y++ {
					for x := int(pic.X * k); x < int((pic.X+pic.W)*k); x++ {
						all++
						if img.RGBAAt(x, y) == (color.RGBA{255, 255, 255, 255}) {
							white++
						}
					}
				}
			}
			t.Logf("the pictures' boxes are %d%% white", 100*white/all)
			if white*25 < all {
				t.Errorf("the pictures' boxes are %d%% white: not cut-outs on the ground", 100*white/all)
			}
			door := at(gr.X+p.Cell/2, gr.Y+gr.H-0.5)
			wall := at(gr.X+gr.W/2+p.Cell/2, gr.Y+gr.H-0.5)
			if !rastertest.IsLight(img.At(door.X, door.Y)) || !rastertest.IsDark(img.At(wall.X, wall.Y)) {
				t.Errorf("the entrance %v is %v and the bottom wall %v is %v: want an open door in a standing wall", door, img.At(door.X, door.Y), wall, img.At(wall.X, wall.Y))
			}
		})
	}
}

// overlaps reports whether boxes a and b share any area.
func overlaps(a, b display.Box) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
