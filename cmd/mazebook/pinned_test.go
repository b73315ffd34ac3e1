package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hiddenTemps returns the hidden temporary files in dir.
func hiddenTemps(t *testing.T, dir string) []string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	return names
}

// A worker killed outright (kill -9) while it writes a book leaves its
// hidden temporary file; the next run into the folder removes it at
// once, not an hour later, and still builds every book.
func TestKilledWorkerLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"big.yaml":         "title: Big\nseed: 3\nsections:\n  - {count: 200, size: 60x60}\n",
		"specs/plain.yaml": "title: Plain\nseed: 4\nsections:\n  - {count: 2, size: 6x6}\n",
	})
	books := filepath.Join(dir, "books")
	os.Mkdir(books, 0o755)
	cmd := mazebookProcess(dir, "build", "big.yaml", "-q", "-o", "books/big.pdf")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for len(hiddenTemps(t, books)) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	left := hiddenTemps(t, books)
	if len(left) == 0 {
		t.Fatal("the killed build left no temporary file to clean up: did it finish first?")
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("the next run: exit %d: %s", code, stderr)
	}
	if left := hiddenTemps(t, books); len(left) > 0 {
		t.Errorf("the next run left %s", strings.Join(left, ", "))
	}
	if _, err := os.Stat(filepath.Join(books, "plain.pdf")); err != nil {
		t.Error(err)
	}
}
