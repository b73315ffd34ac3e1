package main

import (
	"context"
	"fmt"
	"path/filepath"

	"mazebook/studio"
)

func runSite(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "site", "DIR [--source DIR]", "Write the studio as a static web site into DIR: its page, the studio compiled to WebAssembly\n(which runs in the browser: no server does the work and nothing leaves the device), a web app\nmanifest and a service worker, so that after the first visit it works offline. Any static web\nhost serves DIR (see docs/web.md). Compiling the studio needs the Go toolchain and mazebook's\nsource (run this in a checkout); the release ships the site built, as mazebook-site.zip.")
	source := fs.String("source", ".", "mazebook's source `DIR`, where the studio is compiled")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one folder to write the site into")
	}
	gobin, err := studio.FindGo()
	if err != nil {
		return usageError{err}
	}
	fmt.Fprintf(e.stderr, "mazebook site: compiling the studio to WebAssembly (a minute or two the first time)\n")
	wasm, wasmExec, err := studio.BuildWasm(ctx, gobin, *source, version)
	if err != nil {
		return err
	}
	site, err := studio.SiteFiles(studio.SiteOptions{Wasm: wasm, WasmExec: wasmExec})
	if err != nil {
		return err
	}
	if err := studio.WriteSite(pos[0], site); err != nil {
		return err
	}
	total := 0
	for _, b := range site {
		total += len(b)
	}
	fmt.Fprintf(e.stdout, "mazebook site: wrote %d files (%.1f MB) to %s: serve the folder with any static web server\n(for one on this computer: python3 -m http.server -d %s 8080, then open http://localhost:8080/)\n",
		len(site), float64(total)/(1<<20), pos[0], filepath.Clean(pos[0]))
	return nil
}
