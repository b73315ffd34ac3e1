package spec_test

import (
	"path/filepath"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/templates"
)

// TestPrintedFacesAreTheLayouts holds the spec's list of which face each
// text is printed in (glyphs.go, which refuses a text its face lacks
// characters of) to the layout's choice: every example book, and the
// default, is built, and every text the spec lists that the book prints
// as a line of its own is printed in the face the spec checked it in.
// A text the layout moved to the other face (a storyboard's title once
// printed in Go Bold whatever the spec named) fails here.
func TestPrintedFacesAreTheLayouts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	files = append(files, "default")
	checked := 0
	for _, file := range files {
		var s *spec.Book
		if file == "default" {
			s, err = spec.Parse("default.yaml", templates.Default())
		} else {
			s, err = spec.Read(file)
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := layout.Build(s, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		texts, faces := spec.PrintedFaces(s)
		face := map[string]*typeface.Font{}
		for i, tx := range texts {
			if f, ok := face[tx]; ok && f != faces[i] {
				delete(face, tx) // the same words in both faces: either will do
				continue
			}
			face[tx] = faces[i]
		}
		for n, page := range b.Pages {
			for _, it := range page.Items {
				tx, ok := it.(*display.Text)
				if !ok {
					continue
				}
				want, ok := face[tx.Text]
				if !ok {
					continue
				}
				checked++
				if tx.Font != want {
					t.Errorf("%s page %d: %q is printed in %s, but the spec checks it in %s", filepath.Base(file), n+1, tx.Text, tx.Font.Name(), want.Name())
				}
			}
		}
	}
	t.Logf("%d texts checked", checked)
	if checked < 100 {
		t.Errorf("only %d texts checked across the examples", checked)
	}
}
