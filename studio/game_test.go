package studio

import (
	"encoding/json"
	"fmt"
	"testing"

	"mazebook/layout/plan"
	"mazebook/layout/theme"
)

// The game is told the story of a themed book's maze, and how it ends,
// in the book's language: what it says when the child reaches the goal.
// A book without a theme has neither.
func TestPlayableMazeEnding(t *testing.T) {
	kitten, err := theme.Lookup("kitten")
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t, Options{})
	for _, tc := range []struct {
		yaml, story, ending string
	}{
		{"theme: kitten\n" + smallSpec, kitten.StoryIn("en"), kitten.EndingIn("en")},
		{"language: fr\ntheme: kitten\n" + smallSpec, kitten.StoryIn("fr"), kitten.EndingIn("fr")},
		{smallSpec, "", ""},
	} {
		r := checkSpec(t, s, tc.yaml)
		if len(r.Errors) > 0 {
			t.Fatalf("%v", r.Errors)
		}
		for n := 1; n <= r.Mazes; n++ {
			w := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/%s/%d", token, r.Key, n), nil)
			var pm map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &pm); err != nil {
				t.Fatal(err)
			}
			story, _ := pm["story"].(string)
			ending, _ := pm["ending"].(string)
			if story != tc.story || ending != tc.ending {
				t.Errorf("%.30q maze %d: story %q, ending %q; want %q, %q", tc.yaml, n, story, ending, tc.story, tc.ending)
			}
		}
	}
	// A random theme: each maze ends as its own pair's story does.
	r := checkSpec(t, s, "theme: random\n"+smallSpec)
	for n := 1; n <= r.Mazes; n++ {
		w := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/%s/%d", token, r.Key, n), nil)
		var pm map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &pm); err != nil {
			t.Fatal(err)
		}
		ending, _ := pm["ending"].(string)
		e, _ := s.cache.entry(r.Key, plan.Student)
		pair, ok := e.book.Plan.Pair(n - 1)
		if !ok || ending != pair.EndingIn("en") || ending == "" {
			t.Errorf("random theme, maze %d: ending %q, want %s's %q", n, ending, pair.Name, pair.EndingIn("en"))
		}
	}
}
