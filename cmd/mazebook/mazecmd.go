package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"mazebook/files"
	"mazebook/layout/animate"
	"mazebook/layout/draw"
	"mazebook/layout/format"
	"mazebook/layout/plan"
	"mazebook/layout/poster"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

func runMaze(ctx context.Context, e *env, args []string) error {
	o, err := parseMazeFlags(e, args)
	if err != nil {
		return err
	}
	if err := o.checkLayers(); err != nil {
		return err
	}
	g, err := o.recipe.Grid()
	if err != nil {
		return usageError{err}
	}
	if err := o.checkForm(g); err != nil {
		return err
	}
	st := mazeStyle(o.cell, o.wall, o.ink, o.markers)
	if o.page == "" {
		// A poster fits the wall to the cells it chooses.
		if st.Wall, err = spec.FitWall(o.wall, o.wallName, float64(o.cell*maze.Clearance(g))); err != nil {
			return usagef("--wall: %v", err)
		}
	}
	if err := o.checkBudgets(g, st); err != nil {
		return err
	}
	// Every output is created, and its temporary file made, before any
	// work is done.
	var outs *files.Batch
	var dest, anim *files.Output
	if o.out != "" || o.animate != "" {
		outs = e.batch()
		defer outs.Abort()
		if o.mask != "" {
			outs.Input("the mask", o.mask)
		}
	}
	if o.out != "" {
		if dest, err = outs.Create("-o", o.out); err != nil {
			return err
		}
	}
	if o.animate != "" {
		if anim, err = outs.Create("--animate", o.animate); err != nil {
			return err
		}
	}
	commit := func() error {
		if outs != nil {
			return outs.Commit()
		}
		return nil
	}

	var m *maze.Maze
	if o.animate != "" {
		film, err := animate.Record(o.recipe, o.solver.Name)
		if err != nil {
			return usagef("--animate: %v", err)
		}
		if err := film.WriteFile(anim, o.animate, animate.Options{Style: animate.Style{Maze: st}}); err != nil {
			return err
		}
		m = film.Maze // the maze Make makes
		if o.out == "" && !o.stats {
			return commit()
		}
	} else if m, err = maze.Make(o.recipe); err != nil {
		return usageError{err}
	}
	sols, walks, lost, rating, err := o.solve(e, m)
	if err != nil {
		return err
	}
	if o.stats {
		if err := printJSON(e.stdout, newMazeStats(rating, o.shape.Name, o.shape.Format(o.recipe.Size))); err != nil {
			return err
		}
		if o.out == "" {
			return commit()
		}
	}
	if !o.solution && !o.showWalk {
		sols = nil
	}
	pic, err := o.picture(m, st, sols, walks, lost)
	if err != nil {
		return err
	}
	w := io.Writer(e.stdout)
	if dest != nil {
		w = dest
	}
	if err := o.format.Write(w, pic); err != nil {
		return err
	}
	return commit()
}

// mazeOptions are the flags of 'mazebook maze', read and checked each
// on its own.
type mazeOptions struct {
	recipe maze.Recipe
	shape  maze.Shape
	mask   string // the mask's file, or ""
	solver maze.Solver
	// cell and wall are in points; wallName is the wall's name, or "".
	cell, wall float64
	wallName   string
	ink        draw.Ink
	markers    draw.Markers
	// out is the file written, "" for the text form on standard output,
	// in format.
	out    string
	format format.Format
	dpi    float64
	// animate is the animation's file, or "".
	animate string
	// page is --page as given, "" for a page sized to the maze; poster
	// the poster it asks for.
	page   string
	poster poster.Options
	// The layers and analyses asked for.
	solution, showWalk, blank, graph, stats bool
}

// parseMazeFlags reads the flags of 'mazebook maze', refusing one that is
// wrong in itself or without the flag it goes with.
func parseMazeFlags(e *env, args []string) (*mazeOptions, error) {
	fs := newFlags(e, "maze", "[flags] [-o FILE]", "Make one maze. The format follows FILE's extension: "+strings.Join(format.Exts(false), ", ")+"\n(the text is the pixel matrix of a rectangle: '#' wall, ' ' passage; the .pbm the same matrix as a 1:1\nblack and white bitmap). Without -o, print the text to standard output.")
	rf := addRecipeFlags(fs)
	solution := fs.Bool("solution", false, "draw the solution")
	out := fs.String("o", "", "write to `FILE` ("+strings.Join(format.Exts(false), ", ")+"; - for the text on standard output)")
	cell := fs.String("cell", "8mm", "the size of a square cell, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness: thin, medium, thick or a `LENGTH`")
	markers := fs.String("markers", "shapes", "entrance and exit markers: shapes (an arrow in and a flag out, 5.5mm), squares (coloured; an arrow and a flag with --color grayscale or black), labels or none")
	dpi := dpiFlag(fs, 96)
	solver := fs.String("solver", "bfs", "the solver that draws the solution (see 'mazebook algorithms --solvers')")
	showWalk := fs.Bool("show-walk", false, "draw every step the --solver took (right-hand, left-hand or tremaux), in a light colour under the solution;\na wall follower that goes round in circles draws its walk, no solution, and a note saying why")
	blank := fs.Bool("blank", false, "draw a blank worksheet: every wall standing, only the entrance and exit open")
	graph := fs.Bool("graph", false, "draw the maze's graph over it: a dot for every cell, a line through every passage\n(over a --blank grid: rub out the walls the lines cross, and the maze appears)")
	stats := fs.Bool("stats", false, "print the maze's metrics as JSON on standard output (and draw nothing unless -o is given)")
	color := fs.String("color", "color", "the ink: color, grayscale or black (without colour the entrance and exit marked by shape, the solution a mid grey line)")
	page := fs.String("page", "", "fit the maze to a page `SIZE` (a4, letter, 24x36in, 210mm x 297mm, ...): a poster; without it the page is sized to the maze and its --cell")
	landscape := fs.Bool("landscape", false, "with --page: turn the page landscape (by default it is turned to suit the maze)")
	portrait := fs.Bool("portrait", false, "with --page: turn the page portrait")
	title := fs.String("title", "", "with --page: a `TEXT` set above the maze, sized to the page")
	animateTo := fs.String("animate", "", "write an animation of the maze being made, then solved by --solver, to `FILE` (.gif or .svg)")
	margin := fs.String("margin", "", "with --page: the margin on every side, a `LENGTH` (default 4% of the shorter side, at least 12mm)")
	pos, err := parse(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, usagef("unexpected argument %q (the output goes after -o)", pos[0])
	}
	o := &mazeOptions{mask: *rf.mask, out: *out, dpi: *dpi, animate: *animateTo, page: *page,
		solution: *solution, showWalk: *showWalk, blank: *blank, graph: *graph, stats: *stats}
	if o.recipe, o.shape, err = rf.recipe(); err != nil {
		return nil, err
	}
	if o.recipe, err = rf.atLevel(o.recipe); err != nil {
		return nil, err
	}
	if o.solver, err = maze.LookupSolver(*solver); err != nil {
		return nil, usagef("--solver: %v", err)
	}
	if o.cell, err = spec.ParseLength(*cell); err != nil || o.cell <= 0 {
		return nil, usagef("--cell: give a positive length such as 8mm, not %q", *cell)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *page == "" {
		for _, name := range []string{"landscape", "portrait", "title", "margin"} {
			if set[name] {
				return nil, usagef("--%s needs --page", name)
			}
		}
	} else {
		if set["cell"] {
			return nil, usagef("give --page or --cell, not both: --page fits the cells to the page")
		}
		if o.poster, err = posterOptions(*page, *landscape, *portrait, *margin, *title); err != nil {
			return nil, err
		}
	}
	if o.ink, err = draw.ParseInk(*color); err != nil {
		return nil, usagef("--%v", err)
	}
	if o.markers, err = draw.ParseMarkers(*markers); err != nil {
		return nil, usagef("--%v", err)
	}
	if o.out == "-" {
		o.out = "" // the text form, on standard output
	}
	if o.animate != "" {
		if err := animate.CheckFile(o.animate); err != nil {
			return nil, usagef("--animate %v", err)
		}
		if o.page != "" {
			return nil, usagef("--animate draws the maze alone: give no --page")
		}
	}
	o.format, _ = format.ForFile(".txt", false)
	if o.out != "" {
		if o.format, err = format.ForFile(o.out, false); err != nil {
			return nil, usagef("-o %v", err)
		}
	}
	if o.wall, o.wallName, err = spec.ParseWall(*wall); err != nil {
		return nil, usagef("--wall: %v", err)
	}
	return o, nil
}

// posterOptions reads the flags of a poster: its page size, its
// orientation, its margin and its title.
func posterOptions(page string, landscape, portrait bool, margin, title string) (poster.Options, error) {
	var po poster.Options
	var err error
	if po.Width, po.Height, err = spec.ParsePageSize(page); err != nil {
		return po, usagef("--page: %v", err)
	}
	switch {
	case landscape && portrait:
		return po, usagef("give --landscape or --portrait, not both")
	case landscape:
		po.Orientation = poster.Landscape
	case portrait:
		po.Orientation = poster.Portrait
	}
	po.Margin = -1
	if margin != "" {
		if po.Margin, err = spec.ParseLength(margin); err != nil || po.Margin < 0 {
			return po, usagef("--margin: give a length such as 15mm, not %q", margin)
		}
	}
	if err := poster.CheckTitle(title); err != nil {
		return po, usagef("--title: %v", err)
	}
	po.Title = title
	return po, nil
}

// checkLayers refuses layers and analyses that do not go together, or
// with the format.
func (o *mazeOptions) checkLayers() error {
	for _, l := range []struct {
		on   bool
		name string
	}{{o.showWalk, "show-walk"}, {o.blank, "blank"}, {o.graph, "graph"}} {
		switch {
		case !l.on:
		case !o.format.Drawn:
			return usagef("--%s draws: write the maze as %s", l.name, strings.Join(format.Exts(true), ", "))
		case o.page != "":
			return usagef("--%s draws on the maze's own page: leave out --page", l.name)
		case o.recipe.Weave > 0 && l.name != "show-walk":
			return usagef("--%s draws a grid without crossings: leave out --weave", l.name)
		}
	}
	if o.showWalk && !o.solver.Walks {
		var walkers []string
		for _, s := range maze.Solvers() {
			if s.Walks {
				walkers = append(walkers, s.Name)
			}
		}
		return usagef("--show-walk draws the steps of a solver that walks the maze (--solver %s); %s finds its path without walking it", strings.Join(walkers, ", "), o.solver.Name)
	}
	if o.blank && (o.solution || o.showWalk) {
		return usagef("a --blank grid has no way through to draw: leave out --solution and --show-walk (or draw the maze with --graph)")
	}
	if o.format.Ext == ".pbm" && o.solution {
		return usagef("a .pbm is the maze alone, one pixel per matrix cell (black wall, white passage): leave out --solution, or write a .txt, %s", strings.Join(format.Exts(true), ", "))
	}
	return nil
}

// drawn reports whether the maze is drawn or written as text: unless only
// the stats or only an animation are asked for.
func (o *mazeOptions) drawn() bool { return o.out != "" || !o.stats && o.animate == "" }

// checkForm refuses a maze on grid g that the text forms cannot write.
func (o *mazeOptions) checkForm(g maze.Grid) error {
	f, r := o.format, o.recipe
	if !f.Drawn && o.page != "" && o.drawn() {
		return usagef("--page draws a page: write it as %s", strings.Join(format.Exts(true), ", "))
	}
	if _, ok := g.(maze.Rect); !f.Drawn && !ok && o.drawn() {
		form := "the text form"
		if f.Ext == ".pbm" {
			form = "the pixel matrix (.pbm)"
		}
		if r.Weave > 0 {
			return usagef("%s cannot show a weave's crossings: write the maze as %s", form, strings.Join(format.Exts(true), ", "))
		}
		return usagef("%s is for rectangles: write a %s as %s", form, describeShape(r), strings.Join(format.Exts(true), ", "))
	}
	return nil
}

// checkBudgets refuses, before the maze is made, an output or analysis
// of grid g, drawn in style st, over its budget, saying the largest size
// that fits.
func (o *mazeOptions) checkBudgets(g maze.Grid, st draw.Style) error {
	f, r := o.format, o.recipe
	switch {
	case !f.Drawn && (o.out != "" || !o.stats) && g.Cells() > MaxTextCells:
		return usagef("a %s has %d cells; the most written as text or PBM is %d (about 63 bytes a cell while it is written): %s", describeShape(r), g.Cells(), MaxTextCells, largestSize(r, MaxTextCells))
	case o.stats && (r.Braid > 0 || r.Weave > 0) && g.Cells() > MaxLoopStatsCells:
		return usagef("--stats on a maze with loops (--braid, --weave) walks it as a person would, many times over; the most it measures is %d cells, and a %s has %d: %s", MaxLoopStatsCells, describeShape(r), g.Cells(), largestSize(r, MaxLoopStatsCells))
	case o.stats && g.Cells() > MaxTextCells:
		return usagef("--stats measures at most %d cells, and a %s has %d: %s", MaxTextCells, describeShape(r), g.Cells(), largestSize(r, MaxTextCells))
	}
	if !f.Drawn {
		return nil
	}
	kind := plan.CostKind(r.Shape, r.Weave)
	if most := plan.MaxDrawingCells(kind); g.Cells() > most {
		return usagef("a %s has %d cells; the most drawn as %s is %d, about %s of memory (the text form, .txt, takes up to %d): %s", describeShape(r), g.Cells(), f.Ext, most, megabytes(plan.MaxBookBytes), MaxTextCells, largestSize(r, most))
	}
	gw, gh := g.Size()
	pw, ph := draw.PageSize(gw, gh, st, mazeMargin)
	if o.page != "" {
		pw, ph = o.poster.Width, o.poster.Height // turned or not, the same pixels
	}
	if err := checkPage(f, pw, ph, o.dpi); err != nil {
		return usagef("%v: use a smaller --cell or --size", err)
	}
	if err := checkDrawingMemory(f, kind, g.Cells(), pw, ph, o.dpi); err != nil {
		return usageError{err}
	}
	return nil
}

// solve finds the ways through m the options ask for: each part's
// solution, and with --show-walk each walk (a wall follower lost in a
// loop draws its walk up to there, and no solution, said in lost); and
// with --stats the maze's rating along the solutions.
func (o *mazeOptions) solve(e *env, m *maze.Maze) (sols, walks [][]int, lost *maze.LoopError, rating difficulty.Difficulty, err error) {
	switch {
	case o.showWalk:
		each, err := m.SolveEach(o.solver.Name)
		if err != nil && (!errors.As(err, &lost) || o.stats) {
			return nil, nil, nil, rating, err
		}
		for _, sol := range each {
			sols, walks = append(sols, sol.Path), append(walks, sol.Walk)
		}
		if lost != nil {
			fmt.Fprintf(e.stderr, "mazebook maze: %v: drawn: its walk up to there, and no solution\n", lost)
		}
		if o.stats {
			rating = difficulty.Rate(m, sols)
		}
	case o.stats:
		// The maze's cells are measured while the ways are found.
		if sols, rating, err = difficulty.SolveAndRate(m, o.solver.Name); err != nil {
			return nil, nil, nil, rating, err
		}
	case o.solution:
		if sols, err = m.SolveParts(o.solver.Name); err != nil {
			return nil, nil, nil, rating, err
		}
	}
	return sols, walks, lost, rating, nil
}

// picture lays maze m out as the options ask, in style st, with the
// solutions and walks given: on its own page, or on a poster.
func (o *mazeOptions) picture(m *maze.Maze, st draw.Style, sols, walks [][]int, lost *maze.LoopError) (format.Picture, error) {
	r := o.recipe
	pic := format.Picture{Maze: m, DPI: o.dpi, Creator: "mazebook " + version, Created: spec.DefaultDate}
	if len(sols) > 0 {
		pic.Solution = sols[0] // the text form is of rectangles: one part
	}
	pic.Title = fmt.Sprintf("%s %s maze %s, seed %d", r.Algorithm, o.shape.Name, o.shape.Format(r.Size), r.Seed)
	if r.Braid > 0 {
		pic.Title += fmt.Sprintf(", braid %g", r.Braid)
	}
	switch {
	case o.format.Drawn && o.page != "":
		po := o.poster
		po.Style, po.WallName = st, o.wallName
		p, err := poster.Layout(m, po, sols...)
		if err != nil {
			return pic, usageError{err}
		}
		pic.Page = p.Page
		if po.Title != "" {
			pic.Title = po.Title
		}
	case o.format.Drawn:
		l := draw.Layers{Solutions: sols, Walks: walks, Blank: o.blank, Graph: o.graph}
		if lost != nil {
			l.Note = lostNote(lost)
		}
		pic.Page = draw.PageLayers(m, st, mazeMargin, l)
	}
	return pic, nil
}

// lostNote says, under the drawing, why a wall follower found no way.
func lostNote(lost *maze.LoopError) string {
	hand := strings.Replace(lost.Solver, "-", " ", 1)
	return fmt.Sprintf("The %s walked %d steps and came back where it had been, facing the same way: it would go round for ever. The goal is not on a wall the hand can follow.", hand, lost.Steps)
}

// mazeStats is what --stats prints for one maze, made or read: its
// shape and size, its metrics along its solutions, each person setting's
// expected steps, the effort, the score and the level.
type mazeStats struct {
	Shape string `json:"shape"`
	Size  string `json:"size"`
	maze.Metrics
	Steps  map[string]float64 `json:"steps"`
	Times  map[string]float64 `json:"times"`
	Effort float64            `json:"effort"`
	Score  float64            `json:"score"`
	Level  int                `json:"level"`
}

// newMazeStats says a maze's rating d (see difficulty.Rate) as --stats
// prints it.
func newMazeStats(d difficulty.Difficulty, shape, size string) mazeStats {
	steps, times := map[string]float64{}, map[string]float64{}
	for i, p := range difficulty.People() {
		steps[p.Name] = math.Round(float64(d.Steps[i]*10)) / 10
		times[p.Name] = math.Round(float64(d.Times[i]*10)) / 10
	}
	return mazeStats{shape, size, d.Metrics, steps, times, math.Round(float64(d.Effort*10)) / 10, math.Round(float64(d.Score*10)) / 10, d.Level}
}

// mazeStyle is how 'mazebook maze' and 'mazebook solve' draw a maze:
// cells and walls in points, in an ink, its doors marked so.
func mazeStyle(cell, wall float64, ink draw.Ink, mk draw.Markers) draw.Style {
	st := draw.InkStyle(ink, mk, "Start", "Finish")
	st.Cell, st.Wall = cell, wall
	return st
}

// checkPage refuses a page of pw by ph points that format f cannot
// write at dpi (see format.Format's CheckPage).
func checkPage(f format.Format, pw, ph, dpi float64) error {
	if f.CheckPage == nil {
		return nil
	}
	return f.CheckPage(pw, ph, dpi)
}

// checkDrawingMemory refuses to draw a maze of cells cells of a kind on
// a page of pw by ph points as f when the drawing and the format's own
// image of it (a PNG's pixels) would take more than the budget
// (plan.MaxBookBytes).
func checkDrawingMemory(f format.Format, kind string, cells int, pw, ph, dpi float64) error {
	need := plan.DrawingBytes(kind, cells)
	if f.Bytes != nil {
		need += f.Bytes(pw, ph, dpi)
	}
	if need <= plan.MaxBookBytes {
		return nil
	}
	return fmt.Errorf("drawing the maze as %s would take about %s of memory; the most is %s: lower --dpi, or use a smaller --cell or --size", f.Ext, megabytes(need), megabytes(plan.MaxBookBytes))
}

// defaultMazeCells is about how many cells 'mazebook maze' makes when no
// size is given: a 20x20 rectangle.
const defaultMazeCells = 400

// mazeMargin is the margin around a maze on the page 'mazebook maze'
// draws, in points.
const mazeMargin = 18

// describeShape names a recipe's shape and size for messages.
func describeShape(r maze.Recipe) string {
	shape, _ := maze.LookupShape(r.Shape)
	return shape.Format(r.Size) + " " + shape.Name
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// The budgets of 'mazebook maze', in cells, measured with /usr/bin/time -v
// on a 2-core machine: the text form takes about 63 bytes a cell while it
// is written (20 million: 1.3 GB); --stats on a maze with loops walks it
// as a person would until its mean settles (four million braided cells:
// about 2 s and 130 MB).
const (
	MaxTextCells      = 20_000_000
	MaxLoopStatsCells = 4_000_000
)

// largestSize says the largest size of recipe r's shape, in its
// proportions, that has at most limit cells.
func largestSize(r maze.Recipe, limit int) string {
	shape, err := maze.LookupShape(r.Shape)
	if err != nil || r.Mask != nil {
		return "give a smaller size"
	}
	aspect := 1.0
	if g, err := r.Grid(); err == nil {
		w, h := g.Size()
		aspect = w / h
	}
	n := limit
	for range 40 {
		sz := shape.ForCells(n, aspect)
		sz.Inner = r.Size.Inner
		if g, err := (maze.Recipe{Shape: r.Shape, Size: sz}).Grid(); err == nil && g.Cells() <= limit {
			return "the largest that fits is --size " + shape.Format(sz)
		}
		n = n * 9 / 10
	}
	return "give a smaller size"
}
