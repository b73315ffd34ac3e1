package theme

// bird is a round little bird with a crest, a wing and a tail, and its
// woven nest of eggs.
var bird = Pair{
	Name: "bird",
	Start: draw(func(p *pen) {
		body := oval(0.48, 0.56, 0.3, 0.27)
		p.behind(body, func() {
			p.shape(0.24, 0.52, 0.04, 0.36, 0.06, 0.5, 0.03, 0.62, 0.24, 0.64) // tail
			p.shape(lens(0.48, 0.32, 0.4, 0.14, 0.08, 0.1)...)                 // crest
			p.shape(lens(0.52, 0.32, 0.6, 0.15, 0.08, -0.1)...)
		})
		p.shape(body...)
		p.fill(0.76, 0.46, 0.94, 0.52, 0.76, 0.58) // beak
		p.eye(0.62, 0.47, 0.05)
		p.shape(smoothOpen(0.22, 0.62, 0.36, 0.53, 0.5, 0.54, 0.56, 0.62, 0.48, 0.71, 0.36, 0.7, 0.22, 0.62)...) // wing
		p.line(0.42, 0.83, 0.4, 0.95, 0.34, 0.96)                                                                // legs
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
