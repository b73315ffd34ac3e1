// Package poster lays one maze out on a page of a given size, a sheet of
// A4 or a 24 x 36 in poster: turned to suit the maze, inside margins, under
// an optional title that grows with the page; the maze's cells as large
// as fit. It knows mazes, pages and text, not files or flags.
package poster

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Orientation is which way up the page is.
type Orientation string

// The orientations.
const (
	// Auto turns the page landscape when the maze is wider than tall,
	// portrait when it is taller than wide, and leaves it as given when
	// it is square.
	Auto Orientation = ""
	// Portrait puts the page's shorter side at the top.
	Portrait Orientation = "portrait"
	// Landscape puts the page's longer side at the top.
	Landscape Orientation = "landscape"
)

// MaxTitle is the most characters a title may have.
const MaxTitle = spec.MaxText

// Options say how a poster is laid out.
type Options struct {
	// Width and Height are the page size in points, as named (a4 is
	// portrait); Orientation may turn it.
	Width, Height float64
	Orientation   Orientation
	// Margin is the space left on every side, in points; a negative
	// Margin asks for DefaultMargin.
	Margin float64
	// Title, when not empty, is set above the maze, one line in bold.
	Title string
	// Style is how the maze is drawn; its Cell is chosen here and its
	// Wall is thickness WallName names (see spec.FitWall) when that is
	// not empty, else a length checked against the corridors.
	Style    draw.Style
	WallName string
}

// Poster is a laid-out poster.
type Poster struct {
	Page display.Page
	// Box is where the maze and its markers were placed, Origin the page
	// position of the grid's (0, 0) corner, and Cell the size of a grid
	// unit in points.
	Box    display.Box
	Origin display.Point
	Cell   float64
	// Title is the title's text item, nil without a title.
	Title *display.Text
}

// DefaultMargin returns the margin of a page of w by h points when none
// is given: 4% of its shorter side, but at least 12 mm (8.4 mm on A4
// would be closer to the edge than many printers print).
func DefaultMargin(w, h float64) float64 {
	return math.Max(float64(0.04*math.Min(w, h)), 12*spec.PointsPerMM)
}

// TitleSize returns the size of a title on a page of w by h points before
// it is fitted to the width: 5% of the shorter side (30pt on A4, 86pt on a
// 24 x 36 in poster).
func TitleSize(w, h float64) float64 { return float64(0.05 * math.Min(w, h)) }

// minTitleShare is how far a long title shrinks to fit the width before
// it is cut with an ellipsis: to 40% of TitleSize.
const minTitleShare = 0.4

// Layout lays maze m out on a page as o says, with the solutions given
// drawn (see draw.Maze). It reports a page turned or margins that leave
// no room, a title that is too long or has control characters, and a
// wall too thick for the cells that fit.
func Layout(m *maze.Maze, o Options, solutions ...[]int) (Poster, error) {
	w, h := o.Width, o.Height
	if !(w > 0 && h > 0) || math.IsInf(w, 0) || math.IsInf(h, 0) {
		return Poster{}, fmt.Errorf("page size %gx%g is not positive", w, h)
	}
	gw, gh := m.Grid.Size()
	switch o.Orientation {
	case Portrait:
		w, h = math.Min(w, h), math.Max(w, h)
	case Landscape:
		w, h = math.Max(w, h), math.Min(w, h)
	case Auto:
		if gw > gh {
			w, h = math.Max(w, h), math.Min(w, h)
		} else if gh > gw {
			w, h = math.Min(w, h), math.Max(w, h)
		}
	default:
		return Poster{}, fmt.Errorf("orientation %q is unknown (known: portrait, landscape, or none for the maze's)", o.Orientation)
	}
	margin := o.Margin
	if margin < 0 {
		margin = DefaultMargin(w, h)
	}
	content := display.Box{X: margin, Y: margin, W: w - 2*margin, H: h - 2*margin}
	if !(content.W > 0.2*w && content.H > 0.2*h) {
		return Poster{}, fmt.Errorf("a margin of %s leaves almost nothing of the %s x %s page", spec.FormatLength(margin, "mm"), spec.FormatLength(w, "mm"), spec.FormatLength(h, "mm"))
	}
	p := Poster{Page: display.Page{Width: w, Height: h, Trim: display.Box{W: w, H: h}}}
	box := content
	if o.Title != "" {
		t, err := title(o.Title, content, TitleSize(w, h))
		if err != nil {
			return Poster{}, err
		}
		p.Title = t
		p.Page.Items = append(p.Page.Items, t)
		_, desc := typeface.Metrics(t.Font, t.Size)
		gap := t.Y + desc + 0.5*t.Size - content.Y
		box = display.Box{X: content.X, Y: content.Y + gap, W: content.W, H: content.H - gap}
	}
	st := o.Style
	cell := draw.FitCell(box, gw, gh, draw.RoomFor(st.Markers, st.Start, st.Finish, st.Font))
	if !(cell > 0) {
		return Poster{}, errors.New("the maze does not fit the page: use a larger page or smaller margins")
	}
	wall, err := spec.FitWall(st.Wall, o.WallName, float64(cell*maze.Clearance(m.Grid)))
	if err != nil {
		return Poster{}, err
	}
	st.Cell, st.Wall = cell, wall
	d := draw.Maze(m, box, st, solutions...)
	p.Page.Items = append(p.Page.Items, d.Items...)
	p.Box, p.Origin, p.Cell = box, d.Origin, d.Cell
	return p, nil
}

// CheckTitle reports a title that cannot be set: one of more than
// MaxTitle characters, or that is not one line of text (invalid UTF-8, a
// control character such as a newline).
func CheckTitle(text string) error {
	if n := utf8.RuneCountInString(text); n > MaxTitle {
		return fmt.Errorf("the title is %d characters long; the most is %d", n, MaxTitle)
	}
	if !utf8.ValidString(text) || strings.ContainsFunc(text, unicode.IsControl) {
		return errors.New("the title must be one line of text, without control characters")
	}
	return nil
}

// title sets text centred at the top of the content box in bold at size,
// shrunk to fit its width (to 40% of size at most, then cut with an
// ellipsis).
func title(text string, content display.Box, size float64) (*display.Text, error) {
	if err := CheckTitle(text); err != nil {
		return nil, err
	}
	face := typeface.Bold
	if tw := typeface.Width(face, size, text); tw > content.W {
		size = math.Max(size*content.W/tw, float64(size*minTitleShare))
	}
	asc, _ := typeface.Metrics(face, size)
	return &display.Text{
		X: content.X + content.W/2, Y: content.Y + asc, Size: size, Font: face,
		Color: display.Black, Align: display.AlignCenter,
		Text: typeface.Ellipsize(face, size, text, content.W),
	}, nil
}
