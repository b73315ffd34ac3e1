package maze

import "testing"

// TestSkip: passing over n numbers leaves the generator where drawing
// them would.
func TestSkip(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		drawn, skipped := NewRand(42), NewRand(42)
		for range n {
			drawn.Float64()
		}
		skipped.skip(n)
		if a, b := drawn.Uint64(), skipped.Uint64(); a != b {
			t.Errorf("skip(%d): next number %x, drawn %x", n, b, a)
		}
	}
}
