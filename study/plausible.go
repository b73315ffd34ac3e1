package study

import (
	"regexp"
	"time"

	"mazebook/internal/say"
)

// The floors of a person's times. A trial faster than either was not a
// person solving the maze shown (a page or a file that says so is
// wrong, or forged), and no trial is recorded or calibrated that is.
const (
	// MinFirstMove is the least time from a maze shown to the first
	// move: World Athletics calls a start within 100 ms of the gun false,
	// because no one reacts to a signal sooner (a simple reaction to a
	// light takes most people 150 to 250 ms, a child longer).
	MinFirstMove = 100 * time.Millisecond
	// MinMove is the least time a move takes, on average, from the first
	// move to the last. The game's fastest input is a key held down,
	// which a computer repeats at most about 30 times a second (33 ms); a
	// finger drawn along a corridor one cell wide takes 50 to 100 ms a
	// cell (the steering law, Accot and Zhai 1997), and taps and swipes
	// come at most about ten a second. 25 ms a move is faster than any of
	// them.
	MinMove = 25 * time.Millisecond
)

// The kinds of impossible trial, as Calibrate counts those it leaves out.
const (
	TooFewMoves  = "solved in fewer moves than the shortest way"
	TooQuickOff  = "a first move sooner than anyone reacts (100 ms)"
	TooFastMoves = "moves faster than anyone makes them (25 ms a move)"
)

// Impossible says why a trial cannot be a person's, with its kind, or
// returns a nil error: solved in fewer moves than shortest (the moves
// of the maze's shortest way from the entrance to the exit), a first
// move sooner than MinFirstMove after the maze was shown, or moves
// faster than MinMove each on average.
func (t Trial) Impossible(shortest int) (kind string, err error) {
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	t.settle()
	switch {
	case t.Solved && t.Moves < shortest:
		return TooFewMoves, say.Errorf("solved in %d moves, but the shortest way takes %d: no one solves it in fewer", t.Moves, shortest)
	case t.Moves > 0 && t.FirstMoveMS < ms(MinFirstMove):
		return TooQuickOff, say.Errorf("a first move %d ms after the maze was shown: no one reacts in less than %d ms", t.FirstMoveMS, ms(MinFirstMove))
	case t.Moves > 1 && t.EndMS-t.FirstMoveMS < int64(t.Moves-1)*ms(MinMove):
		return TooFastMoves, say.Errorf("%d moves in %d ms: no one makes a move in less than %d ms", t.Moves, t.EndMS-t.FirstMoveMS, ms(MinMove))
	}
	return "", nil
}

var (
	capitalised = regexp.MustCompile(`[A-Z][a-z]{2,}`)
	allLetters  = regexp.MustCompile(`^[A-Za-z]{3,}$`)
)

// LooksLikeName reports whether a participant code looks like a
// person's name rather than a code such as A01: it holds a capitalised
// word ("Emma", "EmmaSmith", "Tom2"), or is a word of three letters or
// more ("EMMA", typed on a tablet that capitalises every letter). The
// studio and 'play --study' warn of such a code and take it only when
// it is given again.
func LooksLikeName(code string) bool {
	return capitalised.MatchString(code) || allLetters.MatchString(code)
}
