package animate

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/png"
)

// Options says how an animation is made.
type Options struct {
	// Style is how the frames are drawn (see Style); its cell and wall
	// sizes are chosen to fit Size.
	Style Style
	// Size is the longest side of the picture in pixels (0: DefaultSize);
	// cells are at least MinCellPixels across whatever it says.
	Size int
	// Frames is the most frames the animation has (0: DefaultFrames);
	// larger mazes take several moves per frame.
	Frames int
}

// The defaults and bounds of Options.
const (
	DefaultSize   = 480
	DefaultFrames = 300
	MinCellPixels = 4
	MaxCellPixels = 32
)

// Timing of the animations, in hundredths of a second.
const (
	makeTime  = 500 // the generator's frames together
	solveTime = 300 // the solver's frames together
	holdMade  = 100 // the finished maze before it is solved
	holdEnd   = 400 // the last frame
	minDelay  = 2   // browsers play faster frames slowly
)

// plan is the frames an animation shows and how long each lasts.
type plan struct {
	makeEvery, solveEvery int
	makeDelay, solveDelay int // per frame, in 1/100 s
	cell                  float64
	width, height         float64
}

func (f *Film) plan(o Options) plan {
	frames := o.Frames
	if frames <= 0 {
		frames = DefaultFrames
	}
	size := o.Size
	if size <= 0 {
		size = DefaultSize
	}
	making, solving := f.Moves()
	var p plan
	makeBudget := frames - 3
	if f.Solver != "" {
		makeBudget = (frames - 4) * 2 / 3
		solveBudget := frames - 4 - makeBudget
		p.solveEvery = Every(solving, solveBudget)
		p.solveDelay = max(minDelay, solveTime*p.solveEvery/max(solving, 1))
	}
	p.makeEvery = Every(making, makeBudget)
	p.makeDelay = max(minDelay, makeTime*p.makeEvery/max(making, 1))
	gw, gh := f.Maze.Grid.Size()
	room := draw.RoomFor(o.Style.Maze.Markers, o.Style.Maze.Start, o.Style.Maze.Finish, o.Style.Maze.Font)
	p.cell = math.Floor(float64(size) / math.Max(gw+2*room.CellsX, gh+2*room.CellsY))
	p.cell = math.Min(math.Max(p.cell, MinCellPixels), MaxCellPixels)
	p.width = math.Ceil(float64((gw+2*room.CellsX)*p.cell) + 2*room.AbsX)
	p.height = math.Ceil(float64((gh+2*room.CellsY)*p.cell) + 2*room.AbsY)
	return p
}

// frames calls each with every frame's items on a page of the plan's
// size, how long it lasts in 1/100 s, and the boxes of the page that may
// differ from the frame before (the whole page for the first, and when
// the phase changes): the tiles holding cells whose colour, label,
// passages or walker changed, with room for their walls' ends, as runs
// along each row of tiles. Outside those boxes a frame's page holds only
// what is near them, unless whole asks for every frame drawn whole.
func (f *Film) frames(o Options, p plan, whole bool, each func(page display.Page, delay int, changed []image.Rectangle) error) error {
	box := display.Box{W: p.width, H: p.height}
	frame := image.Rect(0, 0, int(math.Ceil(p.width)), int(math.Ceil(p.height)))
	tw, th := (frame.Dx()+tile-1)/tile, (frame.Dy()+tile-1)/tile
	dirty := make([]bool, tw*th)
	var keys []uint64
	// near holds, for each cell, the tiles its drawing may touch (its
	// box, widened by the walls' joins and caps): [x0, y0, x1, y1].
	var near [][4]int
	var only []bool
	phase := Phase(-1)
	far := f.MaxDistance()
	return f.Play(p.makeEvery, p.solveEvery, func(s *State) error {
		delay := f.delay(s.Phase, p)
		page := display.Page{Width: p.width, Height: p.height, Trim: box}
		ms, at := s.geometry(box, o.Style, 1)
		wall := ms.Wall
		g := s.Maze.Grid
		tiles := func(c int, reach float64) [4]int {
			lo, hi := display.Point{X: math.Inf(1), Y: math.Inf(1)}, display.Point{X: math.Inf(-1), Y: math.Inf(-1)}
			for _, q := range cellPolygon(g, c, at) {
				lo.X, lo.Y, hi.X, hi.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y), math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
			}
			return [4]int{max(0, int(math.Floor(lo.X-reach))/tile), max(0, int(math.Floor(lo.Y-reach))/tile),
				min(tw-1, int(math.Ceil(hi.X+reach))/tile), min(th-1, int(math.Ceil(hi.Y+reach))/tile)}
		}
		all := keys == nil || s.Phase != phase
		if all {
			keys = make([]uint64, g.Cells())
		}
		phase = s.Phase
		clear(dirty)
		reach := float64(1.5*wall) + 2 // a wall's end, its join, and a pixel of blur
		for c := range keys {
			k := s.key(c, far)
			if k == keys[c] {
				continue
			}
			keys[c] = k
			if all {
				continue
			}
			t := tiles(c, reach)
			for ty := t[1]; ty <= t[3]; ty++ {
				for tx := t[0]; tx <= t[2]; tx++ {
					dirty[ty*tw+tx] = true
				}
			}
		}
		if all {
			items, _, _ := s.draw(box, o.Style, 1, nil)
			page.Items = append([]display.Item{&display.Fill{Box: box, Color: display.White}}, items...)
			return each(page, delay, []image.Rectangle{frame})
		}
		// Only the cells near a changed tile are drawn: a wall that
		// stops short of where it would go on ends well outside it
		// (farther than any join or cap reaches), so the changed tiles
		// are drawn as the whole frame draws them.
		if near == nil && !whole {
			near = make([][4]int, g.Cells())
			for c := range near {
				near[c] = tiles(c, 4*wall+4)
			}
			only = make([]bool, g.Cells())
		}
		for c, t := range near {
			only[c] = false
		look:
			for ty := t[1]; ty <= t[3]; ty++ {
				for tx := t[0]; tx <= t[2]; tx++ {
					if dirty[ty*tw+tx] {
						only[c] = true
						break look
					}
				}
			}
		}
		if whole {
			only = nil
		}
		items, _, _ := s.draw(box, o.Style, 1, only)
		page.Items = append([]display.Item{&display.Fill{Box: box, Color: display.White}}, items...)
		var runs []image.Rectangle
		for ty := 0; ty < th; ty++ {
			for tx := 0; tx < tw; tx++ {
				if !dirty[ty*tw+tx] {
					continue
				}
				end := tx
				for end+1 < tw && dirty[ty*tw+end+1] {
					end++
				}
				runs = append(runs, image.Rect(tx*tile, ty*tile, (end+1)*tile, (ty+1)*tile).Intersect(frame))
				tx = end
			}
		}
		return each(page, delay, runs)
	})
}

// tile is the side, in pixels, of the squares a frame is redrawn by.
const tile = 32

// delay returns how long a frame of the given phase shows, in 1/100 s:
// the last frame (the solved maze, or the made one when there is no
// solver) is held.
func (f *Film) delay(ph Phase, p plan) int {
	switch {
	case ph == Solved || ph == Made && f.Solver == "":
		return holdEnd
	case ph == Made:
		return holdMade
	case ph == Solving:
		return p.solveDelay
	}
	return p.makeDelay
}

// WriteGIF writes the film as an animated GIF: the maze being made, held
// finished, then solved when the film has a solver, its last frame held.
// Each frame after the first holds only the box of pixels that changed.
func (f *Film) WriteGIF(w io.Writer, o Options) error {
	p := f.plan(o)
	pal := palette(o.Style)
	q := newQuantizer(pal)
	out := newGIFWriter(pal, int(p.width), int(p.height))
	// shown is the picture the frames so far leave on screen, cur the
	// next one: both are kept whole and changed only where a frame may
	// change, and img is the frame drawn, painted over likewise.
	var shown, cur *image.Paletted
	var img *image.RGBA
	err := f.frames(o, p, false, func(page display.Page, delay int, changed []image.Rectangle) error {
		if img == nil {
			var err error
			if img, err = png.Render(page, 72); err != nil {
				return err
			}
			first := q.convert(img)
			out.add(first, delay)
			shown, cur = clonePaletted(first), clonePaletted(first)
			return nil
		}
		if err := png.RenderInto(img, page, 72, changed); err != nil {
			return err
		}
		moved := image.Rectangle{}
		for _, r := range changed {
			q.convertInto(cur, img, r)
			moved = moved.Union(diff(shown, cur, r))
		}
		if moved.Empty() {
			out.extend(delay)
			return nil
		}
		out.add(delta(shown, cur, moved), delay)
		// Outside moved, the two are the same already.
		for y := moved.Min.Y; y < moved.Max.Y; y++ {
			i := cur.PixOffset(moved.Min.X, y)
			copy(shown.Pix[i:i+moved.Dx()], cur.Pix[i:i+moved.Dx()])
		}
		return nil
	})
	if err != nil {
		out.abort()
		return fmt.Errorf("animate: %w", err)
	}
	if len(out.delays) == 0 {
		out.abort()
		return errors.New("animate: no frame")
	}
	if err := out.writeTo(w); err != nil {
		return fmt.Errorf("write gif: %w", err)
	}
	return nil
}

// clonePaletted returns a copy of m.
func clonePaletted(m *image.Paletted) *image.Paletted {
	c := *m
	c.Pix = append([]byte(nil), m.Pix...)
	return &c
}

// diff returns the smallest rectangle holding every pixel within in
// where a and b, of the same bounds, differ.
func diff(a, b *image.Paletted, in image.Rectangle) image.Rectangle {
	r := image.Rectangle{}
	bb := in.Intersect(b.Bounds())
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(bb.Min.X, y) : a.PixOffset(bb.Min.X, y)+bb.Dx()]
		rb := b.Pix[b.PixOffset(bb.Min.X, y) : b.PixOffset(bb.Min.X, y)+bb.Dx()]
		lo, hi := -1, -1
		for x := range rb {
			if ra[x] != rb[x] {
				if lo < 0 {
					lo = x
				}
				hi = x
			}
		}
		if lo >= 0 {
			r = r.Union(image.Rect(bb.Min.X+lo, y, bb.Min.X+hi+1, y+1))
		}
	}
	return r
}

// delta returns the pixels of cur within r, those that are the same in
// prev made transparent: they compress to almost nothing, and with
// DisposalNone the previous frame shows through them.
func delta(prev, cur *image.Paletted, r image.Rectangle) *image.Paletted {
	out := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := cur.Pix[y*cur.Stride+x]
			if prev.Pix[y*prev.Stride+x] == i {
				i = transparent
			}
			out.Pix[(y-r.Min.Y)*out.Stride+x-r.Min.X] = i
		}
	}
	return out
}

// transparent is the palette index of the transparent colour.
const transparent = 0

// palette returns the colours of the GIF: white, the walls', the marks',
// the sets', the wavefront's ramp and the marks of the doors and the
// solution, each also darkened in steps towards the wall colour and
// lightened towards white for the edges the rasteriser smooths.
func palette(st Style) color.Palette {
	ms := st.Maze
	base := []display.Color{display.White, ms.WallColor, ms.SolutionColor, ms.EntranceColor, ms.ExitColor,
		InColor, FrontierColor, StackColor, WalkColor, HuntColor, ThreadColor, DeadColor, TrailColor, HeadColor}
	base = append(base, SetColors...)
	for k := 0; k < rampSteps; k++ {
		base = append(base, rampColor(k))
	}
	seen := map[display.Color]bool{}
	pal := color.Palette{color.RGBA{}} // transparent
	add := func(c display.Color) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, color.RGBA{c.R, c.G, c.B, 255})
		}
	}
	for _, c := range base {
		add(c)
	}
	mix := func(a, b display.Color, t float64) display.Color {
		m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + float64(t*(float64(y)-float64(x))))) }
		return display.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B)}
	}
	for _, t := range []float64{0.5, 0.25, 0.75} {
		for _, c := range base[1:] {
			add(mix(c, ms.WallColor, t))
		}
		add(mix(display.White, ms.WallColor, t))
		add(mix(ms.SolutionColor, display.White, t))
	}
	for g := 0; g < 16; g++ {
		v := uint8(g * 17)
		add(display.Color{R: v, G: v, B: v})
	}
	return pal
}

// quantizer maps the rasteriser's colours to the nearest in a palette,
// remembering its answers: a frame has few colours, in long runs.
type quantizer struct {
	pal   color.Palette
	cache map[uint32]uint8
}

func newQuantizer(pal color.Palette) *quantizer {
	return &quantizer{pal: pal, cache: map[uint32]uint8{}}
}

func (q *quantizer) convert(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), q.pal)
	q.convertInto(out, img, img.Bounds())
	return out
}

// convertInto converts the pixels of img within r into out, a paletted
// picture of the same bounds.
func (q *quantizer) convertInto(out *image.Paletted, img *image.RGBA, r image.Rectangle) {
	b := r.Intersect(img.Bounds())
	lastKey, last := uint32(1<<31), uint8(0) // no colour has this key
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		orow := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			k := uint32(row[4*x])<<16 | uint32(row[4*x+1])<<8 | uint32(row[4*x+2])
			if k != lastKey {
				i, ok := q.cache[k]
				if !ok {
					i = uint8(q.pal.Index(color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 255}))
					q.cache[k] = i
				}
				lastKey, last = k, i
			}
			orow[x] = last
		}
	}
}
