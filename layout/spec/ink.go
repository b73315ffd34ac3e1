package spec

import (
	"go.yaml.in/yaml/v3"

	"mazebook/layout/display"
	"mazebook/layout/draw"
)

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
// draw.GraySolution and draw.GrayMark; in black, every colour is black,
// given or not, but the way through's, draw.GraySolution: the color key is the one switch that turns a book to black ink,
// so a spec that names its colours (as the starter spec does) needs no
// other change.
func settleInk(st *Style, k *inkKeys) {
	if k.mode != "" {
		st.Ink = draw.Ink(k.mode)
	}
	wall, solution, entrance, exit := draw.InkDefaults(st.Ink)
	switch st.Ink {
	case draw.InkGrayscale:
		defaults := map[*display.Color]display.Color{&st.SolutionColor: solution, &st.EntranceColor: entrance, &st.ExitColor: exit}
		for _, dst := range k.given {
			*dst = Gray(*dst)
			delete(defaults, dst)
		}
		for dst, c := range defaults {
			*dst = c
		}
	case draw.InkBlack:
		st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = wall, solution, entrance, exit
	}
}
