package spec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"

	"mazebook/files"
	"mazebook/layout/typeface"
	"mazebook/layout/typeface/fonttest"
)

// fontFiles are the files beside the specs of the font tests.
func fontFiles(t *testing.T) fstest.MapFS {
	t.Helper()
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "typeface", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	return fstest.MapFS{
		"gomono.ttf":         {Data: gomono.TTF},
		"fonts/goitalic.ttf": {Data: goitalic.TTF},
		"cff.otf":            {Data: read("CFFTest.otf")},
		"few.ttf":            {Data: read("glyfTest.ttf")},
		"notafont.ttf":       {Data: []byte("hello, I am a text file")},
		"loop.ttf":           {Data: crafted(t, fonttest.SelfComposite)},
		"badloca.ttf":        {Data: crafted(t, fonttest.LocaBackwards)},
		"big.ttf":            {Data: make([]byte, MaxFontFile+1)},
		"dir.ttf/x":          {Data: []byte("x")},
	}
}

// crafted returns the Go Mono font damaged as d says.
func crafted(t *testing.T, d fonttest.Damage) []byte {
	t.Helper()
	data, err := fonttest.Craft(gomono.TTF, d)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func parseFonts(t *testing.T, src string) (*Book, error) {
	t.Helper()
	return ParseFS("book.yaml", []byte(src), fontFiles(t))
}

// TestFonts checks that the fonts a spec names are loaded from beside it,
// and that a spec naming none is set in the Go fonts.
func TestFonts(t *testing.T) {
	b, err := parseFonts(t, "fonts:\n  text: gomono.ttf\n  headings: fonts/goitalic.ttf\nsections: [{count: 1}]\n")
	if err != nil {
		t.Fatal(err)
	}
	mono, _ := typeface.Load("x", gomono.TTF)
	italic, _ := typeface.Load("x", goitalic.TTF)
	if b.Fonts.Text.Name() != "gomono.ttf" || b.Fonts.Text.ID() != mono.ID() {
		t.Errorf("text font %s (%s), want gomono.ttf (%s)", b.Fonts.Text.Name(), b.Fonts.Text.ID(), mono.ID())
	}
	if b.Fonts.Headings.Name() != "fonts/goitalic.ttf" || b.Fonts.Headings.ID() != italic.ID() {
		t.Errorf("headings font %s (%s), want fonts/goitalic.ttf (%s)", b.Fonts.Headings.Name(), b.Fonts.Headings.ID(), italic.ID())
	}

	b, err = parseFonts(t, "fonts: {headings: gomono.ttf}\nsections: [{count: 1}]\n")
	if err != nil {
		t.Fatal(err)
	}
	if b.Fonts.Text != typeface.Regular || b.Fonts.Headings.ID() != mono.ID() {
		t.Errorf("fonts %s and %s, want GoRegular and gomono.ttf", b.Fonts.Text.Name(), b.Fonts.Headings.Name())
	}

	b, err = parseFonts(t, "fonts: {text: gomono.ttf, headings: ./gomono.ttf}\nsections: [{count: 1}]\n")
	if err != nil {
		t.Fatal(err)
	}
	if b.Fonts.Text != b.Fonts.Headings {
		t.Error("the same file for text and headings is loaded twice")
	}

	b, err = Parse("book.yaml", []byte("sections: [{count: 1}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Fonts != DefaultFonts || DefaultFonts.Text != typeface.Regular || DefaultFonts.Headings != typeface.Bold {
		t.Errorf("default fonts %s and %s, want GoRegular and GoBold", b.Fonts.Text.Name(), b.Fonts.Headings.Name())
	}
}

// TestFontErrors checks that every font a book cannot use is refused at
// the line that names it, saying why.
func TestFontErrors(t *testing.T) {
	for _, tt := range []struct{ name, spec, want string }{
		{"missing file", "fonts:\n  text: nothere.ttf\n", `book.yaml:2:9: font "nothere.ttf": file does not exist`},
		{"not a font", "fonts:\n  headings: notafont.ttf\n", `book.yaml:2:13: font "notafont.ttf": not a TrueType or OpenType font`},
		{"a glyph made of itself", "fonts:\n  text: loop.ttf\n", `book.yaml:2:9: font "loop.ttf": a damaged font: composite glyph`},
		{"loca out of order", "fonts:\n  headings: badloca.ttf\n", `book.yaml:2:13: font "badloca.ttf": a damaged font: its loca table puts glyph`},
		{"cff", "fonts: {text: cff.otf}\n", `book.yaml:1:15: font "cff.otf": an OpenType font with PostScript (CFF) outlines, which the PDF writer cannot embed: use a TrueType-flavoured font`},
		{"too large", "fonts: {text: big.ttf}\n", `book.yaml:1:15: font "big.ttf": the file is larger than 20 MB`},
		{"a directory", "fonts: {text: dir.ttf}\n", `font "dir.ttf": is a directory`},
		{"absolute, from a form", "fonts: {text: /usr/share/fonts/x.ttf}\n", "this spec may read only the files beside it"},
		{"above the spec", "fonts: {text: ../x.ttf}\n", "(no ..)"},
		{"empty", "fonts: {text: \"\"}\n", `font "": give a font file beside the spec`},
		{"a collection's font number", "fonts: {text: \"x.ttc#one\"}\n", "give a collection's font by its number"},
		{"a list", "fonts: {text: [a.ttf]}\n", "book.yaml:1:15: text must be a single value"},
		{"unknown key", "fonts: {body: gomono.ttf}\n", `book.yaml:1:9: unknown key "body" in fonts (known: headings, text)`},
		{"not a mapping", "fonts: gomono.ttf\n", "book.yaml:1:8: fonts must be a mapping"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFonts(t, tt.spec+"sections: [{count: 1}]\n")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			var se Errors
			if !errors.As(err, &se) || len(se) != 1 {
				t.Errorf("want one spec error, got %v", err)
			}
		})
	}
	// A spec from a form may read no file.
	if _, err := ParseFS("form.yaml", []byte("fonts: {text: gomono.ttf}\nsections: [{count: 1}]\n"), nil); err == nil || !strings.Contains(err.Error(), "may not read files") {
		t.Errorf("a font file in a spec that may read none: %v", err)
	}
}

// TestGlyphRefusals checks that every text a book prints is checked
// against the font it is set in, and refused at its place with the
// characters the font lacks, while texts the book does not print are not.
func TestGlyphRefusals(t *testing.T) {
	const sec = "sections:\n  - {count: 1}\n"
	for _, tt := range []struct {
		name, spec string
		want       []string // nil: accepted
	}{
		{"title on the title page", "title: 你好 Mazes\ntitle_page: true\n" + sec,
			[]string{"book.yaml:1:8: title: 你 and 好 are not in the font GoBold; name a font that has them under fonts: headings:"}},
		{"title not printed", "title: 你好 Mazes\n" + sec, nil},
		{"title in the footer", "title: 你好\nfooter: \"{{.Title}} {{.Page}}\"\n" + sec,
			[]string{"book.yaml:1:8: title (printed in the footer): 你 and 好 are not in the font GoRegular; name a font that has them under fonts: text:"}},
		{"footer not printed", "title: 你好\nfooter: \"{{.Title}} 🎉\"\nstyle: {page_numbers: false}\n" + sec, nil},
		{"subtitle", "subtitle: Ünïcödé ☃\ntitle_page: true\n" + sec,
			[]string{"book.yaml:1:11: subtitle: ☃ is not in the font GoRegular; name a font that has it under fonts: text:"}},
		{"author and by", "author: Ana\ntitle_page: true\nlabels: {by: 由}\n" + sec,
			[]string{"book.yaml:3:14: labels: by: 由 is not in the font GoRegular"}},
		{"copyright", "copyright: \"© 2026 Ana\\n版权所有\"\n" + sec,
			[]string{"book.yaml:1:12: copyright: 版, 权, 所 and 有 are not in the font GoRegular"}},
		{"section title on its page", "section_pages: true\nheader: \"x\"\nsections:\n  - {title: 第一, count: 1}\n",
			[]string{"book.yaml:4:13: title: 第 and 一 are not in the font GoBold"}},
		{"section title in the header", "sections:\n  - {title: 第一, count: 1}\n",
			[]string{"book.yaml:2:13: title (printed in the header): 第 and 一 are not in the font GoBold"}},
		{"section title in the caption", "header: \"\"\nsections:\n  - {title: 第一, caption: \"{{.Section}} {{.Number}}\", count: 1}\n",
			[]string{"book.yaml:3:13: title (printed in the caption): 第 and 一 are not in the font GoRegular"}},
		{"section title nowhere", "header: \"\"\nsections:\n  - {title: 第一, count: 1}\n", nil},
		{"instructions", "sections:\n  - instructions: \"Find the way\\n找到路\"\n", []string{"book.yaml:2:19: instructions: 找, 到 and 路 are not in the font GoRegular"}},
		{"emoji in a caption", "sections:\n  - caption: \"🎉 {{.Label}} {{.Number}} 🎈\"\n",
			[]string{"book.yaml:2:14: caption: 🎉 is not in the font GoRegular; name a font that has it under fonts: text:", "book.yaml:2:14: caption: 🎈 is not"}},
		{"emoji in a header", "header: \"{{if .Section}}🧭{{end}}\"\n" + sec, []string{"book.yaml:1:9: header: 🧭 is not in the font GoBold"}},
		{"answers title", "answers: {title: 答案}\n" + sec, []string{"book.yaml:1:18: answers: title (printed in the header): 答 and 案 are not in the font GoBold"}},
		{"answers title without answers", "answers: {enabled: false, title: 答案}\n" + sec, nil},
		{"start label", "labels: {start: 开始}\nstyle: {markers: labels}\n" + sec, []string{"book.yaml:1:17: labels: start: 开 and 始 are not in the font GoBold"}},
		{"start label not printed", "labels: {start: 开始}\n" + sec, nil},
		{"maze label", "labels: {maze: 迷宫}\n" + sec, []string{"book.yaml:1:16: labels: maze: 迷 and 宫 are not in the font GoRegular"}},
		{"name line", "labels: {name: 名字}\nstyle: {name_line: true}\n" + sec, []string{"book.yaml:1:16: labels: name: 名 and 字 are not in the font GoRegular"}},
		{"many characters", "title_page: true\ntitle: 一二三四五六七八九十百千\n" + sec,
			[]string{"book.yaml:2:8: title: 一, 二, 三, 四, 五, 六, 七, 八, 九, 十 and 2 more are not in the font GoBold"}},
		{"invisible characters", "title_page: true\ntitle: \"a\\u200bb\"\n" + sec, []string{"title: U+200B is not in the font GoBold"}},
		{"another font", "title_page: true\ntitle: 你好\nfonts: {headings: gomono.ttf}\n" + sec,
			[]string{"book.yaml:2:8: title: 你 and 好 are not in the font gomono.ttf; name a font that has them under fonts: headings:"}},
		{"a built-in label in a font without it", "fonts: {headings: few.ttf}\nheader: \"\"\nstyle: {markers: labels}\n" + sec,
			[]string{`book.yaml:1:19: the label "Start": `, `not in the font few.ttf; name a font that has them under fonts: headings:, or give the label under labels: start:`}},
		{"digits in a font without them", "fonts: {text: few.ttf}\nfooter: \"\"\nsections:\n  - {caption: \"\", count: 1}\nanswers: false\n",
			[]string{`book.yaml:1:15: the characters "0123456789" that mazebook prints itself: 2, 3 and 4 are not in the font few.ttf`}},
		{"a font that failed is not checked", "title_page: true\ntitle: 你好\nfonts: {headings: nothere.ttf}\n" + sec,
			[]string{`font "nothere.ttf"`}},
		{"every built-in label, Spanish", "language: es\ntitle_page: true\nauthor: Ana\nsection_pages: true\nstyle: {markers: labels, name_line: true, answer_refs: true}\n" +
			"footer: \"{{.Label}} {{.Page}} · {{.Title}}\"\nsections:\n  - {title: Año, instructions: ¡Sal!, caption: \"{{.Label}} {{.Number}} · {{.Section}} {{.Difficulty}}\", count: 1, difficulty: easy}\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFonts(t, tt.spec)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
			if tt.name == "a font that failed is not checked" && strings.Contains(err.Error(), "GoBold") {
				t.Errorf("the title is checked against the font standing in for one that failed:\n%v", err)
			}
		})
	}
}

// TestTemplateOutput checks that a template whose output, known only when
// it runs, has characters its font lacks fails at its place.
func TestTemplateOutput(t *testing.T) {
	b, err := parseFonts(t, "header: \"{{.Section}}\"\nsections:\n  - caption: \"{{printf \\\"%c\\\" 20320}} {{.Number}}\"\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Sections[0].Caption.Execute(CaptionData{Number: 3})
	want := `book.yaml:3:14: caption: "你 3": 你 is not in the font GoRegular; name a font that has it under fonts: text:`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if out, err := b.Header.Execute(PageData{Section: "Año"}); err != nil || out != "Año" {
		t.Errorf("header: %q, %v", out, err)
	}
	_, err = b.Header.Execute(PageData{Section: "第一"})
	if err == nil || !strings.Contains(err.Error(), "book.yaml:1:9: header: \"第一\": 第 and 一 are not in the font GoBold") {
		t.Errorf("header error %v", err)
	}
	// The built-in templates are shared: binding a book's fonts to them
	// leaves them as they were.
	if defaultHeader.face != nil || defaultCaption.face != nil {
		t.Error("a built-in template was bound to a font")
	}
}

// TestChinese checks that a book in Chinese is set in the CJK face
// mazebook ships when the spec names none, whatever fonts the machine has:
// a folder of fonts (MAZEBOOK_FONTS's) holding another font under the name of
// Debian's CJK font changes nothing.
func TestChinese(t *testing.T) {
	const src = "title: 迷宫\nlanguage: zh\nsections:\n  - {title: 热身, count: 1}\n"
	s, err := Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Fonts.Text.Name() != s.Fonts.Headings.Name() || s.Fonts.Text == DefaultFonts.Text || len(s.Fonts.Text.Missing("迷宫热身起点终点答案 0123456789 Ana")) > 0 {
		t.Errorf("set in %s and %s", s.Fonts.Text.Name(), s.Fonts.Headings.Name())
	}
	// WenQuanYi has no bold: the headings are its glyphs made bold.
	if s.Fonts.Text.Stroke(10) != 0 || s.Fonts.Headings.Stroke(10) == 0 {
		t.Errorf("the text is stroked %gpt, the headings %gpt at 10pt", s.Fonts.Text.Stroke(10), s.Fonts.Headings.Stroke(10))
	}
	// A text the font lacks is refused where the spec wrote it.
	_, err = Parse("book.yaml", []byte(src+"  - {title: \"𝄞 music\", count: 1}\n"))
	if err == nil || !strings.Contains(err.Error(), "book.yaml:5:") {
		t.Errorf("a character the font lacks: %v", err)
	}
	dir := t.TempDir()
	for _, name := range []string{"wqy-microhei.ttc", "wqy-microhei.ttf"} {
		if err := os.WriteFile(filepath.Join(dir, name), gobold.TTF, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	again, err := Options{FontDir: dir}.ParseFS("/book.yaml", []byte(src), files.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if again.Fonts.Text.ID() != s.Fonts.Text.ID() || again.Fonts.Headings.ID() != s.Fonts.Headings.ID() {
		t.Errorf("with other fonts in %s the book is set in %s and %s, not %s and %s", FontsEnv, again.Fonts.Text.ID(), again.Fonts.Headings.ID(), s.Fonts.Text.ID(), s.Fonts.Headings.ID())
	}
}

// TestArabicHeadings checks that a book in Arabic sets its headings in
// Amiri's bold, its text in the regular face.
func TestArabicHeadings(t *testing.T) {
	s, err := Parse("book.yaml", []byte("title: رحلة المتاهات\nlanguage: ar\nsections:\n  - {title: الإحماء, count: 1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Fonts.Text.Name() != "Amiri" || s.Fonts.Headings.Name() != "Amiri Bold" {
		t.Errorf("text in %s, headings in %s", s.Fonts.Text.Name(), s.Fonts.Headings.Name())
	}
}
