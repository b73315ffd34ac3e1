package theme

import "math"

// dog is a puppy's face with black floppy ears and its tongue out, and a
// bone.
var dog = Pair{
	Name:  "dog",
	Scene: scene(grass, standing(tree), standing(daisy), about(heart)),
	Start: draw(func(p *pen) {
		p.ellipse(0.5, 0.55, 0.3, 0.29, 0)
		p.fillBlob(0.3, 0.3, 0.18, 0.3, 0.07, 0.44, 0.06, 0.62, 0.14, 0.7, 0.22, 0.6, 0.26, 0.44) // ears
		p.fillBlob(0.7, 0.3, 0.82, 0.3, 0.93, 0.44, 0.94, 0.62, 0.86, 0.7, 0.78, 0.6, 0.74, 0.44)
		p.eye(0.39, 0.48, 0.05)
		p.eye(0.61, 0.48, 0.05)
		p.fillEllipse(0.5, 0.61, 0.075, 0.05, 0) // nose
		p.detail(func() {
			p.line(0.5, 0.64, 0.5, 0.7)
			p.curve(0.39, 0.68, 0.44, 0.72, 0.5, 0.7, 0.56, 0.72, 0.61, 0.68)
			p.line(join([]float64{0.45, 0.715}, arcOf(0.5, 0.76, 0.05, 0.06, math.Pi, 0), []float64{0.55, 0.715})...) // tongue
		})
	}),
	Goal: draw(func(p *pen) {
		// Two knobs at each end of a shaft, as one outline.
		const r, dy, half = 0.12, 0.1, 0.055
		knob := func(cx, cy float64) []float64 { return oval(cx, cy, r, r) }
		shaft := []float64{0.2, 0.5 - half, 0.8, 0.5 - half, 0.8, 0.5 + half, 0.2, 0.5 + half}
		p.union(knob(0.2, 0.5-dy), knob(0.2, 0.5+dy), knob(0.8, 0.5-dy), knob(0.8, 0.5+dy), shaft)
	}),
}
