package spec

import (
	"mazebook/internal/say"

	"go.yaml.in/yaml/v3"

	"mazebook/layout/display"
)

// Ink is the ink a book's interior is printed in: style.color.
type Ink string

// The inks.
const (
	// InkColor prints the colours of the style (the default).
	InkColor Ink = "color"
	// InkGrayscale prints greys only, for a black-ink interior with
	// tints: colours given are turned into the grey of their brightness,
	// the entrance and exit are told apart by shape.
	InkGrayscale Ink = "grayscale"
	// InkBlack prints solid black only: every colour is black, the
	// solution is dotted, the entrance and exit are black shapes.
	InkBlack Ink = "black"
)

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

// LightestGray is the lightest grey a grayscale book prints: 20% ink.
// Print-on-demand presses (Amazon KDP among them) lose finer tints in fine
// lines; a colour given in a grayscale book whose grey would be lighter is
// darkened to this.
var LightestGray = display.Color{R: 204, G: 204, B: 204}

// Gray returns the grey of c's brightness (Rec. 601 luma: 0.299 R +
// 0.587 G + 0.114 B), no lighter than LightestGray.
func Gray(c display.Color) display.Color {
	y := (299*int(c.R) + 587*int(c.G) + 114*int(c.B) + 500) / 1000
	v := uint8(min(y, int(LightestGray.R)))
	return display.Color{R: v, G: v, B: v}
}

// inkKeys collects, while a style is read, its color key and the colour
// keys given (those that parsed), for settleInk.
type inkKeys struct {
	mode  string
	given []*display.Color
}

// color reads a colour key of the style, remembering it was given.
func (k *inkKeys) color(d *decoder, dst *display.Color) field {
	return func(n *yaml.Node, path string) {
		before := len(d.errs)
		d.color(dst)(n, path)
		if len(d.errs) == before {
			k.given = append(k.given, dst)
		}
	}
}

// settleInk sets the style's ink and settles its colours for it. In
// grayscale, colours given become greys and the defaults become
// GraySolution and GrayMark; in black, every colour is black, given or
// not: the color key is the one switch that turns a book to black ink,
// so a spec that names its colours (as the starter spec does) needs no
// other change.
func settleInk(st *Style, k *inkKeys) {
	if k.mode != "" {
		st.Ink = Ink(k.mode)
	}
	wall, solution, entrance, exit := InkDefaults(st.Ink)
	switch st.Ink {
	case InkGrayscale:
		defaults := map[*display.Color]display.Color{&st.SolutionColor: solution, &st.EntranceColor: entrance, &st.ExitColor: exit}
		for _, dst := range k.given {
			*dst = Gray(*dst)
			delete(defaults, dst)
		}
		for dst, c := range defaults {
			*dst = c
		}
	case InkBlack:
		st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = wall, solution, entrance, exit
	}
}

// InkDefaults returns the colours of the walls, the solution, the
// entrance and the exit in a style of the given ink that names none: black
// walls and red marks in colour; GraySolution and GrayMark in grayscale;
// black in black.
func InkDefaults(ink Ink) (wall, solution, entrance, exit display.Color) {
	switch ink {
	case InkGrayscale:
		return display.Black, GraySolution, GrayMark, GrayMark
	case InkBlack:
		return display.Black, display.Black, display.Black, display.Black
	}
	return display.Black, namedColors["red"], namedColors["red"], namedColors["lightred"]
}

// inkNames are the values style.color takes.
var inkNames = []string{string(InkColor), string(InkGrayscale), string(InkBlack)}

// ParseInk parses an ink name: color, grayscale or black.
func ParseInk(s string) (Ink, error) {
	for _, n := range inkNames {
		if s == n {
			return Ink(s), nil
		}
	}
	return "", say.Errorf("color %q is unknown (known: color, grayscale, black)", s)
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
