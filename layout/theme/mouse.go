package theme

// mouse is a mouse with round ears and a long tail, and a wedge of cheese.
var mouse = Pair{
	Name: "mouse",
	Start: draw(func(p *pen) {
		p.ellipse(0.45, 0.62, 0.28, 0.2, 0)
		p.circle(0.3, 0.36, 0.1) // ears
		p.circle(0.5, 0.36, 0.1)
		p.dot(0.3, 0.58, 0.035)
		p.dot(0.17, 0.64, 0.04)                              // nose
		p.line(0.73, 0.66, 0.86, 0.58, 0.9, 0.74, 0.96, 0.8) // tail
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.08, 0.82, 0.92, 0.82, 0.92, 0.5, 0.5, 0.22, 0.08, 0.5)
		p.line(0.08, 0.5, 0.92, 0.5)
		p.circle(0.3, 0.66, 0.07) // holes
		p.circle(0.62, 0.7, 0.05)
		p.circle(0.72, 0.4, 0.05)
	}),
}
