package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"mazebook/layout"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/svg"
	"mazebook/templates"
)

func runBuild(e *env, args []string) error {
	fs := newFlags(e, "build", "[SPEC] [flags]", "Build the maze book SPEC describes: puzzle pages, then the answer key, as one PDF.\nWithout SPEC, build a small default book into mazebook.pdf.")
	out := fs.String("o", "", "write the PDF to `FILE` (default: the spec's name with .pdf, or mazebook.pdf)")
	svgDir := fs.String("svg", "", "also write one SVG per page into `DIR` (page-001.svg, ...)")
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	quiet := fs.Bool("quiet", false, "print nothing but errors")
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

	var spec *layout.Spec
	if len(pos) == 0 {
		spec, err = layout.ParseSpec("default.yaml (built in)", templates.Default())
		if *out == "" {
			*out = "mazebook.pdf"
		}
	} else {
		spec, err = readSpec(pos[0])
		if *out == "" {
			*out = strings.TrimSuffix(filepath.Base(pos[0]), filepath.Ext(pos[0])) + ".pdf"
		}
	}
	if err != nil {
		return err
	}
	if *seed != "" {
		if err := overrideSeed(spec, *seed); err != nil {
			return err
		}
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	if *check == "" {
		*check = spec.Preset
	}
	if *check != "" && *check != "kdp" {
		return usagef("mazebook build: --check %q is unknown (known: kdp)", *check)
	}
	if spec.TeacherEdition && *teacher == "" {
		*teacher = strings.TrimSuffix(*out, filepath.Ext(*out)) + "-teacher.pdf"
	}
	if *teacher != "" {
		if err := checkWritable(*teacher); err != nil {
			return err
		}
	}

	progress := newProgress(e, *quiet, "building "+*out)
	book, err := layout.BuildWith(spec, layout.Options{Progress: progress.update})
	progress.clear()
	if err != nil {
		return specOrFailure(err)
	}
	var pdfData buffer
	if err := pdf.Write(&pdfData, book.Pages, pdfMetadata(spec)); err != nil {
		return err
	}
	if *check == "kdp" {
		if v := kdp.Check(book, pdfData.Bytes()); len(v) > 0 {
			var msg strings.Builder
			fmt.Fprintf(&msg, "%s breaks %d print-on-demand (kdp) rule(s):", *out, len(v))
			for _, x := range v {
				fmt.Fprintf(&msg, "\n  %s", x)
			}
			if !*warnOnly && !spec.CheckWarnOnly {
				return checkError{msg.String() + "\n(use --check-warn to write the book anyway)"}
			}
			fmt.Fprintln(e.stderr, "warning: "+msg.String())
		}
	}
	var teacherData buffer
	if *teacher != "" {
		progress := newProgress(e, *quiet, "building "+*teacher)
		tb, err := layout.BuildWith(spec, layout.Options{Edition: layout.Teacher, Progress: progress.update})
		progress.clear()
		if err != nil {
			return specOrFailure(err)
		}
		meta := pdfMetadata(spec)
		meta.Title += " (teacher edition)"
		if err := pdf.Write(&teacherData, tb.Pages, meta); err != nil {
			return err
		}
	}
	var svgs [][]byte
	if *svgDir != "" {
		for i, p := range book.Pages {
			var b buffer
			if err := svg.Write(&b, p); err != nil {
				return fmt.Errorf("page %d: %w", i+1, err)
			}
			svgs = append(svgs, b.Bytes())
		}
		if err := os.MkdirAll(*svgDir, 0o755); err != nil {
			return fmt.Errorf("svg directory: %w", err)
		}
	}
	if err := writeFileAtomic(*out, pdfData.Bytes()); err != nil {
		return err
	}
	if *teacher != "" {
		if err := writeFileAtomic(*teacher, teacherData.Bytes()); err != nil {
			return err
		}
	}
	for i, data := range svgs {
		if err := writeFileAtomic(filepath.Join(*svgDir, fmt.Sprintf("page-%03d.svg", i+1)), data); err != nil {
			return err
		}
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "wrote %s: %d mazes on %d pages in %.1fs\n", *out, len(book.Mazes), len(book.Pages), time.Since(start).Seconds())
	}
	return nil
}

// readSpec reads a spec file; a file that cannot be read is a usage error.
func readSpec(path string) (*layout.Spec, error) {
	spec, err := layout.ReadSpec(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, usagef("mazebook: cannot read spec %s: %v", path, pe.Err)
		}
		return nil, specOrFailure(err)
	}
	return spec, nil
}

// specOrFailure makes spec errors usage errors (exit code 2); others stay
// failures (exit code 1).
func specOrFailure(err error) error {
	var se layout.SpecErrors
	if errors.As(err, &se) {
		return usageError{err}
	}
	return err
}

func overrideSeed(spec *layout.Spec, s string) error {
	var v uint64
	if _, err := fmt.Sscan(s, &v); err != nil || fmt.Sprint(v) != s {
		return usagef("mazebook: --seed must be a whole number from 0 to 18446744073709551615, not %q", s)
	}
	spec.Seed = v
	return nil
}

func pdfMetadata(spec *layout.Spec) pdf.Metadata {
	return pdf.Metadata{
		Title:   spec.Title,
		Author:  spec.Author,
		Subject: spec.Subject,
		Creator: "mazebook " + version,
		Created: spec.Date,
	}
}

// checkError is a book that breaks the rules it was checked against: a
// failure (exit code 1), with every violation listed.
type checkError struct{ msg string }

func (e checkError) Error() string { return e.msg }
