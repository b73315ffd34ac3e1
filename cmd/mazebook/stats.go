package main

import (
	"context"
	"fmt"
	"strings"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/layout/format"
	"mazebook/layout/spec"
	"mazebook/layout/stats"
	"mazebook/layout/typeface"
)

func runStats(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "stats", "SPEC [flags]", "Build the mazes of SPEC and print one row per maze: "+strings.Join(stats.Header, ", ")+".\nNo book is written. Of a spec with a series or editions, measure the book --volume and --edition choose.")
	asCSV := fs.Bool("csv", false, "print CSV instead of a table")
	asJSON := fs.Bool("json", false, "print a JSON array instead of a table")
	chart := fs.String("chart", "", "also draw the book's difficulty curve to `FILE` (.svg, .pdf or .png)")
	chartBy := fs.String("chart-by", "score", "the `COLUMN` the chart's bars show: "+strings.Join(stats.ChartColumns(), ", "))
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	volume := fs.Int("volume", 0, "of a spec with a series: measure volume `N`")
	edition := fs.String("edition", "", "of a spec with editions: measure the edition `NAME`")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one spec file (see 'mazebook stats --help')")
	}
	if *volume < 0 {
		return usagef("--volume is a whole number")
	}
	if *asCSV && *asJSON {
		return usagef("choose --csv or --json, not both")
	}
	if !stats.ChartColumn(*chartBy) {
		return usagef("--chart-by %q is not a column a chart shows (%s)", *chartBy, strings.Join(stats.ChartColumns(), ", "))
	}
	var chartFormat format.Format
	if *chart != "" {
		var err error
		if chartFormat, err = format.ForFile(*chart, true); err != nil {
			return usagef("--chart %v", err)
		}
	}
	sp, err := readBook(pos[0], spec.Variant{Volume: *volume, Edition: *edition})
	if err != nil {
		return err
	}
	var outs *files.Batch
	var chartOut *files.Output
	if *chart != "" {
		outs = e.batch()
		defer outs.Abort()
		specInputs(outs, pos[0], sp)
		if chartOut, err = outs.Create("--chart", *chart); err != nil {
			return err
		}
	}
	if *seed != "" {
		if err := overrideSeed(sp, *seed); err != nil {
			return err
		}
	}
	book, err := layout.Make(sp, layout.Options{Context: ctx})
	if err != nil {
		return specOrFailure(err)
	}
	rows := stats.Rows(book)
	if len(rows) > 0 && *chart != "" {
		if _, ok := rows[0].Value(*chartBy); !ok {
			return usagef("--chart-by %q is not a column of this book, whose difficulty model names %s", *chartBy, strings.Join(rows[0].People(), ", "))
		}
	}
	if *chart != "" {
		words := stats.WordsFor(sp.Language)
		title, face := words.ChartTitle(sp.Title), sp.Fonts.Headings
		if len(face.Missing(title)) > 0 {
			// A title the book's headings font cannot set: no '?' in it.
			title, face = words.ChartTitle(""), typeface.Bold
		}
		pic := format.Picture{Page: stats.Chart(title, face, words, rows, *chartBy), Title: title, Creator: "mazebook " + version, Created: sp.Date, DPI: 150}
		if err := chartFormat.Write(chartOut, pic); err != nil {
			return err
		}
		if err := outs.Commit(); err != nil {
			return err
		}
	}
	switch {
	case *asCSV:
		err = stats.WriteCSV(e.stdout, rows)
	case *asJSON:
		err = printJSON(e.stdout, rows)
	default:
		// The rows, then what the candidate search bought, by section.
		if err = stats.WriteTable(e.stdout, rows); err == nil {
			fmt.Fprintln(e.stdout)
			err = stats.WriteSections(e.stdout, stats.Sections(rows))
		}
	}
	if err != nil {
		return err
	}
	return nil
}
