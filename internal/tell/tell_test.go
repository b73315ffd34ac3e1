package tell

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mazebook/internal/say"
	"mazebook/words"
)

// formatArg is, for each function that takes a message's format, the
// index of the format among its arguments.
var formatArg = map[string]int{
	"say.T":        0,
	"say.Errorf":   0,
	"errorf":       1, // spec's decoder: errorf(node, format, ...)
	"errorAt":      1, // errorAt(path, format, ...)
	"ErrorAt":      1, // Book.ErrorAt(path, format, ...)
	"newError":     3, // newError(file, line, col, format, ...)
	"sectionError": 3, // sectionError(book, section, key, format, ...)
	"violation":    1, // kdp's violation(rule, format, ...)
	"violate":      1, // kdp's violate(rule, format, ...)
	"fail":         3, // the studio's fail(w, r, status, format, ...)
	"warn":         1, // the cover's warn(key, format, ...)
}

// messages returns every literal format given to a function of formatArg
// in the module's files, with where each is.
func messages(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	found := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "say" {
					name = "say." + name
				}
			}
			if name == "say.Plural" && len(call.Args) == 3 {
				// Its key is its forms: "one|other".
				var forms []string
				for _, a := range call.Args[1:] {
					if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						forms = append(forms, s)
					}
				}
				if len(forms) == 2 {
					found[strings.Join(forms, "|")] = fset.Position(call.Pos()).String() + ":plural"
				}
				return true
			}
			i, ok := formatArg[name]
			if !ok || i >= len(call.Args) {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			found[format] = fset.Position(lit.Pos()).String()
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range say.Names {
		found[name] = "say.Names"
	}
	if len(found) < 100 {
		t.Fatalf("found only %d messages: is the scan looking in the right place?", len(found))
	}
	return found
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*(\d+|\*)?(\.\d+)?[a-zA-Z%]`)

// verbs returns a format's verbs in the order of the arguments they take,
// without their flags or explicit indexes: "%[2]s %[1]d" is [d s].
func verbs(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllString(format, -1) {
		if strings.HasSuffix(m, "%") {
			continue
		}
		n := next
		if strings.HasPrefix(m, "%[") {
			n, _ = strconv.Atoi(m[2:strings.Index(m, "]")])
		}
		for len(out) < n {
			out = append(out, "")
		}
		v := m[len(m)-1:]
		if v == "w" {
			v = "v"
		}
		out[n-1] = v
		next = n + 1
	}
	return out
}

// needsWords reports whether a format has words to translate, not only
// verbs and punctuation.
func needsWords(format string) bool {
	return strings.ContainsFunc(verb.ReplaceAllString(format, ""), func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	})
}

// Every message mazebook writes has a translation in every language, with
// the same arguments, and no translation is left of a message that is gone.
func TestEveryMessageTranslated(t *testing.T) {
	found := messages(t)
	plurals := map[string]bool{}
	for format, where := range found {
		if strings.HasSuffix(where, ":plural") {
			plurals[format] = true
			found[format] = strings.TrimSuffix(where, ":plural")
		}
	}
	for _, lang := range Languages() {
		cat := Catalogue(lang)
		missing := 0
		for format, where := range found {
			tr, ok := cat[format]
			if !ok {
				if needsWords(format) {
					missing++
					t.Errorf("%s: no %s for %q", where, lang, format)
				}
				continue
			}
			if plurals[format] {
				checkForms(t, where, lang, format, tr)
				continue
			}
			if got, want := verbs(tr), verbs(format); !slices.Equal(got, want) {
				t.Errorf("%s: the %s of %q takes %v, the English %v", where, lang, format, got, want)
			}
		}
		for format := range cat {
			if _, ok := found[format]; !ok {
				t.Errorf("%s has a translation of %q, which nothing says", lang, format)
			}
		}
		t.Logf("%s: %d messages, %d missing", lang, len(found), missing)
	}
}

func TestIn(t *testing.T) {
	inner := say.Errorf("wall must be thin, medium, thick or a length such as 2pt or 0.8mm, not %q", "x")
	outer := say.Errorf("maze %d: %w", 2, inner)
	cases := []struct {
		name, lang, want string
		got              func(lang string) string
	}{
		{"english", "en", `maze 2: wall must be thin, medium, thick or a length such as 2pt or 0.8mm, not "x"`, func(l string) string { return ErrorIn(l, outer) }},
		{"nested", "es", `laberinto 2: wall debe ser thin, medium, thick o una medida como 2pt o 0.8mm, no "x"`, func(l string) string { return ErrorIn(l, outer) }},
		{"unknown language", "xx", outer.Error(), func(l string) string { return ErrorIn(l, outer) }},
		{"plain error", "es", "boom", func(l string) string { return ErrorIn(l, errors.New("boom")) }},
		{"text", "es", "una lista", func(l string) string { return In(l, say.T("a list")) }},
		{"a level's name", "es", "nivel 3, fácil", func(l string) string { return In(l, say.T("level %d, %s", 3, say.T("easy"))) }},
	}
	for _, c := range cases {
		if got := c.got(c.lang); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if !errors.Is(outer, inner) {
		t.Error("Errorf does not wrap with %w")
	}
}

// Every language a book is set in says a spec's problems in its own
// words: English, and a catalogue for each other, of as many messages.
func TestEveryBookLanguageHasACatalogue(t *testing.T) {
	if got, want := len(Languages())+1, len(words.Codes()); got != want {
		t.Errorf("%d languages with a catalogue and English; the books are set in %d", got, want)
	}
	size := len(Catalogue(Languages()[0]))
	for _, lang := range Languages() {
		if n := len(Catalogue(lang)); n == 0 || n != size {
			t.Errorf("%s has %d messages, %s %d", lang, n, Languages()[0], size)
		}
	}
	if Catalogue("en") != nil {
		t.Error("English has a catalogue: its messages are their own formats")
	}
}

// checkForms checks a Plural's translation: one form for each plural
// category of the language, each taking the count (%d) or nothing.
func checkForms(t *testing.T, where, lang, key, tr string) {
	t.Helper()
	forms := strings.Split(tr, "|")
	if want := len(Forms(lang)); len(forms) != want {
		t.Errorf("%s: the %s of %q has %d forms; the language's whole numbers take %d (%v)", where, lang, key, len(forms), want, Forms(lang))
	}
	for _, f := range forms {
		if v := verbs(f); len(v) > 1 || len(v) == 1 && v[0] != "d" {
			t.Errorf("%s: the %s form %q of %q takes %v; a form takes the count (%%d) or nothing", where, lang, f, key, v)
		}
	}
}

// TestPlural says counted phrases in languages of one, two, three and
// six forms, and in a language without a catalogue.
func TestPlural(t *testing.T) {
	cases := []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 maze"},
		{"en", 0, "0 mazes"},
		{"en", 2, "2 mazes"},
		{"fr", 0, "0 labyrinthe"},
		{"ru", 1, "1 лабиринт"},
		{"ru", 3, "3 лабиринта"},
		{"ru", 5, "5 лабиринтов"},
		{"ru", 21, "21 лабиринт"},
		{"pl", 22, "22 labirynty"},
		{"pl", 25, "25 labiryntów"},
		{"ro", 20, "20 de labirinturi"},
		{"ar", 1, "متاهة واحدة"},
		{"ar", 2, "متاهتان"},
		{"ar", 11, "11 متاهة"},
		{"zh", 1, "1 个迷宫"},
		{"xx", 3, "3 mazes"},
	}
	for _, c := range cases {
		if got := In(c.lang, say.Plural(c.n, "%d maze", "%d mazes")); got != c.want {
			t.Errorf("%s %d: got %q, want %q", c.lang, c.n, got, c.want)
		}
	}
	// A Plural inside a message is said in the message's language, and in
	// English as its English form.
	msg := say.T("the book has %v; the most is %d", say.Plural(4, "%d maze", "%d mazes"), 10000)
	if got, want := In("uk", msg), "у книжці 4 лабіринти; найбільше — 10000"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := msg.String(), "the book has 4 mazes; the most is 10000"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestDecimals checks that a number with a fraction is written with the
// language's decimal mark, in Latin digits, and English's is unchanged.
func TestDecimals(t *testing.T) {
	cases := []struct {
		lang, format string
		v            float64
		want         string
	}{
		{"en", "%.1f", 1.5, "1.5"},
		{"de", "%.1f", 1.5, "1,5"},
		{"fr", "%g", 0.25, "0,25"},
		{"ru", "%.2f", 12.75, "12,75"},
		{"ar", "%.1f", 1.5, "1.5"},
		{"hi", "%.1f", 1.5, "1.5"},
		{"de", "%d", 0, "0"},
	}
	for _, c := range cases {
		var arg any = c.v
		if c.format == "%d" {
			arg = int(c.v)
		}
		if got := In(c.lang, say.T(c.format, arg)); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.lang, c.format, got, c.want)
		}
	}
}

// TestCounts counts mazes and pages as the studio's summary does, in the
// nominative, in each plural form: "1 page", "11 Seiten", "11 صفحة".
func TestCounts(t *testing.T) {
	for _, c := range []struct {
		lang, what string
		n          int
		want       string
	}{
		{"en", "pages", 1, "1 page"},
		{"en", "pages", 0, "0 pages"},
		{"fr", "pages", 0, "0 page"},
		{"de", "pages", 11, "11 Seiten"},
		{"pl", "mazes", 3, "3 labirynty"},
		{"pl", "mazes", 5, "5 labiryntów"},
		{"pl", "mazes", 22, "22 labirynty"},
		{"ru", "pages", 21, "21 страница"},
		{"ar", "pages", 11, "11 صفحة"},
		{"ar", "pages", 2, "صفحتان"},
		{"ar", "pages", 3, "3 صفحات"},
		{"zh", "mazes", 1, "1 个迷宫"},
		{"xx", "pages", 2, "2 pages"},
	} {
		one, other := "%d maze", "%d mazes"
		if c.what == "pages" {
			one, other = "%d page", "%d pages"
		}
		if got := In(c.lang, say.Plural(c.n, one, other)); got != c.want {
			t.Errorf("%s: %d %s is %q, want %q", c.lang, c.n, c.what, got, c.want)
		}
	}
}

// A message's English, as say gives it with no catalogue (String), is
// what In says in English: the plural rule say writes out is the CLDR's
// for English.
func TestEnglishIsSaysOwn(t *testing.T) {
	for n := -3; n <= 1005; n++ {
		p := say.Plural(n, "%d maze", "%d mazes")
		if got, want := p.String(), In("en", p); got != want {
			t.Errorf("%d: say gives %q, tell %q", n, got, want)
		}
	}
	for _, m := range []say.Text{
		say.T("maze %d of %.1f mm: %v", 3, 2.5, say.T("easy")),
		say.T("%v and %s", say.Errorf("wall %q: %w", "x", errors.New("boom")), say.Plural(1, "one page", "%d pages")),
	} {
		if got, want := m.String(), In("en", m); got != want {
			t.Errorf("say gives %q, tell %q", got, want)
		}
	}
}

// wordCount counts a message's words as a reader meets them: each run
// of characters between spaces is one, and a verb (%d, %.2f, %[1]s) is
// one word however it is written.
func wordCount(format string) int {
	return len(strings.Fields(verb.ReplaceAllString(format, "X")))
}

// Every message is short enough to read at a glance, as GOV.UK's design
// system asks of an error (issue 48): at most 30 words, a verb counted as
// one, in its English, which is the catalogues' key. A counted phrase
// (say.Plural, "one|other") is counted a form at a time.
func TestMessagesAreShort(t *testing.T) {
	const most = 30
	where := messages(t)
	for _, lang := range Languages() {
		for format := range Catalogue(lang) {
			if _, ok := where[format]; !ok {
				where[format] = lang + " catalogue"
			}
		}
	}
	for format, at := range where {
		for _, form := range strings.Split(format, "|") {
			if n := wordCount(form); n > most {
				t.Errorf("%s: %d words, the most is %d: %q", strings.TrimSuffix(at, ":plural"), n, most, form)
			}
		}
	}
}

func TestWordCount(t *testing.T) {
	for _, c := range []struct {
		format string
		want   int
	}{
		{"", 0},
		{"maze %d", 2},
		{"%s: no maze fits its %s x %s box", 9},
		{"about %.2f GB, %[1]s and 100%%", 6},
		{"%s%s", 1},
	} {
		if got := wordCount(c.format); got != c.want {
			t.Errorf("wordCount(%q) = %d, want %d", c.format, got, c.want)
		}
	}
}
