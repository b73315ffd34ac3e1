package layout_test

import (
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
)

// TestThemedBook builds a themed book in English and in Spanish: every
// puzzle's caption tells its pair's story in the book's language, a
// random theme gives the mazes different pairs, the pictures are drawn,
// and the motifs stand in the top corners of the content, beside the
// heading and above every maze, plan.MotifSide across.
func TestThemedBook(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		src := "language: " + lang + "\ntheme: random\nstyle: {motifs: true}\nsections:\n  - {count: 6, difficulty: easy, per_page: 1}\n"
		s, err := spec.Parse("themed.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		b, err := layout.Build(s, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pairs := map[string]bool{}
		for i := range b.Mazes {
			pair, ok := b.Plan.Pair(i)
			if !ok {
				t.Fatalf("maze %d has no pair", i+1)
			}
			pairs[pair.Name] = true
			at := b.Placed[i]
			page := b.Pages[at.Page]
			story, corners := false, 0
			c := b.Plan.Pages[at.Page].Frame.Content
			for _, it := range page.Items {
				if tx, ok := it.(*display.Text); ok && strings.Contains(pair.StoryIn(lang), tx.Text) && len(tx.Text) > 3 {
					story = true
				}
				bb := display.InkBounds(it)
				inCorner := bb.Y >= c.Y-0.01 && bb.Y+bb.H <= c.Y+plan.MotifSide+0.01 && (bb.X+bb.W <= c.X+plan.MotifSide+0.01 || bb.X >= c.X+c.W-plan.MotifSide-0.01)
				if _, ok := it.(*display.Text); !ok && inCorner && bb.Y+bb.H <= at.Ink.Y {
					corners++
				}
			}
			if !story {
				t.Errorf("%s: maze %d's page does not tell %q", lang, i+1, pair.StoryIn(lang))
			}
			if corners < 2 {
				t.Errorf("%s: maze %d's page has no motifs in its top corners", lang, i+1)
			}
		}
		if len(pairs) < 2 {
			t.Errorf("%s: a random theme gave every maze the %v pair", lang, pairs)
		}
		if b.Plan.Pages[len(b.Plan.Pages)-1].Kind != plan.AnswerPage {
			t.Errorf("%s: the book does not end with its answers", lang)
		}
	}
	if got := theme.Pairs()[0].StoryIn("es"); !strings.HasPrefix(got, "¡") {
		t.Errorf("the first pair's Spanish story %q", got)
	}
}
