package theme

// car is a little car, and a house with a door and a window.
var car = Pair{
	Name: "car",
	Start: draw(func(p *pen) {
		p.shape(0.06, 0.7, 0.06, 0.5, 0.26, 0.46, 0.36, 0.28, 0.68, 0.28, 0.8, 0.46, 0.94, 0.5, 0.94, 0.7)
		p.line(0.52, 0.3, 0.52, 0.46)
		p.line(0.3, 0.46, 0.76, 0.46)
		p.circle(0.27, 0.72, 0.1) // wheels
		p.circle(0.73, 0.72, 0.1)
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.16, 0.92, 0.16, 0.46, 0.84, 0.46, 0.84, 0.92)
		p.shape(0.06, 0.5, 0.5, 0.1, 0.94, 0.5) // roof
		p.shape(0.42, 0.92, 0.42, 0.66, 0.58, 0.66, 0.58, 0.92)
		p.shape(0.24, 0.56, 0.36, 0.56, 0.36, 0.68, 0.24, 0.68)
		p.shape(0.64, 0.56, 0.76, 0.56, 0.76, 0.68, 0.64, 0.68)
	}),
}
