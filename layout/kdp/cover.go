package kdp

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/pdf"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// The rules of a paperback cover (Amazon KDP's), in points.
const (
	// CoverBleed is the art beyond the trim on every side of the cover.
	CoverBleed = 0.125 * spec.PointsPerInch
	// CoverSafe is how far text keeps from the trim edges and from the
	// spine's folds.
	CoverSafe = 0.125 * spec.PointsPerInch
	// SpineClear is how far spine text keeps from each edge of the spine.
	SpineClear = 0.0625 * spec.PointsPerInch
	// MinSpineTextPages is the fewest pages a book with text on its spine
	// has: KDP allows spine text on books of more than 79 pages.
	MinSpineTextPages = 80
	// BarcodeW and BarcodeH are the size of the box KDP prints the
	// barcode in, BarcodeInset from the bottom and right trim edges of
	// the back cover (its default place, by the spine).
	BarcodeW     = 2 * spec.PointsPerInch
	BarcodeH     = 1.2 * spec.PointsPerInch
	BarcodeInset = 0.25 * spec.PointsPerInch
)

// PageThickness returns the thickness of one page of an interior printed
// on paper p, in inches, as KDP publishes it: 0.002252 on white paper
// (black or standard colour ink), 0.0025 on cream, 0.002347 in premium
// colour.
func PageThickness(p spec.Paper) float64 {
	switch p {
	case spec.PaperCream:
		return 0.0025
	case spec.PaperColor:
		return 0.002347
	}
	return 0.002252
}

// SpineWidth returns the width of the spine of a book of pages pages
// printed on paper p, in points: the page count times the page thickness.
func SpineWidth(pages int, p spec.Paper) float64 {
	return float64(float64(pages) * PageThickness(p) * spec.PointsPerInch)
}

// BarcodeBox returns the box KDP prints the barcode in on a back cover
// whose trimmed area is back: at its bottom right, by the spine.
func BarcodeBox(back display.Box) display.Box {
	return display.Box{X: back.X + back.W - BarcodeInset - BarcodeW, Y: back.Y + back.H - BarcodeInset - BarcodeH, W: BarcodeW, H: BarcodeH}
}

// Cover is what a cover is checked against: the interior's trim size, its
// page count, its paper and its ink (the spec's style.color; "" is colour,
// the spec's default), which together say its interior (see InteriorOf).
type Cover struct {
	TrimW, TrimH float64
	Pages        int
	Paper        spec.Paper
	Ink          draw.Ink
}

// CheckCover checks a cover drawn as page, and the PDF written from it
// (nil when it was written in another format), against the rules: the
// page count KDP prints the interior with at its trim (see MinPagesOf and
// MaxPagesOf), a trim size KDP prints, the full wrap
// (bleed, back, spine, front, bleed) as the page size with the trimmed
// wrap as its trim box, spine text only on a book of MinSpineTextPages or
// more and SpineClear from the spine's edges, every other text CoverSafe
// inside the trim and off the spine, nothing at all in the barcode box,
// no line thinner than MinLine, and every font embedded.
func CheckCover(c Cover, page *display.Page, pdfData []byte) []Violation {
	var out []Violation
	violate := func(rule, format string, args ...any) {
		out = append(out, violation(rule, format, args...))
	}
	interior := InteriorOf(c.Ink, c.Paper)
	if least, most := MinPagesOf(interior), MaxPagesOf(c.TrimW, c.TrimH, interior); c.Pages < least || c.Pages > most {
		violate("pages", "the book has %v; a paperback in %v at %s x %s needs %d to %d", say.Plural(c.Pages, "%d page", "%d pages"), interior.Text(), in(c.TrimW), in(c.TrimH), least, most)
	}
	if c.TrimW < minTrimW-tolerance || c.TrimH < minTrimH-tolerance || c.TrimW > maxTrimW+tolerance || c.TrimH > maxTrimH+tolerance {
		violate("trim", "the trim size %s x %s is outside 4 x 6 in to 8.5 x 11.69 in", in3(c.TrimW), in3(c.TrimH))
	}
	spineW := SpineWidth(c.Pages, c.Paper)
	wrapW := 2*c.TrimW + spineW
	w, h := wrapW+2*CoverBleed, c.TrimH+2*CoverBleed
	if math.Abs(page.Width-w) > tolerance || math.Abs(page.Height-h) > tolerance {
		violate("size", "the cover is %s x %s; a %d-page book on %s paper needs %s x %s (a %s spine)", in3(page.Width), in3(page.Height), c.Pages, c.Paper, in3(w), in3(h), in3(spineW))
	}
	wrap := display.Box{X: CoverBleed, Y: CoverBleed, W: wrapW, H: c.TrimH}
	if t := page.Trim; math.Abs(t.X-wrap.X) > tolerance || math.Abs(t.Y-wrap.Y) > tolerance || math.Abs(t.W-wrap.W) > tolerance || math.Abs(t.H-wrap.H) > tolerance {
		violate("bleed", "the trim box %s is not the wrap inside %s of bleed on every side", box(t), in3(CoverBleed))
	}
	back := display.Box{X: wrap.X, Y: wrap.Y, W: c.TrimW, H: c.TrimH}
	spine := display.Box{X: wrap.X + c.TrimW, Y: wrap.Y, W: spineW, H: c.TrimH}
	front := display.Box{X: spine.X + spineW, Y: wrap.Y, W: c.TrimW, H: c.TrimH}
	safe := []display.Box{inset(back, CoverSafe, CoverSafe), inset(front, CoverSafe, CoverSafe)}
	spineSafe := inset(spine, SpineClear, CoverSafe)
	barcode := BarcodeBox(back)
	var onSpine, unsafe, inBarcode []string
	thin := map[float64]int{} // lines thinner than MinLine, by width
	for _, it := range page.Items {
		if l, ok := it.(*display.Line); ok && l.Width > 0 && l.Width < MinLine-1e-9 {
			thin[math.Round(float64(l.Width*100))/100]++
		}
		b := bounds(it)
		if reaches(it, barcode) {
			inBarcode = append(inBarcode, describe(it))
		}
		t, ok := it.(*display.Text)
		if !ok || t.Text == "" || t.Size <= 0 {
			continue
		}
		switch {
		case overlaps(b, spine) && c.Pages < MinSpineTextPages:
			onSpine = append(onSpine, describe(it))
		case overlaps(b, spine) && !inside(b, spineSafe):
			violate("spine", "%s is within %s of the spine's edge or the trim", describe(it), in3(SpineClear))
		case !overlaps(b, spine) && !inside(b, safe[0]) && !inside(b, safe[1]):
			unsafe = append(unsafe, describe(it))
		}
	}
	if len(onSpine) > 0 {
		violate("spine", "a %d-page book may have no text on its spine (it needs %d pages or more): %s", c.Pages, MinSpineTextPages, names(onSpine))
	}
	if len(unsafe) > 0 {
		violate("safe", "text within %s of the trim edge or the spine: %s", in3(CoverSafe), names(unsafe))
	}
	if len(thin) > 0 {
		widths := make([]float64, 0, len(thin))
		for w := range thin {
			widths = append(widths, w)
		}
		slices.Sort(widths)
		var list []string
		for _, w := range widths {
			list = append(list, fmt.Sprintf("%d of %gpt", thin[w], w))
		}
		violate("line", "the cover has lines thinner than %gpt, which may not print: %s", MinLine, strings.Join(list, ", "))
	}
	if len(inBarcode) > 0 {
		violate("barcode", "the barcode area (%s x %s at the bottom right of the back cover) must be left empty: %s", in3(BarcodeW), in3(BarcodeH), names(inBarcode))
	}
	if pdfData != nil {
		if info := pdf.Inspect(pdfData); info.Embedded != info.Fonts {
			violate("fonts", "%d of %d fonts are embedded", info.Embedded, info.Fonts)
		}
	}
	return out
}

// inset returns b made smaller by dx on the left and right and dy on the
// top and bottom.
func inset(b display.Box, dx, dy float64) display.Box {
	return display.Box{X: b.X + dx, Y: b.Y + dy, W: b.W - 2*dx, H: b.H - 2*dy}
}

// overlaps reports whether a and b share more than a sliver.
func overlaps(a, b display.Box) bool {
	return a.X < b.X+b.W-tolerance && b.X < a.X+a.W-tolerance && a.Y < b.Y+b.H-tolerance && b.Y < a.Y+a.H-tolerance
}

// reaches reports whether item it inks any of box: a line by each piece
// of its paths (with half its width), a shape by each of its polygons, so
// that a line whose paths run round the box does not reach it.
func reaches(it display.Item, box display.Box) bool {
	switch it := it.(type) {
	case *display.Line:
		if it.Width <= 0 {
			return false
		}
		for _, p := range it.Paths {
			if len(p.Points) == 1 || p.Pieces() == 0 {
				continue
			}
			if !overlaps(bounds(&display.Line{Paths: []display.Path{p}, Width: it.Width}), box) {
				continue
			}
			// The path comes near: look at each piece (a path may run
			// round the box).
			for i := range p.Pieces() {
				from, to, bend := p.Piece(i)
				piece := display.Path{Points: []display.Point{from, to}, Bends: []float64{bend}}
				if overlaps(bounds(&display.Line{Paths: []display.Path{piece}, Width: it.Width}), box) {
					return true
				}
			}
		}
		return false
	case *display.Shape:
		for _, p := range it.Polygons {
			if len(p) > 0 && overlaps(pointsBounds([][]display.Point{p}), box) {
				return true
			}
		}
		return false
	}
	return overlaps(bounds(it), box)
}

// inside reports whether a lies within b.
func inside(a, b display.Box) bool {
	return a.X >= b.X-tolerance && a.Y >= b.Y-tolerance && a.X+a.W <= b.X+b.W+tolerance && a.Y+a.H <= b.Y+b.H+tolerance
}

// describe names an item for messages: a text by its words, cut short.
func describe(it display.Item) string {
	switch it := it.(type) {
	case *display.Text:
		return fmt.Sprintf("%q", typeface.Ellipsize(it.Font, 10, it.Text, 150))
	case *display.Line:
		return "a line"
	case *display.Fill:
		return "a filled box"
	case *display.Shape:
		return "a shape"
	}
	return fmt.Sprintf("%T", it)
}

// names lists the first few of some things, saying how many more there
// are.
func names(list []string) string {
	if len(list) > maxReportedPage {
		return strings.Join(list[:maxReportedPage], ", ") + fmt.Sprintf(" and %d more", len(list)-maxReportedPage)
	}
	return strings.Join(list, ", ")
}

func box(b display.Box) string {
	return fmt.Sprintf("(%s, %s, %s x %s)", in3(b.X), in3(b.Y), in3(b.W), in3(b.H))
}

// in3 writes a length in inches to a thousandth, as cover sizes are
// given: "0.125in", "12.534in".
func in3(points float64) string {
	s := strconv.FormatFloat(points/spec.PointsPerInch, 'f', 3, 64)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".") + "in"
}
