package layout_test

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/templates"
)

var measure = flag.Bool("measure", false, "print what a designer measures of every example: the share of each puzzle page its mazes fill, answer cells, key pages")

// TestMeasureExamples prints, with -measure, the figures a designer of
// children's books measures of the default book and every example.
func TestMeasureExamples(t *testing.T) {
	if !*measure {
		t.Skip("run with -measure")
	}
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*.yaml"))
	names := []string{"default"}
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	for _, name := range names {
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
		fmt.Fprintf(os.Stdout, "%s\n", name)
		fmt.Fprintln(os.Stdout, "  "+strings.Join(fill(b), "\n  "))
		if *measureBook == name {
			perPage(b)
		}
	}
}

// fill describes the share of the page inside half-inch margins the mazes
// of each puzzle page cover (their grids), lone and shared, and the
// answers' cells.
func fill(b *layout.Book) []string {
	var lone, shared, ans []float64
	keyPages := 0
	for _, pp := range b.Plan.Pages {
		if pp.Kind == plan.AnswerPage {
			keyPages++
		}
		if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
			continue
		}
		t := pp.Frame.Trim
		inside := (t.W - 72) * (t.H - 72)
		area := 0.0
		for _, mi := range pp.Mazes {
			at, mp := b.Placed[mi], b.Plan.Mazes[mi]
			g := display.Box{W: mp.GridW * at.Cell, H: mp.GridH * at.Cell}
			area += g.W * g.H
		}
		if len(pp.Mazes) == 1 {
			lone = append(lone, area/inside)
		} else {
			shared = append(shared, area/inside)
		}
	}
	for i := range b.Plan.Mazes {
		if a := b.AnswerPlaced[i]; a.Cell > 0 {
			ans = append(ans, a.Cell/spec.PointsPerMM)
		}
	}
	var pics []float64
	for i := range b.Plan.Mazes {
		for _, mk := range b.Placed[i].Marks {
			if mk.Kind == draw.PictureMark {
				pics = append(pics, math.Min(mk.Box.W, mk.Box.H)/spec.PointsPerMM)
			}
		}
	}
	return []string{
		"pictures mm: " + stat(pics, ""),
		"lone:   " + stat(lone, "%"),
		"shared: " + stat(shared, "%"),
		"answer cell mm: " + stat(ans, ""),
		fmt.Sprintf("answer pages: %d, pages: %d", keyPages, len(b.Plan.Pages)),
	}
}

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

var measureBook = flag.String("measure-book", "", "with -measure, print every puzzle page of this example")

func init() { perPage = func(b *layout.Book) { printPages(b) } }

var perPage func(b *layout.Book)

func printPages(b *layout.Book) {
	for _, pp := range b.Plan.Pages {
		if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
			continue
		}
		t := pp.Frame.Trim
		inside := (t.W - 72) * (t.H - 72)
		area := 0.0
		for _, mi := range pp.Mazes {
			at, mp := b.Placed[mi], b.Plan.Mazes[mi]
			area += mp.GridW * at.Cell * mp.GridH * at.Cell
		}
		mp := b.Plan.Mazes[pp.Mazes[0]]
		fmt.Printf("  page %d: %d of %d, %.1f%%, grid %gx%g cell %.1fmm level %d\n", pp.Number, len(pp.Mazes), pp.Per, 100*area/inside, mp.GridW, mp.GridH, b.Placed[pp.Mazes[0]].Cell/spec.PointsPerMM, mp.Level)
	}
}
