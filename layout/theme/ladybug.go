package theme

// ladybug is a ladybug with black spots, feelers and a smiling face, and
// a leaf with its veins.
var ladybug = Pair{
	Name:  "ladybug",
	Scene: scene(grass, standing(daisy), standing(tuft), aloft(sun)),
	Start: draw(func(p *pen) {
		body := oval(0.5, 0.6, 0.34, 0.34)
		head := oval(0.5, 0.26, 0.16, 0.14)
		p.behind(body, func() {
			for _, y := range []float64{0.46, 0.62, 0.78} { // legs
				p.line(0.2, y, 0.06, y+0.04)
				p.line(0.8, y, 0.94, y+0.04)
			}
			p.shape(head...)
		})
		p.shape(body...)
		p.line(0.5, 0.26, 0.5, 0.94)
		p.detail(func() {
			p.curve(0.44, 0.14, 0.38, 0.06, 0.3, 0.05) // feelers
			p.curve(0.56, 0.14, 0.62, 0.06, 0.7, 0.05)
		})
		p.dot(0.3, 0.05, 0.03)
		p.dot(0.7, 0.05, 0.03)
		p.dot(0.44, 0.22, 0.03)
		p.dot(0.56, 0.22, 0.03)
		for _, s := range [][2]float64{{0.34, 0.46}, {0.66, 0.46}, {0.3, 0.66}, {0.7, 0.66}, {0.4, 0.82}, {0.6, 0.82}} {
			p.dot(s[0], s[1], 0.065)
		}
	}),
	Goal: draw(func(p *pen) {
		leaf := lens(0.12, 0.9, 0.92, 0.1, 0.52, 0)
		p.shape(leaf...)
		p.line(0.06, 0.96, 0.12, 0.9) // stalk
		p.detail(func() {
			p.line(0.12, 0.9, 0.84, 0.18)
			for _, t := range []float64{0.3, 0.45, 0.6, 0.75} {
				x, y := 0.12+float64(0.8*t), 0.9-float64(0.8*t)
				p.line(x, y, x-0.05, y-0.16)
				p.line(x, y, x+0.16, y+0.05)
			}
		})
	}),
}
