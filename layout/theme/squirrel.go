package theme

// squirrel is a squirrel sitting up, its big bushy tail curling over its
// back, and an acorn in its scaly cap.
var squirrel = Pair{
	Name:  "squirrel",
	Scene: scene(grass, standing(pine), about(leaf), standing(mushroom)),
	Start: draw(func(p *pen) {
		tail := smooth(0.56, 0.9, 0.8, 0.88, 0.95, 0.68, 0.95, 0.42, 0.87, 0.2, 0.73, 0.07, 0.57, 0.06, 0.49, 0.15, 0.58, 0.23, 0.69, 0.3, 0.72, 0.46, 0.66, 0.62, 0.6, 0.72)
		body := smooth(0.34, 0.5, 0.52, 0.52, 0.63, 0.68, 0.61, 0.86, 0.46, 0.94, 0.3, 0.92, 0.24, 0.76, 0.27, 0.6)
		ear := smoothOpen(0.32, 0.3, 0.34, 0.16, 0.4, 0.08, 0.44, 0.18, 0.46, 0.32)
		head := smooth(0.46, 0.27, 0.49, 0.42, 0.38, 0.53, 0.2, 0.54, 0.07, 0.46, 0.09, 0.35, 0.24, 0.25)
		p.stack(tail, body, ear, head)
		p.detail(func() {
			p.behind(body, func() {
				p.within(tail, func() { p.curve(0.66, 0.8, 0.84, 0.7, 0.86, 0.44, 0.78, 0.22, 0.66, 0.16) })
			})
			p.curve(0.36, 0.62, 0.26, 0.66, 0.2, 0.62) // paw
			p.ellipse(0.3, 0.93, 0.09, 0.035, 0)       // foot
		})
		p.eye(0.22, 0.38, 0.05)
		p.dot(0.075, 0.455, 0.03) // nose
	}),
	Goal: draw(func(p *pen) {
		p.turned(0.25, 0.5, 0.55, func() {
			cap := join(arcOf(0.5, 0.5, 0.37, 0.3, 3.1416, 6.2832), bez(0.87, 0.5, 0.5, 0.62, 0.13, 0.5))
			nut := smoothOpen(0.2, 0.52, 0.22, 0.72, 0.34, 0.87, 0.5, 0.96, 0.66, 0.87, 0.78, 0.72, 0.8, 0.52)
			p.stack(nut, cap)
			p.detail(func() {
				p.within(cap, func() {
					for x := -0.3; x < 1.2; x += 0.1 {
						p.line(x, 0.16, x+0.4, 0.62)
						p.line(x, 0.16, x-0.4, 0.62)
					}
				})
				p.curve(0.3, 0.64, 0.32, 0.76, 0.4, 0.85) // shine
			})
			p.curve(0.5, 0.21, 0.51, 0.12, 0.58, 0.05) // stem
		})
	}),
}
