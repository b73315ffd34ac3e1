package studio

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// hundredSpec is a book of 100 mazes, four a page, with their answers.
const hundredSpec = "title: A hundred\nheader: \"{{.Title}}\"\nseed: 3\nsections:\n  - {count: 100, difficulty: easy, per_page: 4}\n"

// setYAML puts a spec in the YAML tab as typed, and back to the form.
func setYAML(yaml string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Click(chromedp.CSS("#tab-yaml")),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(function(){const y=document.getElementById("yaml"); y.value=%q; y.dispatchEvent(new Event("input")); return true})()`, yaml)),
		chromedp.Click(chromedp.CSS("#tab-form")),
	)
}

// TestBrowserSiteSpeed measures the static site in a real browser (go
// test ./studio -run SiteSpeed -measure -v; MAZEBOOK_SHOTS=DIR keeps its
// screenshots at 390x844 and 1280x800): the site's size gzipped, its
// first load until the form answers (and again from the service
// worker), a worksheet's preview after an edit, and a 100-maze book's
// PDF against the same book built natively. It times nothing it
// asserts: it checks that each step shows what it waits for.
func TestBrowserSiteSpeed(t *testing.T) {
	if !*measure {
		t.Skip("a measurement: run with -measure")
	}
	execPath := findBrowser(t)
	dir := siteDir(t)
	var raw, zipped, wasmZipped int64
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		cw := &countWriter{}
		zw, _ := gzip.NewWriterLevel(cw, gzip.DefaultCompression)
		zw.Write(data)
		zw.Close()
		raw += int64(len(data))
		zipped += cw.n
		if strings.HasSuffix(p, ".wasm") {
			wasmZipped = cw.n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the site: %.1f MB, %.1f MB gzipped (the WebAssembly %.1f MB of it)", float64(raw)/1e6, float64(zipped)/1e6, float64(wasmZipped)/1e6)

	base, _ := serveFolder(t, dir)
	ctx := newBrowser(t, execPath)
	next := downloads(t, ctx)
	load := func(what string, act chromedp.Action[chromedp.Void]) {
		start := time.Now()
		steps(t, ctx, what, act, waitFor(`document.getElementById("f-title") !== null && document.getElementById("f-title").value !== ""`))
		form := time.Since(start)
		steps(t, ctx, what, ready)
		t.Logf("%s: the form in %.0f ms, its first preview (the form answers) in %.0f ms", what, form.Seconds()*1000, time.Since(start).Seconds()*1000)
		// Where it went, in ms of the page's time.
		t.Logf("%s: %s", what, js[string](t, ctx, `(function(){const w=window.studioTimings.worker||{}, m=window.studioTimings.marks, c=m.find((x)=>x.name==="check-sent"), a=m.find((x)=>x.name==="check-answered"), f=(x)=>x===undefined?"?":Math.round(x); return "the worker made at "+f(w.made)+", the studio compiled at "+f(w.compiled)+" and run at "+f(w.ran)+", the first check sent at "+f(c&&c.t)+" and answered at "+f(a&&a.t)})()`))
	}
	load("first load", chromedp.Navigate(base))
	steps(t, ctx, "the service worker", waitFor(`navigator.serviceWorker.controller !== null`))
	load("load again (the service worker's files)", chromedp.Reload())

	// A worksheet's preview after an edit, from the edit to the page
	// painted.
	steps(t, ctx, "the worksheet", setYAML(worksheetSpec), waitFor(`document.getElementById("page-svg").innerHTML.includes("Class 2B") && document.getElementById("status").textContent.startsWith("Ready")`), chromedp.Sleep(time.Second))
	painted := func(text string) string {
		return fmt.Sprintf(`document.getElementById("page-svg").innerHTML.includes(%q) && window.studioTimings.marks.some((m) => m.name === "painted")`, text)
	}
	var totals []float64
	var last []string
	for i := range 6 {
		js[bool](t, ctx, `(window.studioTimings.marks = [], true)`)
		title := fmt.Sprintf("Class 2B, week %d", i+1)
		acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#f-title")), chromedp.Evaluate[chromedp.Void](`document.getElementById("f-title").select(), true`), chromedp.KeyEvent(kb.Delete)}
		for _, r := range title {
			acts = append(acts, chromedp.KeyEvent(string(r)), chromedp.Sleep(125*time.Millisecond))
		}
		steps(t, ctx, "typing a title", chromedp.Steps(acts...), waitFor(painted(title)), chromedp.Sleep(400*time.Millisecond))
		total, parts := phases(js[[]mark](t, ctx, `window.studioTimings.marks`))
		totals = append(totals, total)
		last = parts
	}
	slices.Sort(totals)
	t.Logf("a worksheet's preview after typing its title: median %.0f ms (%.0f to %.0f) over %d; the last: %s", totals[len(totals)/2], totals[0], totals[len(totals)-1], len(totals), strings.Join(last, ", "))

	// Screenshots of the worksheet.
	if shots := os.Getenv("MAZEBOOK_SHOTS"); shots != "" {
		for _, sc := range []screen{phone, desktop} {
			steps(t, ctx, "the screen", chromedp.EmulateViewport(sc.w, sc.h, chromedp.EmulateScale(sc.scale)), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0), true`), chromedp.Sleep(700*time.Millisecond))
			screenshot(t, ctx, filepath.Join(shots, fmt.Sprintf("site-%d.png", sc.w)))
		}
		steps(t, ctx, "the screen", chromedp.EmulateViewport(1280, 900))
	}

	// A 100-maze book's PDF, against the same book built natively: the
	// first the page makes (its code run for the first time, as
	// WebAssembly's baseline compiler made it), and another of new
	// mazes after it.
	steps(t, ctx, "the book of 100 mazes", setYAML(hundredSpec), waitFor(`document.getElementById("status").textContent.includes("100 mazes")`), chromedp.Sleep(time.Second))
	for _, round := range []string{"the first", "another, of new mazes"} {
		if round != "the first" {
			steps(t, ctx, "new mazes", chromedp.Click(chromedp.CSS("#new-mazes")), chromedp.Sleep(300*time.Millisecond), ready, chromedp.Sleep(time.Second))
		}
		yaml := js[string](t, ctx, `document.getElementById("yaml").value`)
		js[bool](t, ctx, `(window.studioTimings.marks = [], true)`)
		start := time.Now()
		steps(t, ctx, "its PDF", chromedp.Click(chromedp.CSS("#dl-pdf")))
		pdf := next("the PDF of 100 mazes")
		site := time.Since(start)
		studio := js[float64](t, ctx, `(function(){const m=window.studioTimings.marks, a=m.find((x)=>x.name==="download-sent"), b=m.find((x)=>x.name==="download-answered"); return a && b ? b.t-a.t : -1})()`)
		sp, err := spec.ParseFS("mazebook.yaml", []byte(yaml), nil)
		if err != nil {
			t.Fatal(err)
		}
		start = time.Now()
		want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
		if err != nil {
			t.Fatal(err)
		}
		native := time.Since(start)
		if !bytes.Equal(pdf, want.PDF) {
			t.Errorf("the site's PDF of 100 mazes (%d bytes) is not build's (%d bytes)", len(pdf), len(want.PDF))
		}
		t.Logf("a 100-maze book's PDF (%.1f MB), %s: %.2f s in the site from the click to the file (%.2f s of it the studio's answer, in the worker); %.2f s built natively (in process, on %d cores): %.1fx", float64(len(pdf))/1e6, round, site.Seconds(), studio/1000, native.Seconds(), runtime.NumCPU(), site.Seconds()/native.Seconds())
	}
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
