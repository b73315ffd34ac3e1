package theme

import "math"

// butterfly is a butterfly with spotted wings and curled feelers, and a
// rainbow between two clouds.
var butterfly = Pair{
	Name:  "butterfly",
	Scene: scene(grass, standing(daisy), aloft(cloud), aloft(sun)),
	Start: draw(func(p *pen) {
		body := oval(0.5, 0.58, 0.05, 0.24)
		head := oval(0.5, 0.27, 0.09, 0.09)
		p.behind(body, func() {
			p.behind(head, func() {
				for _, s := range []float64{-1, 1} {
					x := func(v float64) float64 { return 0.5 + float64(s*(v-0.5)) }
					p.blob(x(0.47), 0.42, x(0.36), 0.16, x(0.16), 0.08, x(0.05), 0.2, x(0.1), 0.42, x(0.46), 0.52) // upper wing
					p.blob(x(0.46), 0.56, x(0.16), 0.6, x(0.12), 0.8, x(0.26), 0.9, x(0.44), 0.76)                 // lower wing
				}
			})
		})
		p.shape(body...)
		p.shape(head...)
		p.dot(0.465, 0.255, 0.022)
		p.dot(0.535, 0.255, 0.022)
		p.detail(func() { p.arc(0.5, 0.28, 0.04, 0.03, 0.4, 2.74) })
		for _, s := range []float64{-1, 1} {
			x := func(v float64) float64 { return 0.5 + float64(s*(v-0.5)) }
			p.dot(x(0.24), 0.26, 0.07)
			p.circle(x(0.28), 0.74, 0.05)
			p.detail(func() { p.curve(x(0.48), 0.21, x(0.42), 0.1, x(0.36), 0.06) })
			p.dot(x(0.36), 0.06, 0.03)
		}
	}),
	Goal: draw(func(p *pen) {
		cloud := func(cx, cy float64) []float64 {
			return join(scallop(cx, cy, 0.1, 0.06, 3, math.Pi, 2*math.Pi), []float64{cx + 0.16, cy + 0.05, cx - 0.16, cy + 0.05})
		}
		left, right := cloud(0.18, 0.78), cloud(0.82, 0.78)
		p.behind(left, func() {
			p.behind(right, func() {
				for _, r := range []float64{0.34, 0.26, 0.18} {
					p.arc(0.5, 0.8, r+0.1, r+0.1, math.Pi, 2*math.Pi)
				}
			})
		})
		p.shape(left...)
		p.shape(right...)
	}),
}
