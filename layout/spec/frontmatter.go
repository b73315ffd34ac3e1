package spec

import "go.yaml.in/yaml/v3"

// Contents is a table of contents: a page (or more) after the title and
// copyright pages listing each section with the page it starts on, and
// the answer key.
type Contents struct {
	// Title is printed at the top; empty means the label of the book's
	// language ("Contents").
	Title string
}

// HowTo is a page that tells the reader how to use the book, after the
// contents.
type HowTo struct {
	// Title is printed at the top; empty means the label of the book's
	// language ("How to use this book").
	Title string
	// Text is the page's text, a template with the variables of
	// HowToData; each line of its output is a paragraph.
	Text *Text
}

// HowToData are the variables the how-to page's text can use.
type HowToData struct {
	Title       string // the book's title
	Mazes       int    // how many mazes the book has
	AnswersPage int    // the first page of the answer key, 0 without one
	Start       string // the entrance's label in the book's language
	Finish      string // the exit's label
}

const howToVariables = "{{.Title}}, {{.Mazes}}, {{.AnswersPage}}, {{.Start}}, {{.Finish}}"

// The built-in how-to texts, by language.
var howToTexts = map[string]*Text{
	"en": mustText("how_to", "Every maze has one way in and one way out. Start at the way in and draw a line to the way out without crossing a wall.\nUse a pencil, so that a wrong turn can be rubbed out, and try again: every maze can be solved.{{if .AnswersPage}}\nStuck? The answers start on page {{.AnswersPage}}.{{end}}"),
	"es": mustText("how_to", "Cada laberinto tiene una entrada y una salida. Empieza en la entrada y traza una línea hasta la salida sin cruzar ninguna pared.\nUsa un lápiz, para poder borrar un camino equivocado, y vuelve a intentarlo: todos los laberintos tienen solución.{{if .AnswersPage}}\n¿Atascado? Las soluciones empiezan en la página {{.AnswersPage}}.{{end}}"),
	"fr": mustText("how_to", "Chaque labyrinthe a une entrée et une sortie. Pars de l’entrée et trace un trait jusqu’à la sortie sans traverser de mur.\nPrends un crayon à papier, pour pouvoir gommer un mauvais chemin, et recommence : chaque labyrinthe a une solution.{{if .AnswersPage}}\nTu bloques ? Les solutions commencent page {{.AnswersPage}}.{{end}}"),
	"de": mustText("how_to", "Jedes Labyrinth hat einen Eingang und einen Ausgang. Beginne am Eingang und zeichne eine Linie bis zum Ausgang, ohne eine Wand zu kreuzen.\nNimm einen Bleistift, damit du einen falschen Weg wegradieren kannst, und versuche es noch einmal: Jedes Labyrinth ist lösbar.{{if .AnswersPage}}\nKommst du nicht weiter? Die Lösungen beginnen auf Seite {{.AnswersPage}}.{{end}}"),
	"it": mustText("how_to", "Ogni labirinto ha un’entrata e un’uscita. Parti dall’entrata e traccia una linea fino all’uscita senza attraversare nessun muro.\nUsa una matita, così puoi cancellare una strada sbagliata, e riprova: ogni labirinto ha una soluzione.{{if .AnswersPage}}\nSei bloccato? Le soluzioni iniziano a pagina {{.AnswersPage}}.{{end}}"),
	"pt": mustText("how_to", "Cada labirinto tem uma entrada e uma saída. Comece na entrada e trace uma linha até a saída sem atravessar nenhuma parede.\nUse um lápis, para poder apagar um caminho errado, e tente de novo: todo labirinto tem solução.{{if .AnswersPage}}\nEmpacou? As soluções começam na página {{.AnswersPage}}.{{end}}"),
	"nl": mustText("how_to", "Elk doolhof heeft een ingang en een uitgang. Begin bij de ingang en trek een lijn naar de uitgang zonder een muur te kruisen.\nGebruik een potlood, zodat je een verkeerde weg kunt uitgummen, en probeer het opnieuw: elk doolhof is op te lossen.{{if .AnswersPage}}\nKom je er niet uit? De oplossingen beginnen op pagina {{.AnswersPage}}.{{end}}"),
	"pl": mustText("how_to", "Każdy labirynt ma jedno wejście i jedno wyjście. Zacznij od wejścia i narysuj linię do wyjścia, nie przecinając żadnej ściany.\nUżyj ołówka, żeby móc zetrzeć złą drogę, i spróbuj jeszcze raz: każdy labirynt da się rozwiązać.{{if .AnswersPage}}\nUtknąłeś? Rozwiązania zaczynają się na stronie {{.AnswersPage}}.{{end}}"),
	"ro": mustText("how_to", "Fiecare labirint are o intrare și o ieșire. Pornește de la intrare și trasează o linie până la ieșire fără să treci prin vreun perete.\nFolosește un creion, ca să poți șterge un drum greșit, și încearcă din nou: orice labirint are o soluție.{{if .AnswersPage}}\nTe-ai blocat? Soluțiile încep la pagina {{.AnswersPage}}.{{end}}"),
	"el": mustText("how_to", "Κάθε λαβύρινθος έχει μία είσοδο και μία έξοδο. Ξεκίνα από την είσοδο και τράβηξε μια γραμμή ως την έξοδο χωρίς να περάσεις από τοίχο.\nΧρησιμοποίησε μολύβι, για να μπορείς να σβήσεις έναν λάθος δρόμο, και ξαναπροσπάθησε: κάθε λαβύρινθος έχει λύση.{{if .AnswersPage}}\nΚόλλησες; Οι λύσεις αρχίζουν στη σελίδα {{.AnswersPage}}.{{end}}"),
	"ru": mustText("how_to", "У каждого лабиринта есть вход и выход. Начни со входа и проведи линию до выхода, не пересекая стен.\nВозьми карандаш, чтобы можно было стереть неверный путь, и попробуй снова: у каждого лабиринта есть решение.{{if .AnswersPage}}\nЗапутался? Ответы начинаются на странице {{.AnswersPage}}.{{end}}"),
	"uk": mustText("how_to", "У кожного лабіринту є вхід і вихід. Почни від входу й проведи лінію до виходу, не перетинаючи стін.\nВізьми олівець, щоб можна було стерти хибний шлях, і спробуй ще раз: кожен лабіринт має розв’язок.{{if .AnswersPage}}\nЗаплутався? Відповіді починаються на сторінці {{.AnswersPage}}.{{end}}"),
}

// contents reads `contents: true`, or a mapping with its title.
func (d *decoder) contents(n *yaml.Node, path string) {
	if n.Kind == yaml.ScalarNode {
		var on bool
		d.boolean(&on)(n, path)
		if on {
			d.spec.Contents = &Contents{}
		}
		return
	}
	c := &Contents{}
	enabled := true
	d.mapping(n, path, "contents", map[string]field{
		"enabled": d.boolean(&enabled),
		"title":   d.str(&c.Title),
	})
	if enabled {
		d.spec.Contents = c
	}
}

// howTo reads `how_to: true` (the built-in text in the book's language),
// or a mapping with its title and text.
func (d *decoder) howTo(n *yaml.Node, path string) {
	if n.Kind == yaml.ScalarNode {
		var on bool
		d.boolean(&on)(n, path)
		if on {
			d.spec.HowTo = &HowTo{}
		}
		return
	}
	h := &HowTo{}
	enabled := true
	d.mapping(n, path, "how_to", map[string]field{
		"enabled": d.boolean(&enabled),
		"title":   d.str(&h.Title),
		"text":    d.template(&h.Text, howToVariables, HowToData{}),
	})
	if enabled {
		d.spec.HowTo = h
	}
}

// HowToText returns the how-to page's text template: the spec's, or the
// built-in one of the book's language.
func (s *Book) HowToText() *Text {
	if s.HowTo != nil && s.HowTo.Text != nil {
		return s.HowTo.Text
	}
	if t, ok := howToTexts[s.Language]; ok {
		return t
	}
	return howToTexts["en"]
}
