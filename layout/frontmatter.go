package layout

import (
	"image"
	"math"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/theme"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// The illustrated pages of a themed book: the title page's characters
// and the certificate page at the end of a book for young children.
const (
	// TitleArtMost is the largest a title page's character is drawn, in
	// points (50 mm), and TitleArtLeast the smallest (20 mm): smaller,
	// the title page has none.
	TitleArtMost  = 50 * 72 / 25.4
	TitleArtLeast = 20 * 72 / 25.4
	// titleCharacters is the most characters a title page shows.
	titleCharacters = 3
	// CertificateSize is the certificate's headline, in points, and
	// CertificateArt the side of its pictures (45 mm).
	CertificateSize = 40.0
	CertificateArt  = 45 * 72 / 25.4
	// EmblemMost is the largest side of the round maze a title page
	// without a theme shows under its title, in points (60 mm), and
	// EmblemLeast the smallest (30 mm): smaller, the page has none.
	EmblemMost  = 60 * 72 / 25.4
	EmblemLeast = 30 * 72 / 25.4
	// emblemRings is the emblem's rings: few enough to read as a
	// picture of a maze, not one to solve.
	emblemRings = 5
)

// Characters returns the pictures a themed book's front matter and
// cover show: for a book of one theme its start and its goal, and for a
// book of a pair per maze the starts of its first mazes' pairs, up to
// titleCharacters of them, each pair once; and the pair of its first
// maze, whose scene goes with them (with, for a book of a pair per maze,
// a prop of each other character's scene that belongs on its ground or
// in any sky). A book without a theme has none.
func Characters(p *plan.Plan) (arts []theme.Art, pair theme.Pair) {
	seen := map[string]bool{}
	for i := range p.Mazes {
		pi, ok := p.Pair(i)
		if !ok {
			return nil, theme.Pair{}
		}
		if i == 0 {
			pair = pi
			if p.Spec.Theme != theme.Random {
				return []theme.Art{pi.Start, pi.Goal}, pi
			}
		}
		if !seen[pi.Name] {
			seen[pi.Name] = true
			arts = append(arts, pi.Start)
			if i > 0 {
				// Each character brings a prop of its own scene: one
				// that stands on its ground only where its ground is
				// of the first's kind (no tree on the moon).
				for _, pr := range pi.Scene.Props {
					if pi.Scene.Tint == pair.Scene.Tint || pr.Place != theme.OnGround {
						pair.Scene.Props = append(append([]theme.Prop(nil), pair.Scene.Props...), pr)
						break
					}
				}
			}
		}
		if len(arts) == titleCharacters {
			break
		}
	}
	return arts, pair
}

// OwnPictures returns the pictures a book without a theme shows where a
// themed book shows its characters (see Characters): the start and goal
// pictures its first maze's section is marked with (a mouse and its
// cheese), each drawn as large as its box holds, centred, in its own
// proportions. A themed book, or one whose first section has no picture
// of its own, has none.
func OwnPictures(p *plan.Plan) []theme.Art {
	if p.Spec.Theme != "" || len(p.Mazes) == 0 {
		return nil
	}
	st := p.Spec.Sections[p.Mazes[0].Section].Style
	var arts []theme.Art
	for _, pic := range []image.Image{st.StartImage, st.FinishImage} {
		if pic == nil || pic.Bounds().Dx() <= 0 || pic.Bounds().Dy() <= 0 {
			continue
		}
		arts = append(arts, func(box display.Box) []display.Item {
			return []display.Item{&display.Image{Box: fitted(box, pic), Picture: pic}}
		})
	}
	return arts
}

// fitted returns the largest box of pic's proportions centred in box.
func fitted(box display.Box, pic image.Image) display.Box {
	b := pic.Bounds()
	aspect := float64(b.Dx()) / float64(b.Dy())
	w, h := box.W, box.W/aspect
	if h > box.H {
		w, h = float64(box.H*aspect), box.H
	}
	return display.Box{X: box.X + (box.W-w)/2, Y: box.Y + (box.H-h)/2, W: w, H: h}
}

// characters returns the book's Characters.
func (b *Book) characters() ([]theme.Art, theme.Pair) { return Characters(b.Plan) }

// row draws arts side by side, each side points square, centred in box
// (mirrored in a book written right to left).
func (b *Book) row(arts []theme.Art, box display.Box, side float64) []display.Item {
	if b.rtl() {
		arts = append([]theme.Art(nil), arts...)
		for i, j := 0, len(arts)-1; i < j; i, j = i+1, j-1 {
			arts[i], arts[j] = arts[j], arts[i]
		}
	}
	gap := float64(side * 0.25)
	w := float64(float64(len(arts))*side) + float64(float64(len(arts)-1)*gap)
	x := box.X + (box.W-w)/2
	y := box.Y + (box.H-side)/2
	var items []display.Item
	for _, art := range arts {
		items = append(items, art(display.Box{X: x, Y: y, W: side, H: side})...)
		x += side + gap
	}
	return items
}

// titleArt draws a themed book's characters on its title page, page
// of sheet sh, under the title's text (which ends at y) in content box c, as
// large as the room allows up to TitleArtMost, and its scene about them:
// its ground at the foot, the characters standing on its line, as the
// scene's own props stand (see Scene), and the props about them.
func (b *Book) titleArt(sh *sheet, c display.Box, y float64, text []display.Item) []display.Item {
	arts, pair := b.characters()
	if len(arts) == 0 {
		return nil
	}
	// The ground's strip at the foot, as Scene draws it, and its line.
	strip := groundHeight(c)
	line := c.Y + c.H - strip + float64(groundSink*strip)
	if pair.Scene.Ground == nil {
		line = c.Y + c.H - groundMost - sceneGap
	}
	room := display.Box{X: c.X, Y: y + sceneGap, W: c.W, H: line - (y + sceneGap)}
	n := float64(len(arts))
	side := math.Min(TitleArtMost, math.Min(float64(room.H*0.9), room.W/float64(n+float64(0.25*(n-1)))))
	if side < TitleArtLeast {
		return nil
	}
	// The row stands on the ground's line.
	items := b.row(arts, display.Box{X: room.X, Y: line - side, W: room.W, H: side}, side)
	seed := maze.DeriveSeed(b.Plan.Spec.Seed, "title scene")
	held := append(append([]display.Item(nil), text...), items...)
	// The ground under the characters, then the props about them, set in
	// the content above the ground's line: those that stand stand on it.
	scene := b.scene(theme.Scene{Ground: pair.Scene.Ground, Tint: pair.Scene.Tint}, c, text, nil, seed)
	above := display.Box{X: c.X, Y: c.Y, W: c.W, H: line - c.Y}
	scene = append(scene, b.scene(theme.Scene{Props: pair.Scene.Props}, above, held, nil, seed)...)
	sh.recordScenery(scene)
	return append(items, scene...)
}

// titleEmblem draws, on the title page of a book without a theme, a
// round maze under the title's text (which ends at y) in content box c:
// the picture a puzzle book's title page has of what it holds, drawn
// from the book's seed in the ink and the walls of its first section,
// centred in the room below the text, as large as it allows up to
// EmblemMost, and none when that is under EmblemLeast.
func (b *Book) titleEmblem(c display.Box, y float64) []display.Item {
	room := display.Box{X: c.X, Y: y + sceneGap, W: c.W, H: c.Y + c.H - (y + sceneGap)}
	side := min(EmblemMost, float64(room.H*0.8), float64(room.W*0.6))
	if len(b.Plan.Spec.Sections) == 0 {
		return nil
	}
	m, err := maze.Make(maze.Recipe{
		Shape:     "circle",
		Size:      maze.Size{W: emblemRings, Inner: maze.DefaultInner},
		Algorithm: "backtracker",
		Seed:      maze.DeriveSeed(b.Plan.Spec.Seed, "title emblem"),
		Openings:  maze.Center,
	})
	if err != nil {
		return nil
	}
	sec := b.Plan.Style(0)
	st := draw.InkStyle(sec.Ink, draw.None, "", "")
	st.WallColor, st.Round = sec.WallColor, true
	// The book's own pictures at the emblem's doors, as at its mazes':
	// a mouse at the rim, its cheese in the middle.
	st.StartPicture, st.FinishPicture = sec.StartPicture, sec.FinishPicture
	gw, gh := m.Grid.Size()
	// As large as the room takes, pictures and all: smaller by a tenth
	// until it does.
	for ; side >= EmblemLeast; side *= 0.9 {
		st.Cell = side / math.Max(gw, gh)
		// The walls an eighth of a ring: bold as a picture's lines,
		// clear of one another as a maze's.
		st.Wall = math.Max(float64(st.Cell*0.12), plan.MinLine)
		box := display.Box{X: room.X + (room.W-side)/2, Y: room.Y + (room.H-side)/2, W: side, H: side}
		items := draw.Maze(m, box, st).Items
		if display.ItemsBounds(items).Within(room) {
			return items
		}
	}
	return nil
}

// sceneAt draws scene sc in content box c of the page of sheet sh about
// the items held and the boxes keep (see Scene), and records the boxes it
// inks in sh.
func (b *Book) sceneAt(sh *sheet, c display.Box, sc theme.Scene, held []display.Item, keep []display.Box, seed uint64) []display.Item {
	items := b.scene(sc, c, held, keep, seed)
	sh.recordScenery(items)
	return items
}

// recordScenery records in sh the boxes a page's scene, items, inks.
func (sh *sheet) recordScenery(items []display.Item) {
	sh.scenery = nil
	for _, it := range items {
		sh.scenery = append(sh.scenery, display.InkBounds(it))
	}
}

// certificateItems lays out the certificate page, of sheet sh, in content
// box c: a double frame, the headline ("I did it!") and the line under
// it, the theme's pictures, five stars to colour in and a name line;
// and the theme's scene inside the frame.
func (b *Book) certificateItems(sh *sheet, c display.Box) []display.Item {
	l := b.Plan.Labels
	bold := math.Max(2, float64(c.W*0.006))
	frame := func(d, w float64) *display.Line {
		box := display.Box{X: c.X + d, Y: c.Y + d, W: c.W - 2*d, H: c.H - 2*d}
		return &display.Line{Paths: []display.Path{{Points: []display.Point{
			{X: box.X, Y: box.Y}, {X: box.X + box.W, Y: box.Y}, {X: box.X + box.W, Y: box.Y + box.H}, {X: box.X, Y: box.Y + box.H},
		}, Closed: true}}, Width: w, Color: display.Black, Join: display.MiterJoin}
	}
	inset := float64(bold * 3)
	items := []display.Item{frame(bold/2, bold), frame(inset, math.Max(0.75, bold/3))}
	in := display.Box{X: c.X + 2*inset, Y: c.Y + 2*inset, W: c.W - 4*inset, H: c.H - 4*inset}

	size := b.Plan.Size(CertificateSize)
	head := b.headingFont()
	y := in.Y + float64(in.H*0.12) + size
	items = append(items, text(in.X+in.W/2, y, size, head, display.AlignCenter, fitWidth(l.Certificate, size, head, in.W)))
	small := b.Plan.Size(16)
	// Each line's box clears the one above it by the faces' own ascent
	// and descent (Andika's are far taller than Go's).
	_, below := typeface.Metrics(head, size)
	for _, line := range typeface.WrapBalanced(b.textFont(), small, l.Solved, float64(in.W*0.8)) {
		asc, desc := typeface.Metrics(b.textFont(), small)
		y += below + asc + float64(small*0.25)
		below = desc
		items = append(items, text(in.X+in.W/2, y, small, b.textFont(), display.AlignCenter, fitWidth(line, small, b.textFont(), in.W)))
	}
	y += below + small

	// The name line near the foot, the stars above it.
	nameY := in.Y + float64(in.H*0.86)
	starSize := b.Plan.Size(28)
	starsY := nameY - float64(starSize*2)
	arts, pair := b.characters()
	if len(arts) > 0 {
		room := display.Box{X: in.X, Y: y, W: in.W, H: starsY - starSize - y - sceneGap}
		n := float64(len(arts))
		side := math.Min(CertificateArt, math.Min(room.H, room.W/float64(n+float64(0.25*(n-1)))))
		if side >= TitleArtLeast {
			items = append(items, b.row(arts, room, side)...)
		}
	}
	items = append(items, draw.Stars(in.X+(in.W+draw.StarsWidth(starSize))/2, starsY, starSize, 0)...)
	items = append(items, b.certificateName(display.Box{X: in.X + float64(in.W*0.15), Y: in.Y, W: float64(in.W * 0.7), H: in.H}, nameY)...)
	if len(arts) > 0 {
		held := append([]display.Item(nil), items[2:]...)
		items = append(items, b.sceneAt(sh, in, pair.Scene, held, nil, maze.DeriveSeed(b.Plan.Spec.Seed, "certificate scene"))...)
	}
	return items
}

// certificateName draws the certificate's name line across box at
// baseline y: the Name label, its colon, and a rule to the box's end
// (mirrored in a book written right to left).
func (b *Book) certificateName(box display.Box, y float64) []display.Item {
	l := b.Plan.Labels
	size := b.Plan.Size(18)
	label := l.Name + l.Colon
	w := typeface.Width(b.textFont(), size, label)
	x, align := box.X, display.AlignLeft
	x0, x1 := box.X+w+6, box.X+box.W
	if b.rtl() {
		x, align = box.X+box.W, display.AlignRight
		x0, x1 = box.X, box.X+box.W-w-6
	}
	return []display.Item{
		text(x, y, size, b.textFont(), align, label),
		&display.Line{Paths: []display.Path{display.Polyline(display.Point{X: x0, Y: y + 2}, display.Point{X: x1, Y: y + 2})}, Width: 1, Color: display.Black, Cap: display.ButtCap},
	}
}
