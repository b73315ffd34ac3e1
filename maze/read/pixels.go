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
	box, ok := mazeBox(g, thr)
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
			from, to = &ends[0], &ends[1]
			if from.role == goal || to.role == start {
				from, to = to, from
			}
		default:
			return nil, fmt.Errorf("%w: no grid was found, and the picture's outer wall has %d gaps; mark the start in green and the goal in red", ErrNotGrid, len(ends))
		}
	}
	// Breadth-first search from every pixel of the entrance; back holds,
	// for each pixel reached, 1 + the direction it was reached from.
	back := make([]uint8, len(g.lum))
	goalPx := map[image.Point]bool{}
	for _, p := range to.pixels {
		goalPx[p] = true
	}
	var queue []int32
	for _, p := range from.pixels {
		back[p.Y*w+p.X] = 5
		queue = append(queue, int32(p.Y*w+p.X))
	}
	dx := [4]int{0, 1, 0, -1}
	dy := [4]int{-1, 0, 1, 0}
	found := -1
	for head := 0; head < len(queue) && found < 0; head++ {
		i := int(queue[head])
		x, y := i%w, i/w
		if goalPx[image.Pt(x, y)] {
			found = i
			break
		}
		for d := 0; d < 4; d++ {
			nx, ny := x+dx[d], y+dy[d]
			if free(nx, ny) && back[ny*w+nx] == 0 {
				back[ny*w+nx] = uint8(1 + d)
				queue = append(queue, int32(ny*w+nx))
			}
		}
	}
	if found < 0 {
		return nil, fmt.Errorf("%w (no grid was found; no way through the picture's free pixels either)", ErrNoWay)
	}
	var path []image.Point
	for i := found; ; {
		x, y := i%w, i/w
		path = append(path, image.Pt(x, y))
		d := back[i]
		if d == 5 {
			break
		}
		i = (y-dy[d-1])*w + x - dx[d-1]
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
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
	return &Result{Kind: PixelRoute, Openings: len(ends), Pixels: &Pixels{Image: out, Path: path},
		Notes: []string{"no grid was found: the way runs through the picture's free pixels"}}, nil
}
