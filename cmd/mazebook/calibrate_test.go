package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mazebook/maze"
	"mazebook/maze/difficulty"
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
			d := difficulty.Rate(m, m.SolutionParts())
			tr, _ := study.RecipeTrial(r)
			tr.Participant, tr.Source, tr.Solved = fmt.Sprintf("K%02d", p), "play", true
			tr.SolveMS = int64(speed * (float64(d.Metrics.SolutionLength) + 0.3*d.Work[1].Wrong) * math.Exp(0.1*rng.NormFloat64()))
			tr.FirstMoveMS = tr.SolveMS / 8
			tr.Moves = len(m.Solution()) - 1 + int(d.Work[1].Wrong)
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
	code, out, stderr := mazebook(t, dir, "calibrate", "class.jsonl", "-o", "ourclass.yaml", "--csv", "trials.csv", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"96 solved trials of 8 people on 12 mazes", "split-half reliability", "solution length", "fitted weights", "wrong",
		"fixed: the unit of the others", "give-ups used: 0", "children left out with one usable trial: 0",
		"to find that the score ranks the times at all", "Crowe", "mazebook " + version + " calibrate: the difficulty model of this version, its settings young (sight"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "too few to differ") {
		t.Errorf("the report says the mazes are too few to differ:\n%s", out)
	}
	rows, err := csv.NewReader(strings.NewReader(readString(t, filepath.Join(dir, "trials.csv")))).ReadAll()
	if err != nil || len(rows) != 97 || strings.Join(rows[0], ",") != strings.Join(csvColumns, ",") || rows[1][2] != "solved" {
		t.Errorf("the CSV: %v, %d rows, first %q", err, len(rows), rows[:min(2, len(rows))])
	}
	model, err := os.ReadFile(filepath.Join(dir, "ourclass.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := difficulty.ParseModel("ourclass.yaml", model); err != nil || !strings.Contains(string(model), "name: ourclass") {
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

// writeViewTrials writes a study file of people who played mazes in the
// views given, each maze in one view, their times following the
// solution's length.
func writeViewTrials(t *testing.T, path string, people int, views []string) {
	t.Helper()
	l, err := study.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rng := rand.New(rand.NewPCG(7, 8))
	for p := range people {
		for i, v := range views {
			r := maze.Recipe{Size: maze.Size{W: 10, H: 10}, Algorithm: "backtracker", Seed: uint64(100 + i)}
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			tr, _ := study.RecipeTrial(r)
			tr.Participant, tr.Source, tr.Solved, tr.View, tr.Input = fmt.Sprintf("C%02d", p), "studio", true, v, "taps"
			tr.Moves = len(m.Solution()) - 1
			tr.SolveMS = int64(float64(250*tr.Moves) * math.Exp(0.2*rng.NormFloat64()))
			tr.FirstMoveMS = 900
			if err := l.Add(tr); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// calibrate keeps the views apart, and says when a view's trials are too
// few to conclude from: no interval, no interval of no width, no model,
// and how many mazes a class needs to tell the score from the solution's
// length.
func TestCalibrateFewMazes(t *testing.T) {
	dir := t.TempDir()
	views := []string{"full", "full", "full", "full", "torch", "torch", "torch", "theseus", "full"}
	writeViewTrials(t, filepath.Join(dir, "class.jsonl"), 3, views)
	code, out, stderr := mazebook(t, dir, "calibrate", "class.jsonl", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"view full: the whole maze shown, as on a page\n15 solved trials of 3 people on 5 mazes",
		"view theseus: the walls of the cells seen\n0 solved trials of 0 people on 0 mazes (class.jsonl)\n  left out 3: the person's only usable trial",
		"view torch: a few steps around the player\n9 solved trials of 3 people on 3 mazes",
		"too few to conclude: 15 trials on 5 mazes, and a study needs at least 8 trials on 10 mazes",
		"how these 5 mazes fall (a description, not evidence)",
		"a study needs about 730 mazes",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`(-?\d\.\d\d) to (-?\d\.\d\d)`).FindAllStringSubmatch(out, -1) != nil {
		t.Errorf("an interval of too few mazes:\n%s", out)
	}
	if code, _, stderr := mazebook(t, dir, "calibrate", "class.jsonl", "-o", "m.yaml"); code == 0 || !strings.Contains(stderr, "too few to fit one (at least 8 trials on 10 mazes)") {
		t.Errorf("a model of too few mazes: exit %d, %s", code, stderr)
	}
	if code, out, _ := mazebook(t, dir, "calibrate", "class.jsonl", "--view", "torch"); code != 0 || strings.Contains(out, "view full") || !strings.Contains(out, "view torch") {
		t.Errorf("--view torch: exit %d\n%s", code, out)
	}

	// Enough mazes: intervals, none of them of no width.
	writeTrials(t, filepath.Join(dir, "many.jsonl"), 8, 12)
	code, out, stderr = mazebook(t, dir, "calibrate", "many.jsonl", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, m := range regexp.MustCompile(`(-?\d\.\d+) to (-?\d\.\d+)`).FindAllStringSubmatch(out, -1) {
		if m[1] == m[2] {
			t.Errorf("an interval of no width: %s\n%s", m[0], out)
		}
	}
	if !strings.Contains(out, "ranks the times") || strings.Contains(out, "too few") || !strings.Contains(out, "mazes (Steiger's test") {
		t.Errorf("the report of 12 mazes:\n%s", out)
	}
}

// calibrate shows its progress on a terminal, as build does: the trials
// whose mazes are made again, then the resamples, up to all of them,
// and the line erased at the end; --quiet, or no terminal, shows none.
func TestCalibrateProgress(t *testing.T) {
	dir := t.TempDir()
	writeTrials(t, filepath.Join(dir, "class.jsonl"), 8, 12)
	for _, tt := range []struct {
		terminal bool
		args     []string
		want     bool
	}{
		{true, nil, true},
		{true, []string{"--quiet"}, false},
		{false, nil, false},
	} {
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb, stderrIsTerminal: tt.terminal}
		wd, _ := os.Getwd()
		os.Chdir(dir)
		code := run(context.Background(), e, append([]string{"calibrate", "class.jsonl", "--resamples", "100"}, tt.args...))
		os.Chdir(wd)
		shown := strings.Contains(errb.String(), "\rcalibrating: 100% (96 of 96 trials)") &&
			strings.Contains(errb.String(), "\rcalibrating: 100% (1000 of 1000 resamples)\r\033[K")
		if code != 0 || shown != tt.want || !strings.Contains(out.String(), "96 solved trials") {
			t.Errorf("terminal %v %v: exit %d, progress shown %v:\n%q\n%s", tt.terminal, tt.args, code, shown, errb.String(), out.String())
		}
	}
}

// readString returns a file's text.
func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
