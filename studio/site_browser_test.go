package studio

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// The site is compiled once for the tests that open it.
var builtSite struct {
	once sync.Once
	dir  string
	err  error
}

// siteDir writes the static site, as 'mazebook site' does, once for the
// test binary, the PDFs naming "mazebook test" as the studio's tests do.
func siteDir(t *testing.T) string {
	t.Helper()
	builtSite.once.Do(func() {
		gobin, err := FindGo()
		if err != nil {
			builtSite.err = err
			return
		}
		wasm, wasmExec, err := BuildWasm(context.Background(), gobin, "..", "test")
		if err != nil {
			builtSite.err = err
			return
		}
		site, err := SiteFiles(SiteOptions{Wasm: wasm, WasmExec: wasmExec})
		if err != nil {
			builtSite.err = err
			return
		}
		dir, err := os.MkdirTemp("", "mazebook-site-test-")
		if err != nil {
			builtSite.err = err
			return
		}
		builtSite.dir = filepath.Join(dir, "site")
		builtSite.err = WriteSite(builtSite.dir, site)
	})
	if builtSite.err != nil {
		t.Fatal(builtSite.err)
	}
	return builtSite.dir
}

// serveFolder serves a folder with a plain static file server on a
// loopback port, and returns its address and a function that stops it
// (and refuses every connection after).
func serveFolder(t *testing.T, dir string) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go hs.Serve(ln)
	var once sync.Once
	stop = func() { once.Do(func() { hs.Close() }) }
	t.Cleanup(stop)
	return "http://" + ln.Addr().String() + "/", stop
}

// downloads saves the browser's downloads in a folder, and returns a
// function that waits for the next one and reads it.
func downloads(t *testing.T, ctx context.Context) func(what string) []byte {
	t.Helper()
	dl := t.TempDir()
	done := make(chan string, 4)
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			done <- e.GUID
		}
	})
	steps(t, ctx, "allowing downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dl, EventsEnabled: ptr(true),
		})
		return err
	}))
	return func(what string) []byte {
		t.Helper()
		select {
		case guid := <-done:
			b, err := os.ReadFile(filepath.Join(dl, guid))
			if err != nil {
				t.Fatal(err)
			}
			return b
		case <-time.After(120 * time.Second):
			t.Fatalf("no download of %s", what)
		}
		return nil
	}
}

// ready waits for the studio to show a page and say it is ready.
var ready = waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`)

// downloadBook downloads the book's spec and PDF through the page's
// buttons, checks the PDF is, byte for byte, what 'mazebook build'
// makes of the spec downloaded (a zip of the spec and its files when it
// has some), and returns the spec's download.
func downloadBook(t *testing.T, ctx context.Context, next func(string) []byte, what string) []byte {
	t.Helper()
	steps(t, ctx, what+": the spec", chromedp.Click(chromedp.CSS("#dl-spec")))
	raw := next(what + "'s spec")
	yaml := raw
	steps(t, ctx, what+": the PDF", chromedp.Click(chromedp.CSS("#dl-pdf")))
	got := next(what + "'s PDF")
	var files fs.FS
	if bytes.HasPrefix(yaml, []byte("PK")) { // a zip of the spec and its files
		zr, err := zip.NewReader(bytes.NewReader(yaml), int64(len(yaml)))
		if err != nil {
			t.Fatalf("%s: the spec's zip: %v", what, err)
		}
		if yaml, err = fs.ReadFile(zr, "mazebook.yaml"); err != nil {
			t.Fatalf("%s: the spec's zip: %v", what, err)
		}
		files = zr
	}
	sp, err := spec.ParseFS("mazebook.yaml", yaml, files)
	if err != nil {
		t.Fatalf("%s: the spec downloaded: %v", what, err)
	}
	want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.PDF) || len(got) == 0 {
		t.Errorf("%s: the PDF the site made (%d bytes) is not the one build makes of its spec (%d bytes)", what, len(got), len(want.PDF))
	}
	return raw
}

// zipNames lists the files of a zip.
func zipNames(t *testing.T, data []byte) []string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	return names
}

// A teacher opens the static site, served by a plain file server, makes
// a worksheet through the form and downloads it: the PDF is the one
// 'mazebook build' makes of the spec downloaded beside it. Then the
// server stops; the page, opened again, finds the worksheet kept, and
// makes another book offline.
func TestBrowserSite(t *testing.T) {
	execPath := findBrowser(t)
	base, stop := serveFolder(t, siteDir(t))
	ctx := newBrowser(t, execPath)
	next := downloads(t, ctx)
	steps(t, ctx, "opening the site", chromedp.Navigate(base), ready)
	if js[string](t, ctx, `document.body.dataset.home`) != "site" {
		t.Fatal("the site's page does not run its studio in the page")
	}
	edits := []struct {
		what string
		act  chromedp.Action[chromedp.Void]
		yaml string
	}{
		{"the worksheet starter", chromedp.Click(chromedp.CSS(`[data-starter="worksheet"]`)), "title: Maze worksheet"},
		{"the class's title", setField("#f-title", "Class 2B"), "title: Class 2B"},
		{"the kitten", pickOption("#f-theme", "kitten"), "theme: kitten"},
		{"four mazes", setField("#f-sections-0-count", "4"), "count: 4"},
	}
	for _, e := range edits {
		steps(t, ctx, e.what, e.act, shownAfter(t, ctx, e.yaml))
	}
	if got := js[string](t, ctx, `document.getElementById("status").textContent`); !strings.Contains(got, "4 mazes") {
		t.Errorf("the status says %q", got)
	}
	if page := js[string](t, ctx, `document.getElementById("page-svg").innerHTML`); !strings.Contains(page, "Class 2B") {
		t.Error("the worksheet does not print its title")
	}
	downloadBook(t, ctx, next, "the worksheet")
	// A picture attached is kept in the browser with the spec.
	heart, err := filepath.Abs(filepath.Join("..", "examples", "heart.png"))
	if err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "attaching heart.png",
		chromedp.SetUploadFiles(chromedp.CSS("#add-file"), []string{heart}),
		waitFor(`document.querySelector("#file-list .file-name") !== null`))

	// Offline: the service worker keeps the site; the server stops.
	steps(t, ctx, "the service worker", waitFor(`navigator.serviceWorker.controller !== null`))
	stop()
	if _, err := http.Get(base); err == nil {
		t.Fatal("the file server still answers")
	}
	steps(t, ctx, "opening the site again, offline", chromedp.Reload(), ready)
	if y := js[string](t, ctx, `document.getElementById("yaml").value`); !strings.Contains(y, "title: Class 2B") || js[bool](t, ctx, `document.getElementById("restored").hidden`) {
		t.Errorf("the worksheet was not kept across the visit:\n%s", y)
	}
	steps(t, ctx, "heart.png kept", waitFor(`document.querySelector("#file-list .file-name") !== null && document.getElementById("dl-spec").href.endsWith(".zip")`))
	steps(t, ctx, "the spec with heart.png", chromedp.Click(chromedp.CSS("#dl-spec")))
	if names := zipNames(t, next("the spec with heart.png")); !slices.Contains(names, "heart.png") {
		t.Errorf("the studio in the page does not hold heart.png again: the spec's zip has %v", names)
	}
	steps(t, ctx, "the book starter, offline", chromedp.Click(chromedp.CSS(`[data-starter="book"]`)), shownAfter(t, ctx, "My Maze Book"))
	steps(t, ctx, "its title", setField("#f-title", "Offline mazes"), shownAfter(t, ctx, "title: Offline mazes"))
	downloadBook(t, ctx, next, "the book made offline")
}

// Everything the local studio does, the site does, its studio in the
// page: the thumbnails and the chart drawn, a maze played to its win
// (the Theseus view half way, then the torch's), the SVG pages zipped,
// a spec with its mask attached downloaded and opened again from its
// zip, the studio in another language, and a book too big for a tab
// refused past the site's budget.
func TestBrowserSiteDoesAll(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := serveFolder(t, siteDir(t))
	ctx := newBrowser(t, execPath)
	next := downloads(t, ctx)
	steps(t, ctx, "opening the site with the class's book", chromedp.Navigate(base), ready,
		setYAML(browserSpec), waitFor(`document.getElementById("yaml").value.includes("Class 3B") && document.querySelectorAll(".play-maze").length > 0`), ready)
	steps(t, ctx, "scrolling to the thumbnails", chromedp.Evaluate[chromedp.Void](`document.getElementById("thumbs").scrollIntoView(), true`))
	steps(t, ctx, "the thumbnails and the chart", waitFor(`Array.from(document.querySelectorAll(".thumbs img")).slice(0, 2).every((i) => i.src.startsWith("blob:") && i.naturalWidth > 0) && document.getElementById("chart").src.startsWith("blob:") && document.getElementById("chart").naturalWidth > 0`))

	// A maze played, its maze read through the page's own api().
	steps(t, ctx, "opening the game", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0), true`), chromedp.Click(chromedp.CSS(".play-maze")),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`))
	key := js[string](t, ctx, `new URL(document.getElementById("dl-spec").href).pathname.split("/")[3]`)
	index := js[int](t, ctx, `Number(document.querySelector(".play-maze").dataset.index)`)
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`import("./assets/api.js").then((m) => m.api("api/maze/%s/%d")).then((r) => r.text())`, key, index+1), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var pm playMaze
	if err := json.Unmarshal([]byte(raw), &pm); err != nil {
		t.Fatalf("the maze: %v: %.200s", err, raw)
	}
	keys := arrowKeys(t, pm)
	acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#play-canvas"))}
	for i, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k))
		switch i {
		case len(keys) / 3:
			acts = append(acts, chromedp.Click(chromedp.CSS(`input[name="view"][value="theseus"]`)), chromedp.Focus(chromedp.CSS("#play-canvas")))
		case 2 * len(keys) / 3:
			acts = append(acts, chromedp.Click(chromedp.CSS(`input[name="view"][value="torch"]`)), chromedp.Focus(chromedp.CSS("#play-canvas")))
		}
	}
	steps(t, ctx, "playing", append(acts, waitFor(`!document.getElementById("play-won").hidden`))...)
	if moves := js[string](t, ctx, `document.getElementById("play-moves").value`); moves != fmt.Sprint(len(keys)) {
		t.Errorf("won in %s moves, want %d", moves, len(keys))
	}
	steps(t, ctx, "closing the game", chromedp.Evaluate[chromedp.Void](`document.getElementById("play").close(), true`))

	// The SVG pages, zipped: one a page.
	pages := js[int](t, ctx, `document.querySelectorAll(".thumbs button").length`)
	steps(t, ctx, "the SVG pages", chromedp.Click(chromedp.CSS("#dl-svg")))
	svgs := 0
	for _, name := range zipNames(t, next("the SVG pages")) {
		if strings.HasSuffix(name, ".svg") {
			svgs++
		}
	}
	if svgs != pages || pages == 0 {
		t.Errorf("the SVG zip has %d pages, the book %d", svgs, pages)
	}

	// A mask attached, the spec downloaded with it and opened again.
	heart, err := filepath.Abs(filepath.Join("..", "examples", "heart.png"))
	if err != nil {
		t.Fatal(err)
	}
	const hearts = "title: Hearts\nseed: 5\ntitle_page: false\nsections:\n  - title: A heart\n    mask: heart.png\n    count: 2\n    per_page: 1\n"
	steps(t, ctx, "the hearts", setYAML(hearts), waitFor(`document.getElementById("file-missing").textContent.includes("not attached")`),
		chromedp.SetUploadFiles(chromedp.CSS("#add-file"), []string{heart}),
		waitFor(`document.querySelector("#file-list .file-name") !== null && document.getElementById("file-missing").textContent === "" && document.querySelectorAll(".play-maze").length === 1`), ready)
	zipped := downloadBook(t, ctx, next, "the hearts")
	zipPath := filepath.Join(t.TempDir(), "hearts.zip")
	if err := os.WriteFile(zipPath, zipped, 0o644); err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "another book, and its file removed", chromedp.Click(chromedp.CSS(`[data-starter="worksheet"]`)), shownAfter(t, ctx, "title: Maze worksheet"),
		chromedp.Click(chromedp.CSS("#file-list .button")), waitFor(`document.querySelector("#file-list .file-name") === null`))
	steps(t, ctx, "opening the hearts' zip",
		chromedp.SetUploadFiles(chromedp.CSS("#open-spec"), []string{zipPath}),
		waitFor(`document.querySelector("#file-list .file-name") !== null && document.getElementById("yaml").value.includes("mask: heart.png") && document.querySelectorAll(".play-maze").length === 1 && document.getElementById("file-missing").textContent === ""`), ready)

	// Another language: the studio's words and the book's.
	steps(t, ctx, "in French", pickOption("#f-language", "fr"),
		waitFor(`document.documentElement.lang === "fr" && document.getElementById("status").textContent.includes("labyrinthes")`))

	// A book past the site's budget is refused before it is made,
	// saying the most the tab builds (in the page's French); the
	// preview keeps the last book made.
	steps(t, ctx, "a book too big for a tab", setYAML("title: Big\nsections:\n  - count: 200\n    size: 80x120\n"),
		waitFor(`/0[.,]27 Go/.test(document.getElementById("f-sections-0-count-error").textContent) && !document.getElementById("stale").hidden`))
}
