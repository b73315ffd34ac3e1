package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// exitOf waits for cmd and returns its exit code, failing the test when
// it has not exited within a minute.
func exitOf(t *testing.T, cmd *exec.Cmd) int {
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
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("the process did not exit")
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
