package theme

import "math"

// penguin is a penguin, black but for its heart-shaped face and white
// belly, with flippers and feet, and an igloo of snow blocks with its
// dark doorway.
var penguin = Pair{
	Name:  "penguin",
	Scene: scene(snow, aloft(snowflake), aloft(cloud), aloft(twinkle)),
	Start: draw(func(p *pen) {
		const cx, cy, rx, ry = 0.5, 0.54, 0.3, 0.4
		deg := math.Pi / 180
		p.fillBlob(0.24, 0.46, 0.12, 0.6, 0.07, 0.74, 0.2, 0.7) // flippers
		p.fillBlob(0.76, 0.46, 0.88, 0.6, 0.93, 0.74, 0.8, 0.7)
		p.fillEllipse(0.39, 0.94, 0.09, 0.04, 0) // feet
		p.fillEllipse(0.61, 0.94, 0.09, 0.04, 0)
		// The black back: the body but for the face and belly, which
		// reach its bottom.
		p.fill(join(
			arcOf(cx, cy, rx, ry, float64(125*deg), float64(415*deg)),
			smoothOpen(0.68, 0.87, 0.72, 0.66, 0.67, 0.44, 0.6, 0.3, 0.5, 0.35, 0.4, 0.3, 0.33, 0.44, 0.28, 0.66, 0.32, 0.87),
		)...)
		p.ellipse(cx, cy, rx, ry, 0)
		p.eye(0.42, 0.43, 0.045)
		p.eye(0.58, 0.43, 0.045)
		p.fill(0.44, 0.49, 0.56, 0.49, 0.5, 0.58) // beak
	}),
	Goal: draw(func(p *pen) {
		dome := join(arcOf(0.5, 0.86, 0.44, 0.62, math.Pi, 2*math.Pi))
		door := join(arcOf(0.66, 0.86, 0.17, 0.25, math.Pi, 2*math.Pi))
		p.behind(door, func() {
			p.line(dome...)
			p.detail(func() {
				p.within(join(dome, []float64{0.06, 0.86}), func() {
					rows := []float64{0.86, 0.72, 0.58, 0.44, 0.32}
					for i := 1; i < len(rows); i++ {
						p.line(0, rows[i], 1, rows[i])
						for x := 0.1 + float64(0.09*float64(i%2)); x < 0.9; x += 0.18 {
							p.line(x, rows[i], x, rows[i-1])
						}
					}
				})
			})
		})
		p.line(door...)
		p.fill(join(arcOf(0.66, 0.86, 0.1, 0.16, math.Pi, 2*math.Pi))...)
		p.line(0.02, 0.86, 0.98, 0.86)
	}),
}
