package display

import (
	"errors"
	"fmt"
	"math"
)

// Path is a run of straight and circular pieces drawn in one stroke, its
// pieces joined as the Line's Join says. Piece i runs from Points[i] to
// Points[i+1]: straight, unless Bends is not nil and Bends[i] is not 0,
// when it is the circular arc from Points[i] to Points[i+1] that turns
// through Bends[i] radians (positive clockwise as drawn, y down; its
// magnitude below 2π). A Closed path has one more piece, from the last
// point back to the first (bent by Bends[len(Points)-1] when Bends has
// that many entries), and no caps.
type Path struct {
	Points []Point
	Bends  []float64
	Closed bool
}

// MaxChords is the most chords Flatten replaces one arc with.
const MaxChords = 1 << 16

// Polyline returns the open path of straight pieces through pts.
func Polyline(pts ...Point) Path {
	return Path{Points: pts}
}

// Polylines returns an open path of straight pieces for each list of
// points, in order.
func Polylines(lines [][]Point) []Path {
	if lines == nil {
		return nil
	}
	paths := make([]Path, len(lines))
	for i, pts := range lines {
		paths[i] = Path{Points: pts}
	}
	return paths
}

// Pieces returns the number of pieces of p: one less than its points, or
// as many as its points when it is closed (and 0 when it has no points).
func (p Path) Pieces() int {
	switch {
	case len(p.Points) == 0:
		return 0
	case p.Closed:
		return len(p.Points)
	}
	return len(p.Points) - 1
}

// Piece returns the ends of piece i of p and the angle it turns through
// (0 when it is straight). It panics if i is not below p.Pieces().
func (p Path) Piece(i int) (from, to Point, bend float64) {
	if i < 0 || i >= p.Pieces() {
		panic(fmt.Sprintf("display: piece %d of a path of %d pieces", i, p.Pieces()))
	}
	from, to = p.Points[i], p.Points[(i+1)%len(p.Points)]
	if i < len(p.Bends) {
		bend = p.Bends[i]
	}
	return from, to, bend
}

// Arc returns the centre and radius of the circle piece i of p lies on.
// ok is false when the piece is straight: when its bend is 0, when its
// ends coincide (a bent piece between equal points is a point), when the
// circle is too large to measure in float64, or when there is no piece i.
// The arc runs from the piece's start around the centre through the
// piece's bend.
func (p Path) Arc(i int) (center Point, radius float64, ok bool) {
	if i < 0 || i >= p.Pieces() {
		return Point{}, 0, false
	}
	from, to, bend := p.Piece(i)
	return arc(from, to, bend)
}

// arc returns the centre and radius of the arc from a to b turning through
// bend, as Path.Arc.
func arc(a, b Point, bend float64) (center Point, radius float64, ok bool) {
	if bend == 0 || a == b || !finite(bend) {
		return Point{}, 0, false
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	c := math.Hypot(dx, dy)
	// The centre lies on the chord's perpendicular bisector, on the right
	// of the chord (as drawn, y down) for a clockwise bend below π.
	d := c / 2 / math.Tan(bend/2)
	center = Point{(a.X+b.X)/2 - float64(dy/c*d), (a.Y+b.Y)/2 + float64(dx/c*d)}
	radius = c / 2 / math.Abs(math.Sin(bend/2))
	if !finite(center.X, center.Y, radius) || radius == 0 {
		return Point{}, 0, false
	}
	return center, radius, true
}

// Flatten returns the points along p with every arc replaced by chords
// that stray no farther than tolerance from it: the points of a straight
// piece as they are, and those of a closed path ending with its first
// point again. It uses at most MaxChords chords an arc, so a tolerance
// that is not positive, or below about a billionth of an arc's radius,
// gives MaxChords chords for that arc, which may stray farther.
func (p Path) Flatten(tolerance float64) []Point {
	if len(p.Points) == 0 {
		return nil
	}
	out := make([]Point, 0, len(p.Points)+1)
	out = append(out, p.Points[0])
	for i := range p.Pieces() {
		from, to, bend := p.Piece(i)
		out = appendArc(out, from, to, bend, tolerance)
	}
	return out
}

// appendArc appends to pts the points after from along the piece from
// from to to turning through bend, its arc flattened to tolerance, ending
// with to.
func appendArc(pts []Point, from, to Point, bend, tolerance float64) []Point {
	c, r, ok := arc(from, to, bend)
	if !ok {
		return append(pts, to)
	}
	n := chords(r, bend, tolerance)
	a0 := math.Atan2(from.Y-c.Y, from.X-c.X)
	for j := 1; j < n; j++ {
		a := a0 + bend*float64(j)/float64(n)
		pts = append(pts, Point{c.X + float64(r*math.Cos(a)), c.Y + float64(r*math.Sin(a))})
	}
	return append(pts, to)
}

// chords returns how many chords an arc of radius r turning through bend
// needs to stray no farther than tolerance from it, from 1 to MaxChords.
func chords(r, bend, tolerance float64) int {
	// A chord across an angle a strays r(1-cos(a/2)) = 2r sin²(a/4) from
	// its arc, at the arc's middle.
	sag := func(a float64) float64 { s := math.Sin(a / 4); return float64(2 * r * s * s) }
	if sag(math.Abs(bend)) <= tolerance {
		return 1
	}
	if !(tolerance > 0) {
		return MaxChords
	}
	step := 2 * math.Pi
	if q := tolerance / (2 * r); q < 1 {
		step = 4 * math.Asin(math.Sqrt(q))
	}
	n := math.Ceil(math.Abs(bend) / step)
	if !(n < MaxChords) {
		return MaxChords
	}
	return max(1, int(n))
}

// Bounds returns the smallest box that holds every point of p, arcs
// included (but not the width of its stroke). A path with no points has
// the zero Box.
func (p Path) Bounds() Box {
	if len(p.Points) == 0 {
		return Box{}
	}
	lo, hi := p.Points[0], p.Points[0]
	grow := func(q Point) {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	for _, q := range p.Points[1:] {
		grow(q)
	}
	for i := range p.Pieces() {
		from, to, bend := p.Piece(i)
		c, r, ok := arc(from, to, bend)
		if !ok {
			continue
		}
		// The arc reaches its circle's leftmost, topmost, rightmost or
		// bottommost point when it turns through that point's angle.
		a0 := math.Atan2(from.Y-c.Y, from.X-c.X)
		for k, q := range [4]Point{{c.X + r, c.Y}, {c.X, c.Y + r}, {c.X - r, c.Y}, {c.X, c.Y - r}} {
			turn := float64(k)*math.Pi/2 - a0 // to reach q, clockwise
			if bend < 0 {
				turn = -turn
			}
			if math.Mod(math.Mod(turn, 2*math.Pi)+2*math.Pi, 2*math.Pi) < math.Abs(bend) {
				grow(q)
			}
		}
	}
	return Box{X: lo.X, Y: lo.Y, W: hi.X - lo.X, H: hi.Y - lo.Y}
}

// checkBends reports bends that are not finite or not below 2π in
// magnitude, and a Bends slice of a length Path does not allow.
func (p Path) checkBends() error {
	if n := len(p.Bends); n != 0 && n != len(p.Points)-1 && !(p.Closed && n == len(p.Points)) {
		if p.Closed {
			return fmt.Errorf("%d bends for a closed path of %d points (want 0, %d or %d)", n, len(p.Points), max(0, len(p.Points)-1), len(p.Points))
		}
		return fmt.Errorf("%d bends for a path of %d points (want 0 or %d)", n, len(p.Points), max(0, len(p.Points)-1))
	}
	for _, b := range p.Bends {
		if !finite(b) {
			return errors.New("a bend is not finite")
		}
		if math.Abs(b) >= 2*math.Pi {
			return fmt.Errorf("bend %g is not below 2π in magnitude", b)
		}
	}
	return nil
}
