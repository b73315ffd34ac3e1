package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mazebook/maze"
	"mazebook/play"
	"mazebook/study"
)

func TestPlayUsageErrors(t *testing.T) {
	spec, err := filepath.Abs("../../examples/worksheet.yaml")
	if err != nil {
		t.Fatal(err)
	}
	shapes, err := filepath.Abs("../../examples/shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--view", "dark"}, "--view: view \"dark\" is unknown (known: full, theseus, torch)"},
		{[]string{"--radius", "0"}, "--radius must be from 1 to"},
		{[]string{"--size", "501x500"}, "mazebook play: a 501x500 rectangle cannot be played in the terminal: the views draw at most 250000 cells"},
		{[]string{"--shape", "hexagon", "--size", "300"}, "hexagon cannot be played in the terminal: the views draw at most 250000 cells"},
		{[]string{"--size", "0x5"}, "mazebook play: --size:"},
		{[]string{"--algorithm", "prims"}, "mazebook play: --algorithm:"},
		{[]string{"--maze", "2"}, "--maze chooses a maze of a SPEC"},
		{[]string{spec, "--size", "5x5"}, "--size makes a maze of its own: give a SPEC or maze flags, not both"},
		{[]string{spec, "--maze", "999"}, "--maze 999: " + spec + " has mazes 1 to"},
		{[]string{spec, spec}, "give at most one spec file"},
		{[]string{"missing.yaml"}, "cannot read spec missing.yaml"},
		{[]string{shapes, "--maze", "99"}, "--maze 99: " + shapes + " has mazes 1 to"},
		{[]string{"maze.txt", "--size", "5x5"}, "--size makes a maze of its own: give a maze file or maze flags, not both"},
		{[]string{"maze.txt", "--maze", "2"}, "--maze chooses a maze of a SPEC; maze.txt is one maze"},
		{[]string{"--participant", "A1"}, "--participant is for a study: give --study FILE too"},
		{[]string{"--study", "x.jsonl", "--participant", "Ana García"}, "give a code of 1 to 32 letters, digits, - or _ (no names)"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := mazebook(t, t.TempDir(), append([]string{"play"}, tc.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, %q; want exit 2 and %q", code, stderr, tc.want)
			}
		})
	}
}

// playKeys returns the tmux key names that walk the maze 'mazebook play'
// makes from args along its solution and out through its exit, checked
// by playing them in the game package: at each step, the key of the
// direction whose side leads on (an arrow, or y i b n between them).
func playKeys(t *testing.T, args ...string) []string {
	t.Helper()
	fs := newFlags(&env{stdout: io.Discard, stderr: io.Discard}, "play", "", "")
	rf := addRecipeFlags(fs)
	if _, err := parse(fs, args); err != nil {
		t.Fatal(err)
	}
	r, _, err := rf.recipe()
	if err != nil {
		t.Fatal(err)
	}
	m, err := maze.Make(r)
	if err != nil {
		t.Fatal(err)
	}
	g, err := play.New(m, play.Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := [...]string{play.Up: "Up", play.Right: "Right", play.Down: "Down", play.Left: "Left", play.UpRight: "i", play.DownRight: "n", play.DownLeft: "b", play.UpLeft: "y"}
	var keys []string
	sol := m.Solution()
	for i := 1; i <= len(sol); i++ {
		want := m.Exit.Side // out through the exit
		if i < len(sol) {
			for s := 0; s < m.Grid.Sides(sol[i-1]); s++ {
				if m.Grid.Neighbor(sol[i-1], s) == sol[i] {
					want = s
				}
			}
		}
		moved := false
		for d := play.Up; d <= play.UpLeft && !moved; d++ {
			if s, ok := g.SideToward(d); ok && s == want {
				keys = append(keys, names[d])
				moved = g.Step(d, time.Time{})
			}
		}
		if !moved {
			t.Fatalf("no key takes side %d of cell %d", want, g.Player())
		}
	}
	if !g.Finished() {
		t.Fatal("the keys do not finish the game")
	}
	return keys
}

// TestPlayInTmux plays a game in a real terminal: tmux runs the built
// command in a shell, the test types the winning keys, reads the screen,
// and checks that q, Ctrl-C and a SIGTERM all leave the shell's screen
// clean.
func TestPlayInTmux(t *testing.T) {
	dir, bin, tm := builtInTmux(t)
	screen := func() string { return tm("capture-pane", "-p", "-t", "play") }
	waitFor := func(what string) string {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			s := screen()
			if strings.Contains(s, what) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited for %q; the screen shows:\n%s", what, s)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	clean := func(s string) {
		t.Helper()
		if strings.ContainsAny(s, "─│┌┐└┘@") || strings.Contains(s, "moves") {
			t.Errorf("the game is left on the screen after it ended:\n%s", s)
		}
	}
	tm("new-session", "-d", "-s", "play", "-x", "100", "-y", "40", "env", "PS1=$ ", "sh")
	args := []string{"--size", "5x5", "--seed", "1"}
	command := bin + " play " + strings.Join(args, " ") + "; echo PLAY-EXIT=$?"

	// Win, and quit with q.
	tm("send-keys", "-t", "play", command, "Enter")
	waitFor("0 moves")
	keys := playKeys(t, args...)
	tm(append([]string{"send-keys", "-t", "play"}, keys...)...)
	s := waitFor("found the way out!")
	want := fmt.Sprintf("found the way out! %d moves in ", len(keys)-1)
	if !strings.Contains(s, want) {
		t.Errorf("the finish says no %q:\n%s", want, s)
	}
	tm("send-keys", "-t", "play", "q")
	clean(waitFor("PLAY-EXIT=0"))

	// Quit with Ctrl-C.
	tm("send-keys", "-t", "play", "clear; "+command, "Enter")
	waitFor("0 moves")
	tm("send-keys", "-t", "play", "Right", "C-c")
	clean(waitFor("PLAY-EXIT=0"))

	// A study: the code typed at the prompt, the game won, the trial
	// recorded; then a game given up after one move, recorded unsolved.
	studyFile := filepath.Join(dir, "class.jsonl")
	tm("send-keys", "-t", "play", "clear; "+bin+" play "+strings.Join(args, " ")+" --study "+studyFile+"; echo PLAY-EXIT=$?", "Enter")
	waitFor("Participant code")
	tm("send-keys", "-t", "play", "T01", "Enter")
	waitFor("0 moves")
	time.Sleep(300 * time.Millisecond) // a first move that takes a moment
	// A key at a time, as a person presses them: keys typed all at once
	// (10 moves in 3 ms) are no person's, and are not recorded.
	for _, k := range keys {
		tm("send-keys", "-t", "play", k)
		time.Sleep(40 * time.Millisecond)
	}
	waitFor("found the way out!")
	tm("send-keys", "-t", "play", "q")
	waitFor("PLAY-EXIT=0")
	tm("send-keys", "-t", "play", "clear; "+bin+" play "+strings.Join(args, " ")+" --study "+studyFile+" --participant T02; echo PLAY-EXIT=$?", "Enter")
	waitFor("0 moves")
	time.Sleep(300 * time.Millisecond) // a person's first move, not within 100 ms
	tm("send-keys", "-t", "play", keys[0], "q")
	waitFor("PLAY-EXIT=0")
	trials, skipped, err := study.ReadFile(studyFile)
	if err != nil || skipped.Lines > 0 || len(trials) != 2 {
		t.Fatalf("the study file holds %d trials (%v %v)", len(trials), err, skipped)
	}
	won, quit := trials[0], trials[1]
	if won.Participant != "T01" || !won.Solved || won.Moves != len(keys)-1 || won.WrongCells != 0 || won.Size != "5x5" || won.Seed != 1 || won.Source != "play" || won.View != "full" || won.Input != "keys" ||
		won.FirstMoveMS < 250 || won.SolveMS < won.FirstMoveMS {
		t.Errorf("the won trial: %+v", won)
	}
	if quit.Participant != "T02" || quit.Solved || quit.Moves != 1 {
		t.Errorf("the trial given up: %+v", quit)
	}

	// A maze drawn elsewhere, read from its text: the same maze, won with
	// the same keys.
	txt := filepath.Join(dir, "drawn.txt")
	if out, err := exec.Command(bin, append([]string{"maze", "-o", txt}, args...)...).CombinedOutput(); err != nil {
		t.Fatalf("mazebook maze: %v\n%s", err, out)
	}
	tm("send-keys", "-t", "play", "clear; "+bin+" play "+txt+"; echo PLAY-EXIT=$?", "Enter")
	waitFor("0 moves")
	tm(append([]string{"send-keys", "-t", "play"}, keys...)...)
	if s := waitFor("found the way out!"); !strings.Contains(s, want) {
		t.Errorf("the maze read from text: the finish says no %q:\n%s", want, s)
	}
	tm("send-keys", "-t", "play", "q")
	clean(waitFor("PLAY-EXIT=0"))

	// A hexagon, drawn in Braille dots, won with a key between the arrows
	// (b, down and left) among them.
	hexArgs := []string{"--shape", "hexagon", "--size", "4", "--seed", "4"}
	hexKeys := playKeys(t, hexArgs...)
	if !strings.Contains(" "+strings.Join(hexKeys, " ")+" ", " b ") {
		t.Fatalf("the hexagon's keys %v need no key between the arrows", hexKeys)
	}
	tm("send-keys", "-t", "play", "clear; "+bin+" play "+strings.Join(hexArgs, " ")+"; echo PLAY-EXIT=$?", "Enter")
	s = waitFor("0 moves")
	if !strings.Contains(s, "ways:") || !strings.ContainsAny(s, "⠉⠒⠤⣀⡇⢸") {
		t.Errorf("the hexagon is not drawn in dots, or its ways are not shown:\n%s", s)
	}
	tm(append([]string{"send-keys", "-t", "play"}, hexKeys...)...)
	hexWant := fmt.Sprintf("found the way out! %d moves in ", len(hexKeys)-1)
	if s := waitFor("found the way out!"); !strings.Contains(s, hexWant) {
		t.Errorf("the hexagon: the finish says no %q:\n%s", hexWant, s)
	}
	tm("send-keys", "-t", "play", "q")
	if s := waitFor("PLAY-EXIT=0"); strings.ContainsAny(s, "⠉⠒⠤⣀@") {
		t.Errorf("the hexagon is left on the screen after the game:\n%s", s)
	}

	// In 80 columns the keys' line starts with the way out, whole, on a
	// hexagon too (whose moves take more words).
	tm("resize-window", "-t", "play", "-x", "80", "-y", "40")
	tm("send-keys", "-t", "play", "clear; "+bin+" play "+strings.Join(hexArgs, " ")+"; echo PLAY-EXIT=$?", "Enter")
	s = waitFor("0 moves")
	rows := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if keysLine := rows[len(rows)-1]; !strings.HasPrefix(keysLine, " q quit  ") || !strings.Contains(keysLine, "move") {
		t.Errorf("in 80 columns the keys read %q", keysLine)
	}
	tm("send-keys", "-t", "play", "q")
	waitFor("PLAY-EXIT=0")
	tm("resize-window", "-t", "play", "-x", "100", "-y", "40")

	// Stopped by SIGTERM: the game writes its process id (a shell that
	// then becomes the game) to a file.
	pidFile := filepath.Join(dir, "pid")
	tm("send-keys", "-t", "play", fmt.Sprintf("clear; sh -c 'echo $$ > %s; exec %s play %s'; echo PLAY-EXIT=$?", pidFile, bin, strings.Join(args, " ")), "Enter")
	waitFor("0 moves")
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	if _, err := fmt.Sscan(string(data), &pid); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	s = waitFor("PLAY-EXIT=143")
	clean(s)
	if !strings.Contains(s, "interrupted") {
		t.Errorf("no word of the interrupt:\n%s", s)
	}

	// A hang-up and a quit restore the terminal too: after each, the
	// shell echoes what is typed (a raw terminal would not).
	for _, sig := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGHUP, 129}, {syscall.SIGQUIT, 131}} {
		os.Remove(pidFile)
		tm("send-keys", "-t", "play", fmt.Sprintf("clear; sh -c 'echo $$ > %s; exec %s play %s'; echo PLAY-EXIT=$?", pidFile, bin, strings.Join(args, " ")), "Enter")
		waitFor("0 moves")
		data, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fmt.Sscan(string(data), &pid); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Kill(pid, sig.sig); err != nil {
			t.Fatal(err)
		}
		s = waitFor(fmt.Sprintf("PLAY-EXIT=%d", sig.code))
		clean(s)
		tm("send-keys", "-t", "play", "echo TYPED-$((6*7))", "Enter")
		waitFor("TYPED-42")
	}
}

// builtInTmux builds the mazebook command into a folder of the test's and
// returns the folder, the command, and what runs a tmux command on a tmux
// server of the test's own, which is stopped when the test ends.
func builtInTmux(t *testing.T) (dir, bin string, tm func(args ...string) string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	tmux := requireTool(t, "tmux")
	dir = t.TempDir()
	bin = filepath.Join(dir, "mazebook")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sock := filepath.Join(dir, "tmux.sock")
	tm = func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })
	return dir, bin, tm
}
