package theme

// elephant is an elephant with a big ear and its trunk raised, and a
// peanut in its shell.
var elephant = Pair{
	Name:  "elephant",
	Scene: scene(grass, aloft(sun), standing(tree), aloft(cloud)),
	Start: draw(func(p *pen) {
		body := oval(0.6, 0.52, 0.32, 0.26)
		legs := [][]float64{
			roundRect(0.36, 0.6, 0.5, 0.92, 0.04), roundRect(0.74, 0.6, 0.88, 0.92, 0.04),
		}
		head := oval(0.3, 0.42, 0.2, 0.2)
		trunk := tube([]float64{0.16, 0.5, 0.12, 0.66, 0.12, 0.78, 0.06, 0.86, 0.03, 0.8}, 0.13, 0.06)
		ear := smooth(0.34, 0.28, 0.5, 0.26, 0.56, 0.42, 0.5, 0.6, 0.38, 0.6, 0.34, 0.46)
		p.stack(legs[0], legs[1], body, trunk, head, ear)
		p.eye(0.24, 0.38, 0.045)
		p.detail(func() {
			p.curve(0.9, 0.48, 0.95, 0.56, 0.96, 0.64) // tail
			for _, x := range []float64{0.4, 0.46, 0.78, 0.84} {
				p.line(x, 0.88, x, 0.9) // toenails
			}
			p.line(0.09, 0.7, 0.15, 0.7) // creases of the trunk
			p.line(0.08, 0.6, 0.16, 0.61)
		})
	}),
	Goal: draw(func(p *pen) {
		p.turned(-0.7, 0.5, 0.5, func() {
			shell := smooth(0.08, 0.5, 0.14, 0.35, 0.28, 0.29, 0.42, 0.34, 0.5, 0.37, 0.58, 0.34, 0.72, 0.29, 0.86, 0.35, 0.92, 0.5, 0.86, 0.65, 0.72, 0.71, 0.58, 0.66, 0.5, 0.63, 0.42, 0.66, 0.28, 0.71, 0.14, 0.65)
			p.shape(shell...)
			p.detail(func() {
				p.within(shell, func() {
					p.curve(0.1, 0.44, 0.3, 0.4, 0.5, 0.44, 0.7, 0.4, 0.9, 0.44)
					p.curve(0.1, 0.56, 0.3, 0.6, 0.5, 0.56, 0.7, 0.6, 0.9, 0.56)
					for _, x := range []float64{0.2, 0.32, 0.68, 0.8} {
						p.line(x, 0.3, x, 0.7)
					}
				})
			})
		})
	}),
}
