package cover

import (
	"math"
	"strings"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Sizes of the back, in points on a 6 x 9 in cover (scaled with it).
const (
	backSize = 14 // the back text; it shrinks to leastText to fit
	// headlineSize is the title over it, shrinking to leastHeadline.
	headlineSize  = 28
	leastHeadline = 14
	// samples is how many of the book's mazes the back shows, large
	// enough to read (two cards of 2.5 in on a 6 x 9 in cover), and
	// sampleCell about the smallest cell they are drawn with.
	samples    = 2
	sampleCell = 4.5
	// cardAspect is a sample card's height over its width.
	cardAspect = 1.3
)

// back draws the back cover: the spec's back text at the top, and under
// it a row of the book's own mazes on white cards, above the barcode's
// box, which stays empty.
func (d *drawer) back() error {
	g, u := d.g, d.u
	b := g.Back
	m := d.margin()
	width := b.W - 2*m
	gap := float64(0.2 * spec.PointsPerInch * u)
	side := (width - float64(samples-1)*gap) / samples
	top := b.Y + m
	// The row's lowest place: just above the barcode's box.
	tall := float64(side * cardAspect) // the cards stand upright, as pages do
	lowest := g.Barcode.Y - float64(0.3*spec.PointsPerInch*u) - tall
	row := len(d.p.Mazes) > 0 && lowest-top >= 0
	textBottom := b.Y + b.H - m
	if row {
		textBottom = lowest - 2*gap
	}
	if d.s.Cover.Back != "" && d.s.Title != "" {
		// A headline: the title again, in the accent colour.
		lines, size, cut := fitBlock(d.s.Title, d.s.Fonts.Headings, float64(headlineSize*u), float64(leastHeadline*u), width, 2, 2)
		if cut {
			d.warn("title", "%s: too long for the back cover even at %.0fpt, the smallest it is set there, so it is cut short", "title", size)
		}
		asc, desc := typeface.Metrics(d.s.Fonts.Headings, size)
		for i, l := range lines {
			x, align := b.X+m, display.AlignLeft
			if spec.RTL(d.s.Language) {
				x, align = b.X+m+width, display.AlignRight
			}
			t := d.text(x, top+asc+float64(float64(i)*size*1.1), size, d.s.Fonts.Headings, align, l)
			t.Color = d.accent
			d.add(t)
		}
		top += asc + desc + float64(float64(len(lines)-1)*size*1.1) + float64(size*0.4)
	}
	end, ok := d.backText(display.Box{X: b.X + m, Y: top, W: width, H: textBottom - top})
	if !row {
		return nil
	}
	rowTop := top + (lowest-top)/2 // no text: the row in the middle of the room
	if ok {
		rowTop = min(end+2*gap, lowest)
	}
	return d.samples(samples, display.Box{X: b.X + m, Y: rowTop, W: width, H: tall}, side, gap)
}

// backLeading is the distance between the baselines of the back text,
// in sizes of its type; a paragraph break adds half as much again.
const backLeading = 1.4

// backText sets the spec's back text in box, left-aligned, a blank line
// starting a new paragraph, none ending on a word alone: at backSize, or smaller down to leastText
// when it takes more lines than the box holds; what still does not fit is
// cut, ending with an ellipsis. It returns the y where the text ends, and
// false when it set none.
func (d *drawer) backText(box display.Box) (float64, bool) {
	paras := paragraphs(d.s.Cover.Back)
	if len(paras) == 0 || box.H <= 0 {
		return box.Y, false
	}
	lay := func(size float64) (lines []string, height float64) {
		asc, desc := typeface.Metrics(d.s.Fonts.Text, size)
		height = asc + desc
		for i, p := range paras {
			if i > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, wrapText(p, d.s.Fonts.Text, size, box.W)...)
		}
		for _, l := range lines[1:] {
			if l == "" {
				height += size * backLeading / 2
			} else {
				height += float64(size * backLeading)
			}
		}
		return lines, height
	}
	size := float64(backSize * d.u)
	lines, height := lay(size)
	for height > box.H && size > leastText {
		size = max(leastText, float64(size*0.95))
		lines, height = lay(size)
	}
	asc, desc := typeface.Metrics(d.s.Fonts.Text, size)
	y := box.Y + asc
	for i, l := range lines {
		if i > 0 {
			if l == "" {
				y += size * backLeading / 2
				continue
			}
			y += float64(size * backLeading)
		}
		if y+desc > box.Y+box.H {
			if i == 0 {
				d.warn("cover.back", "%s: too long for the back cover even at %.0fpt, the smallest it is set there, so it is cut short", "cover: back", size)
				return box.Y, false // not a line fits
			}
			// Out of room: the last line set says there is more.
			last := d.items[len(d.items)-1].(*display.Text)
			last.Text = typeface.Ellipsize(d.s.Fonts.Text, size, last.Text+"…", box.W)
			d.warn("cover.back", "%s: too long for the back cover even at %.0fpt, the smallest it is set there, so it is cut short", "cover: back", size)
			return last.Y + desc, true
		}
		x, align := box.X, display.AlignLeft
		if spec.RTL(d.s.Language) {
			x, align = box.X+box.W, display.AlignRight
		}
		d.add(d.text(x, y, size, d.s.Fonts.Text, align, typeface.Ellipsize(d.s.Fonts.Text, size, l, box.W)))
	}
	return y + desc, true
}

// paragraphs splits a text into paragraphs at blank lines, each with its
// lines joined by spaces.
func paragraphs(s string) []string {
	var out []string
	var words []string
	flush := func() {
		if len(words) > 0 {
			out = append(out, strings.Join(words, " "))
			words = nil
		}
	}
	for _, line := range strings.Split(s, "\n") {
		f := typeface.Words(line)
		if len(f) == 0 {
			flush()
		}
		words = append(words, f...)
	}
	flush()
	return out
}

// samples draws up to n of the book's mazes, each on a white card side
// points wide and cardAspect times as tall, in a row across box: from the book's first part to its
// last among those small enough to read on the card (or its smallest,
// when none is), in each part the one drawn largest on its card.
func (d *drawer) samples(n int, box display.Box, side, gap float64) error {
	pad := float64(side * 0.07)
	area0 := display.Box{W: side - 2*pad, H: float64(side*cardAspect) - 2*pad}
	most := int(math.Pow((side-2*pad)/(sampleCell*d.u), 2))
	var fit []int
	smallest := 0
	for i, mp := range d.p.Mazes {
		if mp.Cells <= most {
			fit = append(fit, i)
		}
		if mp.Cells < d.p.Mazes[smallest].Cells {
			smallest = i
		}
	}
	if len(fit) == 0 {
		fit = []int{smallest}
	}
	n = min(n, len(fit))
	// settle returns the scale of maze i's marks on a card and its cell
	// there: the cell and the marks' room settle together.
	settle := func(i int, gw, gh float64) (scale, cell float64) {
		mp := d.p.Mazes[i]
		scale = 1.0
		for range 24 {
			scale = min(1, draw.FitCell(area0, gw, gh, d.p.ScaledRoom(mp.Section, scale))/mp.Cell)
		}
		return scale, draw.FitCell(area0, gw, gh, d.p.ScaledRoom(mp.Section, scale))
	}
	// drawn is the shorter side of maze i's grid drawn on a card.
	drawn := func(i int) float64 {
		mp := d.p.Mazes[i]
		_, cell := settle(i, mp.GridW, mp.GridH)
		return float64(min(mp.GridW, mp.GridH) * cell)
	}
	// The row is centred when it holds fewer than samples cards.
	x := box.X + (box.W-float64(float64(n)*side)-float64(float64(n-1)*gap))/2
	for k := range n {
		part := fit[k*len(fit)/n : (k+1)*len(fit)/n]
		i, best := part[0], drawn(part[0])
		for _, j := range part[1:] {
			if v := drawn(j); v > best+1e-9 {
				i, best = j, v
			}
		}
		made, err := layout.MakeMaze(d.p, i)
		if err != nil {
			return err
		}
		c := display.Box{X: x, Y: box.Y, W: side, H: float64(side * cardAspect)}
		d.add(card(c, float64(0.1*spec.PointsPerInch*d.u), float64(0.04*spec.PointsPerInch*d.u), d.shadow)...)
		area := inset(c, pad, pad)
		gw, gh := made.Maze.Grid.Size()
		// The interior's marks, as much smaller as the maze is: its
		// cell here against its cell on its page.
		mp := d.p.Mazes[i]
		scale, cell := settle(i, gw, gh)
		// Thin walls for a small picture, but none thinner than a
		// printer prints (see mazeStyle).
		wall := math.Min(float64(0.15*cell*maze.Clearance(made.Maze.Grid)), 2*d.u)
		st := d.mazeStyle(mp.Section, cell, wall, i, scale)
		d.add(draw.Maze(made.Maze, area, st).Items...)
		x += side + gap
	}
	return nil
}
