// Package theme holds the themes of children's books: pairs of simple
// line-art pictures, one for the start of a maze (a kitten) and one for
// its goal (its castle), drawn as our own vector art, each with a
// one-line story in the languages the book speaks (kept with every other
// word, in package words). One file draws one pair; the registry in this
// file names them.
package theme

import (
	"fmt"
	"sort"
	"strings"

	"mazebook/layout/display"
	"mazebook/maze"
	"mazebook/words"
)

// Art draws a picture in a box, as display items: black outlines of a
// weight that suits the box (see Widths), finer black lines for details,
// and black fills; nothing reaches past the box but half a line's width.
type Art func(box display.Box) []display.Item

// Pair is a theme: a picture for a maze's start and one for its goal,
// and the Scene drawn about its mazes. Its story, by language, is
// words.Language.Stories[Name].
type Pair struct {
	Name        string
	Start, Goal Art
	Scene       Scene
}

// StoryIn returns the story a page tells of the pair in a language,
// English when mazebook does not speak the language.
func (p Pair) StoryIn(language string) string { return words.Or(language).Story(p.Name) }

// EndingIn returns what the game says of the pair when the goal is
// reached, in a language, English when mazebook does not speak it.
func (p Pair) EndingIn(language string) string { return words.Or(language).Ending(p.Name) }

// Random is the theme name that draws a pair per maze from its seed.
const Random = "random"

// pairs is the registry of themes, in the order they are listed.
var pairs = []Pair{
	kitten, bee, rocket, mouse, dog, rabbit,
	pirate, bird, frog, car, squirrel, penguin,
	fish, monkey, bear, owl, snail, ladybug,
	dinosaur, duck, elephant, whale, robot, butterfly,
	cow, hedgehog,
}

// Pairs returns every theme, in listing order.
func Pairs() []Pair { return append([]Pair(nil), pairs...) }

// Names returns the names of the themes, sorted.
func Names() []string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = p.Name
	}
	sort.Strings(names)
	return names
}

// Lookup returns the theme called name; the error lists the known ones
// and Random.
func Lookup(name string) (Pair, error) {
	for _, p := range pairs {
		if p.Name == name {
			return p, nil
		}
	}
	return Pair{}, fmt.Errorf("theme %q is unknown (known: %s, %s)", name, Random, strings.Join(Names(), ", "))
}

// For returns the pair a maze of the given seed gets in a book whose theme
// is name: the named pair, or for Random one drawn from the seed (the same
// seed, the same pair, whatever else changes).
func For(name string, seed uint64) (Pair, error) {
	if name != Random {
		return Lookup(name)
	}
	return pairs[maze.NewRand(maze.DeriveSeed(seed, "theme")).IntN(len(pairs))], nil
}

// Dealt returns the pair of the nth maze (from 0) of a book whose seed is
// seed and whose theme is name: the named pair, or for Random the nth of
// a deck of every pair the seed shuffles, dealt again from the top once
// it runs out, so that a book repeats no pair before it has shown them
// all.
func Dealt(name string, seed uint64, n int) (Pair, error) {
	if name != Random {
		return Lookup(name)
	}
	deck := Pairs()
	maze.NewRand(maze.DeriveSeed(seed, "theme deck")).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck[n%len(deck)], nil
}
