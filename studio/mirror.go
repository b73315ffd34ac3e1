package studio

import "math"

// mirror turns a maze for the game left for right, as a book written
// right to left prints it (see draw.Style.Mirror: its mazes enter at
// the right, as its readers start): every point's x becomes the maze's
// width less it, and every heading its mirror image (east is west). The
// cells and their sides keep their numbers, so the moves the game
// reports are the printed maze's own.
func (pm *playMaze) mirror() {
	flip := func(p *[2]float64) { p[0] = round3(pm.Width - p[0]) }
	for c := range pm.Cells {
		cell := &pm.Cells[c]
		flip(&cell.Center)
		for s := range cell.Sides {
			side := &cell.Sides[s]
			for i := range side.Points {
				flip(&side.Points[i])
			}
			h := math.Pi - side.Heading
			if h > math.Pi {
				h -= 2 * math.Pi
			}
			side.Heading = round3(h)
		}
	}
}
