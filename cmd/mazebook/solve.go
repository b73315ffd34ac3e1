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
	"mazebook/maze/read"
)

func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve", "FILE [-o OUT] [flags]", "Read a maze someone drew and solve it: a text matrix ('#' wall, ' ' passage, or the\ncharacters of --wall-char and --passage-char), the matrix with two characters a pixel,\nbox drawing (+--+ and |  |, or Unicode's ┌─┐ families), with S/E, S/G, A/B marks or\nwords and arrows beside the doors; a PNG, JPEG or SVG picture of a rectangular maze.\nFILE - reads standard input. Write it with its solution drawn; OUT's extension picks the\nformat: "+strings.Join(format.Exts(false), ", ")+". Without -o, print the text with the path marked.\nWhat was read (the form, the size, the doors and why) is reported on standard error.\nExit codes: 0 solved, 1 read but no way through, 2 not read.")
	out := fs.String("o", "", "write the solved maze to `OUT` ("+strings.Join(format.Exts(false), ", ")+"; - for the text on standard output)")
	solver := fs.String("solver", "bfs", "the `NAME` of the solver that finds the way (see 'mazebook algorithms --solvers')")
	stats := fs.Bool("stats", false, "print the maze's metrics as JSON on standard output, as 'mazebook maze --stats' does (and draw nothing unless -o is given)")
	wallChar := fs.String("wall-char", "", "the `CHAR` of a wall in a text matrix (default # or █)")
	passageChar := fs.String("passage-char", "", "the `CHAR` of a passage in a text matrix (default space or .)")
	cell := fs.String("cell", "8mm", "the size of a square cell drawn, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness drawn: thin, medium, thick or a `LENGTH`")
	dpi := fs.Float64("dpi", 96, "resolution of a .png")
	startAt := fs.String("start", "", "start at cell `X,Y` (column and row from 0,0 at the top left) instead of the marks and openings read")
	goalAt := fs.String("goal", "", "go to cell `X,Y` (a cell inside the maze is a goal in its middle)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one maze file, a .txt, .png or .jpg (see 'mazebook solve --help')")
	}
	file := pos[0]
	var opt read.Options
	for _, c := range []struct {
		flag string
		val  string
		dst  *rune
	}{{"--wall-char", *wallChar, &opt.Wall}, {"--passage-char", *passageChar, &opt.Passage}} {
		if c.val == "" {
			continue
		}
		r, size := utf8.DecodeRuneInString(c.val)
		if size != len(c.val) || r == utf8.RuneError || r == '\n' || r == '\r' {
			return usagef("%s: give one character, not %q", c.flag, c.val)
		}
		*c.dst = r
	}
	for _, c := range []struct {
		flag, val string
		dst       **maze.At
	}{{"--start", *startAt, &opt.Start}, {"--goal", *goalAt, &opt.Goal}} {
		if c.val == "" {
			continue
		}
		var x, y int
		var rest string
		if n, _ := fmt.Sscanf(strings.ReplaceAll(c.val, " ", "")+" ", "%d,%d%s", &x, &y, &rest); n != 2 {
			return usagef("%s: give a cell as X,Y (column and row from 0,0 at the top left), not %q", c.flag, c.val)
		}
		*c.dst = &maze.At{x, y}
	}
	if opt.Wall != 0 && opt.Wall == opt.Passage {
		return usagef("--wall-char and --passage-char must differ")
	}
	slv, err := maze.LookupSolver(*solver)
	if err != nil {
		return usagef("--solver: %v", err)
	}
	if *out == "-" {
		*out = ""
	}
	f, _ := format.ForFile(".txt", false)
	if *out != "" {
		if f, err = format.ForFile(*out, false); err != nil {
			return usagef("-o %v", err)
		}
	}
	if f.Ext == ".png" && (*dpi < 10 || *dpi > 2400) {
		return usagef("--dpi must be from 10 to 2400")
	}
	cellPt, err := spec.ParseLength(*cell)
	if err != nil || cellPt <= 0 {
		return usagef("--cell: give a positive length such as 8mm, not %q", *cell)
	}
	wallPt, wallName, err := spec.ParseWall(*wall)
	if err != nil {
		return usagef("--wall: %v", err)
	}
	if wallPt, err = spec.FitWall(wallPt, wallName, cellPt); err != nil {
		return usagef("--wall: %v", err)
	}
	var outs *files.Batch
	var dest *files.Output
	if *out != "" {
		outs = e.batch()
		defer outs.Abort()
		outs.Input("the maze", file)
		if dest, err = outs.Create("-o", *out); err != nil {
			return err
		}
	}

	// Exit codes: 0 solved, 1 read but no way through (or an output that
	// cannot be written), 2 a maze that could not be read.
	data, err := readMazeFile(file, e.stdin)
	if err != nil {
		return usageError{err}
	}
	res, err := read.Read(data, opt)
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", file, err)}
	}
	if res.Pixels != nil {
		fmt.Fprintf(e.stderr, "mazebook solve: %s: %s\n", file, res)
		if f.Ext != ".png" || *stats {
			return usagef("%s: no grid was found, so there are no cells to measure or write as %s: write the way found on the picture's pixels with -o OUT.png", file, f.Ext)
		}
		if err := png.Encode(dest, res.Pixels.Image); err != nil {
			return fmt.Errorf("write %s: %w", *out, err)
		}
		return outs.Commit()
	}
	m := res.Maze
	path, err := res.Solve(slv.Name)
	fmt.Fprintf(e.stderr, "mazebook solve: %s: %s\n", file, res)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	g := m.Grid.(maze.Rect)
	if *stats {
		if err := printJSON(e.stdout, newMazeStats(m, [][]int{path}, maze.Rectangle, g.String())); err != nil {
			return err
		}
		if *out == "" {
			return nil
		}
	}
	pic := format.Picture{Maze: m, Solution: path, DPI: *dpi, Creator: "mazebook " + version, Created: spec.DefaultDate,
		Title: "the maze of " + filepath.Base(file) + ", solved"}
	if f.Drawn {
		if most := plan.MaxDrawingCells(maze.Rectangle); g.Cells() > most {
			return fmt.Errorf("%s: a %s maze has %d cells; the most drawn as %s is %d: write it as .txt", file, g, g.Cells(), f.Ext, most)
		}
		st := mazeStyle(cellPt, wallPt, draw.InkColor, draw.Squares)
		gw, gh := g.Size()
		pw, ph := draw.PageSize(gw, gh, st, mazeMargin)
		if err := checkPage(f, pw, ph, *dpi); err != nil {
			return usagef("%v: use a smaller --cell", err)
		}
		if err := checkDrawingMemory(f, maze.Rectangle, g.Cells(), pw, ph, *dpi); err != nil {
			return usageError{err}
		}
		pic.Page = draw.Page(m, st, mazeMargin, path)
	}
	if *out == "" {
		return f.Write(e.stdout, pic)
	}
	if err := f.Write(dest, pic); err != nil {
		return err
	}
	return outs.Commit()
}
