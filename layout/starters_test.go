package layout_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/templates"
)

// TestWorksheetQuickStart follows the README's quick start on the
// worksheet starter: a teacher changes the title, the number of mazes and
// the difficulty; the book prints the new title at the top of every
// puzzle page, holds that many mazes at that level, each alone on a page
// it fills (cells larger than a shared page's), and ends with the answer
// key the README promises. A size given with the difficulty is one error
// that says the two fight.
func TestWorksheetQuickStart(t *testing.T) {
	src, err := templates.StarterAs("worksheet", "class.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	if !strings.Contains(text, "mazebook build class.yaml`, which writes class.pdf") {
		t.Errorf("the starter's comment does not name the file it was written to:\n%s", text[:200])
	}
	text = strings.Replace(text, "title: Maze worksheet", "title: Mrs Lee's class", 1)
	text = strings.Replace(text, "count: 1 ", "count: 3 ", 1)
	text = strings.Replace(text, "difficulty: easy ", "difficulty: medium ", 1)
	s, err := spec.Parse("class.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Mazes) != 3 {
		t.Fatalf("%d mazes, want 3", len(b.Mazes))
	}
	answers := 0
	for i, pp := range b.Plan.Pages {
		switch pp.Kind {
		case plan.AnswerPage:
			answers++
		case plan.PuzzlePage:
			found := false
			for _, it := range b.Pages[i].Items {
				if tx, ok := it.(*display.Text); ok && tx.Text == "Mrs Lee's class" {
					found = true
				}
			}
			if !found {
				t.Errorf("puzzle page %d does not print the title", i+1)
			}
		}
	}
	if answers == 0 {
		t.Error("no answer key")
	}
	for i, mp := range b.Plan.Mazes {
		if mp.Level != 5 {
			t.Errorf("maze %d at level %d, want medium (5)", mp.Number, mp.Level)
		}
		if at := b.Placed[i]; at.Ink.W < 0.85*at.Slot.W && at.Ink.H < 0.85*at.Slot.H {
			t.Errorf("maze %d alone on its page inks %.0fx%.0fpt of a %.0fx%.0fpt slot", mp.Number, at.Ink.W, at.Ink.H, at.Slot.W, at.Slot.H)
		}
	}
	// An easy maze too: larger cells than a shared page allows.
	easy := strings.Replace(text, "difficulty: medium ", "difficulty: easy ", 1)
	if s, err = spec.Parse("class.yaml", []byte(easy)); err != nil {
		t.Fatal(err)
	}
	if b, err = layout.Build(s, layout.Options{}); err != nil {
		t.Fatal(err)
	}
	if at := b.Placed[0]; b.Plan.Mazes[0].Cell <= 15*spec.PointsPerMM || at.Ink.W < 0.85*at.Slot.W && at.Ink.H < 0.85*at.Slot.H {
		t.Errorf("an easy maze alone on its page: %.1fmm cells, inks %.0fx%.0fpt of a %.0fx%.0fpt slot", b.Plan.Mazes[0].Cell/spec.PointsPerMM, at.Ink.W, at.Ink.H, at.Slot.W, at.Slot.H)
	}

	// Size and difficulty together: said once, saying why, of the first
	// maze of the level, before the others are made.
	text = strings.Replace(text, "# size: 14x16 ", "size: 30x30 ", 1)
	s, err = spec.Parse("class.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	_, err = layout.Build(s, layout.Options{})
	if err == nil || strings.Count(err.Error(), "\n") > 0 || !strings.Contains(err.Error(), "30x30 is too large for its level (level 5, medium)") || !strings.Contains(err.Error(), "give a smaller size") {
		t.Errorf("a size with a difficulty: %v", err)
	}
}

// TestAnswerKeyHeaded checks that the answer key is headed by its title
// whatever the running head: the worksheet starter's "{{.Title}}" heads
// its puzzle "Maze worksheet" and its answer "Answers" (it headed both
// "Maze worksheet"), a head that names the key keeps its own words, and
// the book's language names it.
func TestAnswerKeyHeaded(t *testing.T) {
	starter, _, err := templates.Starter("worksheet")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, src      string
		puzzle, answer string
	}{
		{"the worksheet starter", string(starter), "Maze worksheet", "Answers"},
		{"title and section", "title: Mazes\nheader: \"{{.Title}}: {{.Section}}\"\nsections:\n  - {title: Easy, count: 1}\n", "Mazes: Easy", "Mazes: Answers"},
		{"the default", "title: Mazes\nsections:\n  - {title: Easy, count: 1}\n", "Easy", "Answers"},
		{"in Spanish", "title: Laberintos\nlanguage: es\nheader: \"{{.Title}}\"\nsections:\n  - {count: 1}\n", "Laberintos", "Soluciones"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := spec.Parse("book.yaml", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			heads := map[plan.Kind][]string{}
			for i, pp := range b.Plan.Pages {
				for _, it := range b.Pages[i].Items {
					if tx, ok := it.(*display.Text); ok && tx.Size == plan.HeaderSize && tx.Y == pp.Head.Header {
						heads[pp.Kind] = append(heads[pp.Kind], tx.Text)
					}
				}
			}
			if p, a := heads[plan.PuzzlePage], heads[plan.AnswerPage]; len(p) == 0 || p[0] != tt.puzzle || len(a) == 0 || a[0] != tt.answer {
				t.Errorf("puzzles headed %q, answers %q; want %q and %q", p, a, tt.puzzle, tt.answer)
			}
		})
	}
}

// TestExamplesShowWhatTheySay checks that an example whose section names
// one of the themes' creatures ("Help the mouse find the cheese!") shows
// it: the book has a theme whose pictures its markers draw, or the
// section has pictures of its own at its doors. The worksheet example
// promised a mouse and cheese and drew Start and Finish.
func TestExamplesShowWhatTheySay(t *testing.T) {
	paths, err := filepath.Glob("../examples/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	var names []string
	for _, p := range theme.Pairs() {
		names = append(names, p.Name)
	}
	said := regexp.MustCompile(`(?i)\b(` + strings.Join(names, "|") + `)\b`)
	for _, path := range paths {
		s, err := spec.Read(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, sec := range s.Sections {
			creature := said.FindString(sec.Title + " " + sec.Instructions)
			if creature == "" {
				continue
			}
			themed := s.Theme != "" && sec.Style.Markers == draw.Shapes
			if !themed && sec.Style.StartImage == nil {
				t.Errorf("%s: section %q speaks of the %s but shows no picture of it (theme: %q, markers: %s)", filepath.Base(path), sec.Title, creature, s.Theme, sec.Style.Markers)
			}
		}
	}
}
