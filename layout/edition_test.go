package layout_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// TestTeacherEditionSaysSo checks that a teacher edition cannot be taken
// for the pupils' book: its title page names it, in the book's language,
// under the title, and every other page but a blank one names it small at
// its foot, beside the page number (clear of it, on its baseline) or
// alone where the number would stand; the student edition never does.
// Where pdftotext is installed, the name reads back from every such page
// of the PDF.
func TestTeacherEditionSaysSo(t *testing.T) {
	for _, tt := range []struct{ name, lang, extra string }{
		{"centred numbers", "en", ""},
		{"mirrored", "es", "page: {margin: {inside: auto, outside: 0.5in}}\nstart_on_right: true\n"},
		{"no page numbers", "fr", "style: {page_numbers: false}\n"},
		{"right to left", "ar", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := "title: Mazes\nauthor: Ana Rivera\nlanguage: " + tt.lang + "\ntitle_page: true\ncopyright: © 2026\ncontents: true\nhow_to: true\nsection_pages: true\nteacher_edition: true\n" + tt.extra + "sections:\n  - {title: One, count: 3, per_page: 2}\n"
			sp, err := spec.Parse("book.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			label := sp.Labels().Teacher
			student, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range student.Pages {
				for _, txt := range pageTexts(p) {
					if strings.Contains(txt.Text, label) {
						t.Errorf("student page %d says %q", i+1, txt.Text)
					}
				}
			}
			teacher, err := layout.Build(sp, layout.Options{Edition: plan.Teacher})
			if err != nil {
				t.Fatal(err)
			}
			var marked []int
			for i, p := range teacher.Pages {
				pp := teacher.Plan.Pages[i]
				var mark, folio *display.Text
				for _, txt := range pageTexts(p) {
					switch {
					case txt.Text == label:
						mark = txt
					case txt.Size == plan.PageNumSize && txt.Y > pp.Frame.Content.Y+pp.Frame.Content.H:
						folio = txt
					}
				}
				switch {
				case pp.Kind == plan.BlankPage:
					if mark != nil {
						t.Errorf("blank page %d says %q", i+1, label)
					}
					continue
				case mark == nil:
					t.Errorf("page %d (kind %d) does not say %q", i+1, pp.Kind, label)
					continue
				case pp.Kind == plan.TitlePage:
					if mark.Size < layout.AuthorSize {
						t.Errorf("the title page says %q at %gpt, smaller than the author", label, mark.Size)
					}
					continue
				}
				marked = append(marked, i+1)
				c := pp.Frame.Content
				if bb := mark.Bounds(); mark.Size > plan.PageNumSize || bb.Y < c.Y+c.H || !inside(bb, pp.Frame.Trim) {
					t.Errorf("page %d: %q at %gpt, %+v: not small at the foot, inside the trim", i+1, label, mark.Size, bb)
				}
				if folio != nil {
					a, b := mark.Bounds(), folio.Bounds()
					if mark.Y != folio.Y || a.X < b.X+b.W && b.X < a.X+a.W {
						t.Errorf("page %d: %q at %+v, the number %q at %+v", i+1, label, a, folio.Text, b)
					}
				}
			}
			if _, err := exec.LookPath("pdftotext"); err != nil {
				return
			}
			data, _, err := render.PDF(teacher, render.Metadata(sp, plan.Teacher, "test"), nil)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "teacher.pdf")
			os.WriteFile(file, data, 0o644)
			for _, n := range append([]int{1}, marked...) {
				out, err := exec.Command("pdftotext", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), file, "-").Output()
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range strings.Fields(label) {
					if !strings.Contains(string(out), w) {
						t.Errorf("page %d of the PDF does not read %q: %q", n, w, out)
					}
				}
			}
		})
	}
}

func inside(a, b display.Box) bool {
	return a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W && a.Y+a.H <= b.Y+b.H
}
