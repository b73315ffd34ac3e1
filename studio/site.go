package studio

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mazebook/files"
)

// The static site ('mazebook site DIR'): the studio's page and its
// assets as files, the studio compiled to WebAssembly (cmd/mazebook-site)
// with Go's wasm_exec.js, which the page's worker runs (worker.js), a web
// app manifest, and a service worker that keeps every file for the
// studio to open offline.

// Paths in the site's folder of the files SiteFiles writes beside the
// page's.
const (
	SiteWasm     = "assets/studio.wasm"
	SiteWasmExec = "assets/wasm_exec.js"
	siteWorker   = "sw.js"
	siteManifest = "manifest.webmanifest"
)

// SiteOptions are what the static site needs beyond the studio's page.
type SiteOptions struct {
	// Wasm is the studio compiled to WebAssembly (cmd/mazebook-site), and
	// WasmExec the wasm_exec.js of the Go that compiled it (see
	// BuildWasm).
	Wasm, WasmExec []byte
}

// SiteFiles returns the files of the static site, by their slash-separated
// paths in its folder: index.html (the studio's page, drawn by the same
// handler as 'mazebook serve' does, that of the site), the assets it
// serves under assets/, the WebAssembly and wasm_exec.js, the manifest,
// and the service worker, which names every other file.
func SiteFiles(opt SiteOptions) (map[string][]byte, error) {
	if len(opt.Wasm) == 0 || len(opt.WasmExec) == 0 {
		return nil, fmt.Errorf("studio: the site needs the studio's WebAssembly and wasm_exec.js")
	}
	s, err := New(Options{Token: InPageToken, Site: true, Budget: SiteBudget, Logf: func(string, ...any) {}})
	if err != nil {
		return nil, err
	}
	get := func(target string) ([]byte, error) {
		res := ServeInPage(context.Background(), s, http.MethodGet, target, nil, nil)
		if res.Status != http.StatusOK {
			return nil, fmt.Errorf("studio: the site's %s: %d %s", target, res.Status, strings.TrimSpace(string(res.Body)))
		}
		return res.Body, nil
	}
	out := map[string][]byte{}
	if out["index.html"], err = get(""); err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(assets, "assets")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if _, ok := staticTypes[path.Ext(e.Name())]; !ok || e.IsDir() {
			continue // a template of the pages, not served
		}
		if out["assets/"+e.Name()], err = get("assets/" + e.Name()); err != nil {
			return nil, err
		}
	}
	out[SiteWasm] = opt.Wasm
	out[SiteWasmExec] = opt.WasmExec
	out[siteManifest] = siteManifestJSON
	out[siteWorker] = serviceWorker(out)
	return out, nil
}

// siteManifestJSON is the web app manifest: the studio installed as an
// app opens the site's page in a window of its own.
var siteManifestJSON = []byte(`{
  "name": "mazebook studio",
  "short_name": "mazebook",
  "description": "Make a maze book: a form, a live preview, the PDF. Runs in the browser; nothing leaves the device.",
  "start_url": "./",
  "scope": "./",
  "display": "standalone",
  "background_color": "#ffffff",
  "theme_color": "#1f4e79",
  "icons": [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
}
`)

// SiteCached returns the files a site's service worker keeps, as its
// script names them: "./" (the folder, which opens index.html) and
// every file of the site but the service worker itself, sorted.
func SiteCached(site map[string][]byte) []string {
	list := []string{"./"}
	for name := range site {
		if name != siteWorker {
			list = append(list, name)
		}
	}
	slices.Sort(list[1:])
	return list
}

// serviceWorker writes the site's service worker: on its first visit it
// keeps every file of the site (SiteCached) in a cache named by their
// contents' hash, and answers every GET of them from it, so that the
// studio opens and works offline; a site written again with other
// contents is another cache, which replaces the old one.
func serviceWorker(site map[string][]byte) []byte {
	list := SiteCached(site)
	h := sha256.New()
	for _, name := range list[1:] {
		fmt.Fprintf(h, "%s %d\n", name, len(site[name]))
		h.Write(site[name])
	}
	names, _ := json.Marshal(list)
	return fmt.Appendf(nil, serviceWorkerJS, hex.EncodeToString(h.Sum(nil))[:16], names)
}

const serviceWorkerJS = `// The mazebook studio's service worker, written by 'mazebook site': it
// keeps the site's files, so that the studio opens and works offline.
// The studio itself runs in the page (assets/worker.js): no request of
// the page goes anywhere but to these files.
const CACHE = "mazebook-%s";
const FILES = %s;

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("mazebook-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (ev) => {
  if (ev.request.method !== "GET") return;
  ev.respondWith(caches.open(CACHE)
    .then((c) => c.match(ev.request, { ignoreSearch: true }))
    .then((r) => r || fetch(ev.request)));
});
`

// WriteSite writes a site's files (see SiteFiles) into the folder dir,
// made when it does not exist, all of them or, when any fails, none.
// Other files in dir are left as they are.
func WriteSite(dir string, site map[string][]byte) error {
	b := files.NewBatch(nil, nil)
	defer b.Abort()
	names := make([]string, 0, len(site))
	dirs := map[string]bool{}
	for name := range site {
		names = append(names, name)
		dirs[path.Dir(name)] = true
	}
	slices.Sort(names)
	folders := make([]string, 0, len(dirs))
	for d := range dirs {
		folders = append(folders, d)
	}
	slices.Sort(folders) // a parent before its children
	for _, d := range folders {
		if err := b.Dir("", filepath.Join(dir, filepath.FromSlash(d)), files.StalePages{}); err != nil {
			return err
		}
	}
	for _, name := range names {
		out, err := b.Page("", filepath.Join(dir, filepath.FromSlash(path.Dir(name))), path.Base(name))
		if err != nil {
			return err
		}
		if _, err := out.Write(site[name]); err != nil {
			return err
		}
	}
	return b.Commit()
}
