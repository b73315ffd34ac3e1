// Package layout builds a maze book: a spec (package spec) becomes a plan
// of pages and mazes (package plan); the plan's mazes are made, each held
// to its difficulty level; and each page is drawn as a display list
// (package display) for a backend (pdf, svg, png) to write. Each stage is
// a pure function of the one before: the same spec gives the same pages.
package layout

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"sync"

	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// Book is a book whose mazes are made: its plan, and for each maze of the
// plan the maze made for it. Its pages are drawn one at a time by Page.
type Book struct {
	Plan  *plan.Plan
	Mazes []Made
	// Pages holds every page when the book was made by Build; Make leaves
	// it empty.
	Pages []display.Page
	// Placed says, in a book made by Build, where each maze was drawn on
	// its puzzle page; AnswerPlaced, on its answer page (a maze without
	// an answer has the zero Placement). Make leaves them empty: a page
	// drawn by Draw says where its mazes were placed.
	Placed, AnswerPlaced []Placement
	// Scenery holds, in a book made by Build, the boxes each page's
	// theme's scene inks (see scene.go): nil on a page without one.
	Scenery [][]display.Box
	// Redrawn are the mazes drawn again, each by the index of its plan
	// entry (in the plan's order, from 0) with the attempt it was drawn
	// from at last (see spec.Book.Redraws): those that repeated an
	// earlier maze of the book, one the spec's Redraws name, one that
	// repeated a maze Options.Avoid names. nil when none was.
	Redrawn map[int]int
	// Avoided are the mazes (by plan index) that still repeat a maze
	// Options.Avoid names, MaxRedraws others drawn in their place having
	// done so too.
	Avoided []int

	progress func(done, total int)
	avoid    func(fingerprint string) bool
	mu       sync.Mutex // guards done
	done     int
}

// Made is a maze made for a plan entry.
type Made struct {
	// Recipe is the recipe the maze was made from: the plan's, or the
	// candidate held to the maze's level.
	Recipe maze.Recipe
	Maze   *maze.Maze
	// Solutions are the solver's paths, one for each part of the maze
	// (see maze.Maze.Parts): one, but for a mask whose islands are kept
	// apart.
	Solutions [][]int
	// Walks are, when the answer key shows them (answers.show_walk) and
	// the solver walks (see maze.Solver.Walks), the cells it stepped on
	// for each part, in order; nil otherwise.
	Walks  [][]int
	Rating Rating
	// Seen is what the candidate search saw before it chose this maze:
	// every candidate it rated, this one included (one, for a maze held
	// to no level).
	Seen Seen
}

// Seen sums up the candidates the search for a maze rated.
type Seen struct {
	// Candidates is how many were rated; Effort their mean effort (see
	// difficulty.Effort).
	Candidates int
	Effort     float64
}

// Placement is where a maze is drawn: the index of its page, the page
// position of its grid's (0, 0) corner, and the size of a grid unit; the
// box of its slot, the box its walls and marks ink (the same on its puzzle
// and its answer) and the box its caption inks (text and stars; the zero
// Box without one).
type Placement struct {
	Page    int
	Origin  display.Point
	Cell    float64
	Slot    display.Box
	Ink     display.Box
	Caption display.Box
	// Marks are the marks drawn at its doors (see draw.Mark), with the
	// shapes markers.
	Marks []draw.Mark
	// Tick is the box of the tick box beside a young child's puzzle (see
	// TickMost); the zero Box for none.
	Tick display.Box
	// Turned is whether the maze is drawn turned a quarter anticlockwise
	// (an answer the key turns, see plan.Maze.AnswerTurned): Origin and
	// Cell are then those of the maze's Turned grid.
	Turned bool
}

// Options adjust how a book is made.
type Options struct {
	Edition plan.Edition
	// Progress, when not nil, is told the work done so far and the whole
	// work, in mazes made and pages drawn, as the build goes on. It is
	// called from one goroutine at a time.
	Progress func(done, total int)
	// Context, when not nil, stops the work when it is done (a deadline,
	// a client gone): Make and Build then return its error, wrapped, as
	// soon as the mazes or the page in hand are finished.
	Context context.Context
	// Budget is the most memory the book may take to build, in bytes, by
	// its plan's estimate (see plan.MakeWithin); 0 is plan.MaxBookBytes,
	// the command line's.
	Budget float64
	// Avoid, when not nil, names the fingerprints (see
	// maze.Maze.Fingerprint) of mazes the book is not to hold, as a
	// catalogue's --unique avoids the mazes of the books before it: a
	// maze that is one of them is drawn again, as one that repeats an
	// earlier maze of its book is (see Book.Redrawn), and kept (see
	// Book.Avoided) when MaxRedraws others drawn in its place are too.
	Avoid func(fingerprint string) bool
}

// stopped returns the error of a build whose context is done, or nil.
func stopped(ctx context.Context) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return say.Errorf("the build was stopped: %w", context.Cause(ctx))
}

// Build makes a book and draws every page into Pages: for library users
// and tests that want the whole book at once.
func Build(s *spec.Book, opt Options) (*Book, error) {
	b, err := Make(s, opt)
	if err != nil {
		return nil, err
	}
	n := len(b.Plan.Mazes)
	b.Pages = make([]display.Page, 0, len(b.Plan.Pages))
	b.Placed, b.AnswerPlaced, b.Scenery = make([]Placement, n), make([]Placement, n), make([][]display.Box, len(b.Plan.Pages))
	for i, pp := range b.Plan.Pages {
		if err := stopped(opt.Context); err != nil {
			return nil, err
		}
		d, err := b.Draw(i)
		if err != nil {
			return nil, err
		}
		b.Pages = append(b.Pages, d.Page)
		b.Scenery[i] = d.Scenery
		placed := b.Placed
		if pp.Kind == plan.AnswerPage {
			placed = b.AnswerPlaced
		}
		for mi, at := range d.Placed {
			placed[mi] = at
		}
	}
	return b, nil
}

// Make plans the book s describes and makes its mazes (on all cores; each
// maze depends only on its own recipe, so the result is the same however
// the work is shared), but draws no page: Page draws them one at a time,
// so that a big book need not hold every page's drawing at once.
func Make(s *spec.Book, opt Options) (*Book, error) {
	p, err := plan.MakeWithin(s, opt.Edition, opt.Budget)
	if err != nil {
		return nil, err
	}
	n := len(p.Mazes)
	b := &Book{Plan: p, progress: opt.Progress, avoid: opt.Avoid, Mazes: make([]Made, n)}
	if err := b.makeAll(opt.Context); err != nil {
		return nil, err
	}
	return b, nil
}

// report counts one more unit of work done and tells the progress
// function, if any.
func (b *Book) report() {
	if b.progress == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done++
	b.progress(b.done, len(b.Plan.Mazes)+len(b.Plan.Pages))
}

// makeAll makes every maze of the plan on all cores, until ctx (when not
// nil) is done: first the first maze of each level of each section held
// to levels, so that a level its shape cannot reach on the page (or
// reaches only with walks, not puzzles) is said at the spec's line before
// the rest are made; then the others.
func (b *Book) makeAll(ctx context.Context) error {
	n := len(b.Plan.Mazes)
	if err := b.checkRedraws(); err != nil {
		return err
	}
	errs := make([]error, n)
	first, rest := b.firstOfLevels()
	b.makeSome(ctx, first, errs)
	if err := stopped(ctx); err != nil {
		return err
	}
	if err := b.sayUnmade(errs); err != nil {
		return err
	}
	var walks spec.Errors
	for _, i := range first {
		if sec := &b.Plan.Spec.Sections[b.Plan.Mazes[i].Section]; sec.Shape != maze.Rectangle && sec.Mask == nil && !enjoyable(b.Mazes[i]) {
			walks = append(walks, b.walk(i))
		}
	}
	if len(walks) > 0 {
		return walks.Sorted()
	}
	b.makeSome(ctx, rest, errs)
	if err := stopped(ctx); err != nil {
		return err
	}
	if err := b.sayUnmade(errs); err != nil {
		return err
	}
	if err := b.unique(ctx); err != nil {
		return err
	}
	b.sortRising()
	return nil
}

// firstOfLevels returns the indexes of the first maze of each level of
// each section held to levels (but a blank grid's), and those of the
// others.
func (b *Book) firstOfLevels() (first, rest []int) {
	seen := map[[2]int]bool{}
	for i, mp := range b.Plan.Mazes {
		key := [2]int{mp.Section, mp.Level}
		if mp.Level > 0 && !seen[key] && b.Plan.Spec.Sections[mp.Section].Sheet != spec.SheetBlank {
			seen[key] = true
			first = append(first, i)
			continue
		}
		rest = append(rest, i)
	}
	return first, rest
}

// makeSome makes the mazes of the plan at indexes on all cores, each
// one's error in errs, until ctx (when not nil) is done.
func (b *Book) makeSome(ctx context.Context, indexes []int, errs []error) {
	workers := min(runtime.GOMAXPROCS(0), len(indexes))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				b.Mazes[i], errs[i] = makeMaze(ctx, b.Plan, i)
				b.report()
			}
		}()
	}
	for _, i := range indexes {
		if stopped(ctx) != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
}

// sayUnmade returns the errors of the mazes that could not be made; the
// mazes of a section that no candidate could hold to their levels for
// one cause (see why) are said once, together, in one short line at the
// field that would mend them; nil when every maze was made.
func (b *Book) sayUnmade(errs []error) error {
	var specErrs spec.Errors
	type groupKey struct {
		section int
		cause   cause
	}
	groups := map[groupKey][]*Unreachable{}
	for _, err := range errs {
		var u *Unreachable
		if errors.As(err, &u) {
			key := groupKey{b.Plan.Mazes[u.Maze].Section, u.cause()}
			groups[key] = append(groups[key], u)
		}
	}
	for _, err := range errs {
		var se *spec.Error
		var u *Unreachable
		switch {
		case errors.As(err, &u):
			if g := groups[groupKey{b.Plan.Mazes[u.Maze].Section, u.cause()}]; g[0] == u {
				specErrs = append(specErrs, unreachable(b.Plan, g))
			}
		case errors.As(err, &se):
			specErrs = append(specErrs, se)
		case err != nil:
			return err
		}
	}
	if len(specErrs) > 0 {
		return specErrs.Sorted()
	}
	return nil
}

// walk says, at the section's shape (or its difficulty or ages), that
// maze i, the first of its level, is a walk and not a puzzle, as every
// candidate of its level was (see enjoyable): a two-ring circle for ages
// 4-6 has no choice to make on its way through. A higher level (larger
// mazes) or a rectangle is a puzzle. It is said of shapes other than the
// rectangle (whose walks come of too little room on the page, a plan's
// matter).
func (b *Book) walk(i int) *spec.Error {
	p := b.Plan
	mp := p.Mazes[i]
	sec := &p.Spec.Sections[mp.Section]
	path := ""
	for _, key := range []string{"shape", "size", "difficulty", "ages"} {
		if p.Spec.Given(sec.Path(key)) {
			path = sec.Path(key)
			break
		}
	}
	if path == "" {
		path = sec.Path("difficulty")
	}
	higher := min(mp.Level+1, maze.MaxLevel)
	return p.Spec.ErrorAt(path, "%s: at level %d every %s is a walk, with no choice to make: give a higher level (difficulty: %d), a larger size, or shape: rectangle",
		sec.Name(), mp.Level, sec.Shape, higher)
}

// MaxRedraws is how many times a maze that repeats an earlier maze of its
// book is drawn again before the book is refused.
const MaxRedraws = 64

// unique draws again, in the plan's order, each maze that repeats an
// earlier maze of the book (the same maze.Maze.Fingerprint), from seeds
// derived from its own (its slot's) and the attempt, so that no maze is
// printed twice and the book is the same every time. A maze the spec's
// Redraws name is drawn from its attempt first; one that is a maze the
// book is to avoid (Options.Avoid) is drawn again as one that repeats.
// Blank grids, alike by design, are left as they are. A section whose
// mazes are too small to differ is a spec error at its size; a maze that
// keeps repeating only mazes to avoid is kept (see Book.Avoided).
func (b *Book) unique(ctx context.Context) error {
	// Only mazes of one grid can be the same maze: fingerprint those
	// (all of them, when there are mazes to avoid or redraws given).
	type gridKey struct {
		kind  string
		cells int
	}
	keyOf := func(m *maze.Maze) gridKey { return gridKey{fmt.Sprintf("%T", m.Grid), m.Grid.Cells()} }
	alike := map[gridKey]int{}
	for i, made := range b.Mazes {
		if b.drawn(i) {
			alike[keyOf(made.Maze)]++
		}
	}
	given := b.Plan.Spec.Redraws
	avoid := b.avoid
	if avoid == nil {
		avoid = func(string) bool { return false }
	}
	redrawn := func(i, attempt int) {
		if b.Redrawn == nil {
			b.Redrawn = map[int]int{}
		}
		b.Redrawn[i] = attempt
	}
	seen := map[string]bool{}
	for i := range b.Mazes {
		if !b.drawn(i) {
			continue
		}
		at := 0
		if a := given[i]; a > 0 {
			made, err := redraw(ctx, b.Plan, i, a)
			if err != nil {
				return err
			}
			if made.Maze != nil {
				b.Mazes[i], at = made, a
				redrawn(i, a)
			}
		}
		if alike[keyOf(b.Mazes[i].Maze)] < 2 && b.avoid == nil {
			continue
		}
		f := b.Mazes[i].Maze.Fingerprint()
		for attempt := at + 1; seen[f] || avoid(f); attempt++ {
			mp := b.Plan.Mazes[i]
			if attempt > at+MaxRedraws {
				if !seen[f] {
					b.Avoided = append(b.Avoided, i) // it repeats only a maze to avoid
					break
				}
				sec := &b.Plan.Spec.Sections[mp.Section]
				key := sec.Path("size")
				if !b.Plan.Spec.Given(key) {
					key = sec.Path("count")
				}
				return spec.Errors{b.Plan.Spec.ErrorAt(key, "%s: its mazes are too small to differ, so maze %d repeats another: give a larger size or fewer mazes", sec.Name(), mp.Number)}
			}
			made, err := redraw(ctx, b.Plan, i, attempt)
			if err != nil {
				return err
			}
			if made.Maze == nil {
				continue // this draw reached no maze of its level
			}
			b.Mazes[i] = made
			redrawn(i, attempt)
			f = made.Maze.Fingerprint()
		}
		seen[f] = true
	}
	return nil
}

// drawn reports whether maze i of the book prints as itself: every maze
// but a blank grid's.
func (b *Book) drawn(i int) bool {
	return b.Mazes[i].Maze != nil && b.Plan.Spec.Sections[b.Plan.Mazes[i].Section].Sheet != spec.SheetBlank
}

// checkRedraws refuses redraws (spec.Book.Redraws) of mazes the book
// does not have, or does not draw (a blank grid), before any maze is
// made: a redraw of maze 99 in a book of 40 is a mistake to say, not to
// pass over.
func (b *Book) checkRedraws() error {
	n := len(b.Plan.Mazes)
	nums := make([]int, 0, len(b.Plan.Spec.Redraws))
	for i := range b.Plan.Spec.Redraws {
		nums = append(nums, i)
	}
	sort.Ints(nums)
	for _, i := range nums {
		switch {
		case i < 0 || i >= n:
			return say.Errorf("maze %d is to be drawn again, but the book has %v", i+1, say.Plural(n, "%d maze", "%d mazes"))
		case b.Plan.Spec.Sections[b.Plan.Mazes[i].Section].Sheet == spec.SheetBlank:
			return say.Errorf("maze %d is to be drawn again, but it is a blank grid, which is never drawn", i+1)
		}
	}
	return nil
}

// redraw makes maze i of a plan again, for the attempt-th time (from 1),
// as makeMaze does but from candidates whose seeds are derived from its
// own and the attempt; it returns no maze when none reaches its level.
func redraw(ctx context.Context, p *plan.Plan, i, attempt int) (Made, error) {
	mp := p.Mazes[i]
	sec := &p.Spec.Sections[mp.Section]
	walks := p.Answers && p.Spec.Answers.ShowWalk
	made, _, _, err := search(ctx, func(k int) maze.Recipe {
		r := p.Candidate(i, k)
		r.Seed = maze.DeriveSeed(r.Seed, "redraw", strconv.Itoa(attempt))
		return r
	}, p.Spec.People, mp.Level, sec.Solver, walks)
	if err != nil {
		return Made{}, say.Errorf("maze %d: %w", mp.Number, err)
	}
	return made, nil
}

// sortRising orders the mazes of every section whose difficulty rises by
// score among the positions planned for mazes of one size, so that none
// scores less than the one before it of its size. Each maze was made in
// the band of its position's level and at its position's size; the bands
// are ordered and the levels rise with the position, so every maze keeps
// to its band, and to the size its slot was planned for: a maze grown
// for a short page (see plan.growShortPages), or one larger than the one
// before as its section grows, never lands in another's slot (the last
// page's lone maze swapped into a slot of two ran past the trim).
func (b *Book) sortRising() {
	type group struct {
		section, level int
		size           maze.Size
		cell           float64
	}
	for si, sec := range b.Plan.Spec.Sections {
		if sec.ToLevel <= sec.FromLevel {
			continue
		}
		var order []group
		idx := map[group][]int{}
		for i, mp := range b.Plan.Mazes {
			if mp.Section == si {
				g := group{si, mp.Level, mp.Recipe.Size, mp.Cell}
				if _, ok := idx[g]; !ok {
					order = append(order, g)
				}
				idx[g] = append(idx[g], i)
			}
		}
		for _, g := range order {
			made := make([]Made, len(idx[g]))
			for k, i := range idx[g] {
				made[k] = b.Mazes[i]
			}
			sort.SliceStable(made, func(x, y int) bool { return made[x].Rating.Score < made[y].Rating.Score })
			for k, i := range idx[g] {
				b.Mazes[i] = made[k]
			}
		}
	}
}

// Candidates is how many seeds the builder tries for a maze held to a
// difficulty level before it gives up.
const Candidates = 64

// MakeMaze makes maze i of a plan, solves it and rates it. A maze held to
// a level is the first candidate (see plan.Candidate) whose score falls in
// the level's band and that a child enjoys (see enjoyable), or failing
// that the first in the band; one that no candidate reaches is a spec
// error at the section's difficulty.
func MakeMaze(p *plan.Plan, i int) (Made, error) {
	return makeMaze(context.Background(), p, i)
}

// makeMaze is MakeMaze stopped between candidates when ctx (when not
// nil) is done: a maze held to a level may try Candidates of them, each
// as big as the budget allows.
func makeMaze(ctx context.Context, p *plan.Plan, i int) (Made, error) {
	mp := p.Mazes[i]
	sec := &p.Spec.Sections[mp.Section]
	walks := p.Answers && p.Spec.Answers.ShowWalk
	made, low, high, err := search(ctx, func(k int) maze.Recipe { return p.Candidate(i, k) }, p.Spec.People, mp.Level, sec.Solver, walks)
	if err != nil {
		return Made{}, say.Errorf("maze %d: %w", mp.Number, err)
	}
	if made.Maze == nil {
		return Made{}, &Unreachable{plan: p, Maze: i, Low: low, High: high}
	}
	return made, nil
}

// MakeAtLevel makes a maze from recipe r held to a difficulty level (1 to
// maze.MaxLevel) as a book's mazes are: r itself or, failing that, the
// first of Candidates recipes with seeds derived from r's whose score
// falls in the level's band and that a child enjoys (see enjoyable). It
// is solved by solver. A level no candidate reaches is an error that says
// what the candidates scored.
func MakeAtLevel(r maze.Recipe, level int, solver string) (Made, error) {
	if level < 1 || level > maze.MaxLevel {
		return Made{}, say.Errorf("level %d is not from 1 to %d", level, maze.MaxLevel)
	}
	made, low, high, err := search(context.Background(), func(k int) maze.Recipe {
		if k > 0 {
			r.Seed = maze.DeriveSeed(r.Seed, "candidate", strconv.Itoa(k))
		}
		return r
	}, difficulty.People(), level, solver, false)
	if err != nil || made.Maze != nil {
		return made, err
	}
	band := difficulty.Levels()[level-1]
	return Made{}, say.Errorf("none of %d candidate mazes reaches level %d (a score from %.0f to %.0f): they score %.1f to %.1f; give another size or algorithm", Candidates, level, band.Min, band.Max, low, high)
}

// search makes the candidates recipe(0), recipe(1), ... of a maze held
// to level (0: none, the first is taken), rated for people, and returns the first in the
// level's band that a child enjoys, or the first in the band, solved by
// solver (with its walks when walks is true and it walks). When none is
// in the band, it returns no maze and the lowest and highest scores seen.
// It stops before each candidate once ctx (when not nil) is done.
func search(ctx context.Context, recipe func(k int) maze.Recipe, people []difficulty.Person, level int, solver string, walks bool) (made Made, low, high float64, err error) {
	low, high = math.Inf(1), math.Inf(-1) // the scores seen, for the error
	var first *Made                       // the first in the band
	var seen Seen
	for k := 0; k < Candidates; k++ {
		if err := stopped(ctx); err != nil {
			return Made{}, 0, 0, err
		}
		r := recipe(k)
		m, err := maze.Make(r)
		if err != nil {
			return Made{}, 0, 0, err
		}
		made := Made{Recipe: r, Maze: m, Rating: RateFor(m, people)}
		seen.Effort += (made.Rating.Effort - seen.Effort) / float64(seen.Candidates+1)
		seen.Candidates++
		made.Seen = seen
		if level > 0 {
			band := difficulty.Levels()[level-1]
			if s := made.Rating.Score; s < band.Min || s >= band.Max {
				low, high = math.Min(low, s), math.Max(high, s)
				continue
			}
		}
		sols, err := m.SolveEach(solver)
		if err != nil {
			return Made{}, 0, 0, err
		}
		for _, sol := range sols {
			made.Solutions = append(made.Solutions, sol.Path)
			if sol.Walk != nil && walks {
				made.Walks = append(made.Walks, sol.Walk)
			}
		}
		if level == 0 || enjoyable(made) {
			return made, low, high, nil
		}
		if first == nil {
			first = &made
		}
	}
	if first != nil {
		first.Seen = seen
		return *first, low, high, nil
	}
	return Made{}, low, high, nil
}

// Unreachable is the error of a maze held to a level that none of its
// candidates reached: its index in the plan and the lowest and highest
// scores they had. It unwraps to the spec error that says so at the
// section's difficulty.
type Unreachable struct {
	plan      *plan.Plan
	Maze      int
	Low, High float64
}

func (u *Unreachable) Error() string { return u.Unwrap().Error() }

// Unwrap returns the spec error for this maze alone.
func (u *Unreachable) Unwrap() error { return unreachable(u.plan, []*Unreachable{u}) }

// enjoyable reports whether a maze is a puzzle rather than a walk: its
// way through has a real choice to make, whichever end a child starts
// from, and does not simply run round the edge of the maze (every cell of
// a part's solution on its outer border).
func enjoyable(made Made) bool {
	mt := made.Rating.Metrics
	if mt.Decisions < 1 || mt.DecisionsFromExit < 1 {
		return false
	}
	g := made.Maze.Grid
	for _, path := range made.Solutions {
		inner := false
		for _, c := range path {
			onBorder := false
			for s := 0; s < g.Sides(c) && !onBorder; s++ {
				onBorder = g.Neighbor(c, s) == maze.Border
			}
			if !onBorder {
				inner = true
				break
			}
		}
		if !inner {
			return false
		}
	}
	return true
}

// A cause is why no candidate of a maze reached its level.
type cause int

const (
	sizeTooSmall cause = iota // the size given is too small for the level
	sizeTooLarge              // the size given is too large for the level
	roomTooSmall              // the room on the page caps the mazes' size
	tooHard                   // every candidate is harder than the level
	missed                    // candidates on both sides of the level
)

// cause returns why the maze's candidates missed its level.
func (u *Unreachable) cause() cause {
	mp := u.plan.Mazes[u.Maze]
	band := difficulty.Levels()[mp.Level-1]
	sized := u.plan.Spec.Sections[mp.Section].Size.W > 0
	switch {
	case u.High < band.Min && sized:
		return sizeTooSmall
	case u.Low >= band.Max && sized:
		return sizeTooLarge
	case u.High < band.Min:
		return roomTooSmall
	case u.Low >= band.Max:
		return tooHard
	}
	return missed
}

// unreachable says, in one short line at the field that would mend it,
// why no candidate of some mazes of a section reached their levels, all
// for one cause: the size given is too small or too large (said at the
// size), or the room on the page caps how large, and so how hard, a maze
// can be (said at the difficulty, with the highest level the room
// allows, or at the ages that set big cells). The scores the candidates
// had are the Unreachable errors' own, for a program to read.
func unreachable(p *plan.Plan, us []*Unreachable) *spec.Error {
	mp := p.Mazes[us[0].Maze]
	sec := &p.Spec.Sections[mp.Section]
	why := us[0].cause()
	// The level said: for a size too small the lowest out of reach (and
	// for a room too small the one below it is the highest it allows);
	// for a size too large the highest.
	level := mp.Level
	for _, u := range us {
		l := p.Mazes[u.Maze].Level
		if (why == sizeTooLarge) == (l > level) {
			level = l
		}
	}
	named := say.T("level %d", level)
	if name := spec.DifficultyName(level); name != "" {
		named = say.T("level %d, %s", level, say.T(name))
	}
	path := sec.Path("difficulty")
	if !p.Spec.Given(path) && p.Spec.Given(sec.Path("ages")) {
		path = sec.Path("ages")
	}
	shape, _ := maze.LookupShape(mp.Recipe.Shape)
	size := shape.Format(mp.Recipe.Size)
	top := level - 1
	var t say.Text
	switch {
	case why == sizeTooSmall:
		path, t = sec.Path("size"), say.T("%s is too small for its level (%s): give a larger size, ask for a lower level, or leave the size out", size, named)
	case why == sizeTooLarge:
		path, t = sec.Path("size"), say.T("%s is too large for its level (%s): give a smaller size, ask for a higher level, or leave the size out", size, named)
	case why == roomTooSmall && top < 1:
		t = say.T("no maze fits this page at a size hard enough for %s: use a larger page or fewer mazes a page", named)
	case why == roomTooSmall && sec.Shape != maze.Rectangle && sec.Mask == nil:
		// A rectangle has the most cells for its room.
		t = say.T("a %s here can be no harder than level %d: choose levels up to %d, a rectangle, or fewer mazes a page", sec.Shape, top, top)
	case why == roomTooSmall && sec.Ages != "" && sec.PerPage > 1:
		t = say.T("for ages %s the cells are big, so at %d a page no maze can be harder than level %d: choose levels up to %d, or fewer mazes a page", sec.Ages, sec.PerPage, top, top)
	case why == roomTooSmall && sec.Ages != "":
		t = say.T("for ages %s the cells are big, so no maze on this page can be harder than level %d: choose levels up to %d, or a larger page", sec.Ages, top, top)
	case why == roomTooSmall && sec.PerPage > 1:
		t = say.T("at %d a page no maze can be harder than level %d: choose levels up to %d, or fewer mazes a page", sec.PerPage, top, top)
	case why == roomTooSmall:
		t = say.T("no maze on this page can be harder than level %d: choose levels up to %d, or a larger page", top, top)
	case why == tooHard:
		t = say.T("every maze that fits here is harder than %s: ask for a higher level, or give a smaller size", named)
	default:
		t = say.T("no maze of this size reaches %s: give another size or algorithm", named)
	}
	return p.Spec.ErrorAt(path, "%s: %s", sec.Name(), t)
}

// Rating is how difficult a maze measured: its metrics, each person
// setting's expected steps, its effort, score and level (see
// difficulty.Difficulty).
type Rating = difficulty.Difficulty

// Rate measures a maze along its shortest solution (each of its parts
// along its own) and scores it (see difficulty.Rate).
func Rate(m *maze.Maze) Rating {
	return difficulty.Rate(m, m.SolutionParts())
}

// RateFor is Rate for the given person settings (nil: difficulty.People), as a
// spec's difficulty_model names them.
func RateFor(m *maze.Maze, people []difficulty.Person) Rating {
	if people == nil {
		people = difficulty.People()
	}
	return difficulty.RateFor(m, people, m.SolutionParts())
}
