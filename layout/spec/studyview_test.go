package spec

import (
	"strings"
	"testing"
)

// A section's study_view is one view, every maze's, or a list taken in
// turn maze by maze; anything else is refused at its place.
func TestStudyView(t *testing.T) {
	for _, tt := range []struct {
		name, value string
		want        []string // the views of mazes 0 to 4
		err         string
	}{
		{"none", "", []string{"", "", "", "", ""}, ""},
		{"one", "torch", []string{"torch", "torch", "torch", "torch", "torch"}, ""},
		{"a list", "[full, torch]", []string{"full", "torch", "full", "torch", "full"}, ""},
		{"a list of one", "[theseus]", []string{"theseus", "theseus", "theseus", "theseus", "theseus"}, ""},
		{"unknown", "dark", nil, `book.yaml:2:39: study_view "dark" is unknown (known: full, theseus, torch)`},
		{"unknown in a list", "[full, dark]", nil, `book.yaml:2:46: study_view "dark" is unknown (known: full, theseus, torch)`},
		{"an empty list", "[]", nil, "book.yaml:2:39: study_view lists 0 views; give 1 to 1000"},
		{"a mapping", "{a: full}", nil, "book.yaml:2:39: study_view must be a view or a list of views, one a maze, not a mapping"},
		{"a list in a list", "[[full]]", nil, "book.yaml:2:40: study_view must be a view or a list of views, one a maze, not a list"},
	} {
		src := "sections:\n  - {count: 5, size: 5x5, study_view: " + tt.value + "}\n"
		if tt.value == "" {
			src = "sections:\n  - {count: 5, size: 5x5}\n"
		}
		b, err := Parse("book.yaml", []byte(src))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for k, want := range tt.want {
			if got := b.Sections[0].ViewOf(k); got != want {
				t.Errorf("%s: maze %d's view is %q, want %q", tt.name, k, got, want)
			}
		}
	}
}
