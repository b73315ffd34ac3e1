package animate

import (
	"testing"

	"mazebook/maze"
)

// A film labels a frontier's cells as its generator's row in the
// registry says: Prim's alone, of the generators registered today.
func TestFrontierFromTheRegistry(t *testing.T) {
	for _, a := range maze.Algorithms() {
		f := &Film{Algorithm: a.Name}
		if got, want := f.frontier(), a.Name == "prim"; got != want {
			t.Errorf("%s: frontier %v, want %v", a.Name, got, want)
		}
	}
	if (&Film{Algorithm: "no such generator"}).frontier() {
		t.Error("an unknown generator has a frontier")
	}
}
