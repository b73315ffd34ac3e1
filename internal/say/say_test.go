package say

import (
	"errors"
	"testing"
)

// A message says itself in English: its arguments, messages among them,
// in their English words.
func TestEnglish(t *testing.T) {
	inner := Errorf("wall must be thin, medium, thick or a length such as 2pt or 0.8mm, not %q", "x")
	outer := Errorf("maze %d: %w", 2, inner)
	if got, want := outer.Error(), `maze 2: wall must be thin, medium, thick or a length such as 2pt or 0.8mm, not "x"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !errors.Is(outer, inner) {
		t.Error("Errorf does not wrap with %w")
	}
	msg := T("the book has %v; the most is %d (%v)", Plural(4, "%d maze", "%d mazes"), 10000, T("level %d, %s", 3, T("easy")))
	if got, want := msg.String(), "the book has 4 mazes; the most is 10000 (level 3, easy)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for n, want := range map[int]string{0: "0 mazes", 1: "1 maze", -1: "-1 maze", 2: "2 mazes", 21: "21 mazes"} {
		if got := Plural(n, "%d maze", "%d mazes").String(); got != want {
			t.Errorf("%d: got %q, want %q", n, got, want)
		}
	}
	if got, want := Plural(1, "one page", "%d pages").String(), "one page"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if m := T("a %s of %d", "list", 3); m.Format() != "a %s of %d" || len(m.Args()) != 2 || m.IsPlural() {
		t.Errorf("T's parts: %q %v %v", m.Format(), m.Args(), m.IsPlural())
	}
}
