package theme

import (
	"math"

	"mazebook/layout/display"
)

// Scene is what a theme brings around its mazes, beside its pair of
// pictures: a Ground drawn along the foot of a page where the page has
// room for it (grass, waves, a road), and small Props scattered in the
// room the page leaves about its maze (a daisy, a star, a bubble). A
// scene is line art in black, as the pictures are, so that it survives
// a photocopy; in a colour book its ground is tinted with Tint, a pale
// flat colour that a photocopy drops, leaving the lines.
//
// Where a scene goes is the layout's to say: never under a maze.
type Scene struct {
	Ground Ground
	Props  []Prop
	Tint   display.Color
}

// Prop is a small picture a scene sets about a page, and where it
// belongs in the scene.
type Prop struct {
	Art   Art
	Place Place
}

// Place is where a scene's prop belongs.
type Place int

const (
	// Anywhere is a prop at home anywhere: bubbles in the water, a leaf
	// falling, a heart, a gear.
	Anywhere Place = iota
	// InSky is a prop of the sky: a cloud, the sun, the moon, a star, a
	// planet, a snowflake.
	InSky
	// OnGround is a prop that stands on the ground: a tree, a flower, a
	// mushroom, a tuft of grass, a shell.
	OnGround
)

// standing returns art as a prop that stands on the ground.
func standing(art Art) Prop { return Prop{Art: art, Place: OnGround} }

// aloft returns art as a prop of the sky.
func aloft(art Art) Prop { return Prop{Art: art, Place: InSky} }

// about returns art as a prop at home anywhere.
func about(art Art) Prop { return Prop{Art: art, Place: Anywhere} }

// Ground draws a strip of scenery in a box much wider than it is tall:
// its lines in black, and, when tint is not the zero Color, the ground
// under them filled in tint.
type Ground func(box display.Box, tint display.Color) []display.Item

// The tints of the grounds: pale, so that a photocopy at 50% keeps only
// the lines over them.
var (
	grassTint = display.Color{R: 0xdc, G: 0xf0, B: 0xc8}
	waterTint = display.Color{R: 0xd4, G: 0xea, B: 0xfa}
	roadTint  = display.Color{R: 0xe4, G: 0xe4, B: 0xe4}
	moonTint  = display.Color{R: 0xe8, G: 0xe4, B: 0xf4}
	snowTint  = display.Color{R: 0xea, G: 0xf4, B: 0xfc}
)

// scene returns a theme's scene: its ground, tinted as its kind of ground
// is, and its props.
func scene(g ground, props ...Prop) Scene {
	return Scene{Ground: g.draw, Props: props, Tint: g.tint}
}

// ground is a kind of ground: how it is drawn, and its tint.
type ground struct {
	draw Ground
	tint display.Color
}

// The grounds.
var (
	grass   = ground{drawGround(grassStrip), grassTint}
	waves   = ground{drawGround(waveStrip), waterTint}
	road    = ground{drawGround(roadStrip), roadTint}
	craters = ground{drawGround(craterStrip), moonTint}
	snow    = ground{drawGround(snowStrip), snowTint}
	fence   = ground{drawGround(fenceStrip), grassTint}
)

// drawGround returns a Ground that draws with fn: a pen over the strip's
// box, and n, about how many squares of the strip's height fit across it
// (a ground repeats its elements that many times). fn returns the
// outline of the ground it fills with its tint, nil for none.
func drawGround(fn func(p *pen, n int) []float64) Ground {
	return func(box display.Box, tint display.Color) []display.Item {
		// The lines are as heavy as a picture's a strip's height tall,
		// and stay in the box, their width included.
		bold, fine := Widths(box.H)
		p := &pen{box: display.Box{X: box.X + bold/2, Y: box.Y + bold/2, W: box.W - bold, H: box.H - bold}}
		n := max(1, int(math.Round(box.W/box.H)))
		under := fn(p, n)
		var items []display.Item
		if tint != (display.Color{}) && len(under) >= 6 {
			items = append(items, &display.Shape{Polygons: [][]display.Point{p.points(under)}, Color: tint})
		}
		return append(items, p.items(bold, fine)...)
	}
}

// hill returns the x, y pairs of a gently rolling line across the strip
// at height y (in units of the box), rising and falling by lift.
func hill(y, lift float64, n int) []float64 {
	var xy []float64
	steps := 8 * n
	for k := 0; k <= steps; k++ {
		x := float64(k) / float64(steps)
		xy = append(xy, x, y-float64(lift*math.Sin(float64(x*math.Pi*float64(n)/2))))
	}
	return xy
}

// below closes the line xy down to the foot of the box: the ground under
// it.
func below(xy []float64) []float64 {
	out := append([]float64(nil), xy...)
	return append(out, 1, 0.98, 0, 0.98)
}

// grassStrip is a rolling meadow: blades of grass along its top and a
// small flower here and there.
func grassStrip(p *pen, n int) []float64 {
	top := hill(0.56, 0.08, n)
	p.line(top...)
	at := func(x float64) float64 { return 0.56 - float64(0.08*math.Sin(float64(x*math.Pi*float64(n)/2))) }
	blades := 5 * n
	p.detail(func() {
		for k := range blades {
			x := (float64(k) + 0.5) / float64(blades)
			y := at(x)
			lean := 0.15 / float64(n)
			if k%2 == 1 {
				lean = -lean
			}
			p.line(x, y, x+float64(lean*0.4), y-0.28)
		}
	})
	for k := range n {
		if k%3 != 1 {
			continue
		}
		x := (float64(k) + 0.5) / float64(n)
		y := at(x)
		w := 0.5 / float64(n) // the flower's width in units of the box
		p.line(x, y, x, y-0.22)
		p.shape(scallopUnit(x, y-0.32, float64(w*0.22), 0.12, 5)...)
		p.fillEllipse(x, y-0.32, float64(w*0.07), 0.04, 0)
	}
	return below(top)
}

// scallopUnit returns a flower's outline of n petals about (cx, cy), w
// wide in units of the box's width and h tall in units of its height.
func scallopUnit(cx, cy, w, h float64, n int) []float64 {
	xy := scallop(0, 0, 1, 0.4, n, -math.Pi/2, 3*math.Pi/2)
	for i := 0; i+1 < len(xy); i += 2 {
		xy[i] = cx + float64(xy[i]*w/1.4)
		xy[i+1] = cy + float64(xy[i+1]*h/1.4)
	}
	return xy
}

// waveStrip is the sea: two rows of waves, the upper one bold.
func waveStrip(p *pen, n int) []float64 {
	row := func(y, amp float64, count int, shift float64) []float64 {
		var xy []float64
		steps := 12 * count
		for k := 0; k <= steps; k++ {
			x := float64(k) / float64(steps)
			xy = append(xy, x, y-float64(amp*math.Abs(math.Sin(float64(math.Pi*(float64(x*float64(count))+shift))))))
		}
		return xy
	}
	top := row(0.42, 0.22, 2*n, 0)
	p.line(top...)
	p.detail(func() {
		p.line(row(0.78, 0.14, 2*n, 0.5)...)
	})
	return below(top)
}

// roadStrip is a road: its two edges and the dashes down its middle.
func roadStrip(p *pen, n int) []float64 {
	p.line(0, 0.3, 1, 0.3)
	p.line(0, 0.94, 1, 0.94)
	dashes := 3 * n
	for k := range dashes {
		x := float64(k) / float64(dashes)
		p.line(x+float64(0.25/float64(dashes)), 0.62, x+float64(0.75/float64(dashes)), 0.62)
	}
	return []float64{0, 0.3, 1, 0.3, 1, 0.94, 0, 0.94}
}

// craterStrip is the ground of the moon: a rolling line and craters.
func craterStrip(p *pen, n int) []float64 {
	top := hill(0.42, 0.1, n)
	p.line(top...)
	p.detail(func() {
		for k := range n {
			x := (float64(k) + 0.5) / float64(n)
			rx := 0.28 / float64(n)
			if k%2 == 1 {
				rx *= 0.6
			}
			p.ellipse(x, 0.72, rx, 0.1, 0)
		}
	})
	return below(top)
}

// snowStrip is snow and ice: drifts along its top and flakes falling.
func snowStrip(p *pen, n int) []float64 {
	var top []float64
	for k := range n {
		x0 := float64(k) / float64(n)
		w := 1 / float64(n)
		top = append(top, arcOf(x0+w/2, 0.62, w/2, 0.22, math.Pi, 2*math.Pi)...)
	}
	p.line(top...)
	aspect := p.box.H / p.box.W // a unit across, in units down
	for k := range 2 * n {
		x := (float64(k) + 0.5) / float64(2*n)
		y := 0.12
		if k%2 == 1 {
			y = 0.26
		}
		p.fillEllipse(x, y, float64(0.05*aspect), 0.05, 0)
	}
	return below(top)
}

// fenceStrip is a meadow behind a wooden fence.
func fenceStrip(p *pen, n int) []float64 {
	top := hill(0.8, 0.03, n)
	p.line(top...)
	posts := 2 * n
	for k := range posts {
		x := (float64(k) + 0.5) / float64(posts)
		w := 0.12 / float64(n)
		p.shape(x-w, 0.8, x-w, 0.2, x, 0.08, x+w, 0.2, x+w, 0.8)
	}
	p.line(0, 0.36, 1, 0.36)
	p.line(0, 0.6, 1, 0.6)
	return below(top)
}

// The props: small pictures a scene scatters about a page, each in its
// box as the pairs' pictures are (see Art).
var (
	daisy = draw(func(p *pen) {
		p.curve(0.5, 0.56, 0.48, 0.78, 0.5, 0.96)
		p.shape(lens(0.5, 0.84, 0.26, 0.72, 0.12, -0.1)...)
		p.shape(scallop(0.5, 0.32, 0.14, 0.14, 6, -math.Pi/2, 3*math.Pi/2)...)
		p.dot(0.5, 0.32, 0.08)
	})
	tuft = draw(func(p *pen) {
		p.curve(0.5, 0.92, 0.48, 0.5, 0.4, 0.12)
		p.curve(0.44, 0.92, 0.34, 0.6, 0.14, 0.38)
		p.curve(0.56, 0.92, 0.66, 0.6, 0.86, 0.34)
		p.curve(0.52, 0.92, 0.6, 0.5, 0.64, 0.2)
		p.line(0.2, 0.92, 0.8, 0.92)
	})
	cloud = draw(func(p *pen) {
		p.blob(0.1, 0.68, 0.14, 0.48, 0.3, 0.42, 0.4, 0.26, 0.6, 0.26, 0.7, 0.4, 0.86, 0.44, 0.92, 0.62, 0.8, 0.74, 0.2, 0.76)
	})
	twinkle = draw(func(p *pen) {
		p.shape(star(0.42, 0.44, 0.36, 0.15, 5)...)
		p.dot(0.84, 0.18, 0.05)
		p.dot(0.82, 0.84, 0.04)
	})
	moon = draw(func(p *pen) {
		outer := oval(0.46, 0.5, 0.38, 0.38)
		p.behind(oval(0.62, 0.42, 0.32, 0.32), func() { p.shape(outer...) })
		p.within(outer, func() { p.arc(0.62, 0.42, 0.32, 0.32, 0, 2*math.Pi) })
		p.dot(0.86, 0.8, 0.04)
	})
	planet = draw(func(p *pen) {
		ball := oval(0.5, 0.5, 0.26, 0.26)
		p.shape(ball...)
		p.behind(ball, func() { p.ellipse(0.5, 0.5, 0.46, 0.13, -0.35) })
		p.detail(func() { p.arc(0.5, 0.5, 0.17, 0.17, 3.6, 4.6) })
	})
	bubbles = draw(func(p *pen) {
		p.circle(0.34, 0.68, 0.22)
		p.circle(0.7, 0.36, 0.15)
		p.circle(0.46, 0.16, 0.1)
		p.detail(func() { p.arc(0.34, 0.68, 0.13, 0.13, 3.5, 4.6) })
	})
	shell = draw(func(p *pen) {
		fan := join(arcOf(0.5, 0.7, 0.4, 0.5, math.Pi, 2*math.Pi), []float64{0.6, 0.86, 0.4, 0.86})
		p.shape(fan...)
		p.detail(func() {
			for _, x := range []float64{0.22, 0.36, 0.5, 0.64, 0.78} {
				p.line(0.5, 0.84, x, 0.7-float64(0.46*math.Sin(math.Acos((x-0.5)/0.4))))
			}
		})
	})
	tree = draw(func(p *pen) {
		crown := smooth(0.5, 0.06, 0.8, 0.2, 0.88, 0.46, 0.7, 0.64, 0.3, 0.64, 0.12, 0.46, 0.2, 0.2)
		p.behind(crown, func() { p.shape(0.42, 0.96, 0.44, 0.5, 0.56, 0.5, 0.58, 0.96) })
		p.shape(crown...)
		p.dot(0.36, 0.36, 0.04)
		p.dot(0.62, 0.28, 0.04)
		p.dot(0.58, 0.5, 0.04)
	})
	pine = draw(func(p *pen) {
		p.shape(0.5, 0.04, 0.74, 0.4, 0.62, 0.4, 0.86, 0.72, 0.14, 0.72, 0.38, 0.4, 0.26, 0.4)
		p.shape(0.44, 0.72, 0.44, 0.96, 0.56, 0.96, 0.56, 0.72)
	})
	mushroom = draw(func(p *pen) {
		cap := join(arcOf(0.5, 0.52, 0.42, 0.4, math.Pi, 2*math.Pi), []float64{0.92, 0.52})
		p.shape(cap...)
		p.shape(0.38, 0.52, 0.36, 0.94, 0.64, 0.94, 0.62, 0.52)
		p.dot(0.34, 0.34, 0.06)
		p.dot(0.6, 0.24, 0.07)
		p.dot(0.74, 0.42, 0.05)
	})
	sun = draw(func(p *pen) {
		p.circle(0.5, 0.5, 0.22)
		for k := range 8 {
			a := float64(k) * math.Pi / 4
			s, c := math.Sincos(a)
			p.line(0.5+float64(0.32*c), 0.5+float64(0.32*s), 0.5+float64(0.44*c), 0.5+float64(0.44*s))
		}
		p.detail(func() { p.arc(0.5, 0.52, 0.1, 0.07, 0.3, 2.8) })
	})
	leaf = draw(func(p *pen) {
		outline := lens(0.14, 0.86, 0.88, 0.12, 0.3, 0)
		p.shape(outline...)
		p.detail(func() {
			p.line(0.1, 0.9, 0.8, 0.2)
			p.within(outline, func() {
				p.line(0.4, 0.6, 0.3, 0.38)
				p.line(0.55, 0.45, 0.48, 0.22)
				p.line(0.4, 0.6, 0.62, 0.7)
				p.line(0.55, 0.45, 0.78, 0.52)
			})
		})
	})
	snowflake = draw(func(p *pen) {
		for k := range 3 {
			a := float64(k) * math.Pi / 3
			s, c := math.Sincos(a)
			p.line(0.5-float64(0.42*c), 0.5-float64(0.42*s), 0.5+float64(0.42*c), 0.5+float64(0.42*s))
		}
		p.detail(func() {
			for k := range 6 {
				a := float64(k) * math.Pi / 3
				s, c := math.Sincos(a)
				x, y := 0.5+float64(0.28*c), 0.5+float64(0.28*s)
				s1, c1 := math.Sincos(a + 0.7)
				s2, c2 := math.Sincos(a - 0.7)
				p.line(x+float64(0.1*c1), y+float64(0.1*s1), x, y, x+float64(0.1*c2), y+float64(0.1*s2))
			}
		})
	})
	gear = draw(func(p *pen) {
		var xy []float64
		const teeth = 8
		for k := range 4 * teeth {
			a := float64(k) * math.Pi / (2 * teeth)
			r := 0.42
			if (k/2)%2 == 1 {
				r = 0.32
			}
			xy = append(xy, 0.5+float64(r*math.Cos(a)), 0.5+float64(r*math.Sin(a)))
		}
		p.shape(xy...)
		p.circle(0.5, 0.5, 0.12)
	})
	heart = draw(func(p *pen) {
		p.shape(smooth(0.5, 0.3, 0.7, 0.12, 0.9, 0.3, 0.8, 0.56, 0.5, 0.86, 0.2, 0.56, 0.1, 0.3, 0.3, 0.12)...)
	})
)
