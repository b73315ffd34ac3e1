package theme

// bear is a teddy bear's face with round ears and a muzzle, and a pot of
// honey dripping over its rim.
var bear = Pair{
	Name:  "bear",
	Scene: scene(grass, standing(pine), standing(mushroom), aloft(cloud)),
	Start: draw(func(p *pen) {
		head := oval(0.5, 0.57, 0.36, 0.33)
		p.behind(head, func() {
			p.circle(0.2, 0.26, 0.13)
			p.circle(0.8, 0.26, 0.13)
			p.detail(func() {
				p.circle(0.21, 0.27, 0.065)
				p.circle(0.79, 0.27, 0.065)
			})
		})
		p.shape(head...)
		p.ellipse(0.5, 0.7, 0.16, 0.12, 0) // muzzle
		p.eye(0.37, 0.5, 0.05)
		p.eye(0.63, 0.5, 0.05)
		p.fillEllipse(0.5, 0.64, 0.065, 0.042, 0) // nose
		p.detail(func() {
			p.line(0.5, 0.67, 0.5, 0.73)
			p.curve(0.42, 0.72, 0.46, 0.76, 0.5, 0.73, 0.54, 0.76, 0.58, 0.72)
		})
	}),
	Goal: draw(func(p *pen) {
		pot := smooth(0.3, 0.32, 0.16, 0.46, 0.12, 0.66, 0.22, 0.88, 0.5, 0.95, 0.78, 0.88, 0.88, 0.66, 0.84, 0.46, 0.7, 0.32)
		rim := roundRect(0.22, 0.2, 0.78, 0.32, 0.05)
		p.stack(pot, rim)
		// Honey running down from under the rim.
		p.fill(join([]float64{0.26, 0.32, 0.74, 0.32}, smoothOpen(0.74, 0.32, 0.72, 0.4, 0.66, 0.41, 0.63, 0.52, 0.58, 0.44, 0.5, 0.42, 0.44, 0.43, 0.4, 0.56, 0.34, 0.44, 0.28, 0.4, 0.26, 0.32))...)
		p.detail(func() {
			p.shape(roundRect(0.3, 0.58, 0.7, 0.78, 0.04)...) // its label
			p.line(0.38, 0.68, 0.62, 0.68)
		})
	}),
}
