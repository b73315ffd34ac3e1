package catalogue

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout"
)

// A Redraw is a book some of whose mazes Unique drew again: as its spec
// makes them, they repeat mazes of a book before it.
type Redraw struct {
	// Name is the book's name; Of names the book before it whose mazes
	// it repeated (the first, when they were several).
	Name string
	Of   string
	// Mazes are the book's mazes drawn again, by number (from 1, in its
	// plan's order); Kept those of them that still repeat a maze of a
	// book before, each of MaxRedraws drawn in their place having done
	// so too (see layout.MaxRedraws).
	Mazes, Kept []int
}

func (r Redraw) String() string {
	they := "they"
	if len(r.Mazes) == 1 {
		they = "it"
	}
	s := fmt.Sprintf("%s: %s drawn again (%s), as %s repeated %s's", r.Name, say.Plural(len(r.Mazes), "%d maze", "%d mazes"), numbers(r.Mazes), they, r.Of)
	if len(r.Kept) > 0 {
		s += fmt.Sprintf("; kept, still repeating a maze of a book before as each of %d drawn in place did: %s", layout.MaxRedraws, numbers(r.Kept))
	}
	return s
}

// numbers lists maze numbers: "maze 3", "mazes 3, 7 and 9".
func numbers(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	if len(ns) == 1 {
		return "maze " + words[0]
	}
	return "mazes " + strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Unique draws again each maze of jobs that repeats a maze of a book
// before it (in the jobs' order), as a maze that repeats an earlier maze
// of its own book is drawn again (see layout.Options.Avoid): from seeds
// derived from its own and the attempt, the book's other mazes as its
// spec makes them, so that no maze is sold twice. The editions of one
// volume, which hold the same mazes, are not held to each other. The
// same jobs give the same redraws, whatever runs them: the catalogue,
// each line of --list (which passes them with --redraw) and --manifest
// alike. Every book's mazes are made to know them (no page is drawn),
// workers at once; a book that repeats is then made again, alone, in the
// jobs' order. It returns the jobs, those redrawn with Redraws set (see
// spec.Book.Redraws), and what it redrew.
func Unique(ctx context.Context, jobs []Job, workers int) ([]Job, []Redraw, error) {
	opt := Options{Workers: workers}.withDefaults()
	made := each(ctx, jobs, opt, mazesOf)
	if ctx.Err() != nil {
		return nil, nil, context.Cause(ctx)
	}
	out := slices.Clone(jobs)
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
		var fps []string
		for _, i := range group[k] {
			r := made[i]
			of := ""
			for _, f := range r.Mazes {
				if b, ok := held[f]; ok {
					of = b
					break
				}
			}
			if of == "" || r.Err != nil {
				fps = append(fps, r.Mazes...)
				continue
			}
			sp, err := Load(jobs[i])
			if err != nil {
				return nil, nil, err
			}
			b, err := layout.Make(sp, layout.Options{Context: ctx, Avoid: func(f string) bool { _, ok := held[f]; return ok }})
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", jobs[i].Name, err)
			}
			rd := Redraw{Name: jobs[i].Name, Of: of}
			for _, m := range slices.Sorted(maps.Keys(b.Redrawn)) {
				rd.Mazes = append(rd.Mazes, m+1)
			}
			for _, m := range b.Avoided {
				rd.Kept = append(rd.Kept, m+1)
			}
			out[i].Redraws = b.Redrawn
			redraws = append(redraws, rd)
			fps = append(fps, Fingerprints(b)...)
		}
		for _, f := range fps {
			if _, ok := held[f]; !ok {
				held[f] = jobs[group[k][0]].Name
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
