package layout_test

import (
	"math"
	"path/filepath"
	"testing"

	"mazebook/layout"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
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
