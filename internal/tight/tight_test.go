package tight

import (
	"fmt"
	"testing"
)

// makers are the yardstick's two generators.
var makers = map[string]func(w, h int, seed uint64) *Maze{"backtracker": Backtracker, "kruskal": Kruskal}

// Both makers make perfect mazes: cells - 1 passages, every cell reached
// from the first (so a spanning tree), and Solve finds the way a plain
// search finds.
func TestPerfect(t *testing.T) {
	for name, make := range makers {
		for _, sz := range [][2]int{{1, 1}, {1, 7}, {9, 1}, {2, 2}, {20, 13}, {64, 3}, {65, 65}} {
			for seed := range uint64(4) {
				w, h := sz[0], sz[1]
				m := make(w, h, seed)
				passages := 0
				for c := range w * h {
					for d := 1; d <= 2; d++ {
						if m.Open(c, d) {
							passages++
						}
					}
				}
				if passages != w*h-1 {
					t.Errorf("%s %v seed %d: %d passages", name, sz, seed, passages)
				}
				dist := distances(m)
				for c, d := range dist {
					if d == 0 {
						t.Fatalf("%s %v seed %d: cell %d not reached", name, sz, seed, c)
					}
				}
				if got := Solve(m); got != dist[w*h-1] {
					t.Errorf("%s %v seed %d: Solve says %d cells, a plain search %d", name, sz, seed, got, dist[w*h-1])
				}
			}
		}
	}
}

// distances returns each cell's distance in cells from the first (1 for
// the first itself, 0 for a cell not reached), by a plain breadth-first
// search through Open.
func distances(m *Maze) []int {
	dist := make([]int, m.W*m.H)
	dist[0] = 1
	queue := []int{0}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for d := range 4 {
			if !m.Open(c, d) {
				continue
			}
			nb := c + [4]int{-m.W, 1, m.W, -1}[d]
			if dist[nb] == 0 {
				dist[nb] = dist[c] + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

// A border wall is never open: Solve relies on it.
func TestClosedBorder(t *testing.T) {
	for name, make := range makers {
		w, h := 17, 11
		m := make(w, h, 9)
		for c := range w * h {
			if c%w == w-1 && m.bits(c)&east != 0 || c >= w*(h-1) && m.bits(c)&south != 0 {
				t.Errorf("%s: cell %d opens a border wall", name, c)
			}
		}
	}
}

// below stays below its bound and reaches every value.
func TestBelow(t *testing.T) {
	r := rng{5}
	for _, n := range []uint32{1, 2, 3, 4, 7, 1000} {
		seen := map[uint32]bool{}
		for range 2000 {
			v := r.below(n)
			if v >= n {
				t.Fatalf("below(%d) = %d", n, v)
			}
			seen[v] = true
		}
		if n <= 7 && len(seen) != int(n) {
			t.Errorf("below(%d) gave %d values in 2000 draws", n, len(seen))
		}
	}
}

func BenchmarkTight(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		for _, name := range []string{"backtracker", "kruskal"} {
			make := makers[name]
			b.Run(fmt.Sprintf("%s/%dx%d", name, n, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					Solve(make(n, n, uint64(i)))
				}
			})
		}
	}
}
