package plan

import (
	"testing"

	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// TestGrowthKeepsItsLevel checks that a long run of one level grows no
// further than growCells says: a maze whose target the maze before has
// already reached takes that maze's size, not a grid rounded up past it
// (twenty mazes for ages 4 to 6 went from 15 cells to 35, where no
// level-1 maze can be made).
func TestGrowthKeepsItsLevel(t *testing.T) {
	p := planOf(t, "title: Bee Mazes\nseed: 2026\npage: {size: 6x9in}\ntheme: bee\nsections:\n  - {title: One, ages: 4-6, count: 20}\n")
	most := 0
	for i, m := range p.Mazes {
		if i > 0 && m.Cells < p.Mazes[i-1].Cells {
			t.Errorf("maze %d has %d cells, fewer than the %d of the maze before", i+1, m.Cells, p.Mazes[i-1].Cells)
		}
		most = max(most, m.Cells)
	}
	// The last of the run grows half a level's step: about 22 cells of
	// level 1's 16 and level 2's 30; a grid rounded to the slot's
	// proportions may add a row.
	if limit := difficulty.LevelCells(maze.Rectangle, 2); most >= limit {
		t.Errorf("the run grew to %d cells, a level-2 maze's %d", most, limit)
	}
}
