package studio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"mazebook/files"
)

// maxWasm bounds the studio's WebAssembly read back from the go
// command (about 27 MB today).
const maxWasm = 256 << 20

// ErrNoGo is BuildWasm's error when there is no go command to compile
// the studio with.
var ErrNoGo = errors.New("the site's studio is compiled to WebAssembly by Go's toolchain, and there is no go command on this machine: install Go (https://go.dev/dl) and run this in mazebook's source, or download the built site (mazebook-site.zip) from mazebook's release")

// FindGo returns the go command's path, or ErrNoGo.
func FindGo() (string, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return "", ErrNoGo
	}
	return gobin, nil
}

// BuildWasm compiles the studio to WebAssembly (GOOS=js GOARCH=wasm go
// build mazebook/cmd/mazebook-site) with the go command gobin (see
// FindGo) in src, a folder of mazebook's source, naming version as the
// PDFs' program (-X main.version), and returns it with Go's
// wasm_exec.js, which runs it.
func BuildWasm(ctx context.Context, gobin, src, version string) (wasm, wasmExec []byte, err error) {
	env := exec.CommandContext(ctx, gobin, "env", "GOROOT")
	env.Dir = src
	root, err := env.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %w", goError(err))
	}
	execJS := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")
	if wasmExec, err = files.ReadFile(execJS, 1<<20); err != nil {
		return nil, nil, fmt.Errorf("the Go toolchain's wasm_exec.js (Go 1.24 or later keeps it in GOROOT/lib/wasm): %w", err)
	}
	tmp, err := os.MkdirTemp("", "mazebook-site-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "studio.wasm")
	build := exec.CommandContext(ctx, gobin, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -X main.version="+version, "-o", out, "mazebook/cmd/mazebook-site")
	build.Dir = src
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	build.Stderr = &stderr
	if err := build.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "is not in std") || strings.Contains(msg, "cannot find module") || strings.Contains(msg, "go.mod file not found") || strings.Contains(msg, "not in a module") {
			return nil, nil, fmt.Errorf("compiling the studio needs mazebook's source: %s is not a folder of it (run this in a checkout, or give --source): %s", src, msg)
		}
		return nil, nil, fmt.Errorf("compiling the studio to WebAssembly: %v: %s", err, msg)
	}
	if wasm, err = files.ReadFile(out, maxWasm); err != nil {
		return nil, nil, err
	}
	return wasm, wasmExec, nil
}

// goError adds what the go command said to its error.
func goError(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return fmt.Errorf("%w: %s", err, strings.TrimSpace(string(ee.Stderr)))
	}
	return err
}
