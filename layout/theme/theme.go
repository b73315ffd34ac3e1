// Package theme holds the themes of children's books: pairs of simple
// line-art pictures, one for the start of a maze (a kitten) and one for
// its goal (its castle), drawn as our own vector art, each with a
// one-line story in the languages the book speaks (kept with every other
// word, in package words). One file draws one pair; the registry in this
// file names them.
package theme

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"mazebook/layout/display"
	"mazebook/maze"
	"mazebook/words"
)

// Art draws a picture in a box, as display items: black lines of a weight
// that suits the box, and a few black dots.
type Art func(box display.Box) []display.Item

// Pair is a theme: a picture for a maze's start and one for its goal.
// Its story, by language, is words.Language.Stories[Name].
type Pair struct {
	Name        string
	Start, Goal Art
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

// pen draws line art in a box, in units of the box (0 to 1 across and
// down): strokes in black of a weight that suits the box, and dots.
type pen struct {
	box   display.Box
	paths []display.Path
	dots  [][]display.Point
}

// draw returns an Art that draws with fn.
func draw(fn func(p *pen)) Art {
	return func(box display.Box) []display.Item {
		p := &pen{box: box}
		fn(p)
		w := math.Max(0.75, 0.055*math.Min(box.W, box.H))
		items := []display.Item{&display.Line{Paths: p.paths, Width: w, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin}}
		if len(p.dots) > 0 {
			items = append(items, &display.Shape{Polygons: p.dots, Color: display.Black})
		}
		return items
	}
}

func (p *pen) at(x, y float64) display.Point {
	return display.Point{X: p.box.X + x*p.box.W, Y: p.box.Y + y*p.box.H}
}

// points turns x, y pairs into page points.
func (p *pen) points(xy []float64) []display.Point {
	pts := make([]display.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, p.at(xy[i], xy[i+1]))
	}
	return pts
}

// line strokes the open run through the x, y pairs.
func (p *pen) line(xy ...float64) { p.paths = append(p.paths, display.Polyline(p.points(xy)...)) }

// shape strokes the closed outline through the x, y pairs.
func (p *pen) shape(xy ...float64) {
	p.paths = append(p.paths, display.Path{Points: p.points(xy), Closed: true})
}

// ellipse strokes the ellipse centred on (cx, cy) with radii rx and ry,
// turned by turn radians.
func (p *pen) ellipse(cx, cy, rx, ry, turn float64) {
	p.shape(ellipsePoints(cx, cy, rx, ry, turn, 0, 2*math.Pi, 28)...)
}

// circle strokes a circle.
func (p *pen) circle(cx, cy, r float64) { p.ellipse(cx, cy, r, r, 0) }

// arc strokes the part of an ellipse from angle a0 to a1 (radians,
// clockwise from the right as drawn).
func (p *pen) arc(cx, cy, rx, ry, a0, a1 float64) {
	p.line(ellipsePoints(cx, cy, rx, ry, 0, a0, a1, 16)...)
}

// dot fills a small disc.
func (p *pen) dot(cx, cy, r float64) {
	p.dots = append(p.dots, p.points(ellipsePoints(cx, cy, r, r, 0, 0, 2*math.Pi, 12)))
}

// ellipsePoints returns n+1 x, y pairs along an ellipse from angle a0 to
// a1 (the last left out of a whole ellipse).
func ellipsePoints(cx, cy, rx, ry, turn, a0, a1 float64, n int) []float64 {
	whole := math.Abs(a1-a0) >= 2*math.Pi-1e-9
	var xy []float64
	for k := 0; k <= n; k++ {
		if whole && k == n {
			break
		}
		a := a0 + (a1-a0)*float64(k)/float64(n)
		x, y := rx*math.Cos(a), ry*math.Sin(a)
		s, c := math.Sincos(turn)
		xy = append(xy, cx+x*c-y*s, cy+x*s+y*c)
	}
	return xy
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
