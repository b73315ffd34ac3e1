package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDPIRange checks that every command with --dpi takes the same range,
// 10 to 2400, and refuses any other value (none that rounds a page to no
// pixel, NaN, infinities) before any work: exit 2, a message that says
// the range, nothing written, nothing panics.
func TestDPIRange(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"b.yaml": smallSpec, "m.txt": "+  +--+\n|     |\n+--+  +\n|     |\n+--+  +\n"})
	commands := map[string][]string{
		"cover": {"cover", "b.yaml", "--check-warn", "-o", "out.png"},
		"maze":  {"maze", "--size", "4x4", "-o", "out.png"},
		"solve": {"solve", "m.txt", "-o", "out.png"},
		"steps": {"steps", "--size", "3x3", "-o", "out.png"},
	}
	for name, args := range commands {
		for _, dpi := range []string{"0", "-5", "0.0001", "1e-300", "NaN", "+Inf", "-Inf", "9.9", "2401", "ten"} {
			code, _, stderr := mazebook(t, dir, append(args, "--dpi", dpi)...)
			if code != 2 || !strings.Contains(stderr, "-dpi") || !strings.Contains(stderr, "from 10 to 2400") && !strings.Contains(stderr, "not a number") {
				t.Errorf("%s --dpi %s: exit %d: %s", name, dpi, code, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.png")); err == nil {
				t.Fatalf("%s --dpi %s wrote out.png", name, dpi)
			}
		}
		code, _, stderr := mazebook(t, dir, append(args, "--dpi", "10")...)
		if code != 0 {
			t.Errorf("%s --dpi 10: exit %d: %s", name, code, stderr)
		}
		os.Remove(filepath.Join(dir, "out.png"))
	}
}
