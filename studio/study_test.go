package studio

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mazebook/study"
)

// startStudy starts a studio that records trials to a study file.
func startStudy(t *testing.T, yaml string) (base, file string) {
	t.Helper()
	file = filepath.Join(t.TempDir(), "class.jsonl")
	log, err := study.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	ts := httptest.NewUnstartedServer(nil)
	host := ts.Listener.Addr().String()
	s, err := New(Options{Spec: []byte(yaml), SpecName: "class.yaml", Token: token, Creator: "mazebook test", Hosts: []string{host}, Logf: t.Logf, Study: log})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Start()
	t.Cleanup(ts.Close)
	return "http://" + host + s.Path(), file
}

// The trial endpoint records a maze of the book with the server's own
// recipe, and refuses a name, impossible numbers and a studio with no
// study.
func TestTrialEndpoint(t *testing.T) {
	base, file := startStudy(t, browserSpec)
	resp, err := http.Post(base+"api/check", "application/yaml", strings.NewReader(browserSpec))
	if err != nil {
		t.Fatal(err)
	}
	var checked response
	json.NewDecoder(resp.Body).Decode(&checked)
	resp.Body.Close()
	post := func(base, body string) int {
		resp, err := http.Post(fmt.Sprintf("%sapi/trial/%s/1", base, url.PathEscape(checked.Key)), "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{"participant":"S01","first_move_ms":800,"solve_ms":9000,"moves":40,"wrong_cells":3,"solved":true}`, http.StatusNoContent},
		{`{"participant":"Ana García","first_move_ms":800,"solve_ms":9000,"moves":40,"wrong_cells":3,"solved":true}`, http.StatusUnprocessableEntity},
		{`{"participant":"S01","first_move_ms":9800,"solve_ms":9000,"moves":40,"wrong_cells":3,"solved":true}`, http.StatusUnprocessableEntity},
		{`{"participant":"S01","first_move_ms":800,"solve_ms":9000,"moves":40,"wrong_cells":99999,"solved":true}`, http.StatusUnprocessableEntity},
		{`{"participant":"S01","name":"Ana"}`, http.StatusBadRequest},
	} {
		if got := post(base, tc.body); got != tc.code {
			t.Errorf("%s: %d, want %d", tc.body, got, tc.code)
		}
	}
	trials, skipped, err := study.ReadFile(file)
	if err != nil || skipped.Lines > 0 || len(trials) != 1 {
		t.Fatalf("%d trials recorded (%v %v)", len(trials), err, skipped)
	}
	if tr := trials[0]; tr.Participant != "S01" || tr.Source != "studio" || tr.Size == "" || tr.Algorithm == "" || tr.WrongCells != 3 {
		t.Errorf("recorded %+v", tr)
	}
	plain, _ := startStudio(t, browserSpec)
	http.Post(plain+"api/check", "application/yaml", strings.NewReader(browserSpec))
	if got := post(plain, `{"participant":"S01","first_move_ms":800,"solve_ms":9000,"moves":40,"wrong_cells":3,"solved":true}`); got != http.StatusNotFound {
		t.Errorf("a studio with no study answered %d", got)
	}
}

// TestBrowserStudy runs a study in a real browser: the game asks for a
// participant's code (refusing a name), then records a maze won with the
// arrow keys and, without asking again, a maze left after one move.
func TestBrowserStudy(t *testing.T) {
	execPath := findBrowser(t)
	base, file := startStudy(t, browserSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio and the game",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 1`),
		chromedp.Click(chromedp.CSS(".play-maze")),
		waitFor(`document.getElementById("play").open && !document.getElementById("study").hidden`),
	)
	if !js[bool](t, ctx, `getComputedStyle(document.getElementById("play-canvas")).display === "none"`) {
		t.Error("the maze shows before the participant's code is given")
	}
	shots := t.TempDir()
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		shots = filepath.Join("..", "docs")
	}
	steps(t, ctx, "a name for a code",
		setField("#participant", "Ana García"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("study-error").textContent !== ""`),
	)
	screenshot(t, ctx, filepath.Join(shots, "studio-study.png"))
	steps(t, ctx, "a code",
		setField("#participant", "S07"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("study").hidden && !document.getElementById("play-canvas").hidden`),
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
	acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#play-canvas")), chromedp.Sleep(200 * time.Millisecond)}
	for _, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k))
	}
	acts = append(acts, waitFor(`document.getElementById("play-status").textContent.includes(`+fmt.Sprintf("%q", wordsFor("en")["studysaved"])+`)`))
	steps(t, ctx, "winning", acts...)

	// Another maze: no code asked; one move, then closed.
	steps(t, ctx, "another maze, left after one move",
		chromedp.Click(chromedp.CSS("#play-close")),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".play-maze")[1].click(), true`),
		waitFor(`document.getElementById("play").open && document.getElementById("study").hidden && document.getElementById("play-status").textContent === ""`),
		chromedp.Focus(chromedp.CSS("#play-canvas")),
	)
	var second []chromedp.Action[chromedp.Void]
	for _, k := range []string{kb.ArrowRight, kb.ArrowDown, kb.ArrowLeft, kb.ArrowUp} { // one of them moves
		second = append(second, chromedp.KeyEvent(k))
	}
	second = append(second, waitFor(`Number(document.getElementById("play-moves").value) > 0`), chromedp.Click(chromedp.CSS("#play-close")))
	steps(t, ctx, "moving and closing", second...)
	deadline := time.Now().Add(10 * time.Second)
	var trials []study.Trial
	for time.Now().Before(deadline) {
		trials, _, _ = study.ReadFile(file)
		if len(trials) >= 2 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(trials) != 2 {
		t.Fatalf("%d trials recorded, want 2", len(trials))
	}
	won, left := trials[0], trials[1]

	// The next child on the same tablet: the code changed from the game.
	steps(t, ctx, "changing the participant",
		chromedp.Evaluate[chromedp.Void](`document.querySelector(".play-maze").click(), true`),
		waitFor(`document.getElementById("play").open && !document.getElementById("study-who").hidden`),
	)
	if got := js[string](t, ctx, `document.getElementById("study-who-text").textContent`); got != "Participant: S07" {
		t.Errorf("the game names the participant %q", got)
	}
	steps(t, ctx, "a new code",
		chromedp.Click(chromedp.CSS("#study-change")),
		waitFor(`!document.getElementById("study").hidden && getComputedStyle(document.getElementById("play-canvas")).display === "none"`),
		setField("#participant", "S08"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("study").hidden && document.getElementById("study-who-text").textContent === "Participant: S08"`),
	)
	if won.Participant != "S07" || !won.Solved || won.Moves != len(keys) || won.WrongCells != 0 || won.Source != "studio" || won.FirstMoveMS < 150 || won.SolveMS < won.FirstMoveMS {
		t.Errorf("the won trial: %+v", won)
	}
	if left.Participant != "S07" || left.Solved || left.Moves < 1 {
		t.Errorf("the trial left: %+v", left)
	}
}
