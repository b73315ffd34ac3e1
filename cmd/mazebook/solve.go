package main

import (
	"context"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"mazebook/files"
	"mazebook/layout/draw"
	"mazebook/layout/format"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/maze/difficulty"
	"mazebook/maze/read"
)

func runSolve(ctx context.Context, e *env, args []string) error {
	o, err := parseSolveFlags(e, args)
	if err != nil {
		return err
	}
	var outs *files.Batch
	var dest *files.Output
	if o.out != "" {
		outs = e.batch()
		defer outs.Abort()
		outs.Input("the maze", o.file)
		if dest, err = outs.Create("-o", o.out); err != nil {
			return err
		}
	}

	// Exit codes: 0 solved, 1 read but no way through (or an output that
	// cannot be written), 2 a maze that could not be read.
	data, err := readMazeFile(o.file, e.stdin)
	if err != nil {
		return usageError{err}
	}
	res, err := read.Read(data, o.read)
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", o.file, err)}
	}
	if res.Pixels != nil {
		fmt.Fprintf(e.stderr, "mazebook solve: %s: %s\n", o.file, res)
		if o.format.Ext != ".png" || o.stats {
			return usagef("%s: no grid was found, so there are no cells to measure or write as %s: write the way found on the picture's pixels with -o OUT.png", o.file, o.format.Ext)
		}
		if err := png.Encode(dest, res.Pixels.Image); err != nil {
			return fmt.Errorf("write %s: %w", o.out, err)
		}
		return outs.Commit()
	}
	m := res.Maze
	path, err := res.Solve(o.solver.Name)
	fmt.Fprintf(e.stderr, "mazebook solve: %s: %s\n", o.file, res)
	if err != nil {
		return fmt.Errorf("%s: %w", o.file, err)
	}
	if o.stats {
		g := m.Grid.(maze.Rect)
		if err := printJSON(e.stdout, newMazeStats(difficulty.Rate(m, [][]int{path}), maze.Rectangle, g.String())); err != nil {
			return err
		}
		if o.out == "" {
			return nil
		}
	}
	pic, err := o.picture(m, path)
	if err != nil {
		return err
	}
	if o.out == "" {
		return o.format.Write(e.stdout, pic)
	}
	if err := o.format.Write(dest, pic); err != nil {
		return err
	}
	return outs.Commit()
}

// solveOptions are the flags of 'mazebook solve', read and checked.
type solveOptions struct {
	file   string // the maze's file, - for standard input
	read   read.Options
	solver maze.Solver
	// out is the file written, "" for the text on standard output, in
	// format.
	out    string
	format format.Format
	stats  bool
	// cell and wall are the drawing's, in points.
	cell, wall, dpi float64
}

// parseSolveFlags reads the flags of 'mazebook solve' and its maze file.
func parseSolveFlags(e *env, args []string) (*solveOptions, error) {
	fs := newFlags(e, "solve", "FILE [-o OUT] [flags]", "Read a maze someone drew and solve it: a text matrix ('#' wall, ' ' passage, or the\ncharacters of --wall-char and --passage-char), the matrix with two characters a pixel,\nbox drawing (+--+ and |  |, or Unicode's ┌─┐ families), with S/E, S/G, A/B marks or\nwords and arrows beside the doors; a PNG, JPEG or SVG picture of a rectangular maze.\nFILE - reads standard input. Write it with its solution drawn; OUT's extension picks the\nformat: "+strings.Join(format.Exts(false), ", ")+". Without -o, print the text with the path marked.\nWhat was read (the form, the size, the doors and why) is reported on standard error.\nExit codes: 0 solved, 1 read but no way through, 2 not read.")
	out := fs.String("o", "", "write the solved maze to `OUT` ("+strings.Join(format.Exts(false), ", ")+"; - for the text on standard output)")
	solver := fs.String("solver", "bfs", "the `NAME` of the solver that finds the way (see 'mazebook algorithms --solvers')")
	stats := fs.Bool("stats", false, "print the maze's metrics as JSON on standard output, as 'mazebook maze --stats' does (and draw nothing unless -o is given)")
	wallChar := fs.String("wall-char", "", "the `CHAR` of a wall in a text matrix (default # or █)")
	passageChar := fs.String("passage-char", "", "the `CHAR` of a passage in a text matrix (default space or .)")
	cell := fs.String("cell", "8mm", "the size of a square cell drawn, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness drawn: thin, medium, thick or a `LENGTH`")
	dpi := dpiFlag(fs, 96)
	startAt := fs.String("start", "", "start at cell `X,Y` (column and row from 0,0 at the top left) instead of the marks and openings read")
	goalAt := fs.String("goal", "", "go to cell `X,Y` (a cell inside the maze is a goal in its middle)")
	pos, err := parse(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) != 1 {
		return nil, usagef("give one maze file, a .txt, .png or .jpg (see 'mazebook solve --help')")
	}
	o := &solveOptions{file: pos[0], out: *out, stats: *stats, dpi: *dpi}
	for _, c := range []struct {
		flag string
		val  string
		dst  *rune
	}{{"--wall-char", *wallChar, &o.read.Wall}, {"--passage-char", *passageChar, &o.read.Passage}} {
		if c.val == "" {
			continue
		}
		r, size := utf8.DecodeRuneInString(c.val)
		if size != len(c.val) || r == utf8.RuneError || r == '\n' || r == '\r' {
			return nil, usagef("%s: give one character, not %q", c.flag, c.val)
		}
		*c.dst = r
	}
	for _, c := range []struct {
		flag, val string
		dst       **maze.At
	}{{"--start", *startAt, &o.read.Start}, {"--goal", *goalAt, &o.read.Goal}} {
		if c.val == "" {
			continue
		}
		var x, y int
		var rest string
		if n, _ := fmt.Sscanf(strings.ReplaceAll(c.val, " ", "")+" ", "%d,%d%s", &x, &y, &rest); n != 2 {
			return nil, usagef("%s: give a cell as X,Y (column and row from 0,0 at the top left), not %q", c.flag, c.val)
		}
		*c.dst = &maze.At{x, y}
	}
	if o.read.Wall != 0 && o.read.Wall == o.read.Passage {
		return nil, usagef("--wall-char and --passage-char must differ")
	}
	if o.solver, err = maze.LookupSolver(*solver); err != nil {
		return nil, usagef("--solver: %v", err)
	}
	if o.out == "-" {
		o.out = ""
	}
	o.format, _ = format.ForFile(".txt", false)
	if o.out != "" {
		if o.format, err = format.ForFile(o.out, false); err != nil {
			return nil, usagef("-o %v", err)
		}
	}
	if o.cell, err = spec.ParseLength(*cell); err != nil || o.cell <= 0 {
		return nil, usagef("--cell: give a positive length such as 8mm, not %q", *cell)
	}
	wallPt, wallName, err := spec.ParseWall(*wall)
	if err != nil {
		return nil, usagef("--wall: %v", err)
	}
	if o.wall, err = spec.FitWall(wallPt, wallName, o.cell); err != nil {
		return nil, usagef("--wall: %v", err)
	}
	return o, nil
}

// picture lays the maze read out with its way through: drawn on a page
// sized to its cells, or as text.
func (o *solveOptions) picture(m *maze.Maze, path []int) (format.Picture, error) {
	g := m.Grid.(maze.Rect)
	pic := format.Picture{Maze: m, Solution: path, DPI: o.dpi, Creator: "mazebook " + version, Created: spec.DefaultDate,
		Title: "the maze of " + filepath.Base(o.file) + ", solved"}
	f := o.format
	if !f.Drawn {
		return pic, nil
	}
	if most := plan.MaxDrawingCells(maze.Rectangle); g.Cells() > most {
		return pic, fmt.Errorf("%s: a %s maze has %d cells; the most drawn as %s is %d: write it as .txt", o.file, g, g.Cells(), f.Ext, most)
	}
	st := mazeStyle(o.cell, o.wall, draw.InkColor, draw.Squares)
	gw, gh := g.Size()
	pw, ph := draw.PageSize(gw, gh, st, mazeMargin)
	if err := checkPage(f, pw, ph, o.dpi); err != nil {
		return pic, usagef("%v: use a smaller --cell", err)
	}
	if err := checkDrawingMemory(f, maze.Rectangle, g.Cells(), pw, ph, o.dpi); err != nil {
		return pic, usageError{err}
	}
	pic.Page = draw.Page(m, st, mazeMargin, path)
	return pic, nil
}
