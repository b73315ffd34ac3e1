package layout_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/stats"
	"mazebook/layout/theme"
	"mazebook/words"
)

// TestEveryLanguage: every word mazebook prints on its own exists in
// every language it sets (the labels, the how-to page, the chart, the
// themes' stories), and a book in each language — title page, contents,
// how-to page, a theme's stories, answers, a second volume — builds with
// every character in its embedded fonts, every text inside its page, and
// (where pdftotext is installed) its words read back from the PDF.
func TestEveryLanguage(t *testing.T) {
	en := spec.LabelsFor("en")
	pdftotext, _ := exec.LookPath("pdftotext")
	if pdftotext == "" && os.Getenv("MAZEBOOK_REQUIRE_TOOLS") != "" {
		t.Fatal("pdftotext is not installed, and MAZEBOOK_REQUIRE_TOOLS is set")
	}
	for _, lang := range spec.Languages {
		t.Run(lang, func(t *testing.T) {
			l := spec.LabelsFor(lang)
			v := reflect.ValueOf(l)
			for i := range v.NumField() {
				name := v.Type().Field(i).Name
				if v.Field(i).String() == "" && name != "By" {
					t.Errorf("label %s is empty", name)
				}
			}
			if lang != "en" {
				if l == en {
					t.Error("the labels are English")
				}
				if stats.WordsFor(lang) == stats.WordsFor("en") {
					t.Error("the chart's words are English")
				}
			}
			for _, p := range theme.Pairs() {
				if words.For(lang).Stories[p.Name] == "" {
					t.Errorf("theme %s has no story", p.Name)
				}
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "book.yaml")
			os.WriteFile(path, []byte("title: Test\nauthor: Ana Rivera\nlanguage: "+lang+"\ntitle_page: true\ncontents: true\nhow_to: true\ntheme: mouse\nseed: 5\nseries: {volumes: 2}\nsections:\n  - {title: One, count: 4, difficulty: 2..4, per_page: 2}\n"), 0o644)
			data, _ := os.ReadFile(path)
			s, err := spec.ParseVariant(path, data, os.DirFS(dir), spec.Variant{Volume: 2})
			if err != nil {
				t.Fatal(err)
			}
			if lang != "en" && s.HowToText() == mustEnglishHowTo(t) {
				t.Error("the how-to text is English")
			}
			b, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, pg := range b.Pages {
				page := display.Box{X: 0, Y: 0, W: pg.Width, H: pg.Height}
				for _, it := range pg.Items {
					if _, ok := it.(*display.Text); !ok {
						continue
					}
					if bb := display.InkBounds(it); bb.X < page.X-0.5 || bb.Y < page.Y-0.5 || bb.X+bb.W > page.W+0.5 || bb.Y+bb.H > page.H+0.5 {
						t.Errorf("page %d: %q runs off the page (%+v)", i+1, it.(*display.Text).Text, bb)
					}
				}
			}
			if pdftotext == "" {
				return
			}
			data, _, err = render.PDF(b, render.Metadata(s, plan.Student, "test"), nil)
			if err != nil {
				t.Fatal(err)
			}
			if info := pdf.Inspect(data); info.Embedded != info.Fonts {
				t.Errorf("%d of %d fonts embedded", info.Embedded, info.Fonts)
			}
			file := filepath.Join(dir, "book.pdf")
			os.WriteFile(file, data, 0o644)
			out, err := exec.Command(pdftotext, file, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(string(out)), " ")
			mouse, _ := theme.Lookup("mouse")
			for _, w := range []string{l.Answers, l.Contents, l.HowTo, l.Volume + " 2", mouse.StoryIn(lang)} {
				w = strings.Join(strings.Fields(w), " ") // a no-break space reads as a space
				if w == "" || strings.Contains(text, w) || strings.Contains(text, strings.ToUpper(w)) {
					continue
				}
				if spec.RTL(lang) {
					// pdftotext gives a line that mixes directions in the
					// order it shows: each word must be read whole.
					for _, word := range strings.Fields(strings.Trim(w, "!.،")) {
						if !strings.Contains(text, word) {
							t.Errorf("pdftotext does not read %q of %q", word, w)
						}
					}
					continue
				}
				t.Errorf("pdftotext does not read %q", w)
			}
		})
	}
}

func mustEnglishHowTo(t *testing.T) *spec.Text {
	s, err := spec.Parse("en.yaml", []byte("sections:\n  - {count: 1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return s.HowToText()
}
