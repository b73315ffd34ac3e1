package kdp

import (
	"path/filepath"
	"strings"
	"testing"

	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// examples returns the plan of every example book, by its file's name.
func examplePlans(t *testing.T) map[string]*plan.Plan {
	t.Helper()
	names, err := filepath.Glob("../../examples/*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	out := map[string]*plan.Plan{}
	for _, name := range names {
		s, err := spec.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Make(s, plan.Student)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(name)] = p
	}
	return out
}

// TestPresetDefaultsCostNothing checks the defaults of preset: kdp on
// every example that has it: a copyright page after the title page, and
// a black & white interior unless the spec asks for colour (large-print
// asks for premium colour, cover.paper: color). 500-mazes and 500-shapes
// were standard colour interiors of 538 and 600 pages, and 500-mazes had
// no copyright page.
func TestPresetDefaultsCostNothing(t *testing.T) {
	kdpBooks := 0
	for name, p := range examplePlans(t) {
		s := p.Spec
		if s.Preset != "kdp" {
			continue
		}
		kdpBooks++
		copyright := -1
		for i, pg := range p.Pages {
			if pg.Kind == plan.CopyrightPage {
				copyright = i
			}
		}
		if copyright < 0 || s.Copyright == "" {
			t.Errorf("%s: no copyright page", name)
		}
		want := BlackOnWhite
		if name == "large-print.yaml" {
			want = PremiumColor
		}
		if got := InteriorOf(s.Style.Ink, s.Cover.Paper); got != want {
			t.Errorf("%s: a %s interior of %d pages, want %s", name, got, len(p.Pages), want)
		}
	}
	if kdpBooks < 5 {
		t.Errorf("%d examples with preset: kdp, want 5 or more", kdpBooks)
	}
}

// TestDefaultCopyright checks the copyright a preset: kdp book is given,
// in its language, with and without an author, and that copyright: ""
// leaves it out.
func TestDefaultCopyright(t *testing.T) {
	for _, tt := range []struct{ extra, want string }{
		{"author: Ana Rivera\n", "Mazes. Copyright © 2026 Ana Rivera. All rights reserved."},
		{"", "Mazes. Copyright © 2026. All rights reserved."},
		{"language: es\nauthor: Ana Rivera\n", "Mazes. Copyright © 2026 Ana Rivera. Todos los derechos reservados."},
		{"copyright: \"\"\n", ""},
		{"copyright: Mine.\n", "Mine."},
	} {
		s, err := spec.Parse("kdp.yaml", []byte("title: Mazes\npreset: kdp\ndate: 2026-03-01\n"+tt.extra+"sections: [{count: 30}]\n"))
		if err != nil {
			t.Fatal(err)
		}
		if s.Copyright != tt.want {
			t.Errorf("%q: copyright %q, want %q", tt.extra, s.Copyright, tt.want)
		}
	}
	// A book without the preset has none unless it gives one.
	s, err := spec.Parse("book.yaml", []byte("title: Mazes\nsections: [{count: 3}]\n"))
	if err != nil || s.Copyright != "" {
		t.Errorf("without the preset: copyright %q (%v)", s.Copyright, err)
	}
}

// TestBlackUnlessColourIsAsked checks a preset: kdp book's ink: black
// unless the spec asks for colour, whichever way it asks.
func TestBlackUnlessColourIsAsked(t *testing.T) {
	for _, tt := range []struct {
		extra string
		want  Interior
	}{
		{"", BlackOnWhite},
		{"style: {wall: thick}\n", BlackOnWhite},
		{"style: {color: color}\n", StandardColor},
		{"style: {color: grayscale}\n", BlackOnWhite},
		{"style: {solution_color: blue}\n", StandardColor},
		{"cover: {paper: color}\n", PremiumColor},
		{"cover: {paper: cream}\n", BlackOnCream},
	} {
		s, err := spec.Parse("kdp.yaml", []byte("title: Mazes\npreset: kdp\n"+tt.extra+"sections: [{count: 30}]\n"))
		if err != nil {
			t.Fatalf("%q: %v", tt.extra, err)
		}
		if got := InteriorOf(s.Style.Ink, s.Cover.Paper); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.extra, got, tt.want)
		}
		for _, sec := range s.Sections {
			if sec.Style.Ink != s.Style.Ink {
				t.Errorf("%q: a section in %s ink, the book in %s", tt.extra, sec.Style.Ink, s.Style.Ink)
			}
		}
	}
	// Without the preset, colour stays the default.
	s, err := spec.Parse("book.yaml", []byte("title: Mazes\nsections: [{count: 3}]\n"))
	if err != nil || InteriorOf(s.Style.Ink, s.Cover.Paper) != StandardColor {
		t.Errorf("without the preset: %v (%v)", s.Style.Ink, err)
	}
}

// TestNoBlankPageMidBook checks every example for blank pages before its
// last printed page: each must stand before a recto opener (the first
// section, a section's own page or the answer key). grayscale had two
// with no reason, before sections that open on a puzzle page.
func TestNoBlankPageMidBook(t *testing.T) {
	for name, p := range examplePlans(t) {
		end := len(p.Pages)
		for end > 0 && p.Pages[end-1].Kind == plan.BlankPage {
			end--
		}
		firstSection := true
		var bad []string
		for i := 0; i < end; i++ {
			pg := p.Pages[i]
			if pg.Kind != plan.BlankPage {
				if pg.Section >= 0 {
					firstSection = false
				}
				continue
			}
			next := p.Pages[i+1]
			opener := next.Kind == plan.SectionPage || next.Kind == plan.AnswerPage && p.Pages[i-1].Kind != plan.AnswerPage || firstSection && next.Section >= 0
			if !opener || next.Number%2 != 1 {
				bad = append(bad, strings.TrimSpace(next.Kind.String()))
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s: %d blank pages mid-book with no opener after them (before %v)", name, len(bad), bad)
		}
	}
}

// TestColourCostNoted checks the note a preset: kdp book in colour gets,
// at the key that asked for colour: what a page costs in its colour
// against black ink; and that a book in black ink gets none.
func TestColourCostNoted(t *testing.T) {
	for _, tt := range []struct{ extra, want string }{
		{"style: {color: color}\n", "kdp.yaml:3:16: KDP prints this book in standard colour at about $0.0255 a page, against $0.012 in black ink"},
		{"cover: {paper: color}\n", "kdp.yaml:3:16: KDP prints this book in premium colour at about $0.07 a page, against $0.012"},
		{"style: {color: grayscale}\n", ""},
		{"", ""},
	} {
		s, err := spec.Parse("kdp.yaml", []byte("title: Mazes\npreset: kdp\n"+tt.extra+"seed: 1\nsections: [{count: 30}]\n"))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range s.Notes() {
			if strings.Contains(n.Error(), "KDP prints this book") {
				got = append(got, n.Error())
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%q: %v", tt.extra, got)
		case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want)):
			t.Errorf("%q: %v, want %q", tt.extra, got, tt.want)
		}
	}
}

// TestPaddedBookKeepsEveryRule checks a book padded as the check advises
// against every rule: 6x9 with bleed at the least gutter (0.375in, the
// live area's edge), its notes pages' rules inside the live area.
func TestPaddedBookKeepsEveryRule(t *testing.T) {
	b, data := build(t, "title: T\npreset: kdp\npad: 24\npage: {size: 6x9in, bleed: true}\nsections: [{count: 6, difficulty: easy}]\n")
	if v := Check(b, data); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
}
