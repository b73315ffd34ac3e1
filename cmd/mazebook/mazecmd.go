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
	"mazebook/layout/png"
	"mazebook/layout/poster"
	"mazebook/layout/spec"
	"mazebook/maze"
)

func runMaze(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "maze", "[flags] [-o FILE]", "Make one maze. The format follows FILE's extension: "+strings.Join(format.Exts(false), ", ")+"\n(the text is the pixel matrix of a rectangle: '#' wall, ' ' passage; the .pbm the same matrix as a 1:1\nblack and white bitmap). Without -o, print the text to standard output.")
	rf := addRecipeFlags(fs)
	solution := fs.Bool("solution", false, "draw the solution")
	out := fs.String("o", "", "write to `FILE` ("+strings.Join(format.Exts(false), ", ")+"; - for the text on standard output)")
	cell := fs.String("cell", "8mm", "the size of a square cell, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness: thin, medium, thick or a `LENGTH`")
	markers := fs.String("markers", "shapes", "entrance and exit markers: shapes (an arrow in and a flag out, 5.5mm), squares (coloured; an arrow and a flag with --color grayscale or black), labels or none")
	dpi := fs.Float64("dpi", 96, "resolution of a .png")
	solver := fs.String("solver", "bfs", "the solver that draws the solution (see 'mazebook algorithms --solvers')")
	showWalk := fs.Bool("show-walk", false, "draw every step the --solver took (right-hand, left-hand or tremaux), in a light colour under the solution;\na wall follower that goes round in circles draws its walk, no solution, and a note saying why")
	blank := fs.Bool("blank", false, "draw a blank worksheet: every wall standing, only the entrance and exit open")
	graph := fs.Bool("graph", false, "draw the maze's graph over it: a dot for every cell, a line through every passage\n(over a --blank grid: rub out the walls the lines cross, and the maze appears)")
	stats := fs.Bool("stats", false, "print the maze's metrics as JSON on standard output (and draw nothing unless -o is given)")
	color := fs.String("color", "color", "the ink: color, grayscale or black (the entrance and exit marked by shape, a dark solution dotted)")
	page := fs.String("page", "", "fit the maze to a page `SIZE` (a4, letter, 24x36in, 210mm x 297mm, ...): a poster; without it the page is sized to the maze and its --cell")
	landscape := fs.Bool("landscape", false, "with --page: turn the page landscape (by default it is turned to suit the maze)")
	portrait := fs.Bool("portrait", false, "with --page: turn the page portrait")
	title := fs.String("title", "", "with --page: a `TEXT` set above the maze, sized to the page")
	animateTo := fs.String("animate", "", "write an animation of the maze being made, then solved by --solver, to `FILE` (.gif or .svg)")
	margin := fs.String("margin", "", "with --page: the margin on every side, a `LENGTH` (default 4% of the shorter side, at least 12mm)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q (the output goes after -o)", pos[0])
	}

	r, shape, err := rf.recipe()
	if err != nil {
		return err
	}
	if r, err = rf.atLevel(r); err != nil {
		return err
	}
	solve, err := maze.LookupSolver(*solver)
	if err != nil {
		return usagef("--solver: %v", err)
	}
	cellPt, err := spec.ParseLength(*cell)
	if err != nil || cellPt <= 0 {
		return usagef("--cell: give a positive length such as 8mm, not %q", *cell)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var po poster.Options
	if *page == "" {
		for _, name := range []string{"landscape", "portrait", "title", "margin"} {
			if set[name] {
				return usagef("--%s needs --page", name)
			}
		}
	} else {
		if set["cell"] {
			return usagef("give --page or --cell, not both: --page fits the cells to the page")
		}
		if po.Width, po.Height, err = spec.ParsePageSize(*page); err != nil {
			return usagef("--page: %v", err)
		}
		switch {
		case *landscape && *portrait:
			return usagef("give --landscape or --portrait, not both")
		case *landscape:
			po.Orientation = poster.Landscape
		case *portrait:
			po.Orientation = poster.Portrait
		}
		po.Margin = -1
		if *margin != "" {
			if po.Margin, err = spec.ParseLength(*margin); err != nil || po.Margin < 0 {
				return usagef("--margin: give a length such as 15mm, not %q", *margin)
			}
		}
		if err := poster.CheckTitle(*title); err != nil {
			return usagef("--title: %v", err)
		}
		po.Title = *title
	}
	ink, err := draw.ParseInk(*color)
	if err != nil {
		return usagef("--%v", err)
	}
	mk, err := draw.ParseMarkers(*markers)
	if err != nil {
		return usagef("--%v", err)
	}
	if *out == "-" {
		*out = "" // the text form, on standard output
	}
	if *animateTo != "" {
		if err := animate.CheckFile(*animateTo); err != nil {
			return usagef("--animate %v", err)
		}
		if *page != "" {
			return usagef("--animate draws the maze alone: give no --page")
		}
	}
	txt, _ := format.ForFile(".txt", false)
	f := txt
	if *out != "" {
		if f, err = format.ForFile(*out, false); err != nil {
			return usagef("-o %v", err)
		}
	}
	for _, l := range []struct {
		on   bool
		name string
	}{{*showWalk, "show-walk"}, {*blank, "blank"}, {*graph, "graph"}} {
		switch {
		case !l.on:
		case !f.Drawn:
			return usagef("--%s draws: write the maze as %s", l.name, strings.Join(format.Exts(true), ", "))
		case *page != "":
			return usagef("--%s draws on the maze's own page: leave out --page", l.name)
		case r.Weave > 0 && l.name != "show-walk":
			return usagef("--%s draws a grid without crossings: leave out --weave", l.name)
		}
	}
	if *showWalk && !solve.Walks {
		var walkers []string
		for _, s := range maze.Solvers() {
			if s.Walks {
				walkers = append(walkers, s.Name)
			}
		}
		return usagef("--show-walk draws the steps of a solver that walks the maze (--solver %s); %s finds its path without walking it", strings.Join(walkers, ", "), solve.Name)
	}
	if *blank && (*solution || *showWalk) {
		return usagef("a --blank grid has no way through to draw: leave out --solution and --show-walk (or draw the maze with --graph)")
	}
	if f.Ext == ".pbm" && *solution {
		return usagef("a .pbm is the maze alone, one pixel per matrix cell (black wall, white passage): leave out --solution, or write a .txt, %s", strings.Join(format.Exts(true), ", "))
	}
	if f.Ext == ".png" && (*dpi < 10 || *dpi > 2400) {
		return usagef("--dpi must be from 10 to 2400")
	}
	g, err := r.Grid()
	if err != nil {
		return usageError{err}
	}
	// Something is drawn or written as text unless only the stats or only
	// an animation are asked for.
	drawn := *out != "" || !*stats && *animateTo == ""
	if !f.Drawn && *page != "" && drawn {
		return usagef("--page draws a page: write it as %s", strings.Join(format.Exts(true), ", "))
	}
	if !f.Drawn {
		if _, ok := g.(maze.Rect); !ok && drawn {
			form := "the text form"
			if f.Ext == ".pbm" {
				form = "the pixel matrix (.pbm)"
			}
			if r.Weave > 0 {
				return usagef("%s cannot show a weave's crossings: write the maze as %s", form, strings.Join(format.Exts(true), ", "))
			}
			return usagef("%s is for rectangles: write a %s as %s", form, describeShape(r), strings.Join(format.Exts(true), ", "))
		}
	}
	wallPt, wallName, err := spec.ParseWall(*wall)
	if err != nil {
		return usagef("--wall: %v", err)
	}
	st := mazeStyle(cellPt, wallPt, ink, mk)
	if *page == "" {
		// A poster fits the wall to the cells it chooses.
		if st.Wall, err = spec.FitWall(wallPt, wallName, float64(cellPt*maze.Clearance(g))); err != nil {
			return usagef("--wall: %v", err)
		}
	}
	// Every output and analysis has its budget, checked before the maze
	// is made, with the largest size that fits.
	switch {
	case !f.Drawn && (*out != "" || !*stats) && g.Cells() > MaxTextCells:
		return usagef("a %s has %d cells; the most written as text or PBM is %d (about 63 bytes a cell while it is written): %s", describeShape(r), g.Cells(), MaxTextCells, largestSize(r, MaxTextCells))
	case *stats && (r.Braid > 0 || r.Weave > 0) && g.Cells() > MaxLoopStatsCells:
		return usagef("--stats on a maze with loops (--braid, --weave) walks it as a person would, many times over; the most it measures is %d cells, and a %s has %d: %s", MaxLoopStatsCells, describeShape(r), g.Cells(), largestSize(r, MaxLoopStatsCells))
	case *stats && g.Cells() > MaxTextCells:
		return usagef("--stats measures at most %d cells, and a %s has %d: %s", MaxTextCells, describeShape(r), g.Cells(), largestSize(r, MaxTextCells))
	}
	if f.Drawn {
		kind := plan.CostKind(r.Shape, r.Weave)
		if most := plan.MaxDrawingCells(kind); g.Cells() > most {
			return usagef("a %s has %d cells; the most drawn as %s is %d, about %s of memory (the text form, .txt, takes up to %d): %s", describeShape(r), g.Cells(), f.Ext, most, megabytes(plan.MaxBookBytes), MaxTextCells, largestSize(r, most))
		}
		gw, gh := g.Size()
		pw, ph := draw.PageSize(gw, gh, st, mazeMargin)
		if *page != "" {
			pw, ph = po.Width, po.Height // turned or not, the same pixels
		}
		if err := checkPage(f, pw, ph, *dpi); err != nil {
			return usagef("%v: use a smaller --cell or --size", err)
		}
		if err := checkDrawingMemory(f, kind, g.Cells(), pw, ph, *dpi); err != nil {
			return usageError{err}
		}
	}
	var outs *files.Batch
	var dest, anim *files.Output
	if *out != "" || *animateTo != "" {
		outs = e.batch()
		defer outs.Abort()
		if *rf.mask != "" {
			outs.Input("the mask", *rf.mask)
		}
	}
	if *out != "" {
		if dest, err = outs.Create("-o", *out); err != nil {
			return err
		}
	}
	if *animateTo != "" {
		if anim, err = outs.Create("--animate", *animateTo); err != nil {
			return err
		}
	}

	var m *maze.Maze
	if *animateTo != "" {
		film, err := animate.Record(r, solve.Name)
		if err != nil {
			return usagef("--animate: %v", err)
		}
		if err := film.WriteFile(anim, *animateTo, animate.Options{Style: animate.Style{Maze: st}}); err != nil {
			return err
		}
		m = film.Maze // the maze Make makes
		if *out == "" && !*stats {
			return outs.Commit()
		}
	} else if m, err = maze.Make(r); err != nil {
		return usageError{err}
	}
	var sols, walks [][]int
	var lost *maze.LoopError
	if *showWalk {
		each, err := m.SolveEach(solve.Name)
		if err != nil && (!errors.As(err, &lost) || *stats) {
			return err
		}
		for _, sol := range each {
			sols, walks = append(sols, sol.Path), append(walks, sol.Walk)
		}
		if lost != nil {
			fmt.Fprintf(e.stderr, "mazebook maze: %v: drawn: its walk up to there, and no solution\n", lost)
		}
	} else if *solution || *stats {
		if sols, err = m.SolveParts(solve.Name); err != nil {
			return err
		}
	}
	if *stats {
		if err := printJSON(e.stdout, newMazeStats(m, sols, shape.Name, shape.Format(r.Size))); err != nil {
			return err
		}
		if *out == "" {
			if outs != nil {
				return outs.Commit()
			}
			return nil
		}
	}
	if !*solution && !*showWalk {
		sols = nil
	}
	pic := format.Picture{Maze: m, DPI: *dpi, Creator: "mazebook " + version, Created: spec.DefaultDate}
	if len(sols) > 0 {
		pic.Solution = sols[0] // the text form is of rectangles: one part
	}
	pic.Title = fmt.Sprintf("%s %s maze %s, seed %d", r.Algorithm, shape.Name, shape.Format(r.Size), r.Seed)
	if r.Braid > 0 {
		pic.Title += fmt.Sprintf(", braid %g", r.Braid)
	}
	switch {
	case f.Drawn && *page != "":
		po.Style, po.WallName = st, wallName
		p, err := poster.Layout(m, po, sols...)
		if err != nil {
			return usageError{err}
		}
		pic.Page = p.Page
		if *title != "" {
			pic.Title = *title
		}
	case f.Drawn:
		l := draw.Layers{Solutions: sols, Walks: walks, Blank: *blank, Graph: *graph}
		if lost != nil {
			l.Note = lostNote(lost)
		}
		pic.Page = draw.PageLayers(m, st, mazeMargin, l)
	}
	if *out == "" {
		if err := f.Write(e.stdout, pic); err != nil {
			return err
		}
		if outs != nil {
			return outs.Commit()
		}
		return nil
	}
	if err := f.Write(dest, pic); err != nil {
		return err
	}
	return outs.Commit()
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

// newMazeStats rates maze m along the solutions of its parts.
func newMazeStats(m *maze.Maze, sols [][]int, shape, size string) mazeStats {
	d := m.Rate(sols)
	steps, times := map[string]float64{}, map[string]float64{}
	for i, p := range maze.People() {
		steps[p.Name] = math.Round(float64(d.Steps[i]*10)) / 10
		times[p.Name] = math.Round(float64(d.Times[i]*10)) / 10
	}
	return mazeStats{shape, size, d.Metrics, steps, times, math.Round(float64(d.Effort*10)) / 10, math.Round(float64(d.Score*10)) / 10, d.Level}
}

// mazeStyle is how 'mazebook maze' and 'mazebook solve' draw a maze:
// cells and walls in points, in an ink, its doors marked so.
func mazeStyle(cell, wall float64, ink draw.Ink, mk draw.Markers) draw.Style {
	st := draw.Style{Cell: cell, Wall: wall, Ink: draw.Ink(ink), Markers: mk, Start: "Start", Finish: "Finish"}
	st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = draw.InkDefaults(ink)
	st.WalkColor, st.GraphColor = draw.TeachingColors(ink)
	return st
}

// checkPage refuses a page of pw by ph points that format f cannot
// write: a PDF page larger than readers open, a PNG of too many pixels at
// dpi.
func checkPage(f format.Format, pw, ph, dpi float64) error {
	if f.Ext == ".pdf" && (pw > spec.MaxPageSide || ph > spec.MaxPageSide) {
		return fmt.Errorf("the maze's page would be %s x %s; PDF readers open pages of at most 200 x 200 in", spec.FormatLength(pw, "in"), spec.FormatLength(ph, "in"))
	}
	if f.Ext == ".png" {
		return png.CheckSize(pw, ph, dpi)
	}
	return nil
}

// checkDrawingMemory refuses to draw a maze of cells cells of a kind on
// a page of pw by ph points as f when the drawing and, for a PNG, its
// pixels would take more than the budget (plan.MaxBookBytes).
func checkDrawingMemory(f format.Format, kind string, cells int, pw, ph, dpi float64) error {
	need := plan.DrawingBytes(kind, cells)
	if f.Ext == ".png" {
		need += png.Bytes(pw, ph, dpi)
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
