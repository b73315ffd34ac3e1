package bookfiles

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"mazebook/layout/format"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// short is a book of 3 pages, with a teacher edition and a cover; pad
// makes it long enough to bind.
const short = `title: Short
seed: 3
teacher_edition: true
cover: {paper: white}
sections:
  - {count: 2, size: 6x6}
`

func parse(t *testing.T, src string) *spec.Book {
	t.Helper()
	sp, err := spec.ParseFS("b.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// Make makes every file the spec asks for, in order, each the bytes
// its own call makes: the interior and teacher edition as render.Book
// draws them, the covers as MakeCover draws a PDF.
func TestMakeEveryFile(t *testing.T) {
	sp := parse(t, short+"pad: 24\n")
	made, err := Make(sp, Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Kind{Interior, Teacher, Cover, TeacherCover}
	if len(made.Files) != len(want) {
		t.Fatalf("made %d files, want %d", len(made.Files), len(want))
	}
	pdfFormat, _ := format.ForFile(".pdf", true)
	for i, f := range made.Files {
		if f.Kind != want[i] {
			t.Errorf("file %d is of kind %d, want %d", i, f.Kind, want[i])
		}
		var data []byte
		if f.Kind.IsCover() {
			c, err := MakeCover(sp, f.Kind.Edition(), CoverOptions{Creator: "mazebook test", Format: pdfFormat, DPI: CoverDPI})
			if err != nil {
				t.Fatal(err)
			}
			data = c.Data
		} else {
			res, err := render.Book(sp, render.Options{Edition: f.Kind.Edition(), Creator: "mazebook test"})
			if err != nil {
				t.Fatal(err)
			}
			data = res.PDF
		}
		if !bytes.Equal(f.Data, data) {
			t.Errorf("the %d file is not the bytes its own call makes", f.Kind)
		}
		if f.Pages != 24 {
			t.Errorf("file %d: %d pages, want 24", f.Kind, f.Pages)
		}
		if (f.Book != nil) != (f.Kind == Interior) {
			t.Errorf("file %d keeps its book: %v", f.Kind, f.Book != nil)
		}
	}
}

// The cover of a book too short to bind is refused, for either edition,
// in one set of words, unless warnings are asked for; checked against
// kdp, kdp's own rule says it instead.
func TestShortBookCover(t *testing.T) {
	sp := parse(t, short)
	_, err := Make(sp, Options{})
	var shortErr *ShortBookError
	if !errors.As(err, &shortErr) {
		t.Fatalf("Make: %v, want a *ShortBookError", err)
	}
	want := "b.yaml: the book has 3 pages, and a paperback needs 24 at least: its spine would be"
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Make says %q, want it to start %q", err, want)
	}
	// A storyboard alone takes no bonus maze: it is told to add mazes, not
	// pad: 24, which would end it in notes pages.
	steps := parse(t, "title: S\ncover: {}\nsections: [{kind: steps, size: 4x4}]\n")
	if _, err := Make(steps, Options{}); err == nil || strings.Contains(err.Error(), "pad:") || !strings.Contains(err.Error(), "add a section of mazes") {
		t.Errorf("a storyboard's short cover: %v, want the advice to add a section of mazes", err)
	}
	made, err := Make(sp, Options{WarnOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if made.Get(TeacherCover) == nil || len(made.Warnings) != 2 || !strings.Contains(made.Warnings[1], "its teacher edition has 2 pages") {
		t.Errorf("warn only: files %d, warnings %q", len(made.Files), made.Warnings)
	}
	_, err = Make(sp, Options{Kinds: []Kind{Cover}, Check: "kdp", Name: Named("b.pdf")})
	var rules *RulesError
	if !errors.As(err, &rules) || rules.Kind != Cover || !strings.HasPrefix(err.Error(), "b.pdf (cover) breaks 1 print-on-demand rule (kdp, for covers):\n  pages: the book has 3 pages") {
		t.Errorf("checked against kdp: %v", err)
	}
	if rules != nil && len(rules.Violations) != 1 {
		t.Errorf("violations %v", rules.Violations)
	}
	// A checked PDF says its verdict.
	made, err = Make(sp, Options{Kinds: []Kind{Cover}, Check: "kdp", WarnOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if info, err := pdf.ReadInfo(bytes.NewReader(made.Files[0].Data), int64(len(made.Files[0].Data)), pdf.Limits{Size: 1 << 30, Pages: 10}); err != nil || info.Record.Check != pdf.CheckFailed {
		t.Errorf("the cover's record: %+v, %v; want its check %q", info.Record, err, pdf.CheckFailed)
	}
	if len(made.Broken) != 1 {
		t.Errorf("broken: %v", made.Broken)
	}
}

// A file that breaks its preset's rules is worded once: named by its
// file, or "the book" and translated.
func TestRulesErrorWords(t *testing.T) {
	v := []kdp.Violation{{Rule: "pages", Msg: "too few"}, {Rule: "trim", Msg: "too wide"}}
	for _, c := range []struct {
		err  RulesError
		lang string
		want string
	}{
		{RulesError{Name: "b.pdf", Kind: Interior, Preset: "kdp", Violations: v}, "en", "b.pdf breaks 2 print-on-demand rules (kdp):\n  pages: too few\n  trim: too wide"},
		{RulesError{Name: "b-cover.pdf", Kind: Cover, Preset: "kdp", Violations: v[:1]}, "en", "b-cover.pdf breaks 1 print-on-demand rule (kdp, for covers):\n  pages: too few"},
		{RulesError{Kind: Teacher, Preset: "kdp", Violations: v[:1]}, "en", "the book breaks 1 print-on-demand rule (kdp):\n  pages: too few"},
		{RulesError{Kind: Interior, Preset: "kdp", Violations: v[:1]}, "fr", "le livre enfreint 1 règle d’impression à la demande (kdp) :\n  pages: too few"},
	} {
		if got := c.err.In(c.lang); !strings.Contains(got, c.want) {
			t.Errorf("%+v in %s: %q, want %q", c.err, c.lang, got, c.want)
		}
	}
	if Check(&File{Violations: v}, "", "b.pdf") != nil {
		t.Error("Check without a preset found broken rules")
	}
	if Check(&File{}, "kdp", "b.pdf") != nil {
		t.Error("Check of a file without violations found broken rules")
	}
}

// Named names each kind of file after the book.
func TestNamed(t *testing.T) {
	name := Named("b.yaml")
	for k, want := range map[Kind]string{Interior: "b.yaml", Teacher: "b.yaml (teacher edition)", Cover: "b.yaml (cover)", TeacherCover: "b.yaml (teacher edition's cover)"} {
		if got := name(k); got != want {
			t.Errorf("kind %d: %q, want %q", k, got, want)
		}
	}
	if Teacher.Edition() != plan.Teacher || Cover.Edition() != plan.Student || !TeacherCover.IsCover() || Teacher.IsCover() {
		t.Error("the kinds' table is wrong")
	}
}
