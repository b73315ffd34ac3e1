package theme

// frog is a frog's face, and a lily pad with a flower.
var frog = Pair{
	Name: "frog",
	Start: draw(func(p *pen) {
		p.ellipse(0.5, 0.62, 0.4, 0.26, 0)
		p.circle(0.3, 0.34, 0.12) // eyes
		p.circle(0.7, 0.34, 0.12)
		p.dot(0.3, 0.34, 0.05)
		p.dot(0.7, 0.34, 0.05)
		p.arc(0.5, 0.6, 0.24, 0.14, 0.3, 2.84) // smile
	}),
	Goal: draw(func(p *pen) {
		p.line(0.5, 0.6, 0.86, 0.42)
		p.arc(0.5, 0.6, 0.42, 0.3, -0.45, 5.5)
		p.line(0.5, 0.6, 0.5, 0.3) // and back to the middle
		p.circle(0.5, 0.22, 0.1)   // flower
		p.dot(0.5, 0.22, 0.04)
	}),
}
