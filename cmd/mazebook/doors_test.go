package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestKernelFilesAreNotRead checks that a font that is a file of the
// kernel's state (/proc/kmsg, whose read waits for the kernel's next
// message, forever), named in the spec or found through a link in the
// folder MAZEBOOK_FONTS names, is refused at once: exit 2, a message
// that names it and says what it is.
func TestKernelFilesAreNotRead(t *testing.T) {
	kmsg := "/proc/kmsg"
	if f, err := os.Open(kmsg); err != nil {
		kmsg = "/proc/self/status" // not root: a file of /proc that opens
		if _, err := os.Stat(kmsg); err != nil {
			t.Skip("no /proc")
		}
	} else {
		f.Close()
	}
	dir := t.TempDir()
	fonts := filepath.Join(dir, "fonts")
	os.Mkdir(fonts, 0o755)
	if err := os.Symlink(kmsg, filepath.Join(fonts, "Face.ttf")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"abs.yaml":  "fonts: {text: " + kmsg + "}\nsections:\n  - {count: 1, size: 5x5}\n",
		"env.yaml":  "fonts: {text: Face.ttf}\nsections:\n  - {count: 1, size: 5x5}\n",
		"link.yaml": "fonts: {text: fonts/Face.ttf}\nsections:\n  - {count: 1, size: 5x5}\n",
	})
	for spec, want := range map[string]string{
		"abs.yaml":  `font "` + kmsg + `": open ` + kmsg + `: a file of the kernel's state (on proc), not a regular file`,
		"env.yaml":  `font "Face.ttf": ` + filepath.Join(fonts, "Face.ttf") + `, in the folder MAZEBOOK_FONTS names: a file of the kernel's state (on proc), not a regular file`,
		"link.yaml": `font "fonts/Face.ttf": a file of the kernel's state (on proc), not a regular file`,
	} {
		cmd := mazebookProcess(dir, "validate", spec)
		cmd.Env = append(cmd.Env, "MAZEBOOK_FONTS="+fonts)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if code := exitWithin(t, cmd, 30*time.Second); code != 2 || !strings.Contains(stderr.String(), want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s: exit %d: %s", spec, code, stderr.String())
		}
	}
}

// TestStdoutWritesAreChecked runs every command that writes to standard
// output with it on /dev/full (a disk that is full): each fails, exit 1,
// saying so, rather than exit 0 with nothing written; serve fails
// rather than run on with its address never said.
func TestStdoutWritesAreChecked(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"b.yaml":       smallSpec,
		"specs/a.yaml": smallSpec,
		"m.txt":        "+  +--+\n|     |\n+--+  +\n|     |\n+--+  +\n",
	})
	writeTrials(t, filepath.Join(dir, "class.jsonl"), 8, 12)
	for _, args := range [][]string{
		{"version"},
		{"--help"},
		{"algorithms"},
		{"validate", "b.yaml"},
		{"build", "specs", "--list"},
		{"build", "b.yaml", "-o", "-", "--quiet"},
		{"calibrate", "class.jsonl", "--resamples", "100"},
		{"calibrate", "class.jsonl", "--resamples", "100", "--json"},
		{"maze", "--size", "5x5"},
		{"solve", "m.txt"},
		{"stats", "b.yaml"},
		{"init"},
		{"serve", "--addr", "127.0.0.1:0"},
	} {
		cmd := mazebookProcess(dir, args...)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if code := exitWithin(t, cmd, time.Minute); code != 1 || !strings.Contains(stderr.String(), "write standard output: no space left on device") {
			t.Errorf("%s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
	}
}

// TestListCutShort fills the disk under build --list (a file size limit
// the shell sets): the list is cut short, and the exit code says so.
func TestListCutShort(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	specs := map[string]string{}
	for i := range 300 {
		specs[fmt.Sprintf("specs/s%03d.yaml", i)] = smallSpec
	}
	writeFiles(t, dir, specs)
	cmd := mazebookProcess(dir, "build", "specs", "--list", "-o", "out")
	// ulimit -f counts blocks of 512 bytes in sh (POSIX): 8 KB of the
	// list's 20 KB.
	cmd.Args = append([]string{sh, "-c", `ulimit -f 16 && exec "$0" "$@" > jobs.txt`}, cmd.Args...)
	cmd.Path = sh
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	code := exitWithin(t, cmd, time.Minute)
	data, _ := os.ReadFile(filepath.Join(dir, "jobs.txt"))
	if code == 0 || len(data) == 0 || len(data) > 16*512 || !strings.Contains(stderr.String(), "the list is cut short after") {
		t.Errorf("exit %d, %d bytes listed: %s", code, len(data), stderr.String())
	}
}
