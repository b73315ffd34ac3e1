package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"mazebook/files"
	"strings"
	"text/tabwriter"

	"mazebook/maze"
	"mazebook/study"
)

func runCalibrate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "calibrate", "FILE... [flags]",
		"Read study files (written by 'mazebook play --study' and 'mazebook serve --study'), make each maze\n"+
			"again from its recipe, and report how well the difficulty score and each of its parts rank the\n"+
			"recorded solving times (Spearman, per-person standardised times, with 95% bootstrap intervals\n"+
			"over mazes), how reliable the people's data is (split-half), and the model's weights fitted to\n"+
			"the times. -o writes the fitted model as a file a spec names with difficulty_model: FILE.\n"+
			"Nothing is sent anywhere.")
	out := fs.String("o", "", "write the fitted difficulty model to `FILE` (.yaml)")
	name := fs.String("name", "", "the fitted setting's `NAME` (default: the model file's name, or fitted)")
	base := fs.String("person", "older", "the built-in setting whose sight and pull the fit keeps: young or older")
	resamples := fs.Int("resamples", 1000, "bootstrap resamples over mazes")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("give one or more study files (see 'mazebook calibrate --help')")
	}
	person, err := maze.LookupPerson(*base)
	if err != nil {
		return usagef("--person: %v", err)
	}
	if *resamples < 100 || *resamples > 100000 {
		return usagef("--resamples must be from 100 to 100000, not %d", *resamples)
	}
	if *name == "" {
		*name = "fitted"
		if *out != "" {
			*name = modelName(*out)
		}
	}
	if !study.ValidParticipant(*name) {
		return usagef("--name %q must be a word of letters, digits, '-' or '_'", *name)
	}
	var outs *files.Batch
	var modelOut *files.Output
	if *out != "" {
		outs = e.batch()
		defer outs.Abort()
		for _, p := range pos {
			outs.Input("a study file", p)
		}
		if modelOut, err = outs.Create("-o", *out); err != nil {
			return err
		}
	}
	var trials []study.Trial
	skipped := 0
	for _, p := range pos {
		t, bad, err := study.ReadFile(p)
		if err != nil {
			return err
		}
		for i, b := range bad {
			if i < 5 {
				fmt.Fprintf(e.stderr, "mazebook calibrate: skipped %v\n", b)
			}
		}
		skipped += len(bad)
		trials = append(trials, t...)
	}
	rep, err := study.Calibrate(trials, study.Options{Base: person, Name: *name, Resamples: *resamples, Seed: 1})
	if err != nil {
		return err
	}
	if *asJSON {
		if err := printJSON(e.stdout, reportJSON(rep, skipped)); err != nil {
			return err
		}
	} else {
		writeReport(e.stdout, rep, pos, skipped)
	}
	if modelOut != nil {
		comment := fmt.Sprintf("A difficulty model fitted by mazebook calibrate from %d trials of %d people on %d mazes\n(%s). Name it in a spec: difficulty_model: FILE.\nOne step of the pencil took the median person %.2f s.",
			rep.Trials, rep.Participants, rep.Mazes, strings.Join(pos, ", "), rep.SecondsPerStep)
		if _, err := modelOut.Write(study.Model{People: []maze.Person{rep.Fitted}}.Format(comment)); err != nil {
			return err
		}
		if err := outs.Commit(); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "wrote %s\n", *out)
	}
	return nil
}

// modelName is the name a model file gives its setting: the file's base
// name, reduced to the letters a name may hold.
func modelName(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	base, _, _ = strings.Cut(base, ".")
	var b strings.Builder
	for _, r := range base {
		if r < 128 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') && b.Len() < 32 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "fitted"
	}
	return b.String()
}

// writeReport prints the calibration report for people.
func writeReport(w io.Writer, rep *study.Report, files []string, skipped int) {
	fmt.Fprintf(w, "%d solved trials of %d people on %d mazes (%s)", rep.Trials, rep.Participants, rep.Mazes, strings.Join(files, ", "))
	if skipped > 0 {
		fmt.Fprintf(w, "; %d unreadable lines skipped", skipped)
	}
	fmt.Fprintln(w)
	for _, l := range rep.Left {
		fmt.Fprintf(w, "  left out %s\n", l)
	}
	fmt.Fprintf(w, "solved without entering a wrong cell: %d of %d\n", rep.FirstTry, rep.Trials)
	fmt.Fprintf(w, "split-half reliability of the people's times: %s\n\n", rho(rep.SplitHalf))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ranks the times\trho\t95% interval\t")
	for _, r := range append(rep.Ranks, rep.FittedRank) {
		fmt.Fprintf(tw, "%s\t%s\t%s to %s\t\n", r.Measure, rho(r.Rho), rho(r.Low), rho(r.High))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nfitted weights (in steps of the pencil; one step took the median person %.2f s):\n", rep.SecondsPerStep)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, wt := range rep.Weights {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f to %.3f\t\n", wt.Name, wt.Value, wt.Low, wt.High)
	}
	tw.Flush()
	fmt.Fprintln(w, "(the fitted time ranks the mazes it was fitted to: read it as an upper bound)")
}

func rho(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", v)
}

// reportJSON is the report as 'calibrate --json' prints it.
func reportJSON(rep *study.Report, skipped int) any {
	num := func(v float64) any {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return math.Round(v*1000) / 1000
	}
	type rank struct {
		Measure string `json:"measure"`
		Rho     any    `json:"rho"`
		Low     any    `json:"low"`
		High    any    `json:"high"`
	}
	var ranks []rank
	for _, r := range append(rep.Ranks, rep.FittedRank) {
		ranks = append(ranks, rank{r.Measure, num(r.Rho), num(r.Low), num(r.High)})
	}
	left := rep.Left
	if left == nil {
		left = []string{}
	}
	weights := map[string]any{}
	for _, w := range rep.Weights {
		weights[w.Name] = map[string]any{"value": num(w.Value), "low": num(w.Low), "high": num(w.High)}
	}
	return map[string]any{
		"trials": rep.Trials, "participants": rep.Participants, "mazes": rep.Mazes, "skipped_lines": skipped,
		"left_out": left, "first_try": rep.FirstTry, "split_half": num(rep.SplitHalf),
		"ranks": ranks, "weights": weights, "seconds_per_step": num(rep.SecondsPerStep), "fitted": rep.Fitted,
	}
}
