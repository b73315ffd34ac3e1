package fonts_test

import (
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"mazebook/fonts"
	"mazebook/words"
)

// embeddable are the licences that let a sold book embed a subset of a
// face: a book in a face under any other is not mazebook's to ship.
var embeddable = []string{"OFL-1.1", "Apache-2.0", "BSD-3-Clause"}

// TestEveryFace checks each face mazebook ships: it loads as a font the
// PDF writer embeds, under a licence that lets a sold book embed it, with
// that licence's text beside its file, and a spec finds it by its name.
func TestEveryFace(t *testing.T) {
	for _, f := range fonts.Faces() {
		t.Run(f.Name, func(t *testing.T) {
			font, err := f.Font()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(embeddable, f.Licence) {
				t.Errorf("licence %q", f.Licence)
			}
			if f.Source == "" {
				t.Error("no source")
			}
			data, err := f.Data()
			if err != nil || len(data) == 0 || string(font.TTF()) != string(data) {
				t.Errorf("data: %d bytes, %v", len(data), err)
			}
			if f.File != "" {
				licence, err := os.ReadFile(path.Join(path.Dir(f.File), "LICENSE"))
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]string{"OFL-1.1": "SIL OPEN FONT LICENSE", "Apache-2.0": "Apache"}[f.Licence]
				if !strings.Contains(strings.ToUpper(string(licence)), strings.ToUpper(want)) {
					t.Errorf("%s/LICENSE does not hold the %s", path.Dir(f.File), f.Licence)
				}
			}
			for _, name := range []string{f.Name, strings.ToLower(f.Name), " " + strings.ReplaceAll(f.Name, " ", "  ") + " "} {
				if g, ok := fonts.Lookup(name); !ok || g != f {
					t.Errorf("Lookup(%q) = %v, %v", name, g.Name, ok)
				}
			}
		})
	}
	if _, ok := fonts.Lookup("Comic Sans"); ok {
		t.Error("found a face mazebook does not ship")
	}
}

// TestEveryLanguageHasItsFaces checks that every language whose script
// the Go fonts lack has a face of it, a regular one, holding the
// language's labels.
func TestEveryLanguageHasItsFaces(t *testing.T) {
	for _, code := range words.Codes() {
		l := words.For(code)
		set, ok := fonts.ForScript(l.Script)
		switch l.Script {
		case "Latn", "Grek", "Cyrl":
			if ok {
				t.Errorf("%s: the Go fonts set %s, yet it has faces %v", code, l.Script, set)
			}
			continue
		}
		if !ok || set.Text.Bold || set.Headings.Name != "" && !set.Headings.Bold {
			t.Fatalf("%s (%s): faces %+v, %v", code, l.Script, set, ok)
		}
		font, err := set.Text.Font()
		if err != nil {
			t.Fatal(err)
		}
		labels := l.Labels.Maze + l.Labels.Answers + l.Labels.Start + l.Labels.Finish + l.Labels.Page
		if miss := font.Missing(labels); len(miss) > 0 {
			t.Errorf("%s: %s lacks %q", code, set.Text.Name, string(miss))
		}
	}
}

// TestFacesAreFew checks that what the faces add to the binary stays
// within the 12 MB a download may grow by for them.
func TestFacesAreFew(t *testing.T) {
	total := 0
	for _, f := range fonts.Faces() {
		if f.File == "" {
			continue // the Go fonts, which the binary had before
		}
		data, err := f.Data()
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
	}
	if total > 12<<20 {
		t.Errorf("the faces take %.1f MB", float64(total)/(1<<20))
	}
}
