package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testSite is a site with stand-ins for the WebAssembly and wasm_exec.js,
// which the tests that need no browser do not run.
func testSite(t *testing.T) map[string][]byte {
	t.Helper()
	site, err := SiteFiles(SiteOptions{Wasm: []byte("\x00asm\x01\x00\x00\x00"), WasmExec: []byte("// wasm_exec.js\n")})
	if err != nil {
		t.Fatal(err)
	}
	return site
}

// The site's page is the studio's, from the same template and handler,
// but that it runs its studio in the page, names its manifest, carries
// its policy in a <meta> (no header of ours comes from a static host)
// and says where a study's class page is; 'mazebook serve' keeps its own.
func TestSitePage(t *testing.T) {
	site := testSite(t)
	page := string(site["index.html"])
	for _, want := range []string{
		`data-home="site"`,
		`<link rel="manifest" href="manifest.webmanifest">`,
		`<meta http-equiv="Content-Security-Policy" content="` + html.EscapeString(sitePolicy) + `">`,
		`id="site-note"`, "mazebook serve --study",
		`<script type="module" src="assets/studio.js">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the site's page has no %s", want)
		}
	}
	served := do(t, newServer(t, Options{}), "GET", "/"+token+"/", nil).Body.String()
	for _, not := range []string{`data-home="site"`, "manifest", `id="site-note"`, "http-equiv"} {
		if strings.Contains(served, not) {
			t.Errorf("the page 'mazebook serve' serves has %s", not)
		}
	}
	if !strings.Contains(served, `data-home="server"`) {
		t.Error("the page 'mazebook serve' serves does not say its studio is the server")
	}
}

// Every file the site's page and scripts name is a file of the site:
// the page's script and styles, every module a module imports, the
// worker, what the worker loads, the manifest's icon and start.
func TestSiteNamesItsFiles(t *testing.T) {
	site := testSite(t)
	refs := map[string][]string{} // file → the files it names, relative to the site
	page := string(site["index.html"])
	for _, m := range regexp.MustCompile(`(?:src|href)="(assets/[^"]+|manifest\.webmanifest)"`).FindAllStringSubmatch(page, -1) {
		refs["index.html"] = append(refs["index.html"], m[1])
	}
	imports := regexp.MustCompile(`(?m)^import .* from "\./([^"]+)";|^\s*import\("\./([^"]+)"\)`)
	for name, data := range site {
		if path.Ext(name) != ".js" || !strings.HasPrefix(name, "assets/") {
			continue
		}
		for _, m := range imports.FindAllStringSubmatch(string(data), -1) {
			refs[name] = append(refs[name], "assets/"+m[1]+m[2])
		}
	}
	worker := string(site["assets/worker.js"])
	for _, m := range regexp.MustCompile(`(?:importScripts|fetch)\("([^"]+)"\)`).FindAllStringSubmatch(worker, -1) {
		refs["assets/worker.js"] = append(refs["assets/worker.js"], "assets/"+m[1])
	}
	api := string(site["assets/api.js"])
	for _, m := range regexp.MustCompile(`new Worker\("([^"]+)"\)|register\("([^"]+)"\)`).FindAllStringSubmatch(api, -1) {
		refs["assets/api.js"] = append(refs["assets/api.js"], m[1]+m[2])
	}
	var man struct {
		StartURL string `json:"start_url"`
		Scope    string
		Display  string
		Icons    []struct{ Src string }
	}
	if err := json.Unmarshal(site[siteManifest], &man); err != nil {
		t.Fatalf("the manifest: %v", err)
	}
	if man.StartURL != "./" || man.Scope != "./" || man.Display != "standalone" || len(man.Icons) == 0 {
		t.Errorf("the manifest: %+v", man)
	}
	for _, ic := range man.Icons {
		refs[siteManifest] = append(refs[siteManifest], ic.Src)
	}
	for _, want := range []string{"index.html:assets/studio.js", "index.html:manifest.webmanifest", "assets/api.js:assets/worker.js", "assets/api.js:sw.js", "assets/worker.js:assets/wasm_exec.js", "assets/worker.js:assets/studio.wasm", "assets/studio.js:assets/check.js"} {
		from, to, _ := strings.Cut(want, ":")
		if !slices.Contains(refs[from], to) {
			t.Errorf("%s does not name %s (it names %v)", from, to, refs[from])
		}
	}
	for from, list := range refs {
		for _, to := range list {
			if _, ok := site[to]; !ok {
				t.Errorf("%s names %s, which the site does not have", from, to)
			}
		}
	}
}

// The service worker keeps every file the site writes, and none it
// does not, so that the studio opens offline whole; its cache is named
// by the files' contents, so a site written again with other files
// replaces it.
func TestSiteServiceWorker(t *testing.T) {
	site := testSite(t)
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindSubmatch(site[siteWorker])
	if m == nil {
		t.Fatalf("sw.js names no files:\n%s", site[siteWorker])
	}
	var listed []string
	if err := json.Unmarshal(m[1], &listed); err != nil {
		t.Fatal(err)
	}
	want := []string{"./"}
	for name := range site {
		if name != siteWorker {
			want = append(want, name)
		}
	}
	slices.Sort(want[1:])
	if !slices.Equal(listed, want) {
		t.Errorf("sw.js keeps %v, the site has %v", listed, want)
	}
	if !slices.Contains(listed, SiteWasm) || !slices.Contains(listed, "index.html") || len(listed) < 10 {
		t.Errorf("sw.js keeps %v", listed)
	}
	cache := regexp.MustCompile(`const CACHE = "(mazebook-[0-9a-f]{16})";`)
	first := cache.FindSubmatch(site[siteWorker])
	other, err := SiteFiles(SiteOptions{Wasm: []byte("\x00asm\x01\x00\x00\x00 another"), WasmExec: []byte("// wasm_exec.js\n")})
	if err != nil {
		t.Fatal(err)
	}
	second := cache.FindSubmatch(other[siteWorker])
	again := cache.FindSubmatch(testSite(t)[siteWorker])
	if first == nil || second == nil || again == nil || bytes.Equal(first[1], second[1]) || !bytes.Equal(first[1], again[1]) {
		t.Errorf("the caches of two sites are %q and %q, of the first again %q", first, second, again)
	}
}

// The site written to a folder and served by a plain static file server
// gives every file the service worker keeps, with the bytes SiteFiles
// made, the WebAssembly as application/wasm; a site written again
// over it leaves other files as they are.
func TestWriteSite(t *testing.T) {
	site := testSite(t)
	dir := t.TempDir()
	if err := WriteSite(dir, site); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()
	for _, name := range SiteCached(site) {
		resp, err := http.Get(ts.URL + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		wantBody := site[name]
		if name == "./" {
			wantBody = site["index.html"]
		}
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, wantBody) {
			t.Errorf("%s: %d, %d bytes, want %d", name, resp.StatusCode, len(body), len(wantBody))
		}
		if name == SiteWasm && resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s is served as %q", name, resp.Header.Get("Content-Type"))
		}
	}
	if err := WriteSite(dir, site); err != nil {
		t.Fatalf("writing the site again: %v", err)
	}
}

// ServeInPage answers as the server does: the page, a check of a spec
// (in the page's language), a book's PDF; a target no request can have
// is a bad request, not a panic.
func TestServeInPage(t *testing.T) {
	s, err := New(Options{Token: InPageToken, Site: true, Budget: SiteBudget, Creator: "mazebook test", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if res := ServeInPage(ctx, s, "GET", "", nil, nil); res.Status != 200 || !bytes.Contains(res.Body, []byte(`data-home="site"`)) {
		t.Errorf("the page: %d %.200s", res.Status, res.Body)
	}
	res := ServeInPage(ctx, s, "POST", "api/check?page=0", http.Header{"Accept-Language": {"fr"}}, []byte("title: x\nsections:\n  - {count: many}\n"))
	var r response
	if err := json.Unmarshal(res.Body, &r); err != nil || res.Status != 200 || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "doit être un nombre entier") {
		t.Errorf("a check: %d %v %+v", res.Status, err, r.Errors)
	}
	res = ServeInPage(ctx, s, "POST", "api/check?page=0", nil, []byte(smallSpec))
	if err := json.Unmarshal(res.Body, &r); err != nil || res.Status != 200 || len(r.Errors) != 0 || r.Key == "" {
		t.Fatalf("a check: %d %v %+v", res.Status, err, r.Errors)
	}
	res = ServeInPage(ctx, s, "GET", "api/pdf/"+r.Key+"/small.pdf", nil, nil)
	if res.Status != 200 || !bytes.HasPrefix(res.Body, []byte("%PDF-")) || res.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("the PDF: %d %q %.20q", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	for _, target := range []string{"api/check\x7f", "%zz"} {
		if res := ServeInPage(ctx, s, "GET", target, nil, nil); res.Status != http.StatusBadRequest {
			t.Errorf("%q: %d %s", target, res.Status, res.Body)
		}
	}
	if res := ServeInPage(ctx, s, "BAD METHOD", "", nil, nil); res.Status != http.StatusBadRequest {
		t.Errorf("a bad method: %d %s", res.Status, res.Body)
	}
}

// The studio of the site refuses, before making it, a book past its
// budget (SiteBudget), saying the most it builds; the command line's
// studio builds it.
func TestSiteBudget(t *testing.T) {
	const big = "title: Big\nsections:\n  - count: 200\n    size: 80x120\n"
	r := checkSpec(t, newServer(t, Options{}), big)
	if len(r.Errors) != 0 || r.Mazes != 200 {
		t.Errorf("mazebook serve: %+v", r.Errors)
	}
	site := newServer(t, Options{Budget: SiteBudget})
	r = checkSpec(t, site, big)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "the most is 0.27 GB") || r.Errors[0].Line != 3 || r.Mazes != 0 {
		t.Errorf("the site: %+v", r.Errors)
	}
	if r := checkSpec(t, site, smallSpec); len(r.Errors) != 0 {
		t.Errorf("the site refuses a small book: %+v", r.Errors)
	}
}
