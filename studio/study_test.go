package studio

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"mazebook/study"
)

// classToken is the class's token in the tests.
const classToken = "classtoken"

// startStudy starts a studio that records trials to a study file, and
// returns the teacher's address, the class's and the file.
func startStudy(t *testing.T, yaml string) (base, class, file string) {
	t.Helper()
	return startClass(t, yaml, nil)
}

// startClass is startStudy with the class's list of codes.
func startClass(t *testing.T, yaml string, codes []string) (base, class, file string) {
	t.Helper()
	file = filepath.Join(t.TempDir(), "class.jsonl")
	log, err := study.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	ts := httptest.NewUnstartedServer(nil)
	host := ts.Listener.Addr().String()
	s, err := New(Options{Spec: []byte(yaml), SpecName: "class.yaml", Token: token, ClassToken: classToken, Creator: "mazebook test", Hosts: []string{host}, Logf: t.Logf, Study: log, Codes: codes})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { s.Close() })
	return "http://" + host + s.Path(), "http://" + host + s.ClassPath(), file
}

// newStudyServer returns a studio running a study (not listening), its
// study file, and a clock the test moves.
func newStudyServer(t *testing.T, yaml string) (*Server, string, *time.Time) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "class.jsonl")
	log, err := study.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t, Options{Spec: []byte(yaml), SpecName: "class.yaml", ClassToken: classToken, Study: log})
	t.Cleanup(func() { s.Close() })
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	s.trials.now = func() time.Time { return now }
	studyClocks.Store(s, &now)
	return s, file, &now
}

// studyClocks are the clocks of the studios newStudyServer made, which
// report moves on as the page's time passes.
var studyClocks sync.Map // *Server: *time.Time

// theDevice is the address of the device of a request, as httptest sets
// it.
const theDevice = "192.0.2.1:1234"

// classMazeOf returns maze n (from 1) of the study's book as the class's
// page gets it.
func classMazeOf(t *testing.T, s *Server, n int) playMaze {
	t.Helper()
	return classMazeFrom(t, s, n, theDevice)
}

// classMazeFrom returns maze n of the study's book as the class's page
// on the device at the address remote gets it.
func classMazeFrom(t *testing.T, s *Server, n int, remote string) playMaze {
	t.Helper()
	return classMazeFor(t, s, n, remote, "A01")
}

// classMazeFor returns maze n of the study's book as the class's page on
// the device at the address remote gets it for a participant.
func classMazeFor(t *testing.T, s *Server, n int, remote, participant string) playMaze {
	t.Helper()
	w := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/%d?participant=%s", classToken, n, participant), nil, "RemoteAddr", remote)
	var pm playMaze
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &pm) != nil {
		t.Fatalf("the class's maze %d: %d %s", n, w.Code, w.Body.String())
	}
	return pm
}

// waySides returns the sides a player goes through along the shortest
// way of a maze, the exit's door last (none for a goal inside its cell).
func waySides(t *testing.T, pm playMaze) []int {
	t.Helper()
	path := pathOf(pm)
	if path == nil {
		t.Fatal("no way through")
	}
	var sides []int
	for i := 0; i+1 < len(path); i++ {
		for k, sd := range pm.Cells[path[i]].Sides {
			if sd.Open && sd.To == path[i+1] {
				sides = append(sides, k)
				break
			}
		}
	}
	if pm.ExitSide >= 0 {
		sides = append(sides, pm.ExitSide)
	}
	return sides
}

// moves makes the moves of sides, one every gap ms from first, in a view
// with an input.
func moves(sides []int, first, gap int64, view, input int64) [][4]int64 {
	var out [][4]int64
	for i, sd := range sides {
		out = append(out, [4]int64{int64(sd), first + int64(i)*gap, view, input})
	}
	return out
}

// report sends a report of a trial of maze n to the class's address,
// once as much time has passed on the studio's clock since it served the
// maze as the page says has passed since it showed it.
func report(t *testing.T, s *Server, n int, rep trialReport) (int, trialState) {
	t.Helper()
	return reportFrom(t, s, n, theDevice, rep)
}

// reportFrom sends a report as report does, from the device at the
// address remote.
func reportFrom(t *testing.T, s *Server, n int, remote string, rep trialReport) (int, trialState) {
	t.Helper()
	rep.ID = trialOf(t, s, n, remote, rep)
	if c, ok := studyClocks.Load(s); ok {
		clock := c.(*time.Time)
		said := rep.Now
		for _, m := range rep.Moves {
			said = max(said, m[1])
		}
		s.trials.mu.Lock()
		if _, served, ok := s.trials.opened(rep.ID, rep.Participant); ok {
			if then := served.Add(time.Duration(said) * time.Millisecond); clock.Before(then) {
				*clock = then
			}
		}
		s.trials.mu.Unlock()
	}
	body, _ := json.Marshal(rep)
	w := do(t, s, "POST", fmt.Sprintf("/%s/api/trial/%d", classToken, n), body, "RemoteAddr", remote)
	var st trialState
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
		t.Fatalf("report: %d %s", w.Code, w.Body.String())
	}
	return w.Code, st
}

// trialIDs are the ids the studios of the tests issued, by the
// placeholder a test names a trial with ("aaaaaaaaaaaaaaaa"), the maze
// and the participant.
var trialIDs sync.Map // string: string

// trialOf returns the id of the trial a report names: a placeholder of
// 16 hexadecimal digits stands for the trial the studio opens, the
// first time it is named, by serving maze n to the participant on the
// device remote (as the class's page fetches it); any other id is sent
// as it is.
func trialOf(t *testing.T, s *Server, n int, remote string, rep trialReport) string {
	t.Helper()
	if len(rep.ID) != 16 || !study.ValidParticipant(rep.Participant) {
		return rep.ID
	}
	key := fmt.Sprintf("%p %s %d %s", s, rep.ID, n, rep.Participant)
	if id, ok := trialIDs.Load(key); ok {
		return id.(string)
	}
	w := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/%d?participant=%s", classToken, n, rep.Participant), nil, "RemoteAddr", remote)
	var pm playMaze
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &pm) != nil {
		return rep.ID // the studio serves no such maze: the id is its own
	}
	trialIDs.Store(key, pm.Trial)
	return pm.Trial
}

// withoutTrial returns a maze without its trial's id.
func withoutTrial(pm playMaze) playMaze {
	pm.Trial = ""
	return pm
}

// readTrials reads the study file.
func readTrials(t *testing.T, file string) []study.Trial {
	t.Helper()
	trials, skipped, err := study.ReadFile(file)
	if err != nil || skipped.Lines > 0 {
		t.Fatalf("the study file: %v %v", err, skipped)
	}
	return trials
}

// The class's address serves the game alone, of the book the studio
// opened with, fixed while the studio edits on; the teacher's address
// serves the studio, and records no trial; neither token opens the
// other's endpoints.
func TestClassAddress(t *testing.T) {
	s, _, _ := newStudyServer(t, browserSpec)
	if s.ClassPath() != "/"+classToken+"/" {
		t.Fatalf("the class's path is %q", s.ClassPath())
	}
	page := do(t, s, "GET", s.ClassPath(), nil)
	html := page.Body.String()
	for _, want := range []string{`<dialog id="play"`, `id="participant"`, `assets/class.js`, "Mazes for Class 3B", `data-mazes="[{&#34;n&#34;:1`} {
		if !strings.Contains(html, want) {
			t.Errorf("the class's page lacks %s", want)
		}
	}
	for _, not := range []string{`id="editor"`, `id="open-spec"`, `id="dl-pdf"`, "mazebook calibrate", "studio.js"} {
		if strings.Contains(html, not) {
			t.Errorf("the class's page holds %s", not)
		}
	}
	if csp := page.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("the class's page's policy: %q", csp)
	}
	teacher := do(t, s, "GET", s.Path(), nil).Body.String()
	if !strings.Contains(teacher, `id="study-banner"`) || !strings.Contains(teacher, `href="/`+classToken+`/"`) {
		t.Error("the studio does not say the study runs, nor where the class plays")
	}
	before := classMazeOf(t, s, 1)
	// The teacher edits the book: the class's mazes stay.
	edited := checkSpec(t, s, strings.Replace(browserSpec, "seed: 11", "seed: 12", 1))
	if after := classMazeOf(t, s, 1); before.Trial == after.Trial || !reflect.DeepEqual(withoutTrial(before), withoutTrial(after)) {
		t.Error("an edit in the studio changed the class's maze")
	}
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/" + classToken + "/assets/class.js", 200},
		{"GET", "/" + classToken + "/assets/game.js", 200},
		{"POST", "/" + classToken + "/api/check", 404},
		{"POST", "/" + classToken + "/api/yaml", 404},
		{"GET", "/" + classToken + "/api/pdf/" + edited.Key + "/x.pdf", 404},
		{"GET", "/" + classToken + "/api/maze/99", 404},
		{"POST", "/" + token + "/api/trial/1", 404},
		{"POST", "/" + token + "/api/trial/" + edited.Key + "/1", 404},
		{"GET", "/nottoken/", 403},
	} {
		if w := do(t, s, c.method, c.path, []byte("{}")); w.Code != c.want {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, w.Code, c.want)
		}
	}
	// A studio with no study has no class.
	plain := newServer(t, Options{Spec: []byte(browserSpec)})
	if plain.ClassPath() != "" || do(t, plain, "GET", "/"+classToken+"/", nil).Code != 403 {
		t.Error("a studio with no study answers a class")
	}
	if strings.Contains(do(t, plain, "GET", plain.Path(), nil).Body.String(), "study-banner") {
		t.Error("a studio with no study says one runs")
	}
	// A study's book must build.
	log, _ := study.Open(filepath.Join(t.TempDir(), "x.jsonl"))
	if _, err := New(Options{Spec: []byte("sections: [{count: 0}]\n"), Study: log}); err == nil || !strings.Contains(err.Error(), "the study's book") {
		t.Errorf("a study of a book that does not build: %v", err)
	}
}

// The studio replays the moves the page reports with the terminal
// game's code and records what its game counts; it refuses a move
// through a wall, a time no person could take, a name or HTML for a
// code, and records each trial once.
func TestTrialReplay(t *testing.T) {
	const id = "0123456789abcdef"
	type step struct {
		rep    trialReport
		status int
		errHas string
	}
	for _, tc := range []struct {
		name  string
		steps func(way []int) []step
		want  string // the trial recorded: "" none, else "solved N view input" or "left N"
	}{
		{"solved along the way with keys", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", Moves: moves(way, 900, 300, 0, 0)}, 200, ""}}
		}, "solved full keys"},
		{"solved by taps, in three reports", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 1)
			return []step{
				{trialReport{ID: id, Participant: "A01", Moves: ms[:3]}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: 3, Moves: ms[3:6]}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: 3, Moves: ms[3:]}, 200, ""}, // overlapping: played once
			}
		}, "solved full taps"},
		{"inputs mixed", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 0)
			ms[2][3] = 3
			return []step{{trialReport{ID: id, Participant: "A01", Moves: ms}, 200, ""}}
		}, "solved full keys+drags"},
		{"a view the study does not play", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 0)
			ms[1][2] = 1
			return []step{{trialReport{ID: id, Participant: "A01", Moves: ms}, 422, "the study plays maze 1 in the full view"}}
		}, ""},
		{"left after three moves", func(way []int) []step {
			return []step{
				{trialReport{ID: id, Participant: "A01", Moves: moves(way[:3], 900, 300, 0, 0)}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: 3, Now: 5000, End: "left"}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: 3, Now: 6000, End: "left"}, 200, ""}, // a beacon after: once
			}
		}, "left 3"},
		{"won, then a beacon says left", func(way []int) []step {
			return []step{
				{trialReport{ID: id, Participant: "A01", Moves: moves(way, 900, 300, 0, 0)}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: len(way), End: "left"}, 200, ""},
			}
		}, "solved full keys"},
		{"opened and closed with no move", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", Now: 5000, End: "left"}, 200, ""}}
		}, ""},
		{"a move through a wall", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 0)
			ms[2][0] = (ms[2][0] + 2) % 4
			return []step{{trialReport{ID: id, Participant: "A01", Moves: ms}, 422, "which is a wall"}}
		}, ""},
		// A whole way through sent at once, or at 10 ms a move, is more
		// than 40 moves in a second: the studio refuses it as it plays
		// the moves, before the trial's times are weighed.
		{"solved in 1 ms", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", Moves: moves(way, 0, 0, 0, 0)}, 422, "no one moves faster than 40 a second"}}
		}, ""},
		{"solved at 10 ms a move", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", Moves: moves(way, 900, 10, 0, 0)}, 422, "no one moves faster than 40 a second"}}
		}, ""},
		{"time running backwards", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 0)
			ms[3][1] = 100
			return []step{{trialReport{ID: id, Participant: "A01", Moves: ms}, 422, "before the move before it"}}
		}, ""},
		{"a name with a space", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "Ana García", Moves: moves(way, 900, 300, 0, 0)}, 422, "participant code"}}
		}, ""},
		{"HTML for a code", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "<b>A01</b>", Moves: moves(way, 900, 300, 0, 0)}, 422, "participant code"}}
		}, ""},
		{"a code like a name is recorded (the page warned)", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "EmmaSmith", Moves: moves(way, 900, 300, 0, 0)}, 200, ""}}
		}, "solved full keys"},
		{"a report that starts past the moves the studio has", func(way []int) []step {
			ms := moves(way, 900, 300, 0, 0)
			return []step{
				{trialReport{ID: id, Participant: "A01", Moves: ms[:2]}, 200, ""},
				{trialReport{ID: id, Participant: "A01", From: 4, Moves: ms[4:]}, 409, "send them from there"},
			}
		}, "left 2"},
		{"a trial the studio does not know", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", From: 5, Moves: moves(way[5:], 900, 300, 0, 0)}, 409, "start the maze again"}}
		}, ""},
		{"a view the game has not", func(way []int) []step {
			return []step{{trialReport{ID: id, Participant: "A01", Moves: moves(way, 900, 300, 7, 0)}, 422, "not one the game has"}}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, file, _ := newStudyServer(t, browserSpec)
			pm := classMazeOf(t, s, 1)
			way := waySides(t, pm)
			for i, st := range tc.steps(way) {
				code, got := report(t, s, 1, st.rep)
				msg := fmt.Sprint(got.Errors)
				if code != st.status || !strings.Contains(msg, st.errHas) {
					t.Errorf("report %d: %d %s, want %d %q", i+1, code, msg, st.status, st.errHas)
				}
			}
			s.Close()
			trials := readTrials(t, file)
			if tc.want == "" {
				if len(trials) != 0 {
					t.Errorf("recorded %+v", trials)
				}
				return
			}
			if len(trials) != 1 {
				t.Fatalf("%d trials recorded, want 1: %+v", len(trials), trials)
			}
			tr := trials[0]
			got := fmt.Sprintf("left %d", tr.Moves)
			if tr.Solved {
				got = fmt.Sprintf("solved %s %s", tr.View, tr.Input)
				if tr.Moves != len(pathOf(pm))-1 || tr.WrongCells != 0 || tr.FirstMoveMS != 900 {
					t.Errorf("solved along the way: %+v", tr)
				}
			}
			if got != tc.want || tr.Source != "studio" || tr.Size == "" {
				t.Errorf("recorded %q (%+v), want %q", got, tr, tc.want)
			}
		})
	}
}

// A trial the page stops reporting (a crash) is recorded as left once it
// has been quiet for trialIdle, and one still open when the studio stops
// is recorded as left then.
func TestTrialLeftByAQuietPage(t *testing.T) {
	s, file, now := newStudyServer(t, browserSpec)
	way := waySides(t, classMazeOf(t, s, 1))
	if code, _ := report(t, s, 1, trialReport{ID: "aaaaaaaaaaaaaaaa", Participant: "A01", Moves: moves(way[:2], 900, 400, 0, 3)}); code != 200 {
		t.Fatalf("report: %d", code)
	}
	// Another child, on another tablet.
	const tablet = "192.0.2.2:1234"
	if code, _ := reportFrom(t, s, 2, tablet, trialReport{ID: "bbbbbbbbbbbbbbbb", Participant: "A02", Moves: moves(waySides(t, classMazeFrom(t, s, 2, tablet))[:1], 700, 400, 0, 0)}); code != 200 {
		t.Fatalf("report: %d", code)
	}
	*now = now.Add(trialIdle / 2)
	reportFrom(t, s, 2, tablet, trialReport{ID: "bbbbbbbbbbbbbbbb", Participant: "A02", From: 1, Now: 30000}) // a heartbeat
	*now = now.Add(trialIdle/2 + time.Second)
	report(t, s, 3, trialReport{ID: "cccccccccccccccc", Participant: "A03", Now: 10}) // any report sweeps
	trials := readTrials(t, file)
	if len(trials) != 1 || trials[0].Participant != "A01" || trials[0].Solved || trials[0].Moves != 2 || trials[0].Input != "drags" || trials[0].Ended != study.EndedQuiet {
		t.Fatalf("after a quiet minute and a half: %+v", trials)
	}
	s.Close()
	trials = readTrials(t, file)
	if len(trials) != 2 || trials[1].Participant != "A02" || trials[1].View != "full" || trials[1].EndMS != 30000 || trials[1].SolveMS != 0 || trials[1].Ended != study.EndedStopped {
		t.Errorf("after the studio stopped: %+v", trials)
	}
	// A page that comes back after its trial was closed is told to
	// start the maze again.
	if code, st := report(t, s, 1, trialReport{ID: "aaaaaaaaaaaaaaaa", Participant: "A01", From: 2, Moves: moves(way[2:3], 2000, 400, 0, 3)}); code != 409 || !strings.Contains(fmt.Sprint(st.Errors), "start the maze again") {
		t.Errorf("a closed trial, reported on: %d %v", code, st.Errors)
	}
}

// The studio records no trial of a maze it does not serve for play.
func TestNoTrialOfAMazeNotServed(t *testing.T) {
	s, file, _ := newStudyServer(t, "page: {size: 400mm x 400mm}\nsections:\n  - {count: 1, size: 150x150}\n")
	if w := do(t, s, "GET", "/"+classToken+"/api/maze/1", nil); w.Code != http.StatusUnprocessableEntity {
		t.Errorf("the maze: %d", w.Code)
	}
	if code, _ := report(t, s, 1, trialReport{ID: "0123456789abcdef", Participant: "S01", Moves: [][4]int64{{0, 900, 0, 0}}}); code < 400 {
		t.Errorf("a trial: %d, want it refused", code)
	}
	s.Close()
	if trials := readTrials(t, file); len(trials) != 0 {
		t.Errorf("%d trials recorded", len(trials))
	}
	if html := do(t, s, "GET", s.ClassPath(), nil).Body.String(); !strings.Contains(html, `&#34;play&#34;:false`) {
		t.Error("the class's page offers a maze the studio does not play")
	}
}

// pressSlowly presses keys with the maze in focus, a person's 40 ms
// apart (keys sent at once are no person's, and the studio refuses
// them), after a moment to look.
func pressSlowly(keys []string) []chromedp.Action[chromedp.Void] {
	acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#play-canvas")), chromedp.Sleep(300 * time.Millisecond)}
	for _, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k), chromedp.Sleep(40*time.Millisecond))
	}
	return acts
}

// waitTrials waits for the study file to hold n trials.
func waitTrials(t *testing.T, file string, n int) []study.Trial {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		trials := readTrials(t, file)
		if len(trials) >= n || time.Now().After(deadline) {
			if len(trials) != n {
				t.Fatalf("%d trials recorded, want %d: %+v", len(trials), n, trials)
			}
			return trials
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserStudy runs a study as a class does, on a tablet: the
// class's page asks for a code (a name is questioned), lists the mazes,
// and records a maze left by a reload (once), a maze won in the torch
// view, and, after Change, the next child's maze left after two taps.
func TestBrowserStudy(t *testing.T) {
	execPath := findBrowser(t)
	_, class, file := startStudy(t, torchSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the class's page on a tablet",
		chromedp.EmulateViewport(820, 1180, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(class),
		waitFor(`!document.getElementById("code-form").hidden`),
	)
	if h := js[float64](t, ctx, `document.getElementById("participant").getBoundingClientRect().height`); h < 60 {
		t.Errorf("the code's field is %.0f px high", h)
	}
	if text := js[string](t, ctx, `document.body.innerText`); !strings.Contains(text, "like A01. Not your name.") || strings.Contains(text, "mazebook") {
		t.Errorf("the class's page says %q", text)
	}
	shots := docsOr(t)
	screenshot(t, ctx, filepath.Join(shots, "studio-study.png"))
	steps(t, ctx, "a name for a code, then a code",
		setField("#participant", "EmmaSmith"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("code-error").textContent.includes("looks like a name")`),
	)
	if !js[bool](t, ctx, `document.getElementById("maze-list-box").hidden`) {
		t.Error("a name passed as a code at once")
	}
	steps(t, ctx, "a code",
		setField("#participant", "A01"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`!document.getElementById("maze-list-box").hidden && document.querySelectorAll(".maze-button").length === 4`),
	)
	getMaze := func(n int) playMaze {
		resp, err := http.Get(fmt.Sprintf("%sapi/maze/%d?participant=A01", class, n))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var pm playMaze
		if err := json.NewDecoder(resp.Body).Decode(&pm); err != nil {
			t.Fatal(err)
		}
		return pm
	}
	open := func(n int) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('.maze-button[data-n="%d"]').click(), true`, n)),
			waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`),
		)
	}

	// Maze 1: three moves, then a reload.
	keys := arrowKeys(t, getMaze(1))
	steps(t, ctx, "three moves on maze 1, then a reload", append(append([]chromedp.Action[chromedp.Void]{open(1)}, pressSlowly(keys[:3])...),
		waitFor(`document.getElementById("play-moves").value === "3"`),
		chromedp.Reload(),
		waitFor(`!document.getElementById("maze-list-box").hidden`))...)
	left := waitTrials(t, file, 1)[0]
	if left.Participant != "A01" || left.Solved || left.Moves != 3 || left.View != "full" || left.Input != "keys" || left.Source != "studio" || left.Ended != "left" || left.SolveMS != 0 || left.EndMS < left.FirstMoveMS {
		t.Errorf("the maze left by a reload: %+v", left)
	}
	if got := js[string](t, ctx, `document.getElementById("class-who-text").textContent`); got != "Player: A01" {
		t.Errorf("after the reload the page names %q", got)
	}

	// Maze 2, in the torch view, to the exit.
	keys = arrowKeys(t, getMaze(2))
	steps(t, ctx, "maze 2 in the torch view", open(2))
	// The study's view, and no other offered; the whole maze never drawn.
	if js[bool](t, ctx, `!document.getElementById("play-views").hidden || document.querySelector('input[name="view"]:checked').value !== "torch"`) {
		t.Error("the torch trial offers a choice of view, or opens in another")
	}
	if shown := js[string](t, ctx, `document.getElementById("play-canvas").dataset.shown`); shown == "" || shown == "100" {
		t.Errorf("the torch trial shows %s of the maze's 100 cells", shown)
	}
	steps(t, ctx, "maze 2 in the torch view", append(pressSlowly(keys),
		waitFor(`!document.getElementById("play-won").hidden && document.getElementById("play-status").textContent.includes("Recorded")`))...)
	if views := js[string](t, ctx, `document.getElementById("play-canvas").dataset.views`); views != "torch" {
		t.Errorf("the torch trial drew the views %q", views)
	}
	won := waitTrials(t, file, 2)[1]
	if won.Participant != "A01" || !won.Solved || won.Moves != len(keys) || won.WrongCells != 0 || won.View != "torch" || won.Input != "keys" || won.FirstMoveMS < 100 || won.Ended != "solved" || won.Number != 2 {
		t.Errorf("the maze won in the torch view: %+v", won)
	}
	if got := js[string](t, ctx, `document.getElementById("play-won-moves").textContent`); got != fmt.Sprint(won.Moves) {
		t.Errorf("the win says %s moves, the studio counted %d", got, won.Moves)
	}

	// The next child: Change, a new code, two taps on maze 1 (in the full
	// view: each maze of a study starts in it), closed.
	steps(t, ctx, "the next child",
		chromedp.Click(chromedp.CSS("#study-change")),
		waitFor(`!document.getElementById("code-form").hidden && !document.getElementById("play").open`),
		setField("#participant", "A02"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("class-who-text").textContent === "Player: A02"`),
		open(1),
		chromedp.Sleep(300*time.Millisecond),
	)
	pm := getMaze(1)
	dirs := []string{"right", "down", "left", "up"} // headings 0, π/2, π, -π/2
	path := pathOf(pm)
	for i := range 2 {
		for _, sd := range pm.Cells[path[i]].Sides {
			if sd.Open && sd.To == path[i+1] {
				dir := dirs[(int(math.Round(sd.Heading/(math.Pi/2)))+4)%4]
				steps(t, ctx, "a tap", chromedp.Click(chromedp.CSS(`.pad [data-dir="`+dir+`"]`)), chromedp.Sleep(100*time.Millisecond))
			}
		}
	}
	steps(t, ctx, "closing", waitFor(`document.getElementById("play-moves").value === "2"`), chromedp.Click(chromedp.CSS("#play-close")))
	tapped := waitTrials(t, file, 3)[2]
	if tapped.Participant != "A02" || tapped.Solved || tapped.Moves != 2 || tapped.Input != "taps" || tapped.View != "full" || tapped.Ended != "left" {
		t.Errorf("the maze tapped and closed: %+v", tapped)
	}
	time.Sleep(500 * time.Millisecond)
	if n := len(readTrials(t, file)); n != 3 {
		t.Errorf("%d trials recorded, want each once (3)", n)
	}
}

// torchSpec is browserSpec with its second maze in a section the study
// plays in the torch view.
const torchSpec = `title: Mazes for Class 3B
seed: 11
title_page: false
sections:
  - title: Warm-up
    count: 1
    size: 10x10
  - title: Torch
    count: 1
    size: 10x10
    study_view: torch
  - title: Harder
    count: 2
    difficulty: hard
    per_page: 1
`

// sendAt sends a report of a trial of maze n from the device remote as
// it is, the studio's clock where it is (report moves it on).
func sendAt(t *testing.T, s *Server, n int, remote string, rep trialReport) (int, trialState) {
	t.Helper()
	rep.ID = trialOf(t, s, n, remote, rep)
	body, _ := json.Marshal(rep)
	w := do(t, s, "POST", fmt.Sprintf("/%s/api/trial/%d", classToken, n), body, "RemoteAddr", remote)
	var st trialState
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
		t.Fatalf("report: %d %s", w.Code, w.Body.String())
	}
	return w.Code, st
}

// One tablet cannot lock the class out: past a few trials open on one
// device, or of one participant, its new trials are refused (429) while
// every other child's are taken; and of the trials it left, only one a
// person could have begun is recorded (not 256 one-move trials begun at
// once).
func TestOneTabletCannotLockTheClassOut(t *testing.T) {
	s, file, now := newStudyServer(t, browserSpec)
	const tablet, other = "192.0.2.66:1234", "192.0.2.7:1234"
	way := waySides(t, classMazeFrom(t, s, 1, tablet))
	for i := range 256 { // the mazes served at once
		trialOf(t, s, 1, tablet, trialReport{ID: fmt.Sprintf("%016x", 0xe0000+i), Participant: fmt.Sprintf("T%03d", i)})
	}
	*now = now.Add(time.Second)
	refused := 0
	for i := range 256 {
		code, st := sendAt(t, s, 1, tablet, trialReport{ID: fmt.Sprintf("%016x", 0xe0000+i), Participant: fmt.Sprintf("T%03d", i), Moves: moves(way[:1], 900, 300, 0, 0)})
		switch {
		case i < maxClientTrials && code != 200:
			t.Fatalf("trial %d: %d %v", i, code, st.Errors)
		case i >= maxClientTrials && (code != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(st.Errors), "mazes are open for 192.0.2.66 at once")):
			t.Fatalf("trial %d: %d %v", i, code, st.Errors)
		case code != 200:
			refused++
		}
	}
	if refused != 256-maxClientTrials {
		t.Errorf("%d trials refused", refused)
	}
	// Every other child plays on; one child on several devices has a
	// bound of its own.
	for i := range maxParticipantTrials + 1 {
		device := fmt.Sprintf("192.0.2.%d:1234", 100+i)
		w := waySides(t, classMazeFrom(t, s, 1, device))
		code, st := reportFrom(t, s, 1, device, trialReport{ID: fmt.Sprintf("%016x", 0xf0000+i), Participant: "K01", Moves: moves(w[:1], 900, 300, 0, 0)})
		if i < maxParticipantTrials && code != 200 || i == maxParticipantTrials && (code != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(st.Errors), "mazes are open for K01 at once")) {
			t.Errorf("K01's trial %d: %d %v", i+1, code, st.Errors)
		}
	}
	w := waySides(t, classMazeFrom(t, s, 1, other))
	if code, st := reportFrom(t, s, 1, other, trialReport{ID: "0000000000000abc", Participant: "A01", Moves: moves(w, 900, 300, 0, 0)}); code != 200 || !st.Solved || !st.Recorded {
		t.Fatalf("another child's solve: %d %+v", code, st)
	}
	*now = now.Add(trialIdle + time.Second)
	s.trials.mu.Lock()
	s.trials.sweep(s.trials.now())
	s.trials.mu.Unlock()
	left := 0
	for _, tr := range readTrials(t, file) {
		if strings.HasPrefix(tr.Participant, "T") {
			left++
		}
	}
	if left != 1 {
		t.Errorf("%d of the tablet's trials begun at once recorded as left, want 1", left)
	}
}

// A trial refused at maxTrialMoves is not recorded, and its closing
// report says so (recorded: false).
func TestTrialRefusedAtMaxMovesIsNotRecorded(t *testing.T) {
	s, file, _ := newStudyServer(t, browserSpec)
	pm := classMazeOf(t, s, 1)
	path := pathOf(pm)
	there, back := -1, -1
	for k, sd := range pm.Cells[path[0]].Sides {
		if sd.Open && sd.To == path[1] {
			there = k
		}
	}
	for k, sd := range pm.Cells[path[1]].Sides {
		if sd.Open && sd.To == path[0] {
			back = k
		}
	}
	const id = "feedfacefeedface"
	var code int
	var st trialState
	for from := 0; from <= maxTrialMoves; from += maxBatchMoves {
		batch := make([][4]int64, maxBatchMoves)
		for i := range batch {
			k := from + i
			side := there
			if k%2 == 1 {
				side = back
			}
			batch[i] = [4]int64{int64(side), 900 + int64(k)*40, 0, 0}
		}
		code, st = report(t, s, 1, trialReport{ID: id, Participant: "M01", From: from, Moves: batch})
		if code != 200 {
			break
		}
	}
	if code != 422 || !strings.Contains(fmt.Sprint(st.Errors), fmt.Sprintf("a trial of more than %d moves", maxTrialMoves)) {
		t.Fatalf("the moves past %d: %d %v", maxTrialMoves, code, st.Errors)
	}
	if code, st := report(t, s, 1, trialReport{ID: id, Participant: "M01", From: maxTrialMoves, End: "left"}); code != 200 || st.Recorded {
		t.Errorf("its closing report: %d %+v, want recorded: false", code, st)
	}
	s.Close()
	if trials := readTrials(t, file); len(trials) != 0 {
		t.Errorf("recorded %+v", trials)
	}
}

// Forged reports are refused and never recorded: a win on a maze the
// child never opened (an id made up, or one opened for another child or
// another maze), a solve said to take longer than has passed since the
// studio served the maze (19 minutes, 10 ms after it), a 23-hour give-up
// sent at once, and moves faster than anyone makes them.
func TestForgedReportsAreRefused(t *testing.T) {
	s, file, now := newStudyServer(t, browserSpec)
	a01 := classMazeFor(t, s, 1, theDevice, "A01")
	fast := classMazeFor(t, s, 1, theDevice, "F06")
	way := waySides(t, a01)
	solve := moves(way, 900, 300, 0, 0)
	end := solve[len(solve)-1][1]
	*now = now.Add(time.Duration(end+1000) * time.Millisecond) // time enough for a real solve
	b02maze2 := classMazeFor(t, s, 2, theDevice, "B02")
	forged := a01.Trial[:60] + "00000000"
	for _, c := range []struct {
		name   string
		n      int
		rep    trialReport
		status int
		says   string
	}{
		{"an id made up", 1, trialReport{ID: "0123456789abcdef0123456789abcdef", Participant: "A01", Moves: solve}, 400, "names no trial the studio opened"},
		{"an id of the right form, not signed", 1, trialReport{ID: forged, Participant: "A01", Moves: solve}, 403, "names no trial the studio opened"},
		{"another child's trial", 1, trialReport{ID: a01.Trial, Participant: "C03", Moves: solve}, 403, "names no trial the studio opened"},
		{"a trial opened for another maze", 1, trialReport{ID: b02maze2.Trial, Participant: "B02", Moves: solve}, 409, "is of maze 2, not 1"},
		{"a 19-minute solve", 1, trialReport{ID: a01.Trial, Participant: "A01", Moves: moves(way, 900, 19*60000/int64(len(way)), 0, 0)}, 422, "the trial is not recorded"},
		{"moves faster than anyone's", 1, trialReport{ID: fast.Trial, Participant: "F06", Moves: moves(toAndFro(t, a01, maxMovesPerSecond+1), 900, 24, 0, 0)}, 422, "moves within a second"},
	} {
		code, st := sendAt(t, s, c.n, theDevice, c.rep)
		if code != c.status || !strings.Contains(fmt.Sprint(st.Errors), c.says) || st.Recorded {
			t.Errorf("%s: %d %v, want %d %q", c.name, code, st.Errors, c.status, c.says)
		}
	}
	// A 23-hour give-up, 0.6 s after the maze was served.
	c04 := classMazeFor(t, s, 1, theDevice, "C04")
	*now = now.Add(600 * time.Millisecond)
	if code, st := sendAt(t, s, 1, theDevice, trialReport{ID: c04.Trial, Participant: "C04", Moves: moves(way[:2], 900, 300, 0, 0), Now: 23 * 3600 * 1000, End: "gave_up"}); code != 422 || st.Recorded {
		t.Errorf("a 23-hour give-up sent at once: %d %+v", code, st)
	}
	if trials := readTrials(t, file); len(trials) != 0 {
		t.Fatalf("forged trials recorded: %+v", trials)
	}
	// The real one, in its time, is.
	d05 := classMazeFor(t, s, 1, theDevice, "D05")
	*now = now.Add(time.Duration(end) * time.Millisecond)
	if code, st := sendAt(t, s, 1, theDevice, trialReport{ID: d05.Trial, Participant: "D05", Moves: solve}); code != 200 || !st.Recorded {
		t.Errorf("the solve in its time: %d %+v", code, st)
	}
}

// toAndFro returns n moves from a maze's entrance to the next cell on
// its way and back.
func toAndFro(t *testing.T, pm playMaze, n int) []int {
	t.Helper()
	path := pathOf(pm)
	side := func(from, to int) int {
		for k, sd := range pm.Cells[from].Sides {
			if sd.Open && sd.To == to {
				return k
			}
		}
		t.Fatal("no side")
		return -1
	}
	var out []int
	for i := range n {
		if i%2 == 0 {
			out = append(out, side(path[0], path[1]))
		} else {
			out = append(out, side(path[1], path[0]))
		}
	}
	return out
}

// Codes are one child's whatever their case, recorded as first typed;
// a line says why the trial ended, its restarts, the maze's number, the
// spec's digest, the run and the version, and names its times for what
// they measure; seeds are strings, in the maze's JSON and in the line.
func TestStudyLines(t *testing.T) {
	s, file, _ := newStudyServer(t, strings.Replace(browserSpec, "seed: 11", "seed: 18446744073709551557", 1))
	pm := classMazeFor(t, s, 1, theDevice, "C01")
	w := do(t, s, "GET", "/"+classToken+"/api/maze/1?participant=C01", nil, "RemoteAddr", theDevice)
	var raw map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	seed, ok := raw["seed"].(string)
	if !ok || seed != fmt.Sprint(s.study.book.Mazes[0].Recipe.Seed) || s.study.book.Mazes[0].Recipe.Seed < 1<<53 {
		t.Errorf("the maze's seed is %#v, want the string of %d (above 2^53)", raw["seed"], s.study.book.Mazes[0].Recipe.Seed)
	}
	way := waySides(t, pm)
	// C01 restarts once, then solves; c01 (the same child) gives up on
	// maze 2; C01 hands maze 3 to another child.
	ms := append(moves(way[:2], 900, 300, 0, 0), [4]int64{-1, 1600, 0, 0})
	ms = append(ms, moves(way, 2000, 300, 0, 0)...)
	if code, st := report(t, s, 1, trialReport{ID: "aaaaaaaaaaaaaaaa", Participant: "C01", Moves: ms}); code != 200 || !st.Recorded {
		t.Fatalf("C01's solve: %d %+v", code, st)
	}
	way2 := waySides(t, classMazeFor(t, s, 2, theDevice, "c01"))
	if code, st := report(t, s, 2, trialReport{ID: "bbbbbbbbbbbbbbbb", Participant: "c01", Moves: moves(way2[:3], 900, 300, 0, 0), Now: 5000, End: "gave_up"}); code != 200 || !st.Recorded {
		t.Fatalf("c01's give-up: %d %+v", code, st)
	}
	way3 := waySides(t, classMazeFor(t, s, 3, theDevice, "C01"))
	if code, st := report(t, s, 3, trialReport{ID: "cccccccccccccccc", Participant: "C01", Moves: moves(way3[:1], 900, 300, 0, 0), Now: 3000, End: "another_child"}); code != 200 || !st.Recorded {
		t.Fatalf("C01's change: %d %+v", code, st)
	}
	data, _ := os.ReadFile(file)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	trials := readTrials(t, file)
	if len(trials) != 3 || len(lines) != 3 {
		t.Fatalf("%d trials: %s", len(trials), data)
	}
	digest := s.study.book.Plan.Spec.Digest()
	for i, want := range []struct {
		ended    string
		restarts int
		number   int
	}{{"solved", 1, 1}, {"gave_up", 0, 2}, {"another_child", 0, 3}} {
		tr := trials[i]
		if tr.Participant != "C01" || tr.Ended != want.ended || tr.Restarts != want.restarts || tr.Number != want.number ||
			tr.Spec != digest || tr.Run == "" || tr.Version != "test" || len(tr.TrialID) != 68 {
			t.Errorf("line %d: %+v", i+1, tr)
		}
		if tr.Run != trials[0].Run {
			t.Errorf("line %d is of run %s, line 1 of %s", i+1, tr.Run, trials[0].Run)
		}
		solvedMS := strings.Contains(lines[i], `"solve_ms"`)
		if solvedMS != tr.Solved || !strings.Contains(lines[i], `"end_ms"`) || !strings.Contains(lines[i], `"seed":"18`) && !strings.Contains(lines[i], `"seed":"`) {
			t.Errorf("line %d names its times or seed wrongly: %s", i+1, lines[i])
		}
		var l map[string]any
		json.Unmarshal([]byte(lines[i]), &l)
		if _, ok := l["seed"].(string); !ok {
			t.Errorf("line %d's seed is not a string: %s", i+1, lines[i])
		}
	}
	if trials[0].Moves != 2+len(pathOf(pm))-1 || trials[0].EndMS != trials[0].SolveMS {
		t.Errorf("the solve after a restart: %+v", trials[0])
	}
}

// A restart of the studio on the same study file keeps the class's
// address and the trials it opened: a page that held its moves while the
// studio was down sends them all again, and the trial cut off by the
// stop is recorded again, whole, under the same id; a trial recorded for
// good is never recorded again.
func TestStudyRestart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "class.jsonl")
	start := func() *Server {
		log, err := study.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		s := newServer(t, Options{Spec: []byte(browserSpec), SpecName: "class.yaml", Study: log, Creator: "mazebook test"})
		t.Cleanup(func() { s.Close() })
		return s
	}
	first := start()
	class := first.ClassPath()
	get := func(s *Server, n int, who string) playMaze {
		w := do(t, s, "GET", fmt.Sprintf("%sapi/maze/%d?participant=%s", s.ClassPath(), n, who), nil, "RemoteAddr", theDevice)
		var pm playMaze
		if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &pm) != nil {
			t.Fatalf("maze %d: %d %s", n, w.Code, w.Body.String())
		}
		return pm
	}
	send := func(s *Server, n int, rep trialReport) (int, trialState) {
		body, _ := json.Marshal(rep)
		w := do(t, s, "POST", fmt.Sprintf("%sapi/trial/%d", s.ClassPath(), n), body, "RemoteAddr", theDevice)
		var st trialState
		json.Unmarshal(w.Body.Bytes(), &st)
		return w.Code, st
	}
	pm := get(first, 1, "A01")
	won := get(first, 2, "B02")
	way, way2 := waySides(t, pm), waySides(t, won)
	time.Sleep(time.Duration(900+300*len(way2)) * time.Millisecond)
	ms := moves(way, 900, 300, 0, 0)
	if code, st := send(first, 1, trialReport{ID: pm.Trial, Participant: "A01", Moves: ms[:2]}); code != 200 {
		t.Fatalf("two moves: %d %+v", code, st)
	}
	if code, st := send(first, 2, trialReport{ID: won.Trial, Participant: "B02", Moves: moves(way2, 900, 300, 0, 0)}); code != 200 || !st.Recorded {
		t.Fatalf("B02's win: %d %+v", code, st)
	}
	first.Close() // the studio stops: A01's trial is cut off
	second := start()
	if second.ClassPath() != class {
		t.Fatalf("the class's address was %s, and is %s after a restart", class, second.ClassPath())
	}
	// The page sends on from move 3: the studio has none, and asks for all.
	time.Sleep(time.Duration(300*len(way)) * time.Millisecond)
	if code, st := send(second, 1, trialReport{ID: pm.Trial, Participant: "A01", From: 2, Moves: ms[2:]}); code != 409 || !st.Resend {
		t.Fatalf("the moves after the restart: %d %+v", code, st)
	}
	if code, st := send(second, 1, trialReport{ID: pm.Trial, Participant: "a01", Moves: ms}); code != 200 || !st.Recorded || !st.Solved {
		t.Fatalf("every move again: %d %+v", code, st)
	}
	// B02's win, said again to the new studio, is not recorded twice.
	if code, st := send(second, 2, trialReport{ID: won.Trial, Participant: "B02", Moves: moves(way2, 900, 300, 0, 0)}); code != 409 || st.Recorded {
		t.Errorf("a win said again after a restart: %d %+v", code, st)
	}
	second.Close()
	trials := readTrials(t, file)
	if len(trials) != 3 || trials[1].Ended != study.EndedStopped || trials[1].TrialID != pm.Trial || trials[2].TrialID != pm.Trial || !trials[2].Solved || trials[2].Participant != "A01" || trials[1].Run == trials[2].Run {
		t.Fatalf("the lines: %+v", trials)
	}
	if latest := study.Latest(trials); len(latest) != 2 || !latest[1].Solved {
		t.Errorf("the latest of each trial: %+v", latest)
	}
}

// A section's study_view may give its mazes their views one by one: a
// list is taken in turn, and begins again for the rest of the section's
// mazes; the class's page gets each maze in its own view, and a report
// of a move in another view is refused.
func TestStudyViewPerMaze(t *testing.T) {
	s, _, _ := newStudyServer(t, `title: Views
seed: 5
title_page: false
sections:
  - count: 1
    size: 6x6
  - count: 5
    size: 6x6
    study_view: [torch, full, theseus]
`)
	for n, want := range []string{"full", "torch", "full", "theseus", "torch", "full"} {
		if got := classMazeFrom(t, s, n+1, "192.0.2.9:1234").View; got != want {
			t.Errorf("maze %d is played in the %s view, want %s", n+1, got, want)
		}
	}
}

// A study given the class's list of codes takes no other: the page's
// check of a code, the maze it fetches and a report all refuse one not
// on the list (a name among them), nothing of it is recorded, and a code
// on the list is recorded as the list spells it, whatever its case.
func TestClassList(t *testing.T) {
	file := filepath.Join(t.TempDir(), "class.jsonl")
	log, err := study.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t, Options{Spec: []byte(browserSpec), SpecName: "class.yaml", ClassToken: classToken, Study: log, Codes: []string{"K01", "k02"}})
	t.Cleanup(func() { s.Close() })
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	s.trials.now = func() time.Time { return now }
	studyClocks.Store(s, &now)
	const remote = "192.0.2.8:1234"
	for _, tt := range []struct {
		code   string
		status int
		listed bool
	}{{"K01", 200, true}, {"k01", 200, true}, {"K02", 200, true}, {"EmmaSmith", 403, false}, {"K03", 403, false}, {"no%20way", 422, false}} {
		w := do(t, s, "GET", "/"+classToken+"/api/code?participant="+tt.code, nil, "RemoteAddr", remote)
		var got struct {
			Listed bool       `json:"listed"`
			Errors []apiError `json:"errors"`
		}
		json.Unmarshal(w.Body.Bytes(), &got)
		if w.Code != tt.status || got.Listed != tt.listed {
			t.Errorf("the code %s: %d %+v, want %d", tt.code, w.Code, got, tt.status)
		}
		if tt.status == 403 && (len(got.Errors) != 1 || !strings.Contains(got.Errors[0].Message, "is not on this class's list")) {
			t.Errorf("the code %s is refused saying %+v", tt.code, got.Errors)
		}
		m := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/1?participant=%s", classToken, tt.code), nil, "RemoteAddr", remote)
		if m.Code != tt.status {
			t.Errorf("maze 1 for %s: %d, want %d", tt.code, m.Code, tt.status)
		}
	}
	way := waySides(t, classMazeFor(t, s, 1, remote, "K02"))
	if code, st := reportFrom(t, s, 1, remote, trialReport{ID: "0000000000000abc", Participant: "EmmaSmith", Moves: moves(way, 900, 300, 0, 0)}); code != http.StatusForbidden || st.Recorded {
		t.Errorf("a report under a name: %d %+v", code, st)
	}
	if code, st := reportFrom(t, s, 1, remote, trialReport{ID: "0000000000000abd", Participant: "K02", Moves: moves(way, 900, 300, 0, 0)}); code != 200 || !st.Recorded {
		t.Fatalf("a report of a code on the list: %d %+v", code, st)
	}
	s.Close()
	trials := readTrials(t, file)
	if len(trials) != 1 || trials[0].Participant != "k02" {
		t.Errorf("recorded %+v, want one trial of k02 (as the list spells it)", trials)
	}
}

// TestBrowserClassList: with the class's list, the page refuses a code
// not on it at once, saying so at the code, and takes a code on it even
// where it looks like a name (the teacher gave it out).
func TestBrowserClassList(t *testing.T) {
	execPath := findBrowser(t)
	_, class, _ := startClass(t, torchSpec, []string{"A01", "Tom"})
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "a code not on the list",
		chromedp.Navigate(class),
		waitFor(`!document.getElementById("code-form").hidden`),
		setField("#participant", "B07"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`document.getElementById("code-error").textContent.includes("is not on this class's list")`),
	)
	if !js[bool](t, ctx, `document.getElementById("maze-list-box").hidden`) {
		t.Error("a code not on the list was taken")
	}
	steps(t, ctx, "a code on the list that looks like a name",
		setField("#participant", "tom"),
		chromedp.Click(chromedp.CSS("#study-start")),
		waitFor(`!document.getElementById("maze-list-box").hidden && document.querySelectorAll(".maze-button").length === 4`),
	)
}
