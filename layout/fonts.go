package layout

import (
	"fmt"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// textFont returns the face the book sets its text in (spec.Fonts.Text),
// Go Regular for a spec made without one.
func (b *Book) textFont() typeface.Face {
	if f := b.Plan.Spec.Fonts.Text; f != nil {
		return f
	}
	return typeface.Regular
}

// headingFont returns the face the book sets its headings in
// (spec.Fonts.Headings), Go Bold for a spec made without one.
func (b *Book) headingFont() typeface.Face {
	if f := b.Plan.Spec.Fonts.Headings; f != nil {
		return f
	}
	return typeface.Bold
}

// checkGlyphs refuses a page with a text whose face lacks some of its
// characters, which would print as '?'. The spec reader refuses such texts
// where the spec wrote them; this guards against one it could not foresee.
func checkGlyphs(p *display.Page, index int) error {
	for _, it := range p.Items {
		t, ok := it.(*display.Text)
		if !ok {
			continue
		}
		if miss := t.Font.Missing(t.Text); len(miss) > 0 {
			return fmt.Errorf("page %d: the text %q has characters the font %s lacks (%s); name a font that has them under fonts: (text: or headings:)",
				index+1, t.Text, t.Font.Name(), string(miss))
		}
	}
	return nil
}
