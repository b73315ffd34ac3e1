package theme

// pirate is a sailing ship, and a treasure chest.
var pirate = Pair{
	Name: "pirate",
	Start: draw(func(p *pen) {
		p.shape(0.08, 0.66, 0.92, 0.66, 0.78, 0.88, 0.22, 0.88) // hull
		p.line(0.5, 0.66, 0.5, 0.06)
		p.shape(0.5, 0.12, 0.84, 0.56, 0.5, 0.56) // sail
		p.shape(0.5, 0.06, 0.32, 0.11, 0.5, 0.16) // flag
		p.line(0.02, 0.95, 0.2, 0.93, 0.4, 0.95, 0.6, 0.93, 0.8, 0.95, 0.98, 0.93)
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.12, 0.46, 0.88, 0.46, 0.88, 0.9, 0.12, 0.9)
		p.arc(0.5, 0.46, 0.38, 0.22, 3.1416, 6.2832) // lid
		p.line(0.12, 0.58, 0.88, 0.58)
		p.dot(0.5, 0.66, 0.05) // lock
	}),
}
