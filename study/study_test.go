package study

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mazebook/internal/locktest"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

func trial(p string, i int) Trial {
	return Trial{Participant: p, Source: "play", Shape: "rectangle", Size: "10x10", Algorithm: "backtracker",
		Seed: uint64(i), FirstMoveMS: 400, SolveMS: int64(20000 + i), Moves: 100 + i, WrongCells: i % 3, Solved: true}
}

// A recipe written down makes the same maze again.
func TestRecipeRoundTrip(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Shape: "rectangle", Size: maze.Size{W: 12, H: 9}, Algorithm: "kruskal", Seed: 7, Braid: 0.5},
		{Shape: "circle", Size: maze.Size{W: 6}, Algorithm: "backtracker", Seed: 3},
		{Shape: "hexagon", Size: maze.Size{W: 4}, Algorithm: "prim", Seed: 9, Openings: maze.Corners},
		{Shape: "rectangle", Size: maze.Size{W: 8, H: 8}, Algorithm: "wilson", Seed: 1, Entrance: &maze.At{0, 3}, Exit: &maze.At{7, 4}},
	} {
		tr, err := RecipeTrial(r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := tr.Recipe()
		if err != nil {
			t.Fatalf("%s: %v", tr.MazeKey(), err)
		}
		a, err1 := maze.Make(r)
		b, err2 := maze.Make(back)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", tr.MazeKey(), err1, err2)
		}
		same := a.Grid.Cells() == b.Grid.Cells() && a.Entrance == b.Entrance && a.Exit == b.Exit
		for c := 0; same && c < a.Grid.Cells(); c++ {
			for s := range a.Grid.Sides(c) {
				same = same && a.Linked(c, s) == b.Linked(c, s)
			}
		}
		if !same {
			t.Errorf("%s: made again, the maze differs", tr.MazeKey())
		}
	}
	if _, err := RecipeTrial(maze.Recipe{Mask: &maze.Bitmap{}}); err == nil {
		t.Error("a masked maze was written down")
	}
}

// Writers in several processes and goroutines append to one file: every
// trial is a whole line, none lost.
func TestConcurrentWriters(t *testing.T) {
	if os.Getenv("STUDY_WRITER") != "" {
		return
	}
	path := filepath.Join(t.TempDir(), "class.jsonl")
	const procs, goroutines, each = 3, 4, 50
	var cmds []*exec.Cmd
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=TestWriterProcess$")
		cmd.Env = append(os.Environ(), "STUDY_WRITER="+path, "STUDY_PARTICIPANT=P"+strconv.Itoa(p))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			// Whole lines, none lost, is the test, not how long a writer
			// waits: on a loaded machine seven writers syncing one file
			// may each hold it past LockWait.
			l.wait = time.Minute
			defer l.Close()
			for i := range each {
				if err := l.Add(trial("G"+strconv.Itoa(g), i)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	trials, skipped, err := ReadFile(path)
	if err != nil || skipped.Lines > 0 {
		t.Fatalf("%v %v", err, skipped)
	}
	if want := (procs + goroutines) * each; len(trials) != want {
		t.Fatalf("%d trials, want %d", len(trials), want)
	}
	seen := map[string]int{}
	for _, tr := range trials {
		seen[tr.Participant]++
	}
	for who, n := range seen {
		if n != each {
			t.Errorf("%s: %d trials, want %d", who, n, each)
		}
	}
}

// TestWriterProcess is the other process of TestConcurrentWriters.
func TestWriterProcess(t *testing.T) {
	path := os.Getenv("STUDY_WRITER")
	if path == "" {
		t.Skip("run by TestConcurrentWriters")
	}
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l.wait = time.Minute // as TestConcurrentWriters's own writers
	defer l.Close()
	for i := range 50 {
		if err := l.Add(trial(os.Getenv("STUDY_PARTICIPANT"), i)); err != nil {
			t.Fatal(err)
		}
	}
}

// A writer that crashed mid-line leaves a line cut short: the reader
// skips it, naming its line, and the next trial starts a line of its own.
func TestCrashMidLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "class.jsonl")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add(trial("A1", 1)); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"time":"2026-11-25T10:00:00Z","participant":"A1","sha`)
	f.Close()
	if err := l.Add(trial("A1", 2)); err != nil {
		t.Fatal(err)
	}
	l.Close()
	trials, skipped, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != 2 || trials[1].Seed != 2 {
		t.Errorf("read %d trials: %+v", len(trials), trials)
	}
	if skipped.Lines != 1 || skipped.Examples[0].Line != 2 || !strings.Contains(skipped.Examples[0].Error(), "class.jsonl:2:") {
		t.Errorf("skipped %v, want line 2", skipped)
	}
}

func TestReadRefuses(t *testing.T) {
	good := `{"time":"2026-11-25T10:00:00Z","participant":"A1","source":"play","shape":"rectangle","size":"10x10","algorithm":"backtracker","seed":1,"first_move_ms":100,"solve_ms":900,"moves":20,"wrong_cells":0,"solved":true}`
	for _, tc := range []struct{ name, line, why string }{
		{"a name, not a code", strings.Replace(good, `"A1"`, `"Ana García"`, 1), "participant"},
		{"first move after the end", strings.Replace(good, `"first_move_ms":100`, `"first_move_ms":1000`, 1), "times"},
		{"unknown shape", strings.Replace(good, `"rectangle"`, `"star"`, 1), "star"},
		{"bad size", strings.Replace(good, `"10x10"`, `"-3x4"`, 1), "-3x4"},
		{"unknown key", strings.Replace(good, `"seed":1`, `"seed":1,"name":"Ana"`, 1), "unknown field"},
		{"not JSON", "hello", "not a trial"},
	} {
		trials, skipped, err := Read(strings.NewReader(good+"\n"+tc.line+"\n"), "x.jsonl")
		if err != nil || len(trials) != 1 || skipped.Lines != 1 || !strings.Contains(skipped.Examples[0].Error(), tc.why) || !strings.HasPrefix(skipped.Examples[0].Error(), "x.jsonl:2: ") {
			t.Errorf("%s: %d trials, skipped %v, err %v", tc.name, len(trials), skipped, err)
		}
	}
	l, err := Open(filepath.Join(t.TempDir(), "x.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	bad := trial("Ana García", 1)
	if err := l.Add(bad); err == nil {
		t.Error("a trial with a name was recorded")
	}
}

// Calibrate on trials made from known weights finds them again, each
// within its bootstrap interval, and the score's parts rank the times.
func TestCalibrateRecoversWeights(t *testing.T) {
	older, _ := difficulty.LookupPerson("older")
	truth := difficulty.Person{Name: "truth", Sight: older.Sight, Pull: older.Pull, Step: 1, Turn: 0.6, Look: 0.25, Wrong: 0.4}
	rng := rand.New(rand.NewPCG(1, 2))
	var mazes []Trial
	algs := []string{"backtracker", "kruskal", "prim", "wilson", "sidewinder", "binary-tree"}
	for i := range 36 {
		w := 10 + i%4*3
		r := maze.Recipe{Size: maze.Size{W: w, H: w}, Algorithm: algs[i%len(algs)], Seed: uint64(i)}
		tr, err := RecipeTrial(r)
		if err != nil {
			t.Fatal(err)
		}
		mazes = append(mazes, tr)
	}
	work := make([]difficulty.Work, len(mazes))
	moves := make([]int, len(mazes))
	for i, tr := range mazes {
		r, _ := tr.Recipe()
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		work[i] = difficulty.RateFor(m, []difficulty.Person{older}, m.SolutionParts()).Work[0]
		moves[i] = len(m.Solution()) - 1
	}
	var trials []Trial
	for p := range 16 {
		speed := 150 + 100*rng.Float64() // ms per step
		for i, tr := range mazes {
			if rng.Float64() < 0.3 {
				continue // not everyone plays every maze
			}
			tr.Participant = fmt.Sprintf("P%02d", p)
			ms := speed * truth.Time(work[i]) * math.Exp(0.15*rng.NormFloat64())
			tr.SolveMS = int64(ms)
			tr.FirstMoveMS = tr.SolveMS / 10
			tr.Moves = moves[i] + int(work[i].Wrong)
			tr.Solved = true
			tr.Time = time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
			trials = append(trials, tr)
		}
	}
	rep, err := Calibrate(trials, Options{Base: older, Resamples: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{truth.Step, truth.Turn, truth.Look, truth.Wrong}
	for k, w := range rep.Weights {
		t.Logf("%s %.3f [%.3f, %.3f], truth %.3f", w.Name, w.Value, w.Low, w.High, want[k])
		if want[k] < w.Low || want[k] > w.High || math.Abs(w.Value-want[k]) > 0.25*max(want[k], 0.2) {
			t.Errorf("%s: %.3f [%.3f, %.3f], the truth %.3f", w.Name, w.Value, w.Low, w.High, want[k])
		}
	}
	if rep.SecondsPerStep < 0.15 || rep.SecondsPerStep > 0.25 {
		t.Errorf("%.3f s a step, the people took 0.15 to 0.25", rep.SecondsPerStep)
	}
	if rep.FittedRank.Rho < 0.9 {
		t.Errorf("the fitted model ranks the times at %.2f", rep.FittedRank.Rho)
	}
	if rep.SplitHalf < 0.9 {
		t.Errorf("split-half reliability %.2f of data with little noise", rep.SplitHalf)
	}
	if rep.Participants != 16 || rep.Mazes != 36 {
		t.Errorf("%d people on %d mazes", rep.Participants, rep.Mazes)
	}
	// The same trials give the same report.
	again, _ := Calibrate(trials, Options{Base: older, Resamples: 300, Seed: 1})
	if fmt.Sprint(again) != fmt.Sprint(rep) {
		t.Error("two reports of the same trials differ")
	}
}

// Few trials, or trials on few mazes, are too few to conclude from: the
// report says how the measures rank these mazes, with no interval and
// no fit, and how many mazes a study needs.
func TestCalibrateTooFew(t *testing.T) {
	people := func(n, mazes int) []Trial {
		var out []Trial
		for p := range n {
			for i := range mazes {
				tr := trial(fmt.Sprintf("P%d", p), i)
				tr.SolveMS = int64(20000 + 3000*i + 97*p*i%500)
				out = append(out, tr)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name         string
		trials       []Trial
		tooFew       bool
		ranks, mazes int
		fromData     bool
	}{
		{"two trials", []Trial{trial("A", 1), trial("A", 2)}, true, 0, 2, false},
		{"nine trials on three mazes", people(3, 3), true, 8, 3, false},
		{"four mazes", people(3, 4), true, 8, 4, false},
		{"nine mazes", people(3, 9), true, 8, 9, false},
		{"ten mazes", people(3, 10), false, 8, 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Calibrate(tc.trials, Options{Resamples: 200})
			if err != nil {
				t.Fatal(err)
			}
			if rep.TooFew != tc.tooFew || len(rep.Ranks) != tc.ranks || rep.Mazes != tc.mazes {
				t.Fatalf("too few %v, %d ranks, %d mazes; want %v, %d, %d", rep.TooFew, len(rep.Ranks), rep.Mazes, tc.tooFew, tc.ranks, tc.mazes)
			}
			for _, r := range rep.Ranks {
				if tc.tooFew != (math.IsNaN(r.Low) && math.IsNaN(r.High)) {
					t.Errorf("%s: interval %v to %v", r.Measure, r.Low, r.High)
				}
			}
			if tc.tooFew && (len(rep.Weights) > 0 || !math.IsNaN(rep.SplitHalf)) {
				t.Errorf("too few, yet %d weights fitted and split-half %v", len(rep.Weights), rep.SplitHalf)
			}
			if _, err := rep.Model(); tc.tooFew && err == nil {
				t.Error("a model of too few trials")
			}
			if rep.Needed.FromData != tc.fromData || rep.Needed.Mazes < 3 {
				t.Errorf("needed %+v", rep.Needed)
			}
		})
	}
}

// How many mazes tell the score from the solution's length grows as
// they rank the times more alike, and as they rank each other less.
func TestMazesFor(t *testing.T) {
	for _, tc := range []struct {
		score, length, between float64
		low, high              int
	}{
		{0.80, 0.84, 0.78, 600, 900},
		{0.80, 0.84, 0.94, 200, 300},
		{0.60, 0.84, 0.78, 30, 80},
		{0.84, 0.84, 0.78, 0, 0},
		{0.8399, 0.84, 0.78, MaxNeeded, MaxNeeded},
	} {
		if n := MazesFor(tc.score, tc.length, tc.between); n < tc.low || n > tc.high {
			t.Errorf("MazesFor(%v, %v, %v) = %d, want %d to %d", tc.score, tc.length, tc.between, n, tc.low, tc.high)
		}
	}
}

// A trial no person could have played is said to be so, and left out
// of a calibration.
func TestImpossible(t *testing.T) {
	ok := Trial{FirstMoveMS: 900, SolveMS: 9000, Moves: 25, Solved: true}
	for _, tc := range []struct {
		name string
		edit func(*Trial)
		kind string
	}{
		{"a person", func(*Trial) {}, ""},
		{"solved in fewer moves than the way", func(t *Trial) { t.Moves = 1 }, TooFewMoves},
		{"left after one move", func(t *Trial) { t.Moves, t.Solved = 1, false }, ""},
		{"solved in 1 ms", func(t *Trial) { t.FirstMoveMS, t.SolveMS = 0, 1 }, TooQuickOff},
		{"a first move at 99 ms", func(t *Trial) { t.FirstMoveMS = 99 }, TooQuickOff},
		{"25 moves in half a second", func(t *Trial) { t.FirstMoveMS, t.SolveMS = 200, 700 }, TooFastMoves},
		{"25 moves at 25 ms each", func(t *Trial) { t.FirstMoveMS, t.SolveMS = 200, 800 }, ""},
	} {
		tr := ok
		tc.edit(&tr)
		kind, err := tr.Impossible(25)
		if kind != tc.kind || (err != nil) != (tc.kind != "") {
			t.Errorf("%s: %q %v, want %q", tc.name, kind, err, tc.kind)
		}
	}
	// In a calibration: the forged trials are left out, and said.
	var trials []Trial
	for p := range 3 {
		for i := range 4 {
			trials = append(trials, trial(fmt.Sprintf("P%d", p), i))
		}
	}
	forged := trial("P0", 9)
	forged.Moves = 1
	quick := trial("P1", 9)
	quick.FirstMoveMS, quick.SolveMS = 0, 1
	rep, err := Calibrate(append(trials, forged, quick), Options{Resamples: 100})
	if err != nil {
		t.Fatal(err)
	}
	left := strings.Join(rep.Left, "; ")
	if rep.Trials != 12 || !strings.Contains(left, "1: impossible: "+TooFewMoves) || !strings.Contains(left, "1: impossible: "+TooQuickOff) {
		t.Errorf("%d trials used, left out: %s", rep.Trials, left)
	}
}

func TestLooksLikeName(t *testing.T) {
	for code, want := range map[string]bool{"A01": false, "S07": false, "k-12": false, "AB": false, "EmmaSmith": true, "Emma": true, "EMMA": true, "tom": true, "Tom2": true, "AB_cd": false} {
		if got := LooksLikeName(code); got != want {
			t.Errorf("LooksLikeName(%q) = %v", code, got)
		}
	}
}

// The views are kept apart, in their order, those not recorded last.
func TestByView(t *testing.T) {
	var trials []Trial
	for i, v := range []string{"torch", "", "full", "torch", "mixed", "full"} {
		tr := trial("A", i)
		tr.View = v
		trials = append(trials, tr)
	}
	var got []string
	for _, g := range ByView(trials) {
		got = append(got, fmt.Sprintf("%s:%d", g.View, len(g.Trials)))
	}
	if s := strings.Join(got, " "); s != "full:2 torch:2 mixed:1 :1" {
		t.Errorf("by view: %s", s)
	}
}

// TestHoldLockProcess is the other process of locktest.Hold.
func TestHoldLockProcess(t *testing.T) { locktest.Serve(t) }

// A study file another process keeps locked does not hold a trial up
// past LockWait: it is kept, in order, and written once the file is
// free, with the next trial or by Close; Close says which it could not.
func TestLockIsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "class.jsonl")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	release := locktest.Hold(t, path)
	start := time.Now()
	var busy *BusyError
	if err := l.Add(trial("A1", 1)); !errors.As(err, &busy) || busy.Kept != 1 || !strings.Contains(err.Error(), "is locked by another process: the trial is kept") {
		t.Fatalf("a trial while the file is locked: %v", err)
	}
	if err := l.Add(trial("A1", 2)); !errors.As(err, &busy) || busy.Kept != 2 {
		t.Fatalf("a second trial while the file is locked: %v", err)
	}
	if waited := time.Since(start); waited > LockWait+5*time.Second {
		t.Errorf("the two trials waited %v", waited)
	}
	if err := l.Close(); err == nil || !strings.Contains(err.Error(), "2 trials are not written") || strings.Count(err.Error(), `"participant":"A1"`) != 2 {
		t.Errorf("Close while the file is locked: %v", err)
	}
	release()
	if err := l.Add(trial("A1", 3)); err != nil {
		t.Fatal(err)
	}
	trials, skipped, err := ReadFile(path)
	if err != nil || skipped.Lines > 0 || len(trials) != 3 {
		t.Fatalf("%d trials, %v, %v", len(trials), skipped, err)
	}
	for i, tr := range trials {
		if want := trial("A1", i+1); tr.Moves != want.Moves {
			t.Errorf("trial %d is %+v, want %+v", i+1, tr, want)
		}
	}
	// Close writes what is kept once the file is free.
	release = locktest.Hold(t, path)
	if err := l.Add(trial("A1", 4)); !errors.As(err, &busy) {
		t.Fatalf("a trial while the file is locked again: %v", err)
	}
	release()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if trials, _, _ := ReadFile(path); len(trials) != 4 {
		t.Errorf("%d trials after Close, want 4", len(trials))
	}
}

// A give-up is ranked as the slowest of its child's trials (a
// millisecond past the slowest solve: never tied with it), counted and
// kept out of the fit; a child with one usable trial is counted; other
// unsolved trials are left out by how they ended; each trial's use is
// said.
func TestCalibrateGiveUpsAndOneTrialChildren(t *testing.T) {
	a1, a2 := trial("A", 1), trial("A", 2)
	a1.SolveMS, a1.EndMS = 9000, 9000
	gave := trial("A", 3)
	gave.Solved, gave.Ended, gave.SolveMS, gave.EndMS = false, EndedGaveUp, 0, 5000
	b1 := trial("B", 1)
	left := trial("B", 2)
	left.Solved, left.Ended, left.SolveMS, left.EndMS = false, EndedLeft, 0, 4000
	// A has a1 (9 s) and a2 (20 s): the give-up, left after 5 s,
	// is slower than both.
	rep, err := Calibrate([]Trial{a1, a2, gave, b1, left}, Options{Resamples: 100})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"solved", "solved", "gave up, ranked slowest", "left out: the person's only usable trial", "left out: not solved (left)"}
	if !reflect.DeepEqual(rep.Use, want) || rep.GaveUp != 1 || rep.OnePerson != 1 || rep.Participants != 1 || rep.Trials != 3 {
		t.Errorf("use %q, gave up %d, one-trial people %d, people %d, trials %d", rep.Use, rep.GaveUp, rep.OnePerson, rep.Participants, rep.Trials)
	}
	// Tied with the slowest solve, the give-up is still slower: the
	// child's times differ.
	gave.EndMS = 9000
	rep, _ = Calibrate([]Trial{a1, gave}, Options{Resamples: 100})
	if rep.Participants != 1 || rep.Use[1] != "gave up, ranked slowest" {
		t.Errorf("a give-up as long as the slowest solve: %d people, %q", rep.Participants, rep.Use)
	}
}

// A line's seed is a string, read exactly by JavaScript; a line of an
// older file (a number seed, solve_ms on an unsolved trial) reads as
// written now.
func TestLineSeedsAndTimes(t *testing.T) {
	tr := trial("A", 1)
	tr.Seed = 18446744073709551557
	line, err := json.Marshal(tr)
	if err != nil || !strings.Contains(string(line), `"seed":"18446744073709551557"`) {
		t.Fatalf("the line: %s %v", line, err)
	}
	var back Trial
	if err := json.Unmarshal(line, &back); err != nil || back.Seed != tr.Seed {
		t.Errorf("read back: %v %d", err, back.Seed)
	}
	old := `{"time":"2026-01-01T00:00:00Z","participant":"A","source":"studio","shape":"rectangle","size":"8x8","algorithm":"backtracker","seed":12345,"first_move_ms":900,"solve_ms":5000,"moves":3,"wrong_cells":0,"solved":false}`
	trials, skipped, err := Read(strings.NewReader(old+"\n"), "old.jsonl")
	if err != nil || skipped.Lines != 0 || len(trials) != 1 || trials[0].Seed != 12345 || trials[0].SolveMS != 0 || trials[0].EndMS != 5000 {
		t.Errorf("an old line: %v %v %+v", err, skipped, trials)
	}
	for _, bad := range []string{`"seed":"12x"`, `"seed":-1`, `"seed":"18446744073709551616"`} {
		line := strings.Replace(old, `"seed":12345`, bad, 1)
		if trials, _, _ := Read(strings.NewReader(line+"\n"), "bad.jsonl"); len(trials) != 0 {
			t.Errorf("a seed %s was read: %+v", bad, trials)
		}
	}
}
