package spec

import (
	"os"
	"strconv"
	"time"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/maze"
)

// DefaultDate is the creation date of a book whose spec gives none and
// whose environment sets no SOURCE_DATE_EPOCH: a fixed date, so that two
// builds give the same bytes.
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

func defaultBook(file string) *Book {
	a4 := PageSizes[0]
	m := 15 * PointsPerMM
	return &Book{
		File:     file,
		Title:    "Mazes",
		Seed:     1,
		Language: "en",
		People:   maze.People(),
		Date:     sourceDate(),
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

// sourceDate returns SOURCE_DATE_EPOCH as a time when it is set and valid,
// else DefaultDate.
func sourceDate() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && v >= 0 && v < 1<<40 {
			return time.Unix(v, 0).UTC()
		}
	}
	return DefaultDate
}
