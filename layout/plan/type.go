package plan

import (
	"math"

	"mazebook/layout/spec"
)

// LargePrint is how many times larger than its own a large-print book
// (spec.Style.LargePrint) sets each word and draws each door mark: a
// caption's size to spec.LargePrintSize.
const LargePrint = float64(spec.LargePrintSize) / CaptionSize

// sizeIn returns the size book s sets a word of base points at: base, or
// in a large-print book LargePrint times as large and never under
// spec.LargePrintSize.
func sizeIn(s *spec.Book, base float64) float64 {
	if !s.Style.LargePrint {
		return base
	}
	return math.Max(float64(base*LargePrint), spec.LargePrintSize)
}

// Size returns the size the book sets a word of base points at (see
// spec.Style.LargePrint): every size the layout names goes through it.
func (p *Plan) Size(base float64) float64 { return sizeIn(p.Spec, base) }

// TextScale returns how many times their own size the book draws its
// door marks and the words beside them: LargePrint in a large-print
// book, else 1.
func (p *Plan) TextScale() float64 {
	if p.Spec.Style.LargePrint {
		return LargePrint
	}
	return 1
}
