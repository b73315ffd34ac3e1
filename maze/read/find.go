package read

import "sort"

// rect is a box of pixels, its edges included.
type rect struct{ x0, y0, x1, y1 int }

func (r rect) w() int { return r.x1 - r.x0 + 1 }

func (r rect) h() int { return r.y1 - r.y0 + 1 }

func (r rect) near(o rect, d int) bool {
	return o.x0 <= r.x1+d && o.x1 >= r.x0-d && o.y0 <= r.y1+d && o.y1 >= r.y0-d
}

// encloses reports whether o lies inside r, clear of r's edges.
func (r rect) encloses(o rect) bool {
	return r.x0 < o.x0 && r.y0 < o.y0 && r.x1 > o.x1 && r.y1 > o.y1
}

func (r rect) union(o rect) rect {
	return rect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// blob is a connected set of pixels: its box, size, and colour sums.
type blob struct {
	box        rect
	n          int
	sx, sy     float64
	sr, sg, sb float64
}

// blobs returns the 8-connected sets of pixels for which in is true.
func blobs(w, h int, in func(i int) bool) []blob {
	seen := make([]bool, w*h)
	var out []blob
	var queue []int
	for i := range seen {
		if seen[i] || !in(i) {
			continue
		}
		seen[i] = true
		queue = append(queue[:0], i)
		bl := blob{box: rect{w, h, -1, -1}}
		for len(queue) > 0 {
			j := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			x, y := j%w, j/w
			bl.n++
			bl.sx += float64(x)
			bl.sy += float64(y)
			bl.box = bl.box.union(rect{x, y, x, y})
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if k := ny*w + nx; !seen[k] && in(k) {
						seen[k] = true
						queue = append(queue, k)
					}
				}
			}
		}
		out = append(out, bl)
	}
	return out
}

// mazeBox returns the box of the maze: the largest set of connected ink
// and every set that touches it, until none is left.
func mazeBox(g *gray, thr int) (box rect, walls int, ok bool) {
	bs := blobs(g.w, g.h, func(i int) bool { return int(g.lum[i]) < thr })
	if len(bs) == 0 {
		return rect{}, 0, false
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].n > bs[j].n })
	box = bs[0].box
	used := make([]bool, len(bs))
	used[0] = true
	for grown := true; grown; {
		grown = false
		for i, b := range bs {
			// A blob round the maze (a plot's frame, a border) is not
			// part of it.
			if !used[i] && box.near(b.box, 2) && !b.box.encloses(box) {
				box, used[i], grown = box.union(b.box), true, true
			}
		}
	}
	return box, bs[0].n, box.w() >= 5 && box.h() >= 5
}

// trimBox trims from the maze's box the rows and columns with little ink
// at its edges, beyond the outer wall: a marker touching it, a label.
// The outer wall runs along most of its side, doors and all.
func trimBox(g *gray, thr int, box rect) rect {
	for range 2 {
		cols := make([]int, box.w())
		rows := make([]int, box.h())
		for y := box.y0; y <= box.y1; y++ {
			for x := box.x0; x <= box.x1; x++ {
				if int(g.lum[y*g.w+x]) < thr {
					cols[x-box.x0]++
					rows[y-box.y0]++
				}
			}
		}
		lo, hi := 0, len(rows)-1
		for lo < hi && rows[lo]*2 < box.w() {
			lo++
		}
		for hi > lo && rows[hi]*2 < box.w() {
			hi--
		}
		l, r := 0, len(cols)-1
		for l < r && cols[l]*2 < box.h() {
			l++
		}
		for r > l && cols[r]*2 < box.h() {
			r--
		}
		box = rect{box.x0 + l, box.y0 + lo, box.x0 + r, box.y0 + hi}
	}
	return box
}
