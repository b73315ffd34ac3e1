package spec

import (
	"time"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/maze"
)

// DefaultDate is the creation date of a book whose spec gives none and
// whose reader gives no other (Options.Date; the command line gives
// SOURCE_DATE_EPOCH's): a fixed date, so that two builds give the same
// bytes.
var DefaultDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// The built-in templates, parsed once: a Text may run on many goroutines.
var (
	defaultHeader  = mustText("header", "{{.Section}}")
	defaultFooter  = mustText("footer", "{{.Page}}")
	defaultCaption = mustText("caption", "{{.Label}} {{.Number}}")
	// DefaultAnswerCaption is quiet: the maze's number and the page
	// its puzzle is on, the words in the book's language.
	defaultAnswerCaption = mustText("caption", "{{.Label}} {{.Number}} — {{.PageLabel}} {{.Page}}")
)

// defaultBook returns the book of a spec that gives nothing, created on
// date.
func defaultBook(file string, date time.Time) *Book {
	a4 := PageSizes[0]
	m := 15 * PointsPerMM
	return &Book{
		File:     file,
		Title:    "Mazes",
		Seed:     1,
		Language: "en",
		People:   maze.People(),
		Date:     date,
		Page: PageSpec{
			Width: a4.Width, Height: a4.Height,
			Margin: Margins{Top: m, Bottom: m, Left: m, Right: m},
		},
		Style: Style{
			Wall:          wallThickness["medium"].Min,
			WallName:      "medium",
			WallColor:     display.Black,
			SolutionColor: namedColors["red"],
			EntranceColor: namedColors["red"],
			ExitColor:     namedColors["lightred"],
			Ink:           draw.InkColor,
			Markers:       draw.Shapes,
			PageNumbers:   true,
			Stars:         true,
		},
		Answers: AnswersSpec{Enabled: true, PerPage: 4, Caption: defaultAnswerCaption},
		Fonts:   DefaultFonts,
		Cover:   defaultCover(),
		Header:  defaultHeader,
		Footer:  defaultFooter,
		at:      map[string]pos{},
	}
}
