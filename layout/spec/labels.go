package spec

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
)

// Labels are the words mazebook prints on its own, in the book's language.
type Labels struct {
	Maze     string // caption label: "Maze 3"
	Answers  string // answer key title
	Start    string // entrance label
	Finish   string // exit label
	Page     string // "page 4"
	Name     string // name line
	Date     string // date line
	By       string // title page: "by" before the author
	Answer   string // puzzle caption: "answer on page 31"
	Contents string // table of contents title
	HowTo    string // how-to page title
	Volume   string // a series' volume: "Volume 2"
}

// labels are the built-in labels by language.
var labels = map[string]Labels{
	"en": {Maze: "Maze", Answers: "Answers", Start: "Start", Finish: "Finish", Page: "page", Name: "Name", Date: "Date", By: "by", Answer: "answer on page", Contents: "Contents", HowTo: "How to use this book", Volume: "Volume"},
	"es": {Maze: "Laberinto", Answers: "Soluciones", Start: "Inicio", Finish: "Salida", Page: "página", Name: "Nombre", Date: "Fecha", By: "por", Answer: "solución en la página", Contents: "Índice", HowTo: "Cómo usar este libro", Volume: "Volumen"},
	"fr": {Maze: "Labyrinthe", Answers: "Solutions", Start: "Départ", Finish: "Arrivée", Page: "page", Name: "Nom", Date: "Date", By: "par", Answer: "solution page", Contents: "Sommaire", HowTo: "Comment utiliser ce livre", Volume: "Volume"},
	"de": {Maze: "Labyrinth", Answers: "Lösungen", Start: "Start", Finish: "Ziel", Page: "Seite", Name: "Name", Date: "Datum", By: "von", Answer: "Lösung auf Seite", Contents: "Inhalt", HowTo: "So benutzt du dieses Buch", Volume: "Band"},
	"it": {Maze: "Labirinto", Answers: "Soluzioni", Start: "Partenza", Finish: "Arrivo", Page: "pagina", Name: "Nome", Date: "Data", By: "di", Answer: "soluzione a pagina", Contents: "Indice", HowTo: "Come usare questo libro", Volume: "Volume"},
	"pt": {Maze: "Labirinto", Answers: "Soluções", Start: "Início", Finish: "Chegada", Page: "página", Name: "Nome", Date: "Data", By: "por", Answer: "solução na página", Contents: "Sumário", HowTo: "Como usar este livro", Volume: "Volume"},
	"nl": {Maze: "Doolhof", Answers: "Oplossingen", Start: "Start", Finish: "Finish", Page: "pagina", Name: "Naam", Date: "Datum", By: "door", Answer: "oplossing op pagina", Contents: "Inhoud", HowTo: "Zo gebruik je dit boek", Volume: "Deel"},
	"pl": {Maze: "Labirynt", Answers: "Rozwiązania", Start: "Start", Finish: "Meta", Page: "strona", Name: "Imię", Date: "Data", By: "", Answer: "rozwiązanie na stronie", Contents: "Spis treści", HowTo: "Jak korzystać z tej książki", Volume: "Tom"},
	"ro": {Maze: "Labirint", Answers: "Soluții", Start: "Start", Finish: "Sosire", Page: "pagina", Name: "Nume", Date: "Data", By: "de", Answer: "soluția la pagina", Contents: "Cuprins", HowTo: "Cum folosești această carte", Volume: "Volumul"},
	"el": {Maze: "Λαβύρινθος", Answers: "Λύσεις", Start: "Αρχή", Finish: "Τέλος", Page: "σελίδα", Name: "Όνομα", Date: "Ημερομηνία", By: "", Answer: "λύση στη σελίδα", Contents: "Περιεχόμενα", HowTo: "Πώς να χρησιμοποιήσεις αυτό το βιβλίο", Volume: "Τόμος"},
	"ru": {Maze: "Лабиринт", Answers: "Ответы", Start: "Старт", Finish: "Финиш", Page: "страница", Name: "Имя", Date: "Дата", By: "", Answer: "ответ на странице", Contents: "Содержание", HowTo: "Как пользоваться этой книгой", Volume: "Том"},
	"uk": {Maze: "Лабіринт", Answers: "Відповіді", Start: "Старт", Finish: "Фініш", Page: "сторінка", Name: "Ім’я", Date: "Дата", By: "", Answer: "відповідь на сторінці", Contents: "Зміст", HowTo: "Як користуватися цією книжкою", Volume: "Том"},
}

// Languages are the languages mazebook sets a book in: every word it
// prints on its own is in each (see LabelsFor).
var Languages = []string{"en", "es", "fr", "de", "it", "pt", "nl", "pl", "ro", "el", "ru", "uk"}

// unset are the languages mazebook knows it cannot set yet, with why.
var unset = map[string]say.Text{
	"zh": say.T("Chinese needs a CJK font, which mazebook does not embed yet"),
	"ar": say.T("Arabic needs right-to-left text with joined letters, which mazebook does not shape yet"),
	"hi": say.T("Hindi needs shaped Devanagari clusters, which mazebook does not shape yet"),
	"bn": say.T("Bengali needs shaped clusters, which mazebook does not shape yet"),
}

// LabelsFor returns the built-in labels of a language, English when the
// language is unknown.
func LabelsFor(language string) Labels {
	if l, ok := labels[language]; ok {
		return l
	}
	return labels["en"]
}

// language reads the language key: one of Languages; one mazebook cannot
// set yet is refused with why.
func (d *decoder) language(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "language")
	if !ok {
		return
	}
	if why, ok := unset[v]; ok {
		d.errorf(n, "language %q: %s; the languages mazebook sets are %s", v, why, strings.Join(Languages, ", "))
		return
	}
	if !slices.Contains(Languages, v) {
		d.errorf(n, "language %q is unknown (known: %s)", v, strings.Join(Languages, ", "))
		return
	}
	d.spec.Language = v
}
