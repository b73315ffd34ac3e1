package theme

import "math"

// monkey is a monkey's face, its round ears at its sides and its face
// drawn in, and a bunch of bananas.
var monkey = Pair{
	Name:  "monkey",
	Scene: scene(grass, standing(tree), about(leaf), aloft(sun)),
	Start: draw(func(p *pen) {
		head := oval(0.5, 0.52, 0.31, 0.32)
		l, r := oval(0.16, 0.5, 0.13, 0.13), oval(0.84, 0.5, 0.13, 0.13)
		p.behind(head, func() {
			p.shape(l...)
			p.shape(r...)
			p.detail(func() {
				p.circle(0.16, 0.5, 0.065)
				p.circle(0.84, 0.5, 0.065)
			})
		})
		p.shape(head...)
		p.blob(0.5, 0.34, 0.62, 0.28, 0.73, 0.36, 0.7, 0.52, 0.74, 0.66, 0.62, 0.79, 0.38, 0.79, 0.26, 0.66, 0.3, 0.52, 0.27, 0.36, 0.38, 0.28) // face
		p.eye(0.41, 0.45, 0.05)
		p.eye(0.59, 0.45, 0.05)
		p.dot(0.47, 0.59, 0.02) // nostrils
		p.dot(0.53, 0.59, 0.02)
		p.detail(func() {
			p.curve(0.38, 0.65, 0.44, 0.7, 0.5, 0.71, 0.56, 0.7, 0.62, 0.65)
			p.curve(0.44, 0.22, 0.5, 0.13, 0.58, 0.12) // a tuft of hair
		})
	}),
	Goal: draw(func(p *pen) {
		// Each banana is fat in its middle and thin at its ends.
		fat := func(t float64) float64 { return 0.05 + float64(0.15*math.Sin(float64(math.Pi*math.Pow(t, 0.8)))) }
		back := band([]float64{0.22, 0.2, 0.46, 0.3, 0.7, 0.28, 0.9, 0.14}, fat)
		mid := band([]float64{0.22, 0.2, 0.38, 0.48, 0.62, 0.58, 0.92, 0.48}, fat)
		front := band([]float64{0.22, 0.2, 0.24, 0.54, 0.44, 0.8, 0.76, 0.9}, fat)
		p.stack(back, mid, front)
		for _, tip := range [][2]float64{{0.9, 0.14}, {0.92, 0.48}, {0.76, 0.9}} {
			p.dot(tip[0], tip[1], 0.03)
		}
		p.line(0.22, 0.2, 0.12, 0.06) // stem
		p.detail(func() {
			p.within(front, func() { p.curve(0.22, 0.2, 0.28, 0.54, 0.46, 0.76, 0.74, 0.88) })
		})
	}),
}
