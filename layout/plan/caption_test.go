package plan

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

func TestFitCaption(t *testing.T) {
	long := "Maze 12 — answer on page 34"
	forms := []string{long, "Maze 12 → 34", "12 → 34"}
	w := func(s string, size float64) float64 { return typeface.Width(typeface.Regular, size, s) }
	tests := []struct {
		name          string
		stars         bool
		width, height float64
		wantLines     []string
		wantSize      float64
		wantBelow     bool
	}{
		{"wide slot, stars beside", true, 400, 0, []string{long}, CaptionSize, false},
		{"no stars, just fits", false, w(long, CaptionSize), 0, []string{long}, CaptionSize, false},
		{"stars go below first", true, w(long, CaptionSize) + 1, 0, []string{long}, CaptionSize, true},
		{"two rows at full size", false, w("answer on page 34", CaptionSize) + 1, 0, []string{"Maze 12 —", "answer on page 34"}, CaptionSize, false},
		{"one row only: shrinks", false, w(long, 9), CaptionSize * CaptionLeading, []string{long}, 9, false},
		{"shorter form when even the smallest is too wide", false, w("Maze 12 → 34", CaptionSize), CaptionSize * CaptionLeading, []string{"Maze 12 → 34"}, CaptionSize, false},
		{"the number survives a tiny slot", false, w("12 → 34", MinCaptionSize), MinCaptionSize * CaptionLeading, []string{"12 → 34"}, MinCaptionSize, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FitCaption(forms, tt.stars, tt.width, tt.height, typeface.Regular)
			if strings.Join(f.Lines, "|") != strings.Join(tt.wantLines, "|") || f.Size != tt.wantSize || f.StarsBelow != tt.wantBelow {
				t.Fatalf("got %q at %gpt (stars below %v), want %q at %gpt (below %v)", f.Lines, f.Size, f.StarsBelow, tt.wantLines, tt.wantSize, tt.wantBelow)
			}
			if tt.height > 0 && f.Height() > tt.height+1e-9 {
				t.Errorf("height %g is more than the %g allowed", f.Height(), tt.height)
			}
			for _, l := range f.Lines {
				if lw := w(l, f.Size); lw > tt.width+1e-9 {
					t.Errorf("row %q is %g wide, more than %g", l, lw, tt.width)
				}
			}
			if f.Stars && !f.StarsBelow && w(f.Lines[0], f.Size)+2*(draw.StarsWidth(f.Size)+f.Size/2) > tt.width+1e-9 {
				t.Errorf("stars beside a row that leaves no room for them")
			}
		})
	}
}

func TestCaptionForms(t *testing.T) {
	tests := []struct {
		name, spec string
		answer     bool
		want       []string
	}{
		{"default", "sections: [{count: 2}]", false, []string{"Maze 1 — answer on page 2", "Maze 1 → 2", "1 → 2"}},
		{"no answer refs", "style: {answer_refs: false}\nsections: [{count: 2}]", false, []string{"Maze 1", "1"}},
		{"caption without a number", `sections: [{count: 2, caption: "Find the way"}]`, false, []string{"Find the way — answer on page 2", "Find the way → 2"}},
		{"empty caption keeps the reference", `sections: [{count: 2, caption: ""}]`, false, []string{"answer on page 2", "→ 2"}},
		{"spanish", "language: es\nsections: [{count: 2}]", false, []string{"Laberinto 1 — solución en la página 2", "Laberinto 1 → 2", "1 → 2"}},
		{"answer default", "sections: [{count: 2}]", true, []string{"Maze 1 — page 1", "1 — 1", "1"}},
		{"answer template", `answers: {caption: "{{.Number}}: score {{printf \"%.0f\" .Score}}, {{.Path}} cells"}` + "\nsections: [{count: 2}]", true, []string{"1: score 40, 30 cells", "Maze 1 — page 1", "1 — 1", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.spec
			if !strings.Contains(src, "answer_refs") {
				src = "style: {answer_refs: true}\n" + src
			}
			s, err := spec.Parse("c.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Make(s, Student)
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.Captions(0, CaptionFacts{Recipe: p.Mazes[0].Recipe, Score: 40, Path: 30}, tt.answer)
			if err != nil {
				t.Fatal(err)
			}
			// The answer key starts on a right-hand page: find it.
			want := strings.ReplaceAll(strings.Join(tt.want, "|"), " 2", fmt.Sprintf(" %d", p.Mazes[0].AnswerPage))
			want = strings.ReplaceAll(want, "→ 2", fmt.Sprintf("→ %d", p.Mazes[0].AnswerPage))
			if strings.Join(got, "|") != want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAnswerPages: answer pages lay out the answers they hold, all in
// slots of one size and a section's at one scale, packed by the room they
// need (level-3 answers drawn as four a page would draw them fit six a
// page of 6x9); and under any preset walls
// stay at least MinLine while the answer key puts fewer on a page when its
// corridors would close.
func TestAnswerPages(t *testing.T) {
	s, err := spec.Parse("a.yaml", []byte(`
page: {size: 6x9in}
answers: {per_page: 4}
sections: [{count: 10, per_page: 2, difficulty: 3}]
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(s, Student)
	if err != nil {
		t.Fatal(err)
	}
	var held []int
	for _, pp := range p.Pages {
		if pp.Kind == AnswerPage {
			held = append(held, len(pp.Mazes))
			if len(pp.Slots) != len(pp.Mazes) {
				t.Errorf("answer page %d holds %d answers in %d slots", pp.Number, len(pp.Mazes), len(pp.Slots))
			}
		}
	}
	if len(held) != 2 || held[0] != 6 || held[1] != 4 {
		t.Fatalf("answer pages hold %v, want [6 4]", held)
	}
	// One scale a section: the last page's four answers are drawn as the
	// first page's six, in slots of the same size.
	if last := p.Mazes[9]; math.Abs(last.AnswerCell/last.BaseCell-p.Mazes[0].AnswerCell/p.Mazes[0].BaseCell) > 1e-9 {
		t.Errorf("an answer on a page of four (cell %g) is not drawn at the scale of one on a page of six (%g)", last.AnswerCell, p.Mazes[0].AnswerCell)
	}
	var sizes []display.Box
	for _, pp := range p.Pages {
		if pp.Kind == AnswerPage {
			for _, sl := range pp.Slots {
				if sizes = append(sizes, sl); sl.W != sizes[0].W || sl.H != sizes[0].H {
					t.Errorf("answer page %d has a %gx%g slot, the first %gx%g", pp.Number, sl.W, sl.H, sizes[0].W, sizes[0].H)
				}
			}
		}
	}

	// Level 10 on a 6x9 page, nine answers a page: too narrow.
	s, err = spec.Parse("b.yaml", []byte(`
preset: kdp
page: {size: 6x9in, margin: {inside: auto, outside: 0.5in, top: 0.5in, bottom: 0.5in}}
answers: {per_page: 9}
sections: [{count: 9, difficulty: 10}]
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err = Make(s, Student)
	if err != nil {
		t.Fatal(err)
	}
	if p.AnswersPerPage >= 9 {
		mp := p.Mazes[0]
		t.Errorf("level-10 answers kept 9 to a page (cell %g, wall %g, clear %g; answer cell %g, wall %g)", mp.Cell, mp.Wall, mp.Clear, mp.AnswerCell, mp.AnswerWall)
	}
	for _, mp := range p.Mazes {
		if mp.AnswerWall < MinLine {
			t.Errorf("maze %d: answer wall %gpt is thinner than %gpt", mp.Number, mp.AnswerWall, MinLine)
		}
		if c := mp.Clear*mp.AnswerCell - mp.AnswerWall; c < 3*MinLine {
			t.Errorf("maze %d: answer corridors of %gpt", mp.Number, c)
		}
	}
}

// TestContents: the contents pages list each section at its first page
// and the answer key at its own, and the how-to page follows them.
func TestContents(t *testing.T) {
	var sections strings.Builder
	for i := range 60 {
		fmt.Fprintf(&sections, "  - {title: Part %d, count: 1}\n", i+1)
	}
	s, err := spec.Parse("t.yaml", []byte("title_page: true\ncontents: {title: Inside}\nhow_to: true\nsection_pages: true\nsections:\n"+sections.String()))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(s, Student)
	if err != nil {
		t.Fatal(err)
	}
	var entries []Entry
	contents, howTo := 0, 0
	for _, pp := range p.Pages {
		switch pp.Kind {
		case ContentsPage:
			contents++
			entries = append(entries, pp.Entries...)
			if len(pp.Entries) > contentsPerPage(s) {
				t.Errorf("contents page %d holds %d entries", pp.Number, len(pp.Entries))
			}
		case HowToPage:
			howTo = pp.Number
		}
	}
	if contents < 2 || howTo != 2+contents {
		t.Fatalf("%d contents pages, how-to on page %d", contents, howTo)
	}
	if len(entries) != 61 {
		t.Fatalf("%d entries, want 60 sections and the answers", len(entries))
	}
	for i, e := range entries {
		pp := p.Pages[e.Page-1]
		switch {
		case i < 60 && (pp.Kind != SectionPage || pp.Section != i || e.Title != fmt.Sprintf("Part %d", i+1)):
			t.Errorf("entry %q points at page %d, a %v of section %d", e.Title, e.Page, pp.Kind, pp.Section)
		case i == 60 && (pp.Kind != AnswerPage || p.Pages[e.Page-2].Kind == AnswerPage):
			t.Errorf("the answers entry points at page %d", e.Page)
		}
	}
}

// TestSectionStyle: a section's own wall, markers, name line and stars
// apply to its mazes and pages only.
func TestSectionStyle(t *testing.T) {
	s, err := spec.Parse("s.yaml", []byte(`
style: {wall: medium, markers: squares, name_line: false}
sections:
  - {title: Easy, count: 2, size: 8x8, style: {wall: thick, markers: labels, name_line: true, stars: false}, difficulty: 2}
  - {title: Hard, count: 2, size: 8x8, difficulty: 2}
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(s, Student)
	if err != nil {
		t.Fatal(err)
	}
	easy, hard := p.Mazes[0], p.Mazes[2]
	if easy.Wall <= hard.Wall {
		t.Errorf("thick walls %gpt are not thicker than medium %gpt", easy.Wall, hard.Wall)
	}
	if p.Stars(0) || !p.Stars(2) {
		t.Errorf("stars: easy %v, hard %v", p.Stars(0), p.Stars(2))
	}
	if p.RoomOf(0).AbsX == 0 || p.RoomOf(1).AbsX != 0 {
		t.Errorf("room for labels %+v, for squares %+v", p.RoomOf(0), p.RoomOf(1))
	}
	for _, pp := range p.Pages {
		if pp.Kind == PuzzlePage && (pp.Head.NameLine > 0) != (pp.Section == 0) {
			t.Errorf("page %d of section %d: name line at %g", pp.Number, pp.Section, pp.Head.NameLine)
		}
	}
	_, err = spec.Parse("s.yaml", []byte("sections:\n  - style: {wall: heavy, colour: red}\n"))
	if err == nil || !strings.Contains(err.Error(), "s.yaml:2:19: wall must be") || !strings.Contains(err.Error(), `s.yaml:2:26: unknown key "colour" in style`) {
		t.Errorf("bad section style: %v", err)
	}
}
