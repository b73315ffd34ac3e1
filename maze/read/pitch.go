package read

import (
	"math"
	"sort"
)

// lines is where a grid's walls run along one axis: wall k's middle is
// at first + k*pitch.
type lines struct {
	first, pitch float64
	n            int // cells
}

func (l lines) at(k int) float64 { return l.first + float64(k)*l.pitch }

// minCorrelation is the least correlation of the ink's profile with a
// comb of walls at which a grid is taken as found.
const minCorrelation = 0.45

// wallThickness returns the outer wall's thickness in pixels: the median
// run of ink inwards from the box's edges.
func wallThickness(g *gray, thr int, box rect) float64 {
	var runs []float64
	ink := func(x, y int) bool { return int(g.at(x, y)) < thr }
	for k := 1; k < 40; k++ {
		y := box.y0 + box.h()*k/40
		x := box.x0 + box.w()*k/40
		n := 0
		for ; n < box.w()/2 && ink(box.x0+n, y); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.w()/2 && ink(box.x1-n, y); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.h()/2 && ink(x, box.y0+n); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.h()/2 && ink(x, box.y1-n); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
	}
	if len(runs) < 10 {
		return 0
	}
	return median(runs)
}

// best returns the comb of walls that correlates best with a profile of
// ink along one axis (see combScores), and the correlation.
func best(combs []comb) (lines, float64) {
	best, bestC := lines{}, -1.0
	for _, s := range combs {
		if s.corr > bestC+1e-9 {
			best, bestC = s.lines, s.corr
		}
	}
	return best, bestC
}

// squareUp returns the lines of the other axis with the pitch of ref
// when its best pitch is a whole multiple of ref's and the comb at ref's
// pitch still fits (when ref's comb fits very well, as when the other
// axis has hardly any walls, a weak fit will do: the passages are
// checked on the pixels after); else other as it is.
func squareUp(ref lines, refCorr float64, other lines, corr float64, combs []comb) (lines, float64) {
	if ref.n < 2 || other.n < 2 {
		return other, corr
	}
	k := other.pitch / ref.pitch
	if k < 1.5 || math.Abs(k-math.Round(k)) > 0.05*k {
		return other, corr
	}
	least := minCorrelation
	if refCorr >= 0.8 {
		least = 0.2
	}
	best, bestD := -1, 0.03*ref.pitch
	for i, c := range combs {
		if d := math.Abs(c.pitch - ref.pitch); d <= bestD && c.corr >= least {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return other, corr
	}
	return combs[best].lines, math.Max(combs[best].corr, minCorrelation)
}

// comb is the correlation of a profile with the comb of walls of one
// number of cells.
type comb struct {
	lines
	corr float64
}

// combScores returns the correlation of a profile of ink along one axis
// (the ink in each column or row of the maze's box, the outer walls at
// both ends) with the comb of walls t pixels thick of every number of
// cells from 2 to as many as fit: Pearson's correlation of the profile
// with 1 on the walls and 0 between them. Lines are relative to the
// profile's start.
func combScores(profile []float64, t float64) []comb {
	var out []comb
	n := len(profile)
	mean := 0.0
	for _, v := range profile {
		mean += v
	}
	mean /= float64(n)
	varQ := 0.0
	for _, v := range profile {
		varQ += (v - mean) * (v - mean)
	}
	span := float64(n) - t // from the first wall's middle to the last's
	if varQ == 0 || span <= 0 {
		return nil
	}
	half := t / 2
	maxCells := int(span / math.Max(t+1, 2))
	teeth := make([]bool, n)
	for cells := 2; cells <= maxCells; cells++ {
		pitch := span / float64(cells)
		l := lines{first: (t - 1) / 2, pitch: pitch, n: cells}
		clear(teeth)
		on := 0
		for k := 0; k <= cells; k++ {
			c := l.at(k)
			for x := int(math.Ceil(c - half)); x <= int(math.Floor(c+half)); x++ {
				if x >= 0 && x < n && !teeth[x] {
					teeth[x] = true
					on++
				}
			}
		}
		if on == 0 || on == n {
			continue
		}
		p := float64(on) / float64(n)
		sumOn := 0.0
		for x, v := range profile {
			if teeth[x] {
				sumOn += v
			}
		}
		// Pearson's correlation of the profile with the 0/1 comb.
		cov := sumOn/float64(n) - mean*p
		out = append(out, comb{l, cov / math.Sqrt(varQ/float64(n)*p*(1-p))})
	}
	return out
}

// bandReader reads how light the band of a wall between two cells is.
type bandReader struct {
	g              *gray
	t              float64
	pitchX, pitchY float64
}

// reach is how far across a wall's middle its darkest pixel is looked
// for: the wall's half thickness and a pixel, but never as far as the
// next wall.
func (b bandReader) reach(pitch float64) float64 {
	return math.Min(b.t/2+1, pitch/2-b.t/2-0.01)
}

// span returns the pixels across a wall whose middle is at c: reach
// either side, or only as far as the wall's own edge on the outside of
// an outer wall (out -1 before it, +1 after), where markers stand.
func (b bandReader) span(c, reach float64, out int) (lo, hi int) {
	before, after := reach, reach
	switch out {
	case -1:
		before = math.Min(reach, b.t/2)
	case 1:
		after = math.Min(reach, b.t/2)
	}
	return int(math.Round(c - before)), int(math.Round(c + after))
}

// vertical returns the lightness of the wall whose middle runs along
// column x from line y0 to y1 (walls' middles): the median, over the
// middle half of the corridor, of the darkest pixel across the wall
// (out says which side of an outer wall is outside, 0 for an inner one).
func (b bandReader) vertical(x, y0, y1 float64, out int) float64 {
	var v []float64
	reach := b.reach(b.pitchX)
	inner := (y1 - y0 - b.t) / 4
	mid := (y0 + y1) / 2
	for y := int(math.Round(mid - inner)); y <= int(math.Round(mid+inner)); y++ {
		d := 255.0
		lo, hi := b.span(x, reach, out)
		for xx := lo; xx <= hi; xx++ {
			d = math.Min(d, float64(b.g.at(xx, y)))
		}
		v = append(v, d)
	}
	return median(v)
}

// horizontal is vertical for a wall along line y from column x0 to x1.
func (b bandReader) horizontal(y, x0, x1 float64, out int) float64 {
	var v []float64
	reach := b.reach(b.pitchY)
	inner := (x1 - x0 - b.t) / 4
	mid := (x0 + x1) / 2
	for x := int(math.Round(mid - inner)); x <= int(math.Round(mid+inner)); x++ {
		d := 255.0
		lo, hi := b.span(y, reach, out)
		for yy := lo; yy <= hi; yy++ {
			d = math.Min(d, float64(b.g.at(x, yy)))
		}
		v = append(v, d)
	}
	return median(v)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}
