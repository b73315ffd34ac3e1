package main

import (
	"fmt"

	"mazebook/layout"
)

func runValidate(e *env, args []string) error {
	fs := newFlags(e, "validate", "SPEC", "Check SPEC and report every problem, with its line and column: everything 'build' would\nrefuse the spec for (it makes the mazes and draws the pages, but writes nothing).")
	seed := fs.String("seed", "", "check with seed `N` instead of the spec's")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("mazebook validate: give one spec file (see 'mazebook validate --help')")
	}
	sp, err := readSpec(pos[0])
	if err != nil {
		return err
	}
	if *seed != "" {
		if err := overrideSeed(sp, *seed); err != nil {
			return err
		}
	}
	// The same work as build, but for writing: a spec validate accepts
	// builds, and one build refuses is refused here with the same words.
	book, err := layout.Make(sp, layout.Options{})
	if err != nil {
		return specOrFailure(err)
	}
	for i := range book.Plan.Pages {
		page, err := book.Page(i)
		if err == nil {
			err = page.Check()
		}
		if err != nil {
			return specOrFailure(fmt.Errorf("page %d: %w", i+1, err))
		}
	}
	fmt.Fprintf(e.stdout, "%s: ok: %s on %s\n", pos[0], count(len(book.Mazes), "maze", "mazes"), count(len(book.Plan.Pages), "page", "pages"))
	return nil
}
