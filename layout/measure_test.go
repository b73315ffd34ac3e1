package layout_test

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"testing"

	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

var (
	measure     = flag.Bool("measure", false, "print what a designer measures of the default book and every example: the share of each puzzle page its mazes cover, pictures, answer cells, key pages")
	measureBook = flag.String("measure-book", "", "with -measure, print every puzzle page of this example")
)

// TestMeasureExamples prints, with -measure, the figures a designer of
// children's books measures of the default book and every example: go
// test ./layout -run Measure -v -args -measure.
func TestMeasureExamples(t *testing.T) {
	if !*measure {
		t.Skip("run with -measure")
	}
	for _, name := range allBooks(t) {
		b := readFinishBook(t, name)
		var lone, shared, answers, pictures []float64
		keyPages := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind == plan.AnswerPage {
				keyPages++
			}
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
				continue
			}
			share, _ := fillOf(b, pp)
			if len(pp.Mazes) == 1 {
				lone = append(lone, share)
			} else {
				shared = append(shared, share)
			}
			if *measureBook == name {
				mp := b.Plan.Mazes[pp.Mazes[0]]
				fmt.Printf("  page %d: %d of %d, %.1f%%, grid %gx%g cell %.1fmm level %d\n", pp.Number, len(pp.Mazes), pp.Per, 100*share, mp.GridW, mp.GridH, b.Placed[pp.Mazes[0]].Cell/spec.PointsPerMM, mp.Level)
			}
		}
		for i := range b.Plan.Mazes {
			if a := b.AnswerPlaced[i]; a.Cell > 0 {
				answers = append(answers, a.Cell/spec.PointsPerMM)
			}
			for _, mk := range b.Placed[i].Marks {
				if mk.Kind == draw.PictureMark {
					pictures = append(pictures, math.Min(mk.Box.W, mk.Box.H)/spec.PointsPerMM)
				}
			}
		}
		fmt.Printf("%s\n  pictures mm: %s\n  lone:   %s\n  shared: %s\n  answer cell mm: %s\n  answer pages: %d, pages: %d\n",
			name, stat(pictures, ""), stat(lone, "%"), stat(shared, "%"), stat(answers, ""), keyPages, len(b.Plan.Pages))
	}
}

// stat sums up values: how many, the least, the middle and the most (as
// percentages with unit "%").
func stat(v []float64, unit string) string {
	if len(v) == 0 {
		return "-"
	}
	sort.Float64s(v)
	k := 1.0
	if unit == "%" {
		k = 100
	}
	return fmt.Sprintf("n=%d min %.1f%s median %.1f%s max %.1f%s", len(v), v[0]*k, unit, v[len(v)/2]*k, unit, v[len(v)-1]*k, unit)
}
