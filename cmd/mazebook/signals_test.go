package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
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
)

// exitOf waits for cmd and returns its exit code, failing the test when
// it has not exited within a minute.
func exitOf(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	return exitWithin(t, cmd, time.Minute)
}

// exitWithin waits for cmd and returns its exit code, killing it and
// failing the test when it has not exited within d.
func exitWithin(t *testing.T, cmd *exec.Cmd, d time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the process did not exit within %v", d)
		return -1
	}
}

// The studio stops gracefully on SIGINT and SIGTERM, every time: it says
// so and exits 130 or 143, with one owner of the signals.
func TestServeStopsGracefully(t *testing.T) {
	dir := t.TempDir()
	for try := range 3 {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			cmd := mazebookProcess(dir, "serve", "--addr", "127.0.0.1:0")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil || !strings.Contains(line, "open http://") {
				cmd.Process.Kill()
				t.Fatalf("the studio did not start: %q %v %s", line, err, stderr.String())
			}
			cmd.Process.Signal(sig)
			if code := exitOf(t, cmd); code != 128+int(sig) || !strings.Contains(stderr.String(), "mazebook studio: stopped") || strings.Count(stderr.String(), "interrupted") != 1 {
				t.Errorf("try %d, %v: exit %d: %s", try, sig, code, stderr.String())
			}
		}
	}
}

// A catalogue stops at an interrupt: books already written stay, the
// book being written leaves no temporary file, no book is started after
// it, and the exit code is 130.
func TestCatalogueStopsAtAnInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a catalogue")
	}
	dir := t.TempDir()
	for i := range 6 {
		writeFiles(t, filepath.Join(dir, "specs"), map[string]string{fmt.Sprintf("s%d.yaml", i): "seed: " + fmt.Sprint(i) + "\nsections:\n  - {count: 150, size: 30x30}\n"})
	}
	cmd := mazebookProcess(dir, "build", "specs", "-o", "books", "--jobs", "1", "-q")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the first book.
	deadline := time.Now().Add(time.Minute)
	for {
		if _, err := os.Stat(filepath.Join(dir, "books", "s0.pdf")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no book was written: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	if code := exitOf(t, cmd); code != 130 || !strings.Contains(stderr.String(), "mazebook: interrupted (interrupt) after outputs were written") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "books"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if len(names) >= 6 {
		t.Errorf("the catalogue went on: %v", names)
	}
}

// serve --study prints the teacher's address and the class's, the
// class's answers its page of the game alone, and a maze still open when
// the studio is stopped is recorded as left.
func TestServeStudy(t *testing.T) {
	dir := t.TempDir()
	spec := "title: Class 3B\nseed: 5\nsections:\n  - {count: 2, size: 6x6}\n"
	if err := os.WriteFile(filepath.Join(dir, "class.yaml"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := mazebookProcess(dir, "serve", "--addr", "127.0.0.1:0", "--study", "class.jsonl", "class.yaml")
	rd, stderr := startProcess(t, cmd)
	var said []string
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("the studio did not start: %q %v %s", said, err, stderr.String())
		}
		said = append(said, strings.TrimSpace(line))
		if strings.Contains(line, "press Ctrl+C") {
			break
		}
	}
	text := strings.Join(said, "\n")
	urls := regexp.MustCompile(`open (http://\S+/)`).FindAllStringSubmatch(text, -1)
	if len(urls) != 2 || !strings.Contains(text, "the class's page, the game alone (for the tablets)") || !strings.Contains(text, "class.jsonl") || urls[0][1] == urls[1][1] {
		t.Fatalf("serve --study says:\n%s", text)
	}
	class := urls[1][1]
	resp, err := http.Get(class)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte(`id="participant"`)) || bytes.Contains(page, []byte(`id="editor"`)) {
		t.Fatalf("the class's page: %d\n%.300s", resp.StatusCode, page)
	}
	// A move of maze 1, reported as the page reports it, then the studio
	// stopped: the trial is recorded, as left.
	side, trial := firstMove(t, http.DefaultClient, class, "A01")
	body := fmt.Sprintf(`{"id":"%s","participant":"A01","from":0,"moves":[[%d,1200,0,0]],"now":1500}`, trial, side)
	// The 1.5 s the page says have passed since it showed the maze pass
	// on the studio's clock too, which refuses a page's clock ahead of it.
	time.Sleep(1500 * time.Millisecond)
	resp, err = http.Post(class+"api/trial/1", "application/json", strings.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a move: %v %v", resp, err)
	}
	resp.Body.Close()
	cmd.Process.Signal(syscall.SIGTERM)
	if code := exitOf(t, cmd); code != 143 {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "class.jsonl"))
	if err != nil || strings.Count(string(data), "\n") != 1 || !strings.Contains(string(data), `"participant":"A01"`) || !strings.Contains(string(data), `"solved":false`) {
		t.Errorf("the study file after the studio stopped: %v\n%s", err, data)
	}
}

// waitForFile waits until a file matching pattern exists (a temporary
// file: the command has begun writing), failing the test after a minute.
func waitForFile(t *testing.T, cmd *exec.Cmd, pattern string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no %s appeared", pattern)
		}
	}
}

// TestSecondInterruptStopsAtOnce sends two SIGINTs to a process drawing
// a large maze (which does not stop at the first): the second ends it at
// once, with exit 130, its temporary file removed and the file it was
// to replace as it was.
func TestSecondInterruptStopsAtOnce(t *testing.T) {
	dir := t.TempDir()
	old := []byte("the maze of yesterday\n")
	if err := os.WriteFile(filepath.Join(dir, "big.svg"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := mazebookProcess(dir, "maze", "--size", "2000x2000", "-o", "big.svg")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, cmd, filepath.Join(dir, ".big.svg.tmp-*"))
	cmd.Process.Signal(syscall.SIGINT)
	time.Sleep(20 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	if code := exitWithin(t, cmd, 3*time.Second); code != 130 || strings.Count(stderr.String(), "interrupted") != 1 {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	checkStopped(t, dir, "big.svg", old)
}

// checkStopped checks that a process stopped left no temporary file in
// dir and that name holds either old (the process stopped before its
// commit) or a whole new file (after it): never anything half written.
func checkStopped(t *testing.T, dir, name string, old []byte) {
	t.Helper()
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, old) && !bytes.HasSuffix(bytes.TrimSpace(data), []byte("</svg>")) {
		t.Errorf("%s is neither the old file nor a whole new one: %d bytes", name, len(data))
	}
}

// TestGraceRunsOut interrupts a command that does not stop (solve,
// reading a maze from a pipe that never ends): when graceTime runs out
// it is stopped, exit 130, its temporary file removed and the file it
// was to replace untouched.
func TestGraceRunsOut(t *testing.T) {
	dir := t.TempDir()
	old := []byte("the solution of yesterday\n")
	if err := os.WriteFile(filepath.Join(dir, "way.svg"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := mazebookProcess(dir, "solve", "-", "-o", "way.svg")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, cmd, filepath.Join(dir, ".way.svg.tmp-*"))
	cmd.Process.Signal(syscall.SIGINT)
	if code := exitWithin(t, cmd, graceTime+10*time.Second); code != 130 || !strings.Contains(stderr.String(), "mazebook: interrupted (interrupt); no output was changed") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	checkStopped(t, dir, "way.svg", old)
	if data, _ := os.ReadFile(filepath.Join(dir, "way.svg")); !bytes.Equal(data, old) {
		t.Errorf("way.svg was replaced: %q", data)
	}
}

// firstMove fetches maze 1 from the class's page at class and returns a
// side of its entrance cell that opens onto another cell: a first move a
// child could make.
func firstMove(t *testing.T, client *http.Client, class, who string) (side int, trial string) {
	t.Helper()
	resp, err := client.Get(class + "api/maze/1?participant=" + who)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var pm struct {
		Trial    string `json:"trial"`
		Entrance int    `json:"entrance"`
		Cells    []struct {
			Sides []struct {
				To   int  `json:"to"`
				Open bool `json:"open"`
			} `json:"s"`
		} `json:"cells"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&pm); err != nil || pm.Entrance < 0 || pm.Entrance >= len(pm.Cells) {
		t.Fatalf("the class's maze 1: %v", err)
	}
	for i, s := range pm.Cells[pm.Entrance].Sides {
		if s.Open && s.To >= 0 {
			return i, pm.Trial
		}
	}
	t.Fatal("the class's maze 1 has no way out of its entrance")
	return -1, ""
}
