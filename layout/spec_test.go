package layout

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/templates"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		bad  bool
	}{
		{"72pt", 72, false},
		{"1in", 72, false},
		{"25.4mm", 72, false},
		{"2.54 cm", 72, false},
		{"0", 0, false},
		{"15", 0, true},
		{"mm", 0, true},
		{"1.5furlongs", 0, true},
		{"NaNmm", 0, true},
		{"1e308in", 0, true},
		{"-1e308pt", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseLength(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseLength(%q) error = %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("ParseLength(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParsePageSize(t *testing.T) {
	tests := []struct {
		in   string
		w, h float64
		bad  bool
	}{
		{"a4", 595.2756, 841.8898, false},
		{"Letter", 612, 792, false},
		{"6x9in", 432, 648, false},
		{"210mm x 297mm", 595.2756, 841.8898, false},
		{"21 x 29.7 cm", 595.2756, 841.8898, false},
		{"5x8in", 360, 576, false},
		{"b7", 0, 0, true},
		{"0x9in", 0, 0, true},
		{"200x200in", 14400, 14400, false},
		{"201x9in", 0, 0, true},
		{"100000in x 5in", 0, 0, true},
		{"1e308in x 5in", 0, 0, true},
		{"5in x 1e300mm", 0, 0, true},
		{"6x", 0, 0, true},
	}
	for _, tt := range tests {
		w, h, err := ParsePageSize(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParsePageSize(%q) error = %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		if math.Abs(w-tt.w) > 1e-3 || math.Abs(h-tt.h) > 1e-3 {
			t.Errorf("ParsePageSize(%q) = %v x %v, want %v x %v", tt.in, w, h, tt.w, tt.h)
		}
	}
}

func TestParseSpecDefaults(t *testing.T) {
	spec, err := ParseSpec("book.yaml", []byte("sections:\n  - count: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := spec.Sections[0]
	if s.Count != 3 || s.Algorithm != "backtracker" || s.PerPage != 1 || s.ID != "section-1" || s.Difficulty != "" || s.FromLevel != 0 {
		t.Fatalf("section defaults = %+v", s)
	}
	if !spec.Answers.Enabled || spec.Answers.PerPage != 4 || spec.Style.Markers != MarkSquares {
		t.Fatalf("book defaults = %+v %+v", spec.Answers, spec.Style)
	}
}

func TestParseSpecValues(t *testing.T) {
	spec, err := ParseSpec("book.yaml", []byte(`
title: "¡Laberintos!"
seed: 18446744073709551615
language: es
date: 2026-09-01
page: {size: 6x9in, orientation: landscape, margin: {top: 1in, bottom: 0.5in, left: 10mm, right: 1cm}}
style: {wall: 2pt, wall_color: "#123456", markers: labels, name_line: true}
answers: false
sections:
  - {title: A, size: 12x8, per_page: 4, algorithm: prim, openings: longest, caption: "{{.Section}} #{{.Number}}"}
  - {title: B, cell: 9mm, algorithm: random}
`))
	if err != nil {
		t.Fatal(err)
	}
	if spec.Title != "¡Laberintos!" || spec.Seed != math.MaxUint64 || spec.Language != "es" || spec.Date.Format("2006-01-02") != "2026-09-01" {
		t.Fatalf("top = %q %d %q %v", spec.Title, spec.Seed, spec.Language, spec.Date)
	}
	if spec.Page.Width != 648 || spec.Page.Height != 432 || spec.Page.Margin.Top != 72 || math.Abs(spec.Page.Margin.Right-28.3465) > 1e-3 {
		t.Fatalf("page = %+v", spec.Page)
	}
	if spec.Style.Wall != 2 || spec.Style.WallName != "" || spec.Style.WallColor.B != 0x56 || spec.Style.Markers != MarkLabels || !spec.Style.NameLine {
		t.Fatalf("style = %+v", spec.Style)
	}
	if spec.Answers.Enabled {
		t.Fatal("answers: false ignored")
	}
	a, b := spec.Sections[0], spec.Sections[1]
	if a.Width != 12 || a.Height != 8 || a.PerPage != 4 || a.Openings != "longest" || b.CellSize == 0 || b.Algorithm != Random {
		t.Fatalf("sections = %+v %+v", a, b)
	}
}

// TestParseSpecErrors feeds broken specs and checks that each problem is
// reported with its line, column and a message that names it.
func TestParseSpecErrors(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want []string // each must appear in the error text
	}{
		{"empty", "", []string{"book.yaml: the spec is empty"}},
		{"blank", "  \n\n", []string{"the spec is empty"}},
		{"binary", "\x00\x01\x02PK", []string{"not a UTF-8 text file"}},
		{"invalid utf8", "title: \xff\xfe\n", []string{"not a UTF-8 text file"}},
		{"malformed yaml", "title: [unclosed\nsections:\n", []string{"book.yaml:", "not valid YAML"}},
		{"not a mapping", "- a\n- b\n", []string{"book.yaml:1:1: the spec must be a mapping"}},
		{"no sections", "title: x\n", []string{"no sections"}},
		{"unknown key", "titel: x\nsections: [{count: 1}]\n", []string{`book.yaml:1:1: unknown key "titel" in the spec (known: `, "title"}},
		{"unknown algorithm", "sections:\n  - algorithm: prims\n", []string{`book.yaml:2:16: algorithm "prims" is unknown (known: random, `, "prim"}},
		{"wrong type count", "sections:\n  - count: many\n", []string{`book.yaml:2:12: count must be a whole number, not "many"`}},
		{"zero count", "sections:\n  - count: 0\n", []string{"book.yaml:2:12: count must be from 1 to"}},
		{"negative size", "sections:\n  - size: -3x4\n", []string{"book.yaml:2:11: size:", "at least 1x1"}},
		{"zero size", "sections:\n  - size: 0x10\n", []string{"book.yaml:2:11:", "at least 1x1"}},
		{"bad size", "sections:\n  - size: big\n", []string{"book.yaml:2:11:", "columns x rows"}},
		{"huge size", "sections:\n  - size: 100000x100000\n", []string{"book.yaml:2:11:", "cells allowed"}},
		{"size and cell", "sections:\n  - size: 10x10\n    cell: 5mm\n", []string{"book.yaml:3:11: give either size or cell"}},
		{"bad wall", "style: {wall: heavy}\nsections: [{count: 1}]\n", []string{"book.yaml:1:15: wall must be thin, medium, thick"}},
		{"bad colour", "style:\n  wall_color: mauve-ish\nsections: [{count: 1}]\n", []string{`book.yaml:2:15: wall_color: colour "mauve-ish" is unknown`}},
		{"bad page", "page:\n  size: b7\nsections: [{count: 1}]\n", []string{`book.yaml:2:9: page size "b7" is unknown`}},
		{"bad margin", "page: {margin: 2}\nsections: [{count: 1}]\n", []string{"book.yaml:1:16: margin:", "not a length"}},
		{"bad seed", "seed: -4\nsections: [{count: 1}]\n", []string{"book.yaml:1:7: seed must be a whole number"}},
		{"bad per_page", "sections:\n  - per_page: 5\n", []string{"book.yaml:2:15: per_page must be one of"}},
		{"bad bool", "answers: maybe\nsections: [{count: 1}]\n", []string{"book.yaml:1:10: answers must be true or false"}},
		{"bad template", "sections:\n  - caption: \"{{.Nmber}}\"\n", []string{"book.yaml:2:14: caption:", "Nmber"}},
		{"unclosed template", "sections:\n  - caption: \"{{.Number\"\n", []string{"book.yaml:2:14: caption is not a valid template"}},
		{"duplicate key", "title: a\ntitle: b\nsections: [{count: 1}]\n", []string{`book.yaml:2:1: key "title" appears twice`}},
		{"duplicate section ids", "sections:\n  - title: A\n  - title: A\n", []string{"book.yaml:3:5: section 2 has the same id \"A\" as section 1"}},
		{"sections not a list", "sections: 3\n", []string{"book.yaml:1:11: sections must be a list"}},
		{"bad date", "date: yesterday\nsections: [{count: 1}]\n", []string{"book.yaml:1:7: date must look like"}},
		{"bad language", "language: fr\nsections: [{count: 1}]\n", []string{`book.yaml:1:11: language "fr" is unknown (known: en, es)`}},
		{"all errors at once", "titel: x\nsections:\n  - algorithm: prims\n    count: -1\n", []string{`unknown key "titel"`, `"prims" is unknown`, "count must be from 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSpec("book.yaml", []byte(tt.spec))
			if err == nil {
				t.Fatal("accepted")
			}
			var se SpecErrors
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not SpecErrors: %v", err, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestPlanErrors checks problems found when laying out the book: sizes too
// large for the page and walls too thick for the cells.
func TestPlanErrors(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{"too large for page", "sections:\n  - size: 200x300\n", []string{"book.yaml:2:11:", "does not fit", "the largest that fits is"}},
		{"too many per page", "sections:\n  - size: 60x60\n    per_page: 12\n", []string{"book.yaml:2:11:", "does not fit"}},
		{"wall too thick", "style: {wall: 5mm}\nsections:\n  - size: 30x30\n", []string{"book.yaml:1:15:", "too thick", "largest allowed is"}},
		{"cell too small", "sections:\n  - cell: 1mm\n", []string{"book.yaml:2:11:", "too small to print"}},
		{"cell too large", "sections:\n  - cell: 50cm\n", []string{"book.yaml:2:11:", "too large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec, err := ParseSpec("book.yaml", []byte(tt.spec))
			if err != nil {
				t.Fatal(err)
			}
			_, err = MakePlan(spec)
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
	spec, err := ParseSpec("book.yaml", []byte("style: {wall: thick}\nsections:\n  - size: 80x110\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(spec)
	if err != nil {
		t.Fatal(err)
	}
	mp := plan.Mazes[0]
	if mp.Wall > mp.Cell*0.3+1e-9 || mp.Wall <= 0 {
		t.Fatalf("thick wall %.2fpt on %.2fpt cells", mp.Wall, mp.Cell)
	}
}

func TestPlanPagesAndAnswers(t *testing.T) {
	spec, err := ParseSpec("book.yaml", []byte(`
title_page: true
answers: {per_page: 4}
sections:
  - {title: A, count: 5, per_page: 2, difficulty: easy}
  - {title: B, count: 3, per_page: 1, size: 10x10}
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := MakePlan(spec)
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
	if p.Mazes[7].Width != 10 || p.Mazes[0].Width*p.Mazes[0].Height > 120 {
		t.Fatalf("sizes: %+v", p.Mazes)
	}
}

// TestSectionSeedsAreStable checks that adding a section leaves the mazes of
// the other sections as they were.
func TestSectionSeedsAreStable(t *testing.T) {
	one, _ := ParseSpec("a.yaml", []byte("seed: 5\nsections:\n  - {title: Keep, count: 3}\n"))
	two, _ := ParseSpec("b.yaml", []byte("seed: 5\nsections:\n  - {title: New, count: 2}\n  - {title: Keep, count: 3}\n"))
	p1, _ := MakePlan(one)
	p2, _ := MakePlan(two)
	for i := 0; i < 3; i++ {
		if p1.Mazes[i].Seed != p2.Mazes[i+2].Seed {
			t.Fatalf("maze %d of section Keep changed seed when a section was added", i)
		}
	}
	if p2.Mazes[0].Seed == p2.Mazes[2].Seed {
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
	examples, _ := filepath.Glob("../examples/*.yaml")
	for _, f := range examples {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		specs[f] = data
	}
	for name, data := range specs {
		spec, err := ParseSpec(name, data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if _, err := MakePlan(spec); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestBlankPages checks the blank-page rules on many combinations of page
// furniture and section lengths: sections and the answer key start on a
// right-hand page when asked, never more than two blank pages in a row,
// and an even page count when asked.
func TestBlankPages(t *testing.T) {
	for mask := 0; mask < 32; mask++ {
		for _, counts := range [][2]int{{1, 1}, {2, 3}, {3, 2}, {5, 4}} {
			on := func(bit int) bool { return mask&(1<<bit) != 0 }
			src := fmt.Sprintf("title_page: %v\nsection_pages: %v\nstart_on_right: %v\neven_pages: %v\ncopyright: %q\nanswers: {per_page: 4}\nsections:\n  - {count: %d, size: 5x5}\n  - {count: %d, size: 5x5, per_page: 2}\n",
				on(0), on(1), on(2), on(3), map[bool]string{true: "(c) 2026", false: ""}[on(4)], counts[0], counts[1])
			spec, err := ParseSpec("t.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			plan, err := MakePlan(spec)
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
				starts := first && (pp.Kind == SectionPage || pp.Kind == AnswerPage ||
					pp.Kind == PuzzlePage && (!spec.SectionPages && (i == 0 || plan.Pages[i-1].Section != pp.Section)))
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
