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
// and the motifs stand in the bottom margin, below the content.
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
			story, below := false, 0
			for _, it := range page.Items {
				if tx, ok := it.(*display.Text); ok && strings.Contains(tx.Text, pair.StoryIn(lang)) {
					story = true
				}
				if bb := display.InkBounds(it); bb.Y > b.Plan.Pages[at.Page].Frame.Content.Y+b.Plan.Pages[at.Page].Frame.Content.H {
					below++
				}
			}
			if !story {
				t.Errorf("%s: maze %d's page does not tell %q", lang, i+1, pair.StoryIn(lang))
			}
			if below < 2 {
				t.Errorf("%s: maze %d's page has no motifs below its content", lang, i+1)
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
