package theme

import "math"

// bee is a striped bee with wings, feelers and a smile, and a daisy on
// its stem with two leaves.
var bee = Pair{
	Name:  "bee",
	Scene: scene(grass, standing(tree), standing(tuft), aloft(sun)),
	Start: draw(func(p *pen) {
		const cx, cy, rx, ry = 0.48, 0.62, 0.34, 0.24
		body := oval(cx, cy, rx, ry)
		// Wings behind the body.
		p.behind(body, func() {
			p.ellipse(0.42, 0.3, 0.11, 0.17, -0.45)
			p.ellipse(0.62, 0.3, 0.1, 0.15, 0.45)
		})
		p.shape(body...)
		// Stripes: bands of the body, filled.
		band := func(x0, x1 float64) []float64 {
			var top, bot []float64
			for k := 0; k <= 8; k++ {
				x := x0 + (x1-x0)*float64(k)/8
				h := float64(ry * math.Sqrt(max(0, 1-(x-cx)*(x-cx)/(rx*rx))))
				top = append(top, x, cy-h)
				bot = append([]float64{x, cy + h}, bot...)
			}
			return append(top, bot...)
		}
		p.fill(band(0.5, 0.59)...)
		p.fill(band(0.67, 0.75)...)
		p.fill(0.8, 0.56, 0.96, 0.62, 0.8, 0.68) // sting
		p.eye(0.29, 0.56, 0.055)
		p.detail(func() {
			p.arc(0.29, 0.66, 0.07, 0.05, 0.4, 2.6)
			p.curve(0.26, 0.42, 0.2, 0.28, 0.12, 0.2) // feelers
			p.curve(0.34, 0.4, 0.32, 0.26, 0.26, 0.14)
		})
		p.dot(0.12, 0.2, 0.04)
		p.dot(0.26, 0.14, 0.04)
	}),
	Goal: draw(func(p *pen) {
		const cx, cy = 0.5, 0.32
		petals := scallop(cx, cy, 0.13, 0.16, 7, -math.Pi/2, 3*math.Pi/2)
		p.shape(petals...)
		p.circle(cx, cy, 0.1)
		p.detail(func() {
			for k := range 7 {
				a := -math.Pi/2 + 2*math.Pi*float64(k)/7
				p.line(cx+float64(0.1*math.Cos(a)), cy+float64(0.1*math.Sin(a)), cx+float64(0.135*math.Cos(a)), cy+float64(0.135*math.Sin(a)))
			}
		})
		p.dot(cx, cy, 0.05)
		p.curve(0.5, 0.62, 0.49, 0.8, 0.5, 0.96)
		p.shape(lens(0.5, 0.82, 0.24, 0.68, 0.13, -0.1)...)
		p.shape(lens(0.5, 0.88, 0.76, 0.74, 0.13, 0.1)...)
		p.detail(func() {
			p.line(0.5, 0.82, 0.32, 0.72)
			p.line(0.5, 0.88, 0.68, 0.78)
		})
	}),
}
