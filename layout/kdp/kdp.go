// Package kdp checks a built book against the rules of print-on-demand
// paperback interiors (Amazon KDP's): page count, trim size, bleed, margins
// and gutter, line weights, embedded fonts, and no annotations or
// bookmarks.
package kdp

import (
	"fmt"
	"math"
	"sort"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// The rules, in points.
const (
	MinPages        = 24
	MaxPages        = 828
	MinMargin       = spec.SafeMargin      // outside, top, bottom without bleed
	MinMarginBleed  = spec.SafeMarginBleed // with bleed
	MinLine         = plan.MinLine         // thinnest line that prints reliably
	minTrimW        = 4 * spec.PointsPerInch
	minTrimH        = 6 * spec.PointsPerInch
	maxTrimW        = 8.5 * spec.PointsPerInch
	maxTrimH        = 11.7 * spec.PointsPerInch // A4 is 11.69 in
	tolerance       = 0.01
	bleedTolerance  = 0.5
	maxReportedPage = 5 // per rule, pages listed before "and N more"
	// MaxBlankEnd is the most blank pages a paperback ends with; ruled
	// notes pages, which print no more than their rules, count among
	// them (a book ending with 30 notes pages is 30 pages of filler).
	MaxBlankEnd = plan.MaxTeacherNotes
)

// Violation is one broken rule.
type Violation struct {
	Rule string // short name: "pages", "blank", "trim", "bleed", "margin", "gutter", "line", "fonts", "annotations"
	Msg  string // in English
	text say.Text
}

// violation returns the Violation of a rule, its message a format and its
// arguments that can also be said in other languages.
func violation(rule, format string, args ...any) Violation {
	t := say.T(format, args...)
	return Violation{Rule: rule, Msg: t.String(), text: t}
}

// Message returns what is wrong in a language ("en", "es", ...), in
// English where the language has no words for it.
func (v Violation) Message(lang string) string {
	if v.text.Format() == "" {
		return v.Msg
	}
	return tell.In(lang, v.text)
}

func (v Violation) String() string { return v.Rule + ": " + v.Msg }

// Check checks book, and the PDF written from it, against the rules.
func Check(book *layout.Book, pdfData []byte) []Violation {
	c := NewChecker(book.Plan)
	for i := range book.Pages {
		c.Page(i, &book.Pages[i])
	}
	return c.Finish(pdfData)
}

// A Checker checks a book page by page, as its pages are drawn, so that a
// big book need not hold every page at once.
type Checker struct {
	plan    *plan.Plan
	pages   int
	lineBad map[string][]int
	boxBad  []int
	liveBad []int
	margin  []Violation
}

// NewChecker returns a Checker for the book plan describes.
func NewChecker(plan *plan.Plan) *Checker {
	return &Checker{plan: plan, lineBad: map[string][]int{}}
}

// Page checks page i (from 0) of the book, drawn as p.
func (c *Checker) Page(i int, p *display.Page) {
	c.pages = max(c.pages, i+1)
	book := c.plan.Spec
	n := len(c.plan.Pages)
	tw, th := book.Page.Width, book.Page.Height
	minMargin := MinMargin
	if book.Page.Bleed {
		minMargin = MinMarginBleed
	}
	num := i + 1
	f := c.plan.Pages[i].Frame
	if book.Page.Bleed {
		if math.Abs(p.Width-tw-spec.BleedSize) > bleedTolerance || math.Abs(p.Height-th-2*spec.BleedSize) > bleedTolerance || p.Trim.W != tw || p.Trim.H != th {
			c.boxBad = append(c.boxBad, num)
		}
	}
	// Margins: the content area against the trimmed page.
	ct := f.Content
	top, bottom := ct.Y-f.Trim.Y, f.Trim.Y+f.Trim.H-ct.Y-ct.H
	left, right := ct.X-f.Trim.X, f.Trim.X+f.Trim.W-ct.X-ct.W
	inside, outside := left, right
	if !f.Recto {
		inside, outside = right, left
	}
	if i == 0 {
		if top < minMargin-tolerance || bottom < minMargin-tolerance || outside < minMargin-tolerance {
			c.margin = append(c.margin, violation("margin", "top %s, bottom %s and outside %s margins must each be at least %s", in(top), in(bottom), in(outside), in(minMargin)))
		}
		if gutter := spec.Gutter(n); inside < gutter-tolerance {
			c.margin = append(c.margin, violation("gutter", "the inside margin %s is narrower than the %s a %d-page book needs (use margin: {inside: auto})", in(inside), in(gutter), n))
		}
	}
	// Lines and the live area.
	live := display.Box{X: f.Trim.X + minMargin, Y: f.Trim.Y + minMargin, W: f.Trim.W - 2*minMargin, H: f.Trim.H - 2*minMargin}
	outOfLive := false
	for _, it := range p.Items {
		if l, ok := it.(*display.Line); ok && l.Width < MinLine-1e-9 {
			key := fmt.Sprintf("%.2gpt", l.Width)
			if pages := c.lineBad[key]; len(pages) == 0 || pages[len(pages)-1] != num {
				c.lineBad[key] = append(c.lineBad[key], num)
			}
		}
		if b := bounds(it); b.X < live.X-tolerance || b.Y < live.Y-tolerance || b.X+b.W > live.X+live.W+tolerance || b.Y+b.H > live.Y+live.H+tolerance {
			outOfLive = true
		}
	}
	if outOfLive {
		c.liveBad = append(c.liveBad, num)
	}
}

// Finish checks the book as a whole and the PDF written from it, and
// returns every violation found.
func (c *Checker) Finish(pdfData []byte) []Violation {
	var out []Violation
	violate := func(rule, format string, args ...any) {
		out = append(out, violation(rule, format, args...))
	}
	book := c.plan.Spec
	n := len(c.plan.Pages)
	interior := InteriorOf(book.Style.Ink, book.Cover.Paper)
	least, most := MinPagesOf(interior), MaxPagesOf(book.Page.Width, book.Page.Height, interior)
	blanks := c.trailingBlanks()
	switch {
	case n < least:
		// Said at the preset, with the ways to a book long enough.
		per := 1
		for _, sec := range book.Sections {
			per = max(per, sec.PerPage)
		}
		pagesPerMaze := 1 / float64(per)
		if c.plan.Answers {
			pagesPerMaze += 1 / float64(c.plan.AnswersPerPage)
		}
		more := int(math.Ceil(float64(least-n) / pagesPerMaze))
		// Padding adds bonus mazes, and ruled notes pages to round out, not
		// blank ones (see plan.Bonus, plan.NotesPage).
		e := book.ErrorAt("preset", "the book has %v; a paperback in %v needs %d to %d: add about %v (at %d a page), or pad: %d to fill the book with bonus mazes", say.Plural(n, "%d page", "%d pages"), interior.Text(), least, most, say.Plural(more, "%d maze", "%d mazes"), per, least)
		if _, ok := plan.Bonus(book, 1); !ok {
			// A book without a section of mazes (a storyboard alone)
			// takes no bonus maze: pad: would end it with notes pages.
			e = book.ErrorAt("preset", "the book has %v; a paperback in %v needs %d to %d: add about %v (at %d a page)", say.Plural(n, "%d page", "%d pages"), interior.Text(), least, most, say.Plural(more, "%d maze", "%d mazes"), per)
		}
		out = append(out, Violation{Rule: "pages", Msg: e.Error(), text: say.T("%s", e)})
	case n > most:
		violate("pages", "the book has %v; a paperback in %v at %s x %s needs %d to %d: take out mazes, or choose another trim or paper", say.Plural(n, "%d page", "%d pages"), interior.Text(), in(book.Page.Width), in(book.Page.Height), least, most)
	}
	switch notes := c.trailingNotes(); {
	case blanks > MaxBlankEnd && notes == 0:
		violate("blank", "the book ends with %d blank pages, and KDP prints at most %d: add mazes in their place, or give a smaller pad", blanks, MaxBlankEnd)
	case blanks > MaxBlankEnd && c.padRoom(blanks) >= least:
		violate("blank", "the book ends with %d pages without a maze (%d of them notes), and KDP prints at most %d: add mazes, or give pad: %d or less", blanks, notes, MaxBlankEnd, c.padRoom(blanks))
	case blanks > MaxBlankEnd:
		violate("blank", "the book ends with %d pages without a maze (%d of them notes), and KDP prints at most %d: add mazes in their place", blanks, notes, MaxBlankEnd)
	}
	tw, th := book.Page.Width, book.Page.Height
	if tw < minTrimW-tolerance || th < minTrimH-tolerance || tw > maxTrimW+tolerance || th > maxTrimH+tolerance {
		violate("trim", "the trim size %s x %s is outside 4 x 6 in to 8.5 x 11.69 in", in(tw), in(th))
	}
	out = append(out, c.margin...)
	minMargin := MinMargin
	if book.Page.Bleed {
		minMargin = MinMarginBleed
	}
	if len(c.boxBad) > 0 {
		violate("bleed", "pages %s are not the trim size plus 0.125 in of bleed on the top, bottom and outside edge", list(c.boxBad))
	}
	widths := make([]string, 0, len(c.lineBad))
	for w := range c.lineBad {
		widths = append(widths, w)
	}
	sort.Strings(widths)
	for _, w := range widths {
		violate("line", "lines of %s, thinner than %gpt, on pages %s: give style.wall of %gpt or more (or thin, medium or thick)", w, MinLine, list(c.lineBad[w]), MinLine)
	}
	if len(c.liveBad) > 0 {
		violate("margin", "pages %s print within %s of the trim edge", list(c.liveBad), in(minMargin))
	}
	info := pdf.Inspect(pdfData)
	if info.Embedded != info.Fonts {
		violate("fonts", "%d of %d fonts are embedded", info.Embedded, info.Fonts)
	}
	if info.Annotations || info.Outlines {
		violate("annotations", "the PDF has annotations or bookmarks, which print-on-demand interiors must not have")
	}
	return out
}

// trailingBlanks returns how many blank pages, and notes pages among
// them, end the book.
func (c *Checker) trailingBlanks() int {
	n := 0
	for i := len(c.plan.Pages) - 1; i >= 0 && (c.plan.Pages[i].Kind == plan.BlankPage || c.plan.Pages[i].Kind == plan.NotesPage); i-- {
		n++
	}
	return n
}

// trailingNotes returns how many notes pages are among the blank pages
// that end the book.
func (c *Checker) trailingNotes() int {
	n := 0
	for i := len(c.plan.Pages) - 1; i >= 0 && (c.plan.Pages[i].Kind == plan.BlankPage || c.plan.Pages[i].Kind == plan.NotesPage); i-- {
		if c.plan.Pages[i].Kind == plan.NotesPage {
			n++
		}
	}
	return n
}

// padRoom returns the most pages a pad may give the book, which ends
// with blanks blank and notes pages, for it to end with MaxBlankEnd at
// most: even for a book made even (the page that makes it so is one
// more).
func (c *Checker) padRoom(blanks int) int {
	n := len(c.plan.Pages) - (blanks - MaxBlankEnd)
	if c.plan.Spec.EvenPages && n%2 == 1 {
		n--
	}
	return n
}

// bounds returns the box an item inks.
func bounds(it display.Item) display.Box {
	switch it := it.(type) {
	case *display.Line:
		b := pathsBounds(it.Paths)
		h := it.Width / 2
		return display.Box{X: b.X - h, Y: b.Y - h, W: b.W + 2*h, H: b.H + 2*h}
	case *display.Shape:
		return pointsBounds(it.Polygons)
	case *display.Fill:
		return it.Box
	case *display.Image:
		return it.Box
	case *display.Text:
		return it.Bounds()
	}
	return display.Box{}
}

// pathsBounds returns the box around every point of every path, arcs
// included.
func pathsBounds(paths []display.Path) display.Box {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range paths {
		if len(p.Points) == 0 {
			continue
		}
		b := p.Bounds()
		minX, minY = math.Min(minX, b.X), math.Min(minY, b.Y)
		maxX, maxY = math.Max(maxX, b.X+b.W), math.Max(maxY, b.Y+b.H)
	}
	return display.Box{X: minX, Y: minY, W: maxX - minX, H: maxY - minY}
}

// pointsBounds returns the box around every point of every polygon.
func pointsBounds(paths [][]display.Point) display.Box {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range paths {
		for _, q := range p {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	return display.Box{X: minX, Y: minY, W: maxX - minX, H: maxY - minY}
}

func in(points float64) string { return spec.FormatLength(points, "in") }

func list(pages []int) string {
	s := ""
	for i, p := range pages {
		if i == maxReportedPage {
			return s + fmt.Sprintf(" and %d more", len(pages)-i)
		}
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(p)
	}
	return s
}
