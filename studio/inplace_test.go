package studio

import (
	"strings"
	"testing"
)

// TestEditsInPlace makes form edits on a spec with aligned comments,
// blank lines and its own quoting: only the line edited changes.
func TestEditsInPlace(t *testing.T) {
	const spec = `# The class's maze book.
title: Mazes for Class 3B   # shown on the cover
author: 'Ms. Rivera'        # and on the title page

seed: 11
sections:
  - title: Warm-up          # the easy ones
    count: 2
    per_page: 2

  - title: Harder
    count: 2
    difficulty: hard
`
	for _, tt := range []struct {
		name string
		set  map[string]string
		want string
	}{
		{"a title retyped", map[string]string{"title": "Mazes for Class 3C"},
			"# The class's maze book.\ntitle: Mazes for Class 3C   # shown on the cover\n"},
		{"a quoted author", map[string]string{"author": "Mr. Smith"},
			"author: Mr. Smith           # and on the title page\n"},
		{"a title that reads as a number", map[string]string{"title": "123"},
			"title: \"123\"                # shown on the cover\n"},
		{"a drop-down's number", map[string]string{"sections.0.per_page": "6"},
			"    per_page: 6\n\n  - title: Harder\n"},
		{"a key added to a section", map[string]string{"sections.1.size": "20x20"},
			"    difficulty: hard\n    size: 20x20\n"},
		{"a key removed", map[string]string{"seed": ""},
			"author: 'Ms. Rivera'        # and on the title page\n\nsections:\n"},
		{"a section's title", map[string]string{"sections.0.title": "Easy ones"},
			"  - title: Easy ones        # the easy ones\n"},
	} {
		out, err := applyEdit([]byte(spec), Edit{Set: tt.set})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !strings.Contains(string(out), tt.want) {
			t.Errorf("%s: the spec reads\n%s\nwant it to hold\n%s", tt.name, out, tt.want)
		}
		// Every line but the one edited is kept.
		if d := lineDiff(spec, string(out)); d > 2 {
			t.Errorf("%s: %d lines changed:\n%s", tt.name, d, out)
		}
	}
}

// lineDiff counts the lines of a that b lacks and of b that a lacks.
func lineDiff(a, b string) int {
	count := func(s string) map[string]int {
		m := map[string]int{}
		start := 0
		for i := 0; i < len(s); i++ {
			if s[i] == '\n' {
				m[s[start:i]]++
				start = i + 1
			}
		}
		return m
	}
	ma, mb := count(a), count(b)
	d := 0
	for l, n := range ma {
		if n > mb[l] {
			d += n - mb[l]
		}
	}
	for l, n := range mb {
		if n > ma[l] {
			d += n - ma[l]
		}
	}
	return d
}

// TestEditsInPlaceFlow makes form edits in a flow mapping on one line, as
// the worksheet starter writes its answer key: the answer key unticked
// changes that line alone, and ticked again puts it back.
func TestEditsInPlaceFlow(t *testing.T) {
	const spec = "title: Sheet\nanswers: {per_page: 1}         # the solution on a second page\nsections:\n  - count: 1\n"
	for _, tt := range []struct {
		name string
		in   string
		set  map[string]string
		want string
	}{
		{"the answer key unticked", spec, map[string]string{"answers.enabled": "false"},
			"answers: {per_page: 1, enabled: false}         # the solution on a second page\n"},
		{"a value replaced", "answers: {per_page: 1, enabled: false} # key\n", map[string]string{"answers.enabled": "true"},
			"answers: {per_page: 1, enabled: true} # key\n"},
		{"the first value replaced", spec, map[string]string{"answers.per_page": "2"},
			"answers: {per_page: 2}         # the solution on a second page\n"},
		{"a later key removed", "answers: {per_page: 1, enabled: false} # key\n", map[string]string{"answers.enabled": ""},
			"answers: {per_page: 1} # key\n"},
		{"the first key removed", "answers: {per_page: 1, enabled: false} # key\n", map[string]string{"answers.per_page": ""},
			"answers: {enabled: false} # key\n"},
		{"a quoted value", "answers: {title: 'Key, solved', per_page: 1}\n", map[string]string{"answers.per_page": "4"},
			"answers: {title: 'Key, solved', per_page: 4}\n"},
	} {
		out, err := applyEdit([]byte(tt.in), Edit{Set: tt.set})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !strings.Contains(string(out), tt.want) {
			t.Errorf("%s: the spec reads\n%s\nwant it to hold\n%s", tt.name, out, tt.want)
		}
		if d := lineDiff(tt.in, string(out)); d != 2 {
			t.Errorf("%s: %d lines differ, want the one edited (2):\n%s", tt.name, d, out)
		}
	}
}
