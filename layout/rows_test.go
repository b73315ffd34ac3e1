package layout_test

import (
	"math"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
)

// TestRowCaptionsShareABaseline checks the puzzle pages of several mazes
// a row whose mazes differ in size (a section whose mazes grow through
// its levels or its run, two or four a page, portrait and landscape, and
// the difficulty ladder, whose runs of one level grow): the captions of
// one row stand on one baseline, as a book sets them, and the mazes of
// the row hang from it, the tops of their grids level. On main each
// caption stood just above its own maze, the two centred in the slot
// together, so that a shorter maze's caption stood lower than a taller
// one's (difficulty-ladder's page 6, 14 points apart; 30 points on a
// landscape page of two).
func TestRowCaptionsShareABaseline(t *testing.T) {
	books := map[string]*layout.Book{
		"difficulty-ladder.yaml": readFinishBook(t, "difficulty-ladder.yaml"),
	}
	for name, src := range map[string]string{
		"landscape two":  "page: {size: letter, orientation: landscape}\nsections:\n  - {count: 6, difficulty: 2..6, per_page: 2}\n",
		"landscape four": "page: {size: letter, orientation: landscape}\nsections:\n  - {count: 8, difficulty: 2..6, per_page: 4}\n",
		"a4 four":        "page: {size: a4}\nstyle: {markers: labels}\nsections:\n  - {count: 4, difficulty: 1..4, per_page: 4}\n",
		"6x9 labels":     "page: {size: 6x9in, orientation: landscape}\nstyle: {markers: labels}\nsections:\n  - {count: 4, difficulty: 2..5, per_page: 2}\n",
	} {
		books[name] = bookOf(t, src)
	}
	for name, b := range books {
		rows := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) < 2 || pp.Beside != nil {
				continue
			}
			// The slots of a row stand at one height.
			byRow := map[float64][]int{}
			for k, sl := range pp.Slots[:len(pp.Mazes)] {
				y := math.Round(sl.Y)
				byRow[y] = append(byRow[y], k)
			}
			for _, row := range byRow {
				if len(row) < 2 {
					continue
				}
				first := pp.Mazes[row[0]]
				differ := false
				for _, k := range row[1:] {
					mi := pp.Mazes[k]
					differ = differ || math.Abs(b.Plan.Mazes[mi].GridH*b.Placed[mi].Cell-b.Plan.Mazes[first].GridH*b.Placed[first].Cell) > 1
				}
				if !differ {
					continue
				}
				rows++
				base := captionBaseline(t, b, pp, first)
				top := b.Placed[first].Origin.Y
				for _, k := range row[1:] {
					mi := pp.Mazes[k]
					if y := captionBaseline(t, b, pp, mi); math.Abs(y-base) > 0.05 {
						t.Errorf("%s page %d: maze %d's caption stands %.2fpt from maze %d's, on the same row", name, pp.Number, mi+1, y-base, first+1)
					}
					if y := b.Placed[mi].Origin.Y; math.Abs(y-top) > 0.05 {
						t.Errorf("%s page %d: maze %d's top stands %.2fpt from maze %d's, on the same row", name, pp.Number, mi+1, y-top, first+1)
					}
				}
			}
		}
		if rows == 0 {
			t.Errorf("%s: no row of mazes of different sizes", name)
		}
	}
}

// captionBaseline returns the baseline of the first line of the caption
// of maze mi on page pp of book b: the text on the page that stands
// highest inside its caption's box.
func captionBaseline(t *testing.T, b *layout.Book, pp plan.Page, mi int) float64 {
	t.Helper()
	box := b.Placed[mi].Caption
	y := math.Inf(1)
	for _, it := range b.Pages[pp.Number-1].Items {
		if tx, ok := it.(*display.Text); ok && insideBox(display.InkBounds(tx), box) {
			y = math.Min(y, tx.Y)
		}
	}
	if math.IsInf(y, 1) {
		t.Fatalf("page %d: maze %d has no caption", pp.Number, mi+1)
	}
	return y
}
