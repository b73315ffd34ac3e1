package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/bookfiles"
	"mazebook/layout/spec"
)

func runValidate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "validate", "SPEC", "Check SPEC and report every problem, with its line and column: everything 'build' would\nrefuse the spec for (it makes the mazes and draws the pages, but writes nothing).")
	seed := fs.String("seed", "", "check with seed `N` instead of the spec's")
	check := fs.String("check", "", "also check the book against a print preset's rules: `kdp` (also set by 'preset: kdp' in the spec)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one spec file (see 'mazebook validate --help')")
	}
	sp, err := readSpec(pos[0])
	if err != nil {
		return err
	}
	if variants := sp.Variants(); len(variants) > 1 {
		if *seed != "" {
			return usagef("--seed is for one book; %s makes %d (a series or editions), each with its own seed", pos[0], len(variants))
		}
		return validateCatalogue(ctx, e, pos[0], variants, *check)
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
		return usagef("--check %q is unknown (known: kdp)", *check)
	}
	// The same work as build, but for writing: a spec validate accepts
	// builds, and one build refuses is refused here with the same words.
	kinds := []bookfiles.Kind{bookfiles.Interior}
	if sp.TeacherEdition {
		kinds = append(kinds, bookfiles.Teacher)
	}
	made, err := bookfiles.Make(sp, bookfiles.Options{Context: ctx, Creator: creator(), Kinds: kinds, Check: *check, WarnOnly: sp.CheckWarnOnly, Name: bookfiles.Named(pos[0])})
	if err != nil {
		return refused(err, "build --check-warn writes the book anyway")
	}
	for _, b := range made.Broken {
		fmt.Fprintln(e.stderr, "warning: "+b.Error())
	}
	book, warnings := made.Get(bookfiles.Interior).Book, made.Warnings
	fmt.Fprintf(e.stdout, "%s: ok: %s on %s (about %s of memory to build)\n", pos[0], say.Plural(len(book.Mazes), "%d maze", "%d mazes"), say.Plural(len(book.Plan.Pages), "%d page", "%d pages"), megabytes(book.Plan.Cost().Bytes))
	if note := answersNote(book); note != "" {
		fmt.Fprintln(e.stdout, note)
	}
	for _, note := range append(book.Plan.TurnNotes(), book.Plan.FillNotes()...) {
		fmt.Fprintln(e.stdout, "note: "+note)
	}
	for _, note := range specNotes(sp) {
		fmt.Fprintln(e.stdout, "note: "+note)
	}
	for _, w := range warnings {
		fmt.Fprintln(e.stdout, "warning: "+w)
	}
	return nil
}

// validateCatalogue checks every book of a catalogue spec, each volume in
// each edition, as 'mazebook build' of the spec builds it: its interior,
// its teacher edition and its covers made (nothing written) and checked
// against the preset, or check. It says each book that passes, and
// returns every problem of every other, each after the flags that build
// that book alone.
func validateCatalogue(ctx context.Context, e *env, path string, variants []spec.Variant, check string) error {
	if check != "" && check != "kdp" {
		return usagef("--check %q is unknown (known: kdp)", check)
	}
	var problems []string
	specErrors := false
	for _, v := range variants {
		where := path + " " + variantFlags(v)
		sp, err := readVariant(path, v)
		if err != nil {
			specErrors = specErrors || isSpecErrors(err)
			problems = append(problems, where+": "+indent(err.Error()))
			continue
		}
		preset := check
		if preset == "" {
			preset = sp.Preset
		}
		made, err := bookfiles.Make(sp, bookfiles.Options{Context: ctx, Creator: creator(), Check: preset, WarnOnly: sp.CheckWarnOnly, Name: bookfiles.Named(where)})
		if err != nil {
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			if broken := (*bookfiles.RulesError)(nil); errors.As(err, &broken) {
				problems = append(problems, broken.Error())
				continue
			}
			specErrors = specErrors || isSpecErrors(specOrFailure(err))
			problems = append(problems, where+": "+indent(tell.ErrorIn("en", err)))
			continue
		}
		interior := made.Get(bookfiles.Interior)
		warnings := made.Warnings
		for _, b := range made.Broken {
			warnings = append(warnings, b.Error())
		}
		fmt.Fprintf(e.stdout, "%s: ok: %s on %s", where, say.Plural(len(interior.Book.Mazes), "%d maze", "%d mazes"), say.Plural(interior.Pages, "%d page", "%d pages"))
		if t := made.Get(bookfiles.Teacher); t != nil {
			fmt.Fprintf(e.stdout, ", its teacher edition on %d", t.Pages)
		}
		if made.Get(bookfiles.Cover) != nil {
			fmt.Fprint(e.stdout, ", with its cover")
		}
		fmt.Fprintln(e.stdout)
		for _, w := range warnings {
			fmt.Fprintln(e.stdout, "warning: "+w)
		}
	}
	if len(problems) > 0 {
		err := fmt.Errorf("%d of %d books of %s would not be built:\n%s", len(problems), len(variants), path, strings.Join(problems, "\n"))
		if specErrors {
			return usageError{err}
		}
		return checkError{err.Error()}
	}
	fmt.Fprintf(e.stdout, "%s: ok: all %d books (build them with 'mazebook build %s')\n", path, len(variants), path)
	return nil
}

// indent indents the lines of a message after its first.
func indent(msg string) string { return strings.ReplaceAll(msg, "\n", "\n  ") }

// megabytes writes an amount of memory for people: "40 MB", "1.2 GB".
func megabytes(bytes float64) string {
	if bytes >= 1e9 {
		return fmt.Sprintf("%.1f GB", bytes/1e9)
	}
	return fmt.Sprintf("%.0f MB", math.Max(1, bytes/1e6))
}
