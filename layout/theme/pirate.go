package theme

import "math"

// pirate is a pirates' ship with billowing sails, portholes and a black
// flag on the waves, and a treasure chest with straps, a lock and
// sparkles.
var pirate = Pair{
	Name:  "pirate",
	Scene: scene(waves, aloft(cloud), standing(shell), aloft(sun)),
	Start: draw(func(p *pen) {
		p.shape(0.04, 0.56, 0.18, 0.62, 0.82, 0.62, 0.96, 0.54, 0.84, 0.84, 0.2, 0.84) // hull
		for _, x := range []float64{0.34, 0.5, 0.66} {
			p.dot(x, 0.72, 0.035)
		}
		p.line(0.5, 0.62, 0.5, 0.06)
		sail := func(x0, x1, y0, y1 float64) {
			b := float64((x1 - x0) * 0.12)
			p.shape(join(bez(x0, y0, (x0+x1)/2, y0+b, x1, y0), bez(x1, y0, x1+b, (y0+y1)/2, x1, y1),
				bez(x1, y1, (x0+x1)/2, y1+b, x0, y1), bez(x0, y1, x0-b, (y0+y1)/2, x0, y0))...)
		}
		sail(0.3, 0.7, 0.34, 0.56)
		sail(0.34, 0.66, 0.14, 0.3)
		p.fill(0.5, 0.02, 0.68, 0.03, 0.64, 0.07, 0.68, 0.11, 0.5, 0.1) // flag
		p.detail(func() {
			p.line(join(arcOf(0.12, 0.9, 0.1, 0.05, 0, math.Pi), arcOf(0.32, 0.9, 0.1, 0.05, math.Pi, 0),
				arcOf(0.52, 0.9, 0.1, 0.05, 0, math.Pi), arcOf(0.72, 0.9, 0.1, 0.05, math.Pi, 0))...)
		})
	}),
	Goal: draw(func(p *pen) {
		p.shape(join([]float64{0.1, 0.9, 0.1, 0.5}, arcOf(0.5, 0.5, 0.4, 0.26, math.Pi, 2*math.Pi), []float64{0.9, 0.9})...)
		p.line(0.1, 0.5, 0.9, 0.5)
		p.detail(func() {
			for _, x := range []float64{0.24, 0.76} { // straps
				h := float64(0.26 * math.Sqrt(1-(x-0.5)*(x-0.5)/0.16))
				p.line(x, 0.5-h, x, 0.9)
			}
		})
		p.shape(roundRect(0.42, 0.46, 0.58, 0.64, 0.03)...) // lock
		p.dot(0.5, 0.53, 0.025)
		p.fill(0.485, 0.54, 0.515, 0.54, 0.52, 0.6, 0.48, 0.6)
		p.fill(star(0.1, 0.16, 0.09, 0.025, 4)...) // sparkles
		p.fill(star(0.9, 0.12, 0.07, 0.02, 4)...)
	}),
}
