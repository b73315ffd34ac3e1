package theme

// dog is a puppy's face with floppy ears, and a bone.
var dog = Pair{
	Name: "dog",
	Start: draw(func(p *pen) {
		p.circle(0.5, 0.52, 0.28)
		p.ellipse(0.2, 0.5, 0.09, 0.22, 0.25) // ears
		p.ellipse(0.8, 0.5, 0.09, 0.22, -0.25)
		p.dot(0.41, 0.46, 0.04)
		p.dot(0.59, 0.46, 0.04)
		p.dot(0.5, 0.6, 0.06) // nose
		p.line(0.42, 0.7, 0.5, 0.74, 0.58, 0.7)
	}),
	Goal: draw(func(p *pen) {
		p.circle(0.2, 0.38, 0.1)
		p.circle(0.2, 0.6, 0.1)
		p.circle(0.8, 0.38, 0.1)
		p.circle(0.8, 0.6, 0.1)
		p.line(0.28, 0.42, 0.72, 0.42)
		p.line(0.28, 0.56, 0.72, 0.56)
	}),
}
