package layout_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// TestAnswerRowsShareABaseline builds activity-book, whose key once set
// the captions of one row 3.1mm apart (each just above its own maze), and
// checks that every row of every answer page has its captions at one
// height and its mazes' tops together below them.
func TestAnswerRowsShareABaseline(t *testing.T) {
	sp, err := spec.Read(filepath.Join("..", "examples", "activity-book.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, pp := range b.Plan.Pages {
		if pp.Kind != plan.AnswerPage {
			continue
		}
		k := 0
		for _, r := range pp.Rows {
			first := b.AnswerPlaced[pp.Mazes[k]]
			for _, mi := range pp.Mazes[k : k+r.N] {
				at := b.AnswerPlaced[mi]
				if math.Abs(at.Caption.Y+at.Caption.H-first.Caption.Y-first.Caption.H) > 0.01 {
					t.Errorf("page %d: maze %d's caption ends at %.2fpt, the row's first at %.2fpt", pp.Number, b.Plan.Mazes[mi].Number, at.Caption.Y+at.Caption.H, first.Caption.Y+first.Caption.H)
				}
				if math.Abs(at.Ink.Y-first.Ink.Y) > 0.01 {
					t.Errorf("page %d: maze %d's top at %.2fpt, the row's first at %.2fpt", pp.Number, b.Plan.Mazes[mi].Number, at.Ink.Y, first.Ink.Y)
				}
			}
			k += r.N
			rows++
		}
	}
	if rows == 0 {
		t.Fatal("no answer rows")
	}
}

// TestTallWeaveAnswersTurn builds a book of tall level-7 weaves on 6x9,
// whose answers, upright, were one a page at their puzzles' size (two
// would have corridors under 1.6mm: 500-shapes' last seven pages of
// answers), and checks that they turn as a rectangle's do: two a page,
// their corridors 1.6mm or more, and each answer's line running through
// the squares of its maze's way, turned, over and under the crossings.
func TestTallWeaveAnswersTurn(t *testing.T) {
	b := bookOf(t, "page: {size: 6x9in}\nanswers: {per_page: 4}\nsections:\n  - {weave: 0.3, count: 4, difficulty: 7}\n")
	pages := map[int]int{}
	for i, mp := range b.Plan.Mazes {
		at, made := b.AnswerPlaced[i], b.Mazes[i]
		g, ok := made.Maze.Grid.(*maze.Weave)
		if !ok || g.Crossings() == 0 || g.H <= g.W {
			t.Fatalf("maze %d is %v, not a tall weave", mp.Number, made.Maze.Grid)
		}
		if !mp.AnswerTurned || !at.Turned {
			t.Fatalf("weave %d is answered upright", mp.Number)
		}
		pages[mp.AnswerPage]++
		if c := mp.Clear * at.Cell; c < plan.MinAnswerCell-1e-9 {
			t.Errorf("weave %d is answered with corridors of %.2fmm", mp.Number, c/spec.PointsPerMM)
		}
		// The turned squares of the way, and those it crosses over (or
		// through) rather than under, where its line is drawn.
		way, over := map[int]bool{}, map[int]bool{}
		for _, c := range made.Solutions[0] {
			if sq := g.Above(c); sq >= 0 {
				way[made.Maze.TurnCell(sq)] = true
				continue
			}
			way[made.Maze.TurnCell(c)], over[made.Maze.TurnCell(c)] = true, true
		}
		inWay := map[int]bool{}
		for _, c := range lineSquares(b, i, g.H, g.W) {
			if !way[c] {
				t.Fatalf("weave %d: the answer's line runs through square %d, off the way through", mp.Number, c)
			}
			inWay[c] = true
		}
		for c := range over {
			if !inWay[c] {
				t.Errorf("weave %d: the line does not run through square %d of the way", mp.Number, c)
				break
			}
		}
	}
	if len(pages) != 2 {
		t.Errorf("the four answers take %d pages, want 2", len(pages))
	}
}

// TestTallAnswersTurn builds kdp-6x9, whose six 40x58 master mazes were
// answered one a page (upright, two would be drawn under 1.6mm a cell),
// and checks that they are drawn on their side two a page, at 1.6mm a
// cell or more, their captions saying so, and each turned answer's way
// through running in the cells of its maze's way, turned: the line never
// crosses a wall of the maze a parent turns the book to read. The
// answers that fit upright stay upright.
func TestTallAnswersTurn(t *testing.T) {
	_, b := exampleBook(t, "kdp-6x9.yaml")
	const master = 3
	pages := map[int]int{}
	for i, mp := range b.Plan.Mazes {
		at := b.AnswerPlaced[i]
		if mp.Section != master {
			if mp.AnswerTurned || at.Turned {
				t.Errorf("maze %d of section %d, which fits upright, is answered on its side", mp.Number, mp.Section+1)
			}
			continue
		}
		if !mp.AnswerTurned || !at.Turned {
			t.Fatalf("master maze %d is answered upright", mp.Number)
		}
		pages[mp.AnswerPage]++
		if c := mp.Clear * at.Cell; c < plan.MinAnswerCell-1e-9 {
			t.Errorf("maze %d is answered at %.2fmm a cell", mp.Number, c/spec.PointsPerMM)
		}
		caption := ""
		for _, tx := range pageTexts(b.Pages[at.Page]) {
			if insideBox(display.ItemsBounds([]display.Item{tx}), at.Caption) {
				caption += tx.Text
			}
		}
		if !strings.Contains(caption, b.Plan.Labels.Turned) {
			t.Errorf("maze %d's caption %q does not say it is on its side", mp.Number, caption)
		}
		made := b.Mazes[i]
		g := made.Maze.Grid.(maze.Rect)
		way := map[int]bool{}
		for _, c := range made.Solutions[0] {
			way[g.Turn(c)] = true
		}
		inWay := map[int]bool{}
		for _, c := range lineSquares(b, i, g.H, g.W) {
			if !way[c] {
				t.Fatalf("maze %d: the answer's line runs through cell %d, off the way through", mp.Number, c)
			}
			inWay[c] = true
		}
		if len(inWay) != len(way) {
			t.Errorf("maze %d: the line runs through %d of the way's %d cells", mp.Number, len(inWay), len(way))
		}
	}
	if len(pages) != 3 {
		t.Errorf("the six master answers take %d pages, want 3", len(pages))
	}
	for pg, n := range pages {
		if n != 2 {
			t.Errorf("page %d holds %d master answers, want 2", pg, n)
		}
	}
}

// lineSquares returns the squares of a w by h grid, numbered row by row,
// that the solution line of maze i's answer runs through, a quarter of a
// cell at a time (not those of its ends, out through the doors).
func lineSquares(b *layout.Book, i int, w, h int) []int {
	at := b.AnswerPlaced[i]
	st := b.Plan.Spec.Sections[b.Plan.Mazes[i].Section].Style
	var out []int
	for _, it := range b.Pages[at.Page].Items {
		l, ok := it.(*display.Line)
		if !ok || l.Color != st.SolutionColor || l.Color == st.WallColor || !insideBox(display.ItemsBounds([]display.Item{l}), at.Ink) {
			continue
		}
		for _, path := range l.Paths {
			pts := path.Flatten(0.1)
			for k := 1; k < len(pts); k++ {
				a, z := pts[k-1], pts[k]
				n := int(math.Ceil(math.Hypot(z.X-a.X, z.Y-a.Y)/(at.Cell/4))) + 1
				for j := 0; j <= n; j++ {
					f := float64(j) / float64(n)
					x := int(math.Floor((a.X + (z.X-a.X)*f - at.Origin.X) / at.Cell))
					y := int(math.Floor((a.Y + (z.Y-a.Y)*f - at.Origin.Y) / at.Cell))
					if x >= 0 && y >= 0 && x < w && y < h {
						out = append(out, y*w+x)
					}
				}
			}
		}
	}
	return out
}
