package layout_test

import (
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

const teachBook = `
seed: 5
answers: {show_walk: true, per_page: 1}
sections:
  - {title: Blank, kind: blank, size: 6x6}
  - {title: Graph, kind: graph, size: 6x6}
  - {title: Walk, size: 8x8, solver: right-hand}
  - {title: Search, size: 8x8, solver: bfs}
`

// linesIn returns the Line items of page whose colour is c.
func linesIn(page display.Page, c display.Color) []*display.Line {
	var out []*display.Line
	for _, it := range page.Items {
		if l, ok := it.(*display.Line); ok && l.Color == c {
			out = append(out, l)
		}
	}
	return out
}

// TestTeachingSections builds a book with a blank sheet, a graph sheet
// and walking and searching solvers, with answers.show_walk, in both
// editions: the blank sheet has no answer and nothing drawn over its
// grid; the graph sheet has one edge per passage of its maze, and its
// answer is the maze with its solution; the right hand's answer shows its
// walk, the search's none; the teacher edition draws no answer on a
// sheet.
func TestTeachingSections(t *testing.T) {
	sp, err := spec.Parse("teach.yaml", []byte(teachBook))
	if err != nil {
		t.Fatal(err)
	}
	walkColor, graphColor := draw.TeachingColors(draw.InkColor)
	for _, ed := range []plan.Edition{plan.Student, plan.Teacher} {
		b, err := layout.Build(sp, layout.Options{Edition: ed})
		if err != nil {
			t.Fatal(err)
		}
		if b.Plan.Mazes[0].AnswerPage != 0 {
			t.Errorf("the blank sheet has an answer on page %d", b.Plan.Mazes[0].AnswerPage)
		}
		answers := 0
		for pi, pp := range b.Plan.Pages {
			page := b.Pages[pi]
			for _, mi := range pp.Mazes {
				answer := pp.Kind == plan.AnswerPage
				if answer {
					answers++
				}
				walks, graphs := linesIn(page, walkColor), linesIn(page, graphColor)
				sols := linesIn(page, sp.Style.SolutionColor)
				switch sec := b.Plan.Mazes[mi].Section; {
				case answer && sec == 0:
					t.Errorf("page %d answers the blank sheet", pp.Number)
				case !answer && sec <= 1:
					if len(sols) != 0 || len(walks) != 0 {
						t.Errorf("%v page %d: a sheet with a solution or a walk", ed, pp.Number)
					}
					if sec == 0 && len(graphs) != 0 {
						t.Errorf("page %d: the blank sheet has a graph", pp.Number)
					}
					if sec == 1 && (len(graphs) != 2 || len(graphs[0].Paths) != b.Mazes[mi].Maze.Passages()) {
						t.Errorf("page %d: the graph sheet has %d graph items, want edges (one per passage, %d) and dots", pp.Number, len(graphs), b.Mazes[mi].Maze.Passages())
					}
				case answer && sec == 1:
					if len(graphs) != 0 || len(sols) != 1 {
						t.Errorf("page %d: the graph's answer has %d graph items and %d solutions", pp.Number, len(graphs), len(sols))
					}
				case answer && sec == 2:
					if len(walks) != 1 || len(sols) != 1 {
						t.Errorf("page %d: the right hand's answer has %d walks and %d solutions", pp.Number, len(walks), len(sols))
					}
				case sec == 3 || !answer && sec == 2:
					if len(walks) != 0 {
						t.Errorf("%v page %d: a walk on a search's answer or on a puzzle", ed, pp.Number)
					}
				}
			}
		}
		if want := map[plan.Edition]int{plan.Student: 3, plan.Teacher: 0}[ed]; answers != want {
			t.Errorf("%v: %d answers, want %d", ed, answers, want)
		}
	}
}
