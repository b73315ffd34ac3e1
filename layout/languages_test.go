package layout_test

import (
	"fmt"
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
	"mazebook/layout/typeface"
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

// TestScriptBooks checks books in the languages whose script the Go
// fonts lack: a name in Latin letters and the digits are set in the Go
// fonts (the title page's author in Go Regular, which the PDF embeds for
// that page, where pdffonts is installed), and every heading is bold: in
// a bold face, or in the script's font made bold where Debian has no
// bold face (Chinese, Hindi's Lohit).
func TestScriptBooks(t *testing.T) {
	for _, tt := range []struct{ lang, title, section string }{
		{"bn", "গোলকধাঁধার বই", "প্রথম অংশ 1"},
		{"hi", "भूलभुलैया की किताब", "पहला भाग 1"},
		{"zh", "迷宫大冒险", "热身 1"},
		{"ar", "كتاب المتاهات", "الجزء 1"},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			src := fmt.Sprintf("title: %s\nauthor: Ana Rivera\nlanguage: %s\ntitle_page: true\nseed: 3\nstyle: {markers: labels}\nsections:\n  - {title: %s, count: 2, per_page: 2}\n", tt.title, tt.lang, tt.section)
			sp, err := spec.Parse("book.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			bold := func(f typeface.Face, size float64) bool {
				return f.Stroke(size) > 0 || strings.Contains(strings.ToLower(f.Name()), "bold")
			}
			var texts []string
			for i, p := range b.Pages {
				for _, it := range p.Items {
					txt, ok := it.(*display.Text)
					if !ok {
						continue
					}
					if txt.Font == sp.Fonts.Headings && !bold(txt.Font, txt.Size) {
						t.Errorf("page %d: heading %q in %s, not bold", i+1, txt.Text, txt.Font.Name())
					}
					for _, r := range typeface.Runs(txt.Font, txt.Text) {
						latin := strings.IndexFunc(r.Text, func(c rune) bool { return c >= 'A' && c <= 'z' || c >= '0' && c <= '9' }) >= 0
						if latin && r.Font.ID() != typeface.Regular.ID() && r.Font.ID() != typeface.Bold.ID() {
							t.Errorf("page %d: %q of %q is set in %s", i+1, r.Text, txt.Text, r.Font.Name())
						}
					}
					texts = append(texts, txt.Text)
				}
			}
			all := strings.Join(texts, "\n")
			for _, want := range []string{"Ana Rivera", tt.title, tt.section} {
				if !strings.Contains(all, want) {
					t.Errorf("no text %q", want)
				}
			}
			if _, err := exec.LookPath("pdffonts"); err != nil {
				return
			}
			data, _, err := render.PDF(b, render.Metadata(sp, plan.Student, "test"), nil)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "book.pdf")
			os.WriteFile(file, data, 0o644)
			out, err := exec.Command("pdffonts", "-f", "1", "-l", "1", file).CombinedOutput()
			if err != nil {
				t.Fatalf("pdffonts: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), "+"+typeface.Regular.ID()) {
				t.Errorf("the title page does not set Ana Rivera in Go Regular:\n%s", out)
			}
		})
	}
}
