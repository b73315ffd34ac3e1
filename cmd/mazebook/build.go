package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"mazebook/layout"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/templates"
)

func runBuild(e *env, args []string) error {
	fs := newFlags(e, "build", "[SPEC] [flags]", "Build the maze book SPEC describes: puzzle pages, then the answer key, as one PDF.\nWithout SPEC, build a small default book into mazebook.pdf.")
	out := fs.String("o", "", "write the PDF to `FILE` (default: the spec's name with .pdf, or mazebook.pdf; - for standard output)")
	svgDir := fs.String("svg", "", "also write one SVG per page into `DIR` (page-001.svg, ...), replacing the pages of an earlier build")
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	quiet := fs.Bool("quiet", false, "print nothing but errors")
	fs.BoolVar(quiet, "q", false, "short for --quiet")
	check := fs.String("check", "", "check the book against a print preset's rules: `kdp` (also set by 'preset: kdp' in the spec)")
	warnOnly := fs.Bool("check-warn", false, "report --check violations as warnings, and write the book anyway")
	teacher := fs.String("teacher", "", "also write the teacher edition, answers drawn on each puzzle, to `FILE`\n(the spec's 'teacher_edition: true' writes it beside the book as NAME-teacher.pdf)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("mazebook build: one spec at a time, got %d: %s", len(pos), strings.Join(pos, " "))
	}
	start := time.Now()

	var sp *spec.Book
	outFlag := "-o"
	if *out == "" {
		outFlag = "the output"
	}
	if len(pos) == 0 {
		sp, err = spec.Parse("default.yaml (built in)", templates.Default())
		if *out == "" {
			*out = "mazebook.pdf"
		}
	} else {
		sp, err = readSpec(pos[0])
		if *out == "" {
			*out = strings.TrimSuffix(filepath.Base(pos[0]), filepath.Ext(pos[0])) + ".pdf"
		}
	}
	if err != nil {
		return err
	}
	if *seed != "" {
		if err := overrideSeed(sp, *seed); err != nil {
			return err
		}
	}
	if *check == "" {
		*check = sp.Preset
	}
	if *check != "" && *check != "kdp" {
		return usagef("mazebook build: --check %q is unknown (known: kdp)", *check)
	}
	if sp.TeacherEdition && *teacher == "" {
		if *out == "-" || !isRegularOrNew(*out) {
			return usagef("mazebook build: the spec asks for a teacher edition, which is written beside the book; the book goes to %s, so name the teacher edition with --teacher FILE", *out)
		}
		*teacher = strings.TrimSuffix(*out, filepath.Ext(*out)) + "-teacher.pdf"
	}

	// Every destination is checked, and its temporary file made, before
	// any work is done.
	outs := newOutputs(e, "build")
	defer outs.abort()
	if len(pos) == 1 {
		outs.input(pos[0])
	}
	bookOut, err := outs.add(outFlag, *out)
	if err != nil {
		return err
	}
	var teacherOut *output
	if *teacher != "" {
		if teacherOut, err = outs.add("--teacher", *teacher); err != nil {
			return err
		}
	}
	if *svgDir != "" {
		if err := outs.dir("--svg", *svgDir); err != nil {
			return err
		}
	}

	progress := newProgress(e, *quiet, "building "+*out)
	book, err := layout.Make(sp, layout.Options{Progress: progress.update})
	if err != nil {
		progress.clear()
		return specOrFailure(err)
	}
	var svgOuts []*output
	if *svgDir != "" {
		for i := range book.Plan.Pages {
			o, err := outs.page("--svg", *svgDir, fmt.Sprintf("page-%03d.svg", i+1))
			if err != nil {
				progress.clear()
				return err
			}
			svgOuts = append(svgOuts, o)
		}
	}
	// Each page is drawn, added to the PDF and written as SVG, then
	// dropped: a big book never holds all its drawings at once.
	pw := pdf.NewWriter(pdfMetadata(sp))
	checker := kdp.NewChecker(book.Plan)
	for i := range book.Plan.Pages {
		page, err := book.Page(i)
		if err == nil {
			err = pw.Add(&page)
		}
		if err == nil && svgOuts != nil {
			err = svg.Write(svgOuts[i], page)
		}
		if err != nil {
			progress.clear()
			return specOrFailure(fmt.Errorf("page %d: %w", i+1, err))
		}
		checker.Page(i, &page)
	}
	progress.clear()
	var pdfData bytes.Buffer
	if err := pw.Finish(&pdfData); err != nil {
		return err
	}
	if *check == "kdp" {
		if v := checker.Finish(pdfData.Bytes()); len(v) > 0 {
			var msg strings.Builder
			fmt.Fprintf(&msg, "%s breaks %d print-on-demand (kdp) rule(s):", *out, len(v))
			for _, x := range v {
				fmt.Fprintf(&msg, "\n  %s", x)
			}
			if !*warnOnly && !sp.CheckWarnOnly {
				return checkError{msg.String() + "\n(use --check-warn to write the book anyway)"}
			}
			fmt.Fprintln(e.stderr, "warning: "+msg.String())
		}
	}
	if _, err := bookOut.Write(pdfData.Bytes()); err != nil {
		return err
	}
	pdfData = bytes.Buffer{}
	if teacherOut != nil {
		progress := newProgress(e, *quiet, "building "+*teacher)
		tb, err := layout.Make(sp, layout.Options{Edition: plan.Teacher, Progress: progress.update})
		if err == nil {
			meta := pdfMetadata(sp)
			meta.Title += " (teacher edition)"
			err = writePDF(tb, meta, teacherOut)
		}
		progress.clear()
		if err != nil {
			return specOrFailure(err)
		}
	}
	if err := outs.commit(); err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "wrote %s: %s on %s in %.1fs\n", *out, count(len(book.Mazes), "maze", "mazes"), count(len(book.Plan.Pages), "page", "pages"), time.Since(start).Seconds())
		if teacherOut != nil {
			fmt.Fprintf(e.stderr, "wrote %s: the teacher edition\n", *teacher)
		}
	}
	return nil
}

// writePDF draws every page of a book, one at a time, into a PDF written
// to w.
func writePDF(b *layout.Book, meta pdf.Metadata, w *output) error {
	pw := pdf.NewWriter(meta)
	for i := range b.Plan.Pages {
		page, err := b.Page(i)
		if err == nil {
			err = pw.Add(&page)
		}
		if err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
	}
	return pw.Finish(w)
}

// count says "1 maze" or "3 mazes".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// isRegularOrNew reports whether name is a regular file or does not exist.
func isRegularOrNew(name string) bool {
	st, err := os.Stat(name)
	return err != nil || st.Mode().IsRegular()
}

// readSpec reads a spec file; a file that cannot be read is a usage error.
func readSpec(path string) (*spec.Book, error) {
	sp, err := spec.Read(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, usagef("mazebook: cannot read spec %s: %v", path, pe.Err)
		}
		return nil, specOrFailure(err)
	}
	return sp, nil
}

// specOrFailure makes spec errors usage errors (exit code 2); others stay
// failures (exit code 1).
func specOrFailure(err error) error {
	var se spec.Errors
	if errors.As(err, &se) {
		return usageError{se}
	}
	return err
}

func overrideSeed(sp *spec.Book, s string) error {
	var v uint64
	if _, err := fmt.Sscan(s, &v); err != nil || fmt.Sprint(v) != s {
		return usagef("mazebook: --seed must be a whole number from 0 to 18446744073709551615, not %q", s)
	}
	sp.Seed = v
	return nil
}

func pdfMetadata(sp *spec.Book) pdf.Metadata {
	return pdf.Metadata{
		Title:   sp.Title,
		Author:  sp.Author,
		Subject: sp.Subject,
		Creator: "mazebook " + version,
		Created: sp.Date,
	}
}

// checkError is a book that breaks the rules it was checked against: a
// failure (exit code 1), with every violation listed.
type checkError struct{ msg string }

func (e checkError) Error() string { return e.msg }
