package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"mazebook/files"
	"mazebook/maze/difficulty"
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
	quiet := fs.Bool("quiet", false, "show no progress line")
	fs.BoolVar(quiet, "q", false, "short for --quiet")
	csvOut := fs.String("csv", "", "write every trial read, a row each, with how the analysis used it, to `FILE` (.csv; the columns are\ndocs/study.md's codebook)")
	onlyView := fs.String("view", "", "report only the trials played in `VIEW`: full, theseus, torch or mixed (each view is reported apart;\n-o fits the full view's, the whole maze shown, as on a page)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("give one or more study files (see 'mazebook calibrate --help')")
	}
	person, err := difficulty.LookupPerson(*base)
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
	if *onlyView != "" && !slices.Contains(study.Views, *onlyView) {
		return usagef("--view %q is not one of %s", *onlyView, strings.Join(study.Views, ", "))
	}
	var outs *files.Batch
	var modelOut, csvFile *files.Output
	if *out != "" || *csvOut != "" {
		outs = e.batch()
		defer outs.Abort()
		for _, p := range pos {
			outs.Input("a study file", p)
		}
	}
	if *out != "" {
		if modelOut, err = outs.Create("-o", *out); err != nil {
			return err
		}
	}
	if *csvOut != "" {
		if csvFile, err = outs.Create("--csv", *csvOut); err != nil {
			return err
		}
	}
	trials, skipped, read, err := readStudies(e, pos)
	if err != nil {
		return err
	}
	// A trial the studio stopped during, sent on whole to the studio
	// started again, has two lines: the later holds it all.
	all := len(trials)
	trials = study.Latest(trials)
	superseded := all - len(trials)
	groups := study.ByView(trials)
	if *onlyView != "" {
		groups = slices.DeleteFunc(groups, func(g study.ViewTrials) bool { return g.View != *onlyView })
		if len(groups) == 0 {
			return fmt.Errorf("no trial of %s was played in the %s view", quoteNames(read), *onlyView)
		}
	}
	if len(groups) == 0 {
		groups = []study.ViewTrials{{View: study.FullView}}
	}
	var reports []viewReport
	for _, g := range groups {
		// A large study file takes minutes (each maze made and walked
		// again): the work is shown, as a build's is.
		label := "calibrating"
		if g.View != "" {
			label += " the " + g.View + " view"
		}
		progress := newProgress(e, *quiet, label)
		rep, err := study.Calibrate(g.Trials, study.Options{Base: person, Name: *name, Resamples: *resamples, Seed: 1, Context: ctx, Progress: progress.step})
		progress.clear()
		if err != nil {
			return err
		}
		reports = append(reports, viewReport{g.View, rep, g.Trials})
	}
	if *asJSON {
		if err := printJSON(e.stdout, reportJSON(reports, skipped)); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "mazebook %s calibrate: %s\n", version, modelLine())
		fmt.Fprintf(e.stdout, "%s read (%s)", plural(all, "line", "lines"), quoteNames(read))
		if superseded > 0 {
			fmt.Fprintf(e.stdout, "; %s of trials cut off by a stopped studio and sent on whole after its restart: the later line of each kept", plural(superseded, "earlier line", "earlier lines"))
		}
		fmt.Fprintln(e.stdout)
		fmt.Fprintln(e.stdout)
		if skipped.Lines > 0 {
			fmt.Fprintf(e.stdout, "%d unreadable lines skipped (%s)\n\n", skipped.Lines, kinds(skipped))
		}
		for i, vr := range reports {
			if i > 0 {
				fmt.Fprintln(e.stdout)
			}
			writeReport(e.stdout, vr, read)
		}
	}
	if csvFile != nil {
		if err := writeCSV(csvFile, reports); err != nil {
			return err
		}
	}
	if modelOut == nil {
		if outs != nil {
			if err := outs.Commit(); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "wrote %s\n", *csvOut)
		}
		return nil
	}
	// The model is for a page, where the whole maze shows: it is fitted
	// to the full view's trials (or, in files written before the view
	// was recorded, to the trials that say none).
	var rep *study.Report
	for _, vr := range reports {
		if vr.view == study.FullView || vr.view == "" && rep == nil {
			rep = vr.rep
		}
	}
	switch {
	case rep == nil:
		return fmt.Errorf("no model written to %s: a model is for a printed page, where the whole maze shows, and no trial was played in the full view", *out)
	case rep.TooFew:
		return fmt.Errorf("no model written to %s: %s on %s are too few to fit one (at least %d trials on %d mazes)", *out, plural(rep.Trials, "solved trial", "solved trials"), plural(rep.Mazes, "maze", "mazes"), study.MinTrials, study.MinMazes)
	}
	// The model is written only when mazebook reads it back as written.
	model, err := rep.Model()
	if err != nil {
		return fmt.Errorf("no model written to %s: %v", *out, err)
	}
	comment := fmt.Sprintf("A difficulty model fitted by mazebook calibrate from %d trials of %d people on %d mazes\n(%s). Name it in a spec: difficulty_model: FILE.\nOne step of the pencil took the median person %.2f s.",
		rep.Trials, rep.Participants, rep.Mazes, quoteNames(read), rep.SecondsPerStep)
	data := model.Format(comment)
	if _, err := difficulty.ParseModel(*out, data); err != nil {
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
	if *csvOut != "" {
		fmt.Fprintf(e.stderr, "wrote %s\n", *csvOut)
	}
	fmt.Fprintf(e.stderr, "wrote %s\n", *out)
	return nil
}

// modelLine says which difficulty model calibrate checks: mazebook's
// version, and each built-in setting's weights.
func modelLine() string {
	var parts []string
	for _, p := range difficulty.People() {
		parts = append(parts, fmt.Sprintf("%s (sight %g, pull %g, step %g, turn %g, look %g, wrong %g)", p.Name, p.Sight, p.Pull, p.Step, p.Turn, p.Look, p.Wrong))
	}
	return "the difficulty model of this version, its settings " + strings.Join(parts, "; ")
}

// csvColumns are the columns of 'calibrate --csv', as docs/study.md's
// codebook names them.
var csvColumns = []string{"participant", "view", "use", "solved", "ended", "first_move_ms", "solve_ms", "end_ms", "moves", "wrong_cells", "restarts",
	"input", "number", "shape", "size", "inner", "algorithm", "seed", "braid", "weave", "openings", "maze", "source", "time", "trial", "spec", "run", "version"}

// writeCSV writes every trial of the reports' views, a row each, with
// how the analysis used it.
func writeCSV(w io.Writer, reports []viewReport) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvColumns); err != nil {
		return err
	}
	num := func(v int64) string { return strconv.FormatInt(v, 10) }
	for _, vr := range reports {
		for i, t := range vr.trials {
			use := ""
			if i < len(vr.rep.Use) {
				use = vr.rep.Use[i]
			}
			solve := ""
			if t.Solved {
				solve = num(t.SolveMS)
			}
			inner := ""
			if t.Inner != 0 {
				inner = strconv.FormatFloat(t.Inner, 'g', -1, 64)
			}
			row := []string{t.Participant, t.View, use, strconv.FormatBool(t.Solved), t.Ended, num(t.FirstMoveMS), solve, num(t.EndMS), strconv.Itoa(t.Moves), strconv.Itoa(t.WrongCells), strconv.Itoa(t.Restarts),
				t.Input, strconv.Itoa(t.Number), t.Shape, t.Size, inner, t.Algorithm, strconv.FormatUint(t.Seed, 10), strconv.FormatFloat(t.Braid, 'g', -1, 64), strconv.FormatFloat(t.Weave, 'g', -1, 64), t.Openings, t.MazeKey(), t.Source,
				t.Time.UTC().Format(time.RFC3339Nano), t.TrialID, t.Spec, t.Run, t.Version}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
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

// viewReport is the report of the trials of one view.
type viewReport struct {
	view   string
	rep    *study.Report
	trials []study.Trial
}

// viewNames say what each view showed.
var viewNames = map[string]string{
	study.FullView:    "full: the whole maze shown, as on a page",
	study.TheseusView: "theseus: the walls of the cells seen",
	study.TorchView:   "torch: a few steps around the player",
	study.MixedView:   "mixed: a trial played in more than one view",
	"":                "not recorded (files written before mazebook recorded the view)",
}

// writeReport prints the calibration report of one view for people.
func writeReport(w io.Writer, vr viewReport, read []string) {
	rep := vr.rep
	what := viewNames[vr.view]
	if what == "" {
		what = vr.view
	}
	fmt.Fprintf(w, "view %s\n", what)
	used := plural(rep.Trials-rep.GaveUp, "solved trial", "solved trials")
	if rep.GaveUp > 0 {
		used += " and " + plural(rep.GaveUp, "give-up", "give-ups")
	}
	fmt.Fprintf(w, "%s of %s on %s (%s)\n", used, plural(rep.Participants, "person", "people"), plural(rep.Mazes, "maze", "mazes"), quoteNames(read))
	for _, l := range rep.Left {
		fmt.Fprintf(w, "  left out %s\n", l)
	}
	fmt.Fprintf(w, "give-ups used: %d, each ranked as the slowest of its child's trials (a child who gave up found the maze\nat least as hard as any they solved); they are ranked, not timed: the fit leaves them out\n", rep.GaveUp)
	fmt.Fprintf(w, "children left out with one usable trial: %d (a child's times are standardised among their own, which takes two)\n", rep.OnePerson)
	fmt.Fprintf(w, "solved without entering a wrong cell: %d of %d\n", rep.FirstTry, rep.Trials-rep.GaveUp)
	if rep.TooFew {
		fmt.Fprintf(w, "\ntoo few to conclude: %s on %s, and a study needs at least %d trials on %d mazes.\n", plural(rep.Trials, "trial", "trials"), plural(rep.Mazes, "maze", "mazes"), study.MinTrials, study.MinMazes)
		fmt.Fprintf(w, "With fewer mazes a rank correlation's interval cannot be drawn (its resamples hold too few\ndifferent mazes), and even at %d a correlation below 0.65 cannot be told from none. Nothing is fitted.\n", study.MinMazes)
		if len(rep.Ranks) > 0 {
			fmt.Fprintf(w, "\nhow these %d mazes fall (a description, not evidence)\n", rep.Mazes)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, r := range rep.Ranks {
				fmt.Fprintf(tw, "%s\t%s\t\n", r.Measure, rho(r.Rho))
			}
			tw.Flush()
		}
		writePredict(w, rep.Predict)
		writeNeeded(w, rep.Needed)
		return
	}
	fmt.Fprintf(w, "split-half reliability of the people's times: %s\n\n", rho(rep.SplitHalf))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ranks the times\trho\t95% interval\t")
	for _, r := range append(rep.Ranks, rep.FittedRank) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", r.Measure, rho(r.Rho), interval(r.Low, r.High))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nfitted weights (in steps of the pencil; one step took the median person %.2f s):\n", rep.SecondsPerStep)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, wt := range rep.Weights {
		if wt.Name == "step" {
			// Held at 1 (the unit of the others): it has no interval.
			fmt.Fprintf(tw, "%s\t%.3f\tfixed: the unit of the others\t\n", wt.Name, wt.Value)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%s\t\n", wt.Name, wt.Value, weightInterval(wt.Low, wt.High))
	}
	tw.Flush()
	fmt.Fprintln(w, "(the fitted time ranks the mazes it was fitted to: read it as an upper bound)")
	writePredict(w, rep.Predict)
	writeNeeded(w, rep.Needed)
}

// planningFigures says what the planning figures are.
const planningFigures = "the planning figures are assumptions for sizing a study, not measurements of people: mazebook's sources give\n0.84 for the length in recorded trials of 15x15 mazes without naming the recordings, the score's 0.80 is assumed, and\n0.78 is mazebook's own measure over 14 generators at 20x20; a study of 10 mazes or more uses its own (docs/study.md);\nmethods: Steiger 1980, Psychol. Bull. 87(2); Bonett and Wright 2000, Psychometrika 65(1); Crowe et al. 2000, J. Cogn. Neurosci. 12(5)"

// writePredict says how many mazes a study needs to find that the score
// ranks the times at all.
func writePredict(w io.Writer, p study.Predict) {
	from := fmt.Sprintf("the planning figure %.2f", p.Rho)
	if p.FromData {
		from = fmt.Sprintf("these trials' %.2f", p.Rho)
	}
	if p.Mazes >= study.MaxNeeded {
		fmt.Fprintf(w, "\nto find that the score ranks the times (%s), a study would need more than %d mazes\n", from, study.MaxNeeded)
		return
	}
	fmt.Fprintf(w, "\nto find that the score ranks the times at all (%s), a study needs about %d mazes\n(a rank correlation told from none at the 5%% level, found 4 times in 5)\n", from, p.Mazes)
}

// writeNeeded says how many mazes a study needs to tell the score from
// the solution's length, and what the planning figures are.
func writeNeeded(w io.Writer, nd study.Needed) {
	defer fmt.Fprintf(w, "(%s)\n", planningFigures)
	from := fmt.Sprintf("the planning figures %.2f and %.2f", nd.Score, nd.Length)
	if nd.FromData {
		from = fmt.Sprintf("these trials' %.2f and %.2f", nd.Score, nd.Length)
	}
	switch nd.Mazes {
	case 0:
		fmt.Fprintf(w, "\nthe score and the solution's length rank the times alike (%s): no number of mazes would tell them apart\n", from)
	case study.MaxNeeded:
		fmt.Fprintf(w, "\nto tell the score from the solution's length (%s), a study would need more than %d mazes\n", from, study.MaxNeeded)
	default:
		fmt.Fprintf(w, "\nto tell the score from the solution's length (%s, which rank each other at %.2f),\na study needs about %d mazes (Steiger's test at the 5%% level, found 4 times in 5)\n", from, nd.Between, nd.Mazes)
	}
}

// interval writes a rank correlation's 95% interval: "n/a" when there
// is none, and never an interval of no width, which says the resamples
// all agreed because the mazes were too few to differ, not that the
// value is sure.
func interval(low, high float64) string {
	switch {
	case math.IsNaN(low) || math.IsNaN(high):
		return "n/a"
	case high-low < 0.005:
		return rho(low) + " to " + rho(high) + " (every resample agrees)"
	}
	return rho(low) + " to " + rho(high)
}

// weightInterval writes a weight's 95% interval, as interval does.
func weightInterval(low, high float64) string {
	switch {
	case math.IsNaN(low) || math.IsNaN(high):
		return "n/a"
	case high-low < 0.0005:
		return fmt.Sprintf("%.3f to %.3f (every resample agrees)", low, high)
	}
	return fmt.Sprintf("%.3f to %.3f", low, high)
}

// plural writes a count and its noun, as English has it: "1 maze", "2
// mazes", "0 mazes".
func plural(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}

func rho(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", v)
}

// reportJSON is the report as 'calibrate --json' prints it: one report
// a view.
func reportJSON(reports []viewReport, skipped study.Skipped) any {
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
	kinds := skipped.Kinds
	if kinds == nil {
		kinds = map[string]int{}
	}
	views := []map[string]any{}
	for _, vr := range reports {
		rep := vr.rep
		ranks := []rank{}
		all := rep.Ranks
		if !rep.TooFew {
			all = append(all, rep.FittedRank)
		}
		for _, r := range all {
			low, high := num(r.Low), num(r.High)
			if low != nil && high != nil && r.High-r.Low < 0.005 {
				low, high = nil, nil // no interval of no width
			}
			ranks = append(ranks, rank{r.Measure, num(r.Rho), low, high})
		}
		left := rep.Left
		if left == nil {
			left = []string{}
		}
		weights := map[string]any{}
		for _, w := range rep.Weights {
			if w.Name == "step" {
				weights[w.Name] = map[string]any{"value": num(w.Value), "fixed": true}
				continue
			}
			weights[w.Name] = map[string]any{"value": num(w.Value), "low": num(w.Low), "high": num(w.High)}
		}
		v := map[string]any{
			"view": vr.view, "trials": rep.Trials, "participants": rep.Participants, "mazes": rep.Mazes,
			"left_out": left, "first_try": rep.FirstTry, "split_half": num(rep.SplitHalf), "ranks": ranks,
			"too_few": rep.TooFew, "min_trials": study.MinTrials, "min_mazes": study.MinMazes,
			"gave_up": rep.GaveUp, "one_trial_people": rep.OnePerson, "give_ups": "ranked slowest",
			"mazes_to_find_score": map[string]any{"mazes": rep.Predict.Mazes, "rho": num(rep.Predict.Rho), "from_data": rep.Predict.FromData},
			"mazes_needed": map[string]any{"mazes": rep.Needed.Mazes, "score": num(rep.Needed.Score), "length": num(rep.Needed.Length),
				"between": num(rep.Needed.Between), "from_data": rep.Needed.FromData},
		}
		if !rep.TooFew {
			v["weights"], v["seconds_per_step"], v["fitted"] = weights, num(rep.SecondsPerStep), rep.Fitted
		}
		views = append(views, v)
	}
	return map[string]any{"skipped_lines": skipped.Lines, "skipped": kinds, "views": views, "version": version, "people": difficulty.People()}
}
