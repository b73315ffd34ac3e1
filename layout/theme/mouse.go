package theme

// mouse is a mouse with big round ears, an eye, whiskers and a curly
// tail, and a wedge of cheese full of holes.
var mouse = Pair{
	Name:  "mouse",
	Scene: scene(grass, standing(mushroom), standing(daisy), standing(tuft)),
	Start: draw(func(p *pen) {
		body := smooth(0.08, 0.66, 0.2, 0.52, 0.4, 0.44, 0.6, 0.46, 0.74, 0.58, 0.76, 0.74, 0.64, 0.84, 0.4, 0.85, 0.2, 0.79)
		ear, far := oval(0.44, 0.4, 0.15, 0.15), oval(0.64, 0.36, 0.12, 0.12)
		p.behind(body, func() {
			p.curve(0.72, 0.78, 0.84, 0.82, 0.92, 0.74, 0.9, 0.62, 0.96, 0.52) // tail
		})
		p.stack(far, body, ear)
		p.detail(func() {
			p.within(ear, func() { p.arc(0.45, 0.41, 0.08, 0.08, 2.6, 5.6) })
			p.line(0.14, 0.66, 0.02, 0.6) // whiskers
			p.line(0.14, 0.69, 0.03, 0.74)
			p.curve(0.42, 0.85, 0.44, 0.9, 0.5, 0.9) // feet
			p.curve(0.56, 0.85, 0.58, 0.9, 0.64, 0.9)
		})
		p.eye(0.27, 0.58, 0.05)
		p.dot(0.08, 0.66, 0.04) // nose
	}),
	Goal: draw(func(p *pen) {
		const top = 0.5
		p.shape(0.06, top, 0.3, 0.16, 0.94, top, 0.94, 0.86, 0.06, 0.86)
		p.line(0.06, top, 0.94, top)
		p.circle(0.27, 0.67, 0.08)
		p.circle(0.58, 0.73, 0.06)
		p.circle(0.8, 0.61, 0.05)
		p.detail(func() {
			p.ellipse(0.38, 0.38, 0.07, 0.035, 0)
			p.ellipse(0.62, 0.43, 0.05, 0.025, 0)
		})
	}),
}
