package format

import (
	"bytes"
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/maze"
)

func TestForFile(t *testing.T) {
	for _, tt := range []struct {
		name      string
		drawnOnly bool
		want      string
		err       string
	}{
		{"m.svg", false, ".svg", ""},
		{"M.PDF", true, ".pdf", ""},
		{"a/b/c.png", true, ".png", ""},
		{"m.txt", false, ".txt", ""},
		{"m.txt", true, "", "must be .svg, .pdf or .png"},
		{"m.gif", false, "", "must be .svg, .pdf, .png, .txt or .pbm"},
		{"noext", false, "", "noext: the extension"},
	} {
		f, err := ForFile(tt.name, tt.drawnOnly)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || f.Ext != tt.want {
			t.Errorf("%s: %v %v", tt.name, f.Ext, err)
		}
	}
}

// TestWriteEveryFormat writes one picture in every format and checks each
// file begins as its format does.
func TestWriteEveryFormat(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Size: maze.Size{W: 3, H: 2}, Algorithm: "backtracker", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	page := display.Page{Width: 100, Height: 80, Trim: display.Box{W: 100, H: 80}, Items: []display.Item{&display.Fill{Box: display.Box{X: 10, Y: 10, W: 20, H: 20}}}}
	pic := Picture{Page: page, Maze: m, Solution: m.Solution(), Title: "t", DPI: 72}
	for _, f := range Formats() {
		var b bytes.Buffer
		if err := f.Write(&b, pic); err != nil {
			t.Fatalf("%s: %v", f.Ext, err)
		}
		want := map[string]string{".svg": "<?xml", ".pdf": "%PDF-", ".png": "\x89PNG", ".txt": "#######\n", ".pbm": "P4\n7 5\n"}[f.Ext]
		if !bytes.HasPrefix(b.Bytes(), []byte(want)) {
			t.Errorf("%s begins %q", f.Ext, b.Bytes()[:min(8, b.Len())])
		}
		if f.Ext == ".txt" && !bytes.Contains(b.Bytes(), []byte(".")) {
			t.Error("the text form does not mark the solution")
		}
	}
	txt, _ := ForFile("x.txt", false)
	if err := txt.Write(&bytes.Buffer{}, Picture{Page: page}); err == nil {
		t.Error("the text form wrote a page without its maze")
	}
}
