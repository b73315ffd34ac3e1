package catalogue

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/layout/spec"
)

// A ten-volume series: no maze repeats in it (its passages hashed), the
// names are stable, and each volume's number is in its title.
func TestSeriesHasNoRepeats(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "quest.yaml")
	os.WriteFile(path, []byte("title: Quest\nseed: 7\nseries: {volumes: 10, rising: 0}\nsections:\n  - {count: 8, difficulty: 2}\n  - {count: 4, size: 8x8}\n"), 0o644)
	jobs, err := Jobs([]string{path}, spec.Options{})
	if err != nil || len(jobs) != 10 {
		t.Fatalf("%d jobs, %v", len(jobs), err)
	}
	seen := map[[32]byte]string{}
	for i, j := range jobs {
		if want := fmt.Sprintf("quest-vol-%02d", i+1); j.Name != want {
			t.Errorf("job %d is named %s, want %s", i, j.Name, want)
		}
		sp, err := Load(j)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("Quest, Volume %d", i+1); sp.Title != want {
			t.Errorf("title %q, want %q", sp.Title, want)
		}
		b, err := layout.Make(sp, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range b.Mazes {
			text, err := m.Maze.Text(nil)
			if err != nil {
				t.Fatal(err)
			}
			h := sha256.Sum256(text)
			where := fmt.Sprintf("volume %d maze %d", i+1, k+1)
			if prev, dup := seen[h]; dup {
				t.Errorf("%s repeats %s", where, prev)
			}
			seen[h] = where
		}
	}
	if len(seen) != 120 {
		t.Errorf("%d different mazes, want 120", len(seen))
	}
}

// Books built at once are the bytes of books built one by one, and a
// budget smaller than any book builds them one at a time, all the same.
func TestParallelIsTheSame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "q.yaml")
	os.WriteFile(path, []byte("title: Q\nseed: 3\nseries: {volumes: 4, rising: 2}\nteacher_edition: true\nsections:\n  - {count: 3, difficulty: 1..3}\n"), 0o644)
	jobs, err := Jobs([]string{path}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sums [][]string
	for _, opt := range []Options{{Workers: 1}, {Workers: 4}, {Workers: 4, Budget: 1}} {
		opt.Dir = t.TempDir()
		var got []string
		results, err := Build(context.Background(), jobs, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			got = append(got, r.InteriorSHA256, r.TeacherSHA256)
		}
		sums = append(sums, got)
	}
	for i := 1; i < len(sums); i++ {
		if fmt.Sprint(sums[i]) != fmt.Sprint(sums[0]) {
			t.Errorf("run %d made other bytes than run 0", i)
		}
	}
}

// Build refuses, before any book is built, a catalogue one of whose
// files is an input: here the manifest, a link onto a spec.
func TestBuildNeverWritesAnInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "b.yaml")
	os.WriteFile(file, []byte("sections:\n  - {count: 1, size: 5x5}\n"), 0o644)
	out := filepath.Join(dir, "books")
	os.Mkdir(out, 0o755)
	os.Symlink(file, filepath.Join(out, "catalogue.csv"))
	jobs, err := Jobs([]string{file}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	results, err := Build(context.Background(), jobs, Options{Dir: out})
	var ce *files.ConflictError
	if results != nil || !errors.As(err, &ce) || !ce.Input {
		t.Fatalf("%v, %v", results, err)
	}
	if data, _ := os.ReadFile(file); !strings.HasPrefix(string(data), "sections:") {
		t.Error("the spec was written over")
	}
	if _, err := os.Stat(filepath.Join(out, "b.pdf")); err == nil {
		t.Error("a book was built")
	}
}

// Build keeps the mode of a book it replaces, gives a new one the mode
// the umask allows (never a forced 0644), and leaves no temporary file.
func TestBuildKeepsModes(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b"} {
		os.WriteFile(filepath.Join(dir, n+".yaml"), []byte("sections:\n  - {count: 1, size: 5x5}\n"), 0o644)
	}
	out := filepath.Join(dir, "books")
	os.Mkdir(out, 0o755)
	os.WriteFile(filepath.Join(out, "a.pdf"), []byte("old"), 0o600)
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	jobs, err := Jobs([]string{filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Build(context.Background(), jobs, Options{Dir: out}); err != nil {
		t.Fatal(err)
	}
	for name, mode := range map[string]os.FileMode{"a.pdf": 0o600, "b.pdf": 0o640, "catalogue.json": 0o640} {
		if st, err := os.Stat(filepath.Join(out, name)); err != nil || st.Mode().Perm() != mode {
			t.Errorf("%s: %v, want %v (%v)", name, st.Mode().Perm(), mode, err)
		}
	}
	if temps, _ := filepath.Glob(filepath.Join(out, ".*")); len(temps) > 0 {
		t.Errorf("left behind: %v", temps)
	}
}
