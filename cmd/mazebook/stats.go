package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"mazebook/layout"
)

func runStats(e *env, args []string) error {
	fs := newFlags(e, "stats", "SPEC [flags]", "Build the mazes of SPEC and print one row per maze: page, number, section, algorithm,\nwidth, height, level, score, solution_length, turns, decisions, dead_ends, solver_steps.\nNo book is written.")
	asCSV := fs.Bool("csv", false, "print CSV instead of a table")
	asJSON := fs.Bool("json", false, "print a JSON array instead of a table")
	chart := fs.String("chart", "", "also draw the book's difficulty curve to `FILE` (.svg, .pdf or .png)")
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("mazebook stats: give one spec file (see 'mazebook stats --help')")
	}
	if *asCSV && *asJSON {
		return usagef("mazebook stats: choose --csv or --json, not both")
	}
	ext := strings.ToLower(filepath.Ext(*chart))
	if *chart != "" {
		if ext != ".svg" && ext != ".pdf" && ext != ".png" {
			return usagef("mazebook stats: --chart %s: the chart is written as .svg, .pdf or .png", *chart)
		}
	}
	spec, err := readSpec(pos[0])
	if err != nil {
		return err
	}
	var outs *outputs
	var chartOut *output
	if *chart != "" {
		outs = newOutputs(e, "stats")
		defer outs.abort()
		outs.input(pos[0])
		if chartOut, err = outs.add("--chart", *chart); err != nil {
			return err
		}
	}
	if *seed != "" {
		if err := overrideSeed(spec, *seed); err != nil {
			return err
		}
	}
	book, err := layout.Make(spec, layout.Options{})
	if err != nil {
		return specOrFailure(err)
	}
	rows := book.Stats()
	if *chart != "" {
		title := "Difficulty of each maze"
		if spec.Title != "" {
			title = spec.Title + ": difficulty of each maze"
		}
		data, err := renderPage(ext, layout.Chart(title, rows), title, 150)
		if err != nil {
			return err
		}
		if _, err := chartOut.Write(data); err != nil {
			return err
		}
		if err := outs.commit(); err != nil {
			return err
		}
	}
	switch {
	case *asCSV:
		err = layout.WriteStatsCSV(e.stdout, rows)
	case *asJSON:
		err = printJSON(e.stdout, rows)
	default:
		err = layout.WriteStatsTable(e.stdout, rows)
	}
	if err != nil {
		return fmt.Errorf("mazebook stats: %w", err)
	}
	return nil
}
