package layout_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// TestBookFonts checks that a book sets each text in the font the spec
// names for it: headings (the title, section titles, running headers,
// the Start and Finish labels) in one, the rest in the other.
func TestBookFonts(t *testing.T) {
	files := fstest.MapFS{"mono.ttf": {Data: gomono.TTF}, "italic.ttf": {Data: goitalic.TTF}}
	src := `title: Headings
subtitle: Body
author: Ana
title_page: true
copyright: Body
section_pages: true
fonts: {text: mono.ttf, headings: italic.ttf}
style: {markers: labels, name_line: true, answer_refs: true}
sections:
  - {title: Headings, instructions: Body, count: 2, per_page: 2}
`
	sp, err := spec.ParseFS("book.yaml", []byte(src), files)
	if err != nil {
		t.Fatal(err)
	}
	book, err := layout.Build(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{"Headings": true, "Start": true, "Finish": true, "Answers": true}
	seen := map[typeface.Face]int{}
	for i, p := range book.Pages {
		for _, it := range p.Items {
			txt, ok := it.(*display.Text)
			if !ok {
				continue
			}
			want := sp.Fonts.Text
			if headings[txt.Text] {
				want = sp.Fonts.Headings
			}
			if txt.Font != want {
				t.Errorf("page %d: %q is set in %s, want %s", i+1, txt.Text, txt.Font.Name(), want.Name())
			}
			seen[txt.Font]++
		}
	}
	if seen[sp.Fonts.Text] == 0 || seen[sp.Fonts.Headings] == 0 || len(seen) != 2 {
		t.Errorf("texts by font: %v", seen)
	}
}

// TestTemplateGlyphsAtBuild checks that a template whose output has a
// character its font lacks fails the build at the template's place.
func TestTemplateGlyphsAtBuild(t *testing.T) {
	sp := parse(t, "sections:\n  - caption: \"{{printf \\\"%c\\\" 20320}} {{.Number}}\"\n    count: 1\n")
	_, err := layout.Build(sp, layout.Options{})
	var se spec.Errors
	want := `test.yaml:2:14: maze 1: caption: "你 1": 你 is not in the font GoRegular; name a font that has it under fonts: text:`
	if !errors.As(err, &se) || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestNoQuestionMarks checks the last guard: a spec made by hand, whose
// texts no spec reader checked, fails rather than print '?'.
func TestNoQuestionMarks(t *testing.T) {
	sp := parse(t, "title_page: true\nsections: [{count: 1}]\n")
	sp.Title = "你好"
	_, err := layout.Build(sp, layout.Options{})
	if err == nil || !strings.Contains(err.Error(), `page 1: the text "你好" has characters the font GoBold lacks (你好)`) {
		t.Errorf("error %v", err)
	}
}
