package layout

import (
	"math"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// markerRoom is the room a maze needs around it for its entrance and exit
// markers: Cells cells plus Abs points on every side.
type markerRoom struct {
	CellsX, CellsY float64
	AbsX, AbsY     float64
}

// labelSize is the size of the Start and Finish labels, in points.
const labelSize = 11

// room returns the room the style's markers need around a maze. It is the
// same whatever the maze, so that every maze of a section gets the same
// cell size.
func (st *Style) room(l Labels) markerRoom {
	switch st.Markers {
	case MarkSquares:
		return markerRoom{CellsX: 1, CellsY: 1}
	case MarkLabels:
		w := math.Max(typeface.Width(typeface.Bold, labelSize, l.Start), typeface.Width(typeface.Bold, labelSize, l.Finish))
		return markerRoom{CellsX: 0.5, CellsY: 0.5, AbsX: w + 4, AbsY: labelSize + 4}
	}
	return markerRoom{CellsX: 0.5, CellsY: 0.5}
}

// fitCell returns the largest cell size at which a w by h maze, with its
// marker room, fits in box.
func fitCell(box display.Box, w, h int, r markerRoom) float64 {
	cx := (box.W - 2*r.AbsX) / (float64(w) + 2*r.CellsX)
	cy := (box.H - 2*r.AbsY) / (float64(h) + 2*r.CellsY)
	return math.Min(cx, cy)
}

// fitSize returns the largest maze size, in cells, that fits in box at the
// given cell size.
func fitSize(box display.Box, cell float64, r markerRoom) (w, h int) {
	w = int(math.Floor((box.W-2*r.AbsX)/cell - 2*r.CellsX + 1e-9))
	h = int(math.Floor((box.H-2*r.AbsY)/cell - 2*r.CellsY + 1e-9))
	return w, h
}

// sizeForCells returns a maze size of about n cells whose shape matches the
// room left in box, at least 2x2.
func sizeForCells(box display.Box, n int, r markerRoom) (w, h int) {
	aspect := (box.W - 2*r.AbsX) / math.Max(box.H-2*r.AbsY, 1)
	w = int(math.Round(math.Sqrt(float64(n) * aspect)))
	w = max(w, 2)
	h = max(int(math.Round(float64(n)/float64(w))), 2)
	return w, h
}
