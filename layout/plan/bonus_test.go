package plan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mazebook/layout/spec"
)

// A 4-maze book padded to 24 pages is filled as books are: bonus mazes
// of its last section's kind (its shape, size and last level, on pages
// of their own section, with their answers in the key), its certificate
// for a young book, and notes pages only to round it out, never more
// than 10 pages without a maze or an answer at its end. Its own mazes
// keep their seeds, the bonus mazes' are their own, and the teacher
// edition holds the same mazes.
func TestPadWithBonusMazes(t *testing.T) {
	for _, c := range []struct {
		name, text string
		young      bool
	}{
		{"older", "title: Four\nseed: 3\npad: 24\nsections:\n  - {title: Warm-up, count: 4, size: 8x8, per_page: 2}\n", false},
		{"young", "title: Four\nseed: 3\npad: 24\nlanguage: es\nsections:\n  - {title: Warm-up, count: 4, ages: 4-6, shape: circle}\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			parse := func(text string) *spec.Book {
				t.Helper()
				sp, err := spec.Parse("book.yaml", []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				return sp
			}
			plain, err := Make(parse(strings.Replace(c.text, "pad: 24\n", "", 1)), Student)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Make(parse(c.text), Student)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Pages) != 24 {
				t.Fatalf("%d pages, want 24", len(p.Pages))
			}
			if len(p.Spec.Sections) != 2 || p.Spec.Sections[1].Count == 0 || len(p.Mazes) != 4+p.Spec.Sections[1].Count {
				t.Fatalf("sections %d, mazes %d: want a bonus section", len(p.Spec.Sections), len(p.Mazes))
			}
			bonus, own := p.Spec.Sections[1], p.Spec.Sections[0]
			if want := map[bool]string{false: "Bonus mazes", true: "Laberintos extra"}[c.young]; bonus.Title != want || bonus.ID != own.ID+BonusID {
				t.Errorf("bonus section %q (id %q)", bonus.Title, bonus.ID)
			}
			for i, mp := range p.Mazes {
				if i < 4 {
					if r, q := mp.Recipe, plain.Mazes[i].Recipe; r.Seed != q.Seed || r.Size != q.Size || r.Algorithm != q.Algorithm {
						t.Errorf("maze %d: %+v, unpadded %+v", i+1, mp.Recipe, plain.Mazes[i].Recipe)
					}
					continue
				}
				if mp.Section != 1 || mp.Recipe.Shape != plain.Mazes[3].Recipe.Shape || mp.Level != plain.Mazes[3].Level || mp.AnswerPage == 0 {
					t.Errorf("bonus maze %d: section %d, shape %s, level %d, answer page %d; want the last section's kind", i+1, mp.Section, mp.Recipe.Shape, mp.Level, mp.AnswerPage)
				}
				for j := range 4 {
					if mp.Recipe.Seed == p.Mazes[j].Recipe.Seed {
						t.Errorf("bonus maze %d has maze %d's seed", i+1, j+1)
					}
				}
			}
			kinds := map[Kind]int{}
			for _, pg := range p.Pages {
				kinds[pg.Kind]++
			}
			if (kinds[CertificatePage] == 1) != c.young {
				t.Errorf("certificate pages %d (young: %v)", kinds[CertificatePage], c.young)
			}
			end := 0
			for i := len(p.Pages) - 1; i >= 0 && (p.Pages[i].Kind == NotesPage || p.Pages[i].Kind == BlankPage || p.Pages[i].Kind == CertificatePage); i-- {
				end++
			}
			t.Logf("%d bonus mazes; pages %v", bonus.Count, kinds)
			if end > 10 || kinds[NotesPage] >= 10 {
				t.Errorf("the book ends with %d pages without a maze (%d notes pages): %v", end, kinds[NotesPage], kinds)
			}
			teacher, err := Make(parse(c.text), Teacher)
			if err != nil {
				t.Fatal(err)
			}
			if len(teacher.Mazes) != len(p.Mazes) || len(teacher.Pages) != 24 {
				t.Errorf("teacher edition: %d mazes on %d pages, the book's %d", len(teacher.Mazes), len(teacher.Pages), len(p.Mazes))
			}
		})
	}
}

// A padded book holds the most bonus mazes its pad has room for: one
// more would take a page past it, or be past BonusPerCell for each cell
// of the first, and a book at its pad already holds none. (withBonus finds the count from
// the pages a maze takes rather than by halves; this is what it must
// find.)
func TestPadTakesTheMostBonusMazes(t *testing.T) {
	books := []string{
		"sections:\n  - {count: 4, size: 8x8, per_page: 2}\n",
		"sections:\n  - {count: 4, size: 12x12, per_page: 1}\n",
		"language: es\nsections:\n  - {count: 4, ages: 4-6, shape: circle}\n",
		"answers: {per_page: 6}\nsections:\n  - {count: 7, size: 5x5, per_page: 4}\n",
		"answers: false\nsections:\n  - {count: 3, size: 3x3}\n",
		"title_page: true\nsection_pages: true\nsections:\n  - {count: 3, size: 10x10, per_page: 2}\n  - {count: 3, size: 4x4, per_page: 6}\n",
		"preset: kdp\npage: {size: 6x9in}\nsections:\n  - {count: 5, difficulty: 3, per_page: 2}\n",
	}
	for bi, book := range books {
		for _, pad := range []int{3, 6, 7, 11, 24, 25, 50, 101, 200} {
			s, err := spec.Parse("book.yaml", []byte(fmt.Sprintf("title: Pad\nseed: 3\npad: %d\n%s", pad, book)))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Make(s, Student)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			if len(p.Spec.Sections) > len(s.Sections) {
				n = p.Spec.Sections[len(p.Spec.Sections)-1].Count
			}
			with := func(n int) *Plan {
				more := *s
				more.Pad = 0
				sec, _ := Bonus(s, n)
				more.Sections = append(slices.Clone(s.Sections), sec)
				q, err := Make(&more, Student)
				if err != nil {
					t.Fatal(err)
				}
				return q
			}
			if n == 0 {
				plain := *s
				plain.Pad = 0
				if q, err := Make(&plain, Student); err != nil || len(q.Pages) >= pad {
					continue
				}
			}
			one, q := with(1), with(n+1)
			cap := BonusPerCell * one.Mazes[len(one.Mazes)-1].Cells
			if len(q.Pages) <= pad && n+1 <= cap {
				t.Errorf("book %d, pad %d: %d bonus mazes; %d fit in %d pages", bi, pad, n, n+1, len(q.Pages))
			}
			if n > cap {
				t.Errorf("book %d, pad %d: %d bonus mazes, more than %d a cell", bi, pad, n, BonusPerCell)
			}
		}
	}
}
