package theme

// owl is an owl with ear tufts and big round eyes on a branch, and a
// crescent moon with twinkles (four-pointed, unlike a rating's stars).
var owl = Pair{
	Name:  "owl",
	Scene: scene(grass, aloft(twinkle), standing(pine), standing(tree)),
	Start: draw(func(p *pen) {
		body := join(smoothOpen(0.8, 0.06, 0.82, 0.3, 0.84, 0.6, 0.74, 0.82, 0.5, 0.9, 0.26, 0.82, 0.16, 0.6, 0.18, 0.3, 0.2, 0.06),
			bez(0.2, 0.06, 0.3, 0.2, 0.5, 0.18), bez(0.5, 0.18, 0.7, 0.2, 0.8, 0.06))
		p.shape(body...)
		p.circle(0.37, 0.37, 0.12)
		p.circle(0.63, 0.37, 0.12)
		p.eye(0.39, 0.38, 0.06)
		p.eye(0.61, 0.38, 0.06)
		p.fill(0.45, 0.48, 0.55, 0.48, 0.5, 0.58) // beak
		p.detail(func() {
			p.curve(0.2, 0.5, 0.28, 0.64, 0.3, 0.78) // wings
			p.curve(0.8, 0.5, 0.72, 0.64, 0.7, 0.78)
			for _, v := range [][2]float64{{0.44, 0.66}, {0.56, 0.66}, {0.5, 0.74}} { // feathers
				p.line(v[0]-0.04, v[1], v[0], v[1]+0.03, v[0]+0.04, v[1])
			}
		})
		p.line(0.04, 0.93, 0.96, 0.93) // branch
		p.detail(func() {
			p.line(0.4, 0.89, 0.4, 0.93)
			p.line(0.6, 0.89, 0.6, 0.93)
		})
	}),
	Goal: draw(func(p *pen) {
		outer, inner := oval(0.44, 0.52, 0.4, 0.4), oval(0.62, 0.42, 0.34, 0.34)
		p.behind(inner, func() { p.shape(outer...) })
		p.within(outer, func() { p.shape(inner...) })
		p.fill(star(0.76, 0.74, 0.1, 0.03, 4)...)
		p.fill(star(0.88, 0.32, 0.06, 0.02, 4)...)
		p.fill(star(0.66, 0.1, 0.05, 0.018, 4)...)
	}),
}
