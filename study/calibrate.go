package study

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// Options tune Calibrate.
type Options struct {
	// People are the settings whose score is checked against the trials;
	// nil means difficulty.People().
	People []difficulty.Person
	// Base is the setting whose sight and pull the fitted setting keeps
	// (they decide which wrong ways the walk model expects); a zero Base
	// means the "older" setting.
	Base difficulty.Person
	// Name names the fitted setting; "" means "fitted".
	Name string
	// Resamples is the number of bootstrap resamples over mazes; 0
	// means 1000.
	Resamples int
	// Seed seeds the resampling, so that a report is the same twice.
	Seed uint64
	// Context, when not nil, stops the work when it is done.
	Context context.Context
	// Progress, when not nil, is told how much of each step of the work
	// is done: "trials" (each trial's maze made and measured again), then
	// "resamples" (the bootstrap's, of the ranks and of the fit). It is
	// called often: it should be quick.
	Progress func(step string, done, total int)
}

// Rank is how well one measure of the mazes ranks the people's times:
// Spearman's rho between the measure and the mazes' mean standardised
// time, with a 95% bootstrap interval over mazes.
type Rank struct {
	Measure        string
	Rho, Low, High float64
}

// Weight is one fitted weight of the time model, with a 95% bootstrap
// interval over mazes.
type Weight struct {
	Name             string
	Value, Low, High float64
}

// Report is what Calibrate found.
type Report struct {
	// Trials counts the solved trials used; Participants the people with
	// two or more of them; Mazes the different mazes they played.
	Trials, Participants, Mazes int
	// Left lists why trials were left out, with how many.
	Left []string
	// FirstTry counts the trials solved without entering a wrong cell.
	FirstTry int
	// Ranks rank the measures against the times, the score first.
	Ranks []Rank
	// SplitHalf is the reliability of the people's data: the mazes'
	// times in one random half of the people against the other's
	// (Spearman, corrected by Spearman–Brown, averaged over splits); NaN
	// with too few people or mazes.
	SplitHalf float64
	// Fitted is the person setting whose weights fit the trials best
	// (Step 1: the weights are in steps of the pencil); Weights its
	// weights with their intervals; SecondsPerStep how long one step took
	// the median person.
	Fitted         difficulty.Person
	Weights        []Weight
	SecondsPerStep float64
	// FittedRank is how the fitted setting's time ranks the mazes (in
	// sample: it was fitted to them).
	FittedRank Rank
	// TooFew is set when the trials are too few to conclude from (fewer
	// than MinTrials, or on fewer than MinMazes mazes): Ranks then say
	// how the measures rank these mazes' times (with 3 mazes or more)
	// with no interval (Low and High NaN), and nothing is fitted.
	TooFew bool
	// Needed is how many mazes a study needs to tell the score from the
	// solution's length (see Needed); Predict how many it needs to find
	// that the score ranks the times at all (see Predict).
	Needed  Needed
	Predict Predict
	// GaveUp counts the give-ups used (Trial.Ended gave_up), each ranked
	// as the slowest of its person's trials: a child who gave up found
	// the maze at least as hard as any they solved. OnePerson counts the
	// people left out for having one usable trial (a person's times are
	// standardised among their own, which takes two).
	GaveUp, OnePerson int
	// Use says, for each trial given, how Calibrate used it: "solved",
	// "gave up, ranked slowest", or why it was left out.
	Use []string
}

// mazeData is one maze of the trials, made again and measured.
type mazeData struct {
	measures []float64 // as Report.Ranks names them
	x        []float64 // the fit's features: path, turns, look, wrong
	shortest int       // the moves of its shortest way
	z        float64   // the mean standardised time of its trials
	n        int
}

// MinTrials is the fewest solved trials Calibrate concludes from.
const MinTrials = 8

// MinMazes is the fewest mazes Calibrate concludes from: with fewer it
// says how the measures rank the times, but not how sure that is, and
// fits no weights. A bootstrap interval of a rank correlation resamples
// the mazes, and a resample of n mazes holds about n(1-(1-1/n)^n)
// different ones: 6.5 of 10, but 3.4 of 5, and a rank correlation of 3
// mazes is ±1 or ±0.5, so the interval of 5 mazes runs from about 0.1
// to exactly 1 whatever the truth (and of 4, often from -1 to -1). And
// at 10 mazes a rank correlation must reach 0.65 to differ from none at
// the 5% level, below the 0.80 the score reached on the public
// recordings: 10 mazes can find that much, and fewer cannot.
const MinMazes = 10

// Calibrate re-creates the maze of every trial from its recipe, measures
// it with the model, and reports how well the score and each of its
// parts rank the people's times — times standardised per person (the z
// of the log of each person's solving times), so that a quick and a slow
// person count alike — and fits the model's weights to the times: time
// = the person's speed x (step x path + turn x turns + look x looking +
// wrong x wrong steps), by non-negative least squares. A trial that
// cannot be a person's (see Trial.Impossible) is left out. With fewer
// than MinTrials trials or MinMazes mazes the report is TooFew: the
// ranks without intervals, no weights. Calibrate mixes the trials it is
// given: give it the trials of one view (see ByView).
func Calibrate(trials []Trial, opt Options) (*Report, error) {
	opt = opt.withDefaults()
	ctx := opt.Context
	rep := &Report{}
	left := map[string]int{}
	rep.Use = make([]string, len(trials))
	kept, err := keep(ctx, trials, opt, left, rep.Use)
	if err != nil {
		return nil, err
	}
	obs, mazes := observe(kept, left, rep)
	// The fit is of times: the give-ups, ranked but not timed, are not
	// in it.
	timed := slices.DeleteFunc(slices.Clone(obs), func(o observation) bool { return o.gaveUp })
	for why, n := range left {
		rep.Left = append(rep.Left, fmt.Sprintf("%d: %s", n, why))
	}
	sort.Strings(rep.Left)
	rep.TooFew = rep.Trials < MinTrials || rep.Mazes < MinMazes
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	resamples := opt.Resamples
	if rep.TooFew {
		resamples = 0 // no interval: the mazes are too few for one
	}
	opt.Progress("trials", len(trials), len(trials))
	// The resamples, counted as they are done: each measure's rank's, the
	// fit's and the fitted time's rank's.
	names := measureNames(opt.People)
	sampled, toSample := 0, resamples*len(names)
	if !rep.TooFew {
		toSample += 2 * opt.Resamples
	}
	step := func() {
		sampled++
		opt.Progress("resamples", sampled, toSample)
	}
	if rep.Mazes >= 3 {
		for k, name := range names {
			rep.Ranks = append(rep.Ranks, rank(name, mazes, func(m *mazeData) float64 { return m.measures[k] }, resamples, rng, step))
		}
	}
	rep.Needed = mazesNeeded(rep, mazes)
	rep.Predict = predictNeeded(rep)
	if rep.TooFew {
		rep.SplitHalf = math.NaN()
		return rep, nil
	}
	rep.SplitHalf = splitHalf(obs, len(mazes), rng)

	// The fit, and its intervals over mazes.
	w, speed := fit(timed, mazes, nil)
	boot := make([][]float64, len(w))
	for range opt.Resamples {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		step()
		pick := make([]int, len(mazes))
		for i := range pick {
			pick[i] = rng.IntN(len(mazes))
		}
		bw, _ := fit(timed, mazes, pick)
		for k, v := range bw {
			boot[k] = append(boot[k], v)
		}
	}
	for k, name := range []string{"step", "turn", "look", "wrong"} {
		slices.Sort(boot[k])
		rep.Weights = append(rep.Weights, Weight{Name: name, Value: w[k], Low: percentile(boot[k], 0.025), High: percentile(boot[k], 0.975)})
	}
	rep.SecondsPerStep = speed / 1000
	rep.Fitted = difficulty.Person{Name: opt.Name, Sight: opt.Base.Sight, Pull: opt.Base.Pull, Step: w[0], Turn: w[1], Look: w[2], Wrong: w[3]}
	rep.FittedRank = rank("fitted time", mazes, func(m *mazeData) float64 {
		return rep.Fitted.Time(difficulty.Work{Path: m.x[0], Turns: m.x[1], Look: m.x[2], Wrong: m.x[3]})
	}, opt.Resamples, rng, step)
	return rep, nil
}

// withDefaults fills in the options left out.
func (opt Options) withDefaults() Options {
	if opt.People == nil {
		opt.People = difficulty.People()
	}
	if opt.Base == (difficulty.Person{}) {
		opt.Base, _ = difficulty.LookupPerson("older")
	}
	if opt.Name == "" {
		opt.Name = "fitted"
	}
	if opt.Resamples <= 0 {
		opt.Resamples = 1000
	}
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	if opt.Progress == nil {
		opt.Progress = func(string, int, int) {}
	}
	return opt
}

// keptTrial is a trial Calibrate keeps, and its maze, made and measured.
type keptTrial struct {
	Trial
	maze  *mazeData
	index int // in the trials given
}

// keep returns the solved trials, and the give-ups, whose maze can be
// made (a recipe larger than a study plays is left out before any maze
// is made) and that a person could have played, each maze made once,
// counting in left why the others are left out, and saying it in use.
func keep(ctx context.Context, trials []Trial, opt Options, left map[string]int, use []string) ([]keptTrial, error) {
	made := map[string]*mazeData{} // by the maze's key; nil for one that cannot be made
	var kept []keptTrial
	out := func(i int, why string) {
		left[why]++
		use[i] = "left out: " + why
	}
	for i, t := range trials {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		opt.Progress("trials", i, len(trials))
		t.settle()
		if kind, err := t.check(); err != nil {
			out(i, kind)
			continue
		}
		switch {
		case !t.Solved && t.Ended == EndedGaveUp:
		case !t.Solved && t.Ended != "":
			out(i, "not solved ("+strings.ReplaceAll(t.Ended, "_", " ")+")")
			continue
		case !t.Solved:
			out(i, "not solved")
			continue
		case t.SolveMS <= 0:
			out(i, "no solving time")
			continue
		}
		key := t.MazeKey()
		md, ok := made[key]
		if !ok {
			var err error
			if md, err = measure(t, opt); err != nil {
				out(i, fmt.Sprintf("a maze that cannot be made (%v)", err))
				made[key] = nil
				continue
			}
			made[key] = md
		}
		if md == nil {
			out(i, "a maze that cannot be made")
			continue
		}
		if kind, err := t.Impossible(md.shortest); err != nil {
			out(i, "impossible: "+kind)
			continue
		}
		kept = append(kept, keptTrial{t, md, i})
	}
	return kept, nil
}

// An observation is one trial used: its person, its maze (an index of
// the mazes used), its solving time and that time standardised among
// the person's.
type observation struct {
	participant string
	maze        int
	ms, z       float64
	gaveUp      bool
}

// observe standardises the times of the people with two or more kept
// trials, and returns them, in the order of the trials, with the mazes
// they were played on, in the order first played, each with its mean
// standardised time. It counts in left the trials it leaves out and in
// rep the people, trials, mazes and first tries it uses.
func observe(kept []keptTrial, left map[string]int, rep *Report) ([]observation, []*mazeData) {
	byPerson := map[string][]int{}
	var order []string
	for i, t := range kept {
		if byPerson[t.Participant] == nil {
			order = append(order, t.Participant)
		}
		byPerson[t.Participant] = append(byPerson[t.Participant], i)
	}
	// A give-up is ranked as the slowest of its person's trials: its time
	// is its own, or a millisecond past the person's slowest solve if that
	// is as long or longer (slower than every solve, not tied with one).
	ms := make([]float64, len(kept))
	for _, idx := range byPerson {
		var slowest float64
		for _, i := range idx {
			if kept[i].Solved {
				slowest = max(slowest, float64(kept[i].SolveMS))
			}
		}
		for _, i := range idx {
			ms[i] = float64(kept[i].SolveMS)
			if !kept[i].Solved {
				ms[i] = max(float64(kept[i].EndMS), slowest+1)
			}
		}
	}
	var use []int
	z := make([]float64, len(kept))
	for _, who := range order {
		idx := byPerson[who]
		if len(idx) < 2 {
			left["the person's only usable trial"]++
			rep.OnePerson++
			rep.Use[kept[idx[0]].index] = "left out: the person's only usable trial"
			continue
		}
		var mean, sd float64
		for _, i := range idx {
			mean += math.Log(ms[i]) / float64(len(idx))
		}
		for _, i := range idx {
			d := math.Log(ms[i]) - mean
			sd += float64(d*d) / float64(len(idx)-1)
		}
		sd = math.Sqrt(sd)
		if sd == 0 {
			left["a person whose times are all the same"] += len(idx)
			for _, i := range idx {
				rep.Use[kept[i].index] = "left out: a person whose times are all the same"
			}
			continue
		}
		rep.Participants++
		for _, i := range idx {
			z[i] = (math.Log(ms[i]) - mean) / sd
			use = append(use, i)
		}
	}
	sort.Ints(use)
	index := map[*mazeData]int{}
	var mazes []*mazeData
	obs := make([]observation, 0, len(use))
	for _, i := range use {
		md := kept[i].maze
		j, ok := index[md]
		if !ok {
			j = len(mazes)
			index[md] = j
			mazes = append(mazes, md)
		}
		md.z += z[i]
		md.n++
		gaveUp := !kept[i].Solved
		obs = append(obs, observation{participant: kept[i].Participant, maze: j, ms: ms[i], z: z[i], gaveUp: gaveUp})
		rep.Use[kept[i].index] = "solved"
		if gaveUp {
			rep.GaveUp++
			rep.Use[kept[i].index] = "gave up, ranked slowest"
		} else if kept[i].WrongCells == 0 {
			rep.FirstTry++
		}
	}
	for _, m := range mazes {
		m.z /= float64(m.n)
	}
	rep.Trials, rep.Mazes = len(obs), len(mazes)
	return obs, mazes
}

// measureNames names the measures Calibrate ranks, in the order of
// mazeData.measures.
func measureNames(people []difficulty.Person) []string {
	names := []string{"score", "solution length", "turns", "looking"}
	for _, p := range people {
		names = append(names, "wrong steps ("+p.Name+")")
	}
	for _, p := range people {
		names = append(names, "time ("+p.Name+")")
	}
	return names
}

// measure makes a trial's maze and measures it.
func measure(t Trial, opt Options) (*mazeData, error) {
	r, err := t.Recipe()
	if err != nil {
		return nil, err
	}
	m, err := maze.Make(r)
	if err != nil {
		return nil, err
	}
	paths := m.SolutionParts()
	d := difficulty.RateFor(m, opt.People, paths)
	// The base setting is usually one of the people, already rated.
	var base difficulty.Work
	if i := slices.Index(opt.People, opt.Base); i >= 0 {
		base = d.Work[i]
	} else {
		base = difficulty.RateFor(m, []difficulty.Person{opt.Base}, paths).Work[0]
	}
	md := &mazeData{x: []float64{base.Path, base.Turns, base.Look, base.Wrong}, shortest: len(m.Solution()) - 1}
	md.measures = []float64{d.Score, float64(d.Metrics.SolutionLength), base.Turns, base.Look}
	for _, w := range d.Work {
		md.measures = append(md.measures, w.Wrong)
	}
	md.measures = append(md.measures, d.Times...)
	return md, nil
}

// rank ranks a measure of the mazes against their times, with a
// bootstrap interval over mazes.
func rank(name string, mazes []*mazeData, f func(*mazeData) float64, resamples int, rng *rand.Rand, step func()) Rank {
	xs := make([]float64, len(mazes))
	zs := make([]float64, len(mazes))
	for i, m := range mazes {
		xs[i], zs[i] = f(m), m.z
	}
	r := Rank{Measure: name, Rho: Spearman(xs, zs), Low: math.NaN(), High: math.NaN()}
	if resamples == 0 {
		return r
	}
	var boot []float64
	bx, bz := make([]float64, len(mazes)), make([]float64, len(mazes))
	for range resamples {
		step()
		for i := range bx {
			j := rng.IntN(len(mazes))
			bx[i], bz[i] = xs[j], zs[j]
		}
		if rho := Spearman(bx, bz); !math.IsNaN(rho) {
			boot = append(boot, rho)
		}
	}
	slices.Sort(boot)
	r.Low, r.High = percentile(boot, 0.025), percentile(boot, 0.975)
	return r
}

// splitHalf is the split-half reliability of the mazes' times: the
// people split at random in two, each half's mean standardised time per
// maze ranked against the other's, corrected by Spearman–Brown, averaged
// over 200 splits.
func splitHalf(obs []observation, mazes int, rng *rand.Rand) float64 {
	var people []string
	seen := map[string]bool{}
	for _, o := range obs {
		if !seen[o.participant] {
			seen[o.participant] = true
			people = append(people, o.participant)
		}
	}
	sort.Strings(people)
	if len(people) < 4 {
		return math.NaN()
	}
	var sum float64
	n := 0
	for range 200 {
		half := map[string]bool{}
		perm := rng.Perm(len(people))
		for _, k := range perm[:len(people)/2] {
			half[people[k]] = true
		}
		var a, b []float64
		sums := make([][2]float64, mazes)
		counts := make([][2]int, mazes)
		for _, o := range obs {
			h := 0
			if half[o.participant] {
				h = 1
			}
			sums[o.maze][h] += o.z
			counts[o.maze][h]++
		}
		for j := range mazes {
			if counts[j][0] > 0 && counts[j][1] > 0 {
				a = append(a, sums[j][0]/float64(counts[j][0]))
				b = append(b, sums[j][1]/float64(counts[j][1]))
			}
		}
		if len(a) < 3 {
			continue
		}
		if r := Spearman(a, b); !math.IsNaN(r) {
			sum += 2 * r / (1 + r)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// fit fits the time model to the trials (the mazes pick, with
// repeats, or all when pick is nil): each person's time on a maze is
// their speed times w·x. It alternates the weights (non-negative least
// squares of the times divided by each person's speed) and the speeds
// (least squares per person), and returns the weights scaled so that a
// step weighs 1 (or, if steps weigh nothing, the weights summing to 1)
// with the median speed, in milliseconds per unit.
func fit(obs []observation, mazes []*mazeData, pick []int) (w []float64, speed float64) {
	copies := make([]int, len(mazes))
	if pick == nil {
		for i := range copies {
			copies[i] = 1
		}
	} else {
		for _, j := range pick {
			copies[j]++
		}
	}
	type point struct {
		person int
		x      []float64
		t      float64
	}
	var data []point
	personID := map[string]int{}
	for _, o := range obs {
		for range copies[o.maze] {
			p, ok := personID[o.participant]
			if !ok {
				p = len(personID)
				personID[o.participant] = p
			}
			data = append(data, point{p, mazes[o.maze].x, o.ms})
		}
	}
	speeds := make([]float64, len(personID))
	for i := range speeds {
		speeds[i] = 1
	}
	w = make([]float64, 4)
	rows := make([][]float64, len(data))
	y := make([]float64, len(data))
	for range 30 {
		for i, o := range data {
			rows[i] = make([]float64, len(o.x))
			for j, v := range o.x {
				rows[i][j] = float64(v * speeds[o.person])
			}
			y[i] = o.t
		}
		w = nnls(rows, y)
		num := make([]float64, len(speeds))
		den := make([]float64, len(speeds))
		for _, o := range data {
			var pred float64
			for j, v := range o.x {
				pred += float64(v * w[j])
			}
			num[o.person] += float64(o.t * pred)
			den[o.person] += float64(pred * pred)
		}
		for p := range speeds {
			if den[p] > 0 {
				speeds[p] = num[p] / den[p]
			}
		}
	}
	scale := w[0]
	if scale <= 0 {
		scale = w[0] + w[1] + w[2] + w[3]
	}
	if scale <= 0 {
		return w, math.NaN()
	}
	for j := range w {
		w[j] /= scale
	}
	ms := make([]float64, len(speeds))
	for p, s := range speeds {
		ms[p] = float64(s * scale)
	}
	slices.Sort(ms)
	return w, percentile(ms, 0.5)
}
