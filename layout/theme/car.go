package theme

import "math"

// car is a little round car with two windows and big wheels, and a house
// with a chimney, a round window and an arched door.
var car = Pair{
	Name:  "car",
	Scene: scene(road, standing(tree), aloft(cloud), aloft(sun)),
	Start: draw(func(p *pen) {
		wheels := [][]float64{oval(0.26, 0.74, 0.13, 0.13), oval(0.74, 0.74, 0.13, 0.13)}
		p.behind(wheels[0], func() {
			p.behind(wheels[1], func() {
				p.shape(roundRect(0.04, 0.46, 0.96, 0.76, 0.08)...)
				p.line(join(bez(0.2, 0.46, 0.24, 0.2, 0.38, 0.2), bez(0.6, 0.2, 0.7, 0.2, 0.8, 0.46))...)
			})
		})
		p.shape(wheels[0]...)
		p.shape(wheels[1]...)
		p.dot(0.26, 0.74, 0.045)
		p.dot(0.74, 0.74, 0.045)
		p.detail(func() {
			p.shape(roundRect(0.29, 0.27, 0.46, 0.42, 0.03)...)
			p.shape(0.52, 0.27, 0.6, 0.27, 0.7, 0.42, 0.52, 0.42)
			p.line(0.5, 0.54, 0.56, 0.54) // handle
		})
		p.fillEllipse(0.93, 0.54, 0.03, 0.04, 0) // headlight
	}),
	Goal: draw(func(p *pen) {
		roof := []float64{0.04, 0.54, 0.5, 0.12, 0.96, 0.54}
		p.behind(roof, func() { p.line(0.66, 0.36, 0.66, 0.16, 0.78, 0.16, 0.78, 0.46) }) // chimney
		p.shape(roof...)
		p.shape(0.14, 0.54, 0.14, 0.95, 0.86, 0.95, 0.86, 0.54)
		p.circle(0.5, 0.39, 0.07)
		p.shape(join([]float64{0.41, 0.95, 0.41, 0.74}, arcOf(0.5, 0.74, 0.09, 0.09, math.Pi, 2*math.Pi), []float64{0.59, 0.95})...)
		p.dot(0.54, 0.84, 0.022)
		for _, x := range []float64{0.2, 0.66} {
			p.shape(x, 0.62, x+0.14, 0.62, x+0.14, 0.76, x, 0.76)
			p.detail(func() {
				p.line(x+0.07, 0.62, x+0.07, 0.76)
				p.line(x, 0.69, x+0.14, 0.69)
			})
		}
		p.detail(func() { p.curve(0.72, 0.12, 0.76, 0.08, 0.72, 0.05, 0.78, 0.02) }) // smoke
	}),
}
