package main

import (
	"context"
	"fmt"
	"strings"

	"mazebook/layout/animate"
	"mazebook/layout/draw"
	"mazebook/layout/format"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// stepsMargin is the margin of a storyboard's pages, in points.
const stepsMargin = 36

func runSteps(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "steps", "[flags] -o FILE", "Draw a storyboard of a maze being made, frame by frame on pages: Prim's cells labelled I and F,\nKruskal's sets, the backtracker's stack; with --solver, then the solver's search and the solution.\nThe format follows FILE's extension: .pdf (every page), .svg or .png (a storyboard of one page).")
	algorithm := fs.String("algorithm", "prim", "the generator (see 'mazebook algorithms')")
	every := fs.Int("every", 0, "a frame every `N` moves of the generator (carves; walls built for recursive-division); 0 chooses about 24 frames")
	solveEvery := fs.Int("solve-every", 0, "a frame every `N` steps of the solver; 0 chooses about 12 frames")
	shapeName := fs.String("shape", maze.Rectangle, "the shape: "+strings.Join(maze.ShapeNames(), ", "))
	size := fs.String("size", "8x8", "the maze's size, as the shape reads it (`SIZE`)")
	seed := fs.Uint64("seed", 1, "the seed: the same seed gives the same maze")
	solver := fs.String("solver", "", "after the maze is made, show this solver's search (see 'mazebook algorithms --solvers')")
	openings := fs.String("openings", "corners", "where the entrance and exit go: corners, top-bottom, sides, longest or center")
	columns := fs.Int("columns", animate.DefaultColumns, "frames across a page")
	page := fs.String("page", "a4", "the page `SIZE` (a4, letter, 210mm x 297mm, ...)")
	dpi := dpiFlag(fs, 96)
	out := fs.String("o", "", "write to `FILE` (.pdf, .svg or .png)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q (the output goes after -o)", pos[0])
	}
	if *out == "" {
		return usagef("give the output file with -o (.pdf, .svg or .png)")
	}
	f, err := format.ForFile(*out, true)
	if err != nil {
		return usagef("-o %v", err)
	}
	if *every < 0 || *solveEvery < 0 {
		return usagef("--every and --solve-every must be 0 or more")
	}
	if *columns < 1 || *columns > animate.MaxColumns {
		return usagef("--columns must be from 1 to %d", animate.MaxColumns)
	}
	shape, err := maze.LookupShape(*shapeName)
	if err != nil {
		return usagef("--shape: %v", err)
	}
	r := maze.Recipe{Shape: shape.Name, Algorithm: *algorithm, Seed: *seed}
	if r.Size, err = shape.Parse(*size); err != nil {
		return usagef("--size: %v", err)
	}
	if shape.Middle {
		r.Size.Inner = maze.DefaultInner
	}
	if _, err := maze.LookupAlgorithm(r.Algorithm); err != nil {
		return usagef("--algorithm: %v", err)
	}
	if *solver != "" {
		if _, err := maze.LookupSolver(*solver); err != nil {
			return usagef("--solver: %v", err)
		}
	}
	if r.Openings, err = maze.ParseOpenings(*openings); err != nil {
		return usagef("--openings: %v", err)
	}
	pw, ph, err := spec.ParsePageSize(*page)
	if err != nil {
		return usagef("--page: %v", err)
	}
	if most := plan.MaxDrawingCells(plan.CostKind(r.Shape, r.Weave)); most > 0 {
		if g, err := r.Grid(); err == nil && g.Cells() > most {
			return usagef("a %s %s has %d cells, and each frame draws it whole; the most is %d: give a smaller --size", shape.Format(r.Size), shape.Name, g.Cells(), most)
		}
	}
	film, err := animate.Record(r, *solver)
	if err != nil {
		return usageError{err}
	}
	b := animate.Board{MakeEvery: *every, SolveEvery: *solveEvery, Columns: *columns,
		Style: animate.Style{Maze: draw.InkStyle(draw.InkColor, draw.Squares, "", "")}}
	if err := film.CheckBudget(b); err != nil {
		return usageError{err}
	}
	title := fmt.Sprintf("%s, %s %s, seed %d", r.Algorithm, shape.Format(r.Size), shape.Name, *seed)
	if *solver != "" {
		title += ", solved by " + *solver
	}
	pages, err := film.StoryboardPages(b, pw, ph, stepsMargin, title)
	if err != nil {
		return usageError{err}
	}
	if f.WritePages == nil && len(pages) > 1 {
		return usagef("the storyboard takes %d pages and %s holds one: write a .pdf, or show more moves per frame (--every)", len(pages), f.Ext)
	}
	if err := checkPage(f, pw, ph, *dpi); err != nil {
		return usageError{err}
	}
	outs := e.batch()
	defer outs.Abort()
	dest, err := outs.Create("-o", *out)
	if err != nil {
		return err
	}
	pic := format.Picture{Page: pages[0], DPI: *dpi, Title: title, Creator: creator(), Created: spec.DefaultDate}
	if f.WritePages != nil {
		err = f.WritePages(dest, pages, pic)
	} else {
		err = f.Write(dest, pic)
	}
	if err != nil {
		return err
	}
	return outs.Commit()
}
