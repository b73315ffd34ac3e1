package studio

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"mazebook/study"
)

// heard is a request as the studio heard it: whose address it was sent
// to (the token: the studio's or the class's), its method, its path
// without the token, and the language it said.
type heard struct {
	token, method, path, lang string
}

// earshot keeps the requests a studio hears; it holds a PDF's back for
// a moment, so that the page asks how far it has come.
type earshot struct {
	mu   sync.Mutex
	reqs []heard
}

func (e *earshot) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, p, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		e.mu.Lock()
		e.reqs = append(e.reqs, heard{tok, r.Method, "/" + p, r.Header.Get("Accept-Language")})
		e.mu.Unlock()
		if strings.HasPrefix(p, "api/pdf/") {
			time.Sleep(700 * time.Millisecond)
		}
		next.ServeHTTP(w, r)
	})
}

// of returns the requests heard at a token's address of a method whose
// path starts with prefix.
func (e *earshot) of(tok, method, prefix string) []heard {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []heard
	for _, h := range e.reqs {
		if h.token == tok && h.method == method && strings.HasPrefix(h.path, prefix) {
			out = append(out, h)
		}
	}
	return out
}

// wait waits for a request at a token's address of a method whose path
// starts with prefix.
func (e *earshot) wait(t *testing.T, tok, method, prefix string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); len(e.of(tok, method, prefix)) == 0; {
		if time.Now().After(deadline) {
			t.Fatalf("no %s %s heard", method, prefix)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Every request a part of the page makes says the page's language,
// through the one request helper (api.js): the studio answers in it
// while the spec says none of its own. The page is in French, the
// browser in its own language; each part is made to ask: the check, an
// edit, a page turned, a maze opened, a file attached, the spec and the
// PDF downloaded and the PDF's progress, a zip opened, a starter, and on
// the class's page a maze and a trial reported. (A thumbnail's and the
// chart's <img> are the browser's requests, and the pages and scripts
// loaded.)
func TestBrowserRequestsSayTheLanguage(t *testing.T) {
	execPath := findBrowser(t)
	const lang = "fr"
	yaml := "language: " + lang + "\n" + browserSpec
	log, err := study.Open(filepath.Join(t.TempDir(), "class.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	ts := httptest.NewUnstartedServer(nil)
	host := ts.Listener.Addr().String()
	s, err := New(Options{Spec: []byte(yaml), SpecName: "class.yaml", Token: token, ClassToken: classToken, Creator: "mazebook test", Hosts: []string{host}, Logf: t.Logf, Study: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ear := &earshot{}
	ts.Config.Handler = ear.wrap(s)
	ts.Start()
	t.Cleanup(ts.Close)
	base, class := "http://"+host+s.Path(), "http://"+host+s.ClassPath()
	heart, err := filepath.Abs(filepath.Join("..", "examples", "heart.png"))
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "book.zip")
	if err := os.WriteFile(zipPath, zipOf(t, "book.yaml", []byte(strings.Replace(yaml, "count: 2", "count: 1", 1))), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio", chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 0`))
	if got := js[string](t, ctx, `document.documentElement.lang`); got != lang {
		t.Fatalf("the page is in %q, want %q", got, lang)
	}
	shown := js[float64](t, ctx, `window.studioTimings.shown`)
	steps(t, ctx, "turning the page", chromedp.Click(chromedp.CSS("#next")), waitFor(fmt.Sprintf(`window.studioTimings.shown > %g`, shown)))
	steps(t, ctx, "an edit", setField("#f-title", "Labyrinthes"), waitFor(`document.getElementById("yaml").value.includes("title: Labyrinthes")`))
	steps(t, ctx, "playing a maze", chromedp.Click(chromedp.CSS(".play-maze")),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`),
		chromedp.Click(chromedp.CSS("#play-close")))
	steps(t, ctx, "attaching a file", chromedp.SetUploadFiles(chromedp.CSS("#add-file"), []string{heart}),
		waitFor(`document.querySelector("#file-list .file-name") !== null && document.getElementById("dl-spec").getAttribute("aria-disabled") === "false"`))
	steps(t, ctx, "downloading the spec", chromedp.Click(chromedp.CSS("#dl-spec")))
	ear.wait(t, token, "GET", "/api/spec/")
	steps(t, ctx, "downloading the PDF", chromedp.Click(chromedp.CSS("#dl-pdf")))
	ear.wait(t, token, "GET", "/api/pdf/")
	ear.wait(t, token, "GET", "/api/progress/")
	steps(t, ctx, "the PDF downloaded", waitFor(`document.getElementById("progress").hidden`))
	steps(t, ctx, "opening a zip", chromedp.SetUploadFiles(chromedp.CSS("#open-spec"), []string{zipPath}),
		waitFor(`document.getElementById("yaml").value.includes("count: 1")`))
	steps(t, ctx, "a starter", chromedp.Click(chromedp.CSS(`[data-starter="worksheet"]`)))
	ear.wait(t, token, "GET", "/api/starter/")

	w := do(t, s, "GET", "/"+classToken+"/api/maze/1?participant=A01", nil, "Host", host)
	var pm playMaze
	if err := json.Unmarshal(w.Body.Bytes(), &pm); err != nil {
		t.Fatalf("the class's maze 1: %d %v", w.Code, err)
	}
	keys := arrowKeys(t, pm)
	steps(t, ctx, "the class's page", chromedp.Navigate(class), waitFor(`!document.getElementById("code-form").hidden`),
		setField("#participant", "A01"), chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`!document.getElementById("maze-list-box").hidden`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('.maze-button[data-n="1"]').click(), true`),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`))
	steps(t, ctx, "a move", pressSlowly(keys[:1])...)
	ear.wait(t, classToken, "POST", "/api/trial/")

	for _, part := range []struct{ what, token, method, path string }{
		{"check.js: the spec checked", token, "POST", "/api/check"},
		{"edits.js: an edit", token, "POST", "/api/yaml"},
		{"preview.js: a page turned", token, "GET", "/api/view/"},
		{"play.js: a maze opened", token, "GET", "/api/maze/"},
		{"files.js: a file attached", token, "POST", "/api/attach"},
		{"downloads.js: the spec downloaded", token, "GET", "/api/spec/"},
		{"downloads.js: the PDF downloaded", token, "GET", "/api/pdf/"},
		{"downloads.js: the PDF's progress", token, "GET", "/api/progress/"},
		{"open.js: a zip opened", token, "POST", "/api/open"},
		{"starters.js: a starter", token, "GET", "/api/starter/"},
		{"class.js: the class's maze", classToken, "GET", "/api/maze/"},
		{"trial.js: a trial reported", classToken, "POST", "/api/trial/"},
	} {
		if len(ear.of(part.token, part.method, part.path)) == 0 {
			t.Errorf("%s: no %s %s heard", part.what, part.method, part.path)
		}
	}
	// Every request of the page's own says its language; a picture's
	// (<img>) and the pages' and scripts' are the browser's.
	ear.mu.Lock()
	defer ear.mu.Unlock()
	n := 0
	for _, h := range ear.reqs {
		if !strings.HasPrefix(h.path, "/api/") || strings.HasPrefix(h.path, "/api/page/") || strings.HasPrefix(h.path, "/api/chart/") {
			continue
		}
		n++
		if h.lang != lang {
			t.Errorf("%s /%s%s says the language %q, not the page's %q", h.method, h.token, h.path, h.lang, lang)
		}
	}
	t.Logf("%d requests of the page's heard", n)
}
