package kdp

import (
	"fmt"
	"testing"

	"mazebook/layout"
	"mazebook/layout/spec"
)

// TestPresetPassesAtEveryCount builds, under the kdp preset and its own
// default layout, a rising section of every count from 1 to 120 mazes at
// 1, 2 and 4 a page that leaves its last page short (and every tenth
// count that does not), and checks every page against the kdp rules (see
// checkBook). A section whose count leaves its last page short once had
// that page's lone maze, grown for it, ordered by score into a slot of
// two, and a maze of two into the lone slot: both ran within 0.25 to
// 0.38 in of the trim (75 mazes at 2 a page, pages 35 to 40).
func TestPresetPassesAtEveryCount(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 7
	}
	for _, per := range []int{1, 2, 4} {
		for count := 1; count <= 120; count += step {
			if count%per == 0 && count%10 != 0 {
				// A count that fills its last page lays it out as the
				// others: every tenth of them is built.
				continue
			}
			name := fmt.Sprintf("%d-mazes/%d-per-page", count, per)
			src := fmt.Sprintf(`title: Counts
seed: %d
preset: kdp
page: {size: 6x9in, bleed: true}
style: {color: black}
sections:
  - {title: Mazes, count: %d, per_page: %d, difficulty: "1..3"}
`, count, count, per)
			s, err := spec.Parse("counts.yaml", []byte(src))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := layout.Make(s, layout.Options{})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			checkBook(t, name, b)
		}
	}
}
