package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"mazebook/study"

	"github.com/gdamore/tcell/v2"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/maze"
	"mazebook/maze/read"
	"mazebook/play"
	"mazebook/play/term"
)

func runPlay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "play", "[SPEC | FILE] [flags]", "Play a maze in the terminal: the maze the flags make (as 'mazebook maze' does), with a\nSPEC the book's first maze (--maze N for another), or the maze drawn in FILE (a .txt, .png\nor .jpg, read as 'mazebook solve' reads it). Every shape plays: rectangles are drawn with\nlines, circles, hexagons and triangles in Braille dots.\n\nKeys: arrows or hjkl move, and on cells with more sides y i b n or Home PgUp End PgDn go\nbetween them (the status line shows the ways out of the player's cell and their keys);\nu undoes, r restarts, s shows the way out, t shows or hides Ariadne's thread, v changes\nthe view (1 full, 2 theseus, 3 torch), q, Esc or Ctrl-C quits.\nWith NO_COLOR set, the view is drawn without colour.")
	rf := addRecipeFlags(fs)
	viewName := fs.String("view", "full", "what the player sees: full (the whole maze), theseus (the walls of the cells seen, remembered)\nor torch (what lies within --radius steps)")
	radius := fs.Int("radius", play.DefaultRadius, "the torch's reach, in steps through open passages")
	noThread := fs.Bool("no-thread", false, "start with Ariadne's thread (the way walked) hidden")
	number := fs.Int("maze", 1, "with a SPEC: play the book's maze `N`")
	studyFile := fs.String("study", "", "record the trial (who, the maze's recipe, the times, the moves and wrong cells) as a line of\nthe study `FILE`, for 'mazebook calibrate'; nothing is sent anywhere")
	participant := fs.String("participant", "", "with --study: the participant's `CODE` (letters, digits, - or _; no names); asked for when not given")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	view, err := play.ParseView(*viewName)
	if err != nil {
		return usagef("--view: %v", err)
	}
	if *radius < 1 || *radius > play.MaxRadius {
		return usagef("--radius must be from 1 to %d", play.MaxRadius)
	}
	opt := play.Options{View: view, Radius: *radius, NoThread: *noThread}
	if *participant != "" && *studyFile == "" {
		return usagef("--participant is for a study: give --study FILE too")
	}
	if *participant != "" && !study.ValidParticipant(*participant) {
		return usagef("--participant %q: give a code of 1 to 32 letters, digits, - or _ (no names)", *participant)
	}
	if *participant != "" && study.LooksLikeName(*participant) {
		fmt.Fprintf(e.stderr, "mazebook play: --participant %s looks like a name: a study records codes such as A01, never names\n", *participant)
	}
	var recipe *maze.Recipe // the maze's, for a study
	// inputs are the files the game reads, which the study file may not
	// be.
	var inputs files.Plan
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var m *maze.Maze
	var title, ending string
	switch len(pos) {
	case 0:
		if set["maze"] {
			return usagef("--maze chooses a maze of a SPEC: give the spec file")
		}
		r, shape, err := rf.recipe()
		if err != nil {
			return err
		}
		if r, err = rf.atLevel(r); err != nil {
			return err
		}
		g, err := r.Grid()
		if err != nil {
			return usageError{err}
		}
		if err := play.Drawable(g); err != nil {
			return undrawable("a "+describeShape(r), err)
		}
		if m, err = maze.Make(r); err != nil {
			return usageError{err}
		}
		recipe = &r
		title = fmt.Sprintf("%s %s %s, seed %d", r.Algorithm, shape.Name, shape.Format(r.Size), r.Seed)
	case 1:
		for _, name := range recipeFlagNames {
			if set[name] && isMazeFile(pos[0]) {
				return usagef("--%s makes a maze of its own: give a maze file or maze flags, not both", name)
			}
			if set[name] && name != "seed" {
				return usagef("--%s makes a maze of its own: give a SPEC or maze flags, not both", name)
			}
		}
		if isMazeFile(pos[0]) {
			if set["maze"] {
				return usagef("--maze chooses a maze of a SPEC; %s is one maze", pos[0])
			}
			if m, err = readMaze(pos[0]); err != nil {
				return err
			}
			if err := play.Drawable(m.Grid); err != nil {
				return undrawable(pos[0], err)
			}
			title = filepath.Base(pos[0])
			break
		}
		sp, err := readSpec(pos[0])
		if err != nil {
			return err
		}
		inputs.Input("the spec", pos[0])
		for _, r := range specReads(pos[0], sp) {
			inputs.Input("a file the spec reads,", r)
		}
		if set["seed"] {
			if err := overrideSeed(sp, fmt.Sprint(*rf.seed)); err != nil {
				return err
			}
		}
		book, err := layout.Make(sp, layout.Options{Context: ctx})
		if err != nil {
			return specOrFailure(err)
		}
		if *number < 1 || *number > len(book.Mazes) {
			return usagef("--maze %d: %s has mazes 1 to %d", *number, pos[0], len(book.Mazes))
		}
		made := book.Mazes[*number-1]
		m = made.Maze
		recipe = &made.Recipe
		if err := play.Drawable(m.Grid); err != nil {
			return undrawable(fmt.Sprintf("maze %d of %s (a %s)", *number, pos[0], describeShape(made.Recipe)), err)
		}
		title = fmt.Sprintf("maze %d of %d, %s", *number, len(book.Mazes), pos[0])
		if pair, ok := book.Plan.Pair(*number - 1); ok {
			ending = pair.EndingIn(sp.Language)
		}
	default:
		return usagef("give at most one spec file (see 'mazebook play --help')")
	}
	if *studyFile == "" {
		return playMaze(ctx, e, m, title, ending, opt, nil)
	}
	if recipe == nil {
		return usagef("--study records the maze's recipe, and a maze read from %s has none: play a maze of a spec or of maze flags", pos[0])
	}
	rec, err := study.RecipeTrial(*recipe)
	if err != nil {
		return usagef("--study: %v", err)
	}
	if err := inputs.Flag("--study", *studyFile); err != nil {
		return err
	}
	log, err := study.Open(*studyFile)
	if err != nil {
		return err
	}
	defer log.Close()
	code := *participant
	if code == "" {
		if code, err = askParticipant(e); err != nil {
			return err
		}
	}
	rec.Participant, rec.Source = code, "play"
	return playMaze(ctx, e, m, title, ending, opt, &studyTrial{log: log, trial: rec})
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
	if s.done {
		return nil
	}
	now := time.Now()
	t := g.Trial(shown, now)
	if t.Moves == 0 {
		return nil // not played: no trial
	}
	s.done = true
	tr := s.trial
	tr.Time, tr.FirstMoveMS, tr.SolveMS = now, t.FirstMove.Milliseconds(), t.Solve.Milliseconds()
	tr.Moves, tr.WrongCells, tr.Solved = t.Moves, t.WrongCells, t.Solved
	tr.View, tr.Input = t.ViewName(), "keys"
	if _, err := tr.Impossible(g.Shortest()); err != nil {
		return fmt.Errorf("the trial is not recorded: %v", err)
	}
	return s.log.Add(tr)
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
	var recErr error
	if st != nil {
		topt.OnFinish = func() { recErr = st.record(g, shown) }
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
	return recErr
}
