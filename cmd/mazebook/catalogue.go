package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"mazebook/catalogue"
	"mazebook/files"
	"mazebook/internal/say"
)

// isDir reports whether path is a folder.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// buildCatalogue builds (or, with list, lists) every book of the specs
// and folders paths into the folder dir.
func buildCatalogue(ctx context.Context, e *env, paths []string, dir string, workers, maxPages int, quiet, list bool) error {
	jobs, err := catalogue.Jobs(paths)
	if err != nil {
		return usageError{err}
	}
	if dir == "" {
		dir = "."
	}
	if list {
		return listCatalogue(e, jobs, dir)
	}
	// What the catalogue makes, said before it starts, and refused past
	// --max-pages.
	totals, err := catalogue.Measure(jobs, maxPages)
	if err != nil {
		return usagef("%v: raise --max-pages to build it", err)
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "building %s, %s, about %s of PDF, into %s\n", count(totals.Books, "book", "books"), count(totals.Pages, "page", "pages"), megabytes(totals.Bytes), dir)
	}
	start := time.Now()
	opt := catalogue.Options{Dir: dir, Workers: workers, Creator: creator(), Tracker: e.tracker()}
	if !quiet && e.stderrIsTerminal {
		opt.Progress = func(done, total int, r catalogue.Result) {
			fmt.Fprintf(e.stderr, "\r\033[K[%d/%d] %s", done, total, r.Job.Name)
			if done == total {
				fmt.Fprint(e.stderr, "\r\033[K")
			}
		}
	}
	results, err := catalogue.Build(ctx, jobs, opt)
	if results == nil && err != nil {
		return err // refused before any book was built
	}
	failed := 0
	for _, r := range results {
		if r.Err != nil {
			failed++
			if ctx.Err() == nil {
				fmt.Fprintf(e.stderr, "mazebook build: %s: %s\n", quoteName(r.Job.Name), say.In("en", r.Err))
			}
		}
	}
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "wrote %d of %d books into %s in %.1fs, listed in catalogue.csv and catalogue.json\n", len(results)-failed, len(results), dir, time.Since(start).Seconds())
	}
	if failed > 0 {
		return failedBooks{failed, len(results)}
	}
	return nil
}

// listCatalogue prints one command a line, each building one book of
// the jobs into dir, for a batch engine: every argument quoted for a
// POSIX shell, a path that starts with '-' written as ./-NAME so that no
// flag parser reads it as a flag. A spec that cannot be read, or a name
// holding a control character (a newline would split a command over
// lines), is not listed but said on stderr, and the exit code says so.
func listCatalogue(e *env, jobs []catalogue.Job, dir string) error {
	if why := files.ControlIn(dir); why != "" {
		return usagef("-o %q %s, which no listed command could hold on one line: choose another folder", dir, why)
	}
	failed := 0
	for _, j := range jobs {
		if j.Err == nil {
			if why := files.ControlIn(j.Spec); why != "" {
				j.Err = fmt.Errorf("%q %s, which no listed command could hold on one line: rename it", j.Spec, why)
			} else if why := files.ControlIn(j.Variant.Edition); why != "" {
				j.Err = fmt.Errorf("%s: the edition %q %s: rename it", j.Spec, j.Variant.Edition, why)
			}
		}
		if j.Err != nil {
			failed++
			fmt.Fprintf(e.stderr, "mazebook build: %s: not listed: %s\n", quoteName(j.Name), say.In("en", j.Err))
			continue
		}
		args := []string{"mazebook", "build", shellQuote(notAFlag(j.Spec))}
		if j.Variant.Volume > 0 {
			args = append(args, "--volume", fmt.Sprint(j.Variant.Volume))
		}
		if j.Variant.Edition != "" {
			args = append(args, "--edition", shellQuote(j.Variant.Edition))
		}
		args = append(args, "-q", "-o", shellQuote(notAFlag(strings.TrimSuffix(dir, "/")+"/"+j.Name+".pdf")))
		fmt.Fprintln(e.stdout, strings.Join(args, " "))
	}
	if failed > 0 {
		return usagef("%d of %d books not listed: their specs cannot be read or have errors (see above)", failed, len(jobs))
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
