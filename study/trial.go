// Package study records people solving mazes, and measures how well the
// difficulty model ranks their times (see Calibrate).
//
// A study file holds one trial a line, as JSON: who solved (a code the
// teacher types, never a name), the maze's recipe (enough to make it
// again), and how it went. Nothing is sent anywhere: the file stays where
// the teacher put it.
package study

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"time"

	"mazebook/maze"
)

// Trial is one maze played by one person.
type Trial struct {
	// Time is when the trial ended, in UTC.
	Time time.Time `json:"time"`
	// Participant is the code the teacher typed for the person: letters,
	// digits, '-' and '_', at most 32 (see ValidParticipant).
	Participant string `json:"participant"`
	// Source is what the maze was played in: "play" (the terminal) or
	// "studio" (a browser).
	Source string `json:"source"`
	// The maze's recipe: maze.Make of Recipe() makes it again.
	Shape     string   `json:"shape"`
	Size      string   `json:"size"`
	Algorithm string   `json:"algorithm"`
	Seed      uint64   `json:"seed"`
	Braid     float64  `json:"braid,omitempty"`
	Weave     float64  `json:"weave,omitempty"`
	Openings  string   `json:"openings,omitempty"`
	Entrance  *maze.At `json:"entrance,omitempty"`
	Exit      *maze.At `json:"exit,omitempty"`
	// FirstMoveMS is the time from the maze being shown to the first
	// move; SolveMS the time to the exit (or to giving up), both in
	// milliseconds.
	FirstMoveMS int64 `json:"first_move_ms"`
	SolveMS     int64 `json:"solve_ms"`
	// Moves counts every step taken, back-steps included; WrongCells the
	// cells entered that are off the shortest way.
	Moves      int `json:"moves"`
	WrongCells int `json:"wrong_cells"`
	// Solved says whether the person reached the exit.
	Solved bool `json:"solved"`
}

// RecipeTrial returns a trial whose recipe is r's, or an error when the
// recipe cannot be written down (a mask's picture is not kept).
func RecipeTrial(r maze.Recipe) (Trial, error) {
	if r.Mask != nil {
		return Trial{}, errors.New("a maze with a mask cannot be recorded: its picture is not kept in the study file")
	}
	shape, err := maze.LookupShape(r.Shape)
	if err != nil {
		return Trial{}, err
	}
	t := Trial{Shape: shape.Name, Size: shape.Format(r.Size), Algorithm: r.Algorithm, Seed: r.Seed,
		Braid: r.Braid, Weave: r.Weave, Openings: string(r.Openings)}
	t.Entrance, t.Exit = r.Entrance, r.Exit
	return t, nil
}

// Recipe returns the recipe of the trial's maze.
func (t Trial) Recipe() (maze.Recipe, error) {
	shape, err := maze.LookupShape(t.Shape)
	if err != nil {
		return maze.Recipe{}, err
	}
	size, err := shape.Parse(t.Size)
	if err != nil {
		return maze.Recipe{}, err
	}
	r := maze.Recipe{Shape: shape.Name, Size: size, Algorithm: t.Algorithm, Seed: t.Seed,
		Braid: t.Braid, Weave: t.Weave, Openings: maze.Openings(t.Openings), Entrance: t.Entrance, Exit: t.Exit}
	return r, nil
}

// MazeKey names the trial's maze: trials with the same key played the
// same maze.
func (t Trial) MazeKey() string {
	key := fmt.Sprintf("%s %s %s seed %d", t.Shape, t.Size, t.Algorithm, t.Seed)
	if t.Braid > 0 {
		key += fmt.Sprintf(" braid %g", t.Braid)
	}
	if t.Weave > 0 {
		key += fmt.Sprintf(" weave %g", t.Weave)
	}
	if t.Openings != "" {
		key += " " + t.Openings
	}
	if t.Entrance != nil {
		key += " from " + t.Entrance.String()
	}
	if t.Exit != nil {
		key += " to " + t.Exit.String()
	}
	return key
}

var participantCode = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// ValidParticipant reports whether code may name a participant: 1 to 32
// letters, digits, '-' or '_' — a code, not a name.
func ValidParticipant(code string) bool { return participantCode.MatchString(code) }

// check says what is wrong with a trial read from a file, or nil.
func (t Trial) check() error {
	switch {
	case !ValidParticipant(t.Participant):
		return fmt.Errorf("participant %q is not a code of 1 to 32 letters, digits, '-' or '_'", t.Participant)
	case t.SolveMS < 0 || t.FirstMoveMS < 0 || t.FirstMoveMS > t.SolveMS:
		return fmt.Errorf("the times (first move %d ms, solved %d ms) do not make sense", t.FirstMoveMS, t.SolveMS)
	case t.Moves < 0 || t.WrongCells < 0:
		return fmt.Errorf("moves %d and wrong_cells %d may not be negative", t.Moves, t.WrongCells)
	}
	_, err := t.Recipe()
	return err
}

// LineError is a line of a study file that could not be read.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// MaxLine is the longest line a study file may hold, in bytes.
const MaxLine = 4096

// Read reads the trials of a study file, named file in errors. Lines
// that cannot be read (a line cut short by a crash, a line edited by
// hand) are skipped, each reported as a *LineError; err is for a file
// that cannot be read at all.
func Read(r io.Reader, file string) (trials []Trial, skipped []error, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, MaxLine), MaxLine)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		var t Trial
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil {
			skipped = append(skipped, &LineError{file, n, fmt.Errorf("not a trial: %v", err)})
			continue
		}
		if err := t.check(); err != nil {
			skipped = append(skipped, &LineError{file, n, err})
			continue
		}
		trials = append(trials, t)
	}
	if err := sc.Err(); err != nil {
		return trials, skipped, fmt.Errorf("%s: %w", file, err)
	}
	return trials, skipped, nil
}

// ReadFile reads the trials of the study file at path (see Read).
func ReadFile(path string) ([]Trial, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return Read(f, path)
}
