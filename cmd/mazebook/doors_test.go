package main

import (
	"bytes"
	"os"
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
