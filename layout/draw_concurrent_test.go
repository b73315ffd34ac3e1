package layout_test

import (
	"bytes"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
)

// Drawing a page writes nothing into the book: the pages of a made book
// drawn at once, on as many goroutines as pages and each twice, are the
// pages Build draws one after another, byte for byte, and say where their
// mazes and scenes were placed as Build records them. (Run with -race,
// as CI does not, to see no page's drawing touch another's.)
func TestPagesDrawnAtOnce(t *testing.T) {
	for _, name := range []string{"story-book.yaml", "kdp-6x9.yaml", "name-worksheet.yaml", "mouse-and-cheese.yaml"} {
		t.Run(name, func(t *testing.T) {
			s, err := spec.Read(filepath.Join("..", "examples", name))
			if err != nil {
				t.Fatal(err)
			}
			built, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			made, err := layout.Make(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			n := len(made.Plan.Pages)
			drawn := make([][2]layout.Drawn, n)
			errs := make([]error, 2*n)
			var wg sync.WaitGroup
			for i := range 2 * n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					drawn[i%n][i/n], errs[i] = made.Draw(i % n)
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Fatalf("page %d: %v", i%n+1, err)
				}
			}
			if made.Placed != nil || made.Scenery != nil {
				t.Error("drawing pages wrote placements into the book")
			}
			for i := range n {
				want := svgOf(t, built.Pages[i])
				for _, d := range drawn[i] {
					if got := svgOf(t, d.Page); !bytes.Equal(got, want) {
						t.Fatalf("page %d drawn at once differs from the page Build drew", i+1)
					}
					if !reflect.DeepEqual(d.Scenery, built.Scenery[i]) {
						t.Errorf("page %d: its scene's boxes differ", i+1)
					}
					for mi, at := range d.Placed {
						placed := built.Placed[mi]
						if built.Plan.Pages[i].Kind == plan.AnswerPage {
							placed = built.AnswerPlaced[mi]
						}
						if !reflect.DeepEqual(at, placed) {
							t.Errorf("page %d: maze %d placed at %+v, Build says %+v", i+1, mi+1, at, placed)
						}
					}
				}
			}
		})
	}
}

func svgOf(t *testing.T, p display.Page) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := svg.Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
