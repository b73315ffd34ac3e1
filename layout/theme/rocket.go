package theme

// rocket is a rocket with a window, fins and a flame, and a ringed planet.
var rocket = Pair{
	Name: "rocket",
	Start: draw(func(p *pen) {
		p.shape(0.5, 0.04, 0.66, 0.28, 0.66, 0.72, 0.34, 0.72, 0.34, 0.28)
		p.circle(0.5, 0.38, 0.08)
		p.shape(0.34, 0.52, 0.18, 0.78, 0.34, 0.72) // fins
		p.shape(0.66, 0.52, 0.82, 0.78, 0.66, 0.72)
		p.line(0.42, 0.74, 0.45, 0.94, 0.5, 0.82, 0.55, 0.94, 0.58, 0.74) // flame
	}),
	Goal: draw(func(p *pen) {
		p.circle(0.5, 0.52, 0.26)
		p.arc(0.5, 0.56, 0.46, 0.13, -0.35, 3.5) // the ring's front
		p.dot(0.14, 0.14, 0.03)
		p.dot(0.86, 0.2, 0.03)
		p.dot(0.8, 0.9, 0.03)
	}),
}
