package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"mazebook/catalogue"
	"mazebook/internal/say"
	"mazebook/layout/spec"
)

// isDir reports whether path is a folder.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// buildCatalogue builds (or, with list, lists) every book of the specs
// and folders paths into the folder dir.
func buildCatalogue(e *env, paths []string, dir string, workers int, quiet, list bool) error {
	jobs, err := catalogue.Jobs(paths)
	if err != nil {
		return usagef("mazebook build: %v", err)
	}
	if dir == "" {
		dir = "."
	}
	if list {
		for _, j := range jobs {
			args := []string{"mazebook", "build", shellQuote(j.Spec)}
			if j.Variant.Volume > 0 {
				args = append(args, "--volume", fmt.Sprint(j.Variant.Volume))
			}
			if j.Variant.Edition != "" {
				args = append(args, "--edition", shellQuote(j.Variant.Edition))
			}
			args = append(args, "-q", "-o", shellQuote(strings.TrimSuffix(dir, "/")+"/"+j.Name+".pdf"))
			fmt.Fprintln(e.stdout, strings.Join(args, " "))
		}
		return nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("mazebook build: -o %s: %w", dir, err)
		}
	}
	start := time.Now()
	opt := catalogue.Options{Dir: dir, Workers: workers, Creator: creator()}
	// Each book is one commit of the command line's outputs: the files a
	// spec reads are never written over, and an interrupt leaves no
	// temporary file.
	opt.Write = func(sp *spec.Book, files []catalogue.File) error {
		outs := newOutputs(e, "build")
		defer outs.abort()
		outs.spec(sp.File, sp)
		for _, f := range files {
			o, err := outs.add("-o", filepath.Join(dir, f.Name))
			if err != nil {
				return err
			}
			if _, err := o.Write(f.Data); err != nil {
				return err
			}
		}
		return outs.commit()
	}
	if !quiet && e.stderrIsTerminal {
		opt.Progress = func(done, total int, r catalogue.Result) {
			fmt.Fprintf(e.stderr, "\r\033[K[%d/%d] %s", done, total, r.Job.Name)
			if done == total {
				fmt.Fprint(e.stderr, "\r\033[K")
			}
		}
	}
	results := catalogue.Build(context.Background(), jobs, opt)
	failed := 0
	for _, r := range results {
		if r.Err != nil {
			failed++
			fmt.Fprintf(e.stderr, "mazebook build: %s: %s\n", r.Job.Name, say.In("en", r.Err))
		}
	}
	if err := writeManifest(e, dir, results); err != nil {
		return fmt.Errorf("mazebook build: the manifest: %w", err)
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "wrote %d of %d books into %s in %.1fs, listed in catalogue.csv and catalogue.json\n", len(results)-failed, len(results), dir, time.Since(start).Seconds())
	}
	if failed > 0 {
		return failedBooks{failed, len(results)}
	}
	return nil
}

// writeManifest writes catalogue.csv and catalogue.json into dir, as one
// commit.
func writeManifest(e *env, dir string, results []catalogue.Result) error {
	csvData, jsonData, err := catalogue.Manifest(results)
	if err != nil {
		return err
	}
	outs := newOutputs(e, "build")
	defer outs.abort()
	for name, data := range map[string][]byte{"catalogue.csv": csvData, "catalogue.json": jsonData} {
		o, err := outs.add("-o", filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if _, err := o.Write(data); err != nil {
			return err
		}
	}
	return outs.commit()
}

// failedBooks is a catalogue some of whose books were not built: a
// failure (exit code 1), each book's problem said already.
type failedBooks struct{ failed, total int }

func (f failedBooks) Error() string {
	return fmt.Sprintf("mazebook build: %d of %d books were not built (see above; catalogue.csv lists each)", f.failed, f.total)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
