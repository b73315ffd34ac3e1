package kdp

import (
	"fmt"
	"math"

	"mazebook/internal/say"

	"mazebook/layout/draw"
	"mazebook/layout/spec"
)

// Interior is the kind of interior KDP prints: its ink and its paper.
type Interior int

// The interiors, as KDP's dashboard offers them.
const (
	BlackOnWhite  Interior = iota // black & white interior, white paper
	BlackOnCream                  // black & white interior, cream paper
	PremiumColor                  // premium colour interior, white paper
	StandardColor                 // standard colour interior, white paper
)

// Text returns the interior's name, as messages give it.
func (i Interior) Text() say.Text {
	switch i {
	case BlackOnCream:
		return say.T("black & white on cream paper")
	case PremiumColor:
		return say.T("premium colour")
	case StandardColor:
		return say.T("standard colour")
	}
	return say.T("black & white on white paper")
}

// String returns the interior's name in English.
func (i Interior) String() string { return i.Text().String() }

// Name returns the interior as KDP's dashboard names it (Interior & paper
// type): the name a manifest and an upload sheet give.
func (i Interior) Name() string {
	switch i {
	case BlackOnCream:
		return "Black & white interior with cream paper"
	case PremiumColor:
		return "Premium color interior with white paper"
	case StandardColor:
		return "Standard color interior with white paper"
	}
	return "Black & white interior with white paper"
}

// InteriorOf returns the interior a book printed in ink on paper is: the
// paper "color" is premium colour; colour ink on white paper standard
// colour; black or grayscale ink black & white, on white or on cream
// (which the spec allows only in black or grayscale).
func InteriorOf(ink draw.Ink, paper spec.Paper) Interior {
	switch {
	case paper == spec.PaperColor:
		return PremiumColor
	case paper == spec.PaperCream:
		return BlackOnCream
	case ink == draw.InkColor || ink == "":
		return StandardColor
	}
	return BlackOnWhite
}

// MinPagesOf returns the fewest pages KDP prints an interior with: 72 in
// standard colour, 24 in any other.
func MinPagesOf(i Interior) int {
	if i == StandardColor {
		return MinStandardColorPages
	}
	return MinPages
}

// MinStandardColorPages is the fewest pages of a standard colour interior.
const MinStandardColorPages = 72

// A pageBand is a row of KDP's table of the most pages a paperback has,
// by trim size and interior.
type pageBand struct {
	name string
	// w, h is the largest trim of the band; exact, that the band is of
	// that trim alone.
	w, h  float64
	exact bool
	most  [4]int // by Interior
}

// pageBands is KDP's table of the most pages of a paperback, by trim and
// interior: KDP Help, "Paperback page count" (kdp.amazon.com, "Paperback
// Page Count Limits"), as of 2026. The rows are tried in order; a trim
// beyond every row (which the trim rule refuses) takes the last.
var pageBands = []pageBand{
	{"up to 6.12 x 9 in", 6.12, 9, false, [4]int{BlackOnWhite: 828, BlackOnCream: 776, PremiumColor: 828, StandardColor: 600}},
	{"8.27 x 11.69 in (A4)", 8.27, 11.69, true, [4]int{BlackOnWhite: 780, BlackOnCream: 730, PremiumColor: 590, StandardColor: 600}},
	{"up to 8.5 x 11 in", 8.5, 11, false, [4]int{BlackOnWhite: 590, BlackOnCream: 550, PremiumColor: 590, StandardColor: 600}},
}

// bandOf returns the row of pageBands of a trim w x h, in points.
func bandOf(w, h float64) pageBand {
	const tol = 0.01 // in
	wi, hi := w/spec.PointsPerInch, h/spec.PointsPerInch
	for _, b := range pageBands {
		if b.exact {
			if math.Abs(wi-b.w) < tol && math.Abs(hi-b.h) < tol {
				return b
			}
			continue
		}
		if wi <= b.w+tol && hi <= b.h+tol {
			return b
		}
	}
	return pageBands[len(pageBands)-1]
}

// MaxPagesOf returns the most pages KDP prints a paperback of trim w x h
// (in points) with interior i, from KDP's table.
func MaxPagesOf(w, h float64, i Interior) int { return bandOf(w, h).most[i] }

// Lengthen says how a book of pages pages, too short for a paperback, is
// made long enough: by mazes, or, when it can take bonus mazes (see
// plan.Bonus), by pad: MinPages, which fills it with them and ruled notes
// pages to round out (never blank ones, of which KDP prints at most
// MaxBlankEnd at the end). A book that takes no bonus maze (a storyboard
// alone) is told to add mazes only: padded, it would end in notes pages.
func Lengthen(pages int, bonus bool) string {
	if !bonus {
		return fmt.Sprintf("add a section of mazes: the book's %d more pages cannot be filled with bonus mazes", MinPages-pages)
	}
	return fmt.Sprintf("add mazes, or pad: %d in the spec to fill the book's %d more pages with bonus mazes", MinPages, MinPages-pages)
}
