package theme

// bird is a round little bird with a crest, a wing and a tail, and its
// woven nest of eggs.
var bird = Pair{
	Name:  "bird",
	Scene: scene(grass, standing(tree), aloft(cloud), aloft(sun)),
	Start: draw(func(p *pen) {
		body := oval(0.48, 0.56, 0.3, 0.27)
		p.behind(body, func() {
			p.shape(0.24, 0.52, 0.04, 0.36, 0.06, 0.5, 0.03, 0.62, 0.24, 0.64) // tail
			p.shape(lens(0.5, 0.32, 0.56, 0.1, 0.1, -0.25)...)                 // crest
		})
		p.shape(body...)
		p.fill(0.76, 0.46, 0.94, 0.52, 0.76, 0.58) // beak
		p.eye(0.62, 0.47, 0.05)
		p.detail(func() {
			p.shape(join(smoothOpen(0.54, 0.63, 0.42, 0.57, 0.3, 0.58, 0.19, 0.63), // wing, its feathers at its edge
				bez(0.19, 0.63, 0.25, 0.74, 0.33, 0.69), bez(0.33, 0.69, 0.39, 0.79, 0.46, 0.73), bez(0.46, 0.73, 0.57, 0.75, 0.54, 0.63))...)
		})
		p.line(0.42, 0.83, 0.4, 0.95, 0.34, 0.96) // legs
		p.line(0.54, 0.83, 0.54, 0.95, 0.6, 0.96)
	}),
	Goal: draw(func(p *pen) {
		rim := bez(0.06, 0.5, 0.5, 0.62, 0.94, 0.5)
		nest := join(rim, arcOf(0.5, 0.5, 0.44, 0.4, 0, 3.1416))
		egg := func(cx, cy float64) []float64 { return oval(cx, cy, 0.11, 0.15) }
		left, mid, right := egg(0.3, 0.42), egg(0.5, 0.36), egg(0.7, 0.42)
		p.behind(nest, func() {
			p.behind(left, func() {
				p.behind(right, func() { p.shape(mid...) })
			})
			p.shape(left...)
			p.shape(right...)
		})
		p.shape(nest...)
		p.detail(func() {
			p.within(nest, func() {
				p.arc(0.5, 0.46, 0.36, 0.3, 0.3, 2.84)
				p.arc(0.5, 0.42, 0.26, 0.22, 0.5, 2.64)
			})
			p.line(0.08, 0.52, 0.02, 0.44) // twigs
			p.line(0.92, 0.52, 0.98, 0.46)
		})
	}),
}
