package main

import (
	"fmt"

	"mazebook/maze"
)

func runAlgorithms(e *env, args []string) error {
	fs := newFlags(e, "algorithms", "", "List the maze generators, one per line: name, then what it does.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("mazebook algorithms: unexpected argument %q", pos[0])
	}
	algs := maze.Algorithms()
	width := 0
	for _, a := range algs {
		width = max(width, len(a.Name))
	}
	for _, a := range algs {
		fmt.Fprintf(e.stdout, "%-*s  %s\n", width, a.Name, a.Description)
	}
	return nil
}
