package theme

// rabbit is a rabbit's face with long ears, and a carrot.
var rabbit = Pair{
	Name: "rabbit",
	Start: draw(func(p *pen) {
		p.circle(0.5, 0.66, 0.24)
		p.ellipse(0.38, 0.26, 0.08, 0.22, -0.15) // ears
		p.ellipse(0.62, 0.26, 0.08, 0.22, 0.15)
		p.dot(0.42, 0.62, 0.035)
		p.dot(0.58, 0.62, 0.035)
		p.line(0.46, 0.74, 0.5, 0.77, 0.54, 0.74)
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.38, 0.3, 0.62, 0.3, 0.52, 0.96)
		p.line(0.42, 0.46, 0.5, 0.46)
		p.line(0.46, 0.62, 0.54, 0.62)
		p.line(0.5, 0.3, 0.36, 0.06) // leaves
		p.line(0.5, 0.3, 0.5, 0.04)
		p.line(0.5, 0.3, 0.64, 0.06)
	}),
}
