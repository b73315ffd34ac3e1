package plan

import (
	"math"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// sizeMazes chooses each maze's size, cell size and wall: the same for
// every maze of a section, but for sections whose difficulty rises, whose
// mazes grow with their level. A section whose doors a theme's pictures
// mark has them sized with its cells (see draw.ArtFor) and, on a plain
// rectangle whose doors the spec does not place, its doors in the top and
// bottom walls or in the sides, whichever prints the larger maze.
func (p *Plan) sizeMazes() spec.Errors {
	var errs spec.Errors
	for si := range p.Spec.Sections {
		// Every page of a section has slots of the same size, and keeps
		// the same room for captions.
		var area display.Box
		for _, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si {
				area = pp.MazeArea(pp.Slots[0])
				break
			}
		}
		if !p.axisSized(si) {
			errs = append(errs, p.sizeSection(si, area)...)
			errs = append(errs, p.sizeLoneWords(si, area)...)
			continue
		}
		axes := p.doorAxes(si)
		best, bestArea := axes[0], -1.0
		if len(axes) > 1 {
			for _, axis := range axes {
				if e := p.sizeThemed(si, area, axis); len(e) == 0 {
					if a := p.mazesArea(si); a > bestArea+1e-9 {
						best, bestArea = axis, a
					}
				}
			}
		}
		errs = append(errs, p.sizeThemed(si, area, best)...)
	}
	return errs
}

// axisSized reports whether a section's mazes are sized with the room
// for the marks at their doors on the axis the doors are on (see
// sizeThemed): a theme's pictures, or a young child's flag (see
// flagSide), which on every side took a third of a small slot.
func (p *Plan) axisSized(si int) bool {
	return p.Themed(si) || p.flagSide(si) > 0 || p.labelsOnAxis(si)
}

// labelsOnAxis reports whether a section's mazes have the words Start
// and Finish at doors the plan places on one axis for the section: a
// plain rectangle sized by its level, several to a page, whose labels
// then need room beside the walls its doors are in and not beside the
// other two (room for labels on every side took a third of a slot of
// four from a maze of fifteen cells).
func (p *Plan) labelsOnAxis(si int) bool {
	sec := &p.Spec.Sections[si]
	return sec.Style.Markers == draw.Labels && p.Spec.Theme == "" && sec.PerPage > 1 &&
		sec.Size.W == 0 && sec.CellSize == 0 && len(p.doorAxes(si)) > 1
}

// mazesArea returns the area of the grids of a section's mazes, in
// square points: a section's mazes grow through its pages (see
// growCells), and the doors' axis that suits its first maze may not suit
// its last (a young child's 6x3 maze fills a wide slot with its doors in
// the top and bottom walls, the 6x4 after it with them in the sides).
func (p *Plan) mazesArea(si int) float64 {
	a := 0.0
	for _, mp := range p.Mazes {
		if mp.Section == si {
			a += float64(mp.GridW * mp.GridH * mp.Cell * mp.Cell)
		}
	}
	return a
}

// doorAxes returns where the doors of a themed section's mazes may
// stand: on a plain rectangle whose doors the spec does not place, in the
// top and bottom walls or in the sides; else where the spec's doors put
// them (draw.AnyAxis when that is not known before the maze is made).
func (p *Plan) doorAxes(si int) []draw.Axis {
	s := p.Spec
	sec := &s.Sections[si]
	placed := sec.Entrance != nil || sec.Exit != nil || s.Given(sec.Path("openings"))
	switch {
	case sec.Shape != maze.Rectangle || sec.Mask != nil:
		return []draw.Axis{draw.AnyAxis}
	case !placed:
		return []draw.Axis{draw.Down, draw.Across}
	case sec.Entrance == nil && sec.Exit == nil && sec.Openings == maze.Corners:
		return []draw.Axis{draw.Across}
	case sec.Entrance == nil && sec.Exit == nil && sec.Openings == maze.TopBottom:
		return []draw.Axis{draw.Down}
	}
	return []draw.Axis{draw.AnyAxis}
}

// sizeThemed sizes a themed section's mazes in area with their doors on
// axis: ArtMin pictures to begin with, then as large as the first maze's
// cells make them (see draw.ArtFor; SharedArtMax at most on a page of
// several mazes), the words Start and Finish under
// them as the spec says (see spec.Book.DoorWordsFor). A section whose
// doors are the plan's to place has its recipes say where. Mazes that
// share their page, doors in their sides, have their start pictures
// beside their arrows (see Doors.Along), with room above and below for
// them where a maze is too flat to hold them (see alongOver), or beyond
// their arrows where the page has no room for that.
func (p *Plan) sizeThemed(si int, area display.Box, axis draw.Axis) spec.Errors {
	// Several mazes a page, doors in the side walls: the start's picture
	// beside its arrow, the room beside the walls the pictures' alone,
	// where the mazes are tall enough to hold it there.
	along := p.Themed(si) && axis == draw.Across && p.Spec.Sections[si].PerPage > 1
	errs := p.sizeThemedAlong(si, area, axis, along, 0)
	if !along {
		return errs
	}
	if len(errs) > 0 {
		return p.sizeThemedAlong(si, area, axis, false, 0)
	}
	// A maze too flat for its pictures beside its arrow has them reach
	// past its top or its foot: room for them there, sized again.
	for range 3 {
		over := p.alongOver(si)
		if over <= p.doors[si].Over+1e-9 {
			break
		}
		if errs = p.sizeThemedAlong(si, area, axis, true, over+draw.MarkGap); len(errs) > 0 {
			return p.sizeThemedAlong(si, area, axis, false, 0)
		}
	}
	return errs
}

// alongOver returns how far past its top or its foot the start picture
// of a section's mazes, beside its arrow (see Doors.Along), reaches at
// the most: half a maze's height holds the half of the arrow beyond its
// door's middle, the picture and the word under it, with a gap between
// them and one to spare, or reaches past it by the rest (a door stands
// in the half of its wall nearer an end, its picture toward the
// middle). 0 when every maze holds them.
func (p *Plan) alongOver(si int) float64 {
	d := p.doors[si]
	f := p.TextScale()
	words := 0.0
	if d.Words {
		_, words = draw.DoorWordsSize(p.Spec.Fonts.Headings, float64(d.WordSize*f), p.Labels.Start, p.Labels.Finish)
	}
	over := 0.0
	for _, mp := range p.Mazes {
		if mp.Section != si {
			continue
		}
		arrow := draw.ArrowWidth(mp.Cell-mp.Wall, float64(draw.MarkSide*f)) / 2
		over = math.Max(over, arrow+float64(2*draw.MarkGap*f)+d.Art+words-float64(mp.GridH*mp.Cell)/2)
	}
	return over
}

// sizeThemedAlong is sizeThemed with the start's pictures beside their
// arrows when along is true, with over points of room above and below
// the mazes for them (see alongOver).
func (p *Plan) sizeThemedAlong(si int, area display.Box, axis draw.Axis, along bool, over float64) spec.Errors {
	s := p.Spec
	sec := &s.Sections[si]
	p.doors[si] = Doors{Axis: axis}
	if p.Themed(si) {
		p.doors[si].Art, p.doors[si].Words = draw.ArtMin, s.DoorWordsFor(sec)
		p.doors[si].Along, p.doors[si].Over = along, over
		if p.doors[si].Along {
			p.doors[si].WordSize = p.wordSizeFor(p.doors[si].Art)
		}
	}
	if len(p.doorAxes(si)) > 1 {
		openings := maze.Corners
		if axis == draw.Down {
			openings = maze.TopBottom
		}
		for i := range p.Mazes {
			if p.Mazes[i].Section == si {
				p.Mazes[i].Recipe.Openings = openings
			}
		}
	}
	errs := p.sizeSection(si, area)
	if len(errs) > 0 || !p.Themed(si) {
		return errs
	}
	for _, mp := range p.Mazes {
		if mp.Section == si {
			art := draw.ArtFor(mp.Cell)
			if sz := mp.Recipe.Size; sec.PerPage > 1 && !(sec.Shape == maze.Rectangle && min(sz.W, sz.H) < MinSide) {
				// A strip (a slot too flat for MinSide rows at the
				// floor's pictures) keeps the pictures' growth: its
				// room reshapes the maze.
				art = math.Min(art, SharedArtMax)
			}
			if art > p.doors[si].Art+1e-9 {
				p.doors[si].Art = art
				if p.doors[si].Along {
					p.doors[si].WordSize = p.wordSizeFor(art)
				}
				errs = p.sizeSection(si, area)
			}
			break
		}
	}
	return errs
}

// growShortPages lets the mazes of a short page grow: the last page of a
// section whose count does not fill it holds fewer mazes than its
// section's per_page, and each takes a slot of a page laid out for as
// many as it holds (or, where that prints less, keeps its section's
// slots), sized anew for it: in the slot's proportions, of the cells its
// level has (or, when the spec gives the size, with cells as large as
// the slot allows), up to MaxCell (MaxLoneCell alone). Its BaseCell is
// the cell its grid would have in a full page's slot, so that its answer
// keeps its section's scale.
func (p *Plan) growShortPages() spec.Errors {
	var errs spec.Errors
	s := p.Spec
	full := map[int]display.Box{} // a full page's maze area, by section
	for _, pp := range p.Pages {
		if pp.Kind != PuzzlePage || len(pp.Slots) == 0 {
			continue
		}
		if _, ok := full[pp.Section]; !ok && pp.Per == s.Sections[pp.Section].PerPage {
			full[pp.Section] = pp.MazeArea(pp.Slots[0])
		}
	}
	for i := range p.Pages {
		pp := &p.Pages[i]
		if pp.Kind != PuzzlePage || len(pp.Mazes) == 0 {
			continue
		}
		sec := &s.Sections[pp.Section]
		if pp.Per == sec.PerPage || sec.CellSize > 0 {
			continue
		}
		own := p.grown(pp, pp.Slots)
		theirs := p.grown(pp, slots(pp.Frame.Content, pp.Head.Bottom, sec.PerPage, len(pp.Mazes)))
		best := own
		if theirs.area > own.area {
			best = theirs
			pp.Per = sec.PerPage
			pp.Slots = slots(pp.Frame.Content, pp.Head.Bottom, sec.PerPage, len(pp.Mazes))
		}
		room := roomer{p.RoomOf(pp.Section)}
		for k, mi := range pp.Mazes {
			mp := &p.Mazes[mi]
			g := best.mazes[k]
			wall, err := wallFor(s, sec, float64(g.cell*mp.Clear))
			if err != nil {
				errs = append(errs, err)
				continue
			}
			mp.Recipe.Size, mp.Cells, mp.GridW, mp.GridH = g.size, g.cells, g.gridW, g.gridH
			mp.Cell, mp.Wall = g.cell, wall
			if fa, ok := full[pp.Section]; ok {
				base := math.Min(room.fit(fa, mp.GridW, mp.GridH), maxCell(sec))
				if bw, err := wallFor(s, sec, float64(base*mp.Clear)); err == nil {
					mp.BaseCell, mp.BaseWall = base, bw
				}
			}
		}
	}
	return errs
}

// grownMaze is a maze of a short page sized for its slot.
type grownMaze struct {
	size         maze.Size
	cells        int
	gridW, gridH float64
	cell         float64
}

// grownPage is a short page's mazes sized for its slots, and the area
// their grids cover.
type grownPage struct {
	mazes []grownMaze
	area  float64
}

// grown sizes the mazes of short page pp for the slots given (see
// growShortPages).
func (p *Plan) grown(pp *Page, slotsOf []display.Box) grownPage {
	s := p.Spec
	sec := &s.Sections[pp.Section]
	most := maxCell(sec)
	if len(pp.Mazes) == 1 {
		most = MaxLoneCell
	}
	room := roomer{p.RoomOf(pp.Section)}
	var out grownPage
	for k, mi := range pp.Mazes {
		mp := p.Mazes[mi]
		g := grownMaze{size: mp.Recipe.Size, cells: mp.Cells, gridW: mp.GridW, gridH: mp.GridH}
		area := pp.MazeArea(slotsOf[k])
		if sec.Size.W == 0 && (sec.Mask == nil || mp.Level > 0) {
			if sz, grid, _, err := sizeAtLeast(s, sec, area, room, p.growCells(mi), p.cellsBefore(mi)); err == nil {
				g.size, g.cells = sz, grid.Cells()
				g.gridW, g.gridH = grid.Size()
			}
		}
		g.cell = math.Max(math.Min(room.fit(area, g.gridW, g.gridH), most), mp.Cell)
		if g.gridW != mp.GridW || g.gridH != mp.GridH {
			g.cell = math.Min(room.fit(area, g.gridW, g.gridH), most)
		}
		out.mazes = append(out.mazes, g)
		out.area += float64(g.gridW * g.gridH * g.cell * g.cell)
	}
	return out
}

// sizeSection chooses the size, cell and wall of a section's mazes drawn
// in area. A word in a slot taller than it has its letters drawn
// taller, or set in lines (see tallWord), for this plan's mazes (the
// spec keeps the font's), unless its mazes do not fit so.
func (p *Plan) sizeSection(si int, area display.Box) spec.Errors {
	return p.sizeSectionOf(si, area, nil)
}

// sizeSectionOf sizes, as sizeSection does, the mazes of a section that
// only holds (all of them when only is nil).
func (p *Plan) sizeSectionOf(si int, area display.Box, only map[int]bool) spec.Errors {
	sec := &p.Spec.Sections[si]
	if m := tallWord(sec.Mask, sec.Islands, area, roomer{p.RoomOf(si)}); m != sec.Mask {
		if errs := p.sizeSectionWith(si, area, m, only); len(errs) == 0 {
			return nil
		}
	}
	return p.sizeSectionWith(si, area, sec.Mask, only)
}

// sizeLoneWords sizes again, for a section whose mask is a word sized
// in area, the mazes of each of its pages whose slots are larger than
// area: the last page of a section of several mazes a page that holds
// fewer lays them out for as many as it holds, and a name alone on it
// fills it as a name alone on every page of its section does.
func (p *Plan) sizeLoneWords(si int, area display.Box) spec.Errors {
	sec := &p.Spec.Sections[si]
	if sec.Mask == nil || sec.Mask.CapHeight == 0 || sec.Size.W > 0 {
		return nil
	}
	var errs spec.Errors
	for _, pp := range p.Pages {
		if pp.Kind != PuzzlePage || pp.Section != si || len(pp.Slots) == 0 {
			continue
		}
		a := pp.MazeArea(pp.Slots[0])
		if a.W < area.W-1 || a.H < area.H-1 || a.W*a.H < float64(1.1*area.W*area.H) {
			continue
		}
		only := map[int]bool{}
		for _, i := range pp.Mazes {
			if p.Mazes[i].Level > 0 {
				return errs // a name held to a level is sized by it
			}
			only[i] = true
		}
		errs = append(errs, p.sizeSectionOf(si, a, only)...)
	}
	return errs
}

// sizeSectionWith sizes the mazes of a section that only holds (all when
// nil) in area as sizeSection does, under the mask m in place of the
// section's own.
func (p *Plan) sizeSectionWith(si int, area display.Box, m *maze.Bitmap, only map[int]bool) spec.Errors {
	s := p.Spec
	sec := &s.Sections[si]
	room := roomer{p.sizingRoom(si)}
	if m != sec.Mask {
		set := *sec
		set.Mask = m
		sec = &set
	}
	for i := range p.Mazes {
		if p.Mazes[i].Section == si && (only == nil || only[i]) {
			p.Mazes[i].Recipe.Mask = m
		}
	}
	var errs spec.Errors
	type sized struct {
		size              maze.Size
		cells             int
		cell, wall        float64
		gridW, gridH, clr float64
		failed            bool
	}
	// The mazes are sized by the cells they are to have: of a level,
	// growing through the run of its mazes (see growCells), and never
	// fewer than the maze before.
	byCells := map[[2]int]sized{}
	floor := 0
	var last sized // the section's maze before
	for i := range p.Mazes {
		mp := &p.Mazes[i]
		if mp.Section != si || only != nil && !only[i] {
			continue
		}
		cells := p.growCells(i)
		if mp.Level == 0 && sec.Mask != nil && sec.Mask.CapHeight > 0 {
			cells = wordCells(sec.Mask, area, room, nameCell(sec), leastCell(sec)) // a name, its letters clear
		}
		key := [2]int{cells, floor}
		sz, done := byCells[key]
		if last.cells > 0 && cells <= last.cells {
			// The maze before has the cells this one is to have already:
			// this one is its size, not a grid rounded up past it (a
			// ratchet that took a level-1 run from 15 cells to 35, past
			// its level's band).
			sz, done = last, true
		}
		if !done {
			var err *spec.Error
			var g maze.Grid
			sz.size, g, sz.cell, err = sizeAtLeast(s, sec, area, room, cells, floor)
			if err == nil {
				sz.cells = g.Cells()
				sz.gridW, sz.gridH = g.Size()
				sz.clr = maze.Clearance(g)
				sz.wall, err = wallFor(s, sec, float64(sz.cell*sz.clr))
				if sec.Weave > 0 {
					sz.clr = draw.WeaveClearance
				}
			}
			if err == nil {
				err = checkDoorCells(s, sec, g)
			}
			if err != nil {
				errs = append(errs, err)
				sz.failed = true
			}
			byCells[key] = sz
		}
		if sz.failed {
			continue
		}
		floor = max(floor, sz.cells)
		last = sz
		mp.Recipe.Size, mp.Cells, mp.Cell, mp.Wall = sz.size, sz.cells, sz.cell, sz.wall
		mp.BaseCell, mp.BaseWall = sz.cell, sz.wall
		mp.GridW, mp.GridH, mp.Clear = sz.gridW, sz.gridH, sz.clr
	}
	return errs
}

// growCells returns about how many cells maze i is made of when its
// section sizes it by its level: its level's cells (difficulty.LevelCells; a
// section held to none, spec.DefaultLevel's), and in a section of
// rectangles of one level (or none) up to growMaxLevel growing through
// its mazes (another shape steps by whole rings or rows), from the level's cells for the
// first to growShare of the way to the next level's for the last, by
// equal ratios (a geometric step), so that a section steps up gradually
// page after page, not six identical mazes and then a jump.
func (p *Plan) growCells(i int) int {
	mp := p.Mazes[i]
	sec := &p.Spec.Sections[mp.Section]
	level := mp.Level
	if level == 0 {
		level = spec.DefaultLevel
	}
	cells := difficulty.LevelCells(sec.Shape, level)
	next := float64(float64(cells) * 1.9) // past the last level, its usual step
	if level < maze.MaxLevel {
		next = float64(difficulty.LevelCells(sec.Shape, level+1))
	}
	if sec.ToLevel > sec.FromLevel || level > growMaxLevel || sec.Shape != maze.Rectangle {
		// A section whose difficulty rises grows with its levels, and its
		// mazes of a level are all of one size, to be ordered by score
		// among themselves (see layout's sortRising).
		return cells
	}
	first, n := -1, 0 // the run of the section's mazes of this level
	for k, m := range p.Mazes {
		if m.Section == mp.Section && m.Level == mp.Level {
			if first < 0 {
				first = k
			}
			n++
		}
	}
	if n < 2 {
		return cells
	}
	f := float64(i-first) / float64(n-1)
	return int(math.Round(float64(float64(cells) * math.Pow(next/float64(cells), float64(growShare*f)))))
}

// growMaxLevel is the hardest level whose sections grow through their
// mazes: the levels of children's books. A harder maze is as large as its
// page and its answer key allow (a section of a hundred expert mazes
// grown by half a level no longer has its answers four to a page).
const growMaxLevel = 6

// growShare is how far toward the next level's cells the last maze of a
// level's run in a section grows, as a share of the step in the
// logarithm: half, so that it stays within its level's band of scores
// and the next level's first maze is still larger.
const growShare = 0.5

// cellsBefore returns the cells of the maze before maze i in its section
// (0 for its first): a maze is never smaller than the one before it.
func (p *Plan) cellsBefore(i int) int {
	if i == 0 || p.Mazes[i-1].Section != p.Mazes[i].Section {
		return 0
	}
	return p.Mazes[i-1].Cells
}

// sizeAtLeast is sectionSize for about cells cells, but of at least
// floor cells when the box holds them legibly: a size that rounds to
// fewer than the maze before is sized again for more.
func sizeAtLeast(s *spec.Book, sec *spec.Section, box display.Box, room roomer, cells, floor int) (maze.Size, maze.Grid, float64, *spec.Error) {
	sz, g, cell, err := sectionSize(s, sec, box, room, cells)
	for k := 0; k < 6 && err == nil && g.Cells() < floor && sec.Size.W == 0 && sec.CellSize == 0; k++ {
		more := cells + (floor-g.Cells())*(k+1)
		sz2, g2, cell2, err2 := sectionSize(s, sec, box, room, more)
		if err2 != nil {
			break
		}
		if g2.Cells() > g.Cells() {
			sz, g, cell = sz2, g2, cell2
		}
		cells = more
	}
	return sz, g, cell, err
}

// sectionSize chooses the size and cell size of a section's mazes in a
// maze area: from the size given, from the cell size given, or else about
// the given number of cells (its level's) in the shape the area suits. It
// returns the grid of that size too.
func sectionSize(s *spec.Book, sec *spec.Section, box display.Box, room roomer, cells int) (maze.Size, maze.Grid, float64, *spec.Error) {
	shape, _ := maze.LookupShape(sec.Shape)
	minCell := leastCell(sec)
	forAges := say.T("")
	if sec.Ages != "" && minCell > spec.MinCell {
		forAges = say.T(" for ages %s", sec.Ages)
	}
	name := sec.Name()
	grid := func(sz maze.Size) (maze.Grid, error) {
		r := maze.Recipe{Shape: sec.Shape, Size: sz, Mask: sec.Mask, Islands: sec.Islands}
		return r.Grid()
	}
	// tooLarge refuses a size that would get cells of (at most) cell.
	tooLarge := func(cell float64) (maze.Size, maze.Grid, float64, *spec.Error) {
		sz, _, ok := largestFit(sec, shape, box, room, minCell)
		if cell <= 0 || !ok {
			return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: no maze fits its %s x %s box with cells of at least %s%s: use a larger page, smaller margins or fewer mazes a page",
				name, spec.FormatLength(max(box.W, 0), "mm"), spec.FormatLength(max(box.H, 0), "mm"), spec.FormatLength(minCell, "mm"), forAges)
		}
		return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: %s does not fit here with cells of at least %s%s: give %s or smaller, or fewer mazes a page",
			name, shape.Format(sec.Size), spec.FormatLength(minCell, "mm"), forAges, shape.Format(sz))
	}
	switch {
	case sec.Size.W > 0:
		// A masked rectangle is measured before its grid is made (a
		// 3000x3000 one takes seconds and hundreds of megabytes): the
		// cells the mask keeps span at least its picture's share of the
		// rectangle, less the cells its outline may lose.
		if lw, lh, ok := maskedRectAtLeast(sec); ok {
			if cell := room.fit(box, lw, lh); cell > 0 && cell < minCell {
				return tooLarge(cell)
			}
		}
		g, err := grid(sec.Size)
		if err != nil {
			return maze.Size{}, nil, 0, sectionError(s, sec, "size", "%s: %v", name, err)
		}
		gw, gh := g.Size()
		cell := room.fit(box, gw, gh)
		if cell < minCell {
			if shape.Middle && sec.Size.Inner > float64(sec.Size.W) {
				// The middle takes the room: say so, in the spec's words.
				return maze.Size{}, nil, 0, sectionError(s, sec, "inner", "%s: a middle %g rings wide leaves no room for the circle's %d rings: give a smaller inner (1 to 3 is usual)",
					name, sec.Size.Inner, sec.Size.W)
			}
			return tooLarge(cell)
		}
		return sec.Size, g, min(cell, maxCell(sec)), nil
	case sec.CellSize > 0:
		cell := sec.CellSize
		if cell < minCell {
			return maze.Size{}, nil, 0, sectionError(s, sec, "cell", "%s: cell %s is too small to print clearly: the smallest%s is %s", name, spec.FormatLength(cell, "mm"), forAges, spec.FormatLength(minCell, "mm"))
		}
		sz, g, ok := largestFit(sec, shape, box, room, cell)
		if !ok {
			return maze.Size{}, nil, 0, sectionError(s, sec, "cell", "%s: cell %s is too large: not one cell fits the %s x %s box", name, spec.FormatLength(cell, "mm"), spec.FormatLength(box.W, "mm"), spec.FormatLength(box.H, "mm"))
		}
		return sz, g, cell, nil
	}
	sz, err := forCells(sec, shape, cells, room.gridAspect(box, cells))
	var g maze.Grid
	if err == nil {
		g, err = grid(sz)
	}
	if err != nil {
		return maze.Size{}, nil, 0, sectionError(s, sec, "mask", "%s: %v", name, err)
	}
	if bsz, bg, ok := blockInstead(sec, shape, box, room, cells, g, grid); ok {
		sz, g = bsz, bg
	}
	gw, gh := g.Size()
	cell := room.fit(box, gw, gh)
	if cell < minCell {
		// A small box: shrink to what fits legibly. A section held to a
		// level then reports the band it cannot reach.
		var ok bool
		sz, g, ok = largestFit(sec, shape, box, room, minCell)
		if !ok && sec.Mask != nil && sec.Mask.CapHeight > 0 && sec.PerPage == 1 {
			return maze.Size{}, nil, 0, sectionError(s, sec, "mask", "%s: the name does not fit here with cells of at least %s: give a larger page, a landscape one, or a shorter name", name, spec.FormatLength(minCell, "mm"))
		}
		if !ok || g.Cells() < 4 || sec.Shape == maze.Rectangle && (sz.W < 2 || sz.H < 2) {
			return maze.Size{}, nil, 0, sectionError(s, sec, "per_page", "%s: there is no room here for a maze: put fewer mazes a page", name)
		}
		gw, gh = g.Size()
		cell = room.fit(box, gw, gh)
	}
	return sz, g, min(cell, maxCell(sec)), nil
}

// blockGain is how many times the area a big hexagon's or triangle's grid
// covers a block of its cells must cover to be printed instead: a fifth
// more, so that a slot about as wide as the outline is high keeps the
// outline, and a wide one (two mazes to a portrait page) a block that
// fills it.
const blockGain = 1.2

// blockInstead returns, for a section of a shape whose size is an outline
// or a block (a hexagon, a triangle) sized by its cells and not a mask,
// the block of about cells cells in the proportions of box, with the
// room its marks take, when its grid covers blockGain times the area the
// outline's grid g covers drawn as large as box allows (the big hexagon
// of a level's 91 cells, as wide as it is high, filled a quarter of a
// page of two); ok is false when the outline is to stay.
func blockInstead(sec *spec.Section, shape maze.Shape, box display.Box, room roomer, cells int, g maze.Grid, grid func(maze.Size) (maze.Grid, error)) (maze.Size, maze.Grid, bool) {
	if shape.BlockFor == nil || sec.Mask != nil || sec.Size.W > 0 || shape.Name == maze.Rectangle {
		return maze.Size{}, nil, false
	}
	sz := shape.BlockFor(cells, room.gridAspect(box, cells))
	sz.Inner = sec.Size.Inner
	bg, err := grid(sz)
	if err != nil {
		return maze.Size{}, nil, false
	}
	covers := func(g maze.Grid) float64 {
		gw, gh := g.Size()
		c := math.Min(room.fit(box, gw, gh), maxCell(sec))
		return float64(gw * gh * c * c)
	}
	if covers(bg) < float64(blockGain*covers(g)) {
		return maze.Size{}, nil, false
	}
	return sz, bg, true
}

// forCells returns the section's size of about n cells in a box aspect
// times as wide as it is high: the shape's own, or the block under the
// mask.
func forCells(sec *spec.Section, shape maze.Shape, n int, aspect float64) (maze.Size, error) {
	var sz maze.Size
	if sec.Mask != nil {
		var err error
		if sz, err = maze.MaskSize(shape, sec.Mask, n); err != nil {
			return sz, err
		}
		if sec.MaskRows > 0 && sz.H < sec.MaskRows {
			// Too few rows to read the mask: more cells.
			f := float64(sec.MaskRows) / float64(sz.H)
			if sz, err = maze.MaskSize(shape, sec.Mask, int(float64(n)*f*f)+1); err != nil {
				return sz, err
			}
		}
	} else {
		sz = shape.ForCells(n, aspect)
		if shape.Name == maze.Rectangle && n >= 3*MinSide {
			// A strip of two rows is a corridor, not a maze: at least
			// MinSide cells across either way.
			switch {
			case sz.H < MinSide:
				sz = maze.Size{W: int(math.Round(float64(n) / MinSide)), H: MinSide}
			case sz.W < MinSide:
				sz = maze.Size{W: MinSide, H: int(math.Round(float64(n) / MinSide))}
			}
		}
	}
	sz.Inner = sec.Size.Inner
	return sz, nil
}

// MinSide is the fewest cells across a rectangle the plan sizes has,
// either way, when it has cells enough for it.
const MinSide = 3

// maskedRectAtLeast returns, for a masked rectangle of a size given, the
// least width and height in cells the cells its mask keeps can span: the
// share of the mask's picture its kept pixels span, less the cells that
// sampling it at the cells' centres (one each side) and smoothing its
// outline (a stub two cells long each side) may lose. ok is false for any
// other section, a mask that keeps nothing, and islands kept apart,
// whose specks are dropped wherever they are.
func maskedRectAtLeast(sec *spec.Section) (w, h float64, ok bool) {
	b := sec.Mask
	if sec.Shape != maze.Rectangle || b == nil || sec.Islands == maze.Separate || b.W <= 0 || b.H <= 0 || len(b.On) < b.W*b.H {
		return 0, 0, false
	}
	x0, y0, x1, y1 := b.W, b.H, -1, -1
	for y := range b.H {
		for x := range b.W {
			if b.On[y*b.W+x] {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < 0 {
		return 0, 0, false
	}
	w = float64(float64(x1-x0+1)/float64(b.W)*float64(sec.Size.W)) - 6
	h = float64(float64(y1-y0+1)/float64(b.H)*float64(sec.Size.H)) - 6
	return w, h, w >= 1 && h >= 1
}

// largestFit returns the largest size of the section's shape whose grid,
// with its marker room, fits box at the given cell size: on a plain
// rectangle by arithmetic, elsewhere by a search over the number of cells.
func largestFit(sec *spec.Section, shape maze.Shape, box display.Box, room roomer, cell float64) (maze.Size, maze.Grid, bool) {
	if sec.Shape == maze.Rectangle && sec.Mask == nil {
		w := int(math.Floor((box.W-2*room.AbsX)/cell - 2*room.CellsX + 1e-9))
		h := int(math.Floor((box.H-2*room.AbsY)/cell - 2*room.CellsY + 1e-9))
		if w < 1 || h < 1 {
			return maze.Size{}, nil, false
		}
		sz := maze.Size{W: w, H: h}
		g, err := maze.NewRect(w, h)
		return sz, g, err == nil
	}
	aspect := room.aspect(box)
	try := func(n int) (maze.Size, maze.Grid, bool) {
		sz, err := forCells(sec, shape, n, aspect)
		if err != nil {
			return sz, nil, false
		}
		g, err := maze.Recipe{Shape: sec.Shape, Size: sz, Mask: sec.Mask, Islands: sec.Islands}.Grid()
		if err != nil {
			return sz, nil, false
		}
		gw, gh := g.Size()
		return sz, g, room.fit(box, gw, gh) >= cell
	}
	// The most cells the box could hold at this cell size bounds the
	// search; too many cells never fit.
	hi := int(math.Min(float64(4*(box.W/cell+1)*(box.H/cell+1)), maze.MaxCells))
	lo := 0
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if _, _, ok := try(mid); ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return maze.Size{}, nil, false
	}
	return try(lo)
}

// roomer is the marker room, with the sums the sizing does with it.
type roomer struct{ draw.Room }

// fit returns the largest cell at which a grid of gw by gh units fits box.
func (r roomer) fit(box display.Box, gw, gh float64) float64 {
	return draw.FitCell(box, gw, gh, r.Room)
}

// aspect returns how many times wider than high the room left in box is.
func (r roomer) aspect(box display.Box) float64 {
	return (box.W - 2*r.AbsX) / math.Max(box.H-2*r.AbsY, 1)
}

// gridAspect returns how many times wider than high a grid of n square
// cells is to fill box with the room its marks take around it: the room
// left in box's proportions less the room in cells (a picture's cell
// each side, half a cell for an arrow), which costs a grid of few cells
// much of its height (a 10x6 maze with a cell of room each side filled a
// third of a wide slot; 11x5 fills more). The grid of gw by gh cells
// solves (gw+2·CellsX)/(gh+2·CellsY) = aspect, gw·gh = n.
func (r roomer) gridAspect(box display.Box, n int) float64 {
	a := r.aspect(box)
	if n <= 0 || r.CellsX == 0 && r.CellsY == 0 {
		return a
	}
	b := float64(2*a*r.CellsY) - 2*r.CellsX
	gh := (-b + math.Sqrt(float64(b*b)+float64(4*a*float64(n)))) / (2 * a)
	if !(gh > 0) {
		return a
	}
	return float64(n) / float64(gh*gh)
}

// wallFor returns the wall thickness of a section's mazes whose narrowest
// corridor (a square cell, or less on triangles) is corridor points wide
// (see spec.FitWall).
func wallFor(s *spec.Book, sec *spec.Section, corridor float64) (float64, *spec.Error) {
	name := sec.Style.WallName
	if sec.WallName != "" {
		name = sec.WallName
	}
	w, err := spec.FitWall(sec.Style.Wall, name, corridor)
	if err != nil {
		at := "style.wall"
		if s.Given(sec.Path("style.wall")) {
			at = sec.Path("style.wall")
		}
		return 0, s.ErrorAt(at, "%s: %v", sec.Name(), err)
	}
	if s.Preset != "" && name != "" {
		// A named wall keeps to what the printer accepts.
		w = math.Max(w, MinLine)
	}
	return w, nil
}

// WordCell is the smallest cell a name maze is drawn with unless its
// slot holds no more: 3mm, corridors a child's pencil follows.
const WordCell = 3 * spec.PointsPerMM

// leastCell returns the smallest cell a section's mazes are drawn with:
// its own (its ages'), but for a name at most WordCell. A name needs its
// rows to read: a young child's is drawn with cells of NameCell where its
// slot holds them, and a long one smaller, to WordCell, not refused for
// the 12mm of a young child's maze alone.
func leastCell(sec *spec.Section) float64 {
	if sec.Mask != nil && sec.Mask.CapHeight > 0 {
		return min(sec.MinCell, WordCell)
	}
	return sec.MinCell
}

// NameCapRows is the fewest rows of cells the capitals of a name maze
// span where its slot holds more than maze.TextMinCapRows: at fewer, the
// accent of an Í runs into its letter, and LUCÍA reads as "Lucta"
// (TestNameMazesRead).
const NameCapRows = 11

// NameCell is the cell a name maze is drawn with where its slot holds
// it: 4.5mm, corridors a child's pencil follows easily, and the most at
// which the accents of a name the width of a page (LUCÍA, JOSÉ) still
// stand apart from their letters (TestNameMazesRead).
const NameCell = 4.5 * spec.PointsPerMM

// YoungNameCell is the cell a name maze for a young child (a section
// whose ages ask cells of 8mm or more, the low levels it is made for) is
// drawn with where its slot holds the name's capitals NameCapRows tall
// at it: 6mm, corridors a small hand follows with a crayon. Fewer rows
// would give a long name wider corridors, but LUCÍA reads as "Lucta" and
// ZOË as "Z0E" at maze.TextMinCapRows (TestNameMazesRead).
const YoungNameCell = 6 * spec.PointsPerMM

// nameCell returns the cell a section's name maze is drawn with where
// its slot holds it (see wordCells): YoungNameCell for a young child's,
// else NameCell.
func nameCell(sec *spec.Section) float64 {
	if sec.MinCell >= 8*spec.PointsPerMM {
		return YoungNameCell
	}
	return NameCell
}

// wordCells returns about how many cells a section whose mask is a word,
// held to no level, is made of: capitals maze.TextCapRows tall when the
// slot holds them at cells of cell points, else as many rows as it holds
// (never fewer than NameCapRows where the slot holds those at cells of
// smallest points, else maze.TextMinCapRows: a name is sized to read,
// not to be dense).
func wordCells(b *maze.Bitmap, box display.Box, room roomer, cell, smallest float64) int {
	full := maze.TextCells(b)
	perCap := float64(b.H) / b.CapSpan()                // the grid's rows a row of capitals spans
	rows := float64(float64(maze.TextCapRows) * perCap) // the grid's rows for full
	aspect := float64(b.W) / float64(b.H)
	w := box.W - 2*room.AbsX
	h := box.H - 2*room.AbsY
	fitAt := func(c float64) float64 { return math.Min(h/c, w/(c*aspect)) } // the rows the slot holds at cells of c
	fit := fitAt(float64(1.01 * cell))                                      // a hair more: the grid's rows round up
	// NameCapRows at the least where the slot holds them at the smallest
	// cell, else maze.TextMinCapRows: a long name on a small page.
	least := float64(float64(NameCapRows) * perCap)
	if fitAt(smallest) < least {
		least = float64(float64(maze.TextMinCapRows) * perCap)
	}
	if fit >= rows {
		return full
	}
	r := math.Max(fit, least)
	return max(int(float64(full)*r*r/(rows*rows)), 4)
}

// MaxTall is the most times as tall as the font draws them that a
// word's letters are drawn to fill a slot taller than the word (see
// tallWord): twice, a condensed poster capital that still reads; at 2.2
// the U of LUCÍA, its stems tall beside its bowl, reads as a W
// (TestNameMazesRead).
const MaxTall = 2.0

// LineGap is the space between the lines of a word whose letters are
// mazes of their own set in lines (see tallWord), in capital heights: room
// for the doors' marks of the letters above and below it.
const LineGap = 0.4

// tallWord returns the mask of a section whose mask is a word as a
// designer sets a word to fill its page: its letters drawn taller (see
// maze.Bitmap.Taller), at most MaxTall times as tall, to take the
// proportions of the room left in box, and, where each letter is a maze
// of its own, set in as many lines (up to three, see maze.Bitmap.Lines)
// as print it largest; else the mask b as it is.
func tallWord(b *maze.Bitmap, islands maze.Islands, box display.Box, room roomer) *maze.Bitmap {
	if b == nil || b.CapHeight == 0 || b.Tall > 1 {
		return b
	}
	w, h := box.W-2*room.AbsX, box.H-2*room.AbsY
	if w <= 0 || h <= 0 {
		return b
	}
	// covers is the share of the room a bitmap drawn as large as it
	// allows covers.
	covers := func(m *maze.Bitmap) float64 {
		a := float64(m.W) / float64(m.H)
		return math.Min(w, float64(h*a)) * math.Min(h, w/a) / float64(w*h)
	}
	best, most := b, covers(b)
	gap := int(math.Round(float64(LineGap * float64(b.CapHeight))))
	lines := 1
	if islands == maze.Separate {
		lines = 3
	}
	for n := 1; n <= lines; n++ {
		set, err := b.Lines(n, gap)
		if err != nil {
			break
		}
		// The capitals' rows drawn taller, to rows as many as the room's
		// proportions hold.
		f := math.Min(1+(float64(set.W)*h/w-float64(set.H))/float64(n*b.CapHeight), MaxTall)
		if f >= 1.05 {
			t, err := b.Taller(f)
			if err != nil {
				continue
			}
			if set, err = t.Lines(n, gap); err != nil {
				continue
			}
		}
		// Another line where it prints the word a fifth larger.
		if c := covers(set); c > most*1.2 || n == 1 && c > most {
			best, most = set, c
		}
	}
	return best
}

// TurnNotes says, for each section whose mazes are words (a name) on a
// portrait page where a landscape page would print them larger, how much
// larger, at the section's mask: "book.yaml:9:11: section 2: the name is
// wide: on a landscape page (page: {orientation: landscape}) it prints 1.8
// times as large".
func (p *Plan) TurnNotes() []string {
	ps := p.Spec.Page
	if ps.Landscape || ps.Width >= ps.Height {
		return nil
	}
	var notes []string
	for si := range p.Spec.Sections {
		sec := &p.Spec.Sections[si]
		if sec.Mask == nil || sec.Mask.CapHeight == 0 || sec.PerPage != 1 {
			continue
		}
		var mp *Maze
		for i := range p.Mazes {
			if p.Mazes[i].Section == si {
				mp = &p.Mazes[i]
				break
			}
		}
		if mp == nil || mp.GridW < 1.5*mp.GridH {
			continue
		}
		// The cell the maze would get with the page turned: its content
		// area's sides swapped, less the same room for the heading.
		var area display.Box
		for _, pp := range p.Pages {
			if pp.Kind == PuzzlePage && pp.Section == si {
				area = pp.MazeArea(pp.Slots[0])
				break
			}
		}
		c := p.Pages[0].Frame.Content
		turned := display.Box{W: c.H, H: c.W - (c.H - area.H)}
		room := p.RoomOf(si)
		now := draw.FitCell(area, mp.GridW, mp.GridH, room)
		if then := draw.FitCell(turned, mp.GridW, mp.GridH, room); then > 1.25*now {
			notes = append(notes, p.Spec.ErrorAt(sec.Path("mask"), "%s: the name is wide: on a landscape page (page: {orientation: landscape}) it prints %.1f times as large", sec.Name(), then/now).Error())
		}
	}
	return notes
}

// FillFloor is the least share of a page inside its margins that the
// mazes of a page of several cover, as a designer of children's books
// lays them out (issue 46).
const FillFloor = 0.45

// FillNotes says, for each section of several mazes a page whose mazes
// cover less than FillFloor of one of their pages inside its margins (a
// young child's mazes of few cells, beside big marks, on a small page),
// how little at the section's per_page, and that fewer a page print them
// larger: "book.yaml:6:42: section 1: at 4 a page its mazes cover only
// 33% of their pages: fewer a page print them larger".
func (p *Plan) FillNotes() []string {
	least := map[int]float64{}
	for _, pp := range p.Pages {
		if pp.Kind != PuzzlePage || len(pp.Mazes) < 2 {
			continue
		}
		c := pp.Frame.Content
		share := 0.0
		for _, mi := range pp.Mazes {
			mp := p.Mazes[mi]
			share += float64(mp.GridW*mp.Cell) * float64(mp.GridH*mp.Cell) / float64(c.W*c.H)
		}
		if v, ok := least[pp.Section]; !ok || share < v {
			least[pp.Section] = share
		}
	}
	var notes []string
	for si := range p.Spec.Sections {
		if v, ok := least[si]; ok && v < FillFloor {
			sec := &p.Spec.Sections[si]
			notes = append(notes, p.Spec.ErrorAt(sec.Path("per_page"), "%s: at %d a page its mazes cover only %.0f%% of their pages: fewer a page print them larger", sec.Name(), sec.PerPage, float64(100*v)).Error())
		}
	}
	return notes
}

// SharedArtMax is the largest side of a theme's pictures beside mazes
// that share their page, in points: the floor, draw.ArtMin (12mm), not a
// lone maze's up to draw.ArtMax, so that the room the pictures take
// beside each maze is not taken from the mazes, which fill their page
// (see MaxYoungCell): on two young mazes to a letter page, pictures of
// 16mm leave 37 to 41% of the page to the mazes, of 12mm 39 to 45%. A
// section whose slot is too flat for MinSide rows at the floor (two
// young mazes to an 8.25in square page) grows them as a lone maze's.
const SharedArtMax = draw.ArtMin
