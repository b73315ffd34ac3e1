package maze

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the golden files: go test ./maze -run Golden -update.
// A change to a golden file is a change to the mazes people get from the
// same spec; its commit must say why.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenCase is one maze of the golden file: made the way a book makes
// it, with its doors, braided or not.
type goldenCase struct {
	shape     string
	algorithm string
	size      string
	seed      uint64
	braid     float64
	openings  Openings
}

func (c goldenCase) String() string {
	return fmt.Sprintf("%s %s %s seed=%d braid=%g openings=%s", c.shape, c.algorithm, c.size, c.seed, c.braid, c.openings)
}

// goldenCases lists every generator on rectangles of several shapes and
// seeds, with each way of placing the doors, braided and perfect.
func goldenCases() []goldenCase {
	var cases []goldenCase
	for _, a := range Algorithms() {
		for _, size := range []string{"1x1", "1x7", "6x1", "2x3", "7x5", "16x16", "31x9"} {
			for _, seed := range []uint64{1, 42} {
				cases = append(cases, goldenCase{"rectangle", a.Name, size, seed, 0, Corners})
			}
		}
		cases = append(cases,
			goldenCase{"rectangle", a.Name, "12x10", 7, 0.5, Sides},
			goldenCase{"rectangle", a.Name, "12x10", 8, 1, Longest},
			goldenCase{"rectangle", a.Name, "9x14", 9, 0, Sides},
		)
	}
	return cases
}

// makeGolden makes the maze of a golden case.
func makeGolden(t *testing.T, c goldenCase) *Maze {
	t.Helper()
	var w, h int
	if _, err := fmt.Sscanf(c.size, "%dx%d", &w, &h); err != nil {
		t.Fatal(err)
	}
	a, err := LookupAlgorithm(c.algorithm)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewRect(w, h)
	if err != nil {
		t.Fatal(err)
	}
	m, err := a.Generate(g, c.seed)
	if err != nil {
		t.Fatal(err)
	}
	Braid(m, c.braid, NewRand(DeriveSeed(c.seed, "braid")))
	if err := m.PlaceDoors(c.openings, NewRand(DeriveSeed(c.seed, "doors"))); err != nil {
		t.Fatal(err)
	}
	return m
}

// passagesHash hashes a maze through its public view only: every passage
// as (cell, side) from the cell with the smaller number, then the doors.
// How the maze stores its passages may change; this may not.
func passagesHash(m *Maze) string {
	h := fnv.New64a()
	g := m.Grid
	for c := 0; c < g.Cells(); c++ {
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb > c && m.Linked(c, s) {
				fmt.Fprintf(h, "%d:%d,", c, s)
			}
		}
	}
	fmt.Fprintf(h, "in %d:%d out %d:%d", m.Entrance.Cell, m.Entrance.Side, m.Exit.Cell, m.Exit.Side)
	return fmt.Sprintf("%016x", h.Sum64())
}

// pathHash hashes a list of cells.
func pathHash(cells []int) string {
	h := fnv.New64a()
	for _, c := range cells {
		fmt.Fprintf(h, "%d,", c)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// TestGoldenMazes checks that every generator still makes, from the same
// seed, the maze it made when the golden file was written; and that every
// solver still finds the same path by the same walk, and the metrics
// measure the same.
func TestGoldenMazes(t *testing.T) {
	var b bytes.Buffer
	for _, c := range goldenCases() {
		m := makeGolden(t, c)
		fmt.Fprintf(&b, "%s: %s\n", c, passagesHash(m))
		if c.size != "12x10" {
			continue
		}
		for _, s := range Solvers() {
			sol, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
			status := "ok"
			if err != nil {
				status = "fails"
			}
			fmt.Fprintf(&b, "  %s: %s path %s walk %s visited %d\n", s.Name, status, pathHash(sol.Path), pathHash(sol.Walk), sol.Visited)
		}
		mt, _ := json.Marshal(m.Measure())
		fmt.Fprintf(&b, "  metrics %s\n", mt)
		fmt.Fprintf(&b, "  solver steps %.3f\n", m.SolverSteps(DeriveSeed(c.seed, "walker")))
	}
	checkGolden(t, "mazes.txt", b.Bytes())
}

// checkGolden compares got with testdata/golden/name, or rewrites the file
// with -update. On a difference it names the first lines that differ.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := lines(got), lines(want)
	shown := 0
	for i := 0; i < max(len(gl), len(wl)) && shown < 10; i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s line %d:\n  got  %s\n  want %s", name, i+1, g, w)
			shown++
		}
	}
	t.Errorf("%s differs from what the code makes now (%d and %d lines); if the change is meant, run go test -update and say why in the commit", name, len(gl), len(wl))
}

func lines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		out = append(out, strings.TrimRight(sc.Text(), "\r"))
	}
	return out
}
