package spec

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
}

// LabelsFor returns the built-in labels of a language, English when the
// language is unknown.
func LabelsFor(language string) Labels {
	if l, ok := labels[language]; ok {
		return l
	}
	return labels["en"]
}
