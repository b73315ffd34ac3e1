//go:build unix

package spec

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpecFIFORefused checks that a library caller of Read, and a spec
// that names a FIFO as its mask, are refused at once, never left waiting
// for a writer.
func TestSpecFIFORefused(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"book.yaml", "mask.png"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}
	done := make(chan error, 2)
	go func() { _, err := Read(filepath.Join(dir, "book.yaml")); done <- err }()
	go func() {
		_, err := Parse(filepath.Join(dir, "other.yaml"), []byte("sections:\n  - {mask: mask.png}\n"))
		done <- err
	}()
	for range 2 {
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "FIFO") {
				t.Errorf("a FIFO read: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("reading a FIFO waits for a writer")
		}
	}
}
