//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"mazebook/internal/pdftest"
)

// --manifest, run as a process of its own, reads crafted files in a
// book's place in less than 256 MB (its peak resident memory, as Linux
// counts it, in KB), and refuses each by name with what is wrong (exit
// 1): a page tree that says two thousand million pages (pdfcpu's
// allocation for it killed the process), an object stream that inflates
// to 512 MB (2.12 GB at its peak), a book with 1 GB of zeros after its
// end (read whole, 2.24 GB). The process is given 8 GB of address space
// (ulimit -v) so that a reader that is not bounded cannot take the
// machine's memory; a Go program reserves more address space than it
// uses (1.7 GB), so the bound is the memory it uses, not that.
func TestManifestOfCraftedBooksInABudget(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a flate bomb of 512 MB")
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "specs"), 0o755)
	os.WriteFile(filepath.Join(dir, "specs", "b.yaml"), []byte("title: Tiny\nseed: 3\nsections:\n  - {count: 2, size: 5x5}\n"), 0o644)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	book := filepath.Join(dir, "books", "b.pdf")
	good, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		write func() error
		want  string
	}{
		{"a count of 2000000000", func() error { return os.WriteFile(book, pdftest.Count(2_000_000_000, "Tiny"), 0o644) }, "its page tree says 2000000000 pages"},
		{"an object stream of 512 MB", func() error { return os.WriteFile(book, pdftest.Bomb(512), 0o644) }, "its cross-reference is a stream"},
		{"1 GB of zeros after its end", func() error {
			if err := os.WriteFile(book, good, 0o644); err != nil {
				return err
			}
			return os.Truncate(book, int64(len(good))+1<<30)
		}, "it does not end with %%EOF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.write(); err != nil {
				t.Fatal(err)
			}
			p := mazebookProcess(dir, "build", "specs", "--manifest", "-o", "books")
			p.Args = []string{"sh", "-c", `ulimit -v 8388608 && exec "$0" "$@"`, p.Path, "-test.run=^$"}
			p.Path = "/bin/sh"
			var stderr bytes.Buffer
			p.Stderr = &stderr
			err := p.Run()
			code := p.ProcessState.ExitCode()
			if want := filepath.Join("books", "b.pdf") + " is not a book mazebook wrote, or is damaged: " + c.want; code != 1 || !strings.Contains(stderr.String(), want) {
				t.Errorf("exit %d (%v), want 1 saying %q:\n%.600s", code, err, want, stderr.String())
			}
			if ru, ok := p.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 256<<10 {
				t.Errorf("its peak: %d MB", ru.Maxrss>>10)
			}
		})
	}
}
