package spec

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"time"

	"go.yaml.in/yaml/v3"

	"mazebook/layout/draw"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// top reads a whole spec in three phases. decode reads every key into the
// book, recording where each was written (see Book.Given and Book.Pos);
// settle fills in the defaults that hang on other keys; check finds the
// problems no one key shows.
func (d *decoder) top(n *yaml.Node) {
	d.decode(n)
	d.settle()
	d.check(n)
}

// decode reads the keys of the spec's top mapping, and each one's own
// keys, reporting a value that is wrong in itself.
func (d *decoder) decode(n *yaml.Node) {
	s := d.spec
	d.mapping(n, "", "the spec", map[string]field{
		"title":            d.str(&s.Title),
		"subtitle":         d.str(&s.Subtitle),
		"author":           d.str(&s.Author),
		"subject":          d.str(&s.Subject),
		"title_page":       d.boolean(&s.TitlePage),
		"copyright":        d.text(&s.Copyright, MaxLongText),
		"section_pages":    d.boolean(&s.SectionPages),
		"contents":         d.contents,
		"how_to":           d.howTo,
		"start_on_right":   d.boolean(&s.StartOnRight),
		"even_pages":       d.boolean(&s.EvenPages),
		"pad":              d.integer(&s.Pad, 0, MaxPad),
		"teacher_edition":  d.boolean(&s.TeacherEdition),
		"certificate":      d.boolean(&s.Certificate),
		"header":           d.template(&s.Header, pageVariables, PageData{}),
		"footer":           d.template(&s.Footer, pageVariables, PageData{}),
		"labels":           d.labels,
		"preset":           d.oneOf(&s.Preset, "kdp"),
		"theme":            d.oneOf(&s.Theme, append([]string{theme.Random}, theme.Names()...)...),
		"check":            d.checkKeys,
		"seed":             d.seed,
		"language":         d.language,
		"difficulty_model": d.difficultyModel,
		"series":           d.series,
		"editions":         d.editions,
		"date":             d.date,
		"page":             d.page,
		"style":            d.style,
		"fonts":            d.fonts,
		"answers":          d.answers,
		"sections":         d.sections,
		"cover":            d.cover,
		"listing":          d.listing,
	})
	// A section's style is read once the book's is known: it starts as
	// the book's.
	d.settlePreset()
	d.settleSectionStyles()
}

// settle fills in the defaults that hang on other keys (those that hang
// on none are in defaultBook).
func (d *decoder) settle() {
	s := d.spec
	if !s.Given("seed") {
		s.Seed = TitleSeed(s.Title)
	}
	for i := range s.Sections {
		sec := &s.Sections[i]
		if sec.Ages != "" {
			d.applyAges(sec)
		}
		if s.Style.LargePrint && !s.wallGiven(sec) {
			sec.WallName = "thick" // walls to match the large print
		}
	}
	s.settleCopyright()
	if s.Preset == "kdp" && !s.Given("page.margin") {
		s.Page.Margin = KDPMargins()
	}
	if (s.Preset == "kdp" || s.Page.Margin.Mirrored) && !s.Given("even_pages") {
		// Bound books: an even page count by default.
		s.EvenPages = true
	}
	if s.Page.Landscape {
		s.Page.Width, s.Page.Height = math.Max(s.Page.Width, s.Page.Height), math.Min(s.Page.Width, s.Page.Height)
	}
	d.settleScript()
	d.settleFonts()
	d.settleListing()
}

// check finds the problems of keys taken together; n is the spec's top
// mapping.
func (d *decoder) check(n *yaml.Node) {
	s := d.spec
	if s.Cover.Paper == PaperCream && s.Style.Ink == draw.InkColor {
		// KDP prints cream paper in black ink only.
		d.errorAt("cover.paper", "%v", creamInColour())
	}
	if s.Answers.ShowWalk {
		walks := false
		for _, sec := range s.Sections {
			if sv, err := maze.LookupSolver(sec.Solver); err == nil && sv.Walks && sec.Sheet != SheetBlank {
				walks = true
			}
		}
		if !walks && len(s.Sections) > 0 {
			d.errorAt("answers.show_walk", "answers.show_walk draws the steps of a solver that walks the maze, and no section's solver does: give a section solver: right-hand, left-hand or tremaux")
		}
	}
	if !s.Given("sections") {
		d.errorf(n, "the spec has no sections: add a sections list with at least one section")
	}
	d.checkPage()
	d.checkVolumeEditions()
}

// checkKeys reads the check mapping: whether the book's checks only warn.
func (d *decoder) checkKeys(n *yaml.Node, path string) {
	d.mapping(n, path, "check", map[string]field{"warn_only": d.boolean(&d.spec.CheckWarnOnly)})
}

// seed reads the seed, a whole number.
func (d *decoder) seed(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "seed")
	if !ok {
		return
	}
	u, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		d.errorf(n, "seed must be a whole number from 0 to %d, not %q", uint64(math.MaxUint64), v)
		return
	}
	d.spec.Seed = u
}

// date reads the date printed in the book, a day or a time.
func (d *decoder) date(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "date")
	if !ok || v == "" {
		return
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		t, err = time.Parse(time.RFC3339, v)
	}
	if err != nil {
		d.errorf(n, "date must look like 2026-09-01 or 2026-09-01T08:00:00Z, not %q", v)
		return
	}
	d.spec.Date = t.UTC()
}

// wall reads a wall thickness, named or a length, into st.
func (d *decoder) wall(st *Style) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, "wall")
		if !ok {
			return
		}
		t, name, err := ParseWall(v)
		if err != nil {
			d.errorf(n, "%v", err)
			return
		}
		st.Wall, st.WallName = t, name
	}
}

func (d *decoder) style(n *yaml.Node, path string) {
	st := &d.spec.Style
	var markers string
	var ink inkKeys
	d.mapping(n, path, "style", map[string]field{
		"wall":           d.wall(st),
		"wall_color":     ink.color(d, &st.WallColor),
		"solution_color": ink.color(d, &st.SolutionColor),
		"entrance_color": ink.color(d, &st.EntranceColor),
		"exit_color":     ink.color(d, &st.ExitColor),
		"color":          d.oneOf(&ink.mode, draw.InkNames()...),
		"markers":        d.oneOf(&markers, draw.MarkerNames()...),
		"start_image":    d.picture(&st.StartImage),
		"finish_image":   d.picture(&st.FinishImage),
		"name_line":      d.boolean(&st.NameLine),
		"page_numbers":   d.boolean(&st.PageNumbers),
		"answer_refs":    d.boolean(&st.AnswerRefs),
		"stars":          d.boolean(&st.Stars),
		"motifs":         d.boolean(&st.Motifs),
		"door_words":     d.boolean(&st.DoorWords),
		"large_print":    d.boolean(&st.LargePrint),
	})
	if markers != "" {
		st.Markers = draw.Markers(markers)
	}
	settleInk(st, &ink)
}

func (d *decoder) answers(n *yaml.Node, path string) {
	a := &d.spec.Answers
	if n.Kind == yaml.ScalarNode {
		d.boolean(&a.Enabled)(n, path)
		return
	}
	d.mapping(n, path, "answers", map[string]field{
		"enabled":   d.boolean(&a.Enabled),
		"per_page":  d.perPage(&a.PerPage),
		"title":     d.str(&a.Title),
		"caption":   d.template(&a.Caption, answerCaptionVariables, AnswerCaptionData{}),
		"show_walk": d.boolean(&a.ShowWalk),
	})
}

// template parses a template and checks it against sample data.
func (d *decoder) template(dst **Text, vars string, sample any) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		if t := d.parseText(n, lastKey(path), v, vars, sample); t != nil {
			*dst = t
		}
	}
}

// parseText parses the template src written at n, placing it there for
// the errors it may give when it runs, and runs it once on sample data.
func (d *decoder) parseText(n *yaml.Node, name, src, vars string, sample any) *Text {
	t, err := ParseText(name, src)
	if err != nil {
		d.errorf(n, "%v", err)
		return nil
	}
	t.File, t.Line, t.Col = d.file, n.Line, n.Column
	if _, err := t.Execute(sample); err != nil {
		var se *Error
		if errors.As(err, &se) {
			d.errorf(n, "%s (variables: %s)", se.Msg, vars)
		}
		return nil
	}
	return t
}

// labels reads overrides of the built-in labels.
func (d *decoder) labels(n *yaml.Node, path string) {
	l := &d.spec.LabelOverrides
	d.mapping(n, path, "labels", map[string]field{
		"maze":     d.str(&l.Maze),
		"answers":  d.str(&l.Answers),
		"start":    d.str(&l.Start),
		"finish":   d.str(&l.Finish),
		"page":     d.str(&l.Page),
		"name":     d.str(&l.Name),
		"date":     d.str(&l.Date),
		"by":       d.str(&l.By),
		"answer":   d.str(&l.Answer),
		"contents": d.str(&l.Contents),
		"how_to":   d.str(&l.HowTo),
		"teacher":  d.str(&l.Teacher),
		// kidart
		"certificate": d.str(&l.Certificate),
		"solved":      d.str(&l.Solved),
		"ages":        d.str(&l.Ages),
		"turned":      d.str(&l.Turned),
		"score":       d.retiredLabel,
		"path":        d.retiredLabel,
	})
}

// retiredLabel refuses the labels the answer key printed before its
// caption became a template.
func (d *decoder) retiredLabel(n *yaml.Node, path string) {
	d.errorf(n, "labels.%s is not printed any more: the answer key's caption is answers.caption, a template (for example \"{{.Label}} {{.Number}} · score {{printf \"%%.0f\" .Score}}\"; variables: %s)", lastKey(path), answerCaptionVariables)
}

// templateErr rewrites a text/template error for people: without the
// template's internal name and position (the spec error has the place),
// and without Go type names.
func templateErr(err error) string {
	msg := err.Error()
	if m := templatePrefix.FindStringIndex(msg); m != nil {
		msg = msg[m[1]:]
	}
	if m := templateAt.FindStringSubmatchIndex(msg); m != nil {
		msg = "in {{" + msg[m[2]:m[3]] + "}}: " + msg[m[1]:]
	}
	return templateField.ReplaceAllString(msg, "there is no variable .$1")
}

var (
	templatePrefix = regexp.MustCompile(`^template: [^:]*:[0-9]+(:[0-9]+)?: `)
	templateAt     = regexp.MustCompile(`^executing "[^"]*" at <(.*?)>: `)
	templateField  = regexp.MustCompile(`can't evaluate field (\w+) in type \S+`)
)
