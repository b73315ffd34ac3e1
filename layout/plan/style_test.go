package plan

import (
	"reflect"
	"testing"

	"mazebook/layout/spec"
)

// A storyboard draws its maze in the style its section's puzzles are
// drawn in, from the one constructor (Style): its colours, ink, marks,
// labels, font and large print's sizes, never a copy of its own, but
// not mirrored (its frames' labels read the grid left to right).
func TestStoryboardStyleIsTheSections(t *testing.T) {
	for _, src := range []string{
		"seed: 4\nsections:\n  - {kind: steps, size: 6x6, every: 4}\n",
		"seed: 4\nstyle: {large_print: true}\nsections:\n  - {kind: steps, size: 6x6, every: 4}\n",
		"seed: 4\nlanguage: ar\nsections:\n  - {kind: steps, size: 6x6, every: 4, style: {markers: labels}}\n",
		"seed: 4\nstyle: {color: grayscale}\nsections:\n  - {count: 1}\n  - {kind: steps, size: 6x6, every: 4, style: {markers: squares}}\n",
	} {
		sp, err := spec.Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Make(sp, Student)
		if err != nil {
			t.Fatal(err)
		}
		boards := 0
		for _, pp := range p.Pages {
			if pp.Board == nil {
				continue
			}
			boards++
			want := p.Style(pp.Section)
			want.Mirror = false
			if got := pp.Board.Layout.Style.Maze; !reflect.DeepEqual(got, want) {
				t.Errorf("%q: the storyboard draws its maze in\n%+v\nits section's puzzles in\n%+v", src, got, want)
			}
		}
		if boards == 0 {
			t.Errorf("%q: no storyboard", src)
		}
	}
}
