package plan

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// Caption sizes, in points: a caption is set at CaptionSize, and shrinks
// down to MinCaptionSize, still legible in print, before it is shortened.
const (
	MinCaptionSize = 7.5
	// CaptionLeading is the distance between the baselines of a
	// caption's rows, in sizes.
	CaptionLeading = 1.3
)

// CaptionSep joins the parts of a caption, as a book sets them: "Maze 1
// — answer on page 44", a dash a reader sees, not a middle dot that reads
// as a speck.
const CaptionSep = " — "

// captionSizes are the sizes a caption tries, largest first.
var captionSizes = []float64{CaptionSize, 10, 9, 8, MinCaptionSize}

// Fitted is a caption fitted to the width of its slot: one or two rows of
// text at one size, and the difficulty stars beside the text or on a row
// of their own below it; above them, on a themed page, the maze's story
// as its headline.
type Fitted struct {
	Lines []string
	Size  float64
	// Stars is whether the caption shows stars; StarsBelow puts them on a
	// row under the text, centred, instead of at the right of its first
	// row.
	Stars, StarsBelow bool
	// Head are the rows of the headline set above the caption, at
	// HeadSize in the headings' face, HeadWidth wide at the most; none
	// without a story (see FitHeadline).
	Head      []string
	HeadSize  float64
	HeadWidth float64
	// face is the face the caption's rows are set in (nil: Go Regular).
	face typeface.Face
	// rows and headRows are how the caption's and the headline's rows
	// stand in their faces (see rowsIn); the zero value the Go fonts'.
	rows, headRows rowMetrics
}

// rowMetrics say, in sizes, where the rows of a text set in a face stand:
// the first baseline below the text's top, and the distance between
// baselines. A face whose ascent and descent reach further than the Go
// fonts' (Andika's, made for stacked accents) sets its rows as far apart
// as its line's box is tall, so that no row's box reaches into the next.
type rowMetrics struct{ first, leading float64 }

// rowsIn returns the row metrics of face at size for a text whose rows
// stand leading sizes apart in the Go fonts: the zero rowMetrics where
// those hold.
func rowsIn(face typeface.Face, size, leading float64) rowMetrics {
	asc, desc := typeface.Metrics(face, size)
	if !(size > 0) || asc <= size && asc+desc <= float64(leading*size) {
		return rowMetrics{}
	}
	return rowMetrics{first: max(1, asc/size), leading: max(leading, (asc+desc)/size)}
}

// at returns the offset below a text's top of the baseline of its row i
// at size, its rows leading sizes apart in the Go fonts.
func (m rowMetrics) at(i int, size, leading float64) float64 {
	first := 1.0
	if m.leading > 0 {
		first, leading = m.first, m.leading
	}
	return float64(size * (first + float64(float64(i)*leading)))
}

// height returns the height of n rows at size, leading sizes apart in
// the Go fonts.
func (m rowMetrics) height(n int, size, leading float64) float64 {
	if m.leading > 0 {
		leading = m.leading
	}
	return float64(float64(n) * size * leading)
}

// Headline sizes, in points: a story is a themed page's headline, set at
// HeadlineSize above a maze alone on its page and SharedHeadlineSize
// above mazes that share one, shrinking to MinHeadlineSize (still far
// larger than a caption) before it wraps onto a second row.
const (
	HeadlineSize       = 20
	SharedHeadlineSize = 16
	MinHeadlineSize    = 14
	// HeadlineLeading is the distance between the baselines of a
	// headline's rows, in sizes, and HeadlineGap the room between its
	// last row and the caption under it, in points.
	HeadlineLeading = 1.2
	HeadlineGap     = 4
	// ThemedCaptionSize is the size of a themed page's caption under its
	// headline: the maze's number, small.
	ThemedCaptionSize = 9
)

// A young child's themed page (see spec.Section.Young) sets its story
// larger, as a picture book's headline: YoungHeadlineSize above a maze
// alone on its page, down to MinYoungHeadlineSize before it wraps, and
// the maze's number under it at YoungCaptionSize, a size a child reads.
const (
	YoungHeadlineSize    = 32
	MinYoungHeadlineSize = 28
	YoungCaptionSize     = 14
	// YoungSharedCaptionSize is the size of the number of a young
	// child's maze that shares its page and has no story above it: 12pt,
	// so that the mazes keep their room.
	YoungSharedCaptionSize = 12
	// YoungPageHeadlineSize is the size of the story a young child's
	// page of several mazes tells once (see Plan.SharesHeadline): in the
	// young headline's face, smaller than a lone maze's, so that the
	// mazes keep their room, and down to SharedHeadlineSize on one row
	// before it wraps.
	YoungPageHeadlineSize = 24
)

// HeadlineSizes returns the sizes the story of maze i is set at on its
// puzzle page, per mazes a page, as the book sets them (see Size): the
// size it is set at on one row, the least it shrinks to, and the most
// its caption under it is set at.
func (p *Plan) HeadlineSizes(i, per int) (size, least, caption float64) {
	size, least, caption = SharedHeadlineSize, MinHeadlineSize, ThemedCaptionSize
	young := p.Spec.Sections[p.Mazes[i].Section].Young()
	switch {
	case young && per == 1:
		size, least, caption = YoungHeadlineSize, MinYoungHeadlineSize, YoungCaptionSize
	case young:
		caption = YoungCaptionSize
	case per == 1:
		size = HeadlineSize
	}
	return p.Size(size), p.Size(least), p.Size(caption)
}

// Rows returns the number of rows the caption takes, its headline's not
// counted.
func (f Fitted) Rows() int {
	n := len(f.Lines)
	if f.Stars && (f.StarsBelow || n == 0) {
		n++
	}
	return n
}

// headHeight returns the height the headline takes above the caption,
// the gap under it included.
func (f Fitted) headHeight() float64 {
	if len(f.Head) == 0 {
		return 0
	}
	return f.headRows.height(len(f.Head), f.HeadSize, HeadlineLeading) + HeadlineGap
}

// Height returns the height the caption takes above its maze, from the
// top of its headline or first row to the bottom of its last.
func (f Fitted) Height() float64 {
	return f.headHeight() + f.rows.height(f.Rows(), f.Size, CaptionLeading)
}

// HeadBaseline returns the baseline of row i of the headline of a caption
// whose top is at y.
func (f Fitted) HeadBaseline(y float64, i int) float64 {
	return y + f.headRows.at(i, f.HeadSize, HeadlineLeading)
}

// Width returns the least width the caption takes set in face: its
// widest row, the first with the stars beside it half a size apart, or
// its headline's.
func (f Fitted) Width(face typeface.Face) float64 {
	w := f.HeadWidth
	for i, l := range f.Lines {
		lw := typeface.Width(face, f.Size, l)
		if i == 0 && f.Stars && !f.StarsBelow {
			lw += f.Size/2 + draw.StarsWidth(f.Size)
		}
		w = math.Max(w, lw)
	}
	if f.Stars && (f.StarsBelow || len(f.Lines) == 0) {
		w = math.Max(w, draw.StarsWidth(f.Size))
	}
	return w
}

// Baseline returns the baseline of row i of a caption whose top is at y
// (its headline's top, when it has one).
func (f Fitted) Baseline(y float64, i int) float64 {
	return y + f.headHeight() + f.rows.at(i, f.Size, CaptionLeading)
}

// FitHeadline sets a story as the headline of a fitted caption f, in face
// within width points, the whole no taller than maxHeight (any height
// when 0): at size (HeadlineSize or SharedHeadlineSize, as the book sets
// them) on one row, or smaller down to least (MinHeadlineSize), then on
// two balanced rows; the caption under it is set at caption
// (ThemedCaptionSize) at the most. A story too long even so is cut at
// least on two rows.
func FitHeadline(f Fitted, story string, size, least, caption, width, maxHeight float64, face typeface.Face) Fitted {
	if story == "" {
		return f
	}
	f.Size = min(f.Size, caption)
	f.rows = rowsIn(f.face, f.Size, CaptionLeading)
	try := func(lines []string, sz float64) (Fitted, bool) {
		g := f
		g.Head, g.HeadSize, g.HeadWidth = lines, sz, 0
		g.headRows = rowsIn(face, sz, HeadlineLeading)
		for _, l := range lines {
			g.HeadWidth = math.Max(g.HeadWidth, typeface.Width(face, sz, l))
		}
		return g, g.HeadWidth <= width+1e-9 && fits(g, maxHeight)
	}
	for sz := size; sz >= least-1e-9; sz -= 2 {
		if g, ok := try([]string{story}, sz); ok {
			return g
		}
	}
	for sz := size; sz >= least-1e-9; sz -= 2 {
		if g, ok := try(typeface.WrapBalanced(face, sz, story, width), sz); ok && len(g.Head) <= 2 {
			return g
		}
	}
	lines := typeface.WrapBalanced(face, least, story, width)
	if len(lines) > 2 {
		lines = []string{lines[0], typeface.Ellipsize(face, least, strings.Join(lines[1:], " "), width)}
	}
	for i, l := range lines {
		lines[i] = typeface.Ellipsize(face, least, l, width)
	}
	g, _ := try(lines, least)
	return g
}

// FitCaption fits a caption set in face in width points, using no more
// than maxHeight points (any height when maxHeight is 0). Texts are the
// caption's forms, longest first (see Plan.Captions); stars asks for room
// for a row of stars. It prefers, in order: the full text on one row at
// full size with the stars beside it; the stars below; the text on two
// rows; then the same at smaller sizes down to MinCaptionSize; then the
// shorter forms. When nothing fits, the shortest form is set at the
// smallest size, cut only if even that is wider than the slot.
func FitCaption(texts []string, stars bool, width, maxHeight float64, face typeface.Face) Fitted {
	return fitCaption(texts, stars, width, maxHeight, face, captionSizes)
}

// FitCaption is FitCaption at the sizes the book sets captions at (see
// Size): in a large-print book, at spec.LargePrintSize or more.
func (p *Plan) FitCaption(texts []string, stars bool, width, maxHeight float64) Fitted {
	var sizes []float64
	for _, sz := range captionSizes {
		if sz = p.Size(sz); len(sizes) == 0 || sz < sizes[len(sizes)-1] {
			sizes = append(sizes, sz)
		}
	}
	return fitCaption(texts, stars, width, maxHeight, p.Spec.Fonts.Text, sizes)
}

// fitCaptionAt is Plan.FitCaption starting at most points, larger than
// the book's caption size: a young child's caption (YoungCaptionSize).
func (p *Plan) fitCaptionAt(most float64, texts []string, stars bool, width, maxHeight float64) Fitted {
	sizes := []float64{most}
	for _, sz := range captionSizes {
		if sz = p.Size(sz); sz < sizes[len(sizes)-1] {
			sizes = append(sizes, sz)
		}
	}
	return fitCaption(texts, stars, width, maxHeight, p.Spec.Fonts.Text, sizes)
}

// fitCaption is FitCaption trying the sizes given, largest first.
func fitCaption(texts []string, stars bool, width, maxHeight float64, face typeface.Face, sizes []float64) Fitted {
	least := sizes[len(sizes)-1]
	// Each size's row metrics, measured once.
	rows := make([]rowMetrics, len(sizes))
	for i, sz := range sizes {
		rows[i] = rowsIn(face, sz, CaptionLeading)
	}
	in := func(f Fitted) Fitted { // set in face
		f.face = face
		for i, sz := range sizes {
			if sz == f.Size {
				f.rows = rows[i]
			}
		}
		return f
	}
	if len(texts) == 0 || texts[0] == "" {
		if !stars {
			return in(Fitted{Size: sizes[0]})
		}
		for _, size := range sizes {
			f := in(Fitted{Size: size, Stars: true, StarsBelow: true})
			if draw.StarsWidth(size) <= width && fits(f, maxHeight) {
				return f
			}
		}
		return in(Fitted{Size: least})
	}
	for _, text := range texts {
		for _, size := range sizes {
			w := typeface.Width(face, size, text)
			tries := []Fitted{}
			if !stars && w <= width || stars && w <= width-2*(draw.StarsWidth(size)+size/2) {
				tries = append(tries, in(Fitted{Lines: []string{text}, Size: size, Stars: stars}))
			}
			if stars && w <= width && draw.StarsWidth(size) <= width {
				tries = append(tries, in(Fitted{Lines: []string{text}, Size: size, Stars: true, StarsBelow: true}))
			}
			if lines := wrapTwo(text, size, width, face); lines != nil && (!stars || draw.StarsWidth(size) <= width) {
				tries = append(tries, in(Fitted{Lines: lines, Size: size, Stars: stars, StarsBelow: stars}))
			}
			for _, f := range tries {
				if fits(f, maxHeight) {
					return f
				}
			}
		}
	}
	// Nothing fits: the shortest form, one row, no stars.
	last := texts[len(texts)-1]
	return in(Fitted{Lines: []string{typeface.Ellipsize(face, least, last, width)}, Size: least})
}

func fits(f Fitted, maxHeight float64) bool {
	return maxHeight == 0 || f.Height() <= maxHeight+1e-9
}

// wrapTwo breaks text at a space into two rows no wider than width, or
// returns nil when it cannot: after a dash (CaptionSep) where it can
// (between the caption and the answer page), else where the rows are
// most even.
func wrapTwo(text string, size, width float64, face typeface.Face) []string {
	var best []string
	bestW, bestDot := 0.0, false
	for i, r := range text {
		if r != ' ' {
			continue
		}
		a, b := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+1:])
		if a == "" || b == "" {
			continue
		}
		w := max(typeface.Width(face, size, a), typeface.Width(face, size, b))
		dot := strings.HasSuffix(a, strings.TrimSpace(CaptionSep))
		if w <= width && (best == nil || dot && !bestDot || dot == bestDot && w < bestW) {
			best, bestW, bestDot = []string{a, b}, w, dot
		}
	}
	return best
}

// CaptionFacts are what a caption may say that is known only once the
// maze is made: its recipe as made (a maze held to a level may come from
// a candidate seed), its difficulty score, its solution's length, and
// the level it rates at, which its stars show (see SlotOf).
type CaptionFacts struct {
	Recipe maze.Recipe
	Score  float64
	Path   int
	Level  int
}

// Captions returns the forms of the caption of maze i, longest first: on
// its puzzle page, or in the answer key when answer is true. The first
// is the section's caption (or the answer key's), with the answer page
// after it when the book asks for it; the shorter ones keep the maze's
// number, and the answer page when the first has it, so that a puzzle
// and its answer can always be matched. A template that fails is a spec
// error at its place.
func (p *Plan) Captions(i int, facts CaptionFacts, answer bool) ([]string, error) {
	mp := p.Mazes[i]
	l := p.Labels
	sec := &p.Spec.Sections[mp.Section]
	num := strconv.Itoa(mp.Number)
	if answer {
		full, err := p.Spec.Answers.Caption.Execute(spec.AnswerCaptionData{
			Label: l.Maze, Number: mp.Number, Page: mp.Page, PageLabel: l.Page,
			Section: sec.Title, Difficulty: sec.Difficulty, Level: mp.Level,
			Score: facts.Score, Path: facts.Path,
		})
		if err != nil {
			return nil, inMaze(err, mp.Number)
		}
		if !strings.Contains(full, num) {
			return []string{full}, nil
		}
		page := strconv.Itoa(mp.Page)
		forms := []string{full, l.Maze + " " + num + CaptionSep + l.Page + " " + page, num + CaptionSep + page, num}
		if mp.AnswerTurned {
			// An answer on its side says so, in its longer forms.
			forms = append([]string{full + l.Turned, forms[1] + l.Turned}, forms...)
		}
		return dedupe(forms...), nil
	}
	r := facts.Recipe
	shape, _ := maze.LookupShape(r.Shape)
	full, err := sec.Caption.Execute(spec.CaptionData{
		Label: l.Maze, Number: mp.Number, Page: mp.Page, Section: sec.Title,
		Difficulty: sec.Difficulty, Algorithm: r.Algorithm, Shape: shape.Name, Size: shape.Format(r.Size),
		Width: r.Size.W, Height: r.Size.H, Seed: r.Seed, AnswerPage: mp.AnswerPage,
		Story: p.Story(i),
	})
	if err != nil {
		return nil, inMaze(err, mp.Number)
	}
	ref, shortRef := "", ""
	if p.Spec.Style.AnswerRefs && mp.AnswerPage > 0 {
		ref = CaptionSep + l.Answer + " " + strconv.Itoa(mp.AnswerPage)
		shortRef = " → " + strconv.Itoa(mp.AnswerPage)
	}
	if full == "" {
		return dedupe(strings.TrimPrefix(ref, CaptionSep), strings.TrimPrefix(shortRef, " ")), nil
	}
	if !strings.Contains(full, num) {
		// The caption does not number its mazes: shorten only the
		// reference.
		return dedupe(full+ref, full+shortRef), nil
	}
	return dedupe(full+ref, l.Maze+" "+num+ref, l.Maze+" "+num+shortRef, num+shortRef), nil
}

// dedupe returns forms without repeats, in order.
func dedupe(forms ...string) []string {
	out := forms[:0]
	for _, f := range forms {
		dup := false
		for _, o := range out {
			dup = dup || o == f
		}
		if !dup {
			out = append(out, f)
		}
	}
	return out
}

// inMaze says which maze a template failed on: "maze 3: ...".
func inMaze(err error, number int) error {
	return InContext(err, fmt.Sprintf("maze %d", number))
}

// InContext says where a template failed, as a spec error still placed
// where the template was written: "page 4: ...".
func InContext(err error, where string) error {
	var se *spec.Error
	if errors.As(err, &se) {
		c := *se
		c.Msg = where + ": " + c.Msg
		return &c
	}
	return say.Errorf("%s: %w", where, err)
}
