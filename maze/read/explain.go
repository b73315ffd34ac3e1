package read

import (
	"math"

	"mazebook/maze"
)

// maxUnexplained is the share of the ink in and around a maze's outer
// wall that the maze read may leave unexplained (specks, a mark's outline, the
// rounding of thick walls) before the reading is not trusted.
const maxUnexplained = 0.04

// explains reports whether the maze m read on r's grid accounts for the picture's ink in and just around its
// outer wall, and the ink for its walls: the maze drawn back,
// every wall read is drawn, and every ink pixel there lies on one of its walls
// (or beside a coloured mark, or in a cell marked as a start or a goal),
// but for a small share. A grid that is not the maze's (a wrong pitch,
// a mark taken for walls) leaves much of the ink off its walls.
func (r *gridReader) explains(m *maze.Maze, cands []candidate) bool {
	g, thr, t, xs, ys := r.g, r.thr, r.t, r.xs, r.ys
	grid := m.Grid.(maze.Rect)
	// The ink is looked at a little beyond the outer wall: a grid that
	// covers only part of the maze leaves the walls going on from it
	// there (but not a plot's frame a few pixels off).
	ring := t + 2
	x0, x1 := int(math.Floor(xs.at(0)-ring)), int(math.Ceil(xs.at(xs.n)+ring))
	y0, y1 := int(math.Floor(ys.at(0)-ring)), int(math.Ceil(ys.at(ys.n)+ring))
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, g.w-1), min(y1, g.h-1)
	if x1 <= x0 || y1 <= y0 {
		return false
	}
	w, h := x1-x0+1, y1-y0+1
	// explained marks the pixels the maze drawn back accounts for: its
	// walls, widened by a pixel and a half for anti-aliasing and a
	// wall's rounding, the cells holding a mark, and the pixels near a
	// coloured one (a mark's outline).
	explained := make([]bool, w*h)
	fill := func(ax, ay, bx, by float64) {
		for y := max(int(math.Floor(ay)), y0); y <= min(int(math.Ceil(by)), y1); y++ {
			row := explained[(y-y0)*w:]
			for x := max(int(math.Floor(ax)), x0); x <= min(int(math.Ceil(bx)), x1); x++ {
				row[x-x0] = true
			}
		}
	}
	for _, cd := range cands {
		if cd.door.IsInside() {
			i, j := grid.XY(cd.door.Cell)
			fill(xs.at(i), ys.at(j), xs.at(i+1), ys.at(j+1))
		}
	}
	// Every wall read must be drawn: along the middle of its line there
	// is ink (within a pixel or half a wall across, for a picture turned
	// straight or blurred), but for a few places (a gap's edge, a mark
	// over it). Ink beside a coloured mark (its outline) is no wall's
	// evidence.
	coloured := nearColour(g, x0, y0, w, h, int(math.Ceil(t))+2)
	reach := max(1, int(t/2))
	cores, bare := 0, 0
	look := func(x, y, dx, dy int) {
		if x < x0 || y < y0 || x > x1 || y > y1 {
			return
		}
		cores++
		if coloured[(y-y0)*w+x-x0] {
			bare++
			return
		}
		for k := -reach; k <= reach; k++ {
			if int(g.at(x+k*dx, y+k*dy)) < thr {
				return
			}
		}
		bare++
	}
	gap := map[maze.Door]bool{}
	for _, cd := range cands {
		gap[cd.door] = true
	}
	// wall draws back the wall on side s of cell (i, j), widened by a
	// pixel and a half for anti-aliasing and a wall's rounding, and,
	// unless it is a gap of the outer wall, looks for it.
	spread := t/2 + 1.5
	wall := func(i, j, s int) {
		c := grid.Cell(i, j)
		if m.Linked(c, s) {
			return
		}
		// The wall's line: the cell's own, one further for east and south.
		if s == maze.East {
			i++
		}
		if s == maze.South {
			j++
		}
		vertical := s == maze.East || s == maze.West
		if vertical {
			fill(xs.at(i)-spread, ys.at(j)-spread, xs.at(i)+spread, ys.at(j+1)+spread)
		} else {
			fill(xs.at(i)-spread, ys.at(j)-spread, xs.at(i+1)+spread, ys.at(j)+spread)
		}
		if gap[maze.Door{Cell: c, Side: s}] {
			return
		}
		if vertical {
			x := int(math.Round(xs.at(i)))
			for y := int(ys.at(j) + t); y <= int(ys.at(j+1)-t); y++ {
				look(x, y, 1, 0)
			}
		} else {
			y := int(math.Round(ys.at(j)))
			for x := int(xs.at(i) + t); x <= int(xs.at(i+1)-t); x++ {
				look(x, y, 0, 1)
			}
		}
	}
	for j := 0; j < grid.H; j++ {
		for i := 0; i < grid.W; i++ {
			wall(i, j, maze.North)
			wall(i, j, maze.West)
			if i == grid.W-1 {
				wall(i, j, maze.East)
			}
			if j == grid.H-1 {
				wall(i, j, maze.South)
			}
		}
	}
	if cores > 0 && float64(bare) > maxUnexplained*float64(cores) {
		return false
	}
	ink, stray := 0, 0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if int(g.lum[y*g.w+x]) >= thr {
				continue
			}
			ink++
			if k := (y-y0)*w + x - x0; !explained[k] && !coloured[k] {
				stray++
			}
		}
	}
	// The maze's walls (the largest set of touching ink) lie within the
	// grid: a grid over part of a maze whose outline is not a rectangle
	// (a staircase triangle) leaves the rest out.
	if float64(ink) < (1-maxUnexplained)*float64(r.walls) {
		return false
	}
	return ink > 0 && float64(stray) <= maxUnexplained*float64(ink)
}

// nearColour marks the pixels of the w by h box at (x0, y0) that have a
// coloured pixel within d pixels across and d down (a square around
// them), in two passes of running counts.
func nearColour(g *gray, x0, y0, w, h, d int) []bool {
	// across[k]: coloured pixels in the row within d of the pixel, for
	// the rows of the box widened by d above and below.
	rows := h + 2*d
	across := make([]int32, w*rows)
	for r := 0; r < rows; r++ {
		y := y0 - d + r
		if y < 0 || y >= g.h {
			continue
		}
		var run int32
		line := g.col[y*g.w:]
		isCol := func(x int) int32 {
			if x < 0 || x >= g.w || line[x].A == 0 {
				return 0
			}
			return 1
		}
		for x := x0 - d; x < x0+d; x++ {
			run += isCol(x)
		}
		for i := 0; i < w; i++ {
			x := x0 + i
			run += isCol(x + d)
			across[r*w+i] = run
			run -= isCol(x - d)
		}
	}
	out := make([]bool, w*h)
	for i := 0; i < w; i++ {
		var run int32
		for r := 0; r < 2*d; r++ {
			run += across[r*w+i]
		}
		for j := 0; j < h; j++ {
			run += across[(j+2*d)*w+i]
			out[j*w+i] = run > 0
			run -= across[j*w+i]
		}
	}
	return out
}
