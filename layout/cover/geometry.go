package cover

import (
	"mazebook/layout/display"
	"mazebook/layout/kdp"
	"mazebook/layout/spec"
)

// Geometry is the layout of a paperback cover: one sheet that wraps the
// book, back cover, spine and front cover side by side, with bleed all
// round. Lengths are in points, boxes on the sheet (y down, from its
// top-left corner, bleed included).
type Geometry struct {
	// TrimW and TrimH are the trim size of one cover: the interior's
	// trimmed page.
	TrimW, TrimH float64
	// Pages is the interior's page count and Paper its paper; together
	// they set SpineW, the width of the spine.
	Pages  int
	Paper  spec.Paper
	SpineW float64
	// Bleed is the art beyond the trim on every side.
	Bleed float64
	// Width and Height are the whole sheet, bleed included: bleed, back,
	// spine, front, bleed across; bleed, trim, bleed down.
	Width, Height float64
	// Wrap is the trimmed sheet; Back, Spine and Front its three parts.
	Wrap, Back, Spine, Front display.Box
	// Barcode is the box on the back kept empty for the barcode.
	Barcode display.Box
	// BackSafe and FrontSafe are the covers kdp.CoverSafe inside their
	// trim and folds, where text may go; SpineSafe the spine
	// kdp.SpineClear inside its edges (and kdp.CoverSafe inside the trim).
	BackSafe, SpineSafe, FrontSafe display.Box
	// SpineText is true when the book is thick enough for text on its
	// spine: kdp.MinSpineTextPages pages or more (and, in a drawn Cover's
	// Geometry, a spine wide enough for its text at MinSpineSize).
	SpineText bool
}

// Dims returns the geometry of the cover of a book of pages pages,
// trimmed to trimW by trimH points, printed on paper.
func Dims(trimW, trimH float64, pages int, paper spec.Paper) Geometry {
	g := Geometry{TrimW: trimW, TrimH: trimH, Pages: pages, Paper: paper, Bleed: kdp.CoverBleed}
	g.SpineW = kdp.SpineWidth(pages, paper)
	g.Width = 2*g.Bleed + 2*trimW + g.SpineW
	g.Height = 2*g.Bleed + trimH
	g.Wrap = display.Box{X: g.Bleed, Y: g.Bleed, W: 2*trimW + g.SpineW, H: trimH}
	g.Back = display.Box{X: g.Bleed, Y: g.Bleed, W: trimW, H: trimH}
	g.Spine = display.Box{X: g.Bleed + trimW, Y: g.Bleed, W: g.SpineW, H: trimH}
	g.Front = display.Box{X: g.Bleed + trimW + g.SpineW, Y: g.Bleed, W: trimW, H: trimH}
	g.Barcode = kdp.BarcodeBox(g.Back)
	g.BackSafe = inset(g.Back, kdp.CoverSafe, kdp.CoverSafe)
	g.FrontSafe = inset(g.Front, kdp.CoverSafe, kdp.CoverSafe)
	g.SpineSafe = inset(g.Spine, kdp.SpineClear, kdp.CoverSafe)
	g.SpineText = pages >= kdp.MinSpineTextPages
	return g
}

// inset returns b made smaller by dx on the left and right and dy on the
// top and bottom.
func inset(b display.Box, dx, dy float64) display.Box {
	return display.Box{X: b.X + dx, Y: b.Y + dy, W: b.W - 2*dx, H: b.H - 2*dy}
}
