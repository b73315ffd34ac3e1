package layout

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// The picture layer: the scene a theme brings (see theme.Scene) drawn
// about what a page already holds, never under it: its ground along the
// foot of the page's content where nothing stands there, its props in
// the room the page leaves.
const (
	// sceneGap is the least room between a scene's item and anything
	// else on the page, in points (3 mm).
	sceneGap = 3 * 72 / 25.4
	// groundLeast and groundMost bound the height of the ground's strip,
	// in points (6 and 16 mm).
	groundLeast = 6 * 72 / 25.4
	groundMost  = 16 * 72 / 25.4
	// propLeast and propMost bound the side of a prop, in points (9 and
	// 14 mm): large enough to read, never a picture's rival.
	propLeast = 9 * 72 / 25.4
	propMost  = 14 * 72 / 25.4
	// mostProps is the most props a page scatters.
	mostProps = 6
)

// sceneOf draws the scene of puzzle page index, pp, in content box c:
// the scene of the theme of the page's first maze, about the items the
// page holds and clear of its mazes' grids, the boxes of their door
// marks and their captions, and records the boxes it inks in sh. A page of no themed
// maze has none.
func (b *Book) sceneOf(sh *sheet, c display.Box, pp *plan.Page, held []display.Item) []display.Item {
	pair, ok := b.Plan.Pair(pp.Mazes[0])
	if !ok {
		return nil
	}
	var keep []display.Box
	for _, mi := range pp.Mazes {
		at := sh.placed[mi]
		if m := b.Mazes[mi].Maze; m != nil {
			w, h := m.Grid.Size()
			keep = append(keep, display.Box{X: at.Origin.X, Y: at.Origin.Y, W: float64(float64(w) * at.Cell), H: float64(float64(h) * at.Cell)})
		}
		for _, mk := range at.Marks {
			keep = append(keep, mk.Box)
		}
		if at.Caption.W > 0 {
			keep = append(keep, at.Caption) // one block, the story and its stars
		}
	}
	return b.sceneAt(sh, c, pair.Scene, held, keep, maze.DeriveSeed(b.Plan.Mazes[pp.Mazes[0]].Recipe.Seed, "scene"))
}

// scene draws sc in content box c about the items held, tinted as the
// book's ink allows (see Scene).
func (b *Book) scene(sc theme.Scene, c display.Box, held []display.Item, keep []display.Box, seed uint64) []display.Item {
	var tint display.Color
	if ink := b.Plan.Spec.Style.Ink; ink == draw.InkColor || ink == "" {
		tint = sc.Tint
	}
	return Scene(sc, c, held, keep, seed, tint)
}

// Scene draws the scene sc in box c about the items held and the boxes
// keep, each kept sceneGap clear of (a text by the box it is set in as
// well as by its ink): its ground in a strip at the foot of c when nothing
// stands there, tinted with tint (the zero Color for none), and up to
// mostProps props, each where nothing stands, at places drawn from seed.
// Nothing it draws comes nearer than sceneGap to a held item's ink.
func Scene(sc theme.Scene, c display.Box, held []display.Item, keep []display.Box, seed uint64, tint display.Color) []display.Item {
	taken := heldBoxes(held)
	for _, k := range keep {
		taken = append(taken, grow(k, sceneGap))
	}
	clear := func(box display.Box) bool {
		for _, t := range taken {
			if overlaps(box, t) {
				return false
			}
		}
		return true
	}
	var items []display.Item
	// The ground: as tall as it may be, down to groundLeast, at the foot.
	if sc.Ground != nil {
		lowest := c.Y
		for _, t := range taken {
			if t.X < c.X+c.W && c.X < t.X+t.W {
				lowest = math.Max(lowest, t.Y+t.H)
			}
		}
		h := math.Min(groundMost, math.Max(float64(c.H*0.07), groundLeast))
		h = math.Min(h, c.Y+c.H-lowest)
		if h >= groundLeast {
			box := display.Box{X: c.X, Y: c.Y + c.H - h, W: c.W, H: h}
			items = append(items, sc.Ground(box, tint)...)
			taken = append(taken, grow(box, sceneGap))
		}
	}
	if len(sc.Props) == 0 {
		return items
	}
	// The props: on a grid of places over the content, tried in an order
	// the seed shuffles.
	side := math.Min(propMost, math.Max(propLeast, float64(0.07*math.Min(c.W, c.H))))
	step := float64(side * 1.2)
	cols, rows := int((c.W+step-side)/step), int((c.H+step-side)/step)
	if cols < 1 || rows < 1 {
		return items
	}
	places := make([]display.Box, 0, cols*rows)
	for r := range rows {
		for k := range cols {
			places = append(places, display.Box{X: c.X + float64(float64(k)*step), Y: c.Y + float64(float64(r)*step), W: side, H: side})
		}
	}
	rng := maze.NewRand(seed)
	rng.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
	// The props by turns, from one the seed draws: as varied as they go.
	first := rng.IntN(len(sc.Props))
	n := 0
	for _, box := range places {
		if n == mostProps {
			break
		}
		if !clear(box) {
			continue
		}
		art := sc.Props[(first+n)%len(sc.Props)]
		items = append(items, art(box)...)
		taken = append(taken, grow(box, float64(side*0.6)))
		n++
	}
	return items
}

// grow returns b made larger by d on every side.
func grow(b display.Box, d float64) display.Box {
	return display.Box{X: b.X - d, Y: b.Y - d, W: b.W + 2*d, H: b.H + 2*d}
}

// overlaps reports whether boxes a and b share any area.
func overlaps(a, b display.Box) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// heldBoxes returns the boxes a scene or a tick box keeps sceneGap clear
// of: each held item's ink, a text's whole line box too.
func heldBoxes(held []display.Item) []display.Box {
	var taken []display.Box
	for _, it := range held {
		bb := display.InkBounds(it)
		if t, ok := it.(*display.Text); ok {
			bb = bb.Union(t.Bounds())
		}
		if bb.W > 0 || bb.H > 0 {
			taken = append(taken, grow(bb, sceneGap))
		}
	}
	return taken
}
