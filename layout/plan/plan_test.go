package plan

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/templates"
	"mazebook/words"
)

// TestPlanErrors checks problems found when laying out the book: sizes too
// large for the page and walls too thick for the cells.
func TestPlanErrors(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{"too large for page", "sections:\n  - size: 200x300\n", []string{"book.yaml:2:11:", "200x300 does not fit here with cells of at least 2mm", "or smaller, or fewer mazes a page"}},
		{"too many per page", "sections:\n  - size: 60x60\n    count: 12\n    per_page: 12\n", []string{"book.yaml:2:11:", "does not fit"}},
		{"wall too thick", "style: {wall: 5mm}\nsections:\n  - size: 30x30\n", []string{"book.yaml:1:15:", "too thick", "largest allowed is"}},
		{"cell too small", "sections:\n  - cell: 1mm\n", []string{"book.yaml:2:11:", "too small to print"}},
		{"a circle's middle too wide", "sections:\n  - {shape: circle, size: 5, inner: 99}\n", []string{"book.yaml:2:37:", "a middle 99 rings wide leaves no room", "give a smaller inner"}},
		{"page too small for a maze", "page: {size: 2x2in, margin: 0}\nsections: [{count: 9, per_page: 9, size: 30x30}]\n", []string{"book.yaml:2:42:", "no maze fits its", "use a larger page"}},
		{"cell too large", "sections:\n  - cell: 50cm\n", []string{"book.yaml:2:11:", "too large"}},
		// Measured before its grid of 9 million cells is made.
		{"a masked rectangle too large", "sections:\n  - {mask: {text: O}, size: 3000x3000}\n", []string{"book.yaml:2:29:", "3000x3000 does not fit here", "or smaller"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec, err := spec.Parse("book.yaml", []byte(tt.spec))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Make(spec, Student)
			if err == nil {
				t.Fatal("planned")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestNamedWallNeverClosesCorridors(t *testing.T) {
	spec, err := spec.Parse("book.yaml", []byte("style: {wall: thick}\nsections:\n  - size: 80x110\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Make(spec, Student)
	if err != nil {
		t.Fatal(err)
	}
	mp := plan.Mazes[0]
	if mp.Wall > mp.Cell*0.3+1e-9 || mp.Wall <= 0 {
		t.Fatalf("thick wall %.2fpt on %.2fpt cells", mp.Wall, mp.Cell)
	}
}

func TestPlanPagesAndAnswers(t *testing.T) {
	spec, err := spec.Parse("book.yaml", []byte(`
title_page: true
answers: {per_page: 4}
sections:
  - {title: A, count: 5, per_page: 2, difficulty: easy}
  - {title: B, count: 3, per_page: 1, size: 10x10}
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(spec, Student)
	if err != nil {
		t.Fatal(err)
	}
	// Title + 3 pages of A + 3 of B + 2 answer pages.
	if len(p.Pages) != 9 || len(p.Mazes) != 8 {
		t.Fatalf("%d pages, %d mazes", len(p.Pages), len(p.Mazes))
	}
	for i, m := range p.Mazes {
		if m.Number != i+1 {
			t.Fatalf("maze %d numbered %d", i, m.Number)
		}
		page := p.Pages[m.Page-1]
		if page.Kind != PuzzlePage || !contains(page.Mazes, i) {
			t.Fatalf("maze %d is not on its page %d", m.Number, m.Page)
		}
		ans := p.Pages[m.AnswerPage-1]
		if ans.Kind != AnswerPage || !contains(ans.Mazes, i) {
			t.Fatalf("maze %d's answer is not on page %d", m.Number, m.AnswerPage)
		}
	}
	if p.Mazes[7].Recipe.Size.W != 10 || p.Mazes[0].Cells > 120 {
		t.Fatalf("sizes: %+v", p.Mazes)
	}
}

// TestSectionSeedsAreStable checks that adding a section leaves the mazes of
// the other sections as they were.
func TestSectionSeedsAreStable(t *testing.T) {
	one, _ := spec.Parse("a.yaml", []byte("seed: 5\nsections:\n  - {title: Keep, count: 3}\n"))
	two, _ := spec.Parse("b.yaml", []byte("seed: 5\nsections:\n  - {title: New, count: 2}\n  - {title: Keep, count: 3}\n"))
	p1, _ := Make(one, Student)
	p2, _ := Make(two, Student)
	for i := 0; i < 3; i++ {
		if p1.Mazes[i].Recipe.Seed != p2.Mazes[i+2].Recipe.Seed {
			t.Fatalf("maze %d of section Keep changed seed when a section was added", i)
		}
	}
	if p2.Mazes[0].Recipe.Seed == p2.Mazes[2].Recipe.Seed {
		t.Fatal("two sections share seeds")
	}
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestTemplatesAndExamplesParse checks every spec mazebook ships.
func TestTemplatesAndExamplesParse(t *testing.T) {
	specs := map[string][]byte{"default": templates.Default()}
	for _, name := range templates.StarterNames() {
		data, _, err := templates.Starter(name)
		if err != nil {
			t.Fatal(err)
		}
		specs[name] = data
	}
	examples, _ := filepath.Glob("../../examples/*.yaml")
	for _, f := range examples {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		specs[f] = data
	}
	for name, data := range specs {
		spec, err := spec.Parse(name, data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if _, err := Make(spec, Student); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestBlankPages checks the blank-page rules on many combinations of page
// furniture and section lengths: sections and the answer key start on a
// right-hand page when asked (a section without a page of its own
// follows the one before it: no blank page mid-book without an opener
// after it), never more than two blank pages in a row, and an even page
// count when asked.
func TestBlankPages(t *testing.T) {
	for mask := 0; mask < 32; mask++ {
		for _, counts := range [][2]int{{1, 1}, {2, 3}, {3, 2}, {5, 4}} {
			on := func(bit int) bool { return mask&(1<<bit) != 0 }
			src := fmt.Sprintf("title_page: %v\nsection_pages: %v\nstart_on_right: %v\neven_pages: %v\ncopyright: %q\nanswers: {per_page: 4}\nsections:\n  - {count: %d, size: 5x5}\n  - {count: %d, size: 5x5, per_page: 2}\n",
				on(0), on(1), on(2), on(3), map[bool]string{true: "(c) 2026", false: ""}[on(4)], counts[0], counts[1])
			spec, err := spec.Parse("t.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			plan, err := Make(spec, Student)
			if err != nil {
				t.Fatal(err)
			}
			run := 0
			for i, pp := range plan.Pages {
				if pp.Number != i+1 {
					t.Fatalf("page %d numbered %d", i+1, pp.Number)
				}
				if pp.Kind == BlankPage {
					if run++; run > 2 {
						t.Errorf("%s: three blank pages in a row, to page %d", src, pp.Number)
					}
					continue
				}
				run = 0
				first := i == 0 || plan.Pages[i-1].Kind == BlankPage || plan.Pages[i-1].Section != pp.Section ||
					pp.Kind == AnswerPage && plan.Pages[i-1].Kind != AnswerPage
				// The openers: a section's page, the answer key, and the
				// first section's first page; a later section without a
				// page of its own follows the one before it, with no
				// blank page between.
				starts := first && (pp.Kind == SectionPage || pp.Kind == AnswerPage ||
					pp.Kind == PuzzlePage && !spec.SectionPages && pp.Section == 0 && (i == 0 || plan.Pages[i-1].Section != pp.Section))
				if pp.Kind == PuzzlePage && pp.Section > 0 && !spec.SectionPages && plan.Pages[i-1].Kind == BlankPage {
					t.Errorf("%s: a blank page before page %d, a section without a page of its own", src, pp.Number)
				}
				if spec.StartOnRight && starts && pp.Number%2 == 0 {
					t.Errorf("%s: page %d (kind %d) starts a part on a left-hand page", src, pp.Number, pp.Kind)
				}
			}
			if last := plan.Pages[len(plan.Pages)-1]; last.Kind == BlankPage && !spec.EvenPages {
				t.Errorf("%s: ends on a blank page without even_pages", src)
			}
			if spec.EvenPages && len(plan.Pages)%2 != 0 {
				t.Errorf("%s: %d pages, not even", src, len(plan.Pages))
			}
		}
	}
}

// TestRandomDrawsBookAlgorithms checks that "random" draws, over many
// seeds and for every kind of grid, only algorithms whose texture reads
// as a maze in a book, and every one of them that can carve the grid.
func TestRandomDrawsBookAlgorithms(t *testing.T) {
	for _, kind := range []string{maze.Rectangle, "circle", "hexagon", "triangle", maze.KindMask, maze.KindWeave} {
		drawn := map[string]bool{}
		for seed := range uint64(2000) {
			name := ResolveAlgorithm(spec.Random, kind, seed)
			a, err := maze.LookupAlgorithm(name)
			if err != nil {
				t.Fatal(err)
			}
			if a.Crude {
				t.Errorf("%s, seed %d: random drew %s, whose texture looks crude in a book", kind, seed, name)
			}
			drawn[name] = true
		}
		for _, name := range maze.BookAlgorithmsFor(kind) {
			if !drawn[name] {
				t.Errorf("%s: random never drew %s in 2000 seeds", kind, name)
			}
		}
	}
	for _, name := range []string{"binary-tree", "sidewinder", "growing-tree-oldest", "recursive-division"} {
		if a, _ := maze.LookupAlgorithm(name); !a.Crude {
			t.Errorf("%s is not marked crude", name)
		}
	}
}

// TestTurnNotes checks that a wide name alone on a portrait page is told
// it would print larger on a landscape one, at its mask, and that a
// landscape page, a short word or a shared page is not.
func TestTurnNotes(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want string
	}{
		{"sections:\n  - {mask: {text: MAXIMILIAN}}\n", "book.yaml:2:12: section 1: the name is wide: on a landscape page (page: {orientation: landscape}) it prints"},
		{"page: {orientation: landscape}\nsections:\n  - {mask: {text: MAXIMILIAN}}\n", ""},
		{"sections:\n  - {mask: {text: O}}\n", ""},
		{"sections:\n  - {mask: {text: MAXIMILIAN}, count: 2, per_page: 2}\n", ""},
	} {
		got := strings.Join(planOf(t, tt.src).TurnNotes(), "\n")
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%q: notes %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestFillNotes checks that a section whose pages of several mazes cover
// less than FillFloor of a page inside its margins is told how little, at
// its per_page, and that fewer a page print them larger: a young child's
// four to a 6 x 9in page (33%), not two to a letter page (57%) or an
// adult's four.
func TestFillNotes(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want string
	}{
		{"page: {size: 6x9in}\nsections:\n  - {count: 8, ages: 3-6, per_page: 4}\n", "book.yaml:3:37: section 1: at 4 a page its mazes cover only 33% of their pages: fewer a page print them larger"},
		{"page: {size: letter}\nsections:\n  - {count: 8, ages: 4-6, per_page: 2}\n", ""},
		{"page: {size: 6x9in}\nsections:\n  - {count: 8, difficulty: 5, per_page: 4}\n", ""},
	} {
		if got := strings.Join(planOf(t, tt.src).FillNotes(), "\n"); got != tt.want {
			t.Errorf("%q: notes %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestMaskedRectAtLeast checks that the least extent maskedRectAtLeast
// finds before a masked rectangle's grid is made is never more than the
// grid's, so that no size that fits is refused for it: masks of text and
// of a picture (smoothed), at sizes from small to large.
func TestMaskedRectAtLeast(t *testing.T) {
	masks := map[string]string{
		"a word":    "sections:\n  - {mask: {text: MAXIMILIAN}, size: %dx%d}\n",
		"a letter":  "sections:\n  - {mask: {text: O}, size: %dx%d}\n",
		"two words": "sections:\n  - {mask: {text: \"i .\"}, size: %dx%d}\n",
	}
	checked := 0
	for name, src := range masks {
		for _, n := range []int{12, 17, 30, 61, 150} {
			sp, err := spec.Parse("book.yaml", []byte(fmt.Sprintf(src, 2*n, n)))
			if err != nil {
				t.Fatal(err)
			}
			sec := &sp.Sections[0]
			lw, lh, ok := maskedRectAtLeast(sec)
			if !ok {
				continue
			}
			g, err := maze.Recipe{Shape: sec.Shape, Size: sec.Size, Mask: sec.Mask, Islands: sec.Islands}.Grid()
			if err != nil {
				continue
			}
			checked++
			if gw, gh := g.Size(); lw > gw || lh > gh {
				t.Errorf("%s at %v: at least %gx%g, but the grid spans %gx%g", name, sec.Size, lw, lh, gw, gh)
			}
		}
	}
	// A picture: a disc with a thin spike at its right, which smoothing
	// takes off at coarse sizes.
	pic := &maze.Bitmap{W: 64, H: 64, On: make([]bool, 64*64), Picture: true}
	for y := range 64 {
		for x := range 64 {
			pic.On[y*64+x] = (x-28)*(x-28)+(y-32)*(y-32) < 400 || y == 32 && x < 63
		}
	}
	for _, n := range []int{8, 13, 21, 40, 90} {
		sec := &spec.Section{Shape: maze.Rectangle, Size: maze.Size{W: n, H: n}, Mask: pic}
		lw, lh, ok := maskedRectAtLeast(sec)
		if !ok {
			continue
		}
		g, err := maze.Recipe{Shape: sec.Shape, Size: sec.Size, Mask: pic}.Grid()
		if err != nil {
			t.Fatal(err)
		}
		checked++
		if gw, gh := g.Size(); lw > gw || lh > gh {
			t.Errorf("a picture at %v: at least %gx%g, but the grid spans %gx%g", sec.Size, lw, lh, gw, gh)
		}
	}
	if checked < 10 {
		t.Errorf("only %d sizes checked", checked)
	}
}

// TestStoryToldOnce checks that a section tells its theme's story once,
// on its first page, and on the pages after it that would tell it again
// (a book of one theme) says the language's prompts in turn, the mazes
// of a shared page one of them; that its next section tells the story
// again; and that a random theme, a pair a maze, tells every maze's own.
func TestStoryToldOnce(t *testing.T) {
	headlines := func(p *Plan) []string {
		var out []string
		for i := range p.Mazes {
			out = append(out, p.Headline(i))
		}
		return out
	}
	story, en := "The bear looks for the honey!", words.Or("en").Prompts
	p := planOf(t, "theme: bear\npage: {size: letter}\nsections:\n  - {count: 6, ages: 4-6}\n  - {count: 4, ages: 4-6, per_page: 2}\n")
	want := []string{story, en[0], en[1], en[2], en[3], en[0], story, story, en[0], en[0]}
	if got := headlines(p); !slices.Equal(got, want) {
		t.Errorf("one theme: headlines %q, want %q", got, want)
	}
	es := planOf(t, "language: es\ntheme: bear\nsections:\n  - {count: 2, ages: 4-6}\n")
	if got := headlines(es); got[0] != "¡El oso busca la miel!" || got[1] != words.Or("es").Prompts[0] {
		t.Errorf("in Spanish: headlines %q", got)
	}
	r := planOf(t, "theme: random\nsections:\n  - {count: 8, ages: 4-6}\n")
	for i, h := range headlines(r) {
		if h != r.Story(i) || h == "" {
			t.Errorf("random theme: maze %d's headline %q, its story %q", i+1, h, r.Story(i))
		}
	}
}

// planOf lays out the student's edition of the book whose spec, book.yaml,
// is src.
func planOf(t *testing.T, src string) *Plan {
	t.Helper()
	s, err := spec.Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(s, Student)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
