package spec

import (
	"fmt"
	"strings"
	"text/template/parse"
	"unicode"

	"mazebook/layout/draw"
	"mazebook/layout/typeface"
)

// printed is a text the book prints as the spec gives it, or a built-in
// label: the place to report it at, what to call it there, the text, and
// the fonts: key of the face it is set in.
type printed struct {
	at   pos
	what string
	text string
	key  string // "text" or "headings"
	// hint is more advice, after the advice to name another font.
	hint string
}

// settleFonts binds each template to the face its output is set in, and
// refuses, where the spec wrote it, every text the book will print in a
// face that lacks some of its characters. The faces are the ones the
// layout sets each text in: Fonts says which.
func (d *decoder) settleFonts() {
	s := d.spec
	s.Header = s.Header.setIn(s.Fonts.Headings, "headings")
	s.Footer = s.Footer.setIn(s.Fonts.Text, "text")
	for i := range s.Sections {
		s.Sections[i].Caption = s.Sections[i].Caption.setIn(s.Fonts.Text, "text")
	}
	s.Answers.Caption = s.Answers.Caption.setIn(s.Fonts.Text, "text")
	if s.HowTo != nil {
		s.HowTo.Text = s.HowToText().setIn(s.Fonts.Text, "text")
	}
	seen := map[printed]bool{}
	for _, p := range d.printedTexts() {
		face := s.Fonts.Text
		if p.key == "headings" {
			face = s.Fonts.Headings
		}
		if seen[p] || d.fontFailed(p.key) {
			continue
		}
		seen[p] = true
		if miss := face.Missing(p.text); len(miss) > 0 {
			d.errs = append(d.errs, &Error{File: d.file, Line: p.at.line, Col: p.at.col,
				Msg: p.what + ": " + notInFont(miss, face, p.key) + p.hint})
		}
	}
}

// fontFailed reports whether the font for key could not be loaded, one
// the spec named or its language's (each said where it was given): its
// texts are not checked against the default font that stands in for it.
func (d *decoder) fontFailed(key string) bool {
	f := d.spec.Fonts.Text
	if key == "headings" {
		f = d.spec.Fonts.Headings
	}
	_, named := d.spec.at["fonts."+key]
	return (named || d.scriptFailed) && (f == DefaultFonts.Text || f == DefaultFonts.Headings)
}

// notInFont says which characters a face lacks and what to do about it:
// "你 and 好 are not in the font GoBold; name a font that has them under
// fonts: headings:".
func notInFont(miss []rune, face *typeface.Font, key string) string {
	verb, pronoun := "are", "them"
	if len(miss) == 1 {
		verb, pronoun = "is", "it"
	}
	return fmt.Sprintf("%s %s not in the font %s; name a font that has %s under fonts: %s:", runeList(miss), verb, face.Name(), pronoun, key)
}

// maxListed is the most characters a message lists.
const maxListed = 10

// runeList lists characters for a message: "你, 好 and 吗", those that
// cannot be seen as U+200B.
func runeList(rs []rune) string {
	var names []string
	for i, r := range rs {
		if i == maxListed {
			names = append(names, fmt.Sprintf("%d more", len(rs)-i))
			break
		}
		if unicode.IsGraphic(r) && !unicode.IsSpace(r) && !unicode.Is(unicode.Mn, r) {
			names = append(names, string(r))
		} else {
			names = append(names, fmt.Sprintf("U+%04X", r))
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// printedTexts lists the texts the book will print as the spec gives
// them, each with the face layout sets it in: the title page, the
// copyright, section pages and instructions, the literal parts of the
// templates and the values they print, the labels that appear, and the
// characters mazebook adds itself (digits, '—', ':'). What a template
// makes of them is checked again when it runs (Text.Execute).
func (d *decoder) printedTexts() []printed {
	s := d.spec
	p := &printedList{s: s, l: s.Labels(), o: s.LabelOverrides, own: "0123456789"}
	p.frontMatter()
	p.runningHeads()
	p.sections()
	p.answers()
	p.guides()
	p.marks()
	p.out = append(p.out, printed{at: s.at["fonts.text"], what: fmt.Sprintf("the characters %q that mazebook prints itself", p.own), text: p.own, key: "text"})
	return p.out
}

// printedList collects the texts a book prints (see printedTexts).
type printedList struct {
	s    *Book
	l, o Labels // the labels printed, and those the spec gives
	out  []printed
	own  string // the characters mazebook prints itself
}

// add adds a text the spec gives at path, unless it is blank.
func (p *printedList) add(path, what, text, key string) {
	if strings.TrimSpace(text) != "" {
		p.out = append(p.out, printed{at: p.s.at[path], what: what, text: text, key: key})
	}
}

// label adds a label where the spec overrides it, or, for a built-in
// label, where the spec names the font that lacks it.
func (p *printedList) label(name, value, override, key string) {
	if override != "" {
		p.add("labels."+name, "labels: "+name, value, key)
		return
	}
	p.out = append(p.out, printed{at: p.s.at["fonts."+key], what: fmt.Sprintf("the label %q", value), text: value, key: key,
		hint: fmt.Sprintf(", or give the label under labels: %s:", name)})
}

// literals adds the words a template prints as they are written.
func (p *printedList) literals(t *Text, what, key string) {
	for _, lit := range t.literals() {
		p.out = append(p.out, printed{at: pos{t.Line, t.Col}, what: what, text: lit, key: key})
	}
}

// answersTitle adds the answer key's title, printed where says.
func (p *printedList) answersTitle(key, where string) {
	if p.s.Answers.Title != "" {
		p.add("answers.title", "answers: title"+where, p.s.Answers.Title, key)
	} else {
		p.label("answers", p.l.Answers, p.o.Answers, key)
	}
}

// sectionTitles adds every section's title, printed where says.
func (p *printedList) sectionTitles(where, key string) {
	for i, sec := range p.s.Sections {
		p.add(fmt.Sprintf("sections.%d.title", i), "title"+where, sec.Title, key)
	}
}

// frontMatter adds the cover's texts, the title page's, the teacher
// edition's label and the copyright.
func (p *printedList) frontMatter() {
	s, l, o := p.s, p.l, p.o
	if s.Given("cover") {
		// The cover sets the title in the headings face, the rest in the
		// text face.
		p.add("title", "title (printed on the cover)", s.Title, "headings")
		p.add("subtitle", "subtitle (printed on the cover)", s.Subtitle, "text")
		p.add("author", "author (printed on the cover)", s.Author, "text")
		p.add("cover.back", "cover: back", s.Cover.Back, "text")
		p.label("ages", l.Ages, o.Ages, "headings") // the age badge
	}
	if s.TitlePage {
		p.add("title", "title", s.Title, "headings")
		p.add("subtitle", "subtitle", s.Subtitle, "text")
		if s.Author != "" {
			p.add("author", "author", s.Author, "text")
			p.label("by", l.By, o.By, "text")
		}
	}
	if s.TeacherEdition {
		// On its title page, and at the foot of its pages.
		if s.TitlePage {
			p.label("teacher", l.Teacher, o.Teacher, "headings")
		}
		p.label("teacher", l.Teacher, o.Teacher, "text")
	}
	p.add("copyright", "copyright", s.Copyright, "text")
	if s.CertificatePage() {
		p.label("certificate", l.Certificate, o.Certificate, "headings")
		p.label("solved", l.Solved, o.Solved, "text")
		p.label("name", l.Name, o.Name, "text")
	}
}

// runningHeads adds the header's and the footer's words and the values
// they print.
func (p *printedList) runningHeads() {
	s := p.s
	for _, t := range []struct {
		t         *Text
		name, key string
	}{{s.Header, "header", "headings"}, {s.Footer, "footer", "text"}} {
		if t.t == nil || (t.name == "footer" && !s.Style.PageNumbers) {
			continue
		}
		p.literals(t.t, t.name, t.key)
		in := " (printed in the " + t.name + ")"
		if t.t.uses("Title") {
			p.add("title", "title"+in, s.Title, t.key)
		}
		if t.t.uses("Label") {
			p.label("page", p.l.Page, p.o.Page, t.key)
		}
		if t.t.uses("Section") {
			p.sectionTitles(in, t.key)
			if s.Answers.Enabled {
				p.answersTitle(t.key, in)
			}
		}
	}
}

// sections adds each section's title page, instructions and captions.
func (p *printedList) sections() {
	s := p.s
	for i, sec := range s.Sections {
		at := fmt.Sprintf("sections.%d.", i)
		if s.SectionPages {
			p.add(at+"title", "title", sec.Title, "headings")
		}
		p.add(at+"instructions", "instructions", sec.Instructions, "text")
		if t := sec.Caption; t != nil {
			p.literals(t, "caption", "text")
			in := " (printed in the caption)"
			if t.uses("Section") {
				p.add(at+"title", "title"+in, sec.Title, "text")
			}
			if t.uses("Label") {
				p.label("maze", p.l.Maze, p.o.Maze, "text")
			}
			if t.uses("Difficulty") {
				p.add(at+"difficulty", "difficulty"+in, sec.Difficulty, "text")
			}
		}
	}
}

// answers adds the answer key's captions and the puzzles' references to
// it.
func (p *printedList) answers() {
	s, l, o := p.s, p.l, p.o
	if !s.Answers.Enabled {
		return
	}
	// Answer captions and their short forms: "Maze 3 — page 4", "3 — 4";
	// puzzle captions' references: "answer on page 4", "→ 4".
	p.label("maze", l.Maze, o.Maze, "text")
	p.label("page", l.Page, o.Page, "text")
	p.label("turned", l.Turned, o.Turned, "text") // an answer on its side
	p.own += "—"
	if t := s.Answers.Caption; t != nil {
		p.literals(t, "answers: caption", "text")
		if t.uses("Section") {
			p.sectionTitles(" (printed in the answers' caption)", "text")
		}
		if t.uses("Difficulty") {
			for i, sec := range s.Sections {
				p.add(fmt.Sprintf("sections.%d.difficulty", i), "difficulty (printed in the answers' caption)", sec.Difficulty, "text")
			}
		}
	}
	if s.Style.AnswerRefs {
		p.label("answer", l.Answer, o.Answer, "text")
		p.own += "→"
	}
}

// guides adds the contents page's and the how-to page's words.
func (p *printedList) guides() {
	s := p.s
	if s.Contents != nil {
		if s.Contents.Title != "" {
			p.add("contents.title", "contents: title", s.Contents.Title, "headings")
		} else {
			p.label("contents", p.l.Contents, p.o.Contents, "headings")
		}
		p.sectionTitles(" (printed in the contents)", "text")
		if s.Answers.Enabled {
			p.answersTitle("text", " (printed in the contents)")
		}
		p.own += "."
	}
	if s.HowTo != nil {
		if s.HowTo.Title != "" {
			p.add("how_to.title", "how_to: title", s.HowTo.Title, "headings")
		} else {
			p.label("how_to", p.l.HowTo, p.o.HowTo, "headings")
		}
		if t := s.HowTo.Text; t != nil {
			p.literals(t, "how_to: text", "text")
		}
	}
}

// marks adds the name line's words and the doors' labels, where any
// section prints them.
func (p *printedList) marks() {
	s, l, o := p.s, p.l, p.o
	nameLine, labels := s.Style.NameLine, s.Style.Markers == draw.Labels
	for _, sec := range s.Sections {
		nameLine = nameLine || sec.Style.NameLine
		labels = labels || sec.Style.Markers == draw.Labels
	}
	if nameLine {
		p.label("name", l.Name, o.Name, "text")
		p.label("date", l.Date, o.Date, "text")
		p.own += l.Colon
	}
	if labels {
		p.label("start", l.Start, o.Start, "headings")
		p.label("finish", l.Finish, o.Finish, "headings")
	}
}

// setIn returns a copy of t whose output, when it runs, is checked
// against face, the font of the fonts: key it is set in.
func (t *Text) setIn(face *typeface.Font, key string) *Text {
	if t == nil {
		return nil
	}
	c := *t
	c.face, c.faceKey = face, key
	return &c
}

// checkFace returns the error of a template whose output out has
// characters its face lacks, or nil.
func (t *Text) checkFace(out string) *Error {
	if t.face == nil {
		return nil
	}
	miss := t.face.Missing(out)
	if len(miss) == 0 {
		return nil
	}
	return newError(t.File, t.Line, t.Col, "%s: %q: %s", t.name, out, notInFont(miss, t.face, t.faceKey))
}

// literals returns the text the template writes as it is, outside its
// actions, in order.
func (t *Text) literals() []string {
	var out []string
	t.walk(func(n parse.Node) {
		if tn, ok := n.(*parse.TextNode); ok {
			out = append(out, string(tn.Text))
		}
	})
	return out
}

// uses reports whether the template reads the variable .name (or
// $.name) anywhere.
func (t *Text) uses(name string) bool {
	found := false
	t.walk(func(n parse.Node) {
		switch n := n.(type) {
		case *parse.FieldNode:
			found = found || len(n.Ident) > 0 && n.Ident[0] == name
		case *parse.VariableNode:
			found = found || len(n.Ident) > 1 && n.Ident[0] == "$" && n.Ident[1] == name
		}
	})
	return found
}

// walk visits every node of the template's tree, in order, without
// recursion.
func (t *Text) walk(visit func(parse.Node)) {
	if t == nil || t.t == nil || t.t.Tree == nil || t.t.Tree.Root == nil {
		return
	}
	stack := []parse.Node{t.t.Tree.Root}
	push := func(nodes ...parse.Node) {
		for i := len(nodes) - 1; i >= 0; i-- {
			stack = append(stack, nodes[i])
		}
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n := n.(type) {
		case *parse.ListNode:
			if n == nil {
				continue
			}
			push(n.Nodes...)
		case *parse.ActionNode:
			push(n.Pipe)
		case *parse.PipeNode:
			if n == nil {
				continue
			}
			for i := len(n.Cmds) - 1; i >= 0; i-- {
				stack = append(stack, n.Cmds[i])
			}
		case *parse.CommandNode:
			push(n.Args...)
		case *parse.IfNode:
			push(n.Pipe, n.List, n.ElseList)
		case *parse.WithNode:
			push(n.Pipe, n.List, n.ElseList)
		case *parse.ChainNode:
			push(n.Node)
		case nil:
			continue
		}
		visit(n)
	}
}
