package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// 'mazebook site' without the go command, or outside mazebook's source,
// says what it needs and where the built site is, and writes nothing.
func TestSiteNeeds(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		what string
		path string // PATH, "" for this machine's
		args []string
		code int
		want []string
	}{
		{"no go command", t.TempDir(), []string{"site", "out"}, 2, []string{"there is no go command on this machine", "install Go", "mazebook-site.zip"}},
		{"no source", "", []string{"site", "--source", dir, "out"}, 1, []string{"compiling the studio needs mazebook's source", "is not a folder of it"}},
		{"no folder", "", []string{"site"}, 2, []string{"give one folder to write the site into"}},
	}
	for _, tt := range tests {
		t.Run(tt.what, func(t *testing.T) {
			if tt.path != "" {
				t.Setenv("PATH", tt.path)
			} else {
				requireTool(t, "go")
			}
			code, _, stderr := mazebook(t, dir, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d: %s", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr has no %q:\n%s", w, stderr)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
				t.Error("the site's folder was made")
			}
		})
	}
}

// 'mazebook site DIR' in mazebook's source writes the site: its page,
// the studio compiled to WebAssembly and what runs it, the manifest and
// the service worker, and says how to serve it.
func TestSiteWrites(t *testing.T) {
	requireTool(t, "go")
	if testing.Short() {
		t.Skip("compiles the studio to WebAssembly")
	}
	src, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	code, stdout, stderr := mazebook(t, dir, "site", "--source", src, "site")
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr)
	}
	for _, name := range []string{"index.html", "sw.js", "manifest.webmanifest", "assets/studio.wasm", "assets/wasm_exec.js", "assets/worker.js", "assets/studio.js"} {
		if st, err := os.Stat(filepath.Join(dir, "site", filepath.FromSlash(name))); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	wasm, _ := os.ReadFile(filepath.Join(dir, "site", "assets", "studio.wasm"))
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Error("assets/studio.wasm is not WebAssembly")
	}
	if !strings.Contains(stdout, "mazebook site: wrote") || !strings.Contains(stdout, "static web server") {
		t.Errorf("stdout: %s", stdout)
	}
}

// The site's studio names the same program in its PDFs as 'mazebook
// build' does, even compiled without 'mazebook site's -X main.version:
// the two defaults are one.
func TestSiteVersion(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "mazebook-site", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "var version = \"" + version + "\"\n"; !strings.Contains(string(src), want) {
		t.Errorf("cmd/mazebook-site does not say %q", want)
	}
}
