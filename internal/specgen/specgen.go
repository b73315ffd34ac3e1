// Package specgen makes the specs of a catalogue of standalone books, as
// a publisher's script would: titles, trims, ages, levels, shapes,
// covers and listings drawn from a seed, every spec held to KDP's rules
// (preset: kdp). The same seed and count give the same specs, byte for
// byte; spec i is the same whatever the count. scripts/catalogue-specs
// writes them into a folder (see docs/catalogue.md).
package specgen

import (
	"fmt"
	"strconv"
	"strings"

	"mazebook/maze"
)

// A Spec is one book's spec: its file's name and its text.
type Spec struct {
	Name string
	Text string
}

// Specs returns n specs drawn from seed, named book-001.yaml,
// book-002.yaml... (at least three digits).
func Specs(seed uint64, n int) []Spec {
	out := make([]Spec, n)
	for i := range out {
		out[i] = One(seed, i)
	}
	return out
}

// The words the specs are drawn from.
var (
	adjectives = []string{"Clever", "Brave", "Curious", "Sleepy", "Happy", "Mighty", "Quiet", "Lucky", "Wild", "Tiny", "Giant", "Secret"}
	nouns      = []string{"Fox", "Owl", "Dragon", "Robot", "Pirate", "Rocket", "Garden", "Castle", "Forest", "Ocean", "Jungle", "Comet"}
	kinds      = []string{"Mazes", "Maze Book", "Labyrinths", "Puzzle Paths", "Maze Adventures"}
	authors    = []string{"Ana Rivera", "Sam Lee", "Noor Haddad", "Jonas Berg", "Mia Rossi", "Tomás Ortega"}
	themes     = []string{"kitten", "bee", "rocket", "mouse", "dog", "rabbit", "pirate", "owl"}
)

// A reader is who a book is for: its sections' ages, or an adult's
// difficulty, and the shapes its mazes take.
type reader struct {
	ages, difficulty, label string
	shapes                  []string
	young                   bool
}

var readers = []reader{
	{ages: "4-6", label: "for kids 4-6", shapes: []string{"rectangle"}, young: true},
	{ages: "6-8", label: "for kids 6-8", shapes: []string{"rectangle", "rectangle", "hexagon"}},
	{ages: "8-12", label: "for kids 8-12", shapes: []string{"rectangle", "hexagon", "triangle"}},
	{difficulty: "3..7", label: "for adults", shapes: []string{"rectangle", "hexagon"}},
	{difficulty: "5..9", label: "for experts", shapes: []string{"rectangle"}},
}

// One returns spec i (from 0) of the catalogue of seed: drawn from
// maze.DeriveSeed(seed, "spec", i), so that it depends on nothing else.
func One(seed uint64, i int) Spec {
	r := maze.NewRand(maze.DeriveSeed(seed, "spec", strconv.Itoa(i)))
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	rd := readers[r.IntN(len(readers))]
	title := fmt.Sprintf("%s %s %s", pick(adjectives), pick(nouns), pick(kinds))
	trim, perPage := "6x9in", 1
	if r.IntN(3) == 0 {
		trim, perPage = "8.5x11in", 1+r.IntN(2)
	}
	if rd.young {
		perPage = 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Book %d of the catalogue of seed %d (made by scripts/catalogue-specs).\n", i+1, seed)
	fmt.Fprintf(&b, "title: %s\nsubtitle: Book %d, %s\nauthor: %s\n", title, i+1, rd.label, pick(authors))
	fmt.Fprintf(&b, "seed: %d\n", maze.DeriveSeed(seed, "book seed", strconv.Itoa(i))%1_000_000_000+1)
	b.WriteString("date: 2026-11-01\npreset: kdp\ntitle_page: true\npad: 24\n")
	fmt.Fprintf(&b, "page: {size: %s, bleed: %v}\n", trim, r.IntN(2) == 0)
	b.WriteString("style: {color: black}\n")
	if rd.young {
		fmt.Fprintf(&b, "theme: %s\n", pick(themes))
	}
	paper := pick([]string{"white", "cream"})
	fmt.Fprintf(&b, "cover:\n  paper: %s\n  back: |\n    %s: mazes that start easy and end with real puzzles, %s. Every answer is at the back.\n", paper, title, rd.label)
	fmt.Fprintf(&b, "listing:\n  description: %s, %s.\n  keywords: [mazes, maze book, puzzle book, %s]\n  prices: {USD: %d.99, GBP: %d.49}\n  ai_content: none\n",
		title, rd.label, strings.ToLower(pick(nouns))+" mazes", 6+r.IntN(4), 5+r.IntN(4))
	b.WriteString("sections:\n")
	sections := 1 + r.IntN(3)
	for s := range sections {
		shape := pick(rd.shapes)
		count := 4 + r.IntN(21)
		fmt.Fprintf(&b, "  - {title: Part %d, count: %d, shape: %s, per_page: %d, ", s+1, count, shape, perPage)
		if rd.ages != "" {
			fmt.Fprintf(&b, "ages: %s}\n", rd.ages)
		} else {
			fmt.Fprintf(&b, "difficulty: \"%s\"}\n", rd.difficulty)
		}
	}
	return Spec{Name: fmt.Sprintf("book-%03d.yaml", i+1), Text: b.String()}
}
