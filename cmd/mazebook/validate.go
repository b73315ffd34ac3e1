package main

import (
	"context"
	"fmt"
	"math"
	"slices"

	"mazebook/layout"
	"mazebook/layout/plan"
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
	// A catalogue spec: each volume's and edition's keys read too.
	variants := sp.Variants()
	if len(variants) > 1 {
		for _, v := range variants {
			if _, err := readVariant(pos[0], v); err != nil {
				return err
			}
		}
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
	book, err := layout.Make(sp, layout.Options{Context: ctx})
	if err != nil {
		return specOrFailure(err)
	}
	_, violations, err := render(ctx, book, pdfMetadata(sp), nil)
	if err != nil {
		return err
	}
	if err := checkRules(e, *check, pos[0], violations, sp.CheckWarnOnly, "build --check-warn writes the book anyway"); err != nil {
		return err
	}
	warnings := book.Warnings()
	if sp.TeacherEdition {
		tb, err := layout.Make(sp, layout.Options{Context: ctx, Edition: plan.Teacher})
		if err != nil {
			return specOrFailure(err)
		}
		_, violations, err := render(ctx, tb, pdfMetadata(sp), nil)
		if err != nil {
			return err
		}
		if err := checkRules(e, *check, pos[0]+" (teacher edition)", violations, sp.CheckWarnOnly, "build --check-warn writes the book anyway"); err != nil {
			return err
		}
		for _, w := range tb.Warnings() {
			if !slices.Contains(warnings, w) {
				warnings = append(warnings, w+" (in the teacher edition)")
			}
		}
	}
	fmt.Fprintf(e.stdout, "%s: ok: %s on %s (about %s of memory to build)\n", pos[0], count(len(book.Mazes), "maze", "mazes"), count(len(book.Plan.Pages), "page", "pages"), megabytes(book.Plan.Cost().Bytes))
	if len(variants) > 1 {
		fmt.Fprintf(e.stdout, "%s: a catalogue of %d books, each volume's and edition's keys read (build them with 'mazebook build %s')\n", pos[0], len(variants), pos[0])
	}
	if note := answersNote(book); note != "" {
		fmt.Fprintln(e.stdout, note)
	}
	for _, note := range book.Plan.TurnNotes() {
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

// megabytes writes an amount of memory for people: "40 MB", "1.2 GB".
func megabytes(bytes float64) string {
	if bytes >= 1e9 {
		return fmt.Sprintf("%.1f GB", bytes/1e9)
	}
	return fmt.Sprintf("%.0f MB", math.Max(1, bytes/1e6))
}
