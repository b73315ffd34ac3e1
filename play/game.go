// Package play is the game of walking a maze: the player's cell, the walk
// taken (Ariadne's thread), undo and restart, the solution shown on
// demand, the moves and the clock, the finish at the exit, and three views
// of the maze (the whole maze, what Theseus has seen, what a torch lights)
// rendered to a plain grid of runes and tags that a front end paints. It
// does no terminal I/O and reads no clock: the time comes in as an
// argument, so every state and every view can be tested as is.
//
// The game runs on any maze: a move goes through a side of the player's
// cell, and Step turns a direction (up, right, down, left) into the side
// of the player's cell that points most nearly that way and is open, so a
// maze of hexagons or triangles is playable with the arrows (and, where
// a cell has more open sides than four, the directions between them;
// Ways lists what the player's cell offers). The views draw grids of
// square cells (rectangles, their masks and weaves) with box-drawing
// runes, and circles, hexagons and triangles in Braille dots; see
// Drawable.
package play

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"mazebook/maze"
)

// View is what the player sees of the maze.
type View int

// The views.
const (
	// Full shows the whole maze.
	Full View = iota
	// Theseus shows the walls of the cells the player has seen: those
	// visited and those visible from them along straight open corridors,
	// remembered as a map.
	Theseus
	// Torch shows what lies within a radius of the player, counted in
	// steps through open passages; nothing is remembered.
	Torch
)

// Views lists the views in the order the front end cycles through them.
var viewNames = [...]string{Full: "full", Theseus: "theseus", Torch: "torch"}

// String returns the view's name: full, theseus or torch.
func (v View) String() string {
	if v >= 0 && int(v) < len(viewNames) {
		return viewNames[v]
	}
	return fmt.Sprintf("View(%d)", int(v))
}

// ParseView returns the view named s.
func ParseView(s string) (View, error) {
	for v, name := range viewNames {
		if name == s {
			return View(v), nil
		}
	}
	return 0, fmt.Errorf("view %q is unknown (known: full, theseus, torch)", s)
}

// DefaultRadius is the torch's radius when none is given: three steps.
const DefaultRadius = 3

// MaxRadius is the largest torch radius.
const MaxRadius = 1000

// Options set up a game.
type Options struct {
	View View
	// Radius is the torch's reach in steps; 0 means DefaultRadius.
	Radius int
	// NoThread hides Ariadne's thread.
	NoThread bool
}

// Direction is a way the player asks to go, as on a keyboard's arrows.
type Direction int

// The directions: the four of the arrow keys, and the four between them
// for grids whose cells have more sides.
const (
	Up Direction = iota
	Right
	Down
	Left
	UpRight
	DownRight
	DownLeft
	UpLeft
)

// heading returns the direction as an angle in radians, y growing
// downwards as the grid's headings do.
func (d Direction) heading() float64 {
	return [...]float64{-math.Pi / 2, 0, math.Pi / 2, math.Pi, -math.Pi / 4, math.Pi / 4, 3 * math.Pi / 4, -3 * math.Pi / 4}[d&7]
}

// Game is one game of a maze: where the player is, where they have been,
// and what they see. Its methods that change the game take the time now;
// the clock starts at the first move.
type Game struct {
	m *maze.Maze
	// walk holds every cell the player stood on, in order, from the
	// entrance; undo drops the last.
	walk     []int
	finished bool
	// start is the time of the first move (zero before it); end the
	// time of the finish.
	start, end time.Time
	shortest   int

	view     View
	radius   int
	thread   bool
	solution bool
	// seen is Theseus's map: the cells seen since the start.
	seen []bool

	board  *board  // the squares of the grid, made on the first render
	raster *raster // or the dots of a grid not made of squares

	// The trial, for a study (see Trial): every step taken, undone ones
	// included; the cells off the shortest way entered; the views the
	// steps were taken in; the first move and the finish of the whole
	// game, restarts included.
	trial struct {
		moves         int
		onWay, wrong  []bool
		wrongCells    int
		views         []View
		first, solved time.Time
	}
}

// Trial is how a game went, as a study records it.
type Trial struct {
	// FirstMove is the time from shown to the first move; Solve to the
	// finish (or to now, unsolved). Both are 0 before the first move.
	FirstMove, Solve time.Duration
	// Moves counts every step taken from cell to cell, those undone and
	// those before a restart included (the step out through the exit's
	// opening, which ends the game, is not one: a solved game takes at
	// least Shortest moves); WrongCells the cells off the shortest way
	// that the player entered.
	Moves, WrongCells int
	// Views are the views the moves were made in, in the order first
	// used: one for a game played in one view.
	Views []View
	// Solved says whether the player reached the exit.
	Solved bool
}

// ViewName names the view the trial was played in, as a study records
// it: full, theseus or torch, "mixed" for moves made in more than one,
// "" before a move.
func (t Trial) ViewName() string {
	switch len(t.Views) {
	case 0:
		return ""
	case 1:
		return t.Views[0].String()
	}
	return "mixed"
}

// Trial returns how the game went, for a maze shown at the time shown.
// Undoing a finish does not unsolve it: the person found the way.
func (g *Game) Trial(shown, now time.Time) Trial {
	t := Trial{Moves: g.trial.moves, WrongCells: g.trial.wrongCells, Views: append([]View(nil), g.trial.views...), Solved: !g.trial.solved.IsZero()}
	if g.trial.first.IsZero() {
		return t
	}
	t.FirstMove = max(g.trial.first.Sub(shown), 0)
	end := now
	if t.Solved {
		end = g.trial.solved
	}
	t.Solve = max(end.Sub(shown), t.FirstMove)
	return t
}

// count records a move for the trial: into cell n, or out through the
// exit when n < 0, which starts the clock when it is the first but is
// no move from cell to cell.
func (g *Game) count(n int, now time.Time) {
	tr := &g.trial
	if tr.first.IsZero() {
		tr.first = now
	}
	if !slices.Contains(tr.views, g.view) {
		tr.views = append(tr.views, g.view)
	}
	if n < 0 {
		return
	}
	tr.moves++
	if !tr.onWay[n] && !tr.wrong[n] {
		tr.wrong[n] = true
		tr.wrongCells++
	}
}

// New starts a game of m at its entrance. The maze needs an entrance and
// an exit that the entrance reaches (of a maze made of separate parts, the
// first part is played).
func New(m *maze.Maze, opt Options) (*Game, error) {
	if m == nil {
		return nil, errors.New("no maze to play")
	}
	if m.Entrance.Cell < 0 || m.Exit.Cell < 0 || m.Entrance.Cell >= m.Grid.Cells() || m.Exit.Cell >= m.Grid.Cells() {
		return nil, errors.New("the maze has no entrance or no exit")
	}
	if opt.View < Full || opt.View > Torch {
		return nil, fmt.Errorf("view %d is unknown", int(opt.View))
	}
	if opt.Radius == 0 {
		opt.Radius = DefaultRadius
	}
	if opt.Radius < 1 || opt.Radius > MaxRadius {
		return nil, fmt.Errorf("torch radius %d: give 1 to %d", opt.Radius, MaxRadius)
	}
	sol := m.Solution()
	if sol == nil {
		return nil, errors.New("the exit cannot be reached from the entrance")
	}
	g := &Game{m: m, shortest: len(sol) - 1, view: opt.View, radius: opt.Radius, thread: !opt.NoThread}
	g.trial.onWay = make([]bool, m.Grid.Cells())
	g.trial.wrong = make([]bool, m.Grid.Cells())
	for _, c := range sol {
		g.trial.onWay[c] = true
	}
	g.Restart()
	return g, nil
}

// Maze returns the maze being played.
func (g *Game) Maze() *maze.Maze { return g.m }

// Player returns the player's cell.
func (g *Game) Player() int { return g.walk[len(g.walk)-1] }

// Walk returns every cell the player has stood on, in order, from the
// entrance to the player's cell.
func (g *Game) Walk() []int { return append([]int(nil), g.walk...) }

// Thread returns Ariadne's thread: the walk with its loops cut out, the
// way from the entrance to the player that walking back winds in.
func (g *Game) Thread() []int { return maze.CutLoops(g.walk) }

// Moves returns the number of steps taken from cell to cell.
func (g *Game) Moves() int { return len(g.walk) - 1 }

// Shortest returns the number of steps of a shortest way from the
// entrance to the exit.
func (g *Game) Shortest() int { return g.shortest }

// Finished reports whether the player has reached the exit.
func (g *Game) Finished() bool { return g.finished }

// Elapsed returns the time played: from the first move to the finish, or
// to now while the game goes on.
func (g *Game) Elapsed(now time.Time) time.Duration {
	switch {
	case g.start.IsZero():
		return 0
	case g.finished:
		return g.end.Sub(g.start)
	}
	if d := now.Sub(g.start); d > 0 {
		return d
	}
	return 0
}

// Cheer is what the game says when the player reaches the goal.
const Cheer = "You found the way out!"

// Message returns the finish message, such as "You found the way out!
// 187 moves in 1:23", or "" while the game goes on. It cheers: it does
// not hold the way taken up against the shortest (see Shortest).
func (g *Game) Message() string {
	if !g.finished {
		return ""
	}
	moves := "moves"
	if g.Moves() == 1 {
		moves = "move"
	}
	return fmt.Sprintf("%s %d %s in %s", Cheer, g.Moves(), moves, FormatClock(g.end.Sub(g.start)))
}

// FormatClock writes a duration as minutes and seconds, 1:23, or with
// hours, 1:02:03, rounded down to the second.
func FormatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Move moves the player through side s of their cell, if it is open:
// into the cell across it, or out through the exit's opening, which
// finishes the game (as does reaching an exit inside a cell). It reports
// whether the player moved. A finished game takes no moves.
func (g *Game) Move(s int, now time.Time) bool {
	if g.finished {
		return false
	}
	c := g.Player()
	if s < 0 || s >= g.m.Grid.Sides(c) {
		return false
	}
	if x := g.m.Exit; x.Cell == c && x.Side == s && !x.IsInside() {
		g.startClock(now)
		g.count(-1, now)
		g.finish(now)
		return true
	}
	if !g.m.Linked(c, s) {
		return false
	}
	g.startClock(now)
	n := g.m.Grid.Neighbor(c, s)
	g.count(n, now)
	g.walk = append(g.walk, n)
	g.look()
	if x := g.m.Exit; x.IsInside() && x.Cell == n {
		g.finish(now)
	}
	return true
}

func (g *Game) startClock(now time.Time) {
	if g.start.IsZero() {
		g.start = now
	}
}

func (g *Game) finish(now time.Time) {
	g.finished, g.end = true, now
	if g.trial.solved.IsZero() {
		g.trial.solved = now
	}
	if g.end.Before(g.start) {
		g.end = g.start
	}
}

// Step moves the player the way d points (see SideToward). It reports
// whether the player moved.
func (g *Game) Step(d Direction, now time.Time) bool {
	s, ok := g.SideToward(d)
	if !ok {
		return false
	}
	return g.Move(s, now)
}

// SideToward returns the open side of the player's cell (a passage, or
// the exit's opening) that direction d takes, if any. The open sides are
// dealt out to the directions, nearest heading first, each side to one
// direction and each direction one side: first to the four arrows, then
// what is left to the four directions between them. On a square grid each
// arrow takes the side facing its way; on grids whose cells have more
// sides, every open side gets a direction, so every cell can be reached.
// Between sides that head the same way (the two outward sides of a
// circle's ring cell) the one whose middle lies nearer the direction from
// the cell's centre comes first.
func (g *Game) SideToward(d Direction) (side int, ok bool) {
	c := g.Player()
	gr := g.m.Grid
	center := gr.Center(c)
	type pair struct {
		side, dir       int
		heading, middle float64
	}
	var open []int
	for s := 0; s < gr.Sides(c); s++ {
		if g.m.Linked(c, s) || g.m.Exit.Cell == c && g.m.Exit.Side == s && !g.m.Exit.IsInside() {
			open = append(open, s)
		}
	}
	took := map[int]bool{} // sides dealt
	dealt := map[int]int{} // direction -> side
	for _, dirs := range [][]Direction{{Up, Right, Down, Left}, {UpRight, DownRight, DownLeft, UpLeft}} {
		var pairs []pair
		for _, s := range open {
			if took[s] {
				continue
			}
			mid := gr.Side(c, s).Mid()
			for _, dir := range dirs {
				want := dir.heading()
				gap := maze.AngleGap(gr.Heading(c, s), want)
				if gap >= math.Pi/2-1e-9 {
					continue // never a side that heads across or back
				}
				pairs = append(pairs, pair{s, int(dir), gap, maze.AngleGap(math.Atan2(mid.Y-center.Y, mid.X-center.X), want)})
			}
		}
		sort.Slice(pairs, func(i, j int) bool {
			a, b := pairs[i], pairs[j]
			if math.Abs(a.heading-b.heading) > 1e-6 {
				return a.heading < b.heading
			}
			if math.Abs(a.middle-b.middle) > 1e-6 {
				return a.middle < b.middle
			}
			return a.side < b.side || a.side == b.side && a.dir < b.dir
		})
		for _, p := range pairs {
			if _, ok := dealt[p.dir]; ok || took[p.side] {
				continue
			}
			dealt[p.dir], took[p.side] = p.side, true
		}
	}
	side, ok = dealt[int(d&7)]
	return side, ok
}

// Ways returns the directions that take the player somewhere from their
// cell (see SideToward): Up, Right, Down, Left, then the directions
// between them, those that have an open side. A front end shows them on
// grids whose cells are not squares, where which key goes where is not
// obvious.
func (g *Game) Ways() []Direction {
	var out []Direction
	for d := Up; d <= UpLeft; d++ {
		if _, ok := g.SideToward(d); ok {
			out = append(out, d)
		}
	}
	return out
}

// Arrow returns the arrow pointing direction d: ↑ → ↓ ← ↗ ↘ ↙ ↖.
func (d Direction) Arrow() rune {
	return [...]rune{'↑', '→', '↓', '←', '↗', '↘', '↙', '↖'}[d&7]
}

// Undo takes back the last move: out of the finish, or one step back
// along the walk. It reports whether there was a move to take back. What
// Theseus has seen stays seen.
func (g *Game) Undo() bool {
	if g.finished {
		g.finished, g.end = false, time.Time{}
		return true
	}
	if len(g.walk) < 2 {
		return false
	}
	g.walk = g.walk[:len(g.walk)-1]
	return true
}

// Restart puts the player back at the entrance with no moves, the clock
// stopped at 0:00 and Theseus's map forgotten. The view, the thread and
// the solution stay as they are.
func (g *Game) Restart() {
	g.walk = append(g.walk[:0], g.m.Entrance.Cell)
	g.finished = false
	g.start, g.end = time.Time{}, time.Time{}
	g.seen = make([]bool, g.m.Grid.Cells())
	g.look()
}

// look adds what the player sees from their cell to Theseus's map.
func (g *Game) look() {
	for _, c := range g.lineOfSight(g.Player()) {
		g.seen[c] = true
	}
}

// lineOfSight returns cell c and the cells seen from it along straight
// open corridors: through each open side, on and on through the side
// that carries straight on, until a wall.
func (g *Game) lineOfSight(c int) []int {
	out := []int{c}
	gr := g.m.Grid
	for s := 0; s < gr.Sides(c); s++ {
		if !g.m.Linked(c, s) {
			continue
		}
		heading := gr.Heading(c, s)
		cur, side := c, s
		for steps := 0; steps < gr.Cells(); steps++ {
			n := gr.Neighbor(cur, side)
			out = append(out, n)
			next := straightOn(gr, n, gr.Opposite(cur, side), heading)
			if next < 0 || !g.m.Linked(n, next) {
				break
			}
			cur, side = n, next
			heading = gr.Heading(cur, side)
		}
	}
	return out
}

// straightOn returns the side of cell c, entered through side in, that
// carries straight on from heading: the side whose heading is nearest it,
// within 45 degrees; -1 when none does.
func straightOn(gr maze.Grid, c, in int, heading float64) int {
	best, bestGap := -1, math.Pi/4+1e-9
	for s := 0; s < gr.Sides(c); s++ {
		if s == in || gr.Neighbor(c, s) == maze.NoSide {
			continue
		}
		if gap := maze.AngleGap(gr.Heading(c, s), heading); gap <= bestGap {
			best, bestGap = s, gap
		}
	}
	return best
}

// Seen reports whether Theseus has seen cell c since the start.
func (g *Game) Seen(c int) bool { return g.seen[c] }

// View returns the view.
func (g *Game) View() View { return g.view }

// SetView changes the view; an unknown view is ignored.
func (g *Game) SetView(v View) {
	if v >= Full && v <= Torch {
		g.view = v
	}
}

// NextView changes to the next view: full, theseus, torch, full, ...
func (g *Game) NextView() { g.view = (g.view + 1) % (Torch + 1) }

// Radius returns the torch's radius in steps.
func (g *Game) Radius() int { return g.radius }

// ThreadShown reports whether Ariadne's thread is drawn.
func (g *Game) ThreadShown() bool { return g.thread }

// ToggleThread shows or hides Ariadne's thread.
func (g *Game) ToggleThread() { g.thread = !g.thread }

// SolutionShown reports whether the way out is drawn.
func (g *Game) SolutionShown() bool { return g.solution }

// ToggleSolution shows or hides the way out.
func (g *Game) ToggleSolution() { g.solution = !g.solution }

// WayOut returns a shortest way from the player's cell to the exit's
// cell: what the solution key draws.
func (g *Game) WayOut() []int { return g.m.ShortestPath(g.Player(), g.m.Exit.Cell) }

// Visible returns, for every cell, whether the view shows it now: every
// cell in Full, Theseus's map in Theseus, the cells within the torch's
// radius in Torch.
func (g *Game) Visible() []bool {
	vis := make([]bool, g.m.Grid.Cells())
	switch g.view {
	case Theseus:
		copy(vis, g.seen)
	case Torch:
		for _, c := range g.withinRadius() {
			vis[c] = true
		}
	default:
		for i := range vis {
			vis[i] = true
		}
	}
	return vis
}

// withinRadius returns the cells at most the torch's radius away from the
// player through open passages: a breadth-first search that stops at the
// radius.
func (g *Game) withinRadius() []int {
	dist := map[int]int{g.Player(): 0}
	queue := []int{g.Player()}
	var links []int
	for head := 0; head < len(queue); head++ {
		c := queue[head]
		if dist[c] == g.radius {
			continue
		}
		links = g.m.Links(c, links[:0])
		for _, n := range links {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return queue
}
