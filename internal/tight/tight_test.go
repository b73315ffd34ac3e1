package tight

import (
	"fmt"
	"testing"
)

// Both makers make perfect mazes: every cell reached, by exactly
// cells - 1 passages, and the way found.
func TestPerfect(t *testing.T) {
	for name, make := range map[string]func(w, h int, seed uint64) *Maze{"backtracker": Backtracker, "kruskal": Kruskal} {
		for _, sz := range [][2]int{{1, 1}, {1, 7}, {9, 1}, {20, 13}} {
			m := make(sz[0], sz[1], 3)
			passages := 0
			for c := range sz[0] * sz[1] {
				for d := 1; d <= 2; d++ {
					if m.Open(c, d) {
						passages++
					}
				}
			}
			if passages != sz[0]*sz[1]-1 {
				t.Errorf("%s %v: %d passages", name, sz, passages)
			}
			if Solve(m) == 0 {
				t.Errorf("%s %v: no way through", name, sz)
			}
		}
	}
}

func BenchmarkTight(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		for name, make := range map[string]func(w, h int, seed uint64) *Maze{"backtracker": Backtracker, "kruskal": Kruskal} {
			b.Run(fmt.Sprintf("%s/%dx%d", name, n, n), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					Solve(make(n, n, uint64(i)))
				}
			})
		}
	}
}
