package theme

// robot is a friendly robot with an aerial, and a battery full of
// lightning.
var robot = Pair{
	Name:  "robot",
	Scene: scene(craters, about(gear), aloft(twinkle), aloft(planet)),
	Start: draw(func(p *pen) {
		p.shape(roundRect(0.28, 0.14, 0.72, 0.44, 0.06)...) // head
		p.line(0.5, 0.14, 0.5, 0.06)
		p.dot(0.5, 0.05, 0.04)
		p.shape(0.22, 0.24, 0.28, 0.24, 0.28, 0.34, 0.22, 0.34) // ears
		p.shape(0.72, 0.24, 0.78, 0.24, 0.78, 0.34, 0.72, 0.34)
		p.eye(0.4, 0.27, 0.05)
		p.eye(0.6, 0.27, 0.05)
		p.detail(func() {
			p.shape(roundRect(0.4, 0.35, 0.6, 0.4, 0.02)...)
			p.line(0.45, 0.35, 0.45, 0.4)
			p.line(0.5, 0.35, 0.5, 0.4)
			p.line(0.55, 0.35, 0.55, 0.4)
		})
		p.shape(roundRect(0.26, 0.48, 0.74, 0.8, 0.05)...) // body
		p.line(0.46, 0.44, 0.46, 0.48)
		p.line(0.54, 0.44, 0.54, 0.48)
		p.circle(0.42, 0.6, 0.05)
		p.dot(0.6, 0.58, 0.025)
		p.dot(0.6, 0.68, 0.025)
		p.detail(func() { p.line(0.36, 0.72, 0.5, 0.72) })
		p.line(0.26, 0.54, 0.12, 0.7) // arms
		p.line(0.74, 0.54, 0.88, 0.7)
		p.circle(0.1, 0.74, 0.045)
		p.circle(0.9, 0.74, 0.045)
		p.line(0.38, 0.8, 0.38, 0.93, 0.3, 0.93) // legs
		p.line(0.62, 0.8, 0.62, 0.93, 0.7, 0.93)
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.42, 0.16, 0.42, 0.08, 0.58, 0.08, 0.58, 0.16) // the terminal
		p.shape(roundRect(0.26, 0.16, 0.74, 0.94, 0.07)...)
		p.fill(join(arcOf(0.67, 0.23, 0.07, 0.07, -1.5708, 0), []float64{0.74, 0.32, 0.26, 0.32}, arcOf(0.33, 0.23, 0.07, 0.07, 3.1416, 4.7124))...) // its black top
		p.fill(0.54, 0.42, 0.38, 0.64, 0.5, 0.64, 0.44, 0.86, 0.62, 0.6, 0.5, 0.6, 0.58, 0.42)                                                       // lightning
	}),
}
