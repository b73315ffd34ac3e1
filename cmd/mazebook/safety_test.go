package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets a test run the real program in a subprocess: the test
// binary, started with MAZEBOOK_TEST_MAIN=1, is mazebook, its arguments
// taken from MAZEBOOK_TEST_ARGS (separated by newlines).
func TestMain(m *testing.M) {
	if os.Getenv("MAZEBOOK_TEST_MAIN") == "1" {
		os.Args = []string{"mazebook"}
		if args := os.Getenv("MAZEBOOK_TEST_ARGS"); args != "" {
			os.Args = append(os.Args, strings.Split(args, "\n")...)
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// mazebookProcess returns the command that runs mazebook with args in dir
// as a process of its own.
func mazebookProcess(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MAZEBOOK_TEST_MAIN=1", "MAZEBOOK_TEST_ARGS="+strings.Join(args, "\n"))
	return cmd
}

// startProcess starts cmd, a mazebook process, and returns its standard
// output to read and its standard error as it is written; the process is
// killed when the test ends, if it has not ended.
func startProcess(t *testing.T, cmd *exec.Cmd) (*bufio.Reader, *bytes.Buffer) {
	t.Helper()
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return bufio.NewReader(out), stderr
}

// snapshot returns every file under dir with its content and mode, for
// checking that a failed run changed nothing.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			files[rel] = "link to " + target
		case info.Mode().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files[rel] = fmt.Sprintf("%v %x", info.Mode(), data)
		default:
			files[rel] = info.Mode().String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	for name, v := range before {
		if after[name] != v {
			t.Errorf("%s changed", name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s was left behind", name)
		}
	}
}

const smallSpec = "title: Small\nsections:\n  - count: 3\n    size: 6x6\n"

// TestOutputIsNeverAnInput checks that no output of a run may be its spec
// or another of its outputs, however it is named: exit 2, a message that
// names both, and nothing changed.
func TestOutputIsNeverAnInput(t *testing.T) {
	tests := []struct {
		name  string
		setup func(dir string)
		args  []string
		want  []string
	}{
		{"-o the spec", nil, []string{"build", "b.yaml", "-o", "b.yaml"}, []string{"-o b.yaml is the same file as the spec b.yaml"}},
		{"-o the spec by another path", nil, []string{"build", "b.yaml", "-o", "sub/../b.yaml"}, []string{"-o sub/../b.yaml", "the spec b.yaml"}},
		{"-o a symbolic link to the spec", func(dir string) { os.Symlink("b.yaml", filepath.Join(dir, "link.pdf")) }, []string{"build", "b.yaml", "-o", "link.pdf"}, []string{"-o link.pdf is the same file as the spec b.yaml"}},
		{"-o a hard link to the spec", func(dir string) { os.Link(filepath.Join(dir, "b.yaml"), filepath.Join(dir, "hard.pdf")) }, []string{"build", "b.yaml", "-o", "hard.pdf"}, []string{"-o hard.pdf is the same file as the spec b.yaml"}},
		{"a spec named .pdf, no -o", func(dir string) { os.Rename(filepath.Join(dir, "b.yaml"), filepath.Join(dir, "b.pdf")) }, []string{"build", "b.pdf"}, []string{"the output b.pdf is the same file as the spec b.pdf"}},
		{"-o and --teacher the same", nil, []string{"build", "b.yaml", "-o", "x.pdf", "--teacher", "x.pdf"}, []string{"-o x.pdf and --teacher x.pdf are the same file"}},
		{"-o and --teacher the same by another path", nil, []string{"build", "b.yaml", "-o", "x.pdf", "--teacher", "./sub/../x.pdf"}, []string{"-o x.pdf and --teacher ./sub/../x.pdf are the same file"}},
		{"--teacher the spec", nil, []string{"build", "b.yaml", "-o", "x.pdf", "--teacher", "b.yaml"}, []string{"--teacher b.yaml is the same file as the spec"}},
		{"both to standard output", nil, []string{"build", "b.yaml", "-o", "-", "--teacher", "-"}, []string{"-o - and --teacher - are the same file"}},
		{"--svg the output", nil, []string{"build", "b.yaml", "-o", "x", "--svg", "x"}, []string{"-o x and --svg x are the same path"}},
		{"a page over the output", func(dir string) { os.Mkdir(filepath.Join(dir, "pages"), 0o755) }, []string{"build", "b.yaml", "-o", "pages/page-002.svg", "--svg", "pages"}, []string{"are the same file"}},
		{"--chart the spec", func(dir string) { os.Rename(filepath.Join(dir, "b.yaml"), filepath.Join(dir, "b.svg")) }, []string{"stats", "b.svg", "--chart", "b.svg"}, []string{"--chart b.svg is the same file as the spec b.svg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "sub"), 0o755)
			if err := os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(smallSpec), 0o644); err != nil {
				t.Fatal(err)
			}
			if tt.setup != nil {
				tt.setup(dir)
			}
			before := snapshot(t, dir)
			code, stdout, stderr := mazebook(t, dir, tt.args...)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr:\n%s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if stdout != "" {
				t.Errorf("stdout: %.80q", stdout)
			}
			sameSnapshot(t, before, snapshot(t, dir))
		})
	}
}

// TestSpecialOutputs checks that "-" writes to standard output, and that
// an output that is there and is not a regular file (a named pipe with no
// reader, directly or through a link; a character device; a socket) is
// refused before any work, exit 2, never opened for writing (a pipe's
// open would block forever), and nothing changed; and that a symbolic
// link to nothing says so.
func TestSpecialOutputs(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(smallSpec), 0o644)
	code, want, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "-", "--quiet")
	if code != 0 || !strings.HasPrefix(want, "%PDF-") || !strings.Contains(want, "%%EOF") {
		t.Fatalf("-o -: exit %d, %d bytes on stdout: %s", code, len(want), stderr)
	}
	refused := map[string]string{} // an output's name: what it is
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		os.Symlink("pipe", filepath.Join(dir, "link.pdf"))
		refused["pipe"], refused["link.pdf"] = "a named pipe (FIFO)", "a named pipe (FIFO)"
	}
	for _, dev := range []string{os.DevNull, "/dev/full", "/dev/stdout"} {
		if st, err := os.Stat(dev); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			refused[dev] = "a character device"
		}
	}
	if l, err := net.Listen("unix", filepath.Join(dir, "s.sock")); err == nil {
		defer l.Close()
		refused["s.sock"] = "a socket"
	}
	before := snapshot(t, dir)
	for name, kind := range refused {
		for _, flag := range []string{"-o", "--teacher"} {
			// A process of its own: an open that blocks fails the test
			// rather than hanging it.
			cmd := mazebookProcess(dir, "build", "b.yaml", flag, name, "--quiet")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if code := exitWithin(t, cmd, 30*time.Second); code != 2 || !strings.Contains(stderr.String(), flag+" "+name+" is "+kind+"; mazebook writes regular files only") {
				t.Errorf("%s %s: exit %d: %s", flag, name, code, stderr.String())
			}
		}
	}
	sameSnapshot(t, before, snapshot(t, dir))
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("%s is no longer the null device", os.DevNull)
	}
	// A dangling symbolic link is refused, not replaced, saying what it is.
	os.Symlink("nowhere/x.pdf", filepath.Join(dir, "dangling.pdf"))
	for _, args := range [][]string{{"-o", "dangling.pdf"}, {"--svg", "dangling.pdf"}} {
		if code, _, stderr := mazebook(t, dir, append([]string{"build", "b.yaml"}, args...)...); code != 1 || !strings.Contains(stderr, args[0]+" dangling.pdf is a symbolic link to nowhere/x.pdf, which does not exist") {
			t.Errorf("%s a dangling link: exit %d: %s", args[0], code, stderr)
		}
	}
}

// TestOutputModes checks that a replaced output keeps its mode and that a
// new one gets the mode the umask allows.
func TestOutputModes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(smallSpec), 0o644)
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "new.pdf", "--svg", "pages", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, name := range []string{"new.pdf", "pages/page-001.svg"} {
		if st, _ := os.Stat(filepath.Join(dir, name)); st.Mode().Perm() != 0o640 {
			t.Errorf("%s has mode %v with umask 027, want -rw-r-----", name, st.Mode().Perm())
		}
	}
	if st, _ := os.Stat(filepath.Join(dir, "pages")); st.Mode().Perm() != 0o750 {
		t.Errorf("pages/ has mode %v with umask 027", st.Mode().Perm())
	}
	os.WriteFile(filepath.Join(dir, "old.pdf"), []byte("old"), 0o600)
	os.Chmod(filepath.Join(dir, "old.pdf"), 0o604)
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "old.pdf", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Stat(filepath.Join(dir, "old.pdf")); st.Mode().Perm() != 0o604 {
		t.Errorf("old.pdf has mode %v, want the -rw----r-- it had", st.Mode().Perm())
	}
	// A symbolic link to an output stays a link to the new book.
	os.Symlink("old.pdf", filepath.Join(dir, "current.pdf"))
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "current.pdf", "--quiet", "--seed", "9"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Lstat(filepath.Join(dir, "current.pdf")); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced by a file")
	}
}

// buildPages builds the small book with --svg into dir/pages and returns
// the page files written.
func pageFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "pages", "*"))
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	return names
}

// TestOneBuildOneCommit checks that a build either replaces all its
// outputs or none: a failure in the middle of the SVG pages changes
// nothing and leaves nothing behind, and a shorter rebuild removes the
// pages of the longer one (but no file mazebook did not write).
func TestOneBuildOneCommit(t *testing.T) {
	dir := t.TempDir()
	six := "sections:\n  - count: 6\n    size: 5x5\nanswers: false\n"
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(six), 0o644)
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--teacher", "key.pdf", "--svg", "pages", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := len(pageFiles(t, dir)); got != 6 {
		t.Fatalf("%d pages", got)
	}
	os.WriteFile(filepath.Join(dir, "pages", "page-099.svg"), []byte("<svg>mine</svg>"), 0o644)
	os.WriteFile(filepath.Join(dir, "pages", "notes.txt"), []byte("mine"), 0o644)

	// The footer fails on page 4, after three SVG pages were written.
	failing := "footer: '{{if eq .Page 4}}{{lt .Title 3}}{{end}}'\nseed: 5\n" + six
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(failing), 0o644)
	before := snapshot(t, dir)
	code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--teacher", "key.pdf", "--svg", "pages", "--quiet")
	if code != 2 || !strings.Contains(stderr, "b.yaml:1:9: page 4: footer") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sameSnapshot(t, before, snapshot(t, dir))

	// A page that cannot be replaced (a directory in its place) stops the
	// build before anything is written.
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(six), 0o644)
	os.Remove(filepath.Join(dir, "pages", "page-004.svg"))
	os.Mkdir(filepath.Join(dir, "pages", "page-004.svg"), 0o755)
	before = snapshot(t, dir)
	code, _, stderr = mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--svg", "pages", "--quiet", "--seed", "77")
	if code != 1 || !strings.Contains(stderr, "page-004.svg is a directory") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sameSnapshot(t, before, snapshot(t, dir))
	os.Remove(filepath.Join(dir, "pages", "page-004.svg"))

	// A shorter book replaces the set: pages 4 to 6 go, the files that
	// are not mazebook's pages stay.
	three := strings.Replace(six, "count: 6", "count: 3", 1)
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(three), 0o644)
	if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--svg", "pages", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, want := strings.Join(pageFiles(t, dir), " "), "notes.txt page-001.svg page-002.svg page-003.svg page-099.svg"; got != want {
		t.Errorf("pages/ holds %s, want %s", got, want)
	}
}

// TestInterruptLeavesNothing interrupts big builds while they write, with
// SIGINT and SIGTERM, and checks that the outputs of the earlier build
// are intact and no temporary file is left.
func TestInterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 500-maze book")
	}
	spec, _ := filepath.Abs("../../examples/500-mazes.yaml")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "pages"), 0o755)
			os.WriteFile(filepath.Join(dir, "book.pdf"), []byte("the old book"), 0o644)
			os.WriteFile(filepath.Join(dir, "pages", "page-001.svg"), []byte("<svg><!-- mazebook page --></svg>"), 0o644)
			before := snapshot(t, dir)
			cmd := mazebookProcess(dir, "build", spec, "-o", "book.pdf", "--teacher", "key.pdf", "--svg", "pages", "--quiet")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until SVG pages are being written.
			deadline := time.Now().Add(60 * time.Second)
			for {
				temps, _ := filepath.Glob(filepath.Join(dir, "pages", ".page-*.tmp-*"))
				written := 0
				for _, tmp := range temps {
					if st, err := os.Stat(tmp); err == nil && st.Size() > 0 {
						written++
					}
				}
				if written > 0 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("no page was ever written")
				}
				time.Sleep(time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Fatalf("exit: %v, want %d; stderr:\n%s", err, 128+int(sig), stderr.String())
			}
			if !strings.Contains(stderr.String(), "interrupted") || !strings.Contains(stderr.String(), "no output was changed") {
				t.Errorf("stderr: %s", stderr.String())
			}
			sameSnapshot(t, before, snapshot(t, dir))
		})
	}
}

// specErrorFixtures are specs that build refuses because of the spec,
// each with what its message says.
var specErrorFixtures = []struct{ name, spec, want string }{
	{"unknown key", "sections: [{count: 1, colour: red}]\n", `book.yaml:1:23: unknown key "colour"`},
	{"unknown algorithm", "sections:\n  - algorithm: prims\n", `book.yaml:2:16: algorithm "prims" is unknown`},
	{"too large", "sections:\n  - size: 500x500\n", "book.yaml:2:11:"},
	{"walls too thick", "style: {wall: 4mm}\nsections:\n  - size: 40x40\n", "book.yaml:1:15:"},
	{"malformed yaml", "sections: [\n", "not valid YAML"},
	{"two documents", "sections: [{}]\n---\ntitle: x\n", "book.yaml:2: the spec holds a second YAML document"},
	{"unreachable level", "sections:\n  - size: 4x4\n    difficulty: 10\n", "book.yaml:2:11:"},
	{"template on real data", "sections:\n  - count: 3\n    caption: '{{if eq .Number 2}}{{lt .Section 3}}{{end}}'\n", "book.yaml:3:14: maze 2: caption"},
	{"header on page 2", "header: '{{if eq .Page 2}}{{lt .Title 1}}{{end}}'\nsections: [{count: 3, title: A}]\n", "book.yaml:1:9: page 2: header"},
	{"range in a caption", "sections:\n  - caption: '{{range .Seed}}{{end}}'\n", "book.yaml:2:14: caption: range is not allowed"},
	{"huge page", "page: {size: 100000in x 5in}\nsections: [{}]\n", "book.yaml:1:14:"},
	{"page overflows", "page: {size: 1e308in x 5in}\nsections: [{}]\n", "book.yaml:1:14:"},
	{"bleed over the page limit", "page: {size: 200x200in, bleed: true}\nsections: [{}]\n", "book.yaml:1:14:"},
	{"over budget", "sections:\n  - count: 10000\n    size: 80x120\n", "book.yaml:2:12: the book needs about 14.31 GB of memory to build"},
	{"big page, small cells", "page: {size: 200x200in}\nsections:\n  - cell: 2mm\n    count: 3\n", "book.yaml:4:12: the book needs about"},
	{"too many sections", "sections:\n" + strings.Repeat("  - {}\n", 1001), "book.yaml:2:3: the spec has 1001 sections"},
	{"long title", "title: " + strings.Repeat("x", 1001) + "\nsections: [{}]\n", "book.yaml:1:8: title is 1001 characters long"},
}

// TestValidateSaysWhatBuildSays checks that every spec build refuses,
// validate refuses too, with the same message and exit code 2.
func TestValidateSaysWhatBuildSays(t *testing.T) {
	for _, tt := range specErrorFixtures {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(tt.spec), 0o644)
			bcode, _, bout := mazebook(t, dir, "build", "book.yaml", "--quiet")
			vcode, vstdout, vout := mazebook(t, dir, "validate", "book.yaml")
			if bcode != 2 || vcode != 2 {
				t.Fatalf("build exit %d, validate exit %d, want 2:\n%s\n%s", bcode, vcode, bout, vout)
			}
			if bout != vout {
				t.Errorf("build says:\n%s\nvalidate says:\n%s", bout, vout)
			}
			if !strings.Contains(vout, tt.want) {
				t.Errorf("message lacks %q:\n%s", tt.want, vout)
			}
			if strings.Count(vout, tt.want) > 1 {
				t.Errorf("said twice:\n%s", vout)
			}
			if vstdout != "" {
				t.Errorf("validate printed %q", vstdout)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("a refused build left %d files", len(entries)-1)
			}
		})
	}
}

// TestSpecFileLimits checks the spec file itself: larger than 1 MB, or
// endless, it is refused at once with exit 2.
func TestSpecFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := "sections: [{}]\n#" + strings.Repeat("x", 2<<20) + "\n"
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte(big), 0o644)
	for spec, want := range map[string]string{"big.yaml": "big.yaml: the spec is larger than 1 MB", "/dev/zero": "cannot read spec /dev/zero: a character device, not a regular file"} {
		if _, err := os.Stat(spec); err != nil {
			continue
		}
		start := time.Now()
		code, _, stderr := mazebook(t, dir, "validate", spec)
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d: %s", spec, code, stderr)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%s took %v", spec, d)
		}
	}
	// Thousands of problems: a bounded report.
	var b strings.Builder
	b.WriteString("sections:\n")
	for i := range 500 {
		fmt.Fprintf(&b, "  - {count: %d, colour: red}\n", i+1)
	}
	os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(b.String()), 0o644)
	code, _, stderr := mazebook(t, dir, "validate", "bad.yaml")
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); code != 2 || len(lines) != 51 || lines[50] != "... and 450 more problems" {
		t.Errorf("exit %d, %d lines, last %q", code, len(lines), lines[len(lines)-1])
	}
}

// TestMazeLimits checks that 'mazebook maze' refuses, before any work,
// what it could not draw in bounded memory or a PDF reader could not open.
func TestMazeLimits(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "3000x3000", "-o", "m.svg"}, "the most drawn as .svg is 8823529, about 1.5 GB of memory"},
		// A weave's cells take about four times a rectangle's memory, a
		// hexagon's about three times.
		{[]string{"--size", "1600x1600", "--weave", "0.3", "--cell", "2mm", "-o", "m.pdf"}, "the most drawn as .pdf is 2205882"},
		{[]string{"--shape", "hexagon", "--size", "1100", "--cell", "2mm", "-o", "m.svg"}, "the most drawn as .svg is 3260869"},
		// A PNG is written in bands: its cells are what bound it.
		{[]string{"--size", "3000x3000", "--cell", "0.5mm", "-o", "m.png"}, "the most drawn as .png is 8823529"},
		{[]string{"--size", "100x100", "--cell", "100mm", "-o", "m.pdf"}, "at most 200 x 200 in"},
		{[]string{"--size", "100x100", "--cell", "5000mm", "-o", "m.png"}, "pixel image is too large"},
		{[]string{"--size", "10x10", "--cell", "100mm", "--dpi", "2400", "-o", "m.png"}, "pixel image is too large"},
	} {
		code, _, stderr := mazebook(t, dir, append([]string{"maze"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d: %s", tt.args, code, stderr)
		}
	}
	if code, _, stderr := mazebook(t, dir, "algorithms", "--stats", "--size", "1000x1000", "--samples", "100"); code != 2 || !strings.Contains(stderr, "the most is 10 million") {
		t.Errorf("algorithms --stats over a billion cells: exit %d: %s", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused commands left %d files", len(entries))
	}
}

// TestStalePageTheSpecReadsIsKept builds six SVG pages, then a book of
// three whose spec names the fourth page of the earlier build (a linked
// name, too) as its start picture: the clean-up of the earlier build's
// pages removes pages 5 and 6, says so, and keeps page 4, an input of
// the run, saying why.
func TestStalePageTheSpecReadsIsKept(t *testing.T) {
	for _, picture := range []string{"pages/page-004.svg", "start.svg"} {
		t.Run(picture, func(t *testing.T) {
			dir := t.TempDir()
			six := "sections:\n  - count: 6\n    size: 5x5\nanswers: false\n"
			os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(six), 0o644)
			if code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--svg", "pages", "--quiet"); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			page4, err := os.ReadFile(filepath.Join(dir, "pages", "page-004.svg"))
			if err != nil {
				t.Fatal(err)
			}
			if picture == "start.svg" {
				if err := os.Symlink("pages/page-004.svg", filepath.Join(dir, "start.svg")); err != nil {
					t.Fatal(err)
				}
			}
			three := "style:\n  start_image: " + picture + "\n" + strings.Replace(six, "count: 6", "count: 3", 1)
			os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(three), 0o644)
			code, _, stderr := mazebook(t, dir, "build", "b.yaml", "-o", "book.pdf", "--svg", "pages")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got, want := strings.Join(pageFiles(t, dir), " "), "page-001.svg page-002.svg page-003.svg page-004.svg"; got != want {
				t.Errorf("pages/ holds %s, want %s", got, want)
			}
			if got, err := os.ReadFile(filepath.Join(dir, "pages", "page-004.svg")); err != nil || !bytes.Equal(got, page4) {
				t.Errorf("the page the spec reads was changed or removed (%v)", err)
			}
			for _, want := range []string{
				"removed 2 pages of an earlier, longer build: " + filepath.Join("pages", "page-005.svg") + ", " + filepath.Join("pages", "page-006.svg"),
				"kept 1 page of an earlier, longer build, as the spec reads it: " + filepath.Join("pages", "page-004.svg"),
			} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
		})
	}
}
