package theme

import "math"

// kitten is a kitten's face, its ears one outline with its head, and a
// castle with two crenellated towers, flags and an arched door.
var kitten = Pair{
	Name:  "kitten",
	Scene: scene(grass, about(heart), standing(daisy), standing(tuft)),
	Start: draw(func(p *pen) {
		const cx, cy, rx, ry = 0.5, 0.6, 0.4, 0.32
		on := func(deg float64) (float64, float64) {
			a := deg * math.Pi / 180
			return cx + float64(rx*math.Cos(a)), cy + float64(ry*math.Sin(a))
		}
		lx, ly := on(203)
		ix, iy := on(245)
		jx, jy := on(295)
		rx2, ry2 := on(337)
		p.shape(join(
			arcOf(cx, cy, rx, ry, 337*math.Pi/180, 563*math.Pi/180),
			[]float64{lx, ly, 0.16, 0.1, ix, iy},
			arcOf(cx, cy, rx, ry, 245*math.Pi/180, 295*math.Pi/180),
			[]float64{jx, jy, 0.84, 0.1, rx2, ry2},
		)...)
		p.detail(func() {
			p.line(0.22, 0.36, 0.21, 0.22, 0.3, 0.3) // inside the ears
			p.line(0.78, 0.36, 0.79, 0.22, 0.7, 0.3)
			p.curve(0.4, 0.74, 0.45, 0.77, 0.5, 0.72)
			p.curve(0.5, 0.72, 0.55, 0.77, 0.6, 0.74)
			p.line(0.3, 0.68, 0.04, 0.63) // whiskers
			p.line(0.3, 0.74, 0.05, 0.79)
			p.line(0.7, 0.68, 0.96, 0.63)
			p.line(0.7, 0.74, 0.95, 0.79)
		})
		p.eye(0.37, 0.56, 0.055)
		p.eye(0.63, 0.56, 0.055)
		p.fill(0.45, 0.65, 0.55, 0.65, 0.5, 0.71) // nose
	}),
	Goal: draw(func(p *pen) {
		tower := func(x0, x1 float64) []float64 {
			w := (x1 - x0) / 5
			return []float64{x0, 0.95, x0, 0.26, x0 + w, 0.26, x0 + w, 0.33, x0 + 2*w, 0.33, x0 + 2*w, 0.26,
				x0 + float64(3*w), 0.26, x0 + float64(3*w), 0.33, x0 + 4*w, 0.33, x0 + 4*w, 0.26, x1, 0.26, x1, 0.95}
		}
		p.shape(tower(0.06, 0.32)...)
		p.shape(tower(0.68, 0.94)...)
		p.line(0.32, 0.95, 0.68, 0.95)
		p.line(0.32, 0.5, 0.38, 0.5, 0.38, 0.44, 0.45, 0.44, 0.45, 0.5, 0.55, 0.5, 0.55, 0.44, 0.62, 0.44, 0.62, 0.5, 0.68, 0.5)
		p.fill(join([]float64{0.41, 0.95, 0.41, 0.78}, arcOf(0.5, 0.78, 0.09, 0.1, math.Pi, 2*math.Pi), []float64{0.59, 0.95})...) // door
		for _, x := range []float64{0.19, 0.81} {
			p.fill(join([]float64{x - 0.03, 0.64, x - 0.03, 0.52}, arcOf(x, 0.52, 0.03, 0.03, math.Pi, 2*math.Pi), []float64{x + 0.03, 0.64})...) // windows
			p.line(x, 0.26, x, 0.04)
			p.fill(x, 0.03, x+0.13, 0.07, x, 0.12) // flags
		}
	}),
}
