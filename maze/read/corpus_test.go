package read_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/maze/read"
)

// TestTextCorpus reads every maze of testdata/text, in the styles of
// other tools, solves it, and compares it with its .want: mazebook's own
// matrix of the same maze with the path marked (for the fixtures made
// from a mazebook maze by an independent converter, the matrix mazebook
// wrote; for the hand-drawn ones, checked by eye).
func TestTextCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/text/*.txt")
	if len(files) < 8 {
		t.Fatalf("the corpus has %d mazes", len(files))
	}
	kinds := map[read.Kind]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".txt") + ".want")
		if err != nil {
			t.Fatal(err)
		}
		r, err := read.Read(data, read.Options{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		path, err := r.Solve("bfs")
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		got, _ := r.Maze.Text(path)
		if !bytes.Equal(got, want) {
			t.Errorf("%s (%s): read\n%s\nwant\n%s", f, r, got, want)
			continue
		}
		kinds[r.Kind]++
	}
	for _, k := range []read.Kind{read.Matrix, read.Doubled, read.Box} {
		if kinds[k] < 2 {
			t.Errorf("%d fixtures of %s read back", kinds[k], k)
		}
	}
	t.Logf("text corpus: %v read back exactly of %d", kinds, len(files))
}

// TestTextErrors reads mazes that cannot be read or solved: each error
// says why.
func TestTextErrors(t *testing.T) {
	for _, tt := range []struct {
		file string
		is   error
		msg  string
	}{
		{"closed.txt", read.ErrNoOpenings, "the outer wall has no gap"},
		{"one-opening.txt", read.ErrNoOpenings, "only one opening"},
		{"not-a-grid.txt", read.ErrNotGrid, "2H+1 lines of 2W+1 characters"},
		{"prose.txt", read.ErrNoMaze, `line 1, column 1: 'D' is neither a wall nor a passage`},
		{"empty.txt", read.ErrNoMaze, "the text is empty"},
		{"gif.txt", read.ErrNoMaze, "neither UTF-8 text nor a PNG or JPEG picture"},
		{"unsolvable-matrix.txt", read.ErrNoWay, "the exit cannot be reached from the entrance"},
		{"unsolvable-box.txt", read.ErrNoWay, "the exit cannot be reached from the entrance"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata/bad", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		r, err := read.Read(data, read.Options{})
		if err == nil {
			_, err = r.Solve("tremaux")
		}
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want %q", tt.file, err, tt.msg)
		}
	}
	big := bytes.Repeat([]byte("#"), read.MaxTextBytes+1)
	if _, err := read.Text(big, read.Options{}); !errors.Is(err, read.ErrTooLarge) {
		t.Errorf("a text too large: %v", err)
	}
}

// TestManyOpenings reads a maze with four openings: the two farthest
// apart through the maze are taken, and the report says so.
func TestManyOpenings(t *testing.T) {
	text := "" +
		"# #######\n" +
		"#     # #\n" +
		"# ### # #\n" +
		"  #   #  \n" +
		"# # ### #\n" +
		"#       #\n" +
		"####### #\n"
	r, err := read.Text([]byte(text), read.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Openings != 4 || !strings.Contains(r.String(), "the two of 4 openings farthest apart") {
		t.Errorf("%s", r)
	}
	// The door cells: north of (0,0), west of (0,1), east of (3,1), south
	// of (3,2).
	doors := []int{0, 4, 7, 11}
	longest := int32(0)
	for _, a := range doors {
		for _, b := range doors {
			longest = max(longest, r.Maze.Distances(a)[b])
		}
	}
	if got := r.Maze.Distances(r.Maze.Entrance.Cell)[r.Maze.Exit.Cell]; got != longest || r.Maze.Entrance.IsInside() || r.Maze.Exit.IsInside() {
		t.Errorf("doors %v and %v are %d apart; the farthest pair is %d apart", r.Maze.Entrance, r.Maze.Exit, got, longest)
	}
}

// FuzzText feeds the text reader anything: it returns a maze or an
// error, never panics, and a maze it returns is one it reads again the
// same from its own text.
func FuzzText(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.txt")
	for _, name := range files {
		data, _ := os.ReadFile(name)
		f.Add(data, "", "")
	}
	f.Add([]byte("+-+\n| |\n+ +\n"), "", "")
	f.Add([]byte("111\n0 0\n111"), "1", "0")
	f.Add([]byte("┼┼┼\n│S│\n"), "", "")
	f.Fuzz(func(t *testing.T, data []byte, wall, passage string) {
		var opt read.Options
		if r := []rune(wall); len(r) == 1 {
			opt.Wall = r[0]
		}
		if r := []rune(passage); len(r) == 1 {
			opt.Passage = r[0]
		}
		if len(data) > 1<<16 {
			return
		}
		r, err := read.Text(data, opt)
		if err != nil {
			return
		}
		if r.Maze == nil {
			t.Fatal("a result without a maze")
		}
		if path, err := r.Solve("bfs"); err == nil && len(path) == 0 {
			t.Fatal("an empty path")
		}
		if r.Maze.Entrance.IsInside() || r.Maze.Exit.IsInside() {
			return // the matrix shows no mark inside a cell
		}
		text, err := r.Maze.Text(nil)
		if err != nil {
			t.Fatal(err)
		}
		again, err := read.Text(text, read.Options{})
		if err != nil {
			t.Fatalf("its own text: %v\n%s", err, text)
		}
		if d := diff(r.Maze, again.Maze, false); d != "" {
			t.Fatalf("its own text reads back differently: %s", d)
		}
	})
}

// BenchmarkReadText reads a 1000x1000 maze's text matrix (4 MB).
func BenchmarkReadText(b *testing.B) {
	m := makeMaze(b, "wilson", 1000, 1000, 1, "corners")
	text, _ := m.Text(nil)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := read.Text(text, read.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
