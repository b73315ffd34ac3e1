package theme

// bee is a bee with striped body and wings, and a flower on its stem.
var bee = Pair{
	Name: "bee",
	Start: draw(func(p *pen) {
		p.ellipse(0.48, 0.6, 0.3, 0.2, 0)
		p.line(0.42, 0.41, 0.42, 0.79) // stripes
		p.line(0.56, 0.42, 0.56, 0.78)
		p.ellipse(0.38, 0.28, 0.12, 0.16, -0.4) // wings
		p.ellipse(0.58, 0.28, 0.12, 0.16, 0.4)
		p.line(0.78, 0.6, 0.92, 0.6) // sting
		p.dot(0.26, 0.56, 0.035)
		p.line(0.22, 0.46, 0.12, 0.3)
	}),
	Goal: draw(func(p *pen) {
		p.circle(0.5, 0.32, 0.1)
		for _, c := range [][2]float64{{0.5, 0.1}, {0.71, 0.25}, {0.63, 0.5}, {0.37, 0.5}, {0.29, 0.25}} {
			p.circle(c[0], c[1], 0.11)
		}
		p.line(0.5, 0.61, 0.5, 0.96)
		p.shape(0.5, 0.82, 0.7, 0.7, 0.62, 0.84) // leaf
	}),
}
