package theme

// penguin is a penguin, and an igloo.
var penguin = Pair{
	Name: "penguin",
	Start: draw(func(p *pen) {
		p.ellipse(0.5, 0.56, 0.26, 0.38, 0)
		p.ellipse(0.5, 0.64, 0.15, 0.26, 0) // belly
		p.dot(0.43, 0.32, 0.035)
		p.dot(0.57, 0.32, 0.035)
		p.shape(0.44, 0.4, 0.56, 0.4, 0.5, 0.48) // beak
		p.line(0.4, 0.94, 0.32, 0.98)
		p.line(0.6, 0.94, 0.68, 0.98)
	}),
	Goal: draw(func(p *pen) {
		p.arc(0.5, 0.86, 0.42, 0.56, 3.1416, 6.2832) // dome
		p.line(0.08, 0.86, 0.92, 0.86)
		p.arc(0.5, 0.86, 0.14, 0.2, 3.1416, 6.2832) // door
		p.line(0.14, 0.62, 0.86, 0.62)              // blocks
		p.line(0.3, 0.44, 0.7, 0.44)
	}),
}
