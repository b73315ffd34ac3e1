package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f has not returned after a minute: a read
// that blocks forever is the failure these tests look for.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s blocked", what)
	}
}

// specialFiles makes a named pipe, a socket and a directory in dir, and
// names a character device, each with what describe calls it.
func specialFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		files[fifo] = "a named pipe (FIFO)"
	}
	sock := filepath.Join(dir, "s.sock")
	if l, err := net.Listen("unix", sock); err == nil {
		t.Cleanup(func() { l.Close() })
		files[sock] = "a socket"
	}
	os.Mkdir(filepath.Join(dir, "d.yaml"), 0o755)
	files[filepath.Join(dir, "d.yaml")] = "a directory"
	if _, err := os.Stat("/dev/zero"); err == nil {
		files["/dev/zero"] = "a character device"
	}
	// Files of the kernel's state, which look regular: /proc/kmsg's read
	// waits for the kernel's next message (for root, who may open it).
	for name, fs := range map[string]string{"/proc/kmsg": "proc", "/proc/self/status": "proc", "/sys/power/state": "sysfs"} {
		if f, err := os.Open(name); err == nil {
			f.Close()
			files[name] = "a file of the kernel's state (on " + fs + ")"
		}
	}
	return files
}

// Every way in refuses a file that is not a regular file at once: a
// pipe with no writer, a socket, a directory, an endless device.
func TestInputsAreRegularFiles(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	ways := []struct {
		name string
		open func(name string) error
	}{
		{"Open", func(name string) error { f, err := Open(name); closeIf(f); return err }},
		{"ReadFile", func(name string) error { _, err := ReadFile(name, 1<<20); return err }},
		{"OpenAppend", func(name string) error { f, err := OpenAppend(name); closeIf(f); return err }},
		{"DirFS", func(name string) error {
			f, err := DirFS(filepath.Dir(name)).Open(filepath.Base(name))
			if f != nil {
				f.Close()
			}
			return err
		}},
		{"RootFS", func(name string) error {
			if filepath.Dir(name) != dir {
				return &fs.PathError{Err: notRegular{mode: fs.ModeCharDevice}} // outside the root
			}
			f, err := RootFS(root).Open(filepath.Base(name))
			if f != nil {
				f.Close()
			}
			return err
		}},
	}
	for name, kind := range specialFiles(t, dir) {
		for _, w := range ways {
			t.Run(w.name+" "+kind, func(t *testing.T) {
				var err error
				within(t, w.name+" of "+kind, func() { err = w.open(name) })
				if !errors.Is(err, ErrNotRegular) {
					t.Fatalf("%s: %v, want ErrNotRegular", name, err)
				}
				if w.name != "RootFS" && !strings.Contains(err.Error(), kind+", not a regular file") {
					t.Errorf("the error does not say what the file is: %v", err)
				}
			})
		}
	}
	// A regular file reads, through a symbolic link too.
	os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("ok"), 0o644)
	os.Symlink("a.yaml", filepath.Join(dir, "link.yaml"))
	for _, name := range []string{"a.yaml", "link.yaml"} {
		if data, err := ReadFile(filepath.Join(dir, name), 2); err != nil || string(data) != "ok" {
			t.Errorf("%s: %q, %v", name, data, err)
		}
		if data, err := fs.ReadFile(DirFS(dir), name); err != nil || string(data) != "ok" {
			t.Errorf("DirFS %s: %q, %v", name, data, err)
		}
	}
}

func closeIf(f *os.File) {
	if f != nil {
		f.Close()
	}
}

// One limited reader: a file of limit bytes reads, one byte more is
// refused, saying the limit.
func TestReadLimit(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	os.WriteFile(name, make([]byte, 1024), 0o644)
	if data, err := ReadFile(name, 1024); err != nil || len(data) != 1024 {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	_, err := ReadFile(name, 1023)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1023 || !strings.Contains(err.Error(), name+": larger than 1023 bytes") {
		t.Fatalf("%v", err)
	}
	if _, err := ReadAll(io.LimitReader(neverEnding{}, 1<<30), "endless", 1<<20); !errors.As(err, &tl) || !strings.Contains(err.Error(), "endless: larger than 1 MB") {
		t.Fatalf("an endless reader: %v", err)
	}
}

type neverEnding struct{}

func (neverEnding) Read(p []byte) (int, error) { return len(p), nil }

// No output may be an input or another output, however it is named:
// the error names both.
func TestBatchRefusesCollisions(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(dir string)
		outputs []string
		want    string
	}{
		{"the input", nil, []string{"in.yaml"}, "-o in.yaml is the same file as the spec in.yaml"},
		{"the input by another path", nil, []string{"sub/../in.yaml"}, "is the same file as the spec in.yaml"},
		{"a symbolic link to the input", func(dir string) { os.Symlink("in.yaml", filepath.Join(dir, "l.pdf")) }, []string{"l.pdf"}, "-o l.pdf is the same file as the spec"},
		{"a hard link to the input", func(dir string) { os.Link(filepath.Join(dir, "in.yaml"), filepath.Join(dir, "h.pdf")) }, []string{"h.pdf"}, "-o h.pdf is the same file as the spec"},
		{"two outputs", nil, []string{"x.pdf", "x.pdf"}, "-o x.pdf and -o x.pdf are the same file"},
		{"two outputs by a link", func(dir string) {
			os.WriteFile(filepath.Join(dir, "x.pdf"), nil, 0o644)
			os.Symlink("x.pdf", filepath.Join(dir, "y.pdf"))
		}, []string{"x.pdf", "y.pdf"}, "-o x.pdf and -o y.pdf are the same file"},
		{"a socket", func(dir string) { net.Listen("unix", filepath.Join(dir, "s")) }, []string{"s"}, "-o s is a socket"},
		{"a newline in the name", nil, []string{"a\nb.pdf"}, "holds a control character (U+000A)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "sub"), 0o755)
			os.WriteFile(filepath.Join(dir, "in.yaml"), []byte("spec"), 0o644)
			if tt.setup != nil {
				tt.setup(dir)
			}
			wd, _ := os.Getwd()
			os.Chdir(dir)
			defer os.Chdir(wd)
			b := NewBatch(nil, nil)
			defer b.Abort()
			b.Input("the spec", "in.yaml")
			var err error
			for _, o := range tt.outputs {
				if _, err = b.Create("-o", o); err != nil {
					break
				}
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("%v, want %q", err, tt.want)
			}
			b.Abort()
			if data, _ := os.ReadFile("in.yaml"); string(data) != "spec" {
				t.Error("the input changed")
			}
		})
	}
}

// A Plan names both sources of a collision.
func TestPlanNamesBothSources(t *testing.T) {
	dir := t.TempDir()
	var p Plan
	p.Input("the spec", filepath.Join(dir, "b.yaml"))
	if err := p.Output(filepath.Join(dir, "b-x-cover.pdf"), "the cover of b-x, from b.yaml"); err != nil {
		t.Fatal(err)
	}
	err := p.Output(filepath.Join(dir, "b-x-cover.pdf"), "the book b-x-cover, from b.yaml")
	var ce *ConflictError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "(the cover of b-x, from b.yaml) and") || !strings.Contains(err.Error(), "(the book b-x-cover, from b.yaml) are the same file") {
		t.Fatalf("%v", err)
	}
}

// commitFixture writes old files a, b and c in dir, mode 0640, and a
// batch that replaces them and adds d.
func commitFixture(t *testing.T, dir string) *Batch {
	t.Helper()
	for _, n := range []string{"a", "b", "c"} {
		os.WriteFile(filepath.Join(dir, n), []byte("old "+n), 0o600)
		os.Chmod(filepath.Join(dir, n), 0o640)
	}
	b := NewBatch(nil, nil)
	for _, n := range []string{"a", "b", "c", "d"} {
		out, err := b.Create("-o", filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(out, "new %s", n)
	}
	return b
}

// contents returns every file of dir and its content.
func contents(t *testing.T, dir string) string {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var s []string
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		st, _ := os.Stat(filepath.Join(dir, e.Name()))
		s = append(s, fmt.Sprintf("%s=%q %v", e.Name(), data, st.Mode().Perm()))
	}
	return strings.Join(s, " ")
}

// A commit whose rename fails half way puts back every file it had
// replaced, whether the backups are hard links or, where links fail
// (FAT, exFAT, network shares), the old files renamed aside; and a
// commit without hard links works.
func TestCommitRollsBack(t *testing.T) {
	const old = `a="old a" -rw-r----- b="old b" -rw-r----- c="old c" -rw-r-----`
	for _, links := range []bool{true, false} {
		t.Run(fmt.Sprintf("links %v", links), func(t *testing.T) {
			dir := t.TempDir()
			b := commitFixture(t, dir)
			renames := 0
			if !links {
				b.ops.link = func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }
			}
			b.ops.rename = func(from, to string) error {
				// The third rename of a temporary file into place fails.
				if strings.Contains(from, ".tmp-") && !strings.HasSuffix(from, ".old") {
					if renames++; renames == 3 {
						return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO}
					}
				}
				return os.Rename(from, to)
			}
			err := b.Commit()
			if err == nil || !strings.Contains(err.Error(), "write "+filepath.Join(dir, "c")+": input/output error") {
				t.Fatalf("commit: %v", err)
			}
			if strings.Contains(err.Error(), "undoing") {
				t.Errorf("the rollback failed: %v", err)
			}
			if got := contents(t, dir); got != old {
				t.Errorf("after the failed commit:\n%s\nwant\n%s", got, old)
			}

			// The same without a failure: every file replaced, modes kept.
			b = commitFixture(t, dir)
			if !links {
				b.ops.link = func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }
			}
			if err := b.Commit(); err != nil {
				t.Fatal(err)
			}
			if got, want := contents(t, dir), `a="new a" -rw-r----- b="new b" -rw-r----- c="new c" -rw-r----- d="new d" -rw-r--r--`; got != want && !strings.HasPrefix(got, want[:len(want)-11]) {
				t.Errorf("after the commit:\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// Another run writing the same output may replace a file as a commit
// links it (Linux then says the file is not there) or remove it: the
// link is made again, and a file gone is none to keep; the commit
// succeeds either way, with no file renamed aside.
func TestCommitWhileAnotherRunReplaces(t *testing.T) {
	for _, gone := range []bool{false, true} {
		t.Run(fmt.Sprintf("gone %v", gone), func(t *testing.T) {
			dir := t.TempDir()
			b := commitFixture(t, dir)
			failed := map[string]bool{}
			b.ops.link = func(from, to string) error {
				if !failed[from] {
					failed[from] = true
					if gone {
						os.Remove(from)
					}
					return &os.LinkError{Op: "link", Old: from, New: to, Err: syscall.ENOENT}
				}
				return os.Link(from, to)
			}
			b.ops.rename = func(from, to string) error {
				if strings.HasSuffix(to, backupSuffix) {
					t.Errorf("%s renamed aside", from)
				}
				return os.Rename(from, to)
			}
			if err := b.Commit(); err != nil {
				t.Fatal(err)
			}
			for _, n := range []string{"a", "b", "c", "d"} {
				if data, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(data) != "new "+n {
					t.Errorf("%s holds %q (%v)", n, data, err)
				}
			}
		})
	}
}

// A rollback that fails is reported, naming where the old content is,
// and the old content is there.
func TestRollbackErrorsAreReported(t *testing.T) {
	dir := t.TempDir()
	b := commitFixture(t, dir)
	b.ops.link = func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EXDEV} }
	placed := 0
	b.ops.rename = func(from, to string) error {
		switch {
		case strings.HasSuffix(from, ".old"):
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO} // no restore works
		case strings.Contains(from, ".tmp-"):
			if placed++; placed == 2 {
				return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.ENOSPC}
			}
		}
		return os.Rename(from, to)
	}
	err := b.Commit()
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || !strings.Contains(err.Error(), "undoing the commit failed") {
		t.Fatalf("%v", err)
	}
	msg := err.Error()
	i := strings.Index(msg, "its old content is in ")
	if i < 0 {
		t.Fatalf("the error does not say where the old content is: %v", err)
	}
	backup := strings.SplitN(msg[i+len("its old content is in "):], ":", 2)[0]
	if data, err := os.ReadFile(backup); err != nil || !strings.HasPrefix(string(data), "old ") {
		t.Errorf("%s holds %q (%v)", backup, data, err)
	}
}

// The temporary files of a run killed outright are removed by the next
// run's as soon as their lock is free, at any age (a worker killed a
// second ago left a 0-byte one); those a run still writes, locked, are
// kept however old; a backup is put back where its output is missing;
// files whose names only look alike are left alone.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{ // name: what becomes of it
		".out.pdf.tmp-1x2y3z":     "removed",
		".out.pdf.tmp-abc":        "removed",
		".out.pdf.tmp-killed":     "removed", // new, 0 bytes, unlocked: its run was killed
		".out.pdf.tmp-new9":       "kept",    // a run still going
		".out.pdf.tmp-long1":      "kept",    // a run going for more than StaleAge
		".out.pdf.tmp-NOTME":      "kept",    // not a suffix mazebook writes
		".other.pdf.tmp-abc":      "kept",    // another output's
		"out.pdf.tmp-abc":         "kept",    // not hidden
		".gone.pdf.tmp-k2.old":    "restored",
		".here.pdf.tmp-k3.old":    "removed",
		".here.pdf.tmp-k3.old.x":  "kept",
		".here.pdf.tmp-K3.old":    "kept",
		".gone.pdf.tmp-k2.oldest": "kept",
	}
	old := time.Now().Add(-2 * StaleAge)
	for name := range files {
		p := filepath.Join(dir, name)
		switch name {
		case ".out.pdf.tmp-killed":
			os.WriteFile(p, nil, 0o644)
		case ".out.pdf.tmp-new9", ".out.pdf.tmp-long1":
			os.WriteFile(p, []byte(name), 0o644)
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			lock, ok := holdTemp(p, f)
			if !ok || lock == nil {
				t.Skip("no file locks here")
			}
			defer lock.Close()
			f.Close()
			if name == ".out.pdf.tmp-long1" {
				os.Chtimes(p, old, old)
			}
		default:
			os.WriteFile(p, []byte(name), 0o644)
			os.Chtimes(p, old, old)
		}
	}
	os.WriteFile(filepath.Join(dir, "here.pdf"), []byte("the book"), 0o644)
	removeStale(dir, "out.pdf", StaleAge)
	// A backup's age is its inode's: a test cannot make it old, so it
	// asks for any age.
	removeStale(dir, "gone.pdf", 0)
	removeStale(dir, "here.pdf", 0)
	for name, want := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		got := "kept"
		if err != nil {
			got = "removed"
		}
		if want == "restored" {
			data, _ := os.ReadFile(filepath.Join(dir, "gone.pdf"))
			if err == nil || string(data) != name {
				t.Errorf("%s: not put back as gone.pdf", name)
			}
			continue
		}
		if got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "here.pdf")); string(data) != "the book" {
		t.Error("here.pdf was replaced by its stale backup")
	}
}

// Write commits one file whole, keeping the mode of the file it
// replaces, and never writes over an input.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "m.yaml")
	os.WriteFile(name, []byte("old"), 0o600)
	if err := Write(name, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	link := filepath.Join(dir, "l.yaml")
	os.Symlink("m.yaml", link)
	if err := Write(link, []byte("x"), name); err == nil || !strings.Contains(err.Error(), "is the same file as the input") {
		t.Errorf("a link to the input: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files left", len(entries))
	}
}

// TestMakeFolder makes a folder and its parents, takes one that is
// there, and refuses a file in its place.
func TestMakeFolder(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "a", "b", "c")
	if err := MakeFolder(deep); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(deep); err != nil || !st.IsDir() {
		t.Fatalf("%s is not made: %v", deep, err)
	}
	if err := MakeFolder(deep); err != nil {
		t.Errorf("a folder that is there: %v", err)
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := MakeFolder(file); err == nil || !strings.Contains(err.Error(), "is a regular file") {
		t.Errorf("a file in a folder's place: %v, want it refused as a regular file", err)
	}
}

// TestCleanupStopsTheTracker checks that after Cleanup the tracker still
// answers Made and Committed (a process stopping asks them), and that no
// batch makes a file or commits after it, nor leaves one behind.
func TestCleanupStopsTheTracker(t *testing.T) {
	dir := t.TempDir()
	tr := NewTracker()
	b := NewBatch(tr, nil)
	out, err := b.Create("-o", filepath.Join(dir, "a.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	out.Write([]byte("half"))
	var committed, made bool
	within(t, "Cleanup, then Made and Committed", func() {
		if tr.Cleanup() {
			t.Error("Cleanup says a batch was committed")
		}
		committed, made = tr.Committed(), tr.Made()
	})
	if committed || !made {
		t.Errorf("after Cleanup: committed %v, made %v", committed, made)
	}
	if err := b.Commit(); !errors.Is(err, ErrStopped) {
		t.Errorf("a commit after Cleanup: %v", err)
	}
	if _, err := NewBatch(tr, nil).Create("-o", filepath.Join(dir, "b.pdf")); !errors.Is(err, ErrStopped) {
		t.Errorf("a file made after Cleanup: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// Sweep removes the temporary files that killed runs left beside every
// output of a folder, and leaves those a run is writing.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	left := []string{".a.pdf.tmp-k1", ".b-cover.pdf.tmp-z9z9", ".catalogue.csv.tmp-00"}
	for _, name := range left {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	b := NewBatch(nil, nil)
	defer b.Abort()
	out, err := b.Create("", filepath.Join(dir, "c.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	out.Write([]byte("being written"))
	Sweep(dir)
	for _, name := range left {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s left", name)
		}
	}
	if out.lock != nil {
		if _, err := os.Stat(out.tmpName); err != nil {
			t.Errorf("the temporary file of a batch being written was removed: %v", err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "c.pdf")); string(data) != "being written" {
		t.Errorf("c.pdf holds %q", data)
	}
}

// WritePrivate commits a secret whole, its owner's alone (0600), both a
// new file (whatever the umask would give it) and one that replaces a
// file others could read.
func TestWritePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no owner-only mode bits")
	}
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		old  bool
	}{{"new.key", false}, {"old.key", true}} {
		name := filepath.Join(dir, tt.name)
		if tt.old {
			os.WriteFile(name, []byte("old"), 0o644)
			os.Chmod(name, 0o644)
		}
		if err := WritePrivate(name, []byte("secret")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want -rw-------", tt.name, st.Mode().Perm())
		}
		if data, _ := os.ReadFile(name); string(data) != "secret" {
			t.Errorf("%s holds %q", tt.name, data)
		}
	}
}
