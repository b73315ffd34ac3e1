package study

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mazebook/files"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

const goodLine = `{"time":"2026-11-25T10:00:00Z","participant":"A1","source":"play","shape":"rectangle","size":"10x10","algorithm":"backtracker","seed":1,"first_move_ms":100,"solve_ms":900,"moves":20,"wrong_cells":0,"solved":true}`

// Junk costs a count, not memory: a few lines of each problem are kept,
// every one counted.
func TestJunkIsCountedNotKept(t *testing.T) {
	junk := strings.Repeat("x\n", 200000) + strings.Repeat(strings.Replace(goodLine, `"A1"`, `"no names"`, 1)+"\n", 1000) + goodLine + "\n"
	trials, skipped, err := Read(strings.NewReader(junk), "junk.jsonl")
	if err != nil || len(trials) != 1 {
		t.Fatalf("%d trials, %v", len(trials), err)
	}
	if skipped.Lines != 201000 || skipped.Kinds[NotATrial] != 200000 || skipped.Kinds[BadTrial] != 1000 {
		t.Errorf("skipped %d lines: %v", skipped.Lines, skipped.Kinds)
	}
	if len(skipped.Examples) != 2*MaxExamples || skipped.Examples[MaxExamples].Line != 200001 {
		t.Errorf("%d examples kept: %v", len(skipped.Examples), skipped.Examples)
	}
}

// A line longer than MaxLine is skipped and named like any bad line; the
// lines after it are read.
func TestLongLineIsSkipped(t *testing.T) {
	long := `{"participant":"` + strings.Repeat("A", 3*MaxLine) + `"}`
	trials, skipped, err := Read(strings.NewReader(goodLine+"\n"+long+"\n"+goodLine+"\r\n"+strings.Repeat("y", MaxLine+1)), "long.jsonl")
	if err != nil || len(trials) != 2 {
		t.Fatalf("%d trials, %v", len(trials), err)
	}
	if skipped.Kinds[LongLine] != 2 || skipped.Examples[0].Line != 2 || skipped.Examples[1].Line != 4 ||
		!strings.Contains(skipped.Examples[0].Error(), "long.jsonl:2: the line is longer than 4096 bytes") {
		t.Errorf("skipped %v", skipped.Examples)
	}
	// A line of exactly MaxLine bytes reads.
	exact := strings.Replace(goodLine, `"play"`, `"`+strings.Repeat("p", MaxLine-len(goodLine)+4)+`"`, 1)
	if len(exact) != MaxLine {
		t.Fatalf("the line is %d bytes", len(exact))
	}
	if trials, skipped, _ := Read(strings.NewReader(exact+"\n"), "x"); len(trials) != 1 {
		t.Errorf("a line of %d bytes: %v", MaxLine, skipped.Examples)
	}
}

// A recipe of a maze larger than a study plays is skipped when read, and
// left out of a calibration before any maze is made, with its reason.
func TestLargeRecipesAreNotMade(t *testing.T) {
	large := []struct{ shape, size, extra string }{
		{"rectangle", "10000x10000", ""},
		{"rectangle", "10000x10000", `,"weave":0.5,"algorithm":"kruskal"`},
		{"hexagon", "5774", ""},
		{"circle", "2000 rings", ""},
		{"rectangle", "142x142", ""},
		{"circle", "60 rings", `,"inner":100`},
	}
	var text strings.Builder
	var trials []Trial
	for i, l := range large {
		line := strings.Replace(goodLine, `"size":"10x10"`, fmt.Sprintf(`"size":%q%s`, l.size, l.extra), 1)
		line = strings.Replace(line, `"shape":"rectangle"`, fmt.Sprintf(`"shape":%q`, l.shape), 1)
		line = strings.Replace(line, `"algorithm":"backtracker","seed":1`, fmt.Sprintf(`"algorithm":"backtracker","seed":%d`, i), 1)
		if l.extra != "" && strings.Contains(l.extra, "kruskal") {
			line = strings.Replace(line, `"algorithm":"backtracker",`, "", 1)
		}
		text.WriteString(line + "\n")
		var tr Trial
		if err := jsonUnmarshal(line, &tr); err != nil {
			t.Fatal(err)
		}
		trials = append(trials, tr)
	}
	got, skipped, err := Read(strings.NewReader(text.String()), "big.jsonl")
	if err != nil || len(got) != 0 || skipped.Kinds[LargeRecipe] != len(large) {
		t.Fatalf("%d trials read, skipped %v (%v)", len(got), skipped.Kinds, err)
	}
	if !strings.Contains(skipped.Examples[0].Error(), "big.jsonl:1: a 10000x10000 rectangle of 100000000 cells: a study plays mazes of at most 20000 cells") {
		t.Errorf("%v", skipped.Examples[0])
	}
	// Handed to Calibrate directly, with enough good trials: left out.
	for p := range 4 {
		for i := range 4 {
			trials = append(trials, trial(fmt.Sprintf("P%d", p), i))
		}
	}
	rep, err := Calibrate(trials, Options{Resamples: 100})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mazes != 4 || !strings.Contains(strings.Join(rep.Left, "; "), fmt.Sprintf("%d: %s", len(large), LargeRecipe)) {
		t.Errorf("%d mazes, left out %v", rep.Mazes, rep.Left)
	}
	// Nor is one recorded.
	if _, err := RecipeTrial(maze.Recipe{Size: maze.Size{W: 200, H: 200}, Algorithm: "backtracker"}); err == nil {
		t.Error("a 200x200 maze was recorded")
	}
}

// A circle's middle is recorded, so the recipe makes the maze played.
func TestCircleInnerIsRecorded(t *testing.T) {
	r := maze.Recipe{Shape: "circle", Size: maze.Size{W: 4, Inner: 2}, Algorithm: "backtracker", Seed: 1}
	played, err := maze.Make(r)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := RecipeTrial(r)
	if err != nil {
		t.Fatal(err)
	}
	tr.Participant = "A1"
	line, _ := jsonMarshal(tr)
	got, _, _ := Read(strings.NewReader(line+"\n"), "c.jsonl")
	if len(got) != 1 {
		t.Fatalf("the trial does not read back: %s", line)
	}
	back, err := got[0].Recipe()
	if err != nil {
		t.Fatal(err)
	}
	made, err := maze.Make(back)
	if err != nil {
		t.Fatal(err)
	}
	if made.Grid.Cells() != played.Grid.Cells() || got[0].Inner != 2 || !strings.Contains(got[0].MazeKey(), "inner 2") {
		t.Errorf("played %d cells, made again %d (inner %g)", played.Grid.Cells(), made.Grid.Cells(), got[0].Inner)
	}
	// An inner that is not a circle's, or out of its range, is refused.
	for _, bad := range []string{`"shape":"circle","size":"4","inner":0.1`, `"shape":"rectangle","size":"4x4","inner":2`} {
		l := strings.Replace(goodLine, `"shape":"rectangle","size":"10x10"`, bad, 1)
		if got, skipped, _ := Read(strings.NewReader(l+"\n"), "x"); len(got) != 0 || skipped.Kinds[BadRecipe] != 1 {
			t.Errorf("%s: read", bad)
		}
	}
}

// A study file that is a pipe is refused at once, by the log and the
// reader.
func TestStudyFileIsARegularFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "study.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 2)
	go func() {
		_, err := Open(fifo)
		done <- err
		_, _, err = ReadFile(fifo)
		done <- err
	}()
	for range 2 {
		select {
		case err := <-done:
			if !errors.Is(err, files.ErrNotRegular) {
				t.Errorf("%v", err)
			}
		case <-time.After(time.Minute):
			t.Fatal("blocked on a pipe")
		}
	}
}

// No trial is lost when the study file is replaced while the studio
// runs: an editor's save (a copy renamed over it), or rm then touch, or
// rm alone.
func TestLogFollowsItsName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "class.jsonl")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	add := func(i int) {
		if err := l.Add(trial("A1", i)); err != nil {
			t.Fatal(err)
		}
	}
	add(1)
	data, _ := os.ReadFile(path)
	os.WriteFile(path+".new", data, 0o644) // the editor's copy
	os.Rename(path+".new", path)
	add(2)
	os.Remove(path)
	os.WriteFile(path, nil, 0o644) // touch
	add(3)
	os.Remove(path)
	add(4)
	trials, _, err := ReadFile(path)
	if err != nil || len(trials) != 1 || trials[0].Seed != 4 {
		t.Fatalf("%v %v", trials, err)
	}
}

// A fitted setting past the bounds a model file is read within is no
// model, and says why.
func TestReportModelWithinBounds(t *testing.T) {
	older, _ := difficulty.LookupPerson("older")
	rep := &Report{Fitted: difficulty.Person{Name: "fitted", Sight: older.Sight, Pull: older.Pull, Step: 1, Turn: 5194, Look: 0.1, Wrong: 0.2}}
	if _, err := rep.Model(); err == nil || !strings.Contains(err.Error(), "turn weight must be from 0 to 1000, not 5194") {
		t.Errorf("%v", err)
	}
	rep.Fitted.Turn = 0.5
	m, err := rep.Model()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := difficulty.ParseModel("m.yaml", m.Format("")); err != nil {
		t.Errorf("the model does not read back: %v", err)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

func jsonMarshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// Merged, the lines skipped of several files keep the bound: five
// examples of a kind, every line counted.
func TestSkippedMerge(t *testing.T) {
	var all Skipped
	for _, f := range []string{"a.jsonl", "b.jsonl"} {
		_, s, _ := Read(strings.NewReader(strings.Repeat("x\n", 4)+strings.Repeat("y", MaxLine+1)+"\n"), f)
		all.Merge(s)
	}
	if all.Lines != 10 || all.Kinds[NotATrial] != 8 || all.Kinds[LongLine] != 2 || len(all.Examples) != 7 || all.Examples[5].File != "b.jsonl" || all.Examples[5].Kind != NotATrial {
		t.Errorf("%d lines, %v, %d examples", all.Lines, all.Kinds, len(all.Examples))
	}
}
