package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/maze"
	"mazebook/study"
)

// writeTrials writes a study file of people whose times follow the
// solution's length and the older setting's wrong steps.
func writeTrials(t *testing.T, path string, people, mazes int) {
	t.Helper()
	l, err := study.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rng := rand.New(rand.NewPCG(5, 6))
	for p := range people {
		speed := 200 + 100*rng.Float64()
		for i := range mazes {
			r := maze.Recipe{Size: maze.Size{W: 12, H: 12}, Algorithm: []string{"backtracker", "kruskal", "prim"}[i%3], Seed: uint64(i)}
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			d := m.Rate(m.SolutionParts())
			tr, _ := study.RecipeTrial(r)
			tr.Participant, tr.Source, tr.Solved = fmt.Sprintf("K%02d", p), "play", true
			tr.SolveMS = int64(speed * (float64(d.Metrics.SolutionLength) + 0.3*d.Work[1].Wrong) * math.Exp(0.1*rng.NormFloat64()))
			tr.FirstMoveMS = tr.SolveMS / 8
			if err := l.Add(tr); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// calibrate reads a class's trials, reports, and writes a model a spec
// then scores with; too few trials write nothing.
func TestCalibrateCommand(t *testing.T) {
	dir := t.TempDir()
	writeTrials(t, filepath.Join(dir, "class.jsonl"), 8, 12)
	code, out, stderr := mazebook(t, dir, "calibrate", "class.jsonl", "-o", "ourclass.yaml", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"96 solved trials of 8 people on 12 mazes", "split-half reliability", "solution length", "fitted weights", "wrong"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	model, err := os.ReadFile(filepath.Join(dir, "ourclass.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := study.ParseModel("ourclass.yaml", model); err != nil || !strings.Contains(string(model), "name: ourclass") {
		t.Fatalf("the model written does not read back (%v):\n%s", err, model)
	}
	spec := "difficulty_model: ourclass.yaml\nsections:\n  - {count: 3, difficulty: 2..5}\n"
	os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(spec), 0o644)
	code, out, stderr = mazebook(t, dir, "stats", "book.yaml", "--csv")
	if code != 0 || !strings.Contains(strings.SplitN(out, "\n", 2)[0], "steps_ourclass,time_ourclass,effort") {
		t.Errorf("stats with the model: exit %d, %s\n%s", code, stderr, out)
	}

	// Too few trials, a missing file, a file of nonsense: an error, no model.
	writeTrials(t, filepath.Join(dir, "few.jsonl"), 1, 3)
	os.WriteFile(filepath.Join(dir, "junk.jsonl"), []byte("not json\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"calibrate", "few.jsonl", "-o", "few.yaml"}, "too few"},
		{[]string{"calibrate", "missing.jsonl", "-o", "few.yaml"}, "missing.jsonl"},
		{[]string{"calibrate", "junk.jsonl", "-o", "few.yaml"}, "junk.jsonl:1: not a trial"},
		{[]string{"calibrate"}, "give one or more study files"},
		{[]string{"calibrate", "class.jsonl", "--person", "robot"}, "robot"},
	} {
		code, _, stderr := mazebook(t, dir, tc.args...)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "few.yaml")); err == nil {
		t.Error("a failed calibration wrote a model")
	}
}
