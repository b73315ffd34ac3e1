package spec

import (
	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/draw"
)

// settlePreset sets the defaults of preset: kdp that cost a publisher
// nothing: black ink, unless the spec asks for colour (style.color, a
// colour of the style's, or cover.paper: color, KDP's premium colour),
// since KDP charges two to six times as much a page for colour; run
// before the sections take the book's style.
func (d *decoder) settlePreset() {
	s := d.spec
	if s.Preset != "kdp" || s.AsksForColour() {
		return
	}
	settleInk(&s.Style, &inkKeys{mode: string(draw.InkBlack)})
}

// AsksForColour reports whether the spec asks for its ink: by style.color,
// by one of the style's colours, or by printing on the paper color.
func (s *Book) AsksForColour() bool {
	if s.Cover.Paper == PaperColor {
		return true
	}
	for _, key := range []string{"color", "wall_color", "solution_color", "entrance_color", "exit_color"} {
		if s.Given("style." + key) {
			return true
		}
	}
	return false
}

// settleCopyright gives a preset: kdp book that names no copyright a
// copyright page, in its language: every paperback has one.
func (s *Book) settleCopyright() {
	if s.Preset != "kdp" || s.Given("copyright") {
		return
	}
	if s.Author == "" {
		s.Copyright = tell.In(s.Language, say.T("%s. Copyright © %d. All rights reserved.", s.Title, s.Date.Year()))
		return
	}
	s.Copyright = tell.In(s.Language, say.T("%s. Copyright © %d %s. All rights reserved.", s.Title, s.Date.Year(), s.Author))
}

// KDP's printing cost a page of a paperback, in US dollars (amazon.com,
// trims up to 6.12 x 9 in, KDP Help "Printing cost", 2025), fixed costs
// aside: what a preset: kdp book in colour is told it costs.
const (
	BlackPageCost         = 0.012
	StandardColorPageCost = 0.0255
	PremiumColorPageCost  = 0.07
)

// colourNote says, of a preset: kdp book in colour, what its colour costs
// against black ink, at the key that asked for it; nil for a book in
// black or grayscale, or without the preset.
func (b *Book) colourNote() *Error {
	if b.Preset != "kdp" {
		return nil
	}
	interior, cost, key := say.T("standard colour"), StandardColorPageCost, "style.color"
	switch {
	case b.Cover.Paper == PaperColor:
		interior, cost, key = say.T("premium colour"), PremiumColorPageCost, "cover.paper"
	case b.Style.Ink != draw.InkColor:
		return nil
	}
	if !b.Given(key) {
		key = "style"
	}
	return b.ErrorAt(key, "KDP prints this book in %v at about $%.4g a page, against $%.3g in black ink: give style.color: black, on white or cream paper, unless it must be in colour",
		interior, cost, BlackPageCost)
}
