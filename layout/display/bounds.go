package display

import "math"

// Grow returns a made larger by d on every side (smaller for d < 0).
func (a Box) Grow(d float64) Box {
	return Box{X: a.X - d, Y: a.Y - d, W: a.W + 2*d, H: a.H + 2*d}
}

// Within reports whether a lies inside b, to within 1e-9 points (what
// rounding leaves of a box computed to touch b's edge).
func (a Box) Within(b Box) bool {
	return a.X >= b.X-1e-9 && a.Y >= b.Y-1e-9 && a.X+a.W <= b.X+b.W+1e-9 && a.Y+a.H <= b.Y+b.H+1e-9
}

// Union returns the smallest box holding both a and b; an empty box
// (no width and no height at the origin) holds nothing.
func (a Box) Union(b Box) Box {
	if a == (Box{}) {
		return b
	}
	if b == (Box{}) {
		return a
	}
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.X+a.W, b.X+b.W), math.Max(a.Y+a.H, b.Y+b.H)
	return Box{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// InkBounds returns a box holding everything item it may ink: a line's
// paths widened by half its width (more at square caps and miters), a
// fill's or an image's box, a shape's corners, a text's line (see
// Text.Bounds). An item that inks nothing has the empty box.
func InkBounds(it Item) Box {
	switch it := it.(type) {
	case *Line:
		var b Box
		for _, p := range it.Paths {
			b = b.Union(p.Bounds())
		}
		h := it.Width / 2
		if it.Cap == SquareCap || it.Join == MiterJoin {
			h *= math.Sqrt2 // a square cap's corner, a right-angle miter
		}
		return Box{X: b.X - h, Y: b.Y - h, W: b.W + 2*h, H: b.H + 2*h}
	case *Fill:
		return it.Box
	case *Image:
		return it.Box
	case *Shape:
		var pts []Point
		for _, p := range it.Polygons {
			pts = append(pts, p...)
		}
		if len(pts) == 0 {
			return Box{}
		}
		return Polyline(pts...).Bounds()
	case *Text:
		return it.Bounds()
	}
	return Box{}
}

// ItemsBounds returns the box holding every item's ink (see InkBounds).
func ItemsBounds(items []Item) Box {
	var b Box
	for _, it := range items {
		b = b.Union(InkBounds(it))
	}
	return b
}

// Translate moves every item by (dx, dy) points, in place; points two
// items share are moved once.
func Translate(items []Item, dx, dy float64) {
	moved := map[*Point]bool{}
	move := func(pts []Point) {
		if len(pts) == 0 || moved[&pts[0]] {
			return
		}
		moved[&pts[0]] = true
		for i := range pts {
			pts[i].X += dx
			pts[i].Y += dy
		}
	}
	for _, it := range items {
		switch it := it.(type) {
		case *Line:
			for _, p := range it.Paths {
				move(p.Points)
			}
		case *Fill:
			it.Box.X += dx
			it.Box.Y += dy
		case *Image:
			it.Box.X += dx
			it.Box.Y += dy
		case *Shape:
			for _, p := range it.Polygons {
				move(p)
			}
		case *Text:
			it.X += dx
			it.Y += dy
		}
	}
}

// Mirror reflects items, in place, across the upright line at x, as in a
// mirror: left for right, arcs turning the other way. A text's anchor is
// reflected and its alignment turned (left for right), but not its
// letters, which still read; a picture's box is reflected, but not the
// picture. Point slices shared by several paths are reflected once.
func Mirror(items []Item, x float64) {
	done := map[*Point]bool{}
	flip := func(pts []Point) {
		if len(pts) == 0 || done[&pts[0]] {
			return
		}
		done[&pts[0]] = true
		for i := range pts {
			pts[i].X = 2*x - pts[i].X
		}
	}
	turned := map[*float64]bool{}
	turn := func(bends []float64) {
		if len(bends) == 0 || turned[&bends[0]] {
			return
		}
		turned[&bends[0]] = true
		for i := range bends {
			bends[i] = -bends[i]
		}
	}
	for _, it := range items {
		switch it := it.(type) {
		case *Line:
			for _, p := range it.Paths {
				flip(p.Points)
				turn(p.Bends)
			}
		case *Fill:
			it.Box.X = 2*x - it.Box.X - it.Box.W
		case *Image:
			it.Box.X = 2*x - it.Box.X - it.Box.W
		case *Shape:
			for _, p := range it.Polygons {
				flip(p)
			}
		case *Text:
			it.X = 2*x - it.X
			switch it.Align {
			case AlignLeft:
				it.Align = AlignRight
			case AlignRight:
				it.Align = AlignLeft
			}
		}
	}
}
