package cover

import (
	"fmt"
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/kdp"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Sizes of the front, in points on a 6 x 9 in cover (scaled with it).
const (
	titleSize  = 60 // the largest title; it shrinks to fit in 3 lines
	leastTitle = 16
	// frontTitleLines is the most lines a title takes at leastTitle
	// before it is cut short.
	frontTitleLines = 6
	subtitleSize    = 24
	authorSize      = 20
	leastText       = 9
	// coverCells is about how many cells the front's maze has: few
	// enough to read on a thumbnail.
	coverCells = 150
	// margin is how far the front's and back's text keeps from the trim:
	// more than kdp.CoverSafe, for the look of it.
	margin = 0.4 * spec.PointsPerInch
)

// margin returns the text margin of a cover: margin scaled, but never
// less than the safe distance from the trim.
func (d *drawer) margin() float64 { return math.Max(float64(margin*d.u), kdp.CoverSafe) }

// front draws the front cover: the title at the top, the subtitle under
// it, the author at the foot, and between them the book's maze on a white
// card.
func (d *drawer) front() error {
	s, f, u := d.s, d.g.Front, d.u
	m := d.margin()
	width := f.W - 2*m
	cx := f.X + f.W/2
	y := f.Y + m
	if s.Title != "" {
		lines, size, cut := fitBlock(s.Title, d.s.Fonts.Headings, float64(titleSize*u), leastTitle*u, width, 3, frontTitleLines)
		if cut {
			d.warn("title", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "title", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Headings, size)
		for i, l := range lines {
			if i == 0 {
				y += asc
			} else {
				y += float64(size * 1.05)
			}
			d.add(d.text(cx, y, size, d.s.Fonts.Headings, display.AlignCenter, l))
		}
		y += desc
	}
	if s.Subtitle != "" {
		lines, size, cut := fitBlock(s.Subtitle, d.s.Fonts.Text, float64(subtitleSize*u), leastText, width, 2, 3)
		if cut {
			d.warn("subtitle", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "subtitle", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Text, size)
		y += float64(size * 0.4)
		for i, l := range lines {
			if i == 0 {
				y += asc
			} else {
				y += float64(size * 1.2)
			}
			t := d.text(cx, y, size, d.s.Fonts.Text, display.AlignCenter, l)
			t.Color = d.accent
			d.add(t)
		}
		y += desc
	}
	bottom := f.Y + f.H - m
	if s.Author != "" {
		line, size, cut := fitLine(s.Author, d.s.Fonts.Headings, float64(authorSize*u), leastText, width)
		if cut {
			d.warn("author", "%s: too long for the front cover even at %.0fpt, the smallest it is set there, so it is cut short", "author", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Headings, size)
		d.add(d.text(cx, bottom-desc, size, d.s.Fonts.Headings, display.AlignCenter, line))
		bottom -= asc + desc
	}
	gap := float64(0.25 * spec.PointsPerInch * u)
	area := display.Box{X: f.X + m, Y: y + gap, W: width, H: bottom - gap - (y + gap)}
	if area.H < spec.PointsPerInch {
		return nil // a title so long that no maze fits: the title it is
	}
	return d.coverMaze(area)
}

// text returns a line of text in the cover's text colour.
func (d *drawer) text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: d.fg, Align: align, Text: s}
}

// coverMaze draws the front's maze on a white card as large as area
// allows: made from a seed derived from the book's, in the shape (and
// mask, or weave) of the book's first section, with bold walls, as a
// puzzle to solve (no solution drawn) whose doors are marked as the
// interior marks them (see plan.Plan.Style).
func (d *drawer) coverMaze(area display.Box) error {
	sec := d.s.Sections[0]
	shape, err := maze.LookupShape(sec.Shape)
	if err != nil {
		return err
	}
	pad := float64(0.18 * spec.PointsPerInch * d.u)
	inner := inset(area, pad, pad)
	room := d.p.RoomOf(0)
	aspect := (inner.W / inner.H)
	var size maze.Size
	if sec.Mask != nil {
		if size, err = maze.MaskSize(shape, sec.Mask, coverCells); err == nil && sec.MaskRows > 0 && size.H < sec.MaskRows {
			// Too few rows to read the word: more cells.
			f := float64(sec.MaskRows) / float64(size.H)
			size, err = maze.MaskSize(shape, sec.Mask, int(coverCells*f*f)+1)
		}
		if err != nil {
			return fmt.Errorf("cover maze: %w", err)
		}
	} else {
		size = shape.ForCells(coverCells, aspect)
	}
	size.Inner = sec.Size.Inner
	r := maze.Recipe{Shape: shape.Name, Size: size, Mask: sec.Mask, Islands: sec.Islands, Weave: sec.Weave,
		Algorithm: "backtracker", Seed: maze.DeriveSeed(d.s.Seed, "cover"), Openings: sec.Openings}
	for _, mp := range d.p.Mazes {
		if mp.Section == 0 {
			r.Openings = mp.Recipe.Openings // as the plan placed the doors inside
			break
		}
	}
	if sec.Weave > 0 {
		r.Algorithm = "kruskal" // the one that weaves
	}
	m, err := maze.Make(r)
	if err != nil {
		return fmt.Errorf("cover maze: %w", err)
	}
	gw, gh := m.Grid.Size()
	cell := draw.FitCell(inner, gw, gh, room)
	wall := float64(0.22 * cell * maze.Clearance(m.Grid))
	// The card hugs the maze and its markers.
	w := float64((gw+2*room.CellsX)*cell) + 2*room.AbsX + 2*pad
	h := float64((gh+2*room.CellsY)*cell) + 2*room.AbsY + 2*pad
	c := display.Box{X: area.X + (area.W-w)/2, Y: area.Y + (area.H-h)/2, W: w, H: h}
	d.add(card(c, float64(0.15*spec.PointsPerInch*d.u), float64(0.06*spec.PointsPerInch*d.u), d.shadow)...)
	st := d.mazeStyle(0, cell, wall, r.Seed, 1)
	d.add(draw.Maze(m, inset(c, pad, pad), st).Items...)
	return nil
}
