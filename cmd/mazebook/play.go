package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/maze"
	"mazebook/maze/read"
	"mazebook/play"
	"mazebook/play/term"
	"mazebook/study"
)

func runPlay(ctx context.Context, e *env, args []string) error {
	o, pos, err := parsePlayFlags(e, args)
	if err != nil {
		return err
	}
	pm, err := o.choose(ctx, pos)
	if err != nil {
		return err
	}
	if o.studyFile == "" {
		return playMaze(ctx, e, pm.m, pm.title, pm.ending, o.game, nil)
	}
	if pm.recipe == nil {
		return usagef("--study records the maze's recipe, and a maze read from %s has none: play a maze of a spec or of maze flags", pos[0])
	}
	rec, err := study.RecipeTrial(*pm.recipe)
	if err != nil {
		return usagef("--study: %v", err)
	}
	if err := pm.inputs.Flag("--study", o.studyFile); err != nil {
		return err
	}
	log, err := study.Open(o.studyFile)
	if err != nil {
		return err
	}
	code := o.participant
	if code == "" {
		if code, err = askParticipant(e); err != nil {
			return err
		}
	}
	rec.Participant, rec.Source = code, "play"
	err = playMaze(ctx, e, pm.m, pm.title, pm.ending, o.game, &studyTrial{log: log, trial: rec})
	var busy *study.BusyError
	if errors.As(err, &busy) {
		err = nil // kept: Close writes it, or says it could not
	}
	// A trial kept while another process held the file's lock is
	// written now, or given in the error.
	return errors.Join(err, log.Close())
}

// playOptions are the flags of 'mazebook play', read.
type playOptions struct {
	recipe *recipeFlags
	game   play.Options
	// number is the maze of a spec played, from 1.
	number                 int
	studyFile, participant string
	// set are the flags given.
	set map[string]bool
}

// parsePlayFlags reads the flags of 'mazebook play' and its positional
// arguments, refusing a flag wrong in itself or without the one it goes
// with.
func parsePlayFlags(e *env, args []string) (*playOptions, []string, error) {
	fs := newFlags(e, "play", "[SPEC | FILE] [flags]", "Play a maze in the terminal: the maze the flags make (as 'mazebook maze' does), with a\nSPEC the book's first maze (--maze N for another), or the maze drawn in FILE (a .txt, .png\nor .jpg, read as 'mazebook solve' reads it). Every shape plays: rectangles are drawn with\nlines, circles, hexagons and triangles in Braille dots.\n\nKeys: arrows or hjkl move, and on cells with more sides y i b n or Home PgUp End PgDn go\nbetween them (the status line shows the ways out of the player's cell and their keys);\nu undoes, r restarts, s shows the way out, t shows or hides Ariadne's thread, v changes\nthe view (1 full, 2 theseus, 3 torch), q, Esc or Ctrl-C quits.\nWith NO_COLOR set, the view is drawn without colour.")
	o := &playOptions{recipe: addRecipeFlags(fs)}
	viewName := fs.String("view", "full", "what the player sees: full (the whole maze), theseus (the walls of the cells seen, remembered)\nor torch (what lies within --radius steps)")
	radius := fs.Int("radius", play.DefaultRadius, "the torch's reach, in steps through open passages")
	noThread := fs.Bool("no-thread", false, "start with Ariadne's thread (the way walked) hidden")
	fs.IntVar(&o.number, "maze", 1, "with a SPEC: play the book's maze `N`")
	fs.StringVar(&o.studyFile, "study", "", "record the trial (who, the maze's recipe, the times, the moves and wrong cells) as a line of\nthe study `FILE`, for 'mazebook calibrate'; nothing is sent anywhere")
	fs.StringVar(&o.participant, "participant", "", "with --study: the participant's `CODE` (letters, digits, - or _; no names); asked for when not given")
	pos, err := parse(fs, args)
	if err != nil {
		return nil, nil, err
	}
	view, err := play.ParseView(*viewName)
	if err != nil {
		return nil, nil, usagef("--view: %v", err)
	}
	if *radius < 1 || *radius > play.MaxRadius {
		return nil, nil, usagef("--radius must be from 1 to %d", play.MaxRadius)
	}
	o.game = play.Options{View: view, Radius: *radius, NoThread: *noThread}
	if o.participant != "" && o.studyFile == "" {
		return nil, nil, usagef("--participant is for a study: give --study FILE too")
	}
	if o.participant != "" && !study.ValidParticipant(o.participant) {
		return nil, nil, usagef("--participant %q: give a code of 1 to 32 letters, digits, - or _ (no names)", o.participant)
	}
	if o.participant != "" && study.LooksLikeName(o.participant) {
		fmt.Fprintf(e.stderr, "mazebook play: --participant %s looks like a name: a study records codes such as A01, never names\n", o.participant)
	}
	o.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	return o, pos, nil
}

// playedMaze is the maze a game plays, its title and ending, its recipe
// (nil for a maze read from a picture or text) and the files read for it,
// which a study file may not be.
type playedMaze struct {
	m             *maze.Maze
	title, ending string
	recipe        *maze.Recipe
	inputs        files.Plan
}

// choose makes or reads the maze to play: the flags' maze, a spec's maze,
// or the maze drawn in a file.
func (o *playOptions) choose(ctx context.Context, pos []string) (*playedMaze, error) {
	switch len(pos) {
	case 0:
		if o.set["maze"] {
			return nil, usagef("--maze chooses a maze of a SPEC: give the spec file")
		}
		return o.flagsMaze()
	case 1:
		for _, name := range recipeFlagNames {
			if o.set[name] && isMazeFile(pos[0]) {
				return nil, usagef("--%s makes a maze of its own: give a maze file or maze flags, not both", name)
			}
			if o.set[name] && name != "seed" {
				return nil, usagef("--%s makes a maze of its own: give a SPEC or maze flags, not both", name)
			}
		}
		if isMazeFile(pos[0]) {
			if o.set["maze"] {
				return nil, usagef("--maze chooses a maze of a SPEC; %s is one maze", pos[0])
			}
			m, err := readMaze(pos[0])
			if err != nil {
				return nil, err
			}
			if err := play.Drawable(m.Grid); err != nil {
				return nil, undrawable(pos[0], err)
			}
			return &playedMaze{m: m, title: filepath.Base(pos[0])}, nil
		}
		return o.specMaze(ctx, pos[0])
	}
	return nil, usagef("give at most one spec file (see 'mazebook play --help')")
}

// flagsMaze makes the maze the recipe's flags give.
func (o *playOptions) flagsMaze() (*playedMaze, error) {
	r, shape, err := o.recipe.recipe()
	if err != nil {
		return nil, err
	}
	if r, err = o.recipe.atLevel(r); err != nil {
		return nil, err
	}
	g, err := r.Grid()
	if err != nil {
		return nil, usageError{err}
	}
	if err := play.Drawable(g); err != nil {
		return nil, undrawable("a "+describeShape(r), err)
	}
	m, err := maze.Make(r)
	if err != nil {
		return nil, usageError{err}
	}
	title := fmt.Sprintf("%s %s %s, seed %d", r.Algorithm, shape.Name, shape.Format(r.Size), r.Seed)
	return &playedMaze{m: m, title: title, recipe: &r}, nil
}

// specMaze makes the book of the spec at path and takes its maze
// --maze names, with its theme's ending.
func (o *playOptions) specMaze(ctx context.Context, path string) (*playedMaze, error) {
	sp, err := readSpec(path)
	if err != nil {
		return nil, err
	}
	pm := &playedMaze{}
	pm.inputs.Input("the spec", path)
	for _, r := range specReads(path, sp) {
		pm.inputs.Input("a file the spec reads,", r)
	}
	if o.set["seed"] {
		if err := overrideSeed(sp, fmt.Sprint(*o.recipe.seed)); err != nil {
			return nil, err
		}
	}
	book, err := layout.Make(sp, layout.Options{Context: ctx})
	if err != nil {
		return nil, specOrFailure(err)
	}
	if o.number < 1 || o.number > len(book.Mazes) {
		return nil, usagef("--maze %d: %s has mazes 1 to %d", o.number, path, len(book.Mazes))
	}
	made := book.Mazes[o.number-1]
	pm.m, pm.recipe = made.Maze, &made.Recipe
	if err := play.Drawable(pm.m.Grid); err != nil {
		return nil, undrawable(fmt.Sprintf("maze %d of %s (a %s)", o.number, path, describeShape(made.Recipe)), err)
	}
	pm.title = fmt.Sprintf("maze %d of %d, %s", o.number, len(book.Mazes), path)
	if pair, ok := book.Plan.Pair(o.number - 1); ok {
		pm.ending = pair.EndingIn(sp.Language)
	}
	return pm, nil
}

// studyTrial is a game played for a study: where to record it, and the
// trial so far (who, and the maze's recipe).
type studyTrial struct {
	log   *study.Log
	trial study.Trial
	done  bool
}

// record writes how game g went, shown at the time shown, once: with
// the view it was played in and the keys it was played with, and only
// when a person could have played it so (see study.Trial.Impossible).
func (s *studyTrial) record(g *play.Game, shown time.Time) error {
	return s.recordLater(g, shown)()
}

// recordLater takes how game g went now, as record does, and returns
// what writes it: called on another goroutine, so that the game goes on
// answering its keys while the study file is written (or waited for,
// at most study.LockWait, when another process holds its lock).
func (s *studyTrial) recordLater(g *play.Game, shown time.Time) (write func() error) {
	none := func() error { return nil }
	if s.done {
		return none
	}
	now := time.Now()
	t := g.Trial(shown, now)
	if t.Moves == 0 {
		return none // not played: no trial
	}
	s.done = true
	tr := s.trial
	tr.Time, tr.FirstMoveMS, tr.SolveMS = now, t.FirstMove.Milliseconds(), t.Solve.Milliseconds()
	tr.Moves, tr.WrongCells, tr.Solved = t.Moves, t.WrongCells, t.Solved
	tr.View, tr.Input = t.ViewName(), "keys"
	// The game ends solved, or quit (q) before the exit: left.
	tr.Ended = study.EndedLeft
	if t.Solved {
		tr.Ended = study.EndedSolved
	}
	if _, err := tr.Impossible(g.Shortest()); err != nil {
		return func() error { return fmt.Errorf("the trial is not recorded: %v", err) }
	}
	return func() error { return s.log.Add(tr) }
}

// askParticipant asks for the participant's code on the terminal. A
// code that looks like a name is taken only when typed again.
func askParticipant(e *env) (string, error) {
	in := bufio.NewReader(e.stdin)
	warned := ""
	for range 4 {
		fmt.Fprint(e.stdout, "Participant code, such as A01 (a code, never a name): ")
		line, err := in.ReadString('\n')
		code := strings.TrimSpace(line)
		switch {
		case study.ValidParticipant(code) && (!study.LooksLikeName(code) || code == warned):
			return code, nil
		case study.ValidParticipant(code):
			warned = code
			fmt.Fprintf(e.stdout, "%s looks like a name. Give the code the teacher chose (such as A01), or type %s again to keep it.\n", code, code)
		case err == nil:
			fmt.Fprintln(e.stdout, "A code is 1 to 32 letters, digits, - or _, such as A01.")
		}
		if err != nil {
			break
		}
	}
	return "", usagef("--study needs a participant code: give --participant CODE")
}

// isMazeFile reports whether name is a maze drawn elsewhere (text or a
// picture, as 'mazebook solve' reads) rather than a spec.
func isMazeFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".png", ".jpg", ".jpeg":
		return true
	}
	return false
}

// readMaze reads the maze drawn in file as 'mazebook solve' does; a
// picture whose grid cannot be found has no cells to play.
func readMaze(file string) (*maze.Maze, error) {
	data, err := readMazeFile(file, nil)
	if err != nil {
		return nil, err
	}
	res, err := read.Read(data, read.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if res.Maze == nil {
		return nil, fmt.Errorf("%s: %s: no grid of cells to play", file, res)
	}
	return res.Maze, nil
}

// undrawable is the usage error for a maze the terminal cannot draw.
func undrawable(what string, err error) error {
	return usagef("%s cannot be played in the terminal: %v; play a smaller maze", what, err)
}

// playMaze plays maze m in the terminal until the player quits: the one
// call a maze from anywhere (made, read from a book, or read from a file)
// needs. title names it on the status line; ending is what the story
// says at the goal (a themed book's), or "". The screen is restored when
// the game ends, and on an interrupt.
func playMaze(ctx context.Context, e *env, m *maze.Maze, title, ending string, opt play.Options, st *studyTrial) error {
	if err := play.Drawable(m.Grid); err != nil {
		return undrawable("this maze", err)
	}
	g, err := play.New(m, opt)
	if err != nil {
		return usageError{err}
	}
	screen, err := tcell.NewScreen()
	if err != nil {
		return fmt.Errorf("cannot open the terminal: %w", err)
	}
	if err := screen.Init(); err != nil {
		return fmt.Errorf("cannot open the terminal: %w", err)
	}
	e.restore.set(screen.Fini)
	topt := term.Options{NoColor: os.Getenv("NO_COLOR") != "", Title: title, Ending: ending}
	shown := time.Now()
	// The winning move's trial is written beside the game, which goes on
	// answering its keys (q, Ctrl-C) meanwhile.
	recorded := make(chan error, 1)
	recording := false
	if st != nil {
		topt.OnFinish = func() {
			write := st.recordLater(g, shown)
			recording = true
			go func() { recorded <- write() }()
		}
	}
	app := term.New(screen, g, topt)
	// An interrupt ends the game, and the terminal is restored once no
	// frame is being drawn; a game interrupted is not recorded.
	e.restore.set(app.Close)
	stop := context.AfterFunc(ctx, app.Close)
	defer func() {
		stop()
		e.restore.set(nil)
		app.Close()
	}()
	if err := app.Run(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if st != nil {
		if err := st.record(g, shown); err != nil {
			return err
		}
	}
	if !recording {
		return nil
	}
	select {
	case err := <-recorded:
		return err
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}
