package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"mazebook/internal/tooltest"
)

// TestSameBytesOnArm64 builds mazebook for amd64 and for arm64, runs the
// one this machine does not run natively under QEMU's user emulation
// (Debian's qemu-user-static), and has both build the default book, its
// teacher edition, every example, SVG pages, a cover and a book's stats:
// the same spec gives the same bytes on both machines. (arm64's compiler
// fuses a multiply and an add where Go allows it; internal/fusion holds the
// code to products it may not fuse.)
func TestSameBytesOnArm64(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mazebook twice")
	}
	other := map[string]string{"amd64": "arm64", "arm64": "amd64"}[runtime.GOARCH]
	qemu := map[string]string{"arm64": "qemu-aarch64-static", "amd64": "qemu-x86_64-static"}[other]
	if other == "" || runtime.GOOS != "linux" {
		t.Skip("amd64 and arm64 Linux only")
	}
	emulator := tooltest.Require(t, qemu)
	dir := t.TempDir()
	bins := map[string]string{}
	for _, arch := range []string{runtime.GOARCH, other} {
		bin := filepath.Join(dir, "mazebook-"+arch)
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Env = append(os.Environ(), "GOARCH="+arch, "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build for %s: %v\n%s", arch, err, out)
		}
		bins[arch] = bin
	}
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.yaml"))
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	type job struct {
		name string
		args func(out string) []string
	}
	jobs := []job{
		{"default.pdf", func(out string) []string {
			return []string{"build", "-o", out + ".pdf", "--teacher", out + "-teacher.pdf"}
		}},
		{"cover.pdf", func(out string) []string {
			return []string{"cover", abs(t, "../../examples/kdp-6x9.yaml"), "-o", out + ".pdf"}
		}},
		{"story svg", func(out string) []string {
			return []string{"build", abs(t, "../../examples/story-book.yaml"), "-o", out + ".pdf", "--svg", out + "-svg"}
		}},
	}
	for _, ex := range examples {
		ex := abs(t, ex)
		jobs = append(jobs, job{filepath.Base(ex), func(out string) []string { return []string{"build", ex, "-o", out + ".pdf"} }})
	}
	for i, j := range jobs {
		var outs [2]string
		for k, arch := range []string{runtime.GOARCH, other} {
			out := filepath.Join(dir, fmt.Sprintf("%s-%d", arch, i))
			cmd := exec.Command(bins[arch], j.args(out)...)
			if arch != runtime.GOARCH {
				cmd = exec.Command(emulator, append([]string{bins[arch]}, j.args(out)...)...)
			}
			cmd.Dir = dir
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s on %s: %v\n%s", j.name, arch, err, msg)
			}
			outs[k] = out
		}
		if diff := compareOutputs(t, outs[0], outs[1]); diff != "" {
			t.Errorf("%s: %s on %s is not %s on %s", j.name, diff, runtime.GOARCH, diff, other)
		}
	}
	// A book's stats, as JSON.
	var stats [2][]byte
	for k, arch := range []string{runtime.GOARCH, other} {
		args := []string{"stats", abs(t, "../../examples/difficulty-ladder.yaml"), "--json"}
		cmd := exec.Command(bins[arch], args...)
		if arch != runtime.GOARCH {
			cmd = exec.Command(emulator, append([]string{bins[arch]}, args...)...)
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("stats on %s: %v", arch, err)
		}
		stats[k] = out
	}
	if !bytes.Equal(stats[0], stats[1]) {
		t.Errorf("the stats of difficulty-ladder differ between %s and %s", runtime.GOARCH, other)
	}
}

// abs returns the absolute form of a path relative to the test's folder.
func abs(t *testing.T, path string) string {
	t.Helper()
	a, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// compareOutputs compares the files two runs wrote with the stem a and b
// (stem.pdf, stem-teacher.pdf, stem-svg/*): "" when they are the same,
// else the first that differs.
func compareOutputs(t *testing.T, a, b string) string {
	t.Helper()
	matches, _ := filepath.Glob(a + "*")
	var files []string
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() {
			sub, _ := filepath.Glob(filepath.Join(m, "*"))
			files = append(files, sub...)
			continue
		}
		files = append(files, m)
	}
	if len(files) == 0 {
		return "nothing written"
	}
	for _, f := range files {
		x, err1 := os.ReadFile(f)
		y, err2 := os.ReadFile(b + f[len(a):])
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			return filepath.Base(f)
		}
	}
	return ""
}
