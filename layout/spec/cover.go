package spec

import (
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/draw"
)

// Cover is the paperback cover of the book: the paper its interior is
// printed on (which sets the spine's width), the text on its back, and
// its colours.
type Cover struct {
	// Paper is the interior's paper.
	Paper Paper
	// Back is the text on the back cover (a blurb); empty for none.
	Back string
	// Color is the cover's background; TextColor the colour of the text
	// set on it, by default black or white, whichever stands out more.
	Color, TextColor display.Color
	// Layout is how the front is composed: one of CoverLayouts, by
	// default CoverBand.
	Layout string
}

// The cover layouts a spec can name (cover.layout).
const (
	// CoverBand sets the title on the cover's colour over the maze on a
	// white card, with a white band across the foot holding the theme's
	// characters (or the book's own start and goal pictures), its ground
	// and the age badge (alone at the foot's corner without pictures); a themed book for young
	// children gets a scene instead, wrapped round the sheet: a pale sky
	// over the theme's ground, a maze of few, wide corridors on a card on
	// the horizon, and its start and goal standing large below its doors.
	CoverBand = "band"
	// CoverFramed draws the front as a white page in a frame of the
	// cover's colour: the title in that colour, the characters, the maze
	// and the ground inside.
	CoverFramed = "framed"
	// CoverPicture gives the front to the picture: the title on the
	// colour above a large white panel holding the characters large,
	// the theme's scene and, smaller, the maze.
	CoverPicture = "picture"
)

// CoverLayouts lists the cover layouts, in the order messages name them.
var CoverLayouts = []string{CoverBand, CoverFramed, CoverPicture}

// Paper is the paper a print-on-demand interior is printed on.
type Paper string

// The papers.
const (
	PaperWhite Paper = "white"
	PaperCream Paper = "cream"
	// PaperColor is white paper printed in premium colour.
	PaperColor Paper = "color"
)

// Papers lists the papers, in the order messages name them.
var Papers = []Paper{PaperWhite, PaperCream, PaperColor}

// ParsePaper reads the name of a paper.
func ParsePaper(s string) (Paper, error) {
	for _, p := range Papers {
		if string(p) == s {
			return p, nil
		}
	}
	names := make([]string, len(Papers))
	for i, p := range Papers {
		names[i] = string(p)
	}
	return "", say.Errorf("paper %q is unknown (known: %s)", s, strings.Join(names, ", "))
}

// DefaultCoverColor is the background of a cover whose spec gives no
// colour: a deep blue, on which white text and a white maze stand out.
var DefaultCoverColor = display.Color{R: 0x1d, G: 0x4e, B: 0x89}

// SetPaper changes the paper of the book's interior, as cover.paper
// reads it: what 'cover --paper' does. It refuses cream for a book in
// colour, as the spec does.
func (b *Book) SetPaper(p Paper) error {
	if p == PaperCream && b.Style.Ink == draw.InkColor {
		return say.Errorf("%v", creamInColour())
	}
	b.Cover.Paper = p
	return nil
}

// creamInColour says that KDP prints cream paper in black ink only.
func creamInColour() say.Text {
	return say.T("paper cream is printed in black ink only, and the interior is in colour: give style.color: black, or paper white or color")
}

// defaultCover is the cover of a spec that says nothing of it.
func defaultCover() Cover {
	return Cover{Paper: PaperWhite, Color: DefaultCoverColor, TextColor: ContrastColor(DefaultCoverColor), Layout: CoverBand}
}

// cover reads the cover mapping.
func (d *decoder) cover(n *yaml.Node, path string) {
	c := &d.spec.Cover
	d.mapping(n, path, "cover", map[string]field{
		"paper": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "paper")
			if !ok {
				return
			}
			p, err := ParsePaper(v)
			if err != nil {
				d.errorf(n, "%v", err)
				return
			}
			c.Paper = p
		},
		"back":       d.text(&c.Back, MaxLongText),
		"color":      d.color(&c.Color),
		"text_color": d.color(&c.TextColor),
		"layout":     d.oneOf(&c.Layout, CoverLayouts...),
	})
	if !d.spec.Given(path + ".text_color") {
		c.TextColor = ContrastColor(c.Color)
	}
}

// ContrastColor returns white or black, whichever stands out more on
// background bg (by the WCAG contrast ratio).
func ContrastColor(bg display.Color) display.Color {
	l := Luminance(bg)
	// The contrast ratio is (lighter + 0.05) / (darker + 0.05): white's
	// luminance is 1, black's 0.
	if (1+0.05)/(l+0.05) >= (l+0.05)/0.05 {
		return display.White
	}
	return display.Black
}

// Luminance returns the relative luminance of an sRGB colour, from 0
// (black) to 1 (white), as WCAG defines it.
func Luminance(c display.Color) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return float64(0.2126*lin(c.R)) + float64(0.7152*lin(c.G)) + float64(0.0722*lin(c.B))
}
