package plan

import (
	"strconv"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/spec"
)

// SlotOf resolves every slot of a book as the plan lays it out: a
// puzzle at its own cell and wall, an answer at its answer's, marks
// scaled and no flag floor or tint, with its solutions (and its walks
// when the key shows them); a teacher edition's puzzle with its
// solutions; a worksheet's blank or graph sheet without them in either
// edition; a turned answer's grid swapped; a young child's level in
// whole stars; a caption that names its maze and fits the room its page
// keeps.
func TestSlotOfResolvesEverySlot(t *testing.T) {
	kdp, err := spec.Read("../../examples/kdp-6x9.yaml")
	if err != nil {
		t.Fatal(err)
	}
	parse := func(src string) *spec.Book {
		t.Helper()
		sp, err := spec.Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return sp
	}
	for _, tt := range []struct {
		name    string
		sp      *spec.Book
		edition Edition
		turned  bool // some answer is turned
	}{
		{"plain", parse("seed: 3\nsections:\n  - {count: 3, per_page: 2}\n"), Student, false},
		{"walks", parse("seed: 3\nanswers: {show_walk: true}\nsections:\n  - {count: 2, solver: tremaux}\n"), Student, false},
		{"sheets", parse("seed: 3\nsections:\n  - {kind: blank}\n  - {kind: graph}\n  - {count: 2}\n"), Student, false},
		{"sheets teacher", parse("seed: 3\nsections:\n  - {kind: blank}\n  - {kind: graph}\n  - {count: 2}\n"), Teacher, false},
		{"young", parse("seed: 3\nsections:\n  - {count: 2, ages: 4-6}\n"), Student, false},
		{"kdp-6x9", kdp, Student, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Make(tt.sp, tt.edition)
			if err != nil {
				t.Fatal(err)
			}
			slots, turned := 0, false
			for pi, pp := range p.Pages {
				for k, mi := range pp.Mazes {
					mp := p.Mazes[mi]
					sec := &p.Spec.Sections[mp.Section]
					const level = 3
					sl, err := p.SlotOf(pi, k, CaptionFacts{Recipe: mp.Recipe, Score: 50, Path: 20, Level: level})
					if err != nil {
						t.Fatalf("page %d slot %d: %v", pp.Number, k, err)
					}
					slots++
					answer := pp.Kind == AnswerPage
					where := "page " + strconv.Itoa(pp.Number) + " maze " + strconv.Itoa(mp.Number)
					if sl.Maze != mi || sl.Box != pp.Slots[k] || sl.Answer != answer {
						t.Errorf("%s: slot holds maze %d in %v (answer %v), the plan maze %d in %v (answer %v)", where, sl.Maze, sl.Box, sl.Answer, mi, pp.Slots[k], answer)
					}
					cell, wall := mp.Cell, mp.Wall
					if answer {
						cell, wall = mp.AnswerCell, mp.AnswerWall
					}
					if sl.Style.Cell != cell || sl.Style.Wall != wall {
						t.Errorf("%s: drawn at cell %g wall %g, planned %g %g", where, sl.Style.Cell, sl.Style.Wall, cell, wall)
					}
					sheet := !answer && (sec.Sheet == spec.SheetBlank || sec.Sheet == spec.SheetGraph)
					if sl.Blank != sheet || sl.Graph != (sheet && sec.Sheet == spec.SheetGraph) {
						t.Errorf("%s: blank %v graph %v on a %q sheet", where, sl.Blank, sl.Graph, sec.Sheet)
					}
					if want := !sheet && (answer || tt.edition == Teacher); sl.Solutions != want {
						t.Errorf("%s: solutions %v, want %v", where, sl.Solutions, want)
					}
					if want := answer && p.Spec.Answers.ShowWalk; sl.Walks != want {
						t.Errorf("%s: walks %v, want %v", where, sl.Walks, want)
					}
					if answer && (sl.Style.FlagSide != 0 || sl.Style.Floor != (display.Color{}) || sl.Style.DoorWords) {
						t.Errorf("%s: an answer drawn with flag floor %g, tint %v, door words %v", where, sl.Style.FlagSide, sl.Style.Floor, sl.Style.DoorWords)
					}
					if answer && sl.Style.MarkScale > p.TextScale()+1e-9 {
						t.Errorf("%s: an answer's marks at %g, its puzzle's at %g", where, sl.Style.MarkScale, p.TextScale())
					}
					w, h := mp.GridW, mp.GridH
					if answer && mp.AnswerTurned {
						w, h = mp.GridH, mp.GridW
					}
					if sl.Turned != (answer && mp.AnswerTurned) || sl.GridW != w || sl.GridH != h {
						t.Errorf("%s: turned %v grid %gx%g, planned turned %v grid %gx%g", where, sl.Turned, sl.GridW, sl.GridH, answer && mp.AnswerTurned, w, h)
					}
					turned = turned || sl.Turned
					want := level
					if sec.Young() {
						want = level + 1 // two whole stars, not one and a half
					}
					if sl.Level != want || sl.Style.Round != sec.Young() {
						t.Errorf("%s: level %d round %v, young %v", where, sl.Level, sl.Style.Round, sec.Young())
					}
					if c := sl.Caption; !strings.Contains(strings.Join(c.Lines, " "), strconv.Itoa(mp.Number)) && !sheet || c.Height() > pp.Caption+1e-9 {
						t.Errorf("%s: caption %q, %g high in a room of %g", where, c.Lines, c.Height(), pp.Caption)
					}
				}
			}
			if slots == 0 || turned != tt.turned {
				t.Errorf("%d slots, some turned %v, want %v", slots, turned, tt.turned)
			}
		})
	}
}
