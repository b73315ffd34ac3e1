// Package cover draws the paperback cover of a maze book: one sheet that
// wraps the printed interior, back cover, spine and front cover side by
// side with bleed all round, its spine as wide as the interior's pages
// and paper make it (see Dims). The front carries the title, subtitle
// and author over a large maze made from the book's seed in the shape of
// its first section; the back, the spec's back text and a few of the
// book's own mazes, with the barcode's box left empty; the spine, the
// title and author turned to read from top to bottom, when the book has
// pages enough. Like the interior's pages, the cover is a display list
// (package display) for the pdf, svg and png backends.
package cover

import (
	"fmt"
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Cover is a book's cover: its geometry and its drawing.
type Cover struct {
	Geometry Geometry
	// Page is the whole sheet; its Trim is the trimmed wrap, so that a PDF
	// gets the bleed and trim boxes printers read.
	Page display.Page
	// Warnings say what the cover could not set as the spec has it (a
	// title cut short), each at the spec's line.
	Warnings []string
	// scene is what a scene front drew (see sceneBand), nil for another
	// front.
	scene *sceneParts
}

// Make draws the cover of the book s describes: its spine sized for the
// page count of its student edition on the paper s.Cover names. The same
// spec gives the same cover. A spec that cannot be planned, or whose
// cover would be too large a page, is a spec.Errors.
func Make(s *spec.Book) (*Cover, error) { return MakeEdition(s, plan.Student) }

// MakeEdition draws the cover of an edition of the book s describes: its
// spine sized for that edition's page count. A teacher edition's front
// names it after the book's subtitle (see spec.Book.TeacherSubtitle).
func MakeEdition(s *spec.Book, ed plan.Edition) (*Cover, error) {
	if ed == plan.Teacher {
		t := *s
		t.Subtitle = s.TeacherSubtitle()
		s = &t
	}
	p, err := plan.Make(s, ed)
	if err != nil {
		return nil, err
	}
	g := Dims(s.Page.Width, s.Page.Height, len(p.Pages), s.Cover.Paper)
	if g.Width > spec.MaxPageSide || g.Height > spec.MaxPageSide {
		return nil, spec.Errors{s.ErrorAt("page.size", "the cover of this book would be %s x %s, larger than PDF readers open (%s a side): choose a smaller page size",
			spec.FormatLength(g.Width, "in"), spec.FormatLength(g.Height, "in"), spec.FormatLength(spec.MaxPageSide, "in"))}
	}
	for _, t := range []struct {
		key, text string
		face      *typeface.Font
	}{{"title", s.Title, s.Fonts.Headings}, {"subtitle", s.Subtitle, s.Fonts.Text}, {"author", s.Author, s.Fonts.Text}} {
		if miss := t.face.Missing(t.text); len(miss) > 0 {
			return nil, spec.Errors{s.ErrorAt(t.key, "%s: %q is not in the font %s, which the cover sets it in: name a font that has it under fonts:", t.key, string(miss[0]), t.face.Name())}
		}
	}
	d := newDrawer(s, p, g)
	if err := d.draw(); err != nil {
		return nil, err
	}
	c := &Cover{Geometry: d.g, Page: display.Page{Width: g.Width, Height: g.Height, Trim: g.Wrap, Items: d.items}, Warnings: d.warnings, scene: d.parts}
	if err := c.Page.Check(); err != nil {
		return nil, fmt.Errorf("cover: %w", err)
	}
	return c, nil
}

// drawer draws one cover.
type drawer struct {
	s *spec.Book
	p *plan.Plan
	g Geometry
	// u scales the design with the trim: 1 on a 6 x 9 in cover.
	u float64
	// bg is the background, fg the text on it, tint the pattern on it
	// and ink the walls of the mazes on their white cards.
	bg, fg, tint, ink display.Color
	// accent colours the subtitle; shadow lies under the cards.
	accent, shadow display.Color
	// scene is true when the front is a picture (see sceneBand): the
	// cover's colours are then a pale sky's (see sceneColors).
	scene    bool
	parts    *sceneParts
	items    []display.Item
	warnings []string
}

func newDrawer(s *spec.Book, p *plan.Plan, g Geometry) *drawer {
	c := s.Cover
	d := &drawer{s: s, p: p, g: g, bg: c.Color, fg: c.TextColor}
	d.u = math.Min(g.TrimW/(6*spec.PointsPerInch), g.TrimH/(9*spec.PointsPerInch))
	d.tint = mix(d.bg, d.fg, 0.14)
	d.shadow = mix(d.bg, display.Black, 0.35)
	d.accent = d.fg
	if d.fg == display.White {
		d.accent = display.Color{R: 252, G: 191, B: 73}
	}
	// The mazes' walls are drawn as on the interior's pages, in the
	// style's wall colour, with their marks as the interior draws them:
	// black on white, unless the style's colour is too pale for a card.
	d.ink = s.Style.WallColor
	if contrast(d.ink, display.White) < 3 {
		d.ink = display.Black // pale walls would not show on the card
	}
	if d.scene = d.sceneFront(); d.scene {
		d.sceneColors()
	}
	return d
}

func (d *drawer) add(items ...display.Item) { d.items = append(d.items, items...) }

// warn records a warning at the spec's key.
func (d *drawer) warn(key, format string, args ...any) {
	d.warnings = append(d.warnings, d.s.ErrorAt(key, format, args...).Error())
}

// draw draws the sheet: the background and its pattern of maze walls
// (clear of the barcode's box), the spine, the front, the back.
func (d *drawer) draw() error {
	g := d.g
	d.background()
	if !d.scene { // a scene's sky is plain
		if err := d.pattern(); err != nil {
			return err
		}
	}
	// The spine is plain, so that its text reads and a spine printed a
	// little off its place shows no seam.
	d.add(&display.Fill{Box: display.Box{X: g.Spine.X, Y: 0, W: g.Spine.W, H: g.Height}, Color: d.bg})
	if err := d.front(); err != nil {
		return err
	}
	if err := d.back(); err != nil {
		return err
	}
	if g.SpineText {
		d.spine()
	}
	return nil
}

// background fills the sheet with the cover's colour, bleed included,
// but for the barcode's box: four boxes round it, overlapping so that no
// seam shows between them.
func (d *drawer) background() {
	g := d.g
	b := g.Barcode
	const overlap = 1
	for _, box := range []display.Box{
		{X: 0, Y: 0, W: b.X, H: g.Height},
		{X: b.X + b.W, Y: 0, W: g.Width - b.X - b.W, H: g.Height},
		{X: b.X - overlap, Y: 0, W: b.W + 2*overlap, H: b.Y},
		{X: b.X - overlap, Y: b.Y + b.H, W: b.W + 2*overlap, H: g.Height - b.Y - b.H},
	} {
		d.add(&display.Fill{Box: box, Color: d.bg})
	}
}

// pattern draws the walls of a large maze over the whole sheet, in a tint
// of the background: the book's wrapping paper.
func (d *drawer) pattern() error {
	g := d.g
	cell := float64(0.5 * spec.PointsPerInch * d.u)
	// A cell more than the sheet on every side, so that the maze's own
	// border and doors fall outside it.
	cols, rows := int(math.Ceil(g.Width/cell))+2, int(math.Ceil(g.Height/cell))+2
	m, err := maze.Make(maze.Recipe{Shape: maze.Rectangle, Size: maze.Size{W: cols, H: rows}, Algorithm: "backtracker", Seed: maze.DeriveSeed(d.s.Seed, "cover", "pattern"), Openings: maze.Corners})
	if err != nil {
		return fmt.Errorf("cover pattern: %w", err)
	}
	box := display.Box{X: (g.Width - float64(float64(cols)*cell)) / 2, Y: (g.Height - float64(float64(rows)*cell)) / 2, W: float64(float64(cols) * cell), H: float64(float64(rows) * cell)}
	items := draw.Maze(m, box, d.drawStyle(cell, float64(0.09*cell), d.tint, draw.None)).Items
	keepOut := display.Box{X: g.Barcode.X - 2, Y: g.Barcode.Y - 2, W: g.Barcode.W + 4, H: g.Barcode.H + 4}
	for _, it := range items {
		if l, ok := it.(*display.Line); ok {
			d.add(clipOut(l, keepOut))
		}
	}
	return nil
}
