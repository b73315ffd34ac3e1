package theme

import "math"

// frog is a frog's face, its eyes bulging above a wide smile, and a lily
// pad with its notch, a water lily on it and ripples beside it.
var frog = Pair{
	Name:  "frog",
	Scene: scene(waves, aloft(cloud), standing(tuft), about(bubbles)),
	Start: draw(func(p *pen) {
		head := oval(0.5, 0.62, 0.44, 0.27)
		l, r := oval(0.29, 0.36, 0.15, 0.15), oval(0.71, 0.36, 0.15, 0.15)
		p.behind(l, func() {
			p.behind(r, func() { p.shape(head...) })
		})
		p.behind(head, func() {
			p.shape(l...)
			p.shape(r...)
		})
		p.eye(0.3, 0.37, 0.07)
		p.eye(0.7, 0.37, 0.07)
		p.curve(0.24, 0.62, 0.36, 0.74, 0.5, 0.76, 0.64, 0.74, 0.76, 0.62) // smile
		p.dot(0.45, 0.56, 0.02)                                            // nostrils
		p.dot(0.55, 0.56, 0.02)
		p.detail(func() {
			p.arc(0.16, 0.66, 0.06, 0.04, -1, 1)
			p.arc(0.84, 0.66, 0.06, 0.04, math.Pi-1, math.Pi+1)
		})
	}),
	Goal: draw(func(p *pen) {
		const cx, cy, rx, ry = 0.5, 0.72, 0.46, 0.21
		a0, a1 := 0.3, 0.6 // the notch, towards the front right
		ax, ay := cx+0.04, cy+0.02
		pad := join([]float64{ax, ay}, ellipsePoints(cx, cy, rx, ry, 0, a1, a0+2*math.Pi, 40))
		// The water lily, its petals in front of the pad.
		const fx, fy = 0.42, 0.64
		petals := [][]float64{
			lens(fx, fy, fx-0.24, fy-0.14, 0.14, 0),
			lens(fx, fy, fx+0.24, fy-0.14, 0.14, 0),
			lens(fx, fy, fx-0.14, fy-0.34, 0.15, 0),
			lens(fx, fy, fx+0.14, fy-0.34, 0.15, 0),
			lens(fx, fy+0.01, fx, fy-0.44, 0.17, 0),
		}
		p.stack(append([][]float64{pad}, petals...)...)
		p.detail(func() {
			p.arc(0.16, 0.97, 0.12, 0.03, math.Pi+0.5, 2*math.Pi-0.5) // ripples
			p.arc(0.84, 0.97, 0.12, 0.03, math.Pi+0.5, 2*math.Pi-0.5)
		})
	}),
}
