package layout_test

import (
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/templates"
)

// finishBooks are the books a designer looked at: the default book and
// the examples with lone mazes, crowded answer keys and stars.
var finishBooks = []string{"default", "difficulty-ladder.yaml", "activity-book.yaml", "every-algorithm.yaml", "shapes.yaml", "grayscale.yaml", "kdp-6x9.yaml"}

func readFinishBook(t *testing.T, name string) *layout.Book {
	t.Helper()
	var s *spec.Book
	var err error
	if name == "default" {
		s, err = spec.Parse("default.yaml", templates.Default())
	} else {
		s, err = spec.Read(filepath.Join("..", "examples", name))
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPagesLookFinished checks what a designer checks on every puzzle and
// answer page of the finishBooks: a caption stands directly above its
// maze (but on a page of staggered circles, beside it: see
// TestStaggeredCircles) (CaptionGap between the caption's ink and the maze's), over the
// maze's grid and no wider unless its text is (then centred on it), so
// that the stars end at the grid's right edge at the latest; a page that
// holds fewer mazes than its section's others has them centred across
// the page, a lone one in the middle of the page too; and every answer of
// a level of a section is drawn at one scale: its puzzle's cell on a full
// page of its section times one factor.
func TestPagesLookFinished(t *testing.T) {
	const eps = 0.51
	for _, name := range finishBooks {
		t.Run(name, func(t *testing.T) {
			b := readFinishBook(t, name)
			scale := map[[2]int]float64{} // by section and level
			for i, mp := range b.Plan.Mazes {
				for _, at := range []layout.Placement{b.Placed[i], b.AnswerPlaced[i]} {
					if at.Cell == 0 {
						continue
					}
					w, h := mp.GridW, mp.GridH
					if at.Turned {
						w, h = mp.AnswerGrid()
					}
					grid := display.Box{X: at.Origin.X, Y: at.Origin.Y, W: w * at.Cell, H: h * at.Cell}
					where := func() string { return "maze " + itoa(mp.Number) + " on page " + itoa(at.Page+1) }
					if at.Caption == (display.Box{}) || b.Plan.Pages[at.Page].Beside != nil {
						continue // no caption, or one beside its circle (see TestStaggeredCircles)
					}
					// The caption's row is a little taller than its letters.
					if gap := at.Ink.Y - (at.Caption.Y + at.Caption.H); gap < -eps || gap > plan.CaptionGap+2 {
						t.Errorf("%s: %.1fpt between the caption and the maze, want %dpt", where(), gap, plan.CaptionGap)
					}
					if at.Caption.W <= grid.W+eps {
						if at.Caption.X < grid.X-eps || at.Caption.X+at.Caption.W > grid.X+grid.W+eps {
							t.Errorf("%s: the caption %+v reaches past the maze's grid %+v", where(), at.Caption, grid)
						}
					} else if c, g := at.Caption.X+at.Caption.W/2, grid.X+grid.W/2; math.Abs(c-g) > eps {
						t.Errorf("%s: a caption wider than the maze centred at %.1f, the maze at %.1f", where(), c, g)
					}
				}
				if a := b.AnswerPlaced[i]; a.Cell > 0 {
					key := [2]int{mp.Section, mp.Level}
					f, ok := scale[key]
					if !ok {
						scale[key] = a.Cell / mp.BaseCell
					} else if math.Abs(a.Cell/mp.BaseCell-f) > 1e-9 {
						t.Errorf("maze %d: its answer is drawn at %.3f of its puzzle's section cell, others of its section and level at %.3f", mp.Number, a.Cell/mp.BaseCell, f)
					}
				}
			}
			for pi, pp := range b.Plan.Pages {
				if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 || len(pp.Mazes) >= b.Plan.Spec.Sections[pp.Section].PerPage {
					continue
				}
				c := pp.Frame.Content
				var group display.Box
				for _, mi := range pp.Mazes {
					at, mp := b.Placed[mi], b.Plan.Mazes[mi]
					group = group.Union(display.Box{X: at.Origin.X, Y: at.Origin.Y, W: mp.GridW * at.Cell, H: mp.GridH * at.Cell})
				}
				if gx, cx := group.X+group.W/2, c.X+c.W/2; math.Abs(gx-cx) > eps {
					t.Errorf("page %d holds %d of %d mazes off centre: at %.1f, the page's middle %.1f", pi+1, len(pp.Mazes), b.Plan.Spec.Sections[pp.Section].PerPage, gx, cx)
				}
				if len(pp.Mazes) == 1 {
					at := b.Placed[pp.Mazes[0]]
					all := at.Ink.Union(at.Caption)
					if gy, cy := all.Y+all.H/2, (pp.Head.Bottom+c.Y+c.H)/2; math.Abs(gy-cy) > eps {
						t.Errorf("page %d: its lone maze stands at %.1f, the middle of the page below its heading at %.1f", pi+1, gy, cy)
					}
				}
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
