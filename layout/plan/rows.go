package plan

import (
	"math"
	"sort"

	"mazebook/maze"
)

// Rows returns the rows of puzzle page pp: the indexes of its slots that
// hold a maze, by row from the top, each row's from the left (the
// slots of a row stand at one height, see slots).
func (p *Plan) Rows(pp *Page) [][]int {
	byY := map[float64][]int{}
	var ys []float64
	for k := range pp.Mazes {
		if k >= len(pp.Slots) {
			break
		}
		y := math.Round(float64(pp.Slots[k].Y * 100))
		if _, ok := byY[y]; !ok {
			ys = append(ys, y)
		}
		byY[y] = append(byY[y], k)
	}
	sort.Float64s(ys)
	out := make([][]int, 0, len(ys))
	for _, y := range ys {
		row := byY[y]
		sort.Slice(row, func(i, j int) bool { return pp.Slots[row[i]].X < pp.Slots[row[j]].X })
		out = append(out, row)
	}
	return out
}

// RowDiffers reports whether the mazes of row (slot indexes of page pp)
// may ink to different heights, so that their captions, each just above
// what its maze inks, would not stand on one line: their grids differ
// in height, or their doors are placed differently, a door's mark above
// one grid and not above another.
func (p *Plan) RowDiffers(pp *Page, row []int) bool {
	first := p.Mazes[pp.Mazes[row[0]]]
	for _, k := range row[1:] {
		mp := p.Mazes[pp.Mazes[k]]
		if math.Abs(float64(mp.GridH*mp.Cell)-float64(first.GridH*first.Cell)) > 0.01 {
			return true
		}
		r, f := mp.Recipe, first.Recipe
		if r.Openings != f.Openings || !sameAt(r.Entrance, f.Entrance) || !sameAt(r.Exit, f.Exit) {
			return true
		}
	}
	return false
}

// sameAt reports whether two cells a door is given at are the same (or
// both not given).
func sameAt(a, b *maze.At) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
