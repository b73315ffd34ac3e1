package draw

import (
	"math"

	"mazebook/layout/display"
	"mazebook/maze"
)

// solutionItems draws the solution's paths (a piece a step, as
// solutionPaths makes them) with a solid line of the given width, the
// straight runs' inner points dropped. Without colour the line is a mid
// grey (GraySolution): apart from the black walls by its tone on paper,
// and by its place in the corridors' middle, heavier than a wall, in a
// photocopy, which keeps it.
func solutionItems(paths []display.Path, width float64, st Style) display.Item {
	line := &display.Line{Width: width, Color: st.SolutionColor, Cap: display.RoundCap, Join: display.RoundJoin}
	for _, p := range paths {
		line.Paths = append(line.Paths, finish(p))
	}
	return line
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
