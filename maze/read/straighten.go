package read

import (
	"image/color"
	"math"
)

// maxSkew is the largest turn, in degrees, looked for.
const maxSkew = 6.0

// skewAngle returns the angle, in degrees, the maze's lines are turned by
// (clockwise in the picture, y down): the angle at which the ink's
// projections on the turned rows and columns are sharpest.
func skewAngle(g *gray, thr int) float64 {
	var xs, ys []float32
	n := 0
	for _, v := range g.lum {
		if int(v) < thr {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	step := max(1, n/200_000)
	k := 0
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if int(g.lum[y*g.w+x]) < thr {
				if k%step == 0 {
					xs = append(xs, float32(x))
					ys = append(ys, float32(y))
				}
				k++
			}
		}
	}
	diag := int(math.Hypot(float64(g.w), float64(g.h))) + 4
	rows := make([]float64, 2*diag)
	cols := make([]float64, 2*diag)
	sharpness := func(deg float64) float64 {
		s, c := math.Sincos(deg * math.Pi / 180)
		clear(rows)
		clear(cols)
		for i := range xs {
			x, y := float64(xs[i]), float64(ys[i])
			rows[int(math.Floor(-x*s+y*c))+diag]++
			cols[int(math.Floor(x*c+y*s))+diag]++
		}
		sum := 0.0
		for i := range rows {
			sum += rows[i]*rows[i] + cols[i]*cols[i]
		}
		return sum
	}
	best, bestS := 0.0, sharpness(0)
	for a := -maxSkew; a <= maxSkew+1e-9; a += 0.5 {
		if s := sharpness(a); s > bestS*1.0001 {
			best, bestS = a, s
		}
	}
	centre := best
	for a := centre - 0.5; a <= centre+0.5+1e-9; a += 0.05 {
		if s := sharpness(a); s > bestS*1.0001 {
			best, bestS = a, s
		}
	}
	return math.Round(best*100) / 100
}

// rotate returns the picture turned by -deg degrees about its centre, so
// that lines turned by deg are straight: lightness sampled bilinearly,
// colours by the nearest pixel.
func rotate(g *gray, deg float64) *gray {
	s, c := math.Sincos(deg * math.Pi / 180)
	out := &gray{w: g.w, h: g.h, lum: make([]uint8, len(g.lum)), col: make([]color.RGBA, len(g.col))}
	cx, cy := float64(g.w)/2, float64(g.h)/2
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			// (x, y) in the straight picture is (u, v) on the axes turned
			// by deg: the source pixel is u along (c, s) and v along (-s, c).
			u, v := float64(x)+0.5-cx, float64(y)+0.5-cy
			sx, sy := cx+u*c-v*s-0.5, cy+u*s+v*c-0.5
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			l := (1-fx)*(1-fy)*float64(g.at(x0, y0)) + fx*(1-fy)*float64(g.at(x0+1, y0)) +
				(1-fx)*fy*float64(g.at(x0, y0+1)) + fx*fy*float64(g.at(x0+1, y0+1))
			i := y*g.w + x
			out.lum[i] = uint8(math.Round(l))
			nx, ny := int(math.Round(sx)), int(math.Round(sy))
			if nx >= 0 && ny >= 0 && nx < g.w && ny < g.h {
				out.col[i] = g.col[ny*g.w+nx]
			}
		}
	}
	return out
}
