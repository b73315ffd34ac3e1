package plan

import (
	"testing"

	"mazebook/maze"
)

// Each kind of grid costs what its row in the shapes' registry says, and
// the costs are those measured (see maze.MemoryCost): a kind no shape
// has costs as a rectangle does.
func TestCostsFromTheShapes(t *testing.T) {
	for _, c := range []struct {
		kind           string
		drawing, drawn float64
	}{
		{maze.Rectangle, 170, 74},
		{"triangle", 110, 50},
		{"hexagon", 460, 190},
		{"circle", 350, 330},
		{maze.KindWeave, 680, 320},
		{CostKind("", 0), 170, 74},
		{CostKind("hexagon", 0.3), 680, 320},
		{"no such shape", 170, 74},
	} {
		if got := DrawingBytes(c.kind, 1000); got != 1000*c.drawing {
			t.Errorf("%s: DrawingBytes of 1000 cells %v, want %v", c.kind, got, 1000*c.drawing)
		}
		if got := BytesPerDrawnCell(c.kind); got != c.drawn {
			t.Errorf("%s: BytesPerDrawnCell %v, want %v", c.kind, got, c.drawn)
		}
	}
	for _, s := range maze.Shapes() {
		if s.Memory.Drawing <= 0 || s.Memory.Drawn <= 0 {
			t.Errorf("shape %s has no memory cost: %+v", s.Name, s.Memory)
		}
		if MaxDrawingCells(s.Name) != int(MaxBookBytes/s.Memory.Drawing) {
			t.Errorf("shape %s: MaxDrawingCells %d", s.Name, MaxDrawingCells(s.Name))
		}
	}
}
