package studio

import (
	"strings"
	"testing"
)

// FuzzModelAndEdit feeds any text to what reads and edits a spec's YAML
// for the form: nothing panics, and an edit that succeeds gives YAML whose
// model holds the value set.
func FuzzModelAndEdit(f *testing.F) {
	f.Add(smallSpec, "title", "A title")
	f.Add("answers: false\nsections: [{count: 1}]\n", "answers.per_page", "2")
	f.Add("page: a4\n", "page.size", "letter")
	f.Add("sections: [x]\n", "sections.0.count", "3")
	f.Add("a: &a [1]\nb: *a\n", "seed", "7")
	f.Add("- list\n", "title", "x")
	f.Add("sections:\n  - title: One\n", "sections.0.caption", "{{.Number}}: \"quoted\" # not a comment")
	f.Fuzz(func(t *testing.T, yaml, path, value string) {
		if len(yaml) > 4096 {
			return
		}
		_, _ = readModel([]byte(yaml))
		_ = places([]byte(yaml))
		out, err := applyEdit([]byte(yaml), Edit{Set: map[string]string{path: value}})
		if err != nil {
			return
		}
		m, err := readModel(out)
		if err != nil {
			t.Fatalf("the edited YAML does not read: %v\n%s", err, out)
		}
		f, _ := fieldFor(path)
		if value != "" && f.Kind == "text" && !strings.ContainsAny(value, "\r") && m.Values[path] != value && !(path == "answers.enabled") {
			t.Errorf("%s = %q after setting %q\n%s", path, m.Values[path], value, out)
		}
		for _, op := range []string{"add", "up", "down", "remove"} {
			_, _ = applyEdit(out, Edit{Op: op, Index: 0})
		}
	})
}
