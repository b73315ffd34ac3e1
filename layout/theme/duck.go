package theme

// duck is a duck afloat, with a flat bill, an eye and a wing, and a pond
// with bulrushes and ripples.
var duck = Pair{
	Name:  "duck",
	Scene: scene(waves, aloft(cloud), standing(tuft), aloft(sun)),
	Start: draw(func(p *pen) {
		head := oval(0.34, 0.32, 0.16, 0.16)
		bill := smooth(0.2, 0.3, 0.1, 0.3, 0.03, 0.36, 0.1, 0.41, 0.22, 0.39)
		body := smooth(0.24, 0.56, 0.44, 0.52, 0.64, 0.54, 0.94, 0.34, 0.9, 0.62, 0.78, 0.82, 0.5, 0.86, 0.24, 0.8, 0.14, 0.66)
		p.stack(body, head, bill)
		p.eye(0.34, 0.28, 0.045)
		p.detail(func() {
			p.line(0.04, 0.36, 0.2, 0.35)                                                                // the bill's lips
			p.shape(smoothOpen(0.42, 0.62, 0.56, 0.58, 0.72, 0.6, 0.62, 0.72, 0.48, 0.7, 0.42, 0.62)...) // wing
			p.curve(0.04, 0.92, 0.2, 0.88, 0.36, 0.92)                                                   // water
			p.curve(0.64, 0.92, 0.8, 0.88, 0.96, 0.92)
		})
	}),
	Goal: draw(func(p *pen) {
		pond := oval(0.44, 0.78, 0.4, 0.16)
		reeds := [][4]float64{{0.7, 0.72, 0.72, 0.12}, {0.8, 0.74, 0.86, 0.22}, {0.6, 0.74, 0.58, 0.3}}
		p.shape(pond...)
		for _, r := range reeds {
			p.line(r[0], r[1], r[2], r[3])
			p.fillEllipse(r[0]+float64((r[2]-r[0])*0.7), r[1]+float64((r[3]-r[1])*0.7), 0.035, 0.09, (r[2]-r[0])*0.5)
		}
		p.detail(func() {
			p.shape(lens(0.76, 0.74, 0.94, 0.4, 0.06, 0.1)...) // a blade of leaf
			p.arc(0.3, 0.8, 0.12, 0.04, 0.4, 2.74)             // ripples
			p.arc(0.44, 0.72, 0.08, 0.03, 0.4, 2.74)
		})
	}),
}
