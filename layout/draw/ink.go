package draw

import (
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/display"
)

// Ink is the ink a maze is printed in, and a book's interior (a spec's
// style.color).
type Ink string

// The inks.
const (
	// InkColor draws the style's colours (the zero Ink is the same).
	InkColor Ink = "color"
	// InkGrayscale draws greys: the entrance and exit are told apart by
	// shape, an arrow pointing in and a flag, not by colour.
	InkGrayscale Ink = "grayscale"
	// InkBlack draws black but for the way through: shapes at the
	// openings as in grayscale, and the solution a solid mid grey line
	// (GraySolution), so that it is never taken for a wall.
	InkBlack Ink = "black"
)

// inks are the inks, in the order they are offered.
var inks = []Ink{InkColor, InkGrayscale, InkBlack}

// InkNames returns the names of the inks: color, grayscale, black.
func InkNames() []string { return names(inks) }

// ParseInk parses an ink's name (see InkNames).
func ParseInk(name string) (Ink, error) {
	if i, ok := lookup(inks, name); ok {
		return i, nil
	}
	return "", say.Errorf("color %q is unknown (known: %s)", name, strings.Join(InkNames(), ", "))
}

// names returns the names of a list of string kinds.
func names[S ~string](list []S) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// lookup returns the kind of list called name.
func lookup[S ~string](list []S, name string) (S, bool) {
	for _, s := range list {
		if name == string(s) {
			return s, true
		}
	}
	return "", false
}

// shapes reports whether the openings are marked by shape, not colour.
func (i Ink) shapes() bool { return i == InkGrayscale || i == InkBlack }

// The greys a grayscale book prints where a colour book prints its
// default colours. The solution is a mid grey (about 55% ink): clearly
// apart from black walls, and far from the tints under 20% ink that fade
// on the press. The marks are a dark grey (75% ink).
var (
	GraySolution = display.Color{R: 115, G: 115, B: 115}
	GrayMark     = display.Color{R: 64, G: 64, B: 64}
)

// GrayWalk is the grey of a solver's walk in grayscale: about 55% ink,
// dark enough that a photocopy keeps it, dashed beside the solution.
var GrayWalk = display.Color{R: 110, G: 110, B: 110}

// InkDefaults returns the colours of the walls, the solution, the
// entrance and the exit in a style of the given ink that names none: black
// walls and red marks in colour; GraySolution and GrayMark in grayscale;
// black, and the way through in GraySolution, in black.
func InkDefaults(ink Ink) (wall, solution, entrance, exit display.Color) {
	switch ink {
	case InkGrayscale:
		return display.Black, GraySolution, GrayMark, GrayMark
	case InkBlack:
		return display.Black, GraySolution, display.Black, display.Black
	}
	return display.Black, display.Color{R: 214, G: 40, B: 40}, display.Color{R: 214, G: 40, B: 40}, display.Color{R: 244, G: 160, B: 160}
}

// TeachingColors returns the colours of the teaching layers in ink: a
// solver's walk, drawn under the solution, and a maze's graph. In colour
// the walk is a clear blue and the graph a deeper one; in grayscale the
// walk is GrayWalk and the graph a dark grey; in black both are black.
// Every one is dark enough that a photocopy (a 50% threshold) keeps it;
// without colour the walk is dashed, so that it is never taken for a
// wall or for the solution.
func TeachingColors(ink Ink) (walk, graph display.Color) {
	switch ink {
	case InkGrayscale:
		return GrayWalk, GrayMark
	case InkBlack:
		return display.Black, display.Black
	}
	return display.Color{R: 30, G: 115, B: 225}, display.Color{R: 25, G: 85, B: 200}
}
