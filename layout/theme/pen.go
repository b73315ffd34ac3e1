package theme

import (
	"math"

	"mazebook/layout/display"
)

// Weight is the width of a picture's outlines, as a share of the side of
// its box (the shorter one): bold enough to read at 12 mm, where it is
// 1.6 pt, without filling the picture in at 45 mm, where it is 5.9 pt.
// Fine lines, for the details inside an outline (a bird's wing, a
// chest's straps), are FineWeight of that. No line is thinner than
// MinWeight.
const (
	Weight     = 0.046
	FineWeight = 0.62
	MinWeight  = 0.75
)

// Widths returns the widths of a picture's outlines and fine lines in a
// box whose shorter side is side points.
func Widths(side float64) (bold, fine float64) {
	bold = math.Max(MinWeight, float64(Weight*side))
	return bold, math.Max(MinWeight, float64(FineWeight*bold))
}

// pen draws line art in a box, in units of the box (0 to 1 across and
// down): outlines in black of a weight that suits the box, finer lines
// for the details inside them, and filled shapes. A picture stays inside
// its box, its lines' widths included; a test checks every one.
//
// A picture is drawn back to front: behind hides the strokes drawn in
// it where they pass under a shape in front, as a line drawing of
// overlapping things shows them, and turned draws at an angle.
type pen struct {
	box        display.Box
	bold, fine []display.Path
	fills      [][]display.Point
	detailing  bool                      // strokes go to fine
	hidden     []func(x, y float64) bool // strokes are hidden where one holds
	turn       float64                   // radians, clockwise, about (pivotX, pivotY)
	pivotX     float64
	pivotY     float64
}

// draw returns an Art that draws with fn.
func draw(fn func(p *pen)) Art {
	return func(box display.Box) []display.Item {
		p := &pen{box: box}
		fn(p)
		bold, fine := Widths(math.Min(box.W, box.H))
		return p.items(bold, fine)
	}
}

// detail draws fn's strokes with fine lines.
func (p *pen) detail(fn func()) {
	was := p.detailing
	p.detailing = true
	fn()
	p.detailing = was
}

// behind draws fn's strokes hidden where they pass inside the closed
// outline through the x, y pairs (a shape drawn in front of them).
func (p *pen) behind(outline []float64, fn func()) {
	p.hidden = append(p.hidden, func(x, y float64) bool { return inside(outline, x, y) })
	fn()
	p.hidden = p.hidden[:len(p.hidden)-1]
}

// within draws fn's strokes only where they pass inside the closed
// outline through the x, y pairs (a pattern on a shape).
func (p *pen) within(outline []float64, fn func()) {
	p.hidden = append(p.hidden, func(x, y float64) bool { return !inside(outline, x, y) })
	fn()
	p.hidden = p.hidden[:len(p.hidden)-1]
}

// stack strokes the closed outlines back to front: each is hidden where
// it passes under one after it, as overlapping things are drawn.
func (p *pen) stack(outlines ...[]float64) {
	for i, o := range outlines {
		front := outlines[i+1:]
		p.hidden = append(p.hidden, func(x, y float64) bool {
			for _, f := range front {
				if inside(f, x, y) {
					return true
				}
			}
			return false
		})
		p.shape(o...)
		p.hidden = p.hidden[:len(p.hidden)-1]
	}
}

// union strokes the outline of the closed outlines taken together: each
// is hidden where it passes inside another, as one silhouette.
func (p *pen) union(outlines ...[]float64) {
	for i, o := range outlines {
		p.hidden = append(p.hidden, func(x, y float64) bool {
			for j, f := range outlines {
				if j != i && inside(f, x, y) {
					return true
				}
			}
			return false
		})
		p.shape(o...)
		p.hidden = p.hidden[:len(p.hidden)-1]
	}
}

// turned draws fn turned by turn radians (clockwise as drawn) about
// (x, y).
func (p *pen) turned(turn, x, y float64, fn func()) {
	was, wx, wy := p.turn, p.pivotX, p.pivotY
	p.turn, p.pivotX, p.pivotY = turn, x, y
	fn()
	p.turn, p.pivotX, p.pivotY = was, wx, wy
}

// at returns the page point of (x, y) in the box, turned as the pen is.
func (p *pen) at(x, y float64) display.Point {
	if p.turn != 0 {
		s, c := math.Sincos(p.turn)
		dx, dy := x-p.pivotX, y-p.pivotY
		x, y = p.pivotX+float64(dx*c)-float64(dy*s), p.pivotY+float64(dx*s)+float64(dy*c)
	}
	return display.Point{X: p.box.X + float64(x*p.box.W), Y: p.box.Y + float64(y*p.box.H)}
}

// points turns x, y pairs into page points, leaving out a point that
// repeats the one before it (a stroke needs a direction).
func (p *pen) points(xy []float64) []display.Point {
	pts := make([]display.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		q := p.at(xy[i], xy[i+1])
		if n := len(pts); n > 0 && pts[n-1] == q {
			continue
		}
		pts = append(pts, q)
	}
	return pts
}

// isHidden reports whether (x, y) lies under a shape in front.
func (p *pen) isHidden(x, y float64) bool {
	for _, h := range p.hidden {
		if h(x, y) {
			return true
		}
	}
	return false
}

// stroke strokes the run through the x, y pairs, closed back to the
// first or not, leaving out its hidden parts.
func (p *pen) stroke(xy []float64, closed bool) {
	if len(p.hidden) == 0 {
		p.add(display.Path{Points: p.points(xy), Closed: closed})
		return
	}
	if closed && len(xy) >= 4 {
		xy = append(append([]float64(nil), xy...), xy[0], xy[1])
	}
	// Walk the run in small steps, and stroke each stretch that shows.
	var run []float64
	last, seen := [2]float64{}, false // the last point that shows, not yet in run
	flush := func() {
		if seen {
			run = append(run, last[0], last[1])
		}
		if len(run) >= 4 {
			p.add(display.Polyline(p.points(run)...))
		}
		run, seen = nil, false
	}
	for i := 0; i+1 < len(xy); i += 2 {
		x1, y1 := xy[i], xy[i+1]
		x0, y0 := x1, y1
		if i > 0 {
			x0, y0 = xy[i-2], xy[i-1]
		}
		n := max(1, int(math.Ceil(math.Hypot(x1-x0, y1-y0)/0.004)))
		for k := 1; k <= n; k++ {
			t := float64(k) / float64(n)
			x, y := x0+float64(t*(x1-x0)), y0+float64(t*(y1-y0))
			switch {
			case p.isHidden(x, y):
				flush()
			case len(run) == 0:
				run = append(run, x, y)
			case k == n:
				run, seen = append(run, x, y), false
			default:
				last, seen = [2]float64{x, y}, true
			}
		}
	}
	flush()
}

// add adds a path of page points.
func (p *pen) add(path display.Path) {
	if len(path.Points) < 2 {
		return
	}
	if p.detailing {
		p.fine = append(p.fine, path)
	} else {
		p.bold = append(p.bold, path)
	}
}

// line strokes the open run through the x, y pairs.
func (p *pen) line(xy ...float64) { p.stroke(xy, false) }

// shape strokes the closed outline through the x, y pairs.
func (p *pen) shape(xy ...float64) { p.stroke(xy, true) }

// curve strokes a smooth open curve through the x, y pairs (a
// Catmull-Rom spline: it passes through every point).
func (p *pen) curve(xy ...float64) { p.line(spline(xy, false)...) }

// blob strokes a smooth closed curve through the x, y pairs.
func (p *pen) blob(xy ...float64) { p.shape(spline(xy, true)...) }

// ellipse strokes the ellipse centred on (cx, cy) with radii rx and ry,
// turned by turn radians.
func (p *pen) ellipse(cx, cy, rx, ry, turn float64) {
	p.shape(ellipsePoints(cx, cy, rx, ry, turn, 0, 2*math.Pi, 48)...)
}

// circle strokes a circle.
func (p *pen) circle(cx, cy, r float64) { p.ellipse(cx, cy, r, r, 0) }

// arc strokes the part of an ellipse from angle a0 to a1 (radians,
// clockwise from the right as drawn).
func (p *pen) arc(cx, cy, rx, ry, a0, a1 float64) {
	p.line(ellipsePoints(cx, cy, rx, ry, 0, a0, a1, arcSteps(a0, a1))...)
}

// fill fills the polygon through the x, y pairs.
func (p *pen) fill(xy ...float64) {
	pts := p.points(xy)
	if len(pts) < 3 {
		return
	}
	// Every polygon turns the same way, so that overlapping ones add up
	// (under the nonzero rule) rather than cancel.
	area := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		area += float64(a.X*b.Y) - float64(a.Y*b.X)
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	p.fills = append(p.fills, pts)
}

// fillBlob fills the smooth closed curve through the x, y pairs.
func (p *pen) fillBlob(xy ...float64) { p.fill(spline(xy, true)...) }

// fillEllipse fills an ellipse, turned by turn radians.
func (p *pen) fillEllipse(cx, cy, rx, ry, turn float64) {
	p.fill(ellipsePoints(cx, cy, rx, ry, turn, 0, 2*math.Pi, 32)...)
}

// dot fills a small disc.
func (p *pen) dot(cx, cy, r float64) { p.fillEllipse(cx, cy, r, r, 0) }

// eye fills an eye: an upright oval, as cartoon animals have.
func (p *pen) eye(cx, cy, r float64) { p.fillEllipse(cx, cy, float64(r*0.8), r, 0) }

// arcSteps is the number of pieces an arc from a0 to a1 is drawn with:
// one for every 10 degrees, at least 4.
func arcSteps(a0, a1 float64) int {
	return max(4, int(math.Ceil(math.Abs(a1-a0)/(math.Pi/18))))
}

// ellipsePoints returns n+1 x, y pairs along an ellipse from angle a0 to
// a1 (the last left out of a whole ellipse).
func ellipsePoints(cx, cy, rx, ry, turn, a0, a1 float64, n int) []float64 {
	whole := math.Abs(a1-a0) >= 2*math.Pi-1e-9
	var xy []float64
	s, c := math.Sincos(turn)
	for k := 0; k <= n; k++ {
		if whole && k == n {
			break
		}
		a := a0 + (a1-a0)*float64(k)/float64(n)
		x, y := float64(rx*math.Cos(a)), float64(ry*math.Sin(a))
		xy = append(xy, cx+float64(x*c)-float64(y*s), cy+float64(x*s)+float64(y*c))
	}
	return xy
}

// spline returns x, y pairs along the Catmull-Rom spline through the x, y
// pairs given, closed back to the first or not: a smooth curve through
// every point, each piece between two of them in 10 steps.
func spline(xy []float64, closed bool) []float64 {
	n := len(xy) / 2
	if n < 3 {
		return xy
	}
	pt := func(i int) (float64, float64) {
		switch {
		case closed:
			i = (i%n + n) % n
		case i < 0:
			i = 0
		case i >= n:
			i = n - 1
		}
		return xy[2*i], xy[2*i+1]
	}
	pieces := n - 1
	if closed {
		pieces = n
	}
	const steps = 10
	var out []float64
	for i := range pieces {
		x0, y0 := pt(i - 1)
		x1, y1 := pt(i)
		x2, y2 := pt(i + 1)
		x3, y3 := pt(i + 2)
		for k := range steps {
			t := float64(k) / steps
			out = append(out, catmull(x0, x1, x2, x3, t), catmull(y0, y1, y2, y3, t))
		}
	}
	if !closed {
		x, y := pt(n - 1)
		out = append(out, x, y)
	}
	return out
}

// catmull is the uniform Catmull-Rom spline through b and c, b at t = 0
// and c at t = 1, with a and d the points before and after.
func catmull(a, b, c, d, t float64) float64 {
	return b + float64(0.5*t*(c-a+float64(t*(2*a-float64(5*b)+4*c-d+float64(t*(float64(3*(b-c))+d-a))))))
}

// The shapes below are runs of x, y pairs in units of the box, for the
// pen to stroke (line, shape), fill (fill) or hide behind (behind).

// oval returns the points of an ellipse.
func oval(cx, cy, rx, ry float64) []float64 {
	return ellipsePoints(cx, cy, rx, ry, 0, 0, 2*math.Pi, 48)
}

// arcOf returns the points of the part of an ellipse from angle a0 to a1
// (radians, clockwise from the right as drawn).
func arcOf(cx, cy, rx, ry, a0, a1 float64) []float64 {
	return ellipsePoints(cx, cy, rx, ry, 0, a0, a1, arcSteps(a0, a1))
}

// smooth returns the points of the smooth closed curve through the x, y
// pairs.
func smooth(xy ...float64) []float64 { return spline(xy, true) }

// smoothOpen returns the points of the smooth open curve through the x, y
// pairs.
func smoothOpen(xy ...float64) []float64 { return spline(xy, false) }

// bez returns the points of the quadratic Bézier curve from (x0, y0) to
// (x1, y1) pulled towards (cx, cy).
func bez(x0, y0, cx, cy, x1, y1 float64) []float64 {
	const n = 16
	xy := make([]float64, 0, 2*(n+1))
	for k := 0; k <= n; k++ {
		t := float64(k) / n
		a, b, c := float64((1-t)*(1-t)), float64(2*t*(1-t)), float64(t*t)
		xy = append(xy, float64(a*x0)+float64(b*cx)+float64(c*x1), float64(a*y0)+float64(b*cy)+float64(c*y1))
	}
	return xy
}

// join returns the runs one after another, as one run.
func join(runs ...[]float64) []float64 {
	var xy []float64
	for _, r := range runs {
		xy = append(xy, r...)
	}
	return xy
}

// roundRect returns the outline of the rectangle from (x0, y0) to
// (x1, y1) with corners rounded to radius r.
func roundRect(x0, y0, x1, y1, r float64) []float64 {
	return join(
		arcOf(x1-r, y0+r, r, r, -math.Pi/2, 0),
		arcOf(x1-r, y1-r, r, r, 0, math.Pi/2),
		arcOf(x0+r, y1-r, r, r, math.Pi/2, math.Pi),
		arcOf(x0+r, y0+r, r, r, math.Pi, 3*math.Pi/2),
	)
}

// lens returns the outline of a leaf or a petal from (x0, y0) to (x1, y1),
// w wide at its middle, bowed sideways by bow (a share of its length,
// positive to the left of its way as drawn).
func lens(x0, y0, x1, y1, w, bow float64) []float64 {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := dy/l, -dx/l // left of the way, y down
	const n = 16
	var left, right []float64
	for k := 0; k <= n; k++ {
		t := float64(k) / n
		b := float64(bow * l * 4 * t * (1 - t))
		h := float64(w / 2 * math.Sin(float64(math.Pi*t)))
		x, y := x0+float64(t*dx)+float64(b*nx), y0+float64(t*dy)+float64(b*ny)
		left = append(left, x+float64(h*nx), y+float64(h*ny))
		if k > 0 && k < n {
			right = append(right, x-float64(h*nx), y-float64(h*ny))
		}
	}
	// Back along the right side.
	for i := len(right) - 2; i >= 0; i -= 2 {
		left = append(left, right[i], right[i+1])
	}
	return left
}

// tube returns the outline of a band along the smooth curve through the
// x, y pairs of centre, w0 wide at its start and w1 at its end: a tail,
// a trunk, a palm's trunk.
func tube(centre []float64, w0, w1 float64) []float64 {
	return band(centre, func(t float64) float64 { return w0 + float64(t*(w1-w0)) })
}

// band returns the outline of a band along the smooth curve through the
// x, y pairs of centre, width(t) wide at t of the way along it (0 at its
// start, 1 at its end): a banana, a palm's leaf.
func band(centre []float64, width func(t float64) float64) []float64 {
	c := spline(centre, false)
	n := len(c) / 2
	var left, right []float64
	for i := range n {
		j0, j1 := max(i-1, 0), min(i+1, n-1)
		dx, dy := c[2*j1]-c[2*j0], c[2*j1+1]-c[2*j0+1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		t := float64(i) / float64(n-1)
		h := width(t) / 2
		nx, ny := float64(dy/l*h), float64(-dx/l*h)
		left = append(left, c[2*i]+nx, c[2*i+1]+ny)
		right = append(right, c[2*i]-nx, c[2*i+1]-ny)
	}
	for i := len(right) - 2; i >= 0; i -= 2 {
		left = append(left, right[i], right[i+1])
	}
	return left
}

// scallop returns points along the circle about (cx, cy) of radius r,
// from angle a0 to a1, with n bumps standing out to r+depth: a flower's
// petals, a cloud, a shell's edge. A whole turn is a closed outline.
func scallop(cx, cy, r, depth float64, n int, a0, a1 float64) []float64 {
	steps := 12 * n
	whole := math.Abs(a1-a0) >= 2*math.Pi-1e-9
	var xy []float64
	for k := 0; k <= steps; k++ {
		if whole && k == steps {
			break
		}
		t := float64(k) / float64(steps)
		a := a0 + float64((a1-a0)*t)
		rr := r + float64(depth*math.Sqrt(math.Abs(math.Sin(float64(math.Pi*float64(n)*t)))))
		xy = append(xy, cx+float64(rr*math.Cos(a)), cy+float64(rr*math.Sin(a)))
	}
	return xy
}

// star returns the outline of a star of n points about (cx, cy), its
// points r out and its dents inner out, one point straight up.
func star(cx, cy, r, inner float64, n int) []float64 {
	var xy []float64
	for k := range 2 * n {
		a := -math.Pi/2 + math.Pi*float64(k)/float64(n)
		rr := r
		if k%2 == 1 {
			rr = inner
		}
		xy = append(xy, cx+float64(rr*math.Cos(a)), cy+float64(rr*math.Sin(a)))
	}
	return xy
}

// inside reports whether (x, y) lies inside the closed outline through
// the x, y pairs of poly.
func inside(poly []float64, x, y float64) bool {
	in := false
	n := len(poly) / 2
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := poly[2*i], poly[2*i+1], poly[2*j], poly[2*j+1]
		if (yi > y) != (yj > y) && x < xi+(y-yi)*(xj-xi)/(yj-yi) {
			in = !in
		}
	}
	return in
}

// items are what the pen drew: its bold and fine strokes, black with
// round ends and joins, then its black fills.
func (p *pen) items(bold, fine float64) []display.Item {
	var items []display.Item
	for _, l := range []struct {
		paths []display.Path
		width float64
	}{{p.bold, bold}, {p.fine, fine}} {
		if len(l.paths) > 0 {
			items = append(items, &display.Line{Paths: l.paths, Width: l.width, Color: display.Black, Cap: display.RoundCap, Join: display.RoundJoin})
		}
	}
	if len(p.fills) > 0 {
		items = append(items, &display.Shape{Polygons: p.fills, Color: display.Black})
	}
	return items
}
