package studio

import (
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// starterFor asks the studio for a starter as the page does, from a
// browser of a locale.
func starterFor(t *testing.T, s *Server, name, lang, locale string) string {
	t.Helper()
	w := do(t, s, "GET", "/"+token+"/api/starter/"+name+"?locale="+url.QueryEscape(locale), nil, "Accept-Language", lang)
	if w.Code != 200 {
		t.Fatalf("starter %s: %d %s", name, w.Code, w.Body.String())
	}
	return decode(t, w).YAML
}

// editFor makes a form edit as the page does and returns the new YAML.
func editFor(t *testing.T, s *Server, yaml string, set map[string]string) string {
	t.Helper()
	e, _ := json.Marshal(Edit{Set: set})
	w := do(t, s, "POST", "/"+token+"/api/yaml?edit="+url.QueryEscape(string(e)), []byte(yaml))
	if w.Code != 200 {
		t.Fatalf("edit %v: %d %s", set, w.Code, w.Body.String())
	}
	return decode(t, w).YAML
}

// The worksheet starter's paper is the reader's: Letter where the
// browser's locale prints on it (the United States, Mexico, ...), A4
// elsewhere, as the default book (whose A4 the book starter keeps: its
// sections are sized for it).
func TestStarterPaper(t *testing.T) {
	s := newServer(t, Options{})
	for _, tt := range []struct{ name, lang, locale, want string }{
		{"worksheet", "en", "en-US", "  size: letter                 # letter or a4\n"},
		{"worksheet", "en", "en-GB", "  size: a4                     # letter or a4\n"},
		{"worksheet", "en", "", "  size: a4 "},
		{"worksheet", "fr", "fr-FR", "  size: a4 "},
		{"worksheet", "es", "es-MX", "  size: letter "},
		{"worksheet", "de", "de", "  size: a4 "},
		{"book", "en", "en-US", "  size: a4 "}, // sized for A4, as the default book
	} {
		got := starterFor(t, s, tt.name, tt.lang, tt.locale)
		if !strings.Contains(got, tt.want) {
			t.Errorf("the %s starter for %s (%s) has %q, want %q", tt.name, tt.locale, tt.lang, lineOf(got, "size:"), tt.want)
		}
	}
}

// lineOf returns the first line of a text that holds a word.
func lineOf(text, word string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, word) {
			return l
		}
	}
	return ""
}

// Unticking the worksheet's answer key changes one line of its YAML.
func TestWorksheetAnswersOneLine(t *testing.T) {
	s := newServer(t, Options{})
	ws := starterFor(t, s, "worksheet", "en", "en-US")
	out := editFor(t, s, ws, map[string]string{"answers.enabled": "false"})
	if d := lineDiff(ws, out); d != 2 {
		t.Errorf("unticking the answer key changed %d lines, want one (2 in the diff):\n%s", d, out)
	}
	if l := lineOf(out, "answers:"); !strings.HasPrefix(l, "answers: {per_page: 1, enabled: false}") {
		t.Errorf("the answer key's line reads %q", l)
	}
	r := checkSpec(t, s, out)
	if len(r.Errors) > 0 || r.Model.Values["answers.enabled"] != "false" {
		t.Errorf("the worksheet unticked: %+v, answers.enabled %q", r.Errors, r.Model.Values["answers.enabled"])
	}
}

// A theme chosen from the worksheet starter brings its pictures (the
// starter's "markers: labels", which draws none, taken out) and, the
// worksheet giving no ages, its words at the doors: START and FINISH
// with the kitten's story, in one edit. Chosen again, or in a book with
// ages, it changes the theme's line alone.
func TestThemeBringsPictures(t *testing.T) {
	s := newServer(t, Options{})
	ws := starterFor(t, s, "worksheet", "en", "en-US")
	page := func(yaml string) string {
		t.Helper()
		r := decode(t, do(t, s, "POST", "/"+token+"/api/check?page=0", []byte(yaml)))
		if len(r.Errors) > 0 || r.View == nil {
			t.Fatalf("the worksheet does not build: %+v", r.Errors)
		}
		return r.View.SVG
	}
	before := page(ws)
	themed := editFor(t, s, ws, map[string]string{"theme": "kitten"})
	if strings.Contains(themed, "markers:") || !strings.Contains(themed, "\n  door_words: true\n") || !strings.Contains(themed, "\ntheme: kitten\n") {
		t.Errorf("the kitten chosen from the worksheet starter:\n%s", themed)
	}
	if d := lineDiff(ws, themed); d != 3 {
		t.Errorf("the kitten changed %d lines, want 3 (markers out, door_words and theme in)", d)
	}
	after := page(themed)
	for _, want := range []string{"<title>START</title>", "<title>FINISH</title>"} {
		if strings.Contains(before, want) || !strings.Contains(after, want) {
			t.Errorf("%s: on the page before the theme %v, after %v", want, strings.Contains(before, want), strings.Contains(after, want))
		}
	}
	// The kitten and its castle at the doors: shapes beyond the arrow and
	// the flag the page had.
	if n, m := strings.Count(before, "<path"), strings.Count(after, "<path"); m < n+6 {
		t.Errorf("the themed page has %d shapes, the worksheet %d: no pictures at the doors", m, n)
	}
	// The bee after the kitten: its line alone.
	if bee := editFor(t, s, themed, map[string]string{"theme": "bee"}); lineDiff(themed, bee) != 2 {
		t.Errorf("the bee after the kitten:\n%s", bee)
	}
	// A book for ages 4-6 has its door words already: the theme alone,
	// and its markers out.
	aged := strings.Replace(ws, "    difficulty: easy ", "    ages: 4-6 ", 1)
	if out := editFor(t, s, aged, map[string]string{"theme": "kitten"}); strings.Contains(out, "door_words") || strings.Contains(out, "markers:") {
		t.Errorf("the kitten in a book for ages 4-6:\n%s", out)
	}
	// Labels chosen again, with the theme: the page says why its
	// pictures went, and how to have them.
	labels := strings.Replace(themed, "  door_words: true\n", "  door_words: true\n  markers: labels\n", 1)
	if r := checkSpec(t, s, labels); len(r.Notes) != 1 || r.Notes[0] != "the theme's pictures show only with the “shapes” marks: choose them under Start and finish marks" {
		t.Errorf("a themed worksheet with labels notes %q", r.Notes)
	}
	if r := checkSpec(t, s, themed); len(r.Notes) != 0 {
		t.Errorf("the themed worksheet notes %q", r.Notes)
	}
	// A spec without a style gets one, at its end.
	if out := editFor(t, s, "sections:\n  - count: 1\n", map[string]string{"theme": "kitten"}); out != "sections:\n  - count: 1\ntheme: kitten\nstyle:\n  door_words: true\n" {
		t.Errorf("the kitten in a spec without a style:\n%s", out)
	}
}

// A rising pack for six-year-olds, two a page, that cannot rise to level
// 8 says so once, at its difficulty, in one short line that names the
// cause (the big cells of ages 6) and what to do, in the book's
// language; a problem under its field names the field in the page's
// words; "fácil" typed in a Spanish book is the level easy.
func TestTeacherMessages(t *testing.T) {
	s := newServer(t, Options{})
	const rising = "title: Rising\nsections:\n  - count: 10\n    difficulty: 2..8\n    ages: 6\n    per_page: 2\n"
	for _, tt := range []struct {
		lang, spec string
		want       []string
	}{
		{"en", rising, []string{"for ages 6 the cells are big, so at 2 a page no maze can be harder than level 5: choose levels up to 5, or fewer mazes a page"}},
		{"es", "language: es\n" + rising, []string{"para 6 años las celdas son grandes", "nivel 5", "niveles hasta el 5"}},
		{"en", "title: Rising\nsections:\n  - count: 10\n    difficulty: 2..10\n    per_page: 12\n", []string{"at 12 a page no maze can be harder than level "}},
	} {
		r := checkSpec(t, s, tt.spec)
		if len(r.Errors) != 1 {
			t.Errorf("%s: %d problems, want one: %+v", tt.lang, len(r.Errors), r.Errors)
			continue
		}
		e := r.Errors[0]
		for _, want := range tt.want {
			if !strings.Contains(e.Message, want) {
				t.Errorf("%s: the problem says %q, want %q in it", tt.lang, e.Message, want)
			}
		}
		if e.Path != "sections.0.difficulty" || !strings.HasSuffix(e.Text, e.Message) || !strings.HasPrefix(e.Text, "mazebook.yaml:") {
			t.Errorf("%s: the problem is at %q: %q", tt.lang, e.Path, e.Text)
		}
		if n := len(strings.Fields(e.Message)); n > 30 || strings.Contains(e.Message, "backtracker") || strings.Contains(e.Message, "candidate") {
			t.Errorf("%s: the problem is %d words long: %q", tt.lang, n, e.Message)
		}
	}
	// The field's name in the page's words.
	r := checkSpec(t, s, "language: es\nsections:\n  - count: 1\n    size: abc\n  - per_page: 7\n")
	got := map[string]string{}
	for _, e := range r.Errors {
		got[e.Path] = e.Message
	}
	for path, want := range map[string]string{"sections.0.size": "Tamaño: \"abc\" no es", "sections.1.per_page": "Laberintos por página debe ser"} {
		if !strings.HasPrefix(got[path], want) {
			t.Errorf("%s says %q, want it to begin %q", path, got[path], want)
		}
	}
	// fácil, and fácil..difícil, are levels.
	for typed, want := range map[string]string{"fácil": "difficulty: easy\n", "Fácil..difícil": "difficulty: easy..hard\n", "2..8": "difficulty: 2..8\n"} {
		out := editFor(t, s, "language: es\nsections:\n  - count: 1\n    difficulty: medium\n", map[string]string{"sections.0.difficulty": typed})
		if !strings.Contains(out, want) {
			t.Errorf("%q typed in a Spanish book:\n%s", typed, out)
		}
		if r := checkSpec(t, s, out); len(r.Errors) > 0 {
			t.Errorf("%q typed in a Spanish book: %+v", typed, r.Errors)
		}
	}
}

// The game's maze in an Arabic book is the maze as printed: the page
// draws it as in a mirror, entering at the right, and so does the game
// (every x the width less the English book's, every heading mirrored),
// its cells and sides numbered alike, so that the moves are the same.
func TestArabicGameAsPrinted(t *testing.T) {
	s := newServer(t, Options{})
	const book = "seed: 4\nanswers: false\nsections:\n  - {count: 2, size: 6x5}\n  - {count: 1, shape: hexagon, size: 3}\n"
	get := func(lang string, n int) playMaze {
		r := checkSpec(t, s, "language: "+lang+"\n"+book)
		w := do(t, s, "GET", "/"+token+"/api/maze/"+r.Key+"/"+strconv.Itoa(n), nil)
		var pm playMaze
		if err := json.Unmarshal(w.Body.Bytes(), &pm); err != nil {
			t.Fatal(err)
		}
		return pm
	}
	for n := 1; n <= 3; n++ {
		en, ar := get("en", n), get("ar", n)
		if len(en.Cells) != len(ar.Cells) || en.Entrance != ar.Entrance || en.Exit != ar.Exit {
			t.Fatalf("maze %d: not the same maze in Arabic", n)
		}
		for c := range en.Cells {
			e, a := en.Cells[c], ar.Cells[c]
			if math.Abs(a.Center[0]-(en.Width-e.Center[0])) > 0.002 || a.Center[1] != e.Center[1] {
				t.Fatalf("maze %d cell %d: at %v in Arabic, %v in English (width %g)", n, c, a.Center, e.Center, en.Width)
			}
			for sd := range e.Sides {
				dx, dy := math.Cos(e.Sides[sd].Heading), math.Sin(e.Sides[sd].Heading)
				ax, ay := math.Cos(a.Sides[sd].Heading), math.Sin(a.Sides[sd].Heading)
				if math.Abs(ax+dx) > 0.01 || math.Abs(ay-dy) > 0.01 || a.Sides[sd].Open != e.Sides[sd].Open {
					t.Fatalf("maze %d cell %d side %d: heading %g in Arabic, %g in English", n, c, sd, a.Sides[sd].Heading, e.Sides[sd].Heading)
				}
			}
		}
		if path := pathOf(ar); path == nil {
			t.Errorf("maze %d: no way through in Arabic", n)
		}
	}
	// The start in the other half in Arabic (at the right where the
	// English page has it at the left).
	en, ar := get("en", 1), get("ar", 1)
	if x, y := ar.Cells[ar.Entrance].Center[0]-ar.Width/2, en.Cells[en.Entrance].Center[0]-en.Width/2; x*y > 0 {
		t.Errorf("the first maze's start is %g from the middle in Arabic, %g in English", x, y)
	}
}

// Each edition downloads under its own name: the page's (from the
// book's title) when it is a plain name of that edition, else the
// spec's with the edition's suffix, as 'build' names them.
func TestDownloadNames(t *testing.T) {
	s := newServer(t, Options{SpecName: "class.yaml"})
	r := checkSpec(t, s, smallSpec)
	for _, tt := range []struct{ path, want string }{
		{"pdf/KEY/Mazes-for-3B.pdf", "Mazes-for-3B.pdf"},
		{"pdf/KEY/Mazes-for-3B-teacher.pdf?edition=teacher", "Mazes-for-3B-teacher.pdf"},
		{"pdf/KEY/Mazes-for-3B.pdf?edition=teacher", "class-teacher.pdf"},
		{"pdf/KEY/Mazes-for-3B-teacher.pdf", "class.pdf"},
		{"pdf/KEY/a%22b.pdf", "class.pdf"},
		{"pdf/KEY/.pdf", "class.pdf"},
		{"zip/KEY/Mazes-for-3B-teacher-svg.zip?edition=teacher", "Mazes-for-3B-teacher-svg.zip"},
		{"zip/KEY/Mazes-for-3B-svg.zip?edition=teacher", "class-teacher-svg.zip"},
		{"zip/KEY/Mazes-for-3B-svg.zip", "Mazes-for-3B-svg.zip"},
	} {
		w := do(t, s, "GET", "/"+token+"/api/"+strings.Replace(tt.path, "KEY", r.Key, 1), nil)
		if got := w.Header().Get("Content-Disposition"); w.Code != 200 || got != `attachment; filename="`+tt.want+`"` {
			t.Errorf("%s: %d %s, want %s", tt.path, w.Code, got, tt.want)
		}
	}
}

// A size too small (or too large) for its level says so once, at the
// size, in one short line that keeps the level's name.
func TestSizeForItsLevel(t *testing.T) {
	s := newServer(t, Options{})
	for _, tt := range []struct{ spec, want string }{
		{"sections:\n  - {count: 3, size: 2x2, difficulty: easy}\n", "2x2 is too small for its level (level 3, easy): give a larger size, ask for a lower level, or leave the size out"},
		{"language: es\nsections:\n  - {count: 3, size: 2x2, difficulty: easy}\n", "2x2 es demasiado pequeño para su nivel (nivel 3, fácil): da un tamaño mayor, pide un nivel más bajo o quita el tamaño"},
		{"sections:\n  - {count: 2, size: 40x40, difficulty: 1}\n", "40x40 is too large for its level (level 1): give a smaller size, ask for a higher level, or leave the size out"},
	} {
		r := checkSpec(t, s, tt.spec)
		if len(r.Errors) != 1 || r.Errors[0].Message != tt.want || r.Errors[0].Path != "sections.0.size" {
			t.Errorf("%q: %+v, want at the size %q", tt.spec, r.Errors, tt.want)
		}
	}
}
