package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/layout"
	"mazebook/layout/bookfiles"
	"mazebook/layout/display"
	renderpkg "mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/templates"
)

func runBuild(ctx context.Context, e *env, args []string) error {
	o, pos, err := parseBuildFlags(e, args)
	if err != nil {
		return err
	}
	// One spec is read once: a spec with a series or editions is a
	// catalogue, as are several specs and a folder.
	var sp *spec.Book
	isCatalogue := len(pos) > 1 || o.list || o.index >= 0 || o.manifest || len(pos) == 1 && isDir(pos[0])
	if !isCatalogue && len(pos) == 1 {
		if sp, err = readVariant(pos[0], o.variant); err != nil {
			return err
		}
		isCatalogue = o.variant == (spec.Variant{}) && len(sp.Variants()) > 1
	}
	if isCatalogue {
		return o.catalogue(ctx, e, pos)
	}
	if o.unique {
		return usagef("--unique is for a catalogue: it keeps one book's mazes out of the books before it")
	}
	return o.book(ctx, e, pos, sp)
}

// buildOptions are the flags of 'mazebook build', read.
type buildOptions struct {
	out, svgDir, seed, page, check string
	redraw                         string
	quiet, warnOnly                bool
	// teacher, cover and teacherCover are the files of the teacher
	// edition and the covers, "" for none.
	teacher, cover, teacherCover string
	variant                      spec.Variant
	// Of a catalogue.
	workers, maxPages int
	list, manifest    bool
	index             int // -1 without --index
	unique            bool
}

// parseBuildFlags reads the flags of 'mazebook build' and its
// positional arguments.
func parseBuildFlags(e *env, args []string) (*buildOptions, []string, error) {
	fs := newFlags(e, "build", "[SPEC... | FOLDER...] [flags]", "Build the maze book SPEC describes: puzzle pages, then the answer key, as one PDF.\nWithout SPEC, build a small default book into mazebook.pdf.\n\nGiven several specs, a folder of specs, or a spec with a series or editions, build the\nwhole catalogue: every book, in parallel, into the folder -o names (default: here), with\ncatalogue.csv and catalogue.json listing each book, its files and their checksums. A book\nthat fails does not stop the others; the exit code says whether all were built.")
	o := &buildOptions{}
	fs.StringVar(&o.out, "o", "", "write the PDF to `FILE` (default: the spec's name with .pdf, or mazebook.pdf; - for standard output)")
	fs.StringVar(&o.svgDir, "svg", "", "also write one SVG per page into `DIR` (page-001.svg, ...), replacing the pages of an earlier build")
	fs.StringVar(&o.seed, "seed", "", "use seed `N` instead of the spec's")
	fs.StringVar(&o.redraw, "redraw", "", "draw mazes again, as --unique draws a maze that repeats another book's: `N:A,...` draws\nmaze N (from 1, in the plan's order) from attempt A (the lines of --list --unique pass it)")
	fs.StringVar(&o.page, "page", "", "use page `SIZE` instead of the spec's page.size (a4, letter, 6x9in, 210mm x 297mm, ...)")
	fs.BoolVar(&o.quiet, "quiet", false, "print nothing but errors")
	fs.BoolVar(&o.quiet, "q", false, "short for --quiet")
	fs.StringVar(&o.check, "check", "", "check the book against a print preset's rules: `kdp` (also set by 'preset: kdp' in the spec)")
	fs.BoolVar(&o.warnOnly, "check-warn", false, "report --check violations as warnings, and write the book anyway")
	fs.StringVar(&o.teacher, "teacher", "", "also write the teacher edition, answers drawn on each puzzle, to `FILE`\n(the spec's 'teacher_edition: true' writes it beside the book as NAME-teacher.pdf)")
	fs.StringVar(&o.cover, "cover", "", "also write the book's paperback cover to `FILE`, a PDF, as 'mazebook cover' draws it\n(with a teacher edition, its cover too, beside it as NAME-teacher-cover.pdf)")
	fs.StringVar(&o.teacherCover, "teacher-cover", "", "also write the teacher edition's paperback cover to `FILE`, a PDF")
	fs.IntVar(&o.variant.Volume, "volume", 0, "of a spec with a series: build volume `N` alone")
	fs.StringVar(&o.variant.Edition, "edition", "", "of a spec with editions: build the edition `NAME` alone")
	fs.IntVar(&o.workers, "jobs", 0, "of a catalogue: build `N` books at once (default: one for each core)")
	fs.IntVar(&o.maxPages, "max-pages", defaultMaxPages, "of a catalogue: refuse one of more than `N` pages, all its books together (0: no limit)")
	fs.BoolVar(&o.list, "list", false, "of a catalogue: print one command a line, each building one book and all its files, for a\nbatch engine (GNU parallel, a Kubernetes indexed Job, a CI matrix), and build nothing")
	fs.BoolVar(&o.unique, "unique", false, "of a catalogue: draw again, reproducibly, each maze that repeats a maze of a book before it\n(the same with --list, whose lines pass the redraws, --index and --manifest)")
	fs.IntVar(&o.index, "index", -1, "of a catalogue: build book `N` of --list's lines alone (from 0, as a Kubernetes indexed Job's\nJOB_COMPLETION_INDEX), with all its files, without a shell")
	fs.BoolVar(&o.manifest, "manifest", false, "of a catalogue: write catalogue.csv and catalogue.json from the books already in the folder\n(made by the lines of --list), building none, and name those missing or not matching their spec")
	pos, err := parse(fs, args)
	if err != nil {
		return nil, nil, err
	}
	indexSet := false
	fs.Visit(func(f *flag.Flag) { indexSet = indexSet || f.Name == "index" })
	if o.variant.Volume < 0 || o.workers < 0 || o.maxPages < 0 || indexSet && o.index < 0 {
		return nil, nil, usagef("--volume, --index, --jobs and --max-pages are whole numbers")
	}
	return o, pos, nil
}

// catalogue builds, lists or surveys the catalogue of the specs and
// folders of pos.
func (o *buildOptions) catalogue(ctx context.Context, e *env, pos []string) error {
	if o.variant != (spec.Variant{}) {
		return usagef("--volume and --edition choose one book of one spec: give one spec")
	}
	for name, set := range map[string]bool{"--svg": o.svgDir != "", "--teacher": o.teacher != "", "--cover": o.cover != "", "--teacher-cover": o.teacherCover != "",
		"--seed": o.seed != "", "--redraw": o.redraw != "", "--page": o.page != "", "--check": o.check != "", "--check-warn": o.warnOnly} {
		if set {
			return usagef("%s is for one book; a catalogue's books follow their specs (build one with --volume and --edition to use it)", name)
		}
	}
	modes := 0
	for _, set := range []bool{o.list, o.index >= 0, o.manifest} {
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
	c := catalogueRun{paths: pos, dir: o.out, workers: o.workers, maxPages: o.maxPages, quiet: o.quiet, list: o.list, manifest: o.manifest, index: o.index, unique: o.unique}
	return c.run(ctx, e)
}

// book builds one book, the spec sp read from pos[0] (or the default
// book without one), and the files the options and the spec ask for
// beside it: all of them, or none.
func (o *buildOptions) book(ctx context.Context, e *env, pos []string, sp *spec.Book) error {
	start := time.Now()
	sp, outFlag, err := o.settle(pos, sp)
	if err != nil {
		return err
	}
	// Every destination is checked, and its temporary file made, before
	// any work is done.
	outs := e.batch()
	defer outs.Abort()
	if len(pos) == 1 {
		specInputs(outs, pos[0], sp)
	}
	dest, err := o.create(outs, outFlag)
	if err != nil {
		return err
	}
	book, warnings, err := o.write(ctx, e, sp, outs, dest)
	if err != nil {
		return err
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
	if o.quiet {
		return nil
	}
	removed, kept := outs.Removed()
	if len(removed) > 0 {
		fmt.Fprintf(e.stderr, "removed %s of an earlier, longer build: %s\n", say.Plural(len(removed), "%d page", "%d pages"), strings.Join(removed, ", "))
	}
	if len(kept) > 0 {
		fmt.Fprintf(e.stderr, "kept %s of an earlier, longer build, as the spec reads it: %s\n", say.Plural(len(kept), "%d page", "%d pages"), strings.Join(kept, ", "))
	}
	fmt.Fprintf(e.stderr, "wrote %s: %s on %s in %.1fs\n", o.out, say.Plural(len(book.Mazes), "%d maze", "%d mazes"), say.Plural(len(book.Plan.Pages), "%d page", "%d pages"), time.Since(start).Seconds())
	for _, f := range []struct{ name, what string }{{o.teacher, "the teacher edition"}, {o.cover, "the cover"}, {o.teacherCover, "the teacher edition's cover"}} {
		if f.name != "" {
			fmt.Fprintf(e.stderr, "wrote %s: %s\n", f.name, f.what)
		}
	}
	if note := answersNote(book); note != "" {
		fmt.Fprintln(e.stderr, note)
	}
	for _, note := range append(book.Plan.TurnNotes(), book.Plan.FillNotes()...) {
		fmt.Fprintln(e.stderr, "note: "+note)
	}
	if len(pos) == 1 {
		for _, note := range specNotes(sp) {
			fmt.Fprintln(e.stderr, "note: "+note)
		}
	}
	return nil
}

// settle gives the book its spec (the default one without pos), its
// seed and page as the flags change them, and its files their names: the
// book's (named in messages by the flag it returns), and the teacher
// edition's and the covers' beside it when the spec or --cover asks for
// them unnamed.
func (o *buildOptions) settle(pos []string, sp *spec.Book) (*spec.Book, string, error) {
	outFlag := "-o"
	if o.out == "" {
		outFlag = "the output"
	}
	var err error
	if len(pos) == 0 {
		sp, err = specOptions().ParseFS("default.yaml (built in)", templates.Default(), nil) // it reads no file
		if err != nil {
			return nil, "", err
		}
		if o.out == "" {
			o.out = "mazebook.pdf"
		}
	} else if o.out == "" {
		name, err := bookName(pos[0])
		if err != nil {
			return nil, "", err
		}
		if v := o.variant.String(); v != "" {
			name += "-" + v
		}
		o.out = name + ".pdf"
	}
	if o.seed != "" {
		if err := overrideSeed(sp, o.seed); err != nil {
			return nil, "", err
		}
	}
	if o.redraw != "" {
		r, err := parseRedraws(o.redraw)
		if err != nil {
			return nil, "", err
		}
		sp.Redraws = r
	}
	if o.page != "" {
		if err := sp.SetPageSize(o.page); err != nil {
			return nil, "", usagef("--page: %v", err)
		}
	}
	if o.check == "" {
		o.check = sp.Preset
	}
	if o.check != "" && o.check != "kdp" {
		return nil, "", usagef("--check %q is unknown (known: kdp)", o.check)
	}
	o.warnOnly = o.warnOnly || sp.CheckWarnOnly
	if sp.TeacherEdition && o.teacher == "" {
		if o.out == "-" || !isRegularOrNew(o.out) {
			return nil, "", usagef("the spec asks for a teacher edition, which is written beside the book; the book goes to %s, so name the teacher edition with --teacher FILE", o.out)
		}
		o.teacher = strings.TrimSuffix(o.out, filepath.Ext(o.out)) + "-teacher.pdf"
	}
	if o.teacherCover != "" && o.teacher == "" {
		return nil, "", usagef("--teacher-cover: the book has no teacher edition (give --teacher FILE, or teacher_edition: true in the spec)")
	}
	if o.cover != "" && o.teacher != "" && o.teacherCover == "" {
		if o.teacher == "-" || !isRegularOrNew(o.teacher) {
			return nil, "", usagef("--cover: the teacher edition's cover is written beside the teacher edition, which goes to %s, so name it with --teacher-cover FILE", o.teacher)
		}
		o.teacherCover = strings.TrimSuffix(o.teacher, filepath.Ext(o.teacher)) + "-cover.pdf"
	}
	for _, c := range []struct{ flag, name string }{{"--cover", o.cover}, {"--teacher-cover", o.teacherCover}} {
		if c.name != "" && c.name != "-" && !strings.EqualFold(filepath.Ext(c.name), ".pdf") && isRegularOrNew(c.name) {
			return nil, "", usagef("%s %s: a cover for the press is a PDF: name it .pdf ('mazebook cover' draws SVG and PNG previews)", c.flag, c.name)
		}
	}
	return sp, outFlag, nil
}

// bookFiles are the files one build writes: the book, and its teacher
// edition and covers when asked for (nil when not).
type bookFiles struct {
	book, teacher, cover, teacherCover *files.Output
}

// create creates, through outs, every file the build writes, their
// folders made when missing.
func (o *buildOptions) create(outs *files.Batch, outFlag string) (bookFiles, error) {
	var f bookFiles
	// The folders of the outputs are made when missing (and removed
	// again if the build fails), as a batch engine's commands need.
	for _, out := range []struct{ flag, name string }{{outFlag, o.out}, {"--teacher", o.teacher}, {"--cover", o.cover}, {"--teacher-cover", o.teacherCover}} {
		if err := makeFolder(outs, out.flag, out.name); err != nil {
			return f, err
		}
	}
	var err error
	if f.book, err = outs.Create(outFlag, o.out); err != nil {
		return f, err
	}
	for _, c := range []struct {
		dst        **files.Output
		flag, name string
	}{{&f.teacher, "--teacher", o.teacher}, {&f.cover, "--cover", o.cover}, {&f.teacherCover, "--teacher-cover", o.teacherCover}} {
		if c.name == "" {
			continue
		}
		if *c.dst, err = outs.Create(c.flag, c.name); err != nil {
			return f, err
		}
	}
	if o.svgDir != "" {
		if err := outs.Dir("--svg", o.svgDir, svgPages); err != nil {
			return f, err
		}
	}
	return f, nil
}

// write makes the book sp describes and writes it, its SVG pages, its
// teacher edition and its covers into dest, each checked against the
// preset's rules (see bookfiles.Make). It returns the book made and its
// warnings.
func (o *buildOptions) write(ctx context.Context, e *env, sp *spec.Book, outs *files.Batch, dest bookFiles) (*layout.Book, []string, error) {
	var svgPage renderpkg.PageFunc
	var outErr error // an SVG page that cannot be written, said as it is
	if o.svgDir != "" {
		svgPage = func(i int, p *display.Page) error {
			w, err := outs.Page("--svg", o.svgDir, fmt.Sprintf("page-%03d.svg", i+1))
			if err != nil {
				outErr = err
				return err
			}
			return svg.Write(w, *p)
		}
	}
	// The files in the order bookfiles makes them, each with its output.
	type file struct {
		out  *files.Output
		name string
	}
	byKind := map[bookfiles.Kind]file{bookfiles.Interior: {dest.book, o.out}, bookfiles.Teacher: {dest.teacher, o.teacher},
		bookfiles.Cover: {dest.cover, o.cover}, bookfiles.TeacherCover: {dest.teacherCover, o.teacherCover}}
	var kinds []bookfiles.Kind
	for _, k := range []bookfiles.Kind{bookfiles.Interior, bookfiles.Teacher, bookfiles.Cover, bookfiles.TeacherCover} {
		if byKind[k].out != nil {
			kinds = append(kinds, k)
		}
	}
	// One progress line for each edition's mazes.
	var progress *progress
	shown := bookfiles.Kind(-1)
	made, err := bookfiles.Make(sp, bookfiles.Options{
		Context: ctx, Creator: creator(), Kinds: kinds, Check: o.check, WarnOnly: o.warnOnly,
		Name: func(k bookfiles.Kind) string { return byKind[k].name },
		Progress: func(k bookfiles.Kind, done, total int) {
			if k != shown {
				if progress != nil {
					progress.clear()
				}
				progress, shown = newProgress(e, o.quiet, "building "+byKind[k].name), k
			}
			progress.update(done, total)
		},
		Page: svgPage,
	})
	if progress != nil {
		progress.clear()
	}
	if outErr != nil {
		return nil, nil, outErr
	}
	if err != nil {
		return nil, nil, refused(err, buildHint)
	}
	for _, b := range made.Broken {
		fmt.Fprintln(e.stderr, "warning: "+b.Error())
	}
	for _, f := range made.Files {
		if _, err := byKind[f.Kind].out.Write(f.Data); err != nil {
			return nil, nil, err
		}
	}
	return made.Get(bookfiles.Interior).Book, made.Warnings, nil
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

// refused makes an error of bookfiles.Make said: a file that breaks its
// preset's rules a failure (exit code 1) ending with hint, how to write
// it anyway; spec errors usage errors (see specOrFailure).
func refused(err error, hint string) error {
	var broken *bookfiles.RulesError
	if errors.As(err, &broken) {
		return checkError{broken.Error() + "\n(" + hint + ")"}
	}
	return specOrFailure(err)
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

// parseRedraws reads the value of --redraw: N:A pairs, by commas, maze
// N (from 1) drawn from attempt A (from 1), each maze once.
func parseRedraws(s string) (map[int]int, error) {
	out := map[int]int{}
	for _, pair := range strings.Split(s, ",") {
		n, a, ok := strings.Cut(pair, ":")
		num, err1 := strconv.Atoi(n)
		at, err2 := strconv.Atoi(a)
		if !ok || err1 != nil || err2 != nil || num < 1 || at < 1 {
			return nil, usagef("--redraw takes N:A pairs, by commas (maze N, from 1, drawn from attempt A, from 1), not %q", pair)
		}
		if _, dup := out[num-1]; dup {
			return nil, usagef("--redraw names maze %d twice", num)
		}
		out[num-1] = at
	}
	return out, nil
}

// formatRedraws writes redraws (see spec.Book.Redraws) as --redraw reads
// them, by maze.
func formatRedraws(r map[int]int) string {
	var pairs []string
	for _, i := range slices.Sorted(maps.Keys(r)) {
		pairs = append(pairs, fmt.Sprintf("%d:%d", i+1, r[i]))
	}
	return strings.Join(pairs, ",")
}

// creator names this program in the files it writes.
func creator() string { return "mazebook " + version }

// checkError is a book that breaks the rules it was checked against: a
// failure (exit code 1), with every violation listed.
type checkError struct{ msg string }

func (e checkError) Error() string { return e.msg }
