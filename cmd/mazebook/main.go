// Command mazebook turns a short YAML spec into a print-ready maze puzzle
// book: seeded mazes drawn as vector PDF and SVG, with an answer key.
//
// Usage:
//
//	mazebook build [SPEC] [-o FILE] [--svg DIR] [--seed N] [--teacher FILE] [--cover FILE]
//	mazebook build SPEC... | FOLDER... [-o DIR] [--list | --index N | --manifest]
//	mazebook cover SPEC [-o FILE] [--volume N] [--edition NAME] [--paper white|cream|color] [--check kdp]
//	mazebook maze [--algorithm NAME] [--size WxH] [--seed N] [--solution] [--animate OUT.gif|OUT.svg] -o FILE
//	mazebook solve FILE [-o OUT] [--solver NAME] [--stats]
//	mazebook steps [--algorithm NAME] [--every N] [--solver NAME] -o FILE
//	mazebook algorithms
//	mazebook validate SPEC
//	mazebook stats SPEC [--volume N] [--edition NAME] [--csv | --json] [--chart FILE.svg] [--chart-by COLUMN]
//	mazebook play [SPEC [--maze N] | FILE | maze flags] [--view full|theseus|torch] [--radius N] [--no-thread]
//	mazebook serve [SPEC] [--addr 127.0.0.1:8080] [--open]
//	mazebook site DIR [--source DIR]
//	mazebook init [--template NAME] [FILE]
//	mazebook version
//	mazebook help [COMMAND]
//
// With no arguments, as when it is double-clicked, mazebook opens the
// studio in the browser (serve --addr 127.0.0.1:0 --open).
//
// Run `mazebook COMMAND --help` for the flags of each command.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mazebook/files"
	"mazebook/layout/spec"
)

// version is the release; the build may set it with -ldflags "-X main.version=...".
var version = "0.1.0"

// Exit codes.
const (
	exitFailure = 1 // the work failed: an output could not be written, ...
	exitUsage   = 2 // the command line or the spec is wrong
)

// usageError marks an error in the command line or the spec: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) error
}

// env is what a command may touch: its streams and working directory.
type env struct {
	// stdin is what a command reads for the file name "-" (nil: nothing).
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrIsTerminal enables progress lines.
	stderrIsTerminal bool
	// files tracks the temporary files of the outputs being written,
	// which an interrupt removes; made on first use when nil.
	files *files.Tracker
	// restore puts the terminal back as it was (a full screen game's);
	// an interrupt calls it first.
	restore restorer
}

// tracker returns the env's tracker, making one for an env that has
// none.
func (e *env) tracker() *files.Tracker {
	if e.files == nil {
		e.files = files.NewTracker()
	}
	return e.files
}

// batch returns a batch of outputs for a run, tracked by the env.
func (e *env) batch() *files.Batch { return files.NewBatch(e.tracker(), e.stdout) }

// restorer holds what puts the terminal back; nil for nothing.
type restorer struct {
	mu sync.Mutex
	f  func()
}

func (r *restorer) set(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.f = f
}

func (r *restorer) run() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.f != nil {
		r.f()
	}
}

func commands() []command {
	return []command{
		{"build", "build a maze book (PDF, and SVG pages) from a YAML spec", runBuild},
		{"cover", "draw the book's paperback cover: back, spine and front with bleed", runCover},
		{"maze", "make one maze as SVG, PDF, PNG or text", runMaze},
		{"solve", "read a maze someone drew (text, PNG or JPEG) and draw its solution", runSolve},
		{"steps", "draw a storyboard of a maze being made (and solved), frame by frame", runSteps},
		{"algorithms", "list the maze generators", runAlgorithms},
		{"validate", "check a spec and report every problem without building", runValidate},
		{"play", "play a maze in the terminal: full, theseus or torch view, with Ariadne's thread", runPlay},
		{"stats", "measure every maze of a book: difficulty score, level, solution, solver steps", runStats},
		{"calibrate", "check the difficulty score against recorded people (study files) and fit its weights", runCalibrate},
		{"init", "write a commented starter spec", runInit},
		{"serve", "open the web studio: a form, a live preview, the PDF, and mazes to play in the browser", runServe},
		{"site", "write the studio as a static web site that runs in the browser (WebAssembly), offline too", runSite},
		{"version", "print the version", runVersion},
	}
}

// interrupted is the cause of the context of a run stopped by a signal.
type interrupted struct{ sig os.Signal }

func (i interrupted) Error() string { return fmt.Sprintf("interrupted (%v)", i.sig) }

// code is the exit code of a process stopped by the signal: 128 and its
// number, as shells report it (130 for SIGINT, 143 for SIGTERM).
func (i interrupted) code() int {
	if n, ok := i.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// graceTime is how long a command has to stop after an interrupt (a
// studio to finish its requests, a build to remove its temporary files)
// before it is stopped outright; a second signal stops it at once.
const graceTime = 5 * time.Second

// main is the one owner of signals: an interrupt (SIGINT, SIGTERM, and
// SIGHUP or SIGQUIT, which must restore a game's terminal too) cancels
// the context every command runs with, and the command stops at its
// next check, removing its temporary files; one that does not stop in
// graceTime, or a second signal, is stopped outright, its temporary
// files removed by the tracker (waiting for a commit in progress to
// finish). Either way nothing is left half written and nothing the user
// had is changed, and the exit code is 128 and the signal's number.
func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTerminal: isTerminal(os.Stderr), files: files.NewTracker()}
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	go func() {
		i := interrupted{<-sigs}
		cancel(i)
		select {
		case <-sigs:
		case <-time.After(graceTime):
		}
		e.restore.run()
		committed := e.files.Cleanup()
		stop(e, i, committed, e.files.Made())
	}()
	code := run(ctx, e, os.Args[1:])
	var i interrupted
	if errors.As(context.Cause(ctx), &i) {
		stop(e, i, e.files.Committed(), e.files.Made())
	}
	os.Exit(code)
}

// stopping says a goroutine is ending the process after a signal.
var stopping atomic.Bool

// stop ends the process stopped by the signal of i, saying whether
// outputs had been written (committed) or were being written (made). The
// first call exits; a later one (the main goroutine and the signal's,
// both stopping) waits for it, so the message is said once.
func stop(e *env, i interrupted, committed, made bool) {
	if !stopping.CompareAndSwap(false, true) {
		select {}
	}
	if e.stderrIsTerminal {
		fmt.Fprint(os.Stderr, "\r\033[K")
	}
	switch {
	case committed:
		fmt.Fprintf(os.Stderr, "mazebook: %v after outputs were written\n", i)
	case made:
		fmt.Fprintf(os.Stderr, "mazebook: %v; no output was changed\n", i)
	default:
		fmt.Fprintf(os.Stderr, "mazebook: %v\n", i)
	}
	os.Exit(i.code())
}

// stdoutWriter is a command's standard output, which every command's
// writes go through: it keeps the first error of a write (a full disk, a
// closed pipe), after which every write fails with it, so that a command
// writing a list stops, and run fails with it (exit 1) whatever the
// command did with it. It is safe for concurrent use, as os.Stdout is.
type stdoutWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (o *stdoutWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = fmt.Errorf("write standard output: %w", files.Reason(err))
	}
	return n, o.err
}

// failed returns the error of the first write that failed, or nil.
func (o *stdoutWriter) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// run runs the command line args and returns the exit code, 1 when a
// write to standard output failed.
func run(ctx context.Context, e *env, args []string) int {
	if _, ok := e.stdout.(*stdoutWriter); !ok {
		out := &stdoutWriter{w: e.stdout}
		e.stdout = out
		code := run(ctx, e, args)
		if err := out.failed(); err != nil && code == 0 {
			fmt.Fprintf(e.stderr, "mazebook: %v\n", err)
			return exitFailure
		}
		return code
	}
	if len(args) == 0 {
		return runStudio(ctx, e)
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 && args[0] == "help" {
			return run(ctx, e, []string{args[1], "--help"})
		}
		mainUsage(e.stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args[0] = "version"
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := c.run(ctx, e, args[1:])
			if werr := e.stdout.(*stdoutWriter).failed(); werr != nil && !errors.Is(err, werr) {
				err = errors.Join(err, werr) // said even when the command did not check
			}
			var i interrupted
			if err != nil && errors.As(context.Cause(ctx), &i) {
				return i.code() // main says so
			}
			return report(e, c.name, err)
		}
	}
	fmt.Fprintf(e.stderr, "mazebook: unknown command %q\n\n", args[0])
	mainUsage(e.stderr)
	return exitUsage
}

// runStudio is what mazebook does with no arguments, as when a teacher
// double-clicks it: the studio on a free port of this computer alone,
// opened in the default browser, running until it is stopped (on Windows,
// by closing its console window). A studio that cannot start says why
// and, on Windows, waits for Enter, so that the window does not close
// before it can be read.
func runStudio(ctx context.Context, e *env) int {
	code := run(ctx, e, []string{"serve", "--addr", "127.0.0.1:0", "--open"})
	if code != 0 && ctx.Err() == nil && runtime.GOOS == "windows" && e.stdin != nil {
		fmt.Fprintln(e.stderr, "press Enter to close this window")
		_, _ = bufio.NewReader(e.stdin).ReadString('\n')
	}
	return code
}

// report prints err, if any, and returns the exit code it deserves: the
// one place that names the command before a message ("mazebook build:
// ..."), but for a spec's problems, which name their file and line.
func report(e *env, name string, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	code := exitCode(err)
	if isSpecErrors(err) {
		fmt.Fprintln(e.stderr, indentErrors(err.Error()))
	} else {
		fmt.Fprintln(e.stderr, indentErrors("mazebook "+name+": "+err.Error()))
	}
	return code
}

// exitCode is the exit code an error deserves: 2 for a wrong command
// line or spec (a usageError; an output that is an input or another
// output, a special file or a risky name; an input that is not a regular
// file or is too large), 1 for any other failure.
func exitCode(err error) int {
	var (
		ue usageError
		ce *files.ConflictError
		ke *files.KindError
		ne *files.NameError
		te *files.TooLargeError
	)
	switch {
	case errors.As(err, &ue), errors.As(err, &ce), errors.As(err, &ke), errors.As(err, &ne),
		errors.As(err, &te), errors.Is(err, files.ErrNotRegular):
		return exitUsage
	}
	return exitFailure
}

// isSpecErrors reports whether err is a spec's problems alone, each
// naming its file and line.
func isSpecErrors(err error) bool {
	var ue usageError
	if errors.As(err, &ue) {
		err = ue.err
	}
	switch err.(type) {
	case spec.Errors, *spec.Error:
		return true
	}
	return false
}

// indentErrors returns a message of one or more lines as is.
func indentErrors(msg string) string {
	return strings.TrimRight(msg, "\n")
}

func mainUsage(w io.Writer) {
	fmt.Fprintf(w, "mazebook %s turns a short YAML spec into a print-ready maze book.\n\nUsage:\n  mazebook COMMAND [flags] [arguments]\n\nCommands:\n", version)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nRun 'mazebook COMMAND --help' for a command's flags.\nWith no spec, 'mazebook build' builds a small default book into mazebook.pdf.\nWith no command, mazebook opens the studio in your browser (as 'mazebook serve --open' does).\n")
}

// flagSet is a command's flags and its usage text.
type flagSet struct {
	*flag.FlagSet
	usage func() // prints the usage to the command's stdout
}

// newFlags returns a flag set for a command that prints its usage to the
// command's stdout on --help, once, and reports errors as usage errors.
func newFlags(e *env, name, args, about string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on errors too; parse prints
	return &flagSet{fs, func() {
		fmt.Fprintf(e.stdout, "Usage: mazebook %s %s\n\n%s\n", name, args, about)
		fs.SetOutput(e.stdout)
		if hasFlags(fs) {
			fmt.Fprintln(e.stdout, "\nFlags:")
			fs.PrintDefaults()
		}
		fs.SetOutput(io.Discard)
	}}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parse parses flags and positional arguments in any order ("build
// book.yaml -o out.pdf" as well as "build -o out.pdf book.yaml"), and
// returns the positional arguments.
func parse(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.usage()
				return nil, err
			}
			return nil, usagef("%v%s (see 'mazebook %s --help')", err, suggestFlag(fs, err), fs.Name())
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "version", "", "Print mazebook's version.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	fmt.Fprintf(e.stdout, "mazebook %s\n", version)
	return nil
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// suggestFlag returns, for an error about a flag not defined, the words
// that name the nearest flag fs has (", did you mean --cell?"), or "".
func suggestFlag(fs *flagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	name = strings.TrimPrefix(name, "-")
	best, bestDist := "", 3 // no further than two edits
	fs.VisitAll(func(f *flag.Flag) {
		if d := editDistance(name, f.Name); d < bestDist || d == bestDist && f.Name < best {
			best, bestDist = f.Name, d
		}
	})
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean --%s?", best)
}

// editDistance returns the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
