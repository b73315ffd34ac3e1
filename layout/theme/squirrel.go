package theme

// squirrel is a squirrel with a big tail, and an acorn.
var squirrel = Pair{
	Name: "squirrel",
	Start: draw(func(p *pen) {
		p.ellipse(0.4, 0.66, 0.16, 0.24, 0) // body
		p.circle(0.4, 0.32, 0.13)
		p.line(0.34, 0.22, 0.36, 0.1, 0.42, 0.2) // ear
		p.dot(0.36, 0.3, 0.03)
		p.ellipse(0.68, 0.42, 0.16, 0.34, 0.35) // tail
		p.line(0.56, 0.84, 0.66, 0.86)
	}),
	Goal: draw(func(p *pen) {
		p.ellipse(0.5, 0.62, 0.22, 0.28, 0)
		p.shape(0.22, 0.42, 0.78, 0.42, 0.7, 0.26, 0.3, 0.26) // cap
		p.line(0.5, 0.26, 0.56, 0.12)
	}),
}
