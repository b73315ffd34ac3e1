package theme

// dinosaur is a long-necked dinosaur with spots on its back, and a
// volcano smoking and running with lava.
var dinosaur = Pair{
	Name:  "dinosaur",
	Scene: scene(grass, standing(pine), about(leaf), aloft(cloud)),
	Start: draw(func(p *pen) {
		body := join(
			smoothOpen(0.03, 0.8, 0.14, 0.68, 0.3, 0.5, 0.48, 0.44, 0.62, 0.48, 0.7, 0.32, 0.73, 0.16, 0.82, 0.08, 0.94, 0.11, 0.96, 0.18, 0.88, 0.21, 0.81, 0.28, 0.79, 0.46, 0.78, 0.62),
			[]float64{0.76, 0.92, 0.64, 0.92, 0.63, 0.76},
			bez(0.63, 0.76, 0.52, 0.8, 0.42, 0.76),
			[]float64{0.41, 0.92, 0.29, 0.92, 0.28, 0.74},
			bez(0.28, 0.74, 0.14, 0.76, 0.03, 0.8),
		)
		p.shape(body...)
		p.eye(0.85, 0.13, 0.03)
		p.detail(func() { p.curve(0.9, 0.18, 0.93, 0.18, 0.95, 0.16) })
		for _, s := range [][3]float64{{0.4, 0.54, 0.04}, {0.52, 0.52, 0.035}, {0.3, 0.61, 0.03}} {
			p.dot(s[0], s[1], s[2])
		}
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.04, 0.94, 0.34, 0.42, 0.66, 0.42, 0.96, 0.94)
		// Lava over the crater's lip, running down.
		p.fill(join([]float64{0.34, 0.42, 0.66, 0.42}, smoothOpen(0.66, 0.42, 0.7, 0.5, 0.66, 0.6, 0.61, 0.5, 0.56, 0.5, 0.52, 0.66, 0.47, 0.52, 0.42, 0.5, 0.38, 0.56, 0.34, 0.42))...)
		p.shape(scallop(0.5, 0.22, 0.1, 0.05, 5, 0, 2*3.14159265358979)...) // smoke
		p.detail(func() {
			p.line(0.22, 0.36, 0.14, 0.3) // sparks
			p.line(0.78, 0.36, 0.86, 0.3)
		})
		p.dot(0.12, 0.2, 0.03)
		p.dot(0.88, 0.2, 0.03)
	}),
}
