package spec

import (
	"go.yaml.in/yaml/v3"

	"mazebook/words"
)

// Contents is a table of contents: a page (or more) after the title and
// copyright pages listing each section with the page it starts on, and
// the answer key.
type Contents struct {
	// Title is printed at the top; empty means the label of the book's
	// language ("Contents").
	Title string
}

// HowTo is a page that tells the reader how to use the book, after the
// contents.
type HowTo struct {
	// Title is printed at the top; empty means the label of the book's
	// language ("How to use this book").
	Title string
	// Text is the page's text, a template with the variables of
	// HowToData; each line of its output is a paragraph.
	Text *Text
}

// HowToData are the variables the how-to page's text can use.
type HowToData struct {
	Title       string // the book's title
	Mazes       int    // how many mazes the book has
	AnswersPage int    // the first page of the answer key, 0 without one
	Start       string // the entrance's label in the book's language
	Finish      string // the exit's label
}

const howToVariables = "{{.Title}}, {{.Mazes}}, {{.AnswersPage}}, {{.Start}}, {{.Finish}}"

// howToTexts are the built-in how-to texts, by language (see
// words.Language.HowTo), parsed once.
var howToTexts = func() map[string]*Text {
	m := map[string]*Text{}
	for _, code := range words.Codes() {
		m[code] = mustText("how_to", words.For(code).HowTo)
	}
	return m
}()

// contents reads `contents: true`, or a mapping with its title.
func (d *decoder) contents(n *yaml.Node, path string) {
	if n.Kind == yaml.ScalarNode {
		var on bool
		d.boolean(&on)(n, path)
		if on {
			d.spec.Contents = &Contents{}
		}
		return
	}
	c := &Contents{}
	enabled := true
	d.mapping(n, path, "contents", map[string]field{
		"enabled": d.boolean(&enabled),
		"title":   d.str(&c.Title),
	})
	if enabled {
		d.spec.Contents = c
	}
}

// howTo reads `how_to: true` (the built-in text in the book's language),
// or a mapping with its title and text.
func (d *decoder) howTo(n *yaml.Node, path string) {
	if n.Kind == yaml.ScalarNode {
		var on bool
		d.boolean(&on)(n, path)
		if on {
			d.spec.HowTo = &HowTo{}
		}
		return
	}
	h := &HowTo{}
	enabled := true
	d.mapping(n, path, "how_to", map[string]field{
		"enabled": d.boolean(&enabled),
		"title":   d.str(&h.Title),
		"text":    d.template(&h.Text, howToVariables, HowToData{}),
	})
	if enabled {
		d.spec.HowTo = h
	}
}

// HowToText returns the how-to page's text template: the spec's, or the
// built-in one of the book's language.
func (s *Book) HowToText() *Text {
	if s.HowTo != nil && s.HowTo.Text != nil {
		return s.HowTo.Text
	}
	if t, ok := howToTexts[s.Language]; ok {
		return t
	}
	return howToTexts["en"]
}
