package catalogue

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/templates"
)

// A fingerprint is the maze: the same walls and doors give the same
// fingerprint, one passage or one door more another, and so does another
// grid with the same cells.
func TestFingerprint(t *testing.T) {
	rect := func(w, h int) *maze.Maze {
		g, err := maze.NewRect(w, h)
		if err != nil {
			t.Fatal(err)
		}
		return maze.New(g)
	}
	base := func() *maze.Maze {
		m := rect(3, 2)
		m.Carve(0, 1)
		m.Carve(1, 1)
		m.SetDoors(maze.Door{Cell: 0, Side: 3}, maze.Door{Cell: 2, Side: 1})
		return m
	}
	want := Fingerprint(base())
	if len(want) != 16 || strings.Trim(want, "0123456789abcdef") != "" {
		t.Fatalf("fingerprint %q is not 16 hexadecimal digits", want)
	}
	for _, c := range []struct {
		name string
		m    func() *maze.Maze
		same bool
	}{
		{"the same maze again", base, true},
		{"a passage more", func() *maze.Maze { m := base(); m.Carve(3, 1); return m }, false},
		{"another exit", func() *maze.Maze {
			m := base()
			m.SetDoors(maze.Door{Cell: 0, Side: 3}, maze.Door{Cell: 5, Side: 1})
			return m
		}, false},
		{"the grid turned", func() *maze.Maze {
			m := rect(2, 3)
			m.Carve(0, 1)
			m.Carve(1, 1)
			m.SetDoors(maze.Door{Cell: 0, Side: 3}, maze.Door{Cell: 2, Side: 1})
			return m
		}, false},
	} {
		if got := Fingerprint(c.m()); (got == want) != c.same {
			t.Errorf("%s: fingerprint %s, the base's %s", c.name, got, want)
		}
	}
}

// A catalogue finds the mazes two of its books share, and names them, in
// its results and its manifest: two specs made from the starter with
// only their titles changed hold the same mazes; the editions of one
// book share theirs as they should, and are not a repeat; two volumes
// whose seeds are the same are.
func TestRepeatedMazes(t *testing.T) {
	starter, _, err := templates.Starter("book")
	if err != nil {
		t.Fatal(err)
	}
	seeded := templates.WithSeed(starter, 424242)
	retitled := strings.Replace(string(seeded), "title: My Maze Book", "title: Another Maze Book", 1)
	if retitled == string(seeded) {
		t.Fatal("the starter has no 'title: My Maze Book' line")
	}
	small := "sections:\n  - {count: 3, size: 8x8}\n"
	for _, c := range []struct {
		name  string
		specs map[string]string
		// want is each repeat, its books' first names, and how many mazes.
		want []string
		// repeated is each book's repeated_mazes.
		repeated map[string]int
	}{{
		name:     "two starters, only their titles changed",
		specs:    map[string]string{"a.yaml": string(seeded), "b.yaml": retitled},
		want:     []string{"a b: 12"},
		repeated: map[string]int{"a": 12, "b": 12},
	}, {
		name:     "two starters with their own seeds",
		specs:    map[string]string{"a.yaml": string(seeded), "b.yaml": string(templates.WithSeed([]byte(retitled), 77))},
		repeated: map[string]int{"a": 0, "b": 0},
	}, {
		name:     "an edition pair",
		specs:    map[string]string{"q.yaml": "title: Q\nseed: 5\neditions:\n  - {name: en}\n  - {name: es, language: es, title: Laberintos}\n" + small},
		repeated: map[string]int{"q-en": 0, "q-es": 0},
	}, {
		name:     "two volumes with one seed, in two editions",
		specs:    map[string]string{"s.yaml": "title: S\nseed: 5\nseries:\n  - {subtitle: One}\n  - {subtitle: Two, seed: 5}\neditions:\n  - {name: en}\n  - {name: fr, language: fr}\n" + small},
		want:     []string{"s-vol-01-en s-vol-02-en: 3"},
		repeated: map[string]int{"s-vol-01-en": 3, "s-vol-01-fr": 3, "s-vol-02-en": 3, "s-vol-02-fr": 3},
	}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			for name, text := range c.specs {
				p := filepath.Join(dir, name)
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				paths = append(paths, p)
			}
			slices.Sort(paths)
			jobs, err := Jobs(paths, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "books")
			results, err := Build(context.Background(), jobs, Options{Dir: out})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				if r.Err != nil {
					t.Fatalf("%s: %v", r.Job.Name, r.Err)
				}
			}
			var got []string
			for _, r := range Repeats(results) {
				var names []string
				for _, b := range r.Books {
					names = append(names, b[0])
				}
				got = append(got, strings.Join(names, " ")+": "+strconv.Itoa(r.Mazes))
			}
			if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
				t.Errorf("repeats %q, want %q", got, c.want)
			}
			// The manifest says the same, book by book.
			data, err := os.ReadFile(filepath.Join(out, "catalogue.json"))
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Books []struct {
					Name          string
					Mazes         []string
					RepeatedMazes int      `json:"repeated_mazes"`
					RepeatedIn    []string `json:"repeated_in"`
				}
			}
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			for _, b := range m.Books {
				want, ok := c.repeated[b.Name]
				if !ok || b.RepeatedMazes != want || len(b.Mazes) == 0 || (want > 0) != (len(b.RepeatedIn) > 0) {
					t.Errorf("%s: repeated_mazes %d in %v, %d fingerprints; want %d", b.Name, b.RepeatedMazes, b.RepeatedIn, len(b.Mazes), want)
				}
				if slices.Contains(b.RepeatedIn, b.Name) {
					t.Errorf("%s repeats itself: %v", b.Name, b.RepeatedIn)
				}
			}
		})
	}
}

// The manifest counts the mazes a book repeats in itself as well as
// those other books hold: a book holding one maze six times has five
// repeated (it said 0), and one of its mazes that another book holds
// counts once more.
func TestRepeatedInOneBook(t *testing.T) {
	six := []string{"aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"}
	results := []Result{
		{Job: Job{Spec: "a.yaml", Name: "a"}, Mazes: six},
		{Job: Job{Spec: "b.yaml", Name: "b"}, Mazes: []string{"bbbbbbbbbbbbbbbb", "cccccccccccccccc"}},
		{Job: Job{Spec: "c.yaml", Name: "c"}, Mazes: []string{"dddddddddddddddd"}},
	}
	Repeats(results)
	for i, want := range []struct{ repeated, inBook int }{{6, 5}, {1, 0}, {0, 0}} {
		if r := results[i]; r.RepeatedMazes != want.repeated || r.RepeatedInBook != want.inBook {
			t.Errorf("%s: repeated_mazes %d, repeated_in_book %d; want %d and %d", r.Job.Name, r.RepeatedMazes, r.RepeatedInBook, want.repeated, want.inBook)
		}
	}
	if got := RepeatsWithin(results); len(got) != 1 || got[0].String() != "a holds 7 mazes, 5 of them repeating a maze earlier in the book" {
		t.Errorf("RepeatsWithin: %v", got)
	}
	csvData, jsonData, err := Manifest(results)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(csvData), ",6,5,b,") || !strings.Contains(string(jsonData), `"repeated_in_book": 5`) {
		t.Errorf("the manifest does not count a's repeats:\n%s\n%s", csvData, jsonData)
	}
}
