package plan

import (
	"testing"
)

// TestAnswerKeysPackByNeed checks the answer keys of two example books
// against their sizes before the key was packed by the room each answer
// needs (kdp-6x9 spent 15 of its 54 pages on answers, 500-mazes 125), and
// that no page of any example's key holds a lone answer that could have
// shared a page: its row would have fitted on the page before.
func TestAnswerKeysPackByNeed(t *testing.T) {
	for _, tt := range []struct {
		name string
		most int // key pages
	}{
		{"kdp-6x9.yaml", 13},
		{"500-mazes.yaml", 109},
		{"difficulty-ladder.yaml", 19},
		{"activity-book.yaml", 4},
		{"grayscale.yaml", 6},
	} {
		p, err := Make(exampleSpec(t, tt.name), Student)
		if err != nil {
			t.Fatal(err)
		}
		keys := 0
		var before *Page
		for i := range p.Pages {
			pp := &p.Pages[i]
			if pp.Kind != AnswerPage {
				continue
			}
			keys++
			if len(pp.Mazes) != len(pp.Slots) {
				t.Errorf("%s: answer page %d has %d answers in %d slots", tt.name, pp.Number, len(pp.Mazes), len(pp.Slots))
			}
			if len(pp.Mazes) == 1 && before != nil && used(before)+1/float64(pp.Rows[0].Rows) <= 1+1e-9 {
				t.Errorf("%s: answer page %d holds one answer that page %d had room for", tt.name, pp.Number, before.Number)
			}
			before = pp
		}
		if keys == 0 || keys > tt.most {
			t.Errorf("%s: %d pages of answers, want at most %d", tt.name, keys, tt.most)
		}
	}
}

// used returns the share of an answer page's height its rows take.
func used(pp *Page) float64 {
	f := 0.0
	for _, r := range pp.Rows {
		f += 1 / float64(r.Rows)
	}
	return f
}

// TestSmallAnswersShareAPage checks that answers drawn small enough for
// more than answers.per_page a page are held more to a page, at no
// smaller a cell than per_page of them would have (kdp-6x9's easy mazes:
// four a page, a quarter page each for a maze of 66 cells).
func TestSmallAnswersShareAPage(t *testing.T) {
	p, err := Make(exampleSpec(t, "kdp-6x9.yaml"), Student)
	if err != nil {
		t.Fatal(err)
	}
	first := p.Pages[p.AnswersStart()-1]
	if len(first.Mazes) <= p.Spec.Answers.PerPage {
		t.Errorf("the key's first page holds %d easy answers, no more than answers.per_page (%d)", len(first.Mazes), p.Spec.Answers.PerPage)
	}
	for _, mi := range first.Mazes {
		mp := p.Mazes[mi]
		if mp.Clear*mp.AnswerCell < MinAnswerCell {
			t.Errorf("maze %d's answer has %.2fmm corridors", mp.Number, mp.Clear*mp.AnswerCell/2.834645669)
		}
	}
}
