package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// dotted reports whether the solution is drawn as a dotted line: without
// colour always, so that it is never taken for a wall. In grayscale its
// dots are a mid grey dark enough that a photocopy keeps them (a light
// tint under them would not survive one).
func dotted(st Style) bool {
	return st.Ink.shapes()
}

// A dotted solution's dots are as wide as the solid line would be (so
// as heavy against the walls), and larger while small: up to bigShare of
// the line's width, while that is less than minDot points, and never
// more than dotRoom of the corridor, so that a dot stays clear of the
// walls.
const (
	bigShare = 1.5
	minDot   = 2.5
	dotRoom  = 0.8
)

// solutionItems draws the solution's paths (a piece a step, as
// solutionPaths makes them) with a line of the given width, in corridors
// corridor points wide: solid, with the straight runs' inner points
// dropped, or dotted (see dots), the dots spaced to fall on the cells'
// centres of a grid of cell points.
func solutionItems(paths []display.Path, width, corridor, cell float64, st Style) display.Item {
	line := &display.Line{Width: width, Color: st.SolutionColor, Cap: display.RoundCap, Join: display.RoundJoin}
	if dotted(st) {
		line.Width = math.Max(width, math.Min(math.Min(float64(bigShare*width), minDot), float64(dotRoom*corridor)))
		line.Paths = dots(paths, line.Width, dotSpacing(cell, line.Width))
		return line
	}
	for _, p := range paths {
		line.Paths = append(line.Paths, finish(p))
	}
	return line
}

// dotSpacing returns how far apart the dots of diameter d of a solution
// through cells of cell points stand: about two dots' widths, an even
// share of a cell, so that a dot falls on every cell's centre and one
// on every door of a solution that runs from door to door.
func dotSpacing(cell, d float64) float64 {
	if !(d > 0) || !(cell > 0) {
		return d
	}
	return cell / float64(2*max(1, int(math.Round(cell/(4*d)))))
}

// maxDots bounds the dots of one piece of a solution.
const maxDots = 1000

// dots returns round dots of diameter d along the paths, as paths of one
// point twice (a round cap draws a disc; PDF, SVG and the PNG backend all
// do): one at every point, so at every cell's centre and at the doors,
// and between them evenly, as near spacing apart as a whole number of
// gaps allows, so that the dots stand as evenly from door to door; an
// even number of gaps between two cells' centres, so that a dot marks
// the middle of the step, where its passage is.
func dots(paths []display.Path, d, spacing float64) []display.Path {
	if !(d > 0) || !(spacing > 0) {
		return nil // a line of no width draws nothing
	}
	var out []display.Path
	dot := func(p display.Point) { out = append(out, display.Polyline(p, p)) }
	for _, p := range paths {
		if len(p.Points) == 0 {
			continue
		}
		dot(p.Points[0])
		for i := range p.Pieces() {
			from, to, bend := p.Piece(i)
			c, r, arc := p.Arc(i)
			length := math.Hypot(to.X-from.X, to.Y-from.Y)
			if arc {
				length = float64(r * math.Abs(bend))
			}
			n := min(max(1, int(math.Round(length/spacing))), maxDots)
			if i > 0 && i < p.Pieces()-1 {
				n = 2 * min(max(1, int(math.Round(length/(2*spacing)))), maxDots/2)
			}
			a0 := math.Atan2(from.Y-c.Y, from.X-c.X)
			for k := 1; k < n; k++ {
				t := float64(k) / float64(n)
				if arc {
					a := a0 + float64(bend*t)
					dot(display.Point{X: c.X + float64(r*math.Cos(a)), Y: c.Y + float64(r*math.Sin(a))})
				} else {
					dot(lerp(from, to, t))
				}
			}
			dot(to)
		}
	}
	return out
}

// markSize is the size of the marks at the openings for grid units of
// cell points whose narrowest corridor is clear units: the side of a
// square mark, and the scale of the arrow and the flag.
func markSize(clear, cell float64) float64 {
	// Narrow corridors still get a mark to see; wide ones not a block:
	// from 1.5mm (or the corridor, if narrower) to 6mm.
	size := float64(math.Max(clear, 0.75) * cell * 0.6)
	return math.Max(math.Min(size, MaxMarker), math.Min(MinMarker, float64(clear*cell)))
}

// entranceArrow returns a filled arrowhead pointing along the unit vector
// dir (into the maze) at p: a triangle size*1.2 long and size*1.3 wide
// whose tip stops short of the door, less than 0.6 of reach ahead of p.
func entranceArrow(p, dir display.Point, size, reach float64, c display.Color) *display.Shape {
	length, half := float64(1.2*size), float64(0.65*size)
	ahead := length / 2
	if reach > 0 {
		ahead = math.Min(ahead, float64(0.6*reach))
	}
	tip := display.Point{X: p.X + float64(dir.X*ahead), Y: p.Y + float64(dir.Y*ahead)}
	base := display.Point{X: tip.X - float64(dir.X*length), Y: tip.Y - float64(dir.Y*length)}
	side := display.Point{X: float64(-dir.Y * half), Y: float64(dir.X * half)}
	return &display.Shape{Color: c, Polygons: [][]display.Point{{
		tip,
		{X: base.X + side.X, Y: base.Y + side.Y},
		{X: base.X - side.X, Y: base.Y - side.Y},
	}}}
}

// exitFlag returns a filled flag centred on p (see flagPolygon), 1.2*size
// tall but no taller than reach, so that it stays clear of the walls
// beside the door.
func exitFlag(p display.Point, size, reach float64, c display.Color) *display.Shape {
	side := float64(1.2 * size)
	if reach > 0 {
		side = math.Min(side, reach)
	}
	return &display.Shape{Color: c, Polygons: [][]display.Point{flagPolygon(p.X, p.Y, side)}}
}

// shapeMarks marks the entrance of part p with an arrow pointing in and
// its exit with a flag. Each is sized by the corridor at its door (twice
// the distance from the door's cell centre to the door, at most one unit,
// at least the maze's narrowest corridor clear): the outer ring of a
// circle has room for larger marks than its narrow middle. Each stands
// half that corridor outside its door, in the room RoomFor leaves; a door
// into a circle's middle has its mark in the middle.
func shapeMarks(m *maze.Maze, p maze.Part, at func(maze.Point) display.Point, clear, cell float64, st Style) []display.Item {
	place := func(d maze.Door) (pt, dir display.Point, size, reach float64) {
		c := at(m.Grid.Center(d.Cell))
		mid := at(m.Grid.Side(d.Cell, d.Side).Mid())
		local := math.Min(math.Max(2*math.Hypot(mid.X-c.X, mid.Y-c.Y)/cell, clear), 1)
		reach = local * cell / 2
		pt = doorPoint(m, d, at, reach)
		return pt, inward(pt, c), markSize(local, cell), reach
	}
	in, dir, size, reach := place(p.Entrance)
	out, _, outSize, outReach := place(p.Exit)
	return []display.Item{entranceArrow(in, dir, size, reach, st.EntranceColor), exitFlag(out, outSize, outReach, st.ExitColor)}
}

// inward returns the unit vector from door point p towards the centre of
// its cell c: into the maze (out of the middle, for a door into a
// circle's middle). It points right when the two coincide.
func inward(p, c display.Point) display.Point {
	dx, dy := c.X-p.X, c.Y-p.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return display.Point{X: 1}
	}
	return display.Point{X: dx / l, Y: dy / l}
}
