package read

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Pixels is a way through a picture found on its free pixels, as the
// Sage worksheet solves its pixel matrix: the picture with the way drawn
// on it, and the way's pixels.
type Pixels struct {
	// Image is the picture read, with the way drawn in red over its free
	// pixels only.
	Image *image.RGBA
	// Path is the way's pixels, from the entrance to the exit, each a step
	// from the one before (4-connected), none of them ink.
	Path []image.Point
}

// PathColor is the colour the pixel route draws its way in.
var PathColor = color.RGBA{220, 20, 20, 255}

// pixelRoute finds a way between two openings of the maze's box (or its
// coloured marks) through the free pixels inside it: a breadth-first
// search over pixels.
func pixelRoute(img image.Image, g *gray, thr int) (*Result, error) {
	box, _, ok := mazeBox(g, thr)
	if !ok {
		return nil, fmt.Errorf("%w: the picture has no dark lines on a light ground", ErrNoMaze)
	}
	w := g.w
	free := func(x, y int) bool {
		return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1 && int(g.lum[y*w+x]) >= thr
	}
	// The ring of the box's edge pixels, clockwise from the top left.
	var ring []image.Point
	for x := box.x0; x <= box.x1; x++ {
		ring = append(ring, image.Pt(x, box.y0))
	}
	for y := box.y0 + 1; y <= box.y1; y++ {
		ring = append(ring, image.Pt(box.x1, y))
	}
	for x := box.x1 - 1; x >= box.x0; x-- {
		ring = append(ring, image.Pt(x, box.y1))
	}
	for y := box.y1 - 1; y > box.y0; y-- {
		ring = append(ring, image.Pt(box.x0, y))
	}
	// The openings are the runs of free pixels along the ring.
	var gaps [][]image.Point
	startAt := -1
	for i, p := range ring {
		if !free(p.X, p.Y) {
			startAt = i
			break
		}
	}
	if startAt < 0 {
		return nil, fmt.Errorf("%w: no outer wall was found round the picture's maze", ErrNoMaze)
	}
	var run []image.Point
	for k := 1; k <= len(ring); k++ {
		p := ring[(startAt+k)%len(ring)]
		if free(p.X, p.Y) {
			run = append(run, p)
			continue
		}
		if len(run) > max(box.w(), box.h())/2 {
			return nil, fmt.Errorf("%w: no grid was found, and the maze's outer wall is not a rectangle round it: only rectangular mazes are read", ErrNotGrid)
		}
		if len(run) >= 2 {
			gaps = append(gaps, run)
		}
		run = nil
	}
	type end struct {
		pixels []image.Point
		role   role
	}
	var ends []end
	for _, gp := range gaps {
		ends = append(ends, end{pixels: gp})
	}
	for _, mk := range marks(g, float64(max(box.w(), box.h()))/4) {
		x, y := int(mk.x), int(mk.y)
		if free(x, y) && x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1 {
			ends = append(ends, end{[]image.Point{{x, y}}, mk.role})
			continue
		}
		best, bestD := -1, math.Inf(1)
		for i, e := range ends {
			for _, p := range e.pixels {
				if d := math.Hypot(float64(p.X)-mk.x, float64(p.Y)-mk.y); d < bestD {
					best, bestD = i, d
				}
			}
		}
		if best >= 0 {
			ends[best].role = mk.role
		}
	}
	var from, to *end
	for i := range ends {
		switch {
		case ends[i].role == start && from == nil:
			from = &ends[i]
		case ends[i].role == goal && to == nil:
			to = &ends[i]
		}
	}
	if from == nil || to == nil {
		switch len(ends) {
		case 0, 1:
			return nil, fmt.Errorf("%w: no grid was found, and the picture's outer wall has %d gaps; a maze needs an entrance and an exit", ErrNoOpenings, len(ends))
		case 2:
			// The entrance is the one nearer the top left, unless marked.
			from, to = &ends[0], &ends[1]
			if from.role == goal || to.role == start || from.role == unmarked && to.role == unmarked && corner(to.pixels) < corner(from.pixels) {
				from, to = to, from
			}
		default:
			return nil, fmt.Errorf("%w: no grid was found, and the picture's outer wall has %d gaps; mark the start in green and the goal in red", ErrNotGrid, len(ends))
		}
	}
	// The way keeps clear of the walls where the corridors leave room:
	// first through the pixels with no ink within 4 pixels, then 3, ...
	sum := newInkSum(g, thr, box)
	var path []image.Point
	for r := 4; r >= 0 && path == nil; r-- {
		clear := func(x, y int) bool { return free(x, y) && sum.ink(x-r, y-r, x+r, y+r) == 0 }
		path = searchPixels(w, g.h, clear, keep(from.pixels, clear), keep(to.pixels, clear))
	}
	if path == nil {
		return nil, fmt.Errorf("%w (no grid was found; no way through the picture's free pixels either)", ErrNoWay)
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	for _, p := range path {
		for oy := -1; oy <= 1; oy++ {
			for ox := -1; ox <= 1; ox++ {
				if free(p.X+ox, p.Y+oy) {
					out.SetRGBA(p.X+ox, p.Y+oy, PathColor)
				}
			}
		}
	}
	return &Result{Kind: PixelRoute, Openings: len(ends), Pixels: &Pixels{Image: out, Path: path}}, nil
}

// corner returns how near the top left corner the nearest of the pixels
// is: its x + y.
func corner(px []image.Point) int {
	best := math.MaxInt
	for _, p := range px {
		best = min(best, p.X+p.Y)
	}
	return best
}

// keep returns the pixels for which ok is true.
func keep(px []image.Point, ok func(x, y int) bool) []image.Point {
	var out []image.Point
	for _, p := range px {
		if ok(p.X, p.Y) {
			out = append(out, p)
		}
	}
	return out
}

// searchPixels returns a shortest 4-connected way through the pixels
// for which pass is true (all inside a picture of w by h pixels), from any
// of the pixels from to any of the pixels to; nil when there is none.
func searchPixels(w, h int, pass func(x, y int) bool, from, to []image.Point) []image.Point {
	if len(from) == 0 || len(to) == 0 {
		return nil
	}
	// back holds, for each pixel reached, 1 + the direction it was
	// reached in, or 5 for a pixel of from.
	back := make([]uint8, w*h)
	goal := map[int32]bool{}
	for _, p := range to {
		goal[int32(p.Y*w+p.X)] = true
	}
	var queue []int32
	for _, p := range from {
		i := int32(p.Y*w + p.X)
		back[i] = 5
		queue = append(queue, i)
	}
	dx := [4]int{0, 1, 0, -1}
	dy := [4]int{-1, 0, 1, 0}
	found := int32(-1)
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		if goal[i] {
			found = i
			break
		}
		x, y := int(i)%w, int(i)/w
		for d := 0; d < 4; d++ {
			nx, ny := x+dx[d], y+dy[d]
			j := int32(ny*w + nx)
			if pass(nx, ny) && back[j] == 0 {
				back[j] = uint8(1 + d)
				queue = append(queue, j)
			}
		}
	}
	if found < 0 {
		return nil
	}
	var path []image.Point
	for i := found; ; {
		x, y := int(i)%w, int(i)/w
		path = append(path, image.Pt(x, y))
		d := back[i]
		if d == 5 {
			break
		}
		i = int32((y-dy[d-1])*w + x - dx[d-1])
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// inkSum counts the ink in any box of pixels inside a box of the picture
// at once: a summed-area table.
type inkSum struct {
	box rect
	sum []int32 // (w+1) by (h+1)
}

func newInkSum(g *gray, thr int, box rect) *inkSum {
	w, h := box.w(), box.h()
	s := &inkSum{box: box, sum: make([]int32, (w+1)*(h+1))}
	for y := 0; y < h; y++ {
		row := int32(0)
		for x := 0; x < w; x++ {
			if int(g.lum[(box.y0+y)*g.w+box.x0+x]) < thr {
				row++
			}
			s.sum[(y+1)*(w+1)+x+1] = s.sum[y*(w+1)+x+1] + row
		}
	}
	return s
}

// ink returns the ink pixels from (x0, y0) to (x1, y1), both included,
// within the box.
func (s *inkSum) ink(x0, y0, x1, y1 int) int32 {
	b, w := s.box, s.box.w()+1
	x0, y0 = max(x0, b.x0)-b.x0, max(y0, b.y0)-b.y0
	x1, y1 = min(x1, b.x1)-b.x0+1, min(y1, b.y1)-b.y0+1
	if x0 >= x1 || y0 >= y1 {
		return 0
	}
	return s.sum[y1*w+x1] - s.sum[y0*w+x1] - s.sum[y1*w+x0] + s.sum[y0*w+x0]
}
