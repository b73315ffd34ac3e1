// Package words is mazebook's register of languages: for each, every word
// mazebook prints or shows on its own (a book's labels, its how-to page,
// the difficulty chart's words, the themes' stories, the studio's
// interface), the translation of every message it says (which
// mazebook/internal/tell says them by), and the script it is written in
// (whose faces mazebook/fonts holds). The book, the chart, 'stats', the
// messages and the studio all read them here: a language is
// added in its two files (its words, XX.go, and its messages,
// messages_XX.go) and one line of all.
package words

// Language is everything mazebook says in one language.
type Language struct {
	// Code is the language's code as a spec's language key gives it
	// ("fr"); Name its name in its own words ("Français").
	Code, Name string
	// Messages are what mazebook says of a spec's problems, in its
	// errors and notes: each English message's translation, keyed by its
	// format (nil for English; see mazebook/internal/tell).
	Messages map[string]string
	// Script is the ISO 15924 code of the script the language is written
	// in ("Latn", "Deva"): mazebook/fonts gives the faces of each.
	Script string
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
	// Prompts are what a page says in turn, in the story's place, once a
	// section has told its story and its next page tells the same one (a
	// book of one theme): "One more time!", "A new way to go!".
	Prompts []string
	// Studio is the studio's interface, by the key its page uses.
	Studio map[string]string
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
	// Certificate is the headline of the certificate page at the end of
	// a book for young children ("I did it!"), and Solved the line under
	// it, said by the child.
	Certificate, Solved string
	// Ages is a cover's age badge, %s standing for the age range ("Ages
	// %s": "Ages 4–6").
	Ages string
	// Turned follows the caption of an answer the key draws on its side
	// (turned a quarter, so that two tall answers share a page), with
	// the space or brackets the language writes: " (on its side)".
	Turned string
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
