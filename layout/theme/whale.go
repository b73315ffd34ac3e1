package theme

import "math"

// whale is a smiling whale blowing a spout, and a little island with a
// palm tree.
var whale = Pair{
	Name:  "whale",
	Scene: scene(waves, about(bubbles), aloft(cloud), aloft(sun)),
	Start: draw(func(p *pen) {
		body := join(
			smoothOpen(0.06, 0.6, 0.2, 0.42, 0.4, 0.38, 0.62, 0.46, 0.8, 0.6),
			[]float64{0.86, 0.5, 0.82, 0.38, 0.9, 0.46, 0.98, 0.36, 0.96, 0.5, 0.88, 0.64},
			smoothOpen(0.88, 0.64, 0.74, 0.78, 0.5, 0.86, 0.24, 0.84, 0.1, 0.74, 0.06, 0.6),
		)
		p.shape(body...)
		p.eye(0.22, 0.56, 0.045)
		p.detail(func() {
			p.curve(0.1, 0.66, 0.2, 0.7, 0.3, 0.68) // smile
			p.curve(0.24, 0.78, 0.4, 0.82, 0.58, 0.78)
		})
		p.line(0.34, 0.38, 0.34, 0.24) // spout
		p.curve(0.34, 0.24, 0.28, 0.14, 0.18, 0.14)
		p.curve(0.34, 0.24, 0.4, 0.14, 0.5, 0.14)
		p.dot(0.16, 0.22, 0.025)
		p.dot(0.52, 0.22, 0.025)
	}),
	Goal: draw(func(p *pen) {
		mound := join(arcOf(0.5, 0.86, 0.34, 0.16, 3.1416, 6.2832))
		trunk := tube([]float64{0.46, 0.78, 0.5, 0.56, 0.58, 0.38, 0.62, 0.28}, 0.09, 0.06)
		p.behind(mound, func() { p.shape(trunk...) })
		p.line(mound...)
		p.detail(func() {
			p.within(trunk, func() {
				for _, y := range []float64{0.68, 0.58, 0.48, 0.38} {
					p.line(0.4, y, 0.7, y-0.04)
				}
			})
		})
		// Leaves arching out of the crown and drooping.
		leaf := func(t float64) float64 { return 0.015 + float64(0.12*math.Sin(float64(math.Pi*t))) }
		var leaves [][]float64
		for _, f := range [][4]float64{{0.42, 0.3, 0.28, 0.46}, {0.8, 0.32, 0.9, 0.48}, {0.4, 0.1, 0.16, 0.24}, {0.84, 0.1, 0.97, 0.24}} {
			leaves = append(leaves, band([]float64{0.62, 0.27, f[0], f[1], f[2], f[3]}, leaf))
		}
		p.stack(leaves...)
		p.dot(0.58, 0.33, 0.035) // coconuts
		p.dot(0.66, 0.33, 0.035)
		p.detail(func() {
			p.curve(0.02, 0.9, 0.1, 0.87, 0.18, 0.9)
			p.curve(0.82, 0.9, 0.9, 0.87, 0.98, 0.9)
			p.curve(0.3, 0.96, 0.5, 0.93, 0.7, 0.96)
		})
	}),
}
