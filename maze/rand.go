package maze

import "math/bits"

// Rand is a small, fully specified pseudo-random number generator
// (SplitMix64). Mazes depend only on the sequence it produces, so the same
// seed gives the same maze on every machine and with every Go release: the
// generator, the bounded sampling and the shuffle are all written out here
// and never delegated to a library.
//
// The zero value is a valid generator seeded with 0.
type Rand struct {
	state uint64
}

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand {
	return &Rand{state: seed}
}

// Uint64 returns the next 64 pseudo-random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	return mix64(r.state)
}

// Skip passes over the next n numbers, as drawing them and throwing
// them away would, without working them out.
func (r *Rand) Skip(n int) { r.state += uint64(n) * 0x9e3779b97f4a7c15 }

// mix64 is the SplitMix64 output function, a strong 64-bit bit mixer.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniformly distributed integer in [0, n). It panics if
// n <= 0, which is always a programming error. It uses Lemire's
// multiply-and-reject method, so there is no modulo bias.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("maze: IntN called with n <= 0")
	}
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniformly distributed number in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}

// Shuffle pseudo-randomly permutes n elements with a Fisher-Yates shuffle,
// calling swap to exchange elements i and j.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// DeriveSeed combines a seed with a list of labels into a new seed, so that
// each part of a book (a section, a maze in it) gets its own stream of random
// numbers that does not change when other parts are added or removed. The
// labels are hashed with FNV-1a and mixed with SplitMix64.
func DeriveSeed(seed uint64, labels ...string) uint64 {
	h := mix64(seed + 0x9e3779b97f4a7c15)
	for _, label := range labels {
		const prime = 1099511628211
		f := uint64(14695981039346656037)
		for i := 0; i < len(label); i++ {
			f ^= uint64(label[i])
			f *= prime
		}
		// Fold the length in so that ("ab","c") and ("a","bc") differ.
		f ^= uint64(len(label))
		f *= prime
		h = mix64(h ^ f)
	}
	return h
}
