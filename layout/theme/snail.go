package theme

import "math"

// snail is a smiling snail with a spiral shell and eyes on stalks, and a
// strawberry with its seeds and leaves.
var snail = Pair{
	Name:  "snail",
	Scene: scene(grass, about(leaf), standing(mushroom), standing(daisy)),
	Start: draw(func(p *pen) {
		shell := oval(0.56, 0.5, 0.3, 0.3)
		foot := join(smoothOpen(0.96, 0.88, 0.8, 0.82, 0.5, 0.8, 0.3, 0.78, 0.26, 0.64, 0.18, 0.56, 0.1, 0.6, 0.08, 0.74, 0.14, 0.88), []float64{0.5, 0.89})
		p.behind(shell, func() { p.shape(foot...) })
		p.shape(shell...)
		// A spiral from the middle out.
		var sp []float64
		for a := 0.0; a <= 4.2*math.Pi; a += 0.15 {
			r := float64(0.021 * a)
			sp = append(sp, 0.58+float64(r*math.Cos(a+1)), 0.52+float64(r*math.Sin(a+1)))
		}
		p.line(sp...)
		p.line(0.14, 0.58, 0.08, 0.36) // stalks
		p.line(0.2, 0.57, 0.22, 0.36)
		p.eye(0.08, 0.34, 0.045)
		p.eye(0.22, 0.34, 0.045)
		p.detail(func() { p.curve(0.1, 0.72, 0.14, 0.75, 0.19, 0.72) })
	}),
	Goal: draw(func(p *pen) {
		p.shape(smooth(0.5, 0.3, 0.74, 0.24, 0.88, 0.36, 0.82, 0.6, 0.64, 0.82, 0.5, 0.95, 0.36, 0.82, 0.18, 0.6, 0.12, 0.36, 0.26, 0.24)...)
		p.fill(0.22, 0.24, 0.38, 0.25, 0.34, 0.38, 0.5, 0.29, 0.66, 0.38, 0.62, 0.25, 0.78, 0.24, 0.6, 0.18, 0.5, 0.14, 0.4, 0.18) // leaves
		p.line(0.5, 0.16, 0.54, 0.04)                                                                                              // stem
		for _, s := range [][2]float64{{0.3, 0.46}, {0.5, 0.44}, {0.7, 0.46}, {0.4, 0.58}, {0.6, 0.58}, {0.3, 0.66}, {0.5, 0.7}, {0.7, 0.66}, {0.42, 0.8}, {0.58, 0.8}} {
			p.fillEllipse(s[0], s[1], 0.022, 0.032, 0) // seeds
		}
	}),
}
