package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"mazebook/internal/locktest"
	"mazebook/study"
)

// TestKernelFilesAreNotRead checks that a font that is a file of the
// kernel's state (/proc/kmsg, whose read waits for the kernel's next
// message, forever), named in the spec or found through a link in the
// folder MAZEBOOK_FONTS names, is refused at once: exit 2, a message
// that names it and says what it is.
func TestKernelFilesAreNotRead(t *testing.T) {
	kmsg := "/proc/kmsg"
	if f, err := os.Open(kmsg); err != nil {
		kmsg = "/proc/self/status" // not root: a file of /proc that opens
		if _, err := os.Stat(kmsg); err != nil {
			t.Skip("no /proc")
		}
	} else {
		f.Close()
	}
	dir := t.TempDir()
	fonts := filepath.Join(dir, "fonts")
	os.Mkdir(fonts, 0o755)
	if err := os.Symlink(kmsg, filepath.Join(fonts, "Face.ttf")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"abs.yaml":  "fonts: {text: " + kmsg + "}\nsections:\n  - {count: 1, size: 5x5}\n",
		"env.yaml":  "fonts: {text: Face.ttf}\nsections:\n  - {count: 1, size: 5x5}\n",
		"link.yaml": "fonts: {text: fonts/Face.ttf}\nsections:\n  - {count: 1, size: 5x5}\n",
	})
	for spec, want := range map[string]string{
		"abs.yaml":  `font "` + kmsg + `": open ` + kmsg + `: a file of the kernel's state (on proc), not a regular file`,
		"env.yaml":  `font "Face.ttf": ` + filepath.Join(fonts, "Face.ttf") + `, in the folder MAZEBOOK_FONTS names: a file of the kernel's state (on proc), not a regular file`,
		"link.yaml": `font "fonts/Face.ttf": a file of the kernel's state (on proc), not a regular file`,
	} {
		cmd := mazebookProcess(dir, "validate", spec)
		cmd.Env = append(cmd.Env, "MAZEBOOK_FONTS="+fonts)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if code := exitWithin(t, cmd, 30*time.Second); code != 2 || !strings.Contains(stderr.String(), want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s: exit %d: %s", spec, code, stderr.String())
		}
	}
}

// TestStdoutWritesAreChecked runs every command that writes to standard
// output with it on /dev/full (a disk that is full): each fails, exit 1,
// saying so, rather than exit 0 with nothing written; serve fails
// rather than run on with its address never said.
func TestStdoutWritesAreChecked(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"b.yaml":       smallSpec,
		"specs/a.yaml": smallSpec,
		"m.txt":        "+  +--+\n|     |\n+--+  +\n|     |\n+--+  +\n",
	})
	writeTrials(t, filepath.Join(dir, "class.jsonl"), 8, 12)
	for _, args := range [][]string{
		{"version"},
		{"--help"},
		{"algorithms"},
		{"validate", "b.yaml"},
		{"build", "specs", "--list"},
		{"build", "b.yaml", "-o", "-", "--quiet"},
		{"calibrate", "class.jsonl", "--resamples", "100"},
		{"calibrate", "class.jsonl", "--resamples", "100", "--json"},
		{"maze", "--size", "5x5"},
		{"solve", "m.txt"},
		{"stats", "b.yaml"},
		{"init"},
		{"serve", "--addr", "127.0.0.1:0"},
	} {
		cmd := mazebookProcess(dir, args...)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if code := exitWithin(t, cmd, time.Minute); code != 1 || !strings.Contains(stderr.String(), "write standard output: no space left on device") {
			t.Errorf("%s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
	}
}

// TestListCutShort fills the disk under build --list (a file size limit
// the shell sets): the list is cut short, and the exit code says so.
func TestListCutShort(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	specs := map[string]string{}
	for i := range 300 {
		specs[fmt.Sprintf("specs/s%03d.yaml", i)] = smallSpec
	}
	writeFiles(t, dir, specs)
	cmd := mazebookProcess(dir, "build", "specs", "--list", "-o", "out")
	// ulimit -f counts blocks of 512 bytes in sh (POSIX): 8 KB of the
	// list's 20 KB.
	cmd.Args = append([]string{sh, "-c", `ulimit -f 16 && exec "$0" "$@" > jobs.txt`}, cmd.Args...)
	cmd.Path = sh
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	code := exitWithin(t, cmd, time.Minute)
	data, _ := os.ReadFile(filepath.Join(dir, "jobs.txt"))
	if code == 0 || len(data) == 0 || len(data) > 16*512 || !strings.Contains(stderr.String(), "the list is cut short after") {
		t.Errorf("exit %d, %d bytes listed: %s", code, len(data), stderr.String())
	}
}

// TestHoldLockProcess is the other process of locktest.Hold.
func TestHoldLockProcess(t *testing.T) { locktest.Serve(t) }

// TestServeStudyLockHeld runs serve --study while another process holds
// the study file's lock: a trial's closing report is answered within a
// bound, saying the trial is kept (the class's page answers meanwhile);
// once the lock is free it is written with the next; and SIGTERM with the
// lock held again stops the studio, exit 143, saying which trial could
// not be written.
func TestServeStudyLockHeld(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"class.yaml": "title: Class 3B\nseed: 5\nsections:\n  - {count: 2, size: 6x6}\n"})
	studyFile := filepath.Join(dir, "class.jsonl")
	cmd := mazebookProcess(dir, "serve", "--addr", "127.0.0.1:0", "--study", "class.jsonl", "class.yaml")
	rd, stderr := startProcess(t, cmd)
	var said []string
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("the studio did not start: %q %v %s", said, err, stderr.String())
		}
		said = append(said, line)
		if strings.Contains(line, "press Ctrl+C") {
			break
		}
	}
	urls := regexp.MustCompile(`open (http://\S+/)`).FindAllStringSubmatch(strings.Join(said, ""), -1)
	if len(urls) != 2 {
		t.Fatalf("serve --study says: %q", said)
	}
	class := urls[1][1]
	client := &http.Client{Timeout: study.LockWait + 20*time.Second}
	side, trialA := firstMove(t, client, class, "A01")
	_, trialB := firstMove(t, client, class, "A02")
	_, trialC := firstMove(t, client, class, "A03")
	// leave reports a maze played one move, then left, by participant who.
	leave := func(id, who string) string {
		t.Helper()
		body := fmt.Sprintf(`{"id":"%s","participant":"%s","from":0,"moves":[[%d,1200,0,0]],"now":1500,"end":"left"}`, id, who, side)
		resp, err := client.Post(class+"api/trial/1", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatalf("%s's report: %v", who, err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return string(data)
	}
	// The page's clock says 1.5 s passed since the maze was shown: so
	// much passes on the studio's too, which checks the claim.
	time.Sleep(1500 * time.Millisecond)
	release := locktest.Hold(t, studyFile)
	if got := leave(trialA, "A01"); !strings.Contains(got, "is locked by another process: the trial is kept") {
		t.Errorf("a trial closed while the file is locked: %s", got)
	}
	if resp, err := client.Get(class); err != nil || resp.StatusCode != 200 {
		t.Errorf("the class's page while the file is locked: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	release()
	if got := leave(trialB, "A02"); strings.Contains(got, "locked") {
		t.Errorf("a trial closed once the file is free: %s", got)
	}
	locktest.Hold(t, studyFile)
	leave(trialC, "A03")
	cmd.Process.Signal(syscall.SIGTERM)
	if code := exitWithin(t, cmd, graceTime+10*time.Second); code != 143 || !strings.Contains(stderr.String(), "is still locked by another process: 1 trials are not written") || !strings.Contains(stderr.String(), `"participant":"A03"`) {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	data, _ := os.ReadFile(studyFile)
	if strings.Count(string(data), "\n") != 2 || !strings.Contains(string(data), `"participant":"A01"`) || !strings.Contains(string(data), `"participant":"A02"`) {
		t.Errorf("the study file:\n%s", data)
	}
}

// TestPlayStudyLockHeld wins a game of play --study in a real terminal
// while another process holds the study file's lock: the game still
// answers q, and the command ends within a bound, exit 1, giving the
// trial it could not write.
func TestPlayStudyLockHeld(t *testing.T) {
	dir, bin, tm := builtInTmux(t)
	waitFor := func(what string) string {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			s := tm("capture-pane", "-p", "-J", "-t", "play")
			if strings.Contains(s, what) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited for %q; the screen shows:\n%s", what, s)
			}
		}
	}
	tm("new-session", "-d", "-s", "play", "-x", "200", "-y", "40", "env", "PS1=$ ", "sh")
	studyFile := filepath.Join(dir, "class.jsonl")
	locktest.Hold(t, studyFile)
	args := []string{"--size", "5x5", "--seed", "1"}
	tm("send-keys", "-t", "play", bin+" play "+strings.Join(args, " ")+" --study "+studyFile+" --participant T01; echo PLAY-EXIT=$?", "Enter")
	waitFor("0 moves")
	time.Sleep(300 * time.Millisecond) // a person's first move
	for _, k := range playKeys(t, args...) {
		tm("send-keys", "-t", "play", k)
		time.Sleep(40 * time.Millisecond)
	}
	waitFor("found the way out!")
	tm("send-keys", "-t", "play", "q")
	s := waitFor("PLAY-EXIT=1")
	if !strings.Contains(s, "is still locked by another process: 1 trials are not written") || !strings.Contains(s, `"participant":"T01"`) {
		t.Errorf("the game won while the study file is locked ends:\n%s", s)
	}
}
