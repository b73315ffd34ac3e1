package theme

// bird is a little bird, and its nest of eggs.
var bird = Pair{
	Name: "bird",
	Start: draw(func(p *pen) {
		p.circle(0.46, 0.55, 0.26)
		p.shape(0.72, 0.48, 0.92, 0.54, 0.72, 0.6) // beak
		p.dot(0.58, 0.46, 0.04)
		p.arc(0.4, 0.58, 0.14, 0.1, 0, 3.1416) // wing
		p.line(0.2, 0.55, 0.06, 0.42)
		p.line(0.4, 0.81, 0.4, 0.94)
		p.line(0.52, 0.81, 0.52, 0.94)
	}),
	Goal: draw(func(p *pen) {
		p.ellipse(0.36, 0.44, 0.1, 0.14, 0) // eggs
		p.ellipse(0.62, 0.44, 0.1, 0.14, 0)
		p.arc(0.5, 0.52, 0.42, 0.36, 0, 3.1416) // the nest
		p.line(0.08, 0.52, 0.92, 0.52)
		p.line(0.16, 0.64, 0.84, 0.7)
		p.line(0.2, 0.76, 0.78, 0.72)
	}),
}
