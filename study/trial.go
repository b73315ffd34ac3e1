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
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"mazebook/files"
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
	Shape string `json:"shape"`
	Size  string `json:"size"`
	// Inner is a circle's middle radius, in ring widths (see
	// maze.Size.Inner); 0 for other shapes, and in files written before
	// it was recorded (read as maze.DefaultInner).
	Inner     float64  `json:"inner,omitempty"`
	Algorithm string   `json:"algorithm"`
	Seed      uint64   `json:"seed"`
	Braid     float64  `json:"braid,omitempty"`
	Weave     float64  `json:"weave,omitempty"`
	Openings  string   `json:"openings,omitempty"`
	Entrance  *maze.At `json:"entrance,omitempty"`
	Exit      *maze.At `json:"exit,omitempty"`
	// FirstMoveMS is the time from the maze being shown to the first
	// move; SolveMS the time to the exit, in a solved trial only (0, and
	// left out of the line, in one unsolved); EndMS the time to the
	// trial's end, however it ended (the exit reached, or the last the
	// page was heard of the maze: see Ended). All in milliseconds. Lines
	// written before EndMS was recorded gave an unsolved trial's end as
	// solve_ms: Read takes it as EndMS.
	FirstMoveMS int64 `json:"first_move_ms"`
	SolveMS     int64 `json:"solve_ms,omitempty"`
	EndMS       int64 `json:"end_ms,omitempty"`
	// Moves counts every step taken, back-steps included; WrongCells the
	// cells entered that are off the shortest way.
	Moves      int `json:"moves"`
	WrongCells int `json:"wrong_cells"`
	// Solved says whether the person reached the exit.
	Solved bool `json:"solved"`
	// View is what the person saw of the maze: "full" (the whole maze,
	// as on a page), "theseus" (the walls of the cells seen), "torch"
	// (what lies a few steps around), or "mixed" when the moves were
	// made in more than one; "" in files written before it was recorded.
	// Calibrate keeps the views apart.
	View string `json:"view,omitempty"`
	// Input is how the moves were made: "keys", "taps", "swipes" or
	// "drags", several joined by "+" in that order ("keys+drags"); ""
	// in files written before it was recorded.
	Input string `json:"input,omitempty"`
	// Ended says why the trial ended (see the Ended* constants); "" in
	// files written before it was recorded.
	Ended string `json:"ended,omitempty"`
	// Restarts counts the times the player went back to the entrance
	// with Restart: Moves counts the moves of every try.
	Restarts int `json:"restarts,omitempty"`
	// Number is the maze's number in the book, as its page prints it; 0
	// for a maze played alone ('mazebook play').
	Number int `json:"number,omitempty"`
	// TrialID is the id the studio gave the trial when it served the
	// maze ("" for a trial of 'mazebook play'); Spec the digest of the
	// spec whose book was played (spec.Book.Digest); Run the id of the
	// run of the studio that recorded it (one 'mazebook serve'), and
	// Version mazebook's version.
	TrialID string `json:"trial,omitempty"`
	Spec    string `json:"spec,omitempty"`
	Run     string `json:"run,omitempty"`
	Version string `json:"version,omitempty"`
}

// Why a trial ended (Trial.Ended).
const (
	// EndedSolved: the exit was reached.
	EndedSolved = "solved"
	// EndedLeft: the maze was closed, the page reloaded or closed.
	EndedLeft = "left"
	// EndedGaveUp: the child said so (Give up).
	EndedGaveUp = "gave_up"
	// EndedChange: Change, for another child.
	EndedChange = "another_child"
	// EndedQuiet: the page went quiet (a crash, a tablet switched off).
	EndedQuiet = "quiet"
	// EndedStopped: the studio stopped with the trial open.
	EndedStopped = "studio_stopped"
)

// Endings lists the reasons a trial may end with, as Trial.Ended
// records them.
var Endings = []string{EndedSolved, EndedLeft, EndedGaveUp, EndedChange, EndedQuiet, EndedStopped}

// trialLine is a trial as a line of a study file writes it: its seed as
// a string of decimal digits, which JavaScript reads exactly (a number
// above 2^53 it rounds). A line written before reads with its seed a
// number.
type trialLine struct {
	trialFields
	Seed seedText `json:"seed"`
}

// trialFields are the fields of a trial, without its methods.
type trialFields Trial

// seedText is a seed written as a string, read from a string or a
// number.
type seedText uint64

func (s seedText) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

func (s *seedText) UnmarshalJSON(b []byte) error {
	text := strings.Trim(string(b), `"`)
	if len(b) > 0 && b[0] == '"' && (len(b) < 2 || b[len(b)-1] != '"') {
		return fmt.Errorf("seed %s is not a number", b)
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s is not a whole number from 0 to %d", b, uint64(math.MaxUint64))
	}
	*s = seedText(v)
	return nil
}

// MarshalJSON writes the trial as a line of a study file does: its seed
// a string (see trialLine).
func (t Trial) MarshalJSON() ([]byte, error) {
	return json.Marshal(trialLine{trialFields(t), seedText(t.Seed)})
}

// UnmarshalJSON reads a trial as a line of a study file holds it, its
// seed a string or a number, a line written before EndMS was recorded
// read as if written now (see settle).
func (t *Trial) UnmarshalJSON(b []byte) error {
	var l trialLine
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return err
	}
	*t = Trial(l.trialFields)
	t.Seed = uint64(l.Seed)
	t.settle()
	return nil
}

// settle fills EndMS, and empties SolveMS of an unsolved trial, in a
// trial written before EndMS was recorded (or by a caller that gave
// only SolveMS).
func (t *Trial) settle() {
	if t.EndMS == 0 {
		t.EndMS = t.SolveMS
	}
	if !t.Solved {
		t.SolveMS = 0
	}
}

// The views a trial records (see Trial.View).
const (
	FullView    = "full"
	TheseusView = "theseus"
	TorchView   = "torch"
	MixedView   = "mixed"
)

// Views lists the views a trial may record, in the order Calibrate
// reports them; "" (not recorded) comes after them.
var Views = []string{FullView, TheseusView, TorchView, MixedView}

// Inputs lists the ways a move is made, in the order Trial.Input
// joins them.
var Inputs = []string{"keys", "taps", "swipes", "drags"}

// JoinInputs writes the inputs used as Trial.Input does: each known
// input once, in the order of Inputs, joined by "+".
func JoinInputs(used map[string]bool) string {
	var out []string
	for _, in := range Inputs {
		if used[in] {
			out = append(out, in)
		}
	}
	return strings.Join(out, "+")
}

// validInput reports whether s is "" or inputs joined as JoinInputs
// joins them.
func validInput(s string) bool {
	if s == "" {
		return true
	}
	used := map[string]bool{}
	for _, in := range strings.Split(s, "+") {
		if !slices.Contains(Inputs, in) || used[in] {
			return false
		}
		used[in] = true
	}
	return JoinInputs(used) == s
}

// MaxCells is the most cells of a maze a trial may name: the most the
// studio's game plays. A maze larger than that was never played for a
// study, so Read skips a trial naming one and Calibrate makes none, and
// neither 'play --study' nor the studio records one.
const MaxCells = 20000

// RecipeTrial returns a trial whose recipe is r's, or an error when the
// recipe cannot be written down so that it makes the same maze again (a
// mask's picture is not kept), or names a maze larger than MaxCells.
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
	if shape.Middle {
		t.Inner = r.Size.Inner
		if t.Inner == 0 {
			t.Inner = maze.DefaultInner
		}
	}
	t.Entrance, t.Exit = r.Entrance, r.Exit
	if _, err := t.Recipe(); err != nil {
		return Trial{}, err
	}
	if _, err := t.cells(); err != nil {
		return Trial{}, err
	}
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
	switch {
	case t.Inner != 0 && !shape.Middle:
		return maze.Recipe{}, fmt.Errorf("inner %g: a %s has no middle", t.Inner, shape.Name)
	case t.Inner != 0 && !(t.Inner >= maze.MinInner && t.Inner <= maze.MaxInner):
		return maze.Recipe{}, fmt.Errorf("inner %g: a circle's middle is from %g to %g ring widths", t.Inner, float64(maze.MinInner), float64(maze.MaxInner))
	case t.Inner != 0:
		size.Inner = t.Inner
	}
	r := maze.Recipe{Shape: shape.Name, Size: size, Algorithm: t.Algorithm, Seed: t.Seed,
		Braid: t.Braid, Weave: t.Weave, Openings: maze.Openings(t.Openings), Entrance: t.Entrance, Exit: t.Exit}
	return r, nil
}

// MazeKey names the trial's maze: trials with the same key played the
// same maze.
func (t Trial) MazeKey() string {
	key := fmt.Sprintf("%s %s %s seed %d", t.Shape, t.Size, t.Algorithm, t.Seed)
	if t.Inner != 0 && t.Inner != maze.DefaultInner {
		key += fmt.Sprintf(" inner %g", t.Inner)
	}
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

// The problems of a line of a study file, as Skipped counts them.
const (
	NotATrial   = "not a trial"
	LongLine    = "a line longer than 4096 bytes"
	BadTrial    = "a trial whose values do not make sense"
	BadRecipe   = "a recipe that makes no maze"
	LargeRecipe = "a maze larger than the 20000 cells a study plays"
)

// check says what is wrong with a trial read from a file, and the kind
// of problem, or nil. A recipe is checked without making its maze: a
// maze larger than MaxCells is refused by counting its grid's cells.
func (t Trial) check() (kind string, err error) {
	t.settle()
	switch {
	case !ValidParticipant(t.Participant):
		return BadTrial, fmt.Errorf("participant %q is not a code of 1 to 32 letters, digits, '-' or '_'", t.Participant)
	case t.EndMS < 0 || t.FirstMoveMS < 0 || t.FirstMoveMS > t.EndMS || t.Solved && t.SolveMS != t.EndMS || !t.Solved && t.SolveMS != 0:
		return BadTrial, fmt.Errorf("the times (first move %d ms, solved %d ms, ended %d ms) do not make sense", t.FirstMoveMS, t.SolveMS, t.EndMS)
	case t.Ended != "" && !slices.Contains(Endings, t.Ended) || t.Ended == EndedSolved && !t.Solved || t.Solved && t.Ended != "" && t.Ended != EndedSolved:
		return BadTrial, fmt.Errorf("ended %q is not one of %s, or says otherwise than solved %v", t.Ended, strings.Join(Endings, ", "), t.Solved)
	case t.Restarts < 0 || t.Number < 0:
		return BadTrial, fmt.Errorf("restarts %d and number %d may not be negative", t.Restarts, t.Number)
	case t.Moves < 0 || t.WrongCells < 0:
		return BadTrial, fmt.Errorf("moves %d and wrong_cells %d may not be negative", t.Moves, t.WrongCells)
	case t.View != "" && !slices.Contains(Views, t.View):
		return BadTrial, fmt.Errorf("view %q is not one of %s", t.View, strings.Join(Views, ", "))
	case !validInput(t.Input):
		return BadTrial, fmt.Errorf("input %q is not %s, joined by + in that order", t.Input, strings.Join(Inputs, ", "))
	}
	if _, err := t.Recipe(); err != nil {
		return BadRecipe, err
	}
	if _, err := t.cells(); err != nil {
		return LargeRecipe, err
	}
	return "", nil
}

// cells returns the cells of the trial's maze, counted on its grid
// without making the maze, or an error when it has more than MaxCells.
func (t Trial) cells() (int, error) {
	r, err := t.Recipe()
	if err != nil {
		return 0, err
	}
	shape, err := maze.LookupShape(r.Shape)
	if err != nil {
		return 0, err
	}
	// A weave's grid is the rectangle's; making it draws its crossings.
	g, err := shape.New(r.Size)
	if err != nil {
		return 0, err
	}
	if n := g.Cells(); n > MaxCells {
		return n, fmt.Errorf("a %s %s of %d cells: a study plays mazes of at most %d cells, and is not made again", shape.Format(r.Size), shape.Name, n, MaxCells)
	}
	return g.Cells(), nil
}

// LineError is a line of a study file that could not be read.
type LineError struct {
	File string
	Line int
	// Kind is the kind of problem (NotATrial, LongLine, ...).
	Kind string
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// MaxLine is the longest line a study file may hold, in bytes.
const MaxLine = 4096

// MaxFile is the largest study file read: about 200,000 trials.
const MaxFile = 64 << 20

// MaxExamples is how many lines of each kind of problem Skipped keeps.
const MaxExamples = 5

// Skipped is what Read passed over: every line skipped is counted, by
// its kind of problem, and the first MaxExamples lines of each kind are
// kept, so that a file of junk costs no more memory than a good one.
type Skipped struct {
	// Lines counts the lines skipped.
	Lines int
	// Kinds counts them by kind of problem.
	Kinds map[string]int
	// Examples are the first lines of each kind, in the order read.
	Examples []*LineError
}

// add counts a line skipped, keeping it when it is one of the first of
// its kind.
func (s *Skipped) add(e *LineError) {
	if s.Kinds == nil {
		s.Kinds = map[string]int{}
	}
	s.Lines++
	s.Kinds[e.Kind]++
	if s.Kinds[e.Kind] <= MaxExamples {
		s.Examples = append(s.Examples, e)
	}
}

// Merge adds the lines other skipped (another file's), keeping its
// examples, in their order, while there are fewer than MaxExamples of
// their kind.
func (s *Skipped) Merge(other Skipped) {
	if s.Kinds == nil {
		s.Kinds = map[string]int{}
	}
	kept := map[string]int{}
	for _, e := range s.Examples {
		kept[e.Kind]++
	}
	for _, e := range other.Examples {
		if kept[e.Kind] < MaxExamples {
			kept[e.Kind]++
			s.Examples = append(s.Examples, e)
		}
	}
	s.Lines += other.Lines
	for k, n := range other.Kinds {
		s.Kinds[k] += n
	}
}

// Read reads the trials of a study file, named file in errors. Lines
// that cannot be read (a line cut short by a crash, a line edited by
// hand, a line longer than MaxLine, a recipe of a maze larger than
// MaxCells) are skipped, counted and the first of each kind named (see
// Skipped); err is for a file that cannot be read at all.
func Read(r io.Reader, file string) (trials []Trial, skipped Skipped, err error) {
	br := bufio.NewReaderSize(r, MaxLine+1)
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			skipped.add(&LineError{file, n, LongLine, fmt.Errorf("the line is longer than %d bytes", MaxLine)})
		} else if len(bytes.TrimSpace(line)) > 0 {
			read(bytes.TrimRight(line, "\r\n"), file, n, &trials, &skipped)
		}
		if err == io.EOF {
			return trials, skipped, nil
		}
		if err != nil {
			return trials, skipped, fmt.Errorf("%s: %w", file, err)
		}
	}
}

// read reads line n of a study file.
func read(line []byte, file string, n int, trials *[]Trial, skipped *Skipped) {
	if line = bytes.TrimSpace(line); line[0] != '{' {
		// Junk is passed over without a JSON decoder: a file of it reads
		// as fast as a good one.
		skipped.add(&LineError{file, n, NotATrial, errors.New("not a trial: a trial is a JSON object, {...}")})
		return
	}
	var t Trial
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		skipped.add(&LineError{file, n, NotATrial, fmt.Errorf("not a trial: %v", err)})
		return
	}
	if kind, err := t.check(); err != nil {
		skipped.add(&LineError{file, n, kind, err})
		return
	}
	*trials = append(*trials, t)
}

// ReadFile reads the trials of the study file at path (see Read): a
// regular file (a named pipe or a device is refused at once) of at most
// MaxFile bytes.
func ReadFile(path string) ([]Trial, Skipped, error) {
	f, err := files.Open(path)
	if err != nil {
		return nil, Skipped{}, err
	}
	defer f.Close()
	return Read(files.Limit(f, path, MaxFile), path)
}

// Latest returns the trials with each trial of the studio (its TrialID)
// once: its last line. A trial is written twice only when the studio
// stopped with it open (Ended studio_stopped) and the page sent it
// whole to the studio started again; its later line holds it all.
// Trials without an id ('mazebook play') are all kept, in order.
func Latest(trials []Trial) []Trial {
	last := map[string]int{}
	for i, t := range trials {
		if t.TrialID != "" {
			last[t.TrialID] = i
		}
	}
	var out []Trial
	for i, t := range trials {
		if t.TrialID == "" || last[t.TrialID] == i {
			out = append(out, t)
		}
	}
	return out
}
