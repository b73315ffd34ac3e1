package studio

import (
	"strings"
	"testing"
)

// A spec YAML cannot read is said at the line of the slip, where the
// parser stopped below it.
func TestYAMLSlip(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		line       int
		has        string
	}{
		{"a quote not closed", "title: x\nseed: 7\nstyle:\n  name_line: true\nsubtitle: \"Fun\npage:\n  size: a4\nsections:\n  - count: 4\n", 5, "a quote opened on this line is not closed on it"},
		{"a single quote not closed", "title: 'Class 2B\nsections:\n  - count: 4\n", 1, "a quote"},
		{"a flow not closed", "title: x\nsections:\n  - {count: 4, size: 5x5\n  - count: 2\n", 3, "a { opened on this line"},
		{"a list not closed", "title: x\nseed: [11\nsections:\n  - count: 2\n", 2, "a [ opened"},
		{"a tab", "title: x\nsections:\n\t- count: 2\n", 3, "a tab in the indentation"},
		{"quotes that close, then a [ that does not", "title: \"It's \\\"fine\\\"\"\nsubtitle: 'it''s'\nsections: [{count: 1, caption: \"a, b\"}]\nx: [\n", 4, "a [ opened"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line, what := yamlSlip([]byte(tc.yaml), 0)
			if line != tc.line || !strings.Contains(what.String(), tc.has) {
				t.Errorf("line %d %q, want %d %q", line, what.String(), tc.line, tc.has)
			}
		})
	}
	// In the studio: the error is said once, at the slip's line, and
	// names the line the parser stopped at.
	s := newServer(t, Options{})
	r := checkSpec(t, s, "title: \"Class 2B\nseed: 7\nsections:\n  - count: 4\n    difficulty: easy\n")
	if len(r.Errors) != 1 || r.Errors[0].Line != 1 || !strings.Contains(r.Errors[0].Message, "the parser stopped at line 6") {
		t.Errorf("errors %+v", r.Errors)
	}
}
