package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mazebook/catalogue"
	"mazebook/files"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	renderpkg "mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/templates"
)

func runBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "build", "[SPEC... | FOLDER...] [flags]", "Build the maze book SPEC describes: puzzle pages, then the answer key, as one PDF.\nWithout SPEC, build a small default book into mazebook.pdf.\n\nGiven several specs, a folder of specs, or a spec with a series or editions, build the\nwhole catalogue: every book, in parallel, into the folder -o names (default: here), with\ncatalogue.csv and catalogue.json listing each book, its files and their checksums. A book\nthat fails does not stop the others; the exit code says whether all were built.")
	out := fs.String("o", "", "write the PDF to `FILE` (default: the spec's name with .pdf, or mazebook.pdf; - for standard output)")
	svgDir := fs.String("svg", "", "also write one SVG per page into `DIR` (page-001.svg, ...), replacing the pages of an earlier build")
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	page := fs.String("page", "", "use page `SIZE` instead of the spec's page.size (a4, letter, 6x9in, 210mm x 297mm, ...)")
	quiet := fs.Bool("quiet", false, "print nothing but errors")
	fs.BoolVar(quiet, "q", false, "short for --quiet")
	check := fs.String("check", "", "check the book against a print preset's rules: `kdp` (also set by 'preset: kdp' in the spec)")
	warnOnly := fs.Bool("check-warn", false, "report --check violations as warnings, and write the book anyway")
	teacher := fs.String("teacher", "", "also write the teacher edition, answers drawn on each puzzle, to `FILE`\n(the spec's 'teacher_edition: true' writes it beside the book as NAME-teacher.pdf)")
	coverFile := fs.String("cover", "", "also write the book's paperback cover to `FILE`, a PDF, as 'mazebook cover' draws it\n(with a teacher edition, its cover too, beside it as NAME-teacher-cover.pdf)")
	teacherCover := fs.String("teacher-cover", "", "also write the teacher edition's paperback cover to `FILE`, a PDF")
	volume := fs.Int("volume", 0, "of a spec with a series: build volume `N` alone")
	edition := fs.String("edition", "", "of a spec with editions: build the edition `NAME` alone")
	workers := fs.Int("jobs", 0, "of a catalogue: build `N` books at once (default: one for each core)")
	maxPages := fs.Int("max-pages", defaultMaxPages, "of a catalogue: refuse one of more than `N` pages, all its books together (0: no limit)")
	list := fs.Bool("list", false, "of a catalogue: print one command a line, each building one book and all its files, for a\nbatch engine (GNU parallel, a Kubernetes indexed Job, a CI matrix), and build nothing")
	index := fs.Int("index", -1, "of a catalogue: build book `N` of --list's lines alone (from 0, as a Kubernetes indexed Job's\nJOB_COMPLETION_INDEX), with all its files, without a shell")
	manifest := fs.Bool("manifest", false, "of a catalogue: write catalogue.csv and catalogue.json from the books already in the folder\n(made by the lines of --list), building none, and name those missing or not matching their spec")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	indexSet := false
	fs.Visit(func(f *flag.Flag) { indexSet = indexSet || f.Name == "index" })
	if *volume < 0 || *workers < 0 || *maxPages < 0 || indexSet && *index < 0 {
		return usagef("--volume, --index, --jobs and --max-pages are whole numbers")
	}
	variant := spec.Variant{Volume: *volume, Edition: *edition}
	// One spec is read once: a spec with a series or editions is a
	// catalogue, as are several specs and a folder.
	var sp *spec.Book
	isCatalogue := len(pos) > 1 || *list || indexSet || *manifest || len(pos) == 1 && isDir(pos[0])
	if !isCatalogue && len(pos) == 1 {
		if sp, err = readVariant(pos[0], variant); err != nil {
			return err
		}
		isCatalogue = variant == (spec.Variant{}) && len(sp.Variants()) > 1
	}
	if isCatalogue {
		if variant != (spec.Variant{}) {
			return usagef("--volume and --edition choose one book of one spec: give one spec")
		}
		for name, set := range map[string]bool{"--svg": *svgDir != "", "--teacher": *teacher != "", "--cover": *coverFile != "", "--teacher-cover": *teacherCover != "",
			"--seed": *seed != "", "--page": *page != "", "--check": *check != "", "--check-warn": *warnOnly} {
			if set {
				return usagef("%s is for one book; a catalogue's books follow their specs (build one with --volume and --edition to use it)", name)
			}
		}
		modes := 0
		for _, set := range []bool{*list, indexSet, *manifest} {
			if set {
				modes++
			}
		}
		if modes > 1 {
			return usagef("choose one of --list, --index and --manifest")
		}
		if len(pos) == 0 {
			return usagef("--list, --index and --manifest are for a catalogue: give its specs or its folder")
		}
		c := catalogueRun{paths: pos, dir: *out, workers: *workers, maxPages: *maxPages, quiet: *quiet, list: *list, manifest: *manifest, index: -1}
		if indexSet {
			c.index = *index
		}
		return c.run(ctx, e)
	}
	start := time.Now()

	outFlag := "-o"
	if *out == "" {
		outFlag = "the output"
	}
	if len(pos) == 0 {
		sp, err = spec.ParseFS("default.yaml (built in)", templates.Default(), nil) // it reads no file
		if *out == "" {
			*out = "mazebook.pdf"
		}
	} else if *out == "" {
		name, err := bookName(pos[0])
		if err != nil {
			return err
		}
		if v := variant.String(); v != "" {
			name += "-" + v
		}
		*out = name + ".pdf"
	}
	if err != nil {
		return err
	}
	if *seed != "" {
		if err := overrideSeed(sp, *seed); err != nil {
			return err
		}
	}
	if *page != "" {
		if err := sp.SetPageSize(*page); err != nil {
			return usagef("--page: %v", err)
		}
	}
	if *check == "" {
		*check = sp.Preset
	}
	if *check != "" && *check != "kdp" {
		return usagef("--check %q is unknown (known: kdp)", *check)
	}
	if sp.TeacherEdition && *teacher == "" {
		if *out == "-" || !isRegularOrNew(*out) {
			return usagef("the spec asks for a teacher edition, which is written beside the book; the book goes to %s, so name the teacher edition with --teacher FILE", *out)
		}
		*teacher = strings.TrimSuffix(*out, filepath.Ext(*out)) + "-teacher.pdf"
	}
	if *teacherCover != "" && *teacher == "" {
		return usagef("--teacher-cover: the book has no teacher edition (give --teacher FILE, or teacher_edition: true in the spec)")
	}
	if *coverFile != "" && *teacher != "" && *teacherCover == "" {
		if *teacher == "-" || !isRegularOrNew(*teacher) {
			return usagef("--cover: the teacher edition's cover is written beside the teacher edition, which goes to %s, so name it with --teacher-cover FILE", *teacher)
		}
		*teacherCover = strings.TrimSuffix(*teacher, filepath.Ext(*teacher)) + "-cover.pdf"
	}
	for _, c := range []struct{ flag, name string }{{"--cover", *coverFile}, {"--teacher-cover", *teacherCover}} {
		if c.name != "" && c.name != "-" && !strings.EqualFold(filepath.Ext(c.name), ".pdf") && isRegularOrNew(c.name) {
			return usagef("%s %s: a cover for the press is a PDF: name it .pdf ('mazebook cover' draws SVG and PNG previews)", c.flag, c.name)
		}
	}

	// Every destination is checked, and its temporary file made, before
	// any work is done.
	outs := e.batch()
	defer outs.Abort()
	if len(pos) == 1 {
		specInputs(outs, pos[0], sp)
	}
	// The folders of the outputs are made when missing (and removed
	// again if the build fails), as a batch engine's commands need.
	for _, o := range []struct{ flag, name string }{{outFlag, *out}, {"--teacher", *teacher}, {"--cover", *coverFile}, {"--teacher-cover", *teacherCover}} {
		if err := makeFolder(outs, o.flag, o.name); err != nil {
			return err
		}
	}
	bookOut, err := outs.Create(outFlag, *out)
	if err != nil {
		return err
	}
	var teacherOut, coverOut, teacherCoverOut *files.Output
	if *teacher != "" {
		if teacherOut, err = outs.Create("--teacher", *teacher); err != nil {
			return err
		}
	}
	if *coverFile != "" {
		if coverOut, err = outs.Create("--cover", *coverFile); err != nil {
			return err
		}
	}
	if *teacherCover != "" {
		if teacherCoverOut, err = outs.Create("--teacher-cover", *teacherCover); err != nil {
			return err
		}
	}
	if *svgDir != "" {
		if err := outs.Dir("--svg", *svgDir, svgPages); err != nil {
			return err
		}
	}

	progress := newProgress(e, *quiet, "building "+*out)
	book, err := layout.Make(sp, layout.Options{Context: ctx, Progress: progress.update})
	if err != nil {
		progress.clear()
		return specOrFailure(err)
	}
	var svgOuts []*files.Output
	if *svgDir != "" {
		for i := range book.Plan.Pages {
			o, err := outs.Page("--svg", *svgDir, fmt.Sprintf("page-%03d.svg", i+1))
			if err != nil {
				progress.clear()
				return err
			}
			svgOuts = append(svgOuts, o)
		}
	}
	pdfData, violations, err := render(ctx, book, pdfMetadata(sp), svgOuts)
	progress.clear()
	if err != nil {
		return err
	}
	if err := checkRules(e, *check, *out, violations, *warnOnly || sp.CheckWarnOnly, buildHint); err != nil {
		return err
	}
	if _, err := bookOut.Write(pdfData); err != nil {
		return err
	}
	warnings := book.Warnings()
	if teacherOut != nil {
		progress := newProgress(e, *quiet, "building "+*teacher)
		tb, err := layout.Make(sp, layout.Options{Context: ctx, Edition: plan.Teacher, Progress: progress.update})
		if err != nil {
			progress.clear()
			return specOrFailure(err)
		}
		meta := renderpkg.Metadata(sp, plan.Teacher, creator())
		data, violations, err := render(ctx, tb, meta, nil)
		progress.clear()
		if err != nil {
			return err
		}
		if err := checkRules(e, *check, *teacher, violations, *warnOnly || sp.CheckWarnOnly, buildHint); err != nil {
			return err
		}
		if _, err := teacherOut.Write(data); err != nil {
			return err
		}
		for _, w := range tb.Warnings() {
			if !slices.Contains(warnings, w) {
				warnings = append(warnings, w+" (in the teacher edition)")
			}
		}
	}
	// The covers, as a catalogue draws them.
	for _, c := range []struct {
		out  *files.Output
		ed   plan.Edition
		name string
	}{{coverOut, plan.Student, *coverFile}, {teacherCoverOut, plan.Teacher, *teacherCover}} {
		if c.out == nil {
			continue
		}
		cf, err := catalogue.CoverPDF(sp, c.ed, creator(), *check == "kdp", *warnOnly || sp.CheckWarnOnly)
		if err != nil {
			return specOrFailure(err)
		}
		if err := checkRules(e, *check, c.name, cf.Violations, *warnOnly || sp.CheckWarnOnly, buildHint); err != nil {
			return err
		}
		if _, err := c.out.Write(cf.PDF); err != nil {
			return err
		}
		warnings = append(warnings, cf.Warnings...)
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintln(e.stderr, "warning: "+w)
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "wrote %s: %s on %s in %.1fs\n", *out, count(len(book.Mazes), "maze", "mazes"), count(len(book.Plan.Pages), "page", "pages"), time.Since(start).Seconds())
		if teacherOut != nil {
			fmt.Fprintf(e.stderr, "wrote %s: the teacher edition\n", *teacher)
		}
		if coverOut != nil {
			fmt.Fprintf(e.stderr, "wrote %s: the cover\n", *coverFile)
		}
		if teacherCoverOut != nil {
			fmt.Fprintf(e.stderr, "wrote %s: the teacher edition's cover\n", *teacherCover)
		}
		if note := answersNote(book); note != "" {
			fmt.Fprintln(e.stderr, note)
		}
		for _, note := range book.Plan.TurnNotes() {
			fmt.Fprintln(e.stderr, "note: "+note)
		}
		if len(pos) == 1 {
			for _, note := range specNotes(sp) {
				fmt.Fprintln(e.stderr, "note: "+note)
			}
		}
	}
	return nil
}

// makeFolder makes the missing folders of an output named by flag (none
// for "-" or ""), through the batch, which removes them again if it is
// aborted. Another process may make them at the same time (the commands
// of a batch engine, started at once on a new folder): a folder found
// made meanwhile is taken as it is, and one removed meanwhile (by a
// build that failed) is made again.
func makeFolder(b *files.Batch, flag, name string) error {
	if name == "" || name == "-" {
		return nil
	}
	dir := filepath.Dir(name)
	for try := 0; ; try++ {
		if _, err := os.Stat(dir); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return nil // there, or a problem Create says
		}
		err := b.Dir(flag, dir, files.StalePages{})
		if err == nil || !errors.Is(err, fs.ErrExist) && !errors.Is(err, fs.ErrNotExist) || try == maxFolderTries {
			return err
		}
	}
}

// maxFolderTries is how many times makeFolder looks again at a folder
// another process made while it made it: once for each of its parents.
const maxFolderTries = 64

// defaultMaxPages is the most pages a catalogue makes unless --max-pages
// says otherwise: a thousand books of a hundred pages, about a hundred
// minutes on two cores.
const defaultMaxPages = 100_000

// buildHint is how to build a book that breaks its preset's rules.
const buildHint = "use --check-warn to write the book anyway"

// answersNote says, for each section whose answers the key holds fewer
// of on a page than the spec asks, how many and why; or nothing.
func answersNote(b *layout.Book) string {
	var notes []string
	for _, n := range b.Plan.AnswerNotes() {
		notes = append(notes, "note: "+n.String())
	}
	return strings.Join(notes, "\n")
}

// render draws every page of a book into a PDF (and into SVG files, one
// per page, when svgOuts is not nil) with render.PDF, the code the studio
// calls too, stopping between pages when ctx is done. It returns the PDF
// and the print rules it breaks.
func render(ctx context.Context, b *layout.Book, meta pdf.Metadata, svgOuts []*files.Output) ([]byte, []kdp.Violation, error) {
	page := func(i int, p *display.Page) error {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if svgOuts != nil {
			return svg.Write(svgOuts[i], *p)
		}
		return nil
	}
	data, v, err := renderpkg.PDF(b, meta, page)
	if err != nil {
		return nil, nil, specOrFailure(err)
	}
	return data, v, nil
}

// checkRules reports the rules of preset check that a book written to name
// breaks: as the error that stops the build, ending with hint, or as a
// warning when warnOnly is set. With no preset it does nothing.
func checkRules(e *env, check, name string, v []kdp.Violation, warnOnly bool, hint string) error {
	if check == "" || len(v) == 0 {
		return nil
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "%s breaks %d print-on-demand (%s) rule(s):", name, len(v), check)
	for _, x := range v {
		fmt.Fprintf(&msg, "\n  %s", x)
	}
	if !warnOnly {
		return checkError{msg.String() + "\n(" + hint + ")"}
	}
	fmt.Fprintln(e.stderr, "warning: "+msg.String())
	return nil
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
		return usagef("--seed must be a whole number from 0 to 18446744073709551615, not %q", s)
	}
	sp.Seed = v
	return nil
}

func pdfMetadata(sp *spec.Book) pdf.Metadata {
	return renderpkg.Metadata(sp, plan.Student, creator())
}

// creator names this program in the files it writes.
func creator() string { return "mazebook " + version }

// checkError is a book that breaks the rules it was checked against: a
// failure (exit code 1), with every violation listed.
type checkError struct{ msg string }

func (e checkError) Error() string { return e.msg }
