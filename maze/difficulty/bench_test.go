package difficulty

import (
	"fmt"
	"testing"

	"mazebook/maze"
)

// BenchmarkRate measures the difficulty score: Rate (the metrics and
// the person settings' expected steps) on perfect mazes, where the steps
// are summed exactly, and on braided ones, where they are simulated; and
// the exact sum alone.
//
//	go test -run '^$' -bench Rate ./maze/difficulty
func BenchmarkRate(b *testing.B) {
	for _, r := range []maze.Recipe{
		{Algorithm: "backtracker", Size: maze.Size{W: 200, H: 200}},
		{Algorithm: "kruskal", Size: maze.Size{W: 200, H: 200}},
		{Algorithm: "backtracker", Size: maze.Size{W: 1000, H: 1000}},
		{Algorithm: "kruskal", Size: maze.Size{W: 20, H: 20}, Braid: 0.3},
		{Algorithm: "kruskal", Size: maze.Size{W: 60, H: 60}, Braid: 0.3},
	} {
		m, err := maze.Make(r)
		if err != nil {
			b.Fatal(err)
		}
		paths := m.SolutionParts()
		name := fmt.Sprintf("%s/%dx%d/braid%g", r.Algorithm, r.Size.W, r.Size.H, r.Braid)
		b.Run("rate/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Rate(m, paths)
			}
		})
		if r.Braid == 0 {
			b.Run("exact/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Expect(People(), m, maze.Part{Entrance: m.Entrance, Exit: m.Exit}, paths[0], RateSeed)
				}
			})
		}
	}
}
