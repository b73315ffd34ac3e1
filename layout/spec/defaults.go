package spec

import (
	"strconv"
	"time"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/maze/difficulty"
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
		People:   difficulty.People(),
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

// Default returns the value a key takes when a spec does not write it,
// as a spec would write it ("a4", "15mm", "true"; a section's keys as
// "sections.*.count"), read from the defaults of a book and of a section
// themselves, so that a form offering the key (the studio's) shows what
// the book will have. ok is false for a key whose value, unwritten, is
// not fixed: the seed (drawn from the title: TitleSeed), a section's
// openings (drawn from the seed in a book), its size (from its level),
// and any key not listed here.
func Default(path string) (value string, ok bool) {
	b := defaultBook("", DefaultDate)
	sec := newSection(0)
	yes := strconv.FormatBool
	switch path {
	case "title":
		return b.Title, true
	case "language":
		return b.Language, true
	case "page.size":
		for _, ps := range PageSizes {
			if ps.Width == b.Page.Width && ps.Height == b.Page.Height {
				return ps.Name, true
			}
		}
	case "page.orientation":
		if b.Page.Landscape {
			return "landscape", true
		}
		return "portrait", true
	case "page.margin":
		if m := b.Page.Margin; m.Top == m.Bottom && m.Left == m.Right && m.Top == m.Left {
			return FormatLength(m.Top, "mm"), true
		}
	case "title_page":
		return yes(b.TitlePage), true
	case "answers.enabled":
		return yes(b.Answers.Enabled), true
	case "answers.per_page":
		return strconv.Itoa(b.Answers.PerPage), true
	case "teacher_edition":
		return yes(b.TeacherEdition), true
	case "style.color":
		return string(b.Style.Ink), true
	case "style.markers":
		return string(b.Style.Markers), true
	case "style.name_line":
		return yes(b.Style.NameLine), true
	case "style.motifs":
		return yes(b.Style.Motifs), true
	case "sections.*.count":
		return strconv.Itoa(sec.Count), true
	case "sections.*.shape":
		return sec.Shape, true
	case "sections.*.per_page":
		return strconv.Itoa(sec.PerPage), true
	}
	return "", false
}
