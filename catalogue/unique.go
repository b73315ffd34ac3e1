package catalogue

import (
	"context"
	"fmt"
	"strconv"

	"mazebook/layout"
	"mazebook/maze"
)

// MaxRedraws is how many seeds Unique tries for a book before it keeps
// the book as its spec makes it, its repeats said as without Unique.
const MaxRedraws = 20

// A Redraw is a book Unique gave another seed: its mazes, as its spec
// makes them, repeat those of a book before it.
type Redraw struct {
	// Name is the book's name (its first edition's, for a volume with
	// editions); Seed the seed it is built from now, and Was the one it
	// had; Of names the book before it whose mazes it repeated.
	Name      string
	Seed, Was uint64
	Of        string
	// Tries is how many seeds were tried; Kept says none was free of
	// repeats, and the book keeps its spec's seed.
	Tries int
	Kept  bool
}

func (r Redraw) String() string {
	if r.Kept {
		return fmt.Sprintf("%s repeats mazes of %s, and so did each of %d seeds drawn from its own: it keeps its spec's seed", r.Name, r.Of, r.Tries)
	}
	return fmt.Sprintf("%s is drawn from seed %d (the %s drawn from its seed %d): its mazes repeated %s's", r.Name, r.Seed, ordinal(r.Tries), r.Was, r.Of)
}

// ordinal names the nth seed drawn: "1st", "2nd", "3rd", "4th"...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Unique gives each book of jobs that would repeat a maze of a book
// before it (in the jobs' order) another seed, drawn from its own
// reproducibly (maze.DeriveSeed(seed, "catalogue redraw", k) for the
// first k of 1 to MaxRedraws whose mazes repeat none before), so that no
// maze is sold twice. The editions of one volume are one book here, and
// are given one seed; a book's own repeats are its plan's to avoid. The
// same jobs give the same seeds, whatever runs them: the catalogue, each
// line of --list (which passes the seed with --seed) and --manifest
// alike. Every book's mazes are made to know them (no page is drawn),
// workers at once. It returns the jobs, those redrawn with Reseed set,
// and what it redrew.
func Unique(ctx context.Context, jobs []Job, workers int) ([]Job, []Redraw, error) {
	opt := Options{Workers: workers}.withDefaults()
	made := each(ctx, jobs, opt, mazesOf)
	if ctx.Err() != nil {
		return nil, nil, context.Cause(ctx)
	}
	out := make([]Job, len(jobs))
	copy(out, jobs)
	type key struct {
		spec   string
		volume int
	}
	var order []key
	group := map[key][]int{}
	for i, j := range jobs {
		k := key{j.Spec, j.Variant.Volume}
		if _, ok := group[k]; !ok {
			order = append(order, k)
		}
		group[k] = append(group[k], i)
	}
	held := map[string]string{} // a maze: the first book holding it
	var redraws []Redraw
	for _, k := range order {
		idx := group[k]
		name := jobs[idx[0]].Name
		mazes := func(results []Result) []string {
			var all []string
			for _, r := range results {
				all = append(all, r.Mazes...)
			}
			return all
		}
		repeated := func(fps []string) string {
			for _, f := range fps {
				if of, ok := held[f]; ok {
					return of
				}
			}
			return ""
		}
		var results []Result
		for _, i := range idx {
			results = append(results, made[i])
		}
		fps := mazes(results)
		if of := repeated(fps); of != "" && made[idx[0]].Err == nil {
			sp, err := Load(jobs[idx[0]])
			if err != nil {
				return nil, nil, err
			}
			rd := Redraw{Name: name, Was: sp.Seed, Of: of, Kept: true}
			for try := 1; try <= MaxRedraws && rd.Kept; try++ {
				seed := maze.DeriveSeed(sp.Seed, "catalogue redraw", strconv.Itoa(try))
				var tried []Result
				for _, i := range idx {
					j := jobs[i]
					j.Seed, j.Reseed = seed, true
					tried = append(tried, mazesOf(ctx, j, opt, nil))
				}
				rd.Tries = try
				if f := mazes(tried); repeated(f) == "" {
					rd.Seed, rd.Kept, fps = seed, false, f
					for _, i := range idx {
						out[i].Seed, out[i].Reseed = seed, true
					}
				}
			}
			redraws = append(redraws, rd)
		}
		for _, f := range fps {
			if _, ok := held[f]; !ok {
				held[f] = name
			}
		}
	}
	return out, redraws, nil
}

// mazesOf makes the mazes of a job's book, drawing no page, and returns
// a result with their fingerprints (or why it could not). Without a
// budget (nil), it takes none.
func mazesOf(ctx context.Context, j Job, opt Options, mem *budget) Result {
	r, sp, p := planJob(j)
	if r.Err != nil {
		return r
	}
	if mem != nil {
		need := p.Cost().Bytes
		mem.take(need)
		defer mem.give(need)
	}
	b, err := layout.Make(sp, layout.Options{Context: ctx})
	if err != nil {
		r.Err = err
		return r
	}
	r.Mazes = Fingerprints(b)
	return r
}
