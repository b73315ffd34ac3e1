package difficulty

import "math/bits"

// rank numbers the cells of a set in order, 0 for the first: a bit a
// cell and a count every 64 cells, so that what is kept for the cells of
// a small set takes memory for those cells only.
type rank struct {
	set    bitset
	before []uint32 // the members before each word of set
}

// newRank numbers the members of set.
func newRank(set bitset) rank {
	before := make([]uint32, len(set))
	n := uint32(0)
	for i, w := range set {
		before[i] = n
		n += uint32(bits.OnesCount64(w))
	}
	return rank{set: set, before: before}
}

// size returns the number of members.
func (r rank) size() int {
	if len(r.set) == 0 {
		return 0
	}
	last := len(r.set) - 1
	return int(r.before[last]) + bits.OnesCount64(r.set[last])
}

// index returns the number of member c, which must be in the set.
func (r rank) index(c int) int {
	w := c >> 6
	return int(r.before[w]) + bits.OnesCount64(r.set[w]&(1<<uint(c&63)-1))
}
