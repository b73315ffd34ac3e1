package draw

import (
	"math"

	"mazebook/layout/display"
)

// starCount is how many stars show a level: half a star per level.
const starCount = 5

// StarsWidth is the width of a row of stars of the given size.
func StarsWidth(size float64) float64 { return float64(starCount * size * 1.15) }

// starLine is the weight of a star's outline: 0.75pt, the thinnest line
// that prints reliably.
const starLine = 0.75

// Stars draws a difficulty level as a row of five stars of the given size
// (their height, in points) ending at x, sitting on the baseline y: a full
// star for every two levels and half a star for an odd one, the rest
// outlined, so that level 7 shows three and a half stars.
func Stars(x, y, size float64, level int) []display.Item {
	level = min(max(level, 0), 2*starCount)
	pitch := float64(size * 1.15)
	r := size / 2
	filled := &display.Shape{Color: display.Black}
	outline := &display.Line{Width: starLine, Color: display.Black, Join: display.RoundJoin, Cap: display.RoundCap}
	for i := range starCount {
		cx := x - StarsWidth(size) + float64(pitch*(float64(i)+0.5))
		pts := star(cx, y-r, r)
		switch {
		case level >= 2*(i+1):
			filled.Polygons = append(filled.Polygons, pts)
		case level == 2*i+1:
			// The left half: from the bottom inner point round the
			// left side to the top point, and down the middle.
			filled.Polygons = append(filled.Polygons, append(pts[5:10:10], pts[0]))
		}
		outline.Paths = append(outline.Paths, display.Polyline(append(pts, pts[0])...))
	}
	items := []display.Item{outline}
	if len(filled.Polygons) > 0 {
		items = append(items, filled)
	}
	return items
}

// WholeStars returns the level Stars draws for a young child's maze:
// level rounded up to whole stars (level 3, one and a half stars, shows
// two), since half a star means nothing to a child of four.
func WholeStars(level int) int { return (max(level, 0) + 1) / 2 * 2 }

// star returns the ten points of a five-pointed star of outer radius r
// centred on (cx, cy), from its top point clockwise; point 5 is the inner
// point straight below the centre.
func star(cx, cy, r float64) []display.Point {
	pts := make([]display.Point, 10)
	for k := range pts {
		rad := r
		if k%2 == 1 {
			rad = float64(r * 0.42)
		}
		a := -math.Pi/2 + float64(k)*math.Pi/5
		pts[k] = display.Point{X: cx + float64(rad*math.Cos(a)), Y: cy + float64(rad*math.Sin(a))}
	}
	return pts
}

// MirroredStars draws a difficulty level as Stars does, but starting at x
// and read from right to left, as a book written right to left reads:
// the full stars at the right, half a star's right half.
func MirroredStars(x, y, size float64, level int) []display.Item {
	w := StarsWidth(size)
	items := Stars(x+w, y, size, level)
	display.Mirror(items, x+w/2)
	return items
}
