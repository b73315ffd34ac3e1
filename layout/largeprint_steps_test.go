package layout_test

import (
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// A large-print book's storyboard sets every word at spec.LargePrintSize
// or more, as the spec promises for the whole book: the legend, the
// captions, and the cells' labels (those too small are left out).
func TestLargePrintStoryboard(t *testing.T) {
	const src = `
seed: 4
style: {large_print: true}
sections:
  - title: How Prim grows a maze
    kind: steps
    size: 7x6
    every: 4
    solver: bfs
`
	sp, err := spec.Parse("steps.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	words := 0
	for pi, pg := range b.Plan.Pages {
		if pg.Kind != plan.StepsPage {
			continue
		}
		for _, it := range b.Pages[pi].Items {
			tx, ok := it.(*display.Text)
			if !ok {
				continue
			}
			words++
			if tx.Size < spec.LargePrintSize-1e-9 {
				t.Errorf("page %d: %q at %.1fpt, under %dpt", pi+1, tx.Text, tx.Size, spec.LargePrintSize)
			}
		}
	}
	if words == 0 {
		t.Fatal("the storyboard's pages set no words")
	}
}
