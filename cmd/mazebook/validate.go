package main

import (
	"fmt"

	"mazebook/layout"
)

func runValidate(e *env, args []string) error {
	fs := newFlags(e, "validate", "SPEC", "Check SPEC and report every problem, with its line and column, without building.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("mazebook validate: give one spec file (see 'mazebook validate --help')")
	}
	spec, err := readSpec(pos[0])
	if err != nil {
		return err
	}
	plan, err := layout.MakePlan(spec)
	if err != nil {
		return specOrFailure(err)
	}
	fmt.Fprintf(e.stdout, "%s: ok: %d mazes on %d pages\n", pos[0], len(plan.Mazes), len(plan.Pages))
	return nil
}
