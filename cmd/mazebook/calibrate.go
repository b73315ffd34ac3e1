package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"mazebook/files"
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
	trials, skipped, read, err := readStudies(e, pos)
	if err != nil {
		return err
	}
	rep, err := study.Calibrate(trials, study.Options{Base: person, Name: *name, Resamples: *resamples, Seed: 1, Context: ctx})
	if err != nil {
		return err
	}
	if *asJSON {
		if err := printJSON(e.stdout, reportJSON(rep, skipped)); err != nil {
			return err
		}
	} else {
		writeReport(e.stdout, rep, read, skipped)
	}
	if modelOut == nil {
		return nil
	}
	// The model is written only when mazebook reads it back as written.
	model, err := rep.Model()
	if err != nil {
		return fmt.Errorf("no model written to %s: %v", *out, err)
	}
	comment := fmt.Sprintf("A difficulty model fitted by mazebook calibrate from %d trials of %d people on %d mazes\n(%s). Name it in a spec: difficulty_model: FILE.\nOne step of the pencil took the median person %.2f s.",
		rep.Trials, rep.Participants, rep.Mazes, quoteNames(read), rep.SecondsPerStep)
	data := model.Format(comment)
	if _, err := study.ParseModel(*out, data); err != nil {
		return fmt.Errorf("no model written to %s: mazebook would not read it: %v", *out, err)
	}
	if _, err := modelOut.Write(data); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s\n", *out)
	return nil
}

// readStudies reads the trials of study files, each file once however it
// is named (a second name for a file already read, or a link to it, is
// said and passed over). A few lines of each problem skipped are said
// on stderr. It returns the trials, what was skipped and the names of
// the files read.
func readStudies(e *env, paths []string) (trials []study.Trial, skipped study.Skipped, read []string, err error) {
	var seen []os.FileInfo
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil {
			if i := slices.IndexFunc(seen, func(fi os.FileInfo) bool { return os.SameFile(fi, st) }); i >= 0 {
				fmt.Fprintf(e.stderr, "mazebook calibrate: %s is %s, read once\n", quoteName(p), quoteName(read[i]))
				continue
			}
			seen = append(seen, st)
		} else {
			seen = append(seen, nil)
		}
		t, bad, err := study.ReadFile(p)
		if err != nil {
			return nil, skipped, nil, fmt.Errorf("cannot read study file %s: %w", quoteName(p), files.Reason(err))
		}
		for _, b := range bad.Examples {
			fmt.Fprintf(e.stderr, "mazebook calibrate: skipped %v\n", b)
		}
		if n := bad.Lines - len(bad.Examples); n > 0 {
			fmt.Fprintf(e.stderr, "mazebook calibrate: skipped %d more lines of %s (%s)\n", n, quoteName(p), kinds(bad))
		}
		skipped.Merge(bad)
		trials = append(trials, t...)
		read = append(read, p)
	}
	return trials, skipped, read, nil
}

// kinds says how many lines of each problem were skipped: "200000 not a
// trial, 3 a line longer than 4096 bytes".
func kinds(s study.Skipped) string {
	var k []string
	for kind, n := range s.Kinds {
		k = append(k, fmt.Sprintf("%d %s", n, kind))
	}
	slices.Sort(k)
	return strings.Join(k, ", ")
}

// quoteName writes a file name for a message or a comment: as it is, or
// quoted when it holds a character that would read as another name or
// break a line (a CR, U+2028).
func quoteName(name string) string {
	if files.ControlIn(name) != "" {
		return strconv.Quote(name)
	}
	return name
}

// quoteNames writes file names, each by quoteName, separated by commas.
func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoteName(n)
	}
	return strings.Join(q, ", ")
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
func writeReport(w io.Writer, rep *study.Report, read []string, skipped study.Skipped) {
	fmt.Fprintf(w, "%d solved trials of %d people on %d mazes (%s)", rep.Trials, rep.Participants, rep.Mazes, quoteNames(read))
	if skipped.Lines > 0 {
		fmt.Fprintf(w, "; %d unreadable lines skipped (%s)", skipped.Lines, kinds(skipped))
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
func reportJSON(rep *study.Report, skipped study.Skipped) any {
	num := func(v float64) any {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return math.Round(float64(v*1000)) / 1000
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
	kinds := skipped.Kinds
	if kinds == nil {
		kinds = map[string]int{}
	}
	weights := map[string]any{}
	for _, w := range rep.Weights {
		weights[w.Name] = map[string]any{"value": num(w.Value), "low": num(w.Low), "high": num(w.High)}
	}
	return map[string]any{
		"trials": rep.Trials, "participants": rep.Participants, "mazes": rep.Mazes, "skipped_lines": skipped.Lines, "skipped": kinds,
		"left_out": left, "first_try": rep.FirstTry, "split_half": num(rep.SplitHalf),
		"ranks": ranks, "weights": weights, "seconds_per_step": num(rep.SecondsPerStep), "fitted": rep.Fitted,
	}
}
