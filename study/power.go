package study

import (
	"math"
	"sort"
)

// Needed is how many mazes a study needs to tell the score from the
// solution's length: to find, at the 5% level four times in five (a
// power of 80%), that the one ranks the times better than the other,
// when they rank them as Score and Length say. It is the sample size of
// Steiger's (1980) test of two correlations that share a variable (here
// the times) on Fisher's z, each z's variance widened by 1 + r²/2 for a
// rank correlation (Bonett and Wright 2000); Between is how the score
// and the length rank each other over the mazes.
type Needed struct {
	// Mazes is the number; 0 when no number of mazes would tell them
	// apart (they rank the times alike), and MaxNeeded when it is more.
	Mazes int
	// Score and Length are the correlations assumed; FromData says they
	// are the trials' own (a study of MinMazes mazes or more), else they
	// are the planning figures (AssumedScore, AssumedLength,
	// AssumedBetween): assumptions for sizing a study, not a result.
	Score, Length, Between float64
	FromData               bool
}

// The planning figures, used to size a study while its own mazes are too
// few to say (docs/study.md, Sources): how the score and the solution's
// length may rank people's times, and how they rank each other. Only the
// last is measured by mazebook (over 14 generators at 20x20, in
// TestScoreWithinOneSize); the length's 0.84 is a figure mazebook's
// sources report, for recorded trials of 15x15 mazes, without naming the
// recordings; the score's 0.80 is an assumption a little below it. None
// is a published result to cite.
const (
	AssumedScore   = 0.80
	AssumedLength  = 0.84
	AssumedBetween = 0.78
)

// MaxNeeded is the most mazes Needed counts to.
const MaxNeeded = 100000

// MazesFor returns how many mazes tell apart two rank correlations with
// the times, score and length, that rank each other at between (see
// Needed): 0 when they are the same, and at most MaxNeeded.
func MazesFor(score, length, between float64) int {
	clamp := func(r float64) float64 { return math.Max(-0.999, math.Min(0.999, r)) }
	score, length, between = clamp(score), clamp(length), clamp(between)
	if det := 1 - float64(score*score) - float64(length*length) - float64(between*between) + float64(2*score*float64(length*between)); det <= 0 {
		// Three correlations no data can have together (a few mazes'
		// noise): the length as far from the score as the times allow.
		between = float64(score * length)
	}
	dz := math.Abs(math.Atanh(score) - math.Atanh(length))
	if dz < 1e-6 {
		return 0
	}
	// Steiger's covariance of the two z's, at their mean correlation.
	r := (score + length) / 2
	r2 := float64(r * r)
	c := (float64(between*(1-2*r2)) - float64(0.5*r2*(1-2*r2-float64(between*between)))) / float64((1-r2)*(1-r2))
	spread := float64((2 - 2*c) * (1 + r2/2))
	const z = 1.959964 + 0.841621 // 5% two-sided, 80% power
	n := 3 + float64(spread*(z/dz)*(z/dz))
	if math.IsNaN(n) || n > MaxNeeded {
		return MaxNeeded
	}
	return int(math.Ceil(n))
}

// mazesNeeded says how many mazes a study like rep's needs (see
// Needed): from its own correlations when it has enough mazes, else from
// the planning figures.
func mazesNeeded(rep *Report, mazes []*mazeData) Needed {
	nd := Needed{Score: AssumedScore, Length: AssumedLength, Between: AssumedBetween}
	if len(mazes) >= MinMazes {
		score := make([]float64, len(mazes))
		length := make([]float64, len(mazes))
		for i, m := range mazes {
			score[i], length[i] = m.measures[0], m.measures[1]
		}
		if r := Spearman(score, length); !math.IsNaN(r) {
			nd.Between = r
		}
	}
	if !rep.TooFew && len(rep.Ranks) >= 2 && !math.IsNaN(rep.Ranks[0].Rho) && !math.IsNaN(rep.Ranks[1].Rho) {
		nd.Score, nd.Length, nd.FromData = rep.Ranks[0].Rho, rep.Ranks[1].Rho, true
	}
	nd.Mazes = MazesFor(nd.Score, nd.Length, nd.Between)
	return nd
}

// ViewTrials are the trials of one view (see Trial.View).
type ViewTrials struct {
	View   string
	Trials []Trial
}

// ByView splits trials by the view they were played in, in the order of
// Views, the trials that recorded none last: Calibrate keeps the views
// apart, as a maze lit by a torch is another task than a maze seen
// whole.
func ByView(trials []Trial) []ViewTrials {
	groups := map[string][]Trial{}
	for _, t := range trials {
		groups[t.View] = append(groups[t.View], t)
	}
	var out []ViewTrials
	for _, v := range append(Views, "") {
		if len(groups[v]) > 0 {
			out = append(out, ViewTrials{v, groups[v]})
			delete(groups, v)
		}
	}
	// A view no trial may record (Read skips them) is kept apart too.
	var rest []string
	for v := range groups {
		rest = append(rest, v)
	}
	sort.Strings(rest)
	for _, v := range rest {
		out = append(out, ViewTrials{v, groups[v]})
	}
	return out
}

// Predict is how many mazes a study needs to find that the score ranks
// the people's times at all: that a rank correlation of Rho differs
// from none at the 5% level four times in five (a power of 80%), on
// Fisher's z with its variance widened by 1 + r²/2 for a rank
// correlation (Bonett and Wright 2000). Rho is the study's own (a study
// of MinMazes mazes or more, FromData), else the planning figures.
type Predict struct {
	Mazes    int
	Rho      float64
	FromData bool
}

// MazesToFind returns how many mazes find a rank correlation of rho
// with the times (see Predict): at most MaxNeeded, and MaxNeeded for
// none.
func MazesToFind(rho float64) int {
	rho = math.Max(-0.999, math.Min(0.999, rho))
	dz := math.Abs(math.Atanh(rho))
	if dz < 1e-6 {
		return MaxNeeded
	}
	const z = 1.959964 + 0.841621 // 5% two-sided, 80% power
	n := 3 + float64((1+float64(rho*rho)/2)*(z/dz)*(z/dz))
	if math.IsNaN(n) || n > MaxNeeded {
		return MaxNeeded
	}
	return int(math.Ceil(n))
}

// predictNeeded says how many mazes a study like rep's needs to find
// that the score ranks the times.
func predictNeeded(rep *Report) Predict {
	p := Predict{Rho: AssumedScore}
	if !rep.TooFew && len(rep.Ranks) > 0 && !math.IsNaN(rep.Ranks[0].Rho) {
		p.Rho, p.FromData = rep.Ranks[0].Rho, true
	}
	p.Mazes = MazesToFind(p.Rho)
	return p
}
