// Package words holds every word mazebook prints or shows on its own,
// one table per language, one file per language: a book's labels, its
// how-to page, the difficulty chart's words, the themes' stories and the
// studio's interface. The book, the chart, 'stats' and the studio all
// read them here, so a language is added in one file (and named in
// all).
//
// What mazebook says of a spec's problems is kept apart, as each English
// message's translation (see mazebook/internal/say).
package words

import (
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Language is everything mazebook says in one language.
type Language struct {
	// Code is the language's code as a spec's language key gives it
	// ("fr"); Name its name in its own words ("Français").
	Code, Name string
	// RTL is set for a language written right to left: its pages are
	// laid out mirrored (paragraphs set from the right).
	RTL    bool
	Labels Labels
	// HowTo is the how-to page's text: a template of the variables
	// {{.Title}}, {{.Mazes}}, {{.AnswersPage}}, {{.Start}} and {{.Finish}}.
	HowTo string
	Chart Chart
	// Stories are the themes' stories, by theme name: what a page says
	// the child is about to do ("The kitten explores the castle!").
	Stories map[string]string
	// Endings are the themes' endings, by theme name: what the game says
	// when the child has reached the goal ("The kitten reached the
	// castle!").
	Endings map[string]string
	// Studio is the studio's interface, by the key its page uses.
	Studio map[string]string
	// Counts are the words of a number of things ("mazes", "pages"), by
	// the plural form the language's CLDR rules give the number ("one",
	// "few", "many", "other", ...; see Count): "{n} pages". Each holds
	// every form the language gives a whole number, and no other.
	Counts map[string]map[string]string
}

// Labels are the words a book prints on its own.
type Labels struct {
	Maze    string // caption label: "Maze 3"
	Answers string // answer key title
	Start   string // entrance label
	Finish  string // exit label
	Page    string // "page 4"
	Name    string // name line
	Date    string // date line
	// Colon follows the name and date labels, as the language writes a
	// colon after a word: ":", after a no-break space in French, a
	// full-width "：" in Chinese.
	Colon    string
	By       string // title page: "by" before the author (empty: the name alone)
	Answer   string // puzzle caption: "answer on page 31"
	Contents string // table of contents title
	HowTo    string // how-to page title
	Volume   string // a series' volume: "Volume 2"
	// Teacher names the teacher edition on its title page and at the
	// foot of its pages: "Teacher edition".
	Teacher string
}

// Chart are the words of a book's difficulty chart.
type Chart struct {
	// Title is the chart's title, %s standing for the book's title;
	// Untitled is the title of a book without one.
	Title, Untitled    string
	Level, Score, Maze string
	// Effort names the axis of the effort; Steps that of a person
	// setting's steps, and Time that of its time, %s standing for the
	// setting's name.
	Effort, Steps, Time string
}

// all are the languages, in the order they are offered.
var all = []*Language{&en, &es, &fr, &de, &it, &pt, &nl, &pl, &ro, &el, &ru, &uk, &zh, &hi, &bn, &ar}

// Codes returns the codes of every language, English first.
func Codes() []string {
	out := make([]string, len(all))
	for i, l := range all {
		out[i] = l.Code
	}
	return out
}

// For returns the language of a code, or nil when mazebook does not
// speak it.
func For(code string) *Language {
	for _, l := range all {
		if l.Code == code {
			return l
		}
	}
	return nil
}

// Or returns the language of a code, English when mazebook does not
// speak it.
func Or(code string) *Language {
	if l := For(code); l != nil {
		return l
	}
	return &en
}

// formNames name the plural forms as Counts keys them.
var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}

// PluralForm returns the name of the plural form the language's CLDR
// rules give the whole number n: "one" for 1 in English, "few" for 3 in
// Polish, "many" for 11 in Arabic.
func (l *Language) PluralForm(n int) string {
	tag := language.Make(l.Code)
	return formNames[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]
}

// Count returns a number of things in the language, its plural form
// chosen by the language's CLDR rules: Count("pages", 11) is "11 pages",
// "11 Seiten", "11 صفحة". A thing the language has no words for is
// counted in English.
func (l *Language) Count(what string, n int) string {
	forms := l.Counts[what]
	if forms == nil {
		return en.Count(what, n)
	}
	w, ok := forms[l.PluralForm(n)]
	if !ok {
		w = forms["other"]
	}
	return strings.ReplaceAll(w, "{n}", strconv.Itoa(n))
}

// Story returns a theme's story in the language, in English when the
// language has none for it.
func (l *Language) Story(theme string) string {
	if s := l.Stories[theme]; s != "" {
		return s
	}
	return en.Stories[theme]
}

// Ending returns a theme's ending in the language, in English when the
// language has none for it.
func (l *Language) Ending(theme string) string {
	if s := l.Endings[theme]; s != "" {
		return s
	}
	return en.Endings[theme]
}
