// Command mazebook turns a short YAML spec into a print-ready maze puzzle
// book: seeded mazes drawn as vector PDF and SVG, with an answer key.
//
// Usage:
//
//	mazebook build [SPEC] [-o FILE] [--svg DIR] [--seed N]
//	mazebook cover SPEC [-o FILE] [--paper white|cream|color] [--check kdp]
//	mazebook maze [--algorithm NAME] [--size WxH] [--seed N] [--solution] [--animate OUT.gif|OUT.svg] -o FILE
//	mazebook solve FILE [-o OUT] [--solver NAME] [--stats]
//	mazebook steps [--algorithm NAME] [--every N] [--solver NAME] -o FILE
//	mazebook algorithms
//	mazebook validate SPEC
//	mazebook stats SPEC [--csv | --json] [--chart FILE.svg] [--chart-by COLUMN]
//	mazebook play [SPEC [--maze N] | FILE | maze flags] [--view full|theseus|torch] [--radius N] [--no-thread]
//	mazebook serve [SPEC] [--addr 127.0.0.1:8080] [--open]
//	mazebook init [--template NAME] [FILE]
//	mazebook version
//
// Run `mazebook COMMAND --help` for the flags of each command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
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
	run     func(env *env, args []string) error
}

// env is what a command may touch: its streams and working directory.
type env struct {
	// stdin is what a command reads for the file name "-" (nil: nothing).
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrIsTerminal enables progress lines.
	stderrIsTerminal bool
	// cleanup holds the temporary files an interrupt removes; made on
	// first use when nil.
	cleanup *cleanup
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
		{"version", "print the version", runVersion},
	}
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTerminal: isTerminal(os.Stderr), cleanup: newCleanup()}
	// An interrupt removes the temporary files of the outputs being
	// written (waiting for a commit in progress to finish), so that
	// nothing half-written is left and nothing the user had is changed.
	sigs := make(chan os.Signal, 1)
	// A hang-up (the terminal closed) and a quit restore the terminal of
	// a game too, rather than leave it raw.
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	go func() {
		sig := <-sigs
		committed := e.cleanup.run()
		if e.stderrIsTerminal {
			fmt.Fprint(os.Stderr, "\r\033[K")
		}
		if committed {
			fmt.Fprintf(os.Stderr, "mazebook: interrupted (%v) after its outputs were written\n", sig)
		} else {
			fmt.Fprintf(os.Stderr, "mazebook: interrupted (%v); no output was changed\n", sig)
		}
		code := 130 // 128 and the signal's number, as shells report it
		if n, ok := sig.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	}()
	os.Exit(run(e, os.Args[1:]))
}

// run runs the command line args and returns the exit code.
func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 && args[0] == "help" {
			return run(e, []string{args[1], "--help"})
		}
		mainUsage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args[0] = "version"
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := c.run(e, args[1:])
			return report(e, c.name, err)
		}
	}
	fmt.Fprintf(e.stderr, "mazebook: unknown command %q\n\n", args[0])
	mainUsage(e.stderr)
	return exitUsage
}

// report prints err, if any, and returns the exit code it deserves.
func report(e *env, name string, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(e.stderr, indentErrors(err.Error()))
		return exitUsage
	}
	fmt.Fprintf(e.stderr, "mazebook %s: %v\n", name, err)
	return exitFailure
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
	fmt.Fprint(w, "\nRun 'mazebook COMMAND --help' for a command's flags.\nWith no spec, 'mazebook build' builds a small default book into mazebook.pdf.\n")
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
			return nil, usagef("mazebook %s: %v%s (see 'mazebook %s --help')", fs.Name(), err, suggestFlag(fs, err), fs.Name())
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

func runVersion(e *env, args []string) error {
	fs := newFlags(e, "version", "", "Print mazebook's version.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("mazebook version: unexpected argument %q", pos[0])
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
