package studio

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"mazebook/internal/say"
	"mazebook/layout"
	"mazebook/play"
	"mazebook/study"
)

// A trial of the study is played in the class's page and replayed here.
// The studio opens it: the maze the class's page fetches for a
// participant carries a trial id (playMaze.Trial) that says, under the
// study's key (study.Log.Key), which maze it is of, whose it is (the
// code, without case) and when the studio served it, by its own clock.
// Every report names it; a report of a trial the studio did not open,
// or opened for another maze or another child, is refused and never
// recorded. The page sends the moves it made as it makes them — each
// the side of the player's cell it went through, when (in ms since the
// maze was shown), in which view and with which input — and the studio
// plays them on its own copy of the game (play.Game, the code 'mazebook
// play' runs), which counts the moves and the wrong cells and says
// whether the exit was reached: the page's own counts are never asked
// for. A trial closes once, and its line says why (study.Trial.Ended):
// the exit reached (solved); the page says the maze was left (closed,
// reloaded: navigator.sendBeacon), given up, or handed to another
// child; the page went quiet for trialIdle (a crash); or the studio
// stopped. A trial no person could have played (see
// study.Trial.Impossible) is refused, and said.
//
// A trial's times are the page's, bound to the studio's clock: a page
// that says more time has passed since the maze was shown than has
// passed since the studio served it (a request 10 ms after the maze,
// saying a solve took 6.5 s) is refused, and so is one whose moves come
// faster than anyone makes them (maxMovesPerSecond in any second). One
// device, and one participant, may hold only a few trials open at once,
// so that one tablet cannot take the class's places; and a trial left
// unfinished is recorded only when a person could have begun it: not
// one begun on a device within a second of another still open there.
//
// A trial outlives a restart of the studio on the same study file: its
// id is the key's, and the page holds the moves the studio has not
// answered while it cannot reach it, and sends them all again when the
// studio that comes back says it has none of them. A trial the stopped
// studio recorded as cut off (studio_stopped) is recorded again, whole,
// with the same id: a reader keeps the later line (study.Latest).

// Bounds of the trials.
const (
	// trialIdle is how long a trial may go unheard from before it is
	// recorded as left: the page says it is there every 20 seconds while
	// a maze is open, and a hidden page's timers may wait a minute.
	trialIdle = 90 * time.Second
	// maxOpenTrials bounds the trials open at once (a class is 30 or so);
	// maxClientTrials those from one device (its address) and
	// maxParticipantTrials those of one participant: a child plays one
	// maze at a time, and a page reloaded may leave one open.
	maxOpenTrials        = 256
	maxClientTrials      = 4
	maxParticipantTrials = 4
	// clockSlack is how far ahead of the studio's clock a page's may
	// run: the page shows a maze after the studio sent it, so its time
	// since then is never more than the studio's but for the timers'
	// grain.
	clockSlack = 500 * time.Millisecond
	// minTrialGap is the least time between two trials a person begins
	// on one device: to begin one, a maze is chosen, loaded, looked at
	// and moved in.
	minTrialGap = time.Second
	// maxTrialMoves bounds the moves of a trial: a child lost in the
	// largest maze a study plays for an hour makes fewer.
	maxTrialMoves = 100000
	// maxBatchMoves bounds the moves of one report, and maxTrialBody its
	// size (navigator.sendBeacon sends at most 64 KB).
	maxBatchMoves = 2000
	maxTrialBody  = 64 << 10
	// maxTrialMS is the longest a trial is timed, in ms: a day.
	maxTrialMS = 24 * 3600 * 1000
	// maxClosedIDs is how many closed trials are remembered, so that one
	// said again (a beacon after the win) is never recorded twice.
	maxClosedIDs = 4096
	// maxMovesPerSecond is the most moves a trial makes in any second of
	// the page's clock: a key held down repeats about 30 times a second,
	// and a finger drawn fast along a corridor steps no faster.
	maxMovesPerSecond = 40
)

// The ends a page may report (trialReport.End), and what each records.
var pageEndings = map[string]string{"left": study.EndedLeft, "gave_up": study.EndedGaveUp, "another_child": study.EndedChange}

// The inputs a move is made with, as the page numbers them.
var inputCodes = []string{"keys", "taps", "swipes", "drags"}

// trialReport is what the page reports of a trial: the moves from From
// (the number of moves it reported before), and the time now; End
// "left" says the maze was left.
type trialReport struct {
	ID          string `json:"id"`
	Participant string `json:"participant"`
	From        int    `json:"from"`
	// Moves are [side, ms since shown, view, input]: the side of the
	// player's cell gone through (-1 for Restart), the view (as play
	// numbers them: full, theseus, torch) and the input (keys, taps,
	// swipes, drags).
	Moves [][4]int64 `json:"moves"`
	Now   int64      `json:"now"`
	// End, when set, ends the trial unsolved: "left" (closed,
	// reloaded), "gave_up" or "another_child".
	End string `json:"end,omitempty"`
}

// trialState is the studio's answer: the moves it has of the trial, and
// what its game counts of them.
type trialState struct {
	Applied    int  `json:"applied"`
	Moves      int  `json:"moves"`
	WrongCells int  `json:"wrong_cells"`
	Solved     bool `json:"solved"`
	Recorded   bool `json:"recorded"`
	// Resend asks the page for every move of the trial again: the
	// studio (started again) has none of them.
	Resend bool       `json:"resend,omitempty"`
	Errors []apiError `json:"errors"`
}

// session is an open trial.
type session struct {
	maze    int         // its index in the study's book
	view    play.View   // the view the study plays it in
	trial   study.Trial // its recipe and participant
	game    *play.Game
	inputs  map[string]bool
	applied int   // the moves reported and played
	lastT   int64 // the page's time last said, ms since shown
	heard   time.Time
	// recent are the page's times of the last maxMovesPerSecond moves.
	recent []int64
	// client is the device it is played on; served when the studio
	// served it the maze (from the trial's id), begun when the trial
	// opened, by the studio's clock; rushed is set when it was begun
	// within minTrialGap of another trial still open on the device,
	// which no person does.
	client        string
	served, begun time.Time
	rushed        bool
}

// trials are the open trials of a study and the ids of those closed.
type trials struct {
	mu   sync.Mutex
	log  *study.Log
	book *layout.Book
	// key signs the trials' ids; views are the study's view of each
	// maze; spec, run and version go on every line.
	key                []byte
	views              []play.View
	spec, run, version string
	open               map[string]*session
	closed             map[string]bool // each closed trial: whether it was recorded
	closedOrder        []string
	// recorded are the trials of the study file when the studio
	// started, recorded for good (not cut off by a stopped studio).
	recorded map[string]bool
	// codes are the participants' codes as first typed, by their lower
	// case: c01 is C01's, if C01 came first.
	codes map[string]string
	// roster is the class's list of codes (Options.Codes) by their lower
	// case, nil when the study has none.
	roster   map[string]bool
	now      func() time.Time
	logf     func(string, ...any)
	stop     chan struct{}
	stopOnce sync.Once
}

func newTrials(log *study.Log, book *layout.Book, key []byte, run, version string, logf func(string, ...any)) *trials {
	ts := &trials{log: log, book: book, key: key, spec: book.Plan.Spec.Digest(), run: run, version: version,
		open: map[string]*session{}, closed: map[string]bool{}, recorded: map[string]bool{}, codes: map[string]string{},
		now: time.Now, logf: logf, stop: make(chan struct{})}
	for i := range book.Mazes {
		ts.views = append(ts.views, studyView(book, i))
	}
	// The trials of the file so far: none is recorded twice, and a code
	// keeps the case it was first typed in.
	if log != nil {
		old, _, err := study.ReadFile(log.Path())
		if err != nil {
			logf("mazebook studio: study: %v", err)
		}
		for _, t := range old {
			if _, ok := ts.codes[strings.ToLower(t.Participant)]; !ok {
				ts.codes[strings.ToLower(t.Participant)] = t.Participant
			}
			if t.TrialID != "" {
				ts.recorded[t.TrialID] = t.Ended != study.EndedStopped
			}
		}
	}
	return ts
}

// studyView is the view maze i of a study's book is played in: the one
// its section's study_view gives it, or the full view.
func studyView(b *layout.Book, i int) play.View {
	mp := b.Plan.Mazes[i]
	if mp.Section >= 0 && mp.Section < len(b.Plan.Spec.Sections) {
		if v, err := play.ParseView(b.Plan.Spec.Sections[mp.Section].ViewOf(mp.Index)); err == nil {
			return v
		}
	}
	return play.Full
}

// issue returns the id of a trial of maze n (from 1) the studio opens
// now for participant: 68 hexadecimal digits, the time it is served
// (Unix ms, by the studio's clock), n and a random nonce, signed with
// the study's key over them and the code in lower case.
func (ts *trials) issue(n int, participant string) (string, error) {
	var b [34]byte
	binary.BigEndian.PutUint64(b[0:8], uint64(ts.now().UnixMilli()))
	binary.BigEndian.PutUint16(b[8:10], uint16(n))
	if _, err := rand.Read(b[10:18]); err != nil {
		return "", err
	}
	copy(b[18:], ts.sign(b[:18], participant))
	return hex.EncodeToString(b[:]), nil
}

// sign returns the first 16 bytes of the HMAC-SHA256 of a trial's id
// and its participant's code in lower case, under the study's key.
func (ts *trials) sign(head []byte, participant string) []byte {
	mac := hmac.New(sha256.New, ts.key)
	mac.Write(head)
	mac.Write([]byte(strings.ToLower(participant)))
	return mac.Sum(nil)[:16]
}

// opened reads a trial's id: the maze it was opened for (from 1) and
// when it was served, when the studio opened it for participant.
func (ts *trials) opened(id, participant string) (n int, served time.Time, ok bool) {
	b, err := hex.DecodeString(id)
	if err != nil || len(b) != 34 || !hmac.Equal(b[18:], ts.sign(b[:18], participant)) {
		return 0, time.Time{}, false
	}
	return int(binary.BigEndian.Uint16(b[8:10])), time.UnixMilli(int64(binary.BigEndian.Uint64(b[0:8]))), true
}

// listed gives the study a class's list of codes: no other is taken,
// and each is recorded as the list spells it.
func (ts *trials) listed(codes []string) {
	if len(codes) == 0 {
		return
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.roster = make(map[string]bool, len(codes))
	for _, c := range codes {
		ts.roster[strings.ToLower(c)] = true
		ts.codes[strings.ToLower(c)] = c
	}
}

// takes returns why the study takes no trial of a participant code: it
// is not a code, or not on the class's list; nil when it takes them.
func (ts *trials) takes(participant string) error {
	if !study.ValidParticipant(participant) {
		return errorf(http.StatusUnprocessableEntity, "the participant code %q is not 1 to 32 letters, digits, - or _", participant)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.roster != nil && !ts.roster[strings.ToLower(participant)] {
		return errorf(http.StatusForbidden, "the code %q is not on this class's list: check it with your teacher", participant)
	}
	return nil
}

// code returns a participant's code as first typed.
func (ts *trials) code(participant string) string {
	if c, ok := ts.codes[strings.ToLower(participant)]; ok {
		return c
	}
	return participant
}

// watch records as left, every trialIdle/3, the trials gone quiet (a
// report sweeps them too), until the studio stops.
func (ts *trials) watch(ctx context.Context) {
	tick := time.NewTicker(trialIdle / 3)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			ts.mu.Lock()
			ts.sweep(ts.now())
			ts.mu.Unlock()
		case <-ts.stop:
			return
		case <-ctx.Done():
			return
		}
	}
}

var trialID = regexp.MustCompile(`^[0-9a-f]{68}$`)

// replayBase is the moment a maze replayed was shown: a page's times are
// ms after it. (Not the zero time, which the game reads as "not yet".)
var replayBase = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// at returns the moment ms after a maze replayed was shown.
func at(ms int64) time.Time { return replayBase.Add(time.Duration(ms) * time.Millisecond) }

// report plays what the page on the device client reports of a trial of
// maze n (from 1) of the study's book, and records the trial when it
// closes.
func (ts *trials) report(n int, client string, rep trialReport) (trialState, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	now := ts.now()
	ts.sweep(now)
	st := trialState{Errors: []apiError{}}
	switch {
	case !study.ValidParticipant(rep.Participant):
		return st, errorf(http.StatusUnprocessableEntity, "the participant code %q is not 1 to 32 letters, digits, - or _", rep.Participant)
	case ts.roster != nil && !ts.roster[strings.ToLower(rep.Participant)]:
		return st, errorf(http.StatusForbidden, "the code %q is not on this class's list: check it with your teacher", rep.Participant)
	case !trialID.MatchString(rep.ID):
		return st, errorf(http.StatusBadRequest, "the report names no trial the studio opened: open the maze again")
	case rep.End != "" && pageEndings[rep.End] == "":
		return st, errorf(http.StatusBadRequest, "a trial ends %s, not %q", "left, gave_up, another_child", rep.End)
	case len(rep.Moves) > maxBatchMoves:
		return st, errorf(http.StatusRequestEntityTooLarge, "at most %d moves a report", maxBatchMoves)
	}
	opened, served, ok := ts.opened(rep.ID, rep.Participant)
	switch {
	case !ok:
		// Not the studio's id, or not this child's: never recorded.
		return st, errorf(http.StatusForbidden, "the report names no trial the studio opened: open the maze again")
	case opened != n:
		return st, errorf(http.StatusConflict, "trial %s is of maze %d, not %d", rep.ID, opened, n)
	}
	recorded, closed := ts.closed[rep.ID]
	if !closed && ts.recorded[rep.ID] {
		recorded, closed = true, true
	}
	if closed {
		// Said again (a beacon after the win, a retry): recorded once,
		// or not at all when it was refused.
		if len(rep.Moves) > 0 && rep.End == "" {
			return st, errorf(http.StatusConflict, "the trial is over: start the maze again")
		}
		st.Recorded = recorded
		return st, nil
	}
	s := ts.open[rep.ID]
	if s == nil {
		if rep.From != 0 {
			// A studio started again: the page sends every move again.
			st.Resend = true
			return st, errorf(http.StatusConflict, "the studio has no open trial %s: start the maze again", rep.ID)
		}
		if len(rep.Moves) == 0 {
			return st, nil // no move yet: no trial
		}
		if err := ts.mayOpen(client, rep.Participant); err != nil {
			return st, err
		}
		var err error
		if s, err = ts.start(n, rep.Participant); err != nil {
			return st, err
		}
		s.client, s.served, s.begun = client, served, now
		for _, o := range ts.open {
			if o.client == client && now.Sub(o.begun) < minTrialGap {
				s.rushed = true
			}
		}
		ts.open[rep.ID] = s
	}
	switch {
	case !strings.EqualFold(s.trial.Participant, rep.Participant):
		return st, errorf(http.StatusConflict, "trial %s is %s's, not %s's", rep.ID, s.trial.Participant, rep.Participant)
	case rep.From > s.applied:
		st.Applied = s.applied
		return st, errorf(http.StatusConflict, "the studio has %d moves of trial %s, and the report starts at move %d: send them from there", s.applied, rep.ID, rep.From+1)
	}
	s.heard = now
	// The page's times, bound to the studio's clock.
	said := rep.Now
	for _, m := range rep.Moves {
		said = max(said, m[1])
	}
	if since := now.Sub(s.served); time.Duration(min(said, maxTrialMS))*time.Millisecond > since+clockSlack {
		ts.drop(rep.ID, false)
		return st, errorf(http.StatusUnprocessableEntity, "the page says %d ms have passed since maze %d was shown, and the studio served it %d ms ago: the trial is not recorded", said, n, since.Milliseconds())
	}
	if err := s.play(rep); err != nil {
		ts.drop(rep.ID, false)
		return st, err
	}
	// The page's time now, which a maze left is timed to: at most a day,
	// as a move's is.
	s.lastT = max(s.lastT, min(rep.Now, maxTrialMS))
	st.Applied = s.applied
	tr := s.game.Trial(replayBase, at(s.lastT))
	st.Moves, st.WrongCells, st.Solved = tr.Moves, tr.WrongCells, tr.Solved
	if tr.Solved || rep.End != "" {
		why := pageEndings[rep.End]
		if tr.Solved {
			why = study.EndedSolved
		}
		recorded, err := ts.close(rep.ID, s, now, why)
		st.Recorded = recorded
		return st, err
	}
	return st, nil
}

// mayOpen refuses a trial past the bounds of the trials open at once:
// in all, from the device client, and for the participant.
func (ts *trials) mayOpen(client, participant string) error {
	if len(ts.open) >= maxOpenTrials {
		return errorf(http.StatusServiceUnavailable, "%d mazes are being played at once, the most a study follows: close one", maxOpenTrials)
	}
	fromClient, ofParticipant := 0, 0
	for _, o := range ts.open {
		if o.client == client {
			fromClient++
		}
		if o.trial.Participant == participant {
			ofParticipant++
		}
	}
	switch {
	case fromClient >= maxClientTrials:
		return errorf(http.StatusTooManyRequests, "%d mazes are open for %s at once, the most a study follows for one child or one device: close one", fromClient, client)
	case ofParticipant >= maxParticipantTrials:
		return errorf(http.StatusTooManyRequests, "%d mazes are open for %s at once, the most a study follows for one child or one device: close one", ofParticipant, participant)
	}
	return nil
}

// start opens a trial of maze n (from 1) of the book for a participant.
func (ts *trials) start(n int, participant string) (*session, error) {
	if n < 1 || n > len(ts.book.Mazes) {
		return nil, errorf(http.StatusNotFound, "there is no maze %q: the book has %d", strconv.Itoa(n), len(ts.book.Mazes))
	}
	made := ts.book.Mazes[n-1]
	if cells := made.Maze.Grid.Cells(); cells > maxPlayCells {
		// The studio does not serve it for play: no one played it here.
		return nil, errorf(http.StatusUnprocessableEntity, "maze %d has %d cells: the studio plays mazes of at most %d", n, cells, maxPlayCells)
	}
	t, err := study.RecipeTrial(made.Recipe)
	if err != nil {
		return nil, unprocessable(err)
	}
	g, err := play.New(made.Maze, play.Options{})
	if err != nil {
		return nil, unprocessable(err)
	}
	t.Participant, t.Source = participant, "studio"
	g.SetView(ts.views[n-1])
	return &session{maze: n - 1, view: ts.views[n-1], trial: t, game: g, inputs: map[string]bool{}}, nil
}

// play plays the moves of a report the session has not played yet.
func (s *session) play(rep trialReport) error {
	for i, m := range rep.Moves {
		k := rep.From + i // the move's index in the trial
		if k < s.applied {
			continue // played already: a report sent again
		}
		side, ms, view, input := int(m[0]), m[1], m[2], m[3]
		switch {
		case k >= maxTrialMoves:
			return errorf(http.StatusUnprocessableEntity, "a trial of more than %d moves", maxTrialMoves)
		case ms < s.lastT || ms > maxTrialMS:
			return errorf(http.StatusUnprocessableEntity, "move %d is said to come at %d ms, before the move before it (%d ms)", k+1, ms, s.lastT)
		case view < 0 || view > int64(play.Torch) || input < 0 || input >= int64(len(inputCodes)):
			return errorf(http.StatusUnprocessableEntity, "move %d: view %d or input %d is not one the game has", k+1, view, input)
		case play.View(view) != s.view:
			// The view is the study's: the page offers no other.
			return errorf(http.StatusUnprocessableEntity, "move %d is made in the %s view, and the study plays maze %d in the %s view: the trial is not recorded", k+1, play.View(view).String(), s.maze+1, s.view.String())
		}
		if side != -1 {
			// No one moves faster than maxMovesPerSecond in any second.
			if len(s.recent) == maxMovesPerSecond {
				if ms-s.recent[0] < 1000 {
					return errorf(http.StatusUnprocessableEntity, "%d moves within a second: no one moves faster than %d a second; the trial is not recorded", maxMovesPerSecond+1, maxMovesPerSecond)
				}
				s.recent = s.recent[1:]
			}
			s.recent = append(s.recent, ms)
		}
		now := at(ms)
		if side == -1 {
			s.game.Restart()
			s.trial.Restarts++
		} else {
			if !s.game.Move(side, now) {
				return errorf(http.StatusUnprocessableEntity, "move %d goes through side %d of cell %d, which is a wall: the page and the studio do not play the same maze", k+1, side, s.game.Player())
			}
			s.inputs[inputCodes[input]] = true
		}
		s.applied, s.lastT = k+1, ms
	}
	return nil
}

// close records an open trial, ended for the reason why, unless it has
// no move or was left unfinished after a rushed start, and forgets it;
// it reports whether it was recorded.
func (ts *trials) close(id string, s *session, now time.Time, why string) (recorded bool, err error) {
	defer func() { ts.drop(id, recorded) }()
	tr := s.game.Trial(replayBase, at(s.lastT))
	if tr.Moves == 0 {
		return false, nil
	}
	if !tr.Solved && s.rushed {
		ts.logf("mazebook studio: a trial left on %s is not recorded: it was begun within %v of another open there, which no person does", s.client, minTrialGap)
		return false, nil
	}
	t := s.trial
	t.Time = now
	t.FirstMoveMS, t.EndMS = tr.FirstMove.Milliseconds(), tr.Solve.Milliseconds()
	if tr.Solved {
		t.SolveMS = t.EndMS
	}
	t.Moves, t.WrongCells, t.Solved, t.Ended = tr.Moves, tr.WrongCells, tr.Solved, why
	t.View = tr.ViewName()
	t.Input = study.JoinInputs(s.inputs)
	t.Number = ts.book.Plan.Mazes[s.maze].Number
	t.TrialID, t.Spec, t.Run, t.Version = id, ts.spec, ts.run, ts.version
	if _, err := t.Impossible(s.game.Shortest()); err != nil {
		return false, unprocessable(say.Errorf("the trial is not recorded: %w", err))
	}
	t.Participant = ts.code(t.Participant)
	if err := ts.log.Add(t); err != nil {
		ts.logf("mazebook studio: study: %v", err)
		return false, say.Errorf("the trial could not be recorded: %v", err)
	}
	if _, ok := ts.codes[strings.ToLower(t.Participant)]; !ok {
		ts.codes[strings.ToLower(t.Participant)] = t.Participant
	}
	return true, nil
}

// drop forgets an open trial, remembering its id as closed, and
// whether it was recorded.
func (ts *trials) drop(id string, recorded bool) {
	delete(ts.open, id)
	if _, again := ts.closed[id]; !again {
		ts.closedOrder = append(ts.closedOrder, id)
	}
	ts.closed[id] = recorded
	for len(ts.closedOrder) > maxClosedIDs {
		delete(ts.closed, ts.closedOrder[0])
		ts.closedOrder = ts.closedOrder[1:]
	}
}

// sweep records as left the trials unheard from for trialIdle.
func (ts *trials) sweep(now time.Time) {
	var quiet []string
	for id, s := range ts.open {
		if now.Sub(s.heard) >= trialIdle {
			quiet = append(quiet, id)
		}
	}
	sort.Strings(quiet)
	for _, id := range quiet {
		s := ts.open[id]
		if _, err := ts.close(id, s, s.heard, study.EndedQuiet); err != nil {
			ts.logf("mazebook studio: a trial left: %v", err)
		}
	}
}

// closeAll records every open trial as left: the studio stops.
func (ts *trials) closeAll() {
	ts.stopOnce.Do(func() { close(ts.stop) })
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var ids []string
	for id := range ts.open {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s := ts.open[id]
		if _, err := ts.close(id, s, ts.now(), study.EndedStopped); err != nil {
			ts.logf("mazebook studio: a trial left: %v", err)
		}
	}
}

// trial answers a report of a trial of the study's book (see trials).
func (s *Server) trial(w http.ResponseWriter, r *http.Request) {
	lang := languageOr(r, s.study.lang)
	var rep trialReport
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		fail(w, r, errorf(http.StatusBadRequest, "the report is not JSON of a trial: %v", err))
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		fail(w, r, errorf(http.StatusNotFound, "there is no maze %q: the book has %d", r.PathValue("n"), len(s.study.book.Mazes)))
		return
	}
	st, err := s.trials.report(n, clientOf(r), rep)
	if err != nil {
		msg, status := toHTTPError(err, lang)
		st.Errors = []apiError{{Message: msg}}
		writeJSON(w, status, st)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// clientOf names the device a request comes from: its address, without
// the port.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
