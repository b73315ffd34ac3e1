package templates

import (
	"strings"
	"testing"
)

// TestWithSeed sets a starter's seed line: the number replaced, its
// comment kept in its column, the rest of the spec as it was.
func TestWithSeed(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"title: A\nseed: 2026                   # same seed, same book\nsections: []\n", "title: A\nseed: 123456                 # same seed, same book\nsections: []\n"},
		{"seed: 7\n", "seed: 123456\n"},
		{"seed: 7 # c\n", "seed: 123456 # c\n"},
		{"title: no seed\n", "title: no seed\n"},
		{"  seed: 7\n", "  seed: 7\n"}, // a section's key, not the book's
	} {
		if got := string(WithSeed([]byte(c.in), 123456)); got != c.want {
			t.Errorf("WithSeed(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, name := range StarterNames() {
		data, _, err := Starter(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(WithSeed(data, 987654)); !strings.Contains(got, "\nseed: 987654") || len(strings.Split(got, "\n")) != len(strings.Split(string(data), "\n")) {
			t.Errorf("the %s starter's seed was not set", name)
		}
	}
}
