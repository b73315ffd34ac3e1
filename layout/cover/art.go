package cover

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/kdp"
	"mazebook/layout/spec"
)

// card returns a white card with rounded corners of radius r filling b,
// over its shadow, offset by off down and to the right in shadow colour.
func card(b display.Box, r, off float64, shadow display.Color) []display.Item {
	s := display.Box{X: b.X + off, Y: b.Y + off, W: b.W, H: b.H}
	return []display.Item{
		&display.Shape{Polygons: [][]display.Point{roundRect(s, r)}, Color: shadow},
		&display.Shape{Polygons: [][]display.Point{roundRect(b, r)}, Color: display.White},
	}
}

// roundRect returns the outline of box b with its corners rounded to
// radius r (at most half its shorter side), clockwise as drawn.
func roundRect(b display.Box, r float64) []display.Point {
	r = math.Max(0, math.Min(r, math.Min(b.W, b.H)/2))
	const steps = 8 // chords a corner
	corners := []struct {
		cx, cy, from float64
	}{
		{b.X + b.W - r, b.Y + r, -math.Pi / 2}, // top right
		{b.X + b.W - r, b.Y + b.H - r, 0},      // bottom right
		{b.X + r, b.Y + b.H - r, math.Pi / 2},  // bottom left
		{b.X + r, b.Y + r, math.Pi},            // top left
	}
	pts := make([]display.Point, 0, 4*(steps+1))
	for _, c := range corners {
		for i := 0; i <= steps; i++ {
			a := c.from + math.Pi/2*float64(i)/steps
			pts = append(pts, display.Point{X: c.cx + float64(r*math.Cos(a)), Y: c.cy + float64(r*math.Sin(a))})
		}
	}
	return pts
}

// clipOut returns l without the pieces of its paths whose stroke would
// reach into box: a path that loses pieces is split into the runs of
// pieces around them (its caps, square or round, ending the runs). The
// stroke is taken as its width beyond each piece's bounds on every side,
// which covers its caps and any right-angled miter.
func clipOut(l *display.Line, box display.Box) *display.Line {
	out := *l
	out.Paths = nil
	hits := func(b display.Box) bool {
		w := l.Width
		return b.X-w < box.X+box.W && box.X < b.X+b.W+w && b.Y-w < box.Y+box.H && box.Y < b.Y+b.H+w
	}
	for _, p := range l.Paths {
		if len(p.Points) < 2 || !hits(p.Bounds()) {
			out.Paths = append(out.Paths, p)
			continue
		}
		var run display.Path
		flush := func() {
			if len(run.Points) >= 2 {
				out.Paths = append(out.Paths, run)
			}
			run = display.Path{}
		}
		for i := range p.Pieces() {
			from, to, bend := p.Piece(i)
			piece := display.Path{Points: []display.Point{from, to}, Bends: []float64{bend}}
			if hits(piece.Bounds()) {
				flush()
				continue
			}
			if len(run.Points) == 0 {
				run.Points = append(run.Points, from)
			}
			run.Points = append(run.Points, to)
			if bend != 0 || run.Bends != nil {
				for len(run.Bends) < len(run.Points)-2 {
					run.Bends = append(run.Bends, 0)
				}
				run.Bends = append(run.Bends, bend)
			}
		}
		flush()
	}
	return &out
}

// mix returns the colour t of the way from a to b.
func mix(a, b display.Color, t float64) display.Color {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + float64(t*(float64(y)-float64(x))))) }
	return display.Color{R: f(a.R, b.R), G: f(a.G, b.G), B: f(a.B, b.B)}
}

// contrast returns the WCAG contrast ratio of two colours, from 1 to 21.
func contrast(a, b display.Color) float64 {
	la, lb := spec.Luminance(a), spec.Luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// drawStyle returns the style of the cover's background pattern: the
// book's ink's (draw.InkStyle, as every maze's starts), with cells of
// cell points, walls of wall points in ink, the doors marked as m says.
func (d *drawer) drawStyle(cell, wall float64, ink display.Color, m draw.Markers) draw.Style {
	st := draw.InkStyle(d.p.Style(0).Ink, m, "", "")
	st.Cell, st.Wall, st.WallColor = cell, wall, ink
	return st
}

// mazeStyle returns the style of a maze of the cover drawn as the plan's
// maze i is inside the book (see plan.Plan.PuzzleStyle: its theme's
// pictures, a young child's round walls and tinted corridors; the front's
// maze, i = 0, is the first maze), with cells of cell points, walls wall
// thick and its marks scale times their size (1 on the front, less on
// the back's thumbnails, whose pictures are scaled with them).
func (d *drawer) mazeStyle(section int, cell, wall float64, i int, scale float64) draw.Style {
	st := d.p.Style(section)
	if i >= 0 && i < len(d.p.Mazes) {
		st = d.p.PuzzleStyle(i) // as the maze is drawn inside the book
	}
	st.Cell, st.Wall, st.WallColor = cell, max(wall, kdp.MinLine), d.ink
	st.MarkScale = scale
	if st.StartArt != nil && scale < 1 {
		st.ArtSide, st.DoorWords = d.p.ScaledArt(section, scale), false
	}
	return st
}
