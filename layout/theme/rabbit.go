package theme

// rabbit is a rabbit's face with long ears, whiskers and two front teeth,
// and a carrot with its leaves.
var rabbit = Pair{
	Name:  "rabbit",
	Scene: scene(grass, standing(mushroom), standing(daisy), standing(tuft)),
	Start: draw(func(p *pen) {
		head := oval(0.5, 0.66, 0.29, 0.26)
		p.behind(head, func() {
			p.ellipse(0.37, 0.26, 0.09, 0.23, -0.15) // ears
			p.ellipse(0.63, 0.26, 0.09, 0.23, 0.15)
			p.detail(func() {
				p.ellipse(0.375, 0.3, 0.035, 0.15, -0.15)
				p.ellipse(0.625, 0.3, 0.035, 0.15, 0.15)
			})
		})
		p.shape(head...)
		p.eye(0.39, 0.6, 0.05)
		p.eye(0.61, 0.6, 0.05)
		p.fill(0.46, 0.69, 0.54, 0.69, 0.5, 0.73) // nose
		p.detail(func() {
			p.curve(0.42, 0.77, 0.46, 0.79, 0.5, 0.74)
			p.curve(0.5, 0.74, 0.54, 0.79, 0.58, 0.77)
			p.shape(0.46, 0.775, 0.54, 0.775, 0.54, 0.84, 0.46, 0.84) // teeth
			p.line(0.5, 0.775, 0.5, 0.84)
			p.line(0.3, 0.72, 0.06, 0.68) // whiskers
			p.line(0.3, 0.76, 0.07, 0.82)
			p.line(0.7, 0.72, 0.94, 0.68)
			p.line(0.7, 0.76, 0.93, 0.82)
		})
	}),
	Goal: draw(func(p *pen) {
		p.turned(0.5, 0.5, 0.5, func() {
			root := smooth(0.34, 0.34, 0.42, 0.29, 0.58, 0.29, 0.66, 0.34, 0.6, 0.56, 0.54, 0.8, 0.5, 0.96, 0.46, 0.8, 0.4, 0.56)
			p.shape(root...)
			p.detail(func() {
				p.line(0.37, 0.46, 0.47, 0.47)
				p.line(0.6, 0.58, 0.53, 0.59)
				p.line(0.43, 0.7, 0.49, 0.71)
			})
			p.behind(root, func() {
				p.shape(lens(0.5, 0.32, 0.3, 0.04, 0.12, 0.1)...)
				p.shape(lens(0.5, 0.32, 0.7, 0.04, 0.12, -0.1)...)
				p.shape(lens(0.5, 0.32, 0.5, 0.02, 0.13, 0)...)
			})
		})
	}),
}
