package spec

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"time"

	"go.yaml.in/yaml/v3"

	"mazebook/layout/theme"
	"mazebook/maze"
)

func (d *decoder) top(n *yaml.Node) {
	s := d.spec
	var size, orientation string
	var sizeNode *yaml.Node
	var date string
	var dateNode *yaml.Node
	d.mapping(n, "", "the spec", map[string]field{
		"title":          d.str(&s.Title),
		"subtitle":       d.str(&s.Subtitle),
		"author":         d.str(&s.Author),
		"subject":        d.str(&s.Subject),
		"title_page":     d.boolean(&s.TitlePage),
		"copyright":      d.text(&s.Copyright, MaxLongText),
		"section_pages":  d.boolean(&s.SectionPages),
		"contents":       d.contents,
		"how_to":         d.howTo,
		"start_on_right": d.boolean(&s.StartOnRight),
		"even_pages": func(n *yaml.Node, path string) {
			d.boolean(&s.EvenPages)(n, path)
			d.evenGiven = true
		},
		"pad":             d.integer(&s.Pad, 0, MaxPad),
		"teacher_edition": d.boolean(&s.TeacherEdition),
		"header":          d.template(&s.Header, pageVariables, PageData{}),
		"footer":          d.template(&s.Footer, pageVariables, PageData{}),
		"labels":          d.labels,
		"preset":          d.oneOf(&s.Preset, "kdp"),
		"theme":           d.oneOf(&s.Theme, append([]string{theme.Random}, theme.Names()...)...),
		"check": func(n *yaml.Node, path string) {
			d.mapping(n, path, "check", map[string]field{"warn_only": d.boolean(&s.CheckWarnOnly)})
		},
		"seed": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "seed")
			if !ok {
				return
			}
			u, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				d.errorf(n, "seed must be a whole number from 0 to %d, not %q", uint64(math.MaxUint64), v)
				return
			}
			s.Seed = u
		},
		"language":         d.language,
		"difficulty_model": d.difficultyModel,
		"series":           d.series,
		"editions":         d.editions,
		"date": func(n *yaml.Node, path string) {
			date, _ = d.scalar(n, "date")
			dateNode = n
		},
		"page": func(n *yaml.Node, path string) {
			d.mapping(n, path, "page", map[string]field{
				"size": func(n *yaml.Node, path string) {
					size, _ = d.scalar(n, "size")
					sizeNode = n
				},
				"orientation": d.oneOf(&orientation, "portrait", "landscape"),
				"margin":      d.margins(&s.Page.Margin),
				"bleed":       d.boolean(&s.Page.Bleed),
			})
		},
		"style":    d.style,
		"fonts":    d.fonts,
		"answers":  d.answers,
		"sections": d.sections,
		"cover":    d.cover,
	})
	if date != "" {
		t, err := time.Parse("2006-01-02", date)
		if err != nil {
			t, err = time.Parse(time.RFC3339, date)
		}
		if err != nil {
			d.errorf(dateNode, "date must look like 2026-09-01 or 2026-09-01T08:00:00Z, not %q", date)
		} else {
			s.Date = t.UTC()
		}
	}
	if size != "" {
		w, h, err := ParsePageSize(size)
		if err != nil {
			d.errorf(sizeNode, "%v", err)
		} else {
			s.Page.Width, s.Page.Height = w, h
		}
	}
	d.settleSectionStyles()
	if !s.Given("seed") {
		s.Seed = TitleSeed(s.Title)
	}
	if s.Cover.Paper == PaperCream && s.Style.Ink == InkColor {
		// KDP prints cream paper in black ink only.
		d.errorAt("cover.paper", "paper cream is printed in black ink only, and the interior is in colour: give style.color: black (or grayscale) for a cream book, or paper white or color for one in colour")
	}
	if s.Answers.ShowWalk {
		walks := false
		for _, sec := range s.Sections {
			if sv, err := maze.LookupSolver(sec.Solver); err == nil && sv.Walks && sec.Sheet != SheetBlank {
				walks = true
			}
		}
		if !walks && len(s.Sections) > 0 {
			d.errorf(d.showWalkNode, "answers.show_walk draws the steps of a solver that walks the maze, and no section's solver does: give a section solver: right-hand, left-hand or tremaux")
		}
	}
	for i := range s.Sections {
		if s.Sections[i].Ages != "" {
			d.applyAges(&s.Sections[i])
		}
		if sec := &s.Sections[i]; s.Style.LargePrint && !d.wallGiven && !sec.WallGiven {
			sec.WallName = "thick" // walls to match the large print
		}
	}
	if _, given := s.at["page.margin"]; s.Preset == "kdp" && !given {
		s.Page.Margin = KDPMargins()
	}
	if (s.Preset == "kdp" || s.Page.Margin.Mirrored) && !d.evenGiven {
		// Bound books: an even page count by default.
		s.EvenPages = true
	}
	if s.Page.Bleed && (s.Page.Width+BleedSize > MaxPageSide || s.Page.Height+2*BleedSize > MaxPageSide) {
		d.errorf(sizeNode, "page size %q with bleed is larger than PDF readers open: each side, bleed included, may be at most 200in (5080mm)", size)
	}
	if orientation == "landscape" {
		s.Page.Landscape = true
		s.Page.Width, s.Page.Height = math.Max(s.Page.Width, s.Page.Height), math.Min(s.Page.Width, s.Page.Height)
	}
	if len(s.Sections) == 0 && len(d.errs) == 0 {
		d.errorf(n, "the spec has no sections: add a sections list with at least one section")
	}
	m := s.Page.Margin
	if m.Mirrored {
		m.Left, m.Right = m.Outside, max(m.Inside, Gutter(0))
	}
	if m.Left+m.Right >= s.Page.Width*0.8 || m.Top+m.Bottom >= s.Page.Height*0.8 {
		d.errorAt("page.margin", "the margins leave almost nothing of the %s x %s page", FormatLength(s.Page.Width, "mm"), FormatLength(s.Page.Height, "mm"))
	}
	d.settleScript()
	d.settleFonts()
}

// wall reads a wall thickness, named or a length, into st, and calls
// given once it is read.
func (d *decoder) wall(st *Style, given func()) field {
	return func(n *yaml.Node, path string) {
		given()
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
		"wall":           d.wall(st, func() { d.wallGiven = true }),
		"wall_color":     ink.color(d, &st.WallColor),
		"solution_color": ink.color(d, &st.SolutionColor),
		"entrance_color": ink.color(d, &st.EntranceColor),
		"exit_color":     ink.color(d, &st.ExitColor),
		"color":          d.oneOf(&ink.mode, inkNames...),
		"markers":        d.oneOf(&markers, string(MarkShapes), string(MarkSquares), string(MarkLabels), string(MarkNone)),
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
		st.Markers = Markers(markers)
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
		"enabled":  d.boolean(&a.Enabled),
		"per_page": d.perPage(&a.PerPage),
		"title":    d.str(&a.Title),
		"caption":  d.template(&a.Caption, answerCaptionVariables, AnswerCaptionData{}),
		"show_walk": func(n *yaml.Node, path string) {
			d.boolean(&a.ShowWalk)(n, path)
			d.showWalkNode = n
		},
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
		"score":    d.retiredLabel,
		"path":     d.retiredLabel,
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
