package theme

import "math"

// fish is a fish with fins, scales and bubbles, and a scallop shell.
var fish = Pair{
	Name:  "fish",
	Scene: scene(waves, about(bubbles), standing(tuft), aloft(twinkle)),
	Start: draw(func(p *pen) {
		body := smooth(0.1, 0.54, 0.22, 0.36, 0.44, 0.3, 0.64, 0.36, 0.76, 0.54, 0.64, 0.7, 0.44, 0.76, 0.22, 0.72)
		tail := []float64{0.7, 0.54, 0.95, 0.32, 0.88, 0.54, 0.95, 0.76}
		fin := smooth(0.34, 0.34, 0.42, 0.16, 0.6, 0.22, 0.6, 0.36)
		belly := []float64{0.42, 0.72, 0.5, 0.86, 0.58, 0.72}
		p.stack(tail, fin, belly, body)
		p.eye(0.24, 0.5, 0.05)
		p.detail(func() {
			p.curve(0.11, 0.6, 0.15, 0.62, 0.19, 0.6) // mouth
			p.curve(0.36, 0.4, 0.4, 0.54, 0.36, 0.68) // gill
			p.arc(0.5, 0.5, 0.05, 0.05, 0.3, 2.84)    // scales
			p.arc(0.6, 0.58, 0.05, 0.05, 0.3, 2.84)
			p.arc(0.5, 0.64, 0.04, 0.04, 0.3, 2.84)
		})
		p.circle(0.1, 0.3, 0.045) // bubbles
		p.circle(0.16, 0.13, 0.035)
	}),
	Goal: draw(func(p *pen) {
		const hx, hy, tall = 0.5, 0.84, 1.3 // the hinge; the fan is taller than wide
		const a0, a1 = -2.62, -0.52
		up := func(xy []float64) []float64 {
			for i := 1; i < len(xy); i += 2 {
				xy[i] = hy + float64((xy[i]-hy)*tall)
			}
			return xy
		}
		fan := join([]float64{hx, hy}, up(scallop(hx, hy, 0.48, 0.05, 7, a0, a1)))
		ears := []float64{0.36, 0.82, 0.64, 0.82, 0.58, 0.92, 0.42, 0.92} // at its hinge
		p.union(fan, ears)
		p.detail(func() {
			for k := 1; k < 7; k++ {
				a := a0 + (a1-a0)*float64(k)/7
				p.line(up([]float64{hx + float64(0.08*math.Cos(a)), hy + float64(0.08*math.Sin(a)), hx + float64(0.48*math.Cos(a)), hy + float64(0.48*math.Sin(a))})...)
			}
		})
	}),
}
