package stats

import (
	"fmt"
	"math"
	"strings"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
	"mazebook/maze"
	"mazebook/maze/difficulty"
	"mazebook/words"
)

// levelColors colour the ten levels, from pale green (1) through blue to
// deep purple (10): a sequence that reads in order and in grey.
var levelColors = [maze.MaxLevel]display.Color{
	{R: 199, G: 233, B: 180}, {R: 161, G: 217, B: 155}, {R: 116, G: 196, B: 118}, {R: 65, G: 182, B: 196}, {R: 44, G: 127, B: 184},
	{R: 37, G: 52, B: 148}, {R: 84, G: 39, B: 143}, {R: 122, G: 1, B: 119}, {R: 73, G: 0, B: 106}, {R: 35, G: 0, B: 60},
}

// LevelColor returns the colour of a level in charts.
func LevelColor(level int) display.Color {
	return levelColors[min(max(level, 1), maze.MaxLevel)-1]
}

// Chart draws the difficulty curve of a book: one bar per maze, in book
// order, as tall as its score and coloured by its level, over the bands of
// the levels. The title is set in face (nil: Go Regular), the rest in the
// built-in faces. The bars show the column by (see ChartColumns): "score"
// (or "") over the levels' bands, or a column of steps ("effort",
// "steps_young", "time_older", ...) on a scale of steps; an unknown column shows the
// score.
func Chart(title string, face typeface.Face, w ChartWords, rows []Row, by string) display.Page {
	const (
		width, height = 720.0, 400.0
		left, right   = 48.0, 36.0
		top, bottom   = 44.0, 40.0
		small         = 9.0
	)
	page := display.Page{Width: width, Height: height, Trim: display.Box{W: width, H: height}}
	add := func(items ...display.Item) { page.Items = append(page.Items, items...) }
	plot := display.Box{X: left, Y: top, W: width - left - right, H: height - top - bottom}

	if by == "" || len(rows) == 0 {
		by = "score"
	} else if _, ok := rows[0].Value(by); !ok {
		by = "score"
	}
	value := func(r Row) float64 { v, _ := r.Value(by); return v }
	maxScore, tick := 100.0, 20.0
	for _, r := range rows {
		if by == "score" {
			maxScore = math.Max(maxScore, float64(math.Ceil(r.Score/10)*10))
		}
	}
	if by != "score" {
		most := 10.0
		for _, r := range rows {
			most = math.Max(most, value(r))
		}
		maxScore, tick = stepScale(most)
	}
	y := func(score float64) float64 { return plot.Y + plot.H - plot.H*score/maxScore }

	add(text(width/2, 24, 14, face, display.AlignCenter, ellipsize(title, 14, face, width-20)))
	// The bands of the levels, shaded alternately and numbered at the right.
	for _, l := range difficulty.Levels() {
		if by != "score" {
			break
		}
		hi := math.Min(l.Max, maxScore)
		if l.Number%2 == 0 {
			add(&display.Fill{Box: display.Box{X: plot.X, Y: y(hi), W: plot.W, H: y(l.Min) - y(hi)}, Color: display.Color{R: 243, G: 243, B: 243}})
		}
		add(text(plot.X+plot.W+6, (y(l.Min)+y(hi))/2+small/3, small, typeface.Regular, display.AlignLeft, fmt.Sprint(l.Number)))
	}
	if by == "score" {
		add(text(plot.X+plot.W+6, plot.Y-6, small, typeface.Bold, display.AlignLeft, w.Level))
	}
	// The value's axis: a tick every 20 points of score, or every fifth
	// of the scale of steps.
	grid := &display.Line{Width: 0.5, Color: display.Color{R: 180, G: 180, B: 180}}
	for s := 0.0; s <= maxScore+1e-9; s += tick {
		grid.Paths = append(grid.Paths, display.Polyline(display.Point{X: plot.X - 4, Y: y(s)}, display.Point{X: plot.X, Y: y(s)}))
		add(text(plot.X-7, y(s)+small/3, small, typeface.Regular, display.AlignRight, fmt.Sprint(s)))
	}
	add(grid)
	axis := w.Score
	switch {
	case by == "effort":
		axis = w.Effort
	case strings.HasPrefix(by, "time_"):
		axis = fmt.Sprintf(w.Time, strings.TrimPrefix(by, "time_"))
	case by != "score":
		axis = fmt.Sprintf(w.Steps, strings.TrimPrefix(by, "steps_"))
	}
	add(text(14, plot.Y-10, small, typeface.Bold, display.AlignLeft, axis))
	// One bar per maze.
	if n := len(rows); n > 0 {
		pitch := plot.W / float64(n)
		gap := math.Min(float64(pitch*0.2), 2)
		for i, r := range rows {
			x := plot.X + float64(float64(i)*pitch)
			v := value(r)
			add(&display.Fill{Box: display.Box{X: x + gap/2, Y: y(v), W: pitch - gap, H: plot.Y + plot.H - y(v)}, Color: LevelColor(r.Level)})
		}
		// Maze numbers along the bottom, about every 60 points.
		every := max(1, int(math.Ceil(60/pitch)))
		for i := 0; i < n; i += every {
			add(text(plot.X+float64((float64(i)+0.5)*pitch), plot.Y+plot.H+small+4, small, typeface.Regular, display.AlignCenter, fmt.Sprint(rows[i].Number)))
		}
	}
	add(text(plot.X+plot.W/2, height-8, small, typeface.Bold, display.AlignCenter, w.Maze))
	add(&display.Line{Paths: []display.Path{{Points: []display.Point{{X: plot.X, Y: plot.Y}, {X: plot.X, Y: plot.Y + plot.H}, {X: plot.X + plot.W, Y: plot.Y + plot.H}}}}, Width: 1, Color: display.Black})
	return page
}

// stepScale returns the top of a scale of steps that holds most, with
// four to six ticks a round number (1, 2 or 5 times a power of ten) apart.
func stepScale(most float64) (top, tick float64) {
	raw := most / 5
	unit := math.Pow(10, math.Floor(math.Log10(raw)))
	switch {
	case raw <= unit:
		tick = unit
	case raw <= 2*unit:
		tick = 2 * unit
	case raw <= 5*unit:
		tick = float64(5 * unit)
	default:
		tick = float64(10 * unit)
	}
	return float64(math.Ceil(most/tick-1e-9) * tick), tick
}

// ChartWords are the words of a chart, in a book's language (see
// words.Chart).
type ChartWords struct{ words.Chart }

// WordsFor returns the chart's words in a language, English when
// mazebook does not speak it.
func WordsFor(language string) ChartWords { return ChartWords{words.Or(language).Chart} }

// ChartTitle returns the title of the chart of a book titled title.
func (w ChartWords) ChartTitle(title string) string {
	if title == "" {
		return w.Untitled
	}
	return fmt.Sprintf(w.Title, title)
}

func text(x, y, size float64, face typeface.Face, align display.Align, s string) *display.Text {
	return &display.Text{X: x, Y: y, Size: size, Font: face, Color: display.Black, Align: align, Text: s}
}

func ellipsize(s string, size float64, face typeface.Face, width float64) string {
	return typeface.Ellipsize(face, size, s, width)
}
