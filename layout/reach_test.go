package layout_test

import (
	"errors"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/spec"
)

// TestLevelsSaidBeforeBuilding checks that a level a shape cannot reach on
// its page at its age is said at the spec's line, with what would work,
// in the book's language, before the book's other mazes are made: ages
// 4-6 circles are two-ring walks (a three-ring circle is past level 1),
// and expert circles for ages 12-14 four to a 6x9 page are too small for
// their level.
func TestLevelsSaidBeforeBuilding(t *testing.T) {
	tests := []struct {
		name, lang, src string
		want            []string
	}{
		{"ages 4-6 circles", "en", "answers: false\nsections:\n  - {count: 12, ages: 4-6, shape: circle}\n",
			[]string{"test.yaml:3:35: ", "at level 1 every circle is a walk", "give a higher level (difficulty: 2), a larger size, or shape: rectangle"}},
		{"ages 4-6 circles, in Spanish", "es", "language: es\nanswers: false\nsections:\n  - {count: 12, ages: 4-6, shape: circle}\n",
			[]string{"test.yaml:4:35: ", "es un paseo", "shape: rectangle"}},
		{"expert circles four to a page", "en", "page: {size: 6x9in}\nanswers: false\nsections:\n  - {count: 12, ages: 12-14, shape: circle, per_page: 4}\n",
			[]string{"test.yaml:4:23: ", "a circle here can be no harder than level ", "a rectangle, or fewer mazes a page"}},
	}
	for _, tt := range tests {
		made := 0
		_, err := layout.Make(parse(t, tt.src), layout.Options{Progress: func(done, total int) { made = done }})
		if err == nil {
			t.Errorf("%s: built", tt.name)
			continue
		}
		var errs spec.Errors
		if !errors.As(err, &errs) || len(errs) != 1 {
			t.Errorf("%s: %v, want one spec error", tt.name, err)
			continue
		}
		msg := errs[0].In(tt.lang)
		for _, w := range tt.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %s\nwant %q", tt.name, msg, w)
			}
		}
		if made > 1 {
			t.Errorf("%s: %d mazes made before it was said, want 1 (the first of its level)", tt.name, made)
		}
	}
	// A rectangle of the same level and age is a puzzle, and builds.
	if _, err := layout.Make(parse(t, "answers: false\nsections:\n  - {count: 12, ages: 4-6}\n"), layout.Options{}); err != nil {
		t.Errorf("ages 4-6 rectangles: %v", err)
	}
}
