package cover

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// spineSize is the largest spine text, in points on a 6 x 9 in cover.
const spineSize = 28

// MinSpineSize is the smallest spine text, in points: KDP asks for spine
// text of 7pt or more, so a spine too thin for it has none.
const MinSpineSize = 7

// spine sets the title, and the author when both fit, along the spine,
// turned to read from top to bottom (as books printed in English and
// Spanish do): the title centred in the room the author leaves, the
// author at the foot. The text is as large as the spine's safe width
// allows, up to spineSize; where that is under MinSpineSize, the spine has
// no text (and the cover's Geometry says so), and a warning says so.
func (d *drawer) spine() {
	s, ss := d.s, d.g.SpineSafe
	asc, desc := typeface.Metrics(d.s.Fonts.Headings, 100)
	size := math.Min(float64(spineSize*d.u), ss.W/((asc+desc)/100))
	if s.Title == "" && s.Author == "" {
		return
	}
	if size < MinSpineSize {
		d.g.SpineText = false
		d.warn("title", "the spine is %s wide, too thin for its text at %dpt or more, so it has none: a book of more pages has room for it", spec.FormatLength(d.g.Spine.W, "in"), MinSpineSize)
		return
	}
	asc, desc = asc*size/100, desc*size/100
	// The baseline runs down the spine; the line's ascent lies to its
	// right. Centring the line box centres the capitals too.
	x := ss.X + ss.W/2 - (asc-desc)/2
	end := float64(0.25 * spec.PointsPerInch * d.u)
	top, bottom := ss.Y+end, ss.Y+ss.H-end
	length := bottom - top
	gap := 2 * size
	titleW := typeface.Width(d.s.Fonts.Headings, size, s.Title)
	authorW := typeface.Width(d.s.Fonts.Text, size, s.Author)
	turned := func(y float64, face typeface.Face, align display.Align, text string) *display.Text {
		t := d.text(x, y, size, face, align, text)
		t.Angle = math.Pi / 2
		return t
	}
	switch {
	case s.Title == "":
		d.add(turned(top+length/2, d.s.Fonts.Text, display.AlignCenter, typeface.Ellipsize(d.s.Fonts.Text, size, s.Author, length)))
	case s.Author != "" && titleW+gap+authorW <= length:
		d.add(turned(bottom, d.s.Fonts.Text, display.AlignRight, s.Author))
		room := length - authorW - gap
		d.add(turned(top+room/2, d.s.Fonts.Headings, display.AlignCenter, s.Title))
	default:
		title := typeface.Ellipsize(d.s.Fonts.Headings, size, s.Title, length)
		if title != s.Title {
			d.warn("title", "%s: too long for the spine at %.0fpt, so it is cut short", "title", size)
		}
		d.add(turned(top+length/2, d.s.Fonts.Headings, display.AlignCenter, title))
	}
}
