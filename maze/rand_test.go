package maze

import (
	"slices"
	"testing"
)

// TestSkip: passing over n numbers leaves the generator where drawing
// them would.
func TestSkip(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		drawn, skipped := NewRand(42), NewRand(42)
		for range n {
			drawn.Float64()
		}
		skipped.Skip(n)
		if a, b := drawn.Uint64(), skipped.Uint64(); a != b {
			t.Errorf("Skip(%d): next number %x, drawn %x", n, b, a)
		}
	}
}

// shuffleWalls, which draws its places a block ahead of its swaps,
// permutes as Rand.Shuffle does and leaves the generator where Shuffle
// leaves it, at lengths up to and past a block.
func TestShuffleWallsAsShuffle(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 17, 1000, 1024, 1025, 1026, 2049, 5000} {
		for seed := range uint64(3) {
			got, want := make([]uint32, n), make([]uint32, n)
			for i := range got {
				got[i], want[i] = uint32(i), uint32(i)
			}
			r1, r2 := NewRand(seed), NewRand(seed)
			shuffleWalls(got, r1)
			r2.Shuffle(n, func(i, j int) { want[i], want[j] = want[j], want[i] })
			if !slices.Equal(got, want) || *r1 != *r2 {
				t.Errorf("%d walls, seed %d: not Shuffle's permutation", n, seed)
			}
		}
	}
}
