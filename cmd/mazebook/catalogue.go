package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mazebook/catalogue"
	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/internal/tell"
)

// isDir reports whether path is a folder.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// catalogueRun is a run of build over a catalogue: its books built
// (or listed, or one built alone, or their manifest written from the
// files) into the folder dir.
type catalogueRun struct {
	paths             []string
	dir               string
	workers, maxPages int
	quiet, list       bool
	manifest          bool
	index             int // -1: none
	// unique draws again each maze that repeats a maze of a book before
	// it (see catalogue.Unique).
	unique bool
}

func (c catalogueRun) run(ctx context.Context, e *env) error {
	jobs, err := catalogue.Jobs(c.paths, specOptions())
	if err != nil {
		return usageError{err}
	}
	if c.dir == "" {
		c.dir = "."
	}
	// One plan, one limit: what the catalogue makes is measured once and
	// held to --max-pages, whether it is built here, listed for a batch
	// engine, built a book at a time by --index (whose books are the
	// lines --list prints, and no more), or surveyed (which makes every
	// book's mazes again).
	totals, err := catalogue.Measure(jobs, c.maxPages)
	if err != nil {
		todo := "build it"
		switch {
		case c.list:
			todo = "list it"
		case c.index >= 0:
			todo = "build its books (--index builds a line of --list, held to the same limit)"
		case c.manifest:
			todo = "list its books"
		}
		return usagef("%v: raise --max-pages to %s", err, todo)
	}
	if c.unique && !(c.index >= 0 && hasList(c.dir)) {
		var redraws []catalogue.Redraw
		if jobs, redraws, err = catalogue.Unique(ctx, jobs, c.workers); err != nil {
			return err
		}
		for _, r := range redraws {
			if !c.quiet || len(r.Kept) > 0 {
				fmt.Fprintf(e.stderr, "--unique: %s\n", r)
			}
		}
	}
	switch {
	case c.list:
		return c.listCatalogue(e, jobs)
	case c.index >= 0:
		return c.buildIndex(ctx, e, jobs)
	case c.manifest:
		return c.survey(ctx, e, jobs)
	}
	if !c.quiet {
		fmt.Fprintf(e.stderr, "building %s, %s, about %s of PDF, into %s\n", say.Plural(totals.Books, "%d book", "%d books"), say.Plural(totals.Pages, "%d page", "%d pages"), megabytes(totals.Bytes), c.dir)
	}
	start := time.Now()
	results, err := catalogue.Build(ctx, jobs, c.options(e))
	if results == nil && err != nil {
		return err // refused before any book was built
	}
	failed := c.report(ctx, e, results)
	if err != nil {
		return err
	}
	if !c.quiet {
		fmt.Fprintf(e.stderr, "wrote %d of %d books into %s in %.1fs, listed in catalogue.csv and catalogue.json\n", len(results)-failed, len(results), c.dir, time.Since(start).Seconds())
	}
	if failed > 0 {
		return failedBooks{failed, len(results)}
	}
	return nil
}

// options are the catalogue's options for the run.
func (c catalogueRun) options(e *env) catalogue.Options {
	opt := catalogue.Options{Dir: c.dir, Workers: c.workers, Creator: creator(), Tracker: e.tracker()}
	if !c.quiet && e.stderrIsTerminal {
		opt.Progress = func(done, total int, r catalogue.Result) {
			fmt.Fprintf(e.stderr, "\r\033[K[%d/%d] %s", done, total, r.Job.Name)
			if done == total {
				fmt.Fprint(e.stderr, "\r\033[K")
			}
		}
	}
	return opt
}

// report says each book that failed, and each set of mazes repeated
// across books, and returns how many books failed.
func (c catalogueRun) report(ctx context.Context, e *env, results []catalogue.Result) int {
	failed := 0
	for _, r := range results {
		if r.Err != nil {
			failed++
			if ctx.Err() == nil {
				msg := tell.ErrorIn("en", r.Err)
				fmt.Fprintf(e.stderr, "mazebook build: %s: %s\n", quoteName(r.Job.Name), msg)
			}
		}
	}
	for _, r := range catalogue.Repeats(results) {
		fmt.Fprintf(e.stderr, "warning: %s: the same mazes sold twice; give one of their specs another seed (catalogue.csv counts them in repeated_mazes)\n", r)
	}
	for _, w := range catalogue.RepeatsWithin(results) {
		fmt.Fprintf(e.stderr, "warning: %s: the same maze twice in one book (catalogue.csv counts them in repeated_in_book)\n", w)
	}
	return failed
}

// buildIndex builds book c.index of the lines --list prints, as that
// line does, in this process: no shell is needed (a distroless image has
// none).
func (c catalogueRun) buildIndex(ctx context.Context, e *env, jobs []catalogue.Job) error {
	pinned, ok, err := catalogue.ReadList(c.dir)
	if err != nil {
		return usageError{err}
	}
	if ok {
		return c.buildPinned(ctx, e, pinned)
	}
	books, _ := listed(jobs, c.dir)
	switch {
	case len(books) == 0:
		return usagef("--index %d: the catalogue lists no book (see 'mazebook build --list')", c.index)
	case c.index >= len(books):
		return usagef("--index %d is past the end: the catalogue lists %s, --index 0 to %d (is the Job's completions its number of lines of --list?)", c.index, say.Plural(len(books), "%d book", "%d books"), len(books)-1)
	}
	args := bookArgs(books[c.index], c.dir)
	if !c.quiet {
		args = slices.DeleteFunc(args, func(a string) bool { return a == "-q" })
		line := make([]string, len(args))
		for i, a := range args {
			line[i] = shellQuote(a)
		}
		fmt.Fprintf(e.stderr, "--index %d, book %d of %d: mazebook build %s\n", c.index, c.index+1, len(books), strings.Join(line, " "))
	}
	return runBuild(ctx, e, args)
}

// buildPinned builds line c.index of the list --list recorded in the
// folder: the book that line listed, whatever specs were added to the
// folder or taken from it since, refused (exit code 2) when the list was
// made of other specs or folders, or when the line's spec changed since.
func (c catalogueRun) buildPinned(ctx context.Context, e *env, l *catalogue.List) error {
	record := filepath.Join(c.dir, catalogue.ListFile)
	switch {
	case !slices.Equal(l.Paths, c.paths):
		return usagef("--index %d: %s records the list of %s, not of %s: give --index what --list was given, or run --list again", c.index, record, strings.Join(l.Paths, " "), strings.Join(c.paths, " "))
	case c.index >= len(l.Lines):
		return usagef("--index %d is past the end: %s lists %s, --index 0 to %d (is the Job's completions its number of lines of --list?)", c.index, record, say.Plural(len(l.Lines), "%d book", "%d books"), len(l.Lines)-1)
	}
	j, err := l.Job(c.index, specOptions())
	if err != nil {
		return usagef("--index %d: %v", c.index, err)
	}
	args := bookArgs(j, c.dir)
	if !c.quiet {
		args = slices.DeleteFunc(args, func(a string) bool { return a == "-q" })
		fmt.Fprintf(e.stderr, "--index %d, book %d of %d: mazebook build %s (as %s lists it)\n", c.index, c.index+1, len(l.Lines), strings.Join(quoted(args), " "), record)
	}
	if isDir(c.dir) {
		files.Sweep(c.dir) // what killed workers left
	}
	return runBuild(ctx, e, args)
}

// hasList reports whether the folder dir holds the record of a list
// (see catalogue.ListFile), whose lines carry their redraws.
func hasList(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, catalogue.ListFile))
	return err == nil
}

// quoted returns each argument quoted for a POSIX shell (see shellQuote).
func quoted(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = shellQuote(a)
	}
	return out
}

// survey writes the manifest of the books already in the folder.
func (c catalogueRun) survey(ctx context.Context, e *env, jobs []catalogue.Job) error {
	if !isDir(c.dir) {
		return usagef("--manifest: the folder %s does not exist (or is not a folder): it lists the books already built there, so build them first (-o names the folder)", c.dir)
	}
	start := time.Now()
	results, err := catalogue.Survey(ctx, jobs, c.options(e))
	if results == nil && err != nil {
		return err
	}
	failed := c.report(ctx, e, results)
	if err != nil {
		return err
	}
	if !c.quiet {
		fmt.Fprintf(e.stderr, "listed %d books in %s/catalogue.csv and catalogue.json in %.1fs: %d complete, %d missing files or not matching their spec\n", len(results), strings.TrimSuffix(c.dir, "/"), time.Since(start).Seconds(), len(results)-failed, failed)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d books are not there as their specs make them (see above; catalogue.csv lists each): build them again", failed, len(results))
	}
	return nil
}

// listed returns the jobs that --list prints a line for, in order, and
// how many it cannot list: a spec that cannot be read, or a name holding
// a control character (a newline would split a command over lines). Each
// of those is a job whose Err says why.
func listed(jobs []catalogue.Job, dir string) (ok, not []catalogue.Job) {
	for _, j := range jobs {
		if j.Err == nil {
			if why := files.ControlIn(j.Spec); why != "" {
				j.Err = fmt.Errorf("%q %s, which no listed command could hold on one line: rename it", j.Spec, why)
			} else if why := files.ControlIn(j.Variant.Edition); why != "" {
				j.Err = fmt.Errorf("%s: the edition %q %s: rename it", j.Spec, j.Variant.Edition, why)
			}
		}
		if j.Err != nil {
			not = append(not, j)
			continue
		}
		ok = append(ok, j)
	}
	return ok, not
}

// bookArgs are the arguments of 'mazebook build' that make one book of a
// catalogue into dir, every file of it as the catalogue makes it: the
// interior, and its teacher edition, cover and teacher edition's cover
// when its spec asks for them.
func bookArgs(j catalogue.Job, dir string) []string {
	args := []string{notAFlag(j.Spec)}
	if j.Variant.Volume > 0 {
		args = append(args, "--volume", fmt.Sprint(j.Variant.Volume))
	}
	if j.Variant.Edition != "" {
		args = append(args, "--edition", j.Variant.Edition)
	}
	if len(j.Redraws) > 0 {
		args = append(args, "--redraw", formatRedraws(j.Redraws))
	}
	args = append(args, "-q")
	flags := [...]string{catalogue.Interior: "-o", catalogue.Teacher: "--teacher", catalogue.Cover: "--cover", catalogue.TeacherCover: "--teacher-cover"}
	for _, f := range j.Files {
		args = append(args, flags[f.Kind], notAFlag(strings.TrimSuffix(dir, "/")+"/"+f.Name))
	}
	return args
}

// listCatalogue prints one command a line, each building one book of
// the jobs into dir with all its files, for a batch engine: every
// argument quoted for a POSIX shell, a path that starts with '-' written
// as ./-NAME so that no flag parser reads it as a flag. A job that cannot
// be listed (see listed) is said on stderr, and the exit code says so.
//
// The list printed is then recorded in the folder (see
// catalogue.ListFile), each line with its spec's digest, so that --index
// N builds line N as listed.
func (c catalogueRun) listCatalogue(e *env, jobs []catalogue.Job) error {
	dir := c.dir
	if why := files.ControlIn(dir); why != "" {
		return usagef("-o %q %s, which no listed command could hold on one line: choose another folder", dir, why)
	}
	books, not := listed(jobs, dir)
	for _, j := range not {
		fmt.Fprintf(e.stderr, "mazebook build: %s: not listed: %s\n", quoteName(j.Name), tell.ErrorIn("en", j.Err))
	}
	command := func(j catalogue.Job) string {
		return "mazebook build " + strings.Join(quoted(bookArgs(j, dir)), " ")
	}
	pinned, err := catalogue.NewList(c.paths, books, command)
	if err != nil {
		return err
	}
	for i, j := range books {
		if _, err := fmt.Fprintln(e.stdout, command(j)); err != nil {
			return fmt.Errorf("%w: the list is cut short after %s of %d (its last line may be cut too)", err, say.Plural(i, "%d book", "%d books"), len(books))
		}
	}
	if err := pinned.Write(dir, jobs, e.tracker()); err != nil {
		return fmt.Errorf("%w: the list was printed, and --index cannot build its lines as listed", err)
	}
	if len(not) > 0 {
		return usagef("%d of %d books not listed: their specs cannot be read or have errors (see above)", len(not), len(jobs))
	}
	return nil
}

// notAFlag writes a relative path that starts with '-' as ./PATH, which
// no flag parser reads as a flag.
func notAFlag(path string) string {
	if strings.HasPrefix(path, "-") {
		return "./" + path
	}
	return path
}

// failedBooks is a catalogue some of whose books were not built: a
// failure (exit code 1), each book's problem said already.
type failedBooks struct{ failed, total int }

func (f failedBooks) Error() string {
	return fmt.Sprintf("%d of %d books were not built (see above; catalogue.csv lists each)", f.failed, f.total)
}

// shellQuote quotes s for a POSIX shell when it needs it: in single
// quotes, each ' written as '\”. A name holding a control character is
// refused before (see listCatalogue): quoted, a newline would still
// split a line.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
