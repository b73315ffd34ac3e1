package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mazebook/files"
	"mazebook/internal/locktest"
)

// TestFilesTheSpecReadsAreInputs gives a spec that reads a mask, two
// pictures and a font, and points every output of build, cover and stats
// at them, by name, through a symbolic link and through a hard link: each
// run is refused before any work, and the files are left as they were.
func TestFilesTheSpecReadsAreInputs(t *testing.T) {
	dir := t.TempDir()
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("../../examples/heart.png", "heart.png")
	copyFile("../../examples/mouse.png", "mouse.png")
	copyFile("../../examples/cheese.svg", "cheese.svg")
	spec := "title: P\nstyle: {start_image: mouse.png, finish_image: cheese.svg}\nsections:\n  - {mask: heart.png, count: 1}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.yaml"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("heart.png", filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(dir, "mouse.png"), filepath.Join(dir, "hard.png")); err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, f := range []string{"heart.png", "mouse.png", "cheese.svg"} {
		before[f], _ = os.ReadFile(filepath.Join(dir, f))
	}
	for _, args := range [][]string{
		{"build", "p.yaml", "-o", "heart.png"},
		{"build", "p.yaml", "-o", "link.png"},
		{"build", "p.yaml", "-o", "hard.png"},
		{"build", "p.yaml", "--teacher", "mouse.png"},
		{"cover", "p.yaml", "-o", "cheese.svg", "--check-warn"},
		{"stats", "p.yaml", "--chart", "heart.png"},
	} {
		code, _, stderr := mazebook(t, dir, args...)
		if code != 2 || !strings.Contains(stderr, "is the same file as a file the spec reads") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	for f, data := range before {
		if now, _ := os.ReadFile(filepath.Join(dir, f)); string(now) != string(data) {
			t.Errorf("%s was changed", f)
		}
	}
}

// TestReplacedOutputKeepsItsMode replaces outputs whose modes are unusual
// (setuid, sticky, none at all) and checks each keeps its mode exactly.
func TestReplacedOutputKeepsItsMode(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("sections: [{count: 1}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []fs.FileMode{0o640, 0o000, 0o4750 | fs.ModeSetuid, fs.ModeSetgid | 0o750, fs.ModeSticky | 0o644} {
		out := filepath.Join(dir, "out.pdf")
		os.Remove(out)
		if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(out, mode); err != nil {
			t.Fatal(err)
		}
		want, _ := os.Stat(out)
		if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "out.pdf", "-q"); code != 0 {
			if os.Geteuid() != 0 && mode&fs.ModePerm == 0 {
				continue // without root, a file of mode 000 cannot be replaced in place
			}
			t.Fatalf("mode %v: exit %d: %s", mode, code, stderr)
		}
		got, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if got.Mode() != want.Mode() {
			t.Errorf("a file of mode %v was replaced by one of mode %v", want.Mode(), got.Mode())
		}
	}
}

// TestStaleTemporariesRemoved leaves beside an output the temporary files
// a killed run would (an hour old, their locks free), one of a run still
// going (its lock held), and files whose names only look alike; a build
// removes the stale ones only.
func TestStaleTemporariesRemoved(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("sections: [{count: 1}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * files.StaleAge)
	files := map[string]bool{ // name: removed
		".out.pdf.tmp-1x2y3z": true,
		".out.pdf.tmp-abc":    true,
		".out.pdf.tmp-new9":   false, // a run still going
		".out.pdf.tmp-NOTME":  false, // not a suffix mazebook writes
		".other.pdf.tmp-abc":  false, // another output's
		"out.pdf.tmp-abc":     false, // not hidden
	}
	for name := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if name != ".out.pdf.tmp-new9" {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The run still going holds its temporary file's lock: another
	// process, as a worker beside this one would.
	locktest.Hold(t, filepath.Join(dir, ".out.pdf.tmp-new9"))
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "out.pdf", "-q"); code != 0 {
		t.Fatal(stderr)
	}
	for name, removed := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := err != nil; gone != removed {
			t.Errorf("%s: removed %v, want %v", name, gone, removed)
		}
	}
}
