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
	// mostProps is the most props a page sets.
	mostProps = 6
	// groundSink is how far into the ground's strip a prop that stands
	// on it is set, in the strip's heights: its foot on the line of the
	// ground, not on the strip's top edge.
	groundSink = 0.3
	// skyShare is the share of the content, from its top, where the props
	// of the sky and the water are set.
	skyShare = 0.6
)

// sceneOf draws the scene of puzzle page pp, in content box c: the scene
// of the theme of the page's first maze, about the items held (what the
// page holds, its number included) and clear of its mazes' grids, the
// boxes of their door marks and their captions, and records the boxes it
// inks in sh. A page of no themed maze has none.
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
// mostProps props by turns, each where nothing stands, at places drawn
// from seed: a prop that stands (a tree, a flower) on the ground, its
// foot a little into the strip as a tree stands in grass (at the foot of
// c where no ground is drawn), one of the sky (a cloud, the sun) in the
// upper skyShare of c, and one at home anywhere (bubbles, a leaf)
// anywhere but on the ground. Nothing it draws comes nearer than
// sceneGap to a held item's ink.
func Scene(sc theme.Scene, c display.Box, held []display.Item, keep []display.Box, seed uint64, tint display.Color) []display.Item {
	taken := heldBoxes(held)
	for _, k := range keep {
		taken = append(taken, k.Grow(sceneGap))
	}
	clear := func(box display.Box) bool {
		if !box.Within(c) {
			return false
		}
		for _, t := range taken {
			if overlaps(box, t) {
				return false
			}
		}
		return true
	}
	var items []display.Item
	// The ground: as tall as it may be, down to groundLeast, at the foot.
	foot := c.Y + c.H // where the props that stand are set
	var ground display.Box
	if sc.Ground != nil {
		lowest := c.Y
		for _, t := range taken {
			// What stands over the foot (not the page number below it).
			if t.X < c.X+c.W && c.X < t.X+t.W && t.Y+sceneGap < c.Y+c.H {
				lowest = math.Max(lowest, t.Y+t.H)
			}
		}
		h := math.Min(groundHeight(c), c.Y+c.H-lowest)
		if h >= groundLeast {
			ground = display.Box{X: c.X, Y: c.Y + c.H - h, W: c.W, H: h}
			items = append(items, sc.Ground(ground, tint)...)
			foot = ground.Y + float64(groundSink*h)
		}
	}
	if len(sc.Props) == 0 {
		return items
	}
	side := math.Min(propMost, math.Max(propLeast, float64(0.07*math.Min(c.W, c.H))))
	step := float64(side * 1.2)
	cols, rows := int((c.W+step-side)/step), int((c.H+step-side)/step)
	if cols < 1 || rows < 1 {
		return items
	}
	// The places of the props that stand: along the ground, their feet on
	// it; of the others: on a grid over the page clear of the ground, the
	// sky's in its upper part.
	var low, high, any []display.Box
	for k := range cols {
		low = append(low, display.Box{X: c.X + float64(float64(k)*step), Y: foot - side, W: side, H: side})
	}
	sky := c.Y + float64(skyShare*c.H)
	for r := range rows {
		for k := range cols {
			box := display.Box{X: c.X + float64(float64(k)*step), Y: c.Y + float64(float64(r)*step), W: side, H: side}
			if ground.W > 0 && overlaps(box, ground.Grow(sceneGap)) {
				continue
			}
			any = append(any, box)
			if box.Y+box.H <= sky {
				high = append(high, box)
			}
		}
	}
	rng := maze.NewRand(seed)
	for _, places := range [][]display.Box{low, high, any} {
		rng.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
	}
	// The props by turns, from one the seed draws: as varied as they go;
	// a prop with no place left gives its turn to the next.
	first := rng.IntN(len(sc.Props))
	n := 0
	for turn := 0; n < mostProps && turn < mostProps+len(sc.Props); turn++ {
		prop := sc.Props[(first+turn)%len(sc.Props)]
		places := &any
		switch prop.Place {
		case theme.OnGround:
			places = &low
		case theme.InSky:
			places = &high
		}
		for len(*places) > 0 {
			box := (*places)[0]
			*places = (*places)[1:]
			if !clear(box) {
				continue
			}
			items = append(items, prop.Art(box)...)
			taken = append(taken, box.Grow(float64(side*0.6)))
			n++
			break
		}
	}
	return items
}

// groundHeight returns the height of the strip a scene's ground takes at
// the foot of content c where nothing stands there: 7% of c, from
// groundLeast to groundMost.
func groundHeight(c display.Box) float64 {
	return math.Min(groundMost, math.Max(float64(c.H*0.07), groundLeast))
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
			taken = append(taken, bb.Grow(sceneGap))
		}
	}
	return taken
}
