package catalogue

import (
	"fmt"
	"slices"
	"strings"

	"mazebook/maze"
)

// Fingerprint returns a maze's fingerprint (see maze.Maze.Fingerprint):
// two mazes with the same fingerprint are the same maze, whatever book,
// seed or recipe made them; every PDF of a book carries its mazes' (see
// pdf.Record).
func Fingerprint(m *maze.Maze) string { return m.Fingerprint() }

// A Repeat is a set of mazes that more than one book of a catalogue
// holds: the same maze sold twice. The editions of one volume of one
// spec count as one book here, as they are meant to hold the same mazes;
// two volumes, or two specs, are two books.
type Repeat struct {
	// Books are the books that hold every one of the mazes: each is the
	// names (Job.Name) of one volume's editions, the first its own name
	// in messages.
	Books [][]string
	// Mazes is how many mazes they share.
	Mazes int
}

// String says a repeat in a line: "12 mazes are in each of a and
// b-vol-01-en (and its other editions)".
func (r Repeat) String() string {
	names := make([]string, 0, len(r.Books))
	for i, b := range r.Books {
		if i == maxNamed {
			names = append(names, fmt.Sprintf("%d more", len(r.Books)-maxNamed))
			break
		}
		name := b[0]
		if len(b) > 1 {
			name += " (and its other editions)"
		}
		names = append(names, name)
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	if r.Mazes == 1 {
		return "1 maze is in each of " + list
	}
	return fmt.Sprintf("%d mazes are in each of %s", r.Mazes, list)
}

// maxNamed is the most books a repeat names in its line; the manifest
// names them all.
const maxNamed = 10

// Repeats finds the mazes repeated across the books of results (those
// built, with their fingerprints, see Result.Mazes), grouped by the books
// that share them, in the order the mazes are first met. It also sets
// each result's RepeatedMazes, RepeatedInBook and RepeatedIn: a book
// holding one maze six times has five repeated in itself.
func Repeats(results []Result) []Repeat {
	// A book is one volume of one spec, with its editions.
	type key struct {
		spec   string
		volume int
	}
	group := map[key]int{}
	var books [][]string
	of := make([]int, len(results))
	for i, r := range results {
		k := key{r.Job.Spec, r.Job.Variant.Volume}
		g, ok := group[k]
		if !ok {
			g = len(books)
			group[k] = g
			books = append(books, nil)
		}
		books[g] = append(books[g], r.Job.Name)
		of[i] = g
	}
	// Each maze: the books holding it, in order, each once.
	holders := map[string][]int{}
	var order []string
	for i, r := range results {
		for _, f := range r.Mazes {
			h, seen := holders[f]
			if !seen {
				order = append(order, f)
			}
			if !slices.Contains(h, of[i]) {
				holders[f] = append(h, of[i])
			}
		}
	}
	// Repeats by the set of books sharing them.
	bySet := map[string]int{}
	var out []Repeat
	repeated := make([]map[string]bool, len(books)) // a book's mazes found elsewhere
	others := make([]map[int]bool, len(books))      // the books it shares them with
	for _, f := range order {
		h := holders[f]
		if len(h) < 2 {
			continue
		}
		slices.Sort(h)
		setKey := fmt.Sprint(h)
		i, ok := bySet[setKey]
		if !ok {
			i = len(out)
			bySet[setKey] = i
			r := Repeat{}
			for _, g := range h {
				r.Books = append(r.Books, books[g])
			}
			out = append(out, r)
		}
		out[i].Mazes++
		for _, g := range h {
			if repeated[g] == nil {
				repeated[g], others[g] = map[string]bool{}, map[int]bool{}
			}
			repeated[g][f] = true
			for _, o := range h {
				if o != g {
					others[g][o] = true
				}
			}
		}
	}
	for i := range results {
		g := of[i]
		within := len(results[i].Mazes) - len(distinct(results[i].Mazes))
		results[i].RepeatedInBook = within
		results[i].RepeatedMazes, results[i].RepeatedIn = within+len(repeated[g]), nil
		for o := range len(books) {
			if others[g][o] {
				results[i].RepeatedIn = append(results[i].RepeatedIn, books[o]...)
			}
		}
	}
	return out
}

// distinct returns the fingerprints of fps, each once, in the order
// first met.
func distinct(fps []string) []string {
	seen := make(map[string]bool, len(fps))
	var out []string
	for _, f := range fps {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// Within is a book of a catalogue some of whose mazes repeat a maze
// earlier in the same book.
type Within struct {
	Name          string
	Mazes, Repeat int
}

// String says it in a line: "book-214 holds 120 mazes, 22 of them
// repeating a maze earlier in the book".
func (w Within) String() string {
	return fmt.Sprintf("%s holds %d mazes, %d of them repeating a maze earlier in the book", w.Name, w.Mazes, w.Repeat)
}

// RepeatsWithin returns the books of results (after Repeats) that hold a
// maze more than once, each volume's editions once (its first named).
func RepeatsWithin(results []Result) []Within {
	var out []Within
	seen := map[string]bool{}
	for _, r := range results {
		key := fmt.Sprint(r.Job.Spec, "\x00", r.Job.Variant.Volume)
		if r.RepeatedInBook == 0 || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Within{r.Job.Name, len(r.Mazes), r.RepeatedInBook})
	}
	return out
}
