package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mazebook/internal/tooltest"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// browserSpec is the book the browser tests open: rectangles, so that
// the arrow keys lead through them exactly.
const browserSpec = `# The class's maze book.
title: Mazes for Class 3B
author: Ms. Rivera
seed: 11
title_page: false
sections:
  - title: Warm-up
    count: 2
    size: 10x10
    per_page: 2
  - title: Harder
    count: 2
    difficulty: hard
    per_page: 1
`

// findBrowser returns Debian's chromium (or another Chrome) or skips the
// test; with MAZEBOOK_REQUIRE_TOOLS set, a missing browser fails it.
func findBrowser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	tooltest.Missing(t, "chromium")
	return ""
}

// startStudio serves a studio on a loopback port as 'mazebook serve'
// does, and returns its address with the token.
func startStudio(t *testing.T, yaml string) (base string, s *Server) {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	host := ts.Listener.Addr().String()
	s, err := New(Options{Spec: []byte(yaml), SpecName: "class.yaml", Token: token, Creator: "mazebook test", Hosts: []string{host}, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Start()
	t.Cleanup(ts.Close)
	return "http://" + host + s.Path(), s
}

func newBrowser(t *testing.T, execPath string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(execPath),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
		// A container's small /dev/shm crashes Chromium at start when
		// other tests load the machine.
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	// Started here, once more if the first start fails: on a loaded
	// machine Chromium sometimes dies as it starts, which says nothing of
	// the studio.
	for try := 1; ; try++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelC := chromedp.NewContext(actx)
		ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
		err := chromedp.Do(ctx)
		if err == nil || try == 2 {
			t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
			if err != nil {
				t.Fatalf("starting %s: %v", execPath, err)
			}
			return ctx
		}
		t.Logf("starting %s failed, once: %v", execPath, err)
		cancelT()
		cancelC()
		cancelA()
	}
}

// setField types a value into a form field, replacing its text.
func setField(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Focus(chromedp.CSS(sel)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).select()`, sel)),
		chromedp.SendKeys(chromedp.CSS(sel), value),
	)
}

// waitFor polls a JavaScript condition until it holds.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(50*time.Millisecond))
}

// settled polls a JavaScript expression until its value satisfies ok
// and returns it; after 30 seconds it returns the value it last read,
// for the test to report. A field typed key by key is checked after
// each key, so a problem shown first may be a shorter value's: a test
// waits for the answer to the whole value, not the first one.
func settled(t *testing.T, ctx context.Context, expr string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := js[string](t, ctx, expr)
		if ok(got) || time.Now().After(deadline) {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// js evaluates a JavaScript expression in the page.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// steps runs browser steps, failing the test on an error.
func steps(t *testing.T, ctx context.Context, what string, s ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, s...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBrowserStudio(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, browserSpec)
	ctx := newBrowser(t, execPath)
	dl := t.TempDir()
	start := time.Now()

	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dl, EventsEnabled: ptr(true),
			})
			return err
		}),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length === 2`),
	)
	downloads := make(chan string, 8)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			downloads <- e.GUID
		}
	}); err != nil {
		t.Fatal(err)
	}
	waitDownload := func(click string) []byte {
		t.Helper()
		steps(t, ctx, "clicking "+click, chromedp.Click(chromedp.CSS(click)))
		select {
		case guid := <-downloads:
			data, err := os.ReadFile(filepath.Join(dl, guid))
			if err != nil {
				t.Fatal(err)
			}
			return data
		case <-time.After(60 * time.Second):
			t.Fatal("no download")
		}
		return nil
	}
	t.Logf("studio open with its first page in %v", time.Since(start).Round(time.Millisecond))
	firstSVG := js[string](t, ctx, `document.getElementById("page-svg").innerHTML`)

	// The form: a new size for the first section redraws the page.
	shown := js[float64](t, ctx, `window.studioTimings.shown`)
	steps(t, ctx, "changing the size",
		setField("#f-sections-0-size", "14x14"),
		waitFor(fmt.Sprintf(`window.studioTimings.shown > %g && document.getElementById("yaml").value.includes("size: 14x14")`, shown)),
	)
	if js[string](t, ctx, `document.getElementById("page-svg").innerHTML`) == firstSVG {
		t.Error("the preview did not change with the size")
	}
	// The title, typed in the form, reaches the YAML tab.
	steps(t, ctx, "changing the title",
		setField("#f-title", "Mazes for Class 3C"),
		waitFor(`document.getElementById("yaml").value.includes("title: Mazes for Class 3C")`),
	)

	// An inline error for a bad value, in validate's words.
	steps(t, ctx, "a bad difficulty",
		setField("#f-sections-1-difficulty", "impossible"),
		waitFor(`document.getElementById("f-sections-1-difficulty-error").textContent.length > 0`),
	)
	errText := js[string](t, ctx, `document.getElementById("f-sections-1-difficulty-error").textContent`)
	yamlText := js[string](t, ctx, `document.getElementById("yaml").value`)
	_, perr := spec.ParseFS("class.yaml", []byte(yamlText), nil)
	se, ok := perr.(spec.Errors)
	// (validate's words, the field named as the form names it.)
	if !ok || len(se) == 0 || !strings.HasPrefix(se[0].Msg, "difficulty ") || errText != "Difficulty"+strings.TrimPrefix(se[0].Msg, "difficulty") {
		t.Errorf("inline error %q, want validate's %v", errText, perr)
	}
	if inv := js[string](t, ctx, `document.getElementById("f-sections-1-difficulty").getAttribute("aria-invalid")`); inv != "true" {
		t.Errorf("the bad field is not marked invalid (%q)", inv)
	}
	// The YAML tab, edited, moves the form.
	steps(t, ctx, "editing the YAML",
		chromedp.Click(chromedp.CSS("#tab-yaml")),
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("difficulty: impossible","difficulty: hard"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`document.getElementById("f-sections-1-difficulty").value === "hard" && document.getElementById("f-sections-1-difficulty-error").textContent === "" && document.querySelectorAll(".play-maze").length > 0`),
		chromedp.Click(chromedp.CSS("#tab-form")),
		waitFor(`document.getElementById("dl-pdf").getAttribute("aria-disabled") === "false"`),
	)

	// Download the spec and the PDF: the PDF is what build makes of the spec.
	specData := waitDownload("#dl-spec")
	t0 := time.Now()
	pdfData := waitDownload("#dl-pdf")
	t.Logf("PDF downloaded in %v (%d bytes)", time.Since(t0).Round(time.Millisecond), len(pdfData))
	if !bytes.Contains(specData, []byte("title: Mazes for Class 3C")) || !bytes.Contains(specData, []byte("size: 14x14")) || !bytes.Contains(specData, []byte("# The class's maze book.")) {
		t.Errorf("the downloaded spec is not the edited one:\n%s", specData)
	}
	sp, err := spec.ParseFS("class.yaml", specData, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pdfData, want.PDF) {
		t.Errorf("the downloaded PDF (%d bytes) is not what build makes of the downloaded spec (%d bytes)", len(pdfData), len(want.PDF))
	}

	// Screenshots for the README: wide, and a phone's width.
	shots := t.TempDir()
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		shots = filepath.Join("..", "docs")
	}
	steps(t, ctx, "scrolling up", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0), true`), waitFor(`document.getElementById("progress").hidden`), chromedp.Sleep(200*time.Millisecond))
	screenshot(t, ctx, filepath.Join(shots, "studio.png"))

	// Play the first maze of the page to its exit with the arrow keys.
	steps(t, ctx, "opening the game",
		chromedp.Click(chromedp.CSS(".play-maze")),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`),
	)
	key := js[string](t, ctx, `new URL(document.getElementById("dl-spec").href).pathname.split("/")[4]`)
	index := js[int](t, ctx, `Number(document.querySelector(".play-maze").dataset.index)`)
	resp, err := http.Get(fmt.Sprintf("%sapi/maze/%s/%d", base, url.PathEscape(key), index+1))
	if err != nil {
		t.Fatal(err)
	}
	var pm playMaze
	err = json.NewDecoder(resp.Body).Decode(&pm)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	keys := arrowKeys(t, pm)
	acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#play-canvas"))}
	for i, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k))
		if i == len(keys)/2 {
			// Halfway, the Theseus view, and on with the keys.
			acts = append(acts, chromedp.Click(chromedp.CSS(`input[name="view"][value="theseus"]`)), chromedp.Focus(chromedp.CSS("#play-canvas")))
		}
	}
	acts = append(acts, waitFor(`!document.getElementById("play-won").hidden`))
	steps(t, ctx, "playing", acts...)
	won := strings.Join(strings.Fields(js[string](t, ctx, `document.querySelector("#play-won .won-card").innerText`)), " ")
	moves := js[string](t, ctx, `document.getElementById("play-moves").value`)
	// A book without a theme has no ending to tell.
	cheer := fmt.Sprintf("%s %s: %d %s", wordsFor("en")["won"], wordsFor("en")["moves"], len(keys), wordsFor("en")["playagain"])
	if !strings.HasPrefix(won, cheer) || moves != fmt.Sprint(len(keys)) {
		t.Errorf("after %d keys: the win says %q, moves %s", len(keys), won, moves)
	}
	steps(t, ctx, "the celebration under way", chromedp.Sleep(800*time.Millisecond))
	screenshot(t, ctx, filepath.Join(shots, "studio-play.png"))

	// A phone's width: nothing wider than the screen.
	steps(t, ctx, "a phone's width",
		chromedp.Click(chromedp.CSS("#play-close")),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0), true`),
		chromedp.Sleep(300*time.Millisecond),
	)
	if js[bool](t, ctx, `document.documentElement.scrollWidth > window.innerWidth + 1`) {
		t.Error("at a phone's width the page is wider than the screen")
	}
	screenshot(t, ctx, filepath.Join(shots, "studio-narrow.png"))

	lat := js[[]float64](t, ctx, `window.studioTimings.preview`)
	t.Logf("preview latency from a change to the page shown (ms, debounce included): %.0f", lat)
	t.Logf("browser test took %v", time.Since(start).Round(time.Millisecond))
}

func ptr[T any](v T) *T { return &v }

// arrowKeys returns the arrow keys that walk a maze's solution from its
// entrance to its exit: for each step, the arrow nearest the heading of
// the side it goes through.
func arrowKeys(t *testing.T, pm playMaze) []string {
	t.Helper()
	path := pathOf(pm)
	if path == nil {
		t.Fatal("the maze has no way through")
	}
	arrows := []struct {
		key   string
		angle float64
	}{{kb.ArrowRight, 0}, {kb.ArrowDown, math.Pi / 2}, {kb.ArrowLeft, math.Pi}, {kb.ArrowUp, -math.Pi / 2}}
	var keys []string
	for i := 0; i+1 < len(path); i++ {
		h := math.NaN()
		for _, sd := range pm.Cells[path[i]].Sides {
			if sd.To == path[i+1] && sd.Open {
				h = sd.Heading
			}
		}
		best, gap := "", 10.0
		for _, a := range arrows {
			d := math.Abs(math.Remainder(h-a.angle, 2*math.Pi))
			if d < gap {
				best, gap = a.key, d
			}
		}
		if gap > 0.01 {
			t.Fatalf("step %d heads %.3f rad, not along an arrow", i, h)
		}
		keys = append(keys, best)
	}
	return keys
}

// The studio in Spanish, following the spec's language, and at 200%
// zoom (a 1280-pixel screen showing 640 CSS pixels): readable, nothing
// wider than the window, every control reachable with the keyboard.
func TestBrowserSpanishZoom(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "language: es\n"+browserSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio",
		chromedp.EmulateViewport(640, 450, chromedp.EmulateScale(2)),
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null`),
	)
	for expr, want := range map[string]string{
		`document.documentElement.lang`:                              "es",
		`document.getElementById("dl-pdf").textContent`:              wordsFor("es")["downloadpdf"],
		`document.querySelector('label[for="f-title"]').textContent`: wordsFor("es")["f.title"],
		`document.getElementById("page-label").textContent`:          "Página 1 de 4",
	} {
		if got := js[string](t, ctx, expr); got != want {
			t.Errorf("%s = %q, want %q", expr, got, want)
		}
	}
	if js[bool](t, ctx, `document.documentElement.scrollWidth > window.innerWidth + 1`) {
		t.Error("at 200% zoom the page is wider than the window")
	}
	// Tab from the start reaches the form's first field and, further on,
	// the preview's buttons; every control on the way is labelled.
	var seen []string
	for i := 0; i < 60; i++ {
		steps(t, ctx, "tab", chromedp.KeyEvent(kb.Tab))
		id := js[string](t, ctx, `(function(){const e=document.activeElement; if(!e) return ""; const l = e.labels && e.labels.length ? e.labels[0].textContent : (e.getAttribute("aria-label") || e.textContent); return (e.id || e.tagName) + "=" + (l || "").trim()})()`)
		if strings.HasSuffix(id, "=") {
			t.Errorf("focus %d on %s has no label", i, id)
		}
		seen = append(seen, id)
	}
	all := strings.Join(seen, " ")
	for _, want := range []string{"f-title=" + wordsFor("es")["f.title"], "dl-pdf=", "tab-form="} {
		if !strings.Contains(all, want) {
			t.Errorf("tabbing never reached %s: %v", want, seen)
		}
	}
	// Problems are said in Spanish too: a size, and YAML that cannot be
	// read (so the page's language, not the spec's, chooses the words).
	steps(t, ctx, "a size that is not one", setField("#f-sections-0-size", "-3x4"))
	const spanishSize = "el ancho y el alto deben ser al menos 1"
	if got := settled(t, ctx, `document.getElementById("f-sections-0-size-error").textContent`, func(s string) bool { return strings.Contains(s, spanishSize) }); !strings.Contains(got, spanishSize) {
		t.Errorf("the size's error in the Spanish studio reads %q", got)
	}
	steps(t, ctx, "mending the size, breaking the YAML",
		setField("#f-sections-0-size", "10x10"),
		waitFor(`document.getElementById("f-sections-0-size-error").textContent === ""`),
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("seed: 11","seed: [11"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`!document.getElementById("yaml-locked").hidden`),
	)
	// The problem is said once, in the YAML's banner; the preview's
	// banner points at its line.
	if got := js[string](t, ctx, `document.getElementById("yaml-locked-why").textContent`); !strings.Contains(got, "no es YAML válido") {
		t.Errorf("broken YAML in the Spanish studio reads %q", got)
	}
	if got := js[int](t, ctx, `document.body.innerText.split("no es YAML válido").length - 1`); got != 1 {
		t.Errorf("the problem is said %d times", got)
	}
	if got := js[string](t, ctx, `document.getElementById("stale").textContent`); !strings.Contains(got, wordsFor("es")["gotoline"]+" 5") {
		t.Errorf("the preview's banner of broken YAML in the Spanish studio reads %q", got)
	}
	steps(t, ctx, "mending the YAML",
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("seed: [11","seed: 11"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`document.getElementById("yaml-locked").hidden`),
	)
	// A book the print preset refuses: the download shows why.
	steps(t, ctx, "the kdp preset",
		chromedp.Evaluate[chromedp.Void](`(function(){const s=document.getElementById("f-preset"); s.value="kdp"; s.dispatchEvent(new Event("change")); return true})()`),
		waitFor(`document.getElementById("yaml").value.includes("preset: kdp") && document.getElementById("dl-pdf").getAttribute("aria-disabled") === "false"`),
		chromedp.Click(chromedp.CSS("#dl-pdf")),
		waitFor(`document.getElementById("problem-list").textContent.includes("impresión bajo demanda (kdp)")`),
	)
	shots := t.TempDir()
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		shots = filepath.Join("..", "docs")
	}
	steps(t, ctx, "scrolling up", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(), window.scrollTo(0, 0), true`), chromedp.Sleep(200*time.Millisecond))
	screenshot(t, ctx, filepath.Join(shots, "studio-es-200.png"))
}

// A spec that names a mask opens with the spec's error and the hint to
// attach it; attaching heart.png with the file input draws the masked
// book, lists the file with a Remove button, and makes Download spec a
// zip; removing it brings the error back.
func TestBrowserAttachMask(t *testing.T) {
	execPath := findBrowser(t)
	heart, err := filepath.Abs(filepath.Join("..", "examples", "heart.png"))
	if err != nil {
		t.Fatal(err)
	}
	const hearts = `title: Hearts for Class 3B
seed: 5
title_page: false
sections:
  - title: A heart
    mask: heart.png
    count: 2
    per_page: 1
`
	base, s := startStudio(t, hearts)
	ctx := newBrowser(t, execPath)
	start := time.Now()
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		waitFor(`document.getElementById("file-missing").textContent.includes("not attached")`),
	)
	// Said once, in the files' box, where it is mended; the problems
	// point there.
	const missing = `class.yaml:6:11: mask "heart.png": not attached: attach heart.png with "Add a picture, mask or font"`
	if got := js[string](t, ctx, `document.getElementById("file-missing").textContent`); !strings.Contains(got, missing) {
		t.Errorf("the files' box without the mask: %q", got)
	}
	if got := js[string](t, ctx, `document.getElementById("problem-list").textContent`); got != wordsFor("en")["files"] {
		t.Errorf("the problems without the mask: %q", got)
	}
	if got := js[string](t, ctx, `document.getElementById("file-list").textContent`); got != wordsFor("en")["nofiles"] {
		t.Errorf("the file list without files: %q", got)
	}
	steps(t, ctx, "attaching heart.png",
		chromedp.SetUploadFiles(chromedp.CSS("#add-file"), []string{heart}),
		waitFor(`document.querySelector("#file-list .file-name") !== null && document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length === 1`),
	)
	if got := js[string](t, ctx, `document.querySelector("#file-list .file-name").textContent`); got != "heart.png" {
		t.Errorf("the file listed: %q", got)
	}
	if got := js[string](t, ctx, `document.getElementById("problem-list").textContent + document.getElementById("file-missing").textContent`); got != wordsFor("en")["noproblems"] {
		t.Errorf("problems with the mask attached: %q", got)
	}
	if href := js[string](t, ctx, `document.getElementById("dl-spec").href`); !strings.HasSuffix(href, "/class.zip") {
		t.Errorf("Download spec with a file: %s", href)
	}
	if got := js[string](t, ctx, `document.getElementById("dl-spec").textContent`); got != wordsFor("en")["downloadspeczip"] {
		t.Errorf("Download spec with a file reads %q", got)
	}
	// The page drawn is the masked book's first page.
	key := js[string](t, ctx, `new URL(document.getElementById("dl-spec").href).pathname.split("/")[4]`)
	u, _ := url.Parse(base)
	d := do(t, s, "GET", "/"+token+"/api/page/"+key+"/1.svg", nil, "Host", u.Host)
	shown := js[string](t, ctx, `Array.from(document.querySelectorAll("#page-svg path")).map((p) => p.getAttribute("d")).join("|")`)
	var served []string
	for _, m := range regexp.MustCompile(`<path[^>]* d="([^"]*)"`).FindAllStringSubmatch(d.Body.String(), -1) {
		served = append(served, m[1])
	}
	if d.Code != 200 || len(served) == 0 || shown != strings.Join(served, "|") {
		t.Errorf("the page shown is not the masked book's first page (%d, %d paths)", d.Code, len(served))
	}
	shots := t.TempDir()
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		shots = filepath.Join("..", "docs")
	}
	steps(t, ctx, "scrolling to the files", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0), true`), chromedp.Sleep(200*time.Millisecond))
	screenshot(t, ctx, filepath.Join(shots, "studio-attach.png"))

	steps(t, ctx, "removing heart.png",
		chromedp.Click(chromedp.CSS("#file-list .button")),
		waitFor(`document.getElementById("file-missing").textContent.includes("not attached")`),
	)
	if href := js[string](t, ctx, `document.getElementById("dl-spec").href`); !strings.HasSuffix(href, "/class.yaml") {
		t.Errorf("Download spec without files: %s", href)
	}
	// Open spec… takes a zip of the spec and its files.
	heartData, err := os.ReadFile(heart)
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "hearts.zip")
	if err := os.WriteFile(zipPath, zipOf(t, "hearts.yaml", []byte(strings.Replace(hearts, "count: 2", "count: 1", 1)), "heart.png", heartData), 0o644); err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "opening a zip",
		chromedp.SetUploadFiles(chromedp.CSS("#open-spec"), []string{zipPath}),
		waitFor(`document.querySelector("#file-list .file-name") !== null && document.getElementById("yaml").value.includes("count: 1") && document.querySelectorAll(".play-maze").length === 1 && document.getElementById("file-missing").textContent === ""`),
	)
	t.Logf("attach test took %v", time.Since(start).Round(time.Millisecond))
}

// TestBrowserForgottenSpec opens the studio, makes the server forget the
// page's spec (others sent after it push it out of the studio's memory),
// and turns the page: the page sends its spec again and shows the next
// page, with no error, rather than nothing.
func TestBrowserForgottenSpec(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, browserSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null`),
	)
	href := js[string](t, ctx, `document.getElementById("dl-svg").href`)
	_, rest, _ := strings.Cut(href, "api/zip/")
	key, _, _ := strings.Cut(rest, "/")
	for i := range 70 {
		spec := strings.Replace(browserSpec, "seed: 11", fmt.Sprintf("seed: %d", 100+i), 1)
		res, err := http.Post(base+"api/check", "application/yaml", strings.NewReader(spec))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	// The server has forgotten the page's spec.
	if res, err := http.Get(base + "api/view/" + key + "/2"); err != nil || res.StatusCode != http.StatusGone {
		t.Fatalf("the page's spec is not forgotten: %v %v", res, err)
	}
	shown := js[float64](t, ctx, `window.studioTimings.shown`)
	steps(t, ctx, "turning the page",
		chromedp.Click(chromedp.CSS("#next")),
		waitFor(fmt.Sprintf(`window.studioTimings.shown > %g && document.querySelector("#page-svg svg") !== null && document.getElementById("page-error").hidden`, shown)),
	)
	// The page sent it again: the server holds it once more.
	if res, err := http.Get(base + "api/view/" + key + "/2"); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("the spec was not sent again: %v %v", res, err)
	}
}
