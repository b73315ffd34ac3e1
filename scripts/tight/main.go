// Command tight makes one rectangular maze and finds its way through,
// with the yardstick program of internal/tight: the comparison the speed
// table's first rows are measured against (see scripts/speed.sh).
//
//	go run ./scripts/tight -size 4000x4000 -algorithm kruskal
package main

import (
	"flag"
	"fmt"
	"os"

	"mazebook/internal/tight"
)

func main() {
	size := flag.String("size", "4000x4000", "the maze's `W`x`H` cells")
	algorithm := flag.String("algorithm", "backtracker", "backtracker or kruskal")
	seed := flag.Uint64("seed", 1, "the seed")
	flag.Parse()
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 1 || h < 1 || w*h > 100_000_000 {
		fmt.Fprintf(os.Stderr, "tight: -size %q is not WxH of at most 100,000,000 cells\n", *size)
		os.Exit(2)
	}
	var m *tight.Maze
	switch *algorithm {
	case "backtracker":
		m = tight.Backtracker(w, h, *seed)
	case "kruskal":
		m = tight.Kruskal(w, h, *seed)
	default:
		fmt.Fprintf(os.Stderr, "tight: -algorithm %q is not backtracker or kruskal\n", *algorithm)
		os.Exit(2)
	}
	fmt.Printf("%dx%d %s: the way through is %d cells\n", w, h, *algorithm, tight.Solve(m))
}
