package theme

import "math"

// cow is a cow's face with horns, ears, black patches and a big muzzle,
// and a barn with its hayloft and its cross-braced doors.
var cow = Pair{
	Name:  "cow",
	Scene: scene(fence, standing(daisy), aloft(cloud), aloft(sun)),
	Start: draw(func(p *pen) {
		head := smooth(0.5, 0.18, 0.7, 0.22, 0.74, 0.44, 0.7, 0.64, 0.5, 0.68, 0.3, 0.64, 0.26, 0.44, 0.3, 0.22)
		muzzle := oval(0.5, 0.74, 0.24, 0.16)
		ears := [][]float64{lens(0.3, 0.34, 0.04, 0.4, 0.14, 0.1), lens(0.7, 0.34, 0.96, 0.4, 0.14, -0.1)}
		horns := [][]float64{
			band([]float64{0.36, 0.22, 0.3, 0.12, 0.22, 0.08}, func(t float64) float64 { return float64(0.07 * (1 - float64(0.7*t))) }),
			band([]float64{0.64, 0.22, 0.7, 0.12, 0.78, 0.08}, func(t float64) float64 { return float64(0.07 * (1 - float64(0.7*t))) }),
		}
		p.stack(horns[0], horns[1], ears[0], ears[1], head, muzzle)
		p.fill(smooth(0.29, 0.25, 0.38, 0.19, 0.48, 0.21, 0.46, 0.31, 0.36, 0.34)...) // patches
		p.fill(smooth(0.65, 0.52, 0.72, 0.5, 0.74, 0.6, 0.67, 0.62)...)
		p.eye(0.4, 0.44, 0.05)
		p.eye(0.6, 0.44, 0.05)
		p.fillEllipse(0.42, 0.74, 0.035, 0.045, 0) // nostrils
		p.fillEllipse(0.58, 0.74, 0.035, 0.045, 0)
		p.detail(func() { p.arc(0.5, 0.78, 0.1, 0.06, 0.5, math.Pi-0.5) })
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.1, 0.95, 0.1, 0.46, 0.22, 0.22, 0.5, 0.08, 0.78, 0.22, 0.9, 0.46, 0.9, 0.95)
		p.line(0.04, 0.5, 0.1, 0.46)
		p.line(0.96, 0.5, 0.9, 0.46)
		p.shape(0.42, 0.26, 0.58, 0.26, 0.58, 0.4, 0.42, 0.4)   // hayloft
		p.shape(0.26, 0.95, 0.26, 0.56, 0.74, 0.56, 0.74, 0.95) // doors
		p.line(0.5, 0.56, 0.5, 0.95)
		p.detail(func() {
			p.line(0.26, 0.56, 0.5, 0.95)
			p.line(0.5, 0.56, 0.26, 0.95)
			p.line(0.5, 0.56, 0.74, 0.95)
			p.line(0.74, 0.56, 0.5, 0.95)
			p.line(0.42, 0.33, 0.58, 0.33)
		})
		p.line(0.02, 0.95, 0.98, 0.95)
	}),
}
