package studio

import (
	"encoding/json"

	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"mazebook/study"
)

// TestBrowserStudyThroughARestart plays a maze on the class's page while
// the studio stops and starts again on the same study file and port: the
// page says plainly that nothing is being recorded, holds its moves, and
// sends them all to the studio that comes back, at the same address; the
// trial is recorded whole, its line cut off by the stop superseded.
func TestBrowserStudyThroughARestart(t *testing.T) {
	execPath := findBrowser(t)
	file := filepath.Join(t.TempDir(), "class.jsonl")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	serve := func(ln net.Listener) (*Server, *http.Server) {
		log, err := study.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Options{Spec: []byte(browserSpec), SpecName: "class.yaml", Creator: "mazebook test", Hosts: []string{addr}, Logf: t.Logf, Study: log})
		if err != nil {
			t.Fatal(err)
		}
		hs := &http.Server{Handler: s}
		go hs.Serve(ln)
		return s, hs
	}
	first, hs := serve(ln)
	class := "http://" + addr + first.ClassPath()
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "a child on the class's page",
		chromedp.EmulateViewport(820, 1180, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(class),
		waitFor(`!document.getElementById("code-form").hidden`),
		setField("#participant", "R01"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`!document.getElementById("maze-list-box").hidden`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('.maze-button[data-n="1"]').click(), true`),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`),
	)
	resp, err := http.Get(class + "api/maze/1?participant=R01")
	if err != nil {
		t.Fatal(err)
	}
	var pm playMaze
	json.NewDecoder(resp.Body).Decode(&pm)
	resp.Body.Close()
	keys := arrowKeys(t, pm)
	steps(t, ctx, "three moves", append(pressSlowly(keys[:3]), waitFor(`document.getElementById("play-moves").value === "3"`))...)
	// The studio has them, then stops.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		first.trials.mu.Lock()
		applied := 0
		for _, s := range first.trials.open {
			applied = s.applied
		}
		first.trials.mu.Unlock()
		if applied == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the studio never had the three moves")
		}
	}
	hs.Close()
	first.Close()
	if trials := readTrials(t, file); len(trials) != 1 || trials[0].Ended != study.EndedStopped || trials[0].Moves != 3 {
		t.Fatalf("the trial cut off by the stop: %+v", trials)
	}
	steps(t, ctx, "two moves while the studio is down", append(pressSlowly(keys[3:5]),
		waitFor(`!document.getElementById("play-away").hidden`))...)
	if say := js[string](t, ctx, `document.getElementById("play-away").textContent`); !strings.Contains(say, "nothing is being recorded") {
		t.Errorf("while the studio is down the page says %q", say)
	}
	screenshot(t, ctx, filepath.Join(docsOr(t), "studio-study-away.png"))
	// The studio starts again, on the same port and study file.
	var ln2 net.Listener
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if ln2, err = net.Listen("tcp", addr); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	second, hs2 := serve(ln2)
	t.Cleanup(func() { hs2.Close(); second.Close() })
	if second.ClassPath() != first.ClassPath() {
		t.Fatalf("the class's address was %s, and is %s after the restart", first.ClassPath(), second.ClassPath())
	}
	steps(t, ctx, "the studio back", waitFor(`document.getElementById("play-away").hidden`))
	steps(t, ctx, "the rest of the way", append(pressSlowly(keys[5:]),
		waitFor(`!document.getElementById("play-won").hidden && document.getElementById("play-status").textContent.includes("Recorded")`))...)
	trials := waitTrials(t, file, 2)
	whole := trials[1]
	if whole.TrialID != trials[0].TrialID || !whole.Solved || whole.Moves != len(keys) || whole.Participant != "R01" || whole.Run == trials[0].Run {
		t.Errorf("the trial sent whole after the restart: %+v", whole)
	}
	if latest := study.Latest(trials); len(latest) != 1 || !latest[0].Solved {
		t.Errorf("the latest lines: %+v", latest)
	}
}
