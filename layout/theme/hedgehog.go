package theme

import "math"

// hedgehog is a hedgehog, its back all spines, with a pointed snout, and
// an apple with a leaf on its stalk.
var hedgehog = Pair{
	Name:  "hedgehog",
	Scene: scene(grass, about(leaf), standing(mushroom), standing(pine)),
	Start: draw(func(p *pen) {
		// The spines: a zigzag over the back, from the tail round to the
		// brow; then the face down to the snout, and the belly back.
		const cx, cy, n = 0.46, 0.68, 16
		var spines []float64
		for k := range n + 1 {
			a := math.Pi + (math.Pi-0.62)*float64(k)/n
			r := 1.0
			if k%2 == 1 {
				r = 1.3
			}
			spines = append(spines, cx+float64(0.34*r*math.Cos(a)), cy+float64(0.4*r*math.Sin(a)))
		}
		ex, ey := spines[len(spines)-2], spines[len(spines)-1]
		p.shape(join(spines,
			smoothOpen(ex, ey, 0.84, 0.58, 0.96, 0.72, 0.86, 0.8, 0.72, 0.85),
			bez(0.72, 0.85, 0.42, 0.9, 0.12, 0.8))...)
		p.detail(func() { p.curve(ex, ey, 0.68, 0.64, 0.7, 0.84) })
		p.eye(0.79, 0.63, 0.045)
		p.dot(0.955, 0.72, 0.035)                // nose
		p.fillEllipse(0.32, 0.89, 0.06, 0.03, 0) // feet
		p.fillEllipse(0.6, 0.9, 0.06, 0.03, 0)
	}),
	Goal: draw(func(p *pen) {
		apple := smooth(0.5, 0.3, 0.66, 0.22, 0.84, 0.3, 0.9, 0.52, 0.82, 0.78, 0.64, 0.92, 0.5, 0.88, 0.36, 0.92, 0.18, 0.78, 0.1, 0.52, 0.16, 0.3, 0.34, 0.22)
		p.shape(apple...)
		p.curve(0.5, 0.3, 0.5, 0.18, 0.55, 0.06) // stalk
		p.shape(lens(0.52, 0.16, 0.78, 0.08, 0.12, 0.15)...)
		p.detail(func() {
			p.curve(0.22, 0.46, 0.24, 0.36, 0.3, 0.31) // shine
		})
	}),
}
