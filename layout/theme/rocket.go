package theme

import "math"

// rocket is a rocket with a round window, black fins and a flame, and a
// ringed planet among four-pointed twinkles (a rating is five-pointed
// stars: no goal looks like one).
var rocket = Pair{
	Name:  "rocket",
	Scene: scene(craters, aloft(twinkle), aloft(moon)),
	Start: draw(func(p *pen) {
		body := smooth(0.5, 0.03, 0.6, 0.14, 0.66, 0.34, 0.65, 0.58, 0.6, 0.74, 0.4, 0.74, 0.35, 0.58, 0.34, 0.34, 0.4, 0.14)
		p.fill(0.36, 0.5, 0.2, 0.66, 0.18, 0.84, 0.38, 0.72) // fins
		p.fill(0.64, 0.5, 0.8, 0.66, 0.82, 0.84, 0.62, 0.72)
		p.shape(body...)
		p.circle(0.5, 0.36, 0.09)
		p.detail(func() {
			p.within(body, func() { p.line(0.3, 0.6, 0.7, 0.6) })
			p.curve(0.45, 0.77, 0.5, 0.87, 0.55, 0.77) // the flame's heart
		})
		p.curve(0.41, 0.76, 0.43, 0.86, 0.5, 0.97, 0.57, 0.86, 0.59, 0.76) // flame
	}),
	Goal: draw(func(p *pen) {
		const cx, cy, r, tilt = 0.48, 0.52, 0.26, -0.3
		planet := oval(cx, cy, r, r)
		ring := func(rx, ry float64) []float64 { return ellipsePoints(cx, cy, rx, ry, tilt, 0, 2*math.Pi, 64) }
		outer, inner := ring(0.46, 0.14), ring(0.36, 0.08)
		// The front of the ring band, in front of the planet.
		front := join(ellipsePoints(cx, cy, 0.46, 0.14, tilt, 0, math.Pi, 32), ellipsePoints(cx, cy, 0.36, 0.08, tilt, math.Pi, 0, 32))
		p.behind(front, func() {
			p.shape(planet...)
			p.detail(func() {
				p.within(planet, func() {
					p.curve(0.22, 0.38, 0.4, 0.34, 0.6, 0.3, 0.74, 0.34)
					p.curve(0.26, 0.7, 0.46, 0.7, 0.66, 0.62, 0.76, 0.58)
				})
			})
		})
		p.behind(planet, func() {
			p.shape(outer...)
			p.shape(inner...)
		})
		p.line(ellipsePoints(cx, cy, 0.46, 0.14, tilt, 0, math.Pi, 32)...)
		p.line(ellipsePoints(cx, cy, 0.36, 0.08, tilt, 0, math.Pi, 32)...)
		p.fill(star(0.14, 0.14, 0.09, 0.03, 4)...)
		p.fill(star(0.86, 0.12, 0.06, 0.02, 4)...)
		p.fill(star(0.84, 0.86, 0.08, 0.025, 4)...)
		p.dot(0.12, 0.84, 0.03)
	}),
}
