package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"mazebook/layout/animate"
	"mazebook/layout/draw"
	"mazebook/layout/format"
	"mazebook/layout/mask"
	"mazebook/layout/plan"
	"mazebook/layout/png"
	"mazebook/layout/poster"
	"mazebook/layout/spec"
	"mazebook/maze"
)

func runMaze(e *env, args []string) error {
	fs := newFlags(e, "maze", "[flags] [-o FILE]", "Make one maze. The format follows FILE's extension: "+strings.Join(format.Exts(false), ", ")+"\n(the text is the pixel matrix of a rectangle: '#' wall, ' ' passage). Without -o, print the text to standard output.")
	shapeName := fs.String("shape", maze.Rectangle, "the shape: "+strings.Join(maze.ShapeNames(), ", "))
	size := fs.String("size", "", "the size, as the shape reads it: `SIZE` (rectangle COLUMNSxROWS; circle RINGS; hexagon or triangle SIDE or COLUMNSxROWS);\nby default about 400 cells (20x20)")
	inner := fs.Float64("inner", maze.DefaultInner, "a circle's middle radius, in ring widths")
	maskFile := fs.String("mask", "", "carve only inside a shape: a .png or .jpg silhouette (dark pixels) or a .txt of X and . art, `FILE`")
	word := fs.String("text", "", "carve only inside a `WORD` set in the embedded font (a child's name)")
	islands := fs.String("islands", "join", "a mask's separate parts (a word's letters): join them into one maze, or make each a maze of its own: join or separate")
	weave := fs.Float64("weave", 0, "share of inner cells of a rectangle that become crossings, 0 to 1 (kruskal)")
	algorithm := fs.String("algorithm", "", "the generator (see 'mazebook algorithms'; default backtracker, or kruskal for a weave)")
	seed := fs.Uint64("seed", 1, "the seed: the same seed gives the same maze")
	openings := fs.String("openings", "corners", "where the entrance and exit go: corners, sides, longest or center (the goal in the middle)")
	solution := fs.Bool("solution", false, "draw the solution")
	out := fs.String("o", "", "write to `FILE` ("+strings.Join(format.Exts(false), ", ")+"; - for the text on standard output)")
	cell := fs.String("cell", "8mm", "the size of a square cell, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness: thin, medium, thick or a `LENGTH`")
	markers := fs.String("markers", "squares", "entrance and exit markers: squares (an arrow in and a star with --color grayscale or black), labels or none")
	dpi := fs.Float64("dpi", 96, "resolution of a .png")
	braid := fs.Float64("braid", 0, "share of dead ends to remove, adding loops: 0 (perfect) to 1 (no dead ends)")
	solver := fs.String("solver", "bfs", "the solver that draws the solution (see 'mazebook algorithms --solvers')")
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
		return usagef("mazebook maze: unexpected argument %q (the output goes after -o)", pos[0])
	}

	r := maze.Recipe{Algorithm: *algorithm, Seed: *seed, Braid: *braid, Weave: *weave}
	shape, err := maze.LookupShape(*shapeName)
	if err != nil {
		return usagef("mazebook maze: --shape: %v", err)
	}
	r.Shape = shape.Name
	if *size == "" {
		r.Size = shape.ForCells(defaultMazeCells, 1)
	} else if r.Size, err = shape.Parse(*size); err != nil {
		return usagef("mazebook maze: --size: %v", err)
	}
	if shape.Middle {
		if !(*inner >= maze.MinInner && *inner <= maze.MaxInner) {
			return usagef("mazebook maze: --inner must be from %g to %g", float64(maze.MinInner), float64(maze.MaxInner))
		}
		r.Size.Inner = *inner
	}
	if !(*braid >= 0 && *braid <= 1) {
		return usagef("mazebook maze: --braid must be from 0 to 1")
	}
	if !(*weave >= 0 && *weave <= 1) {
		return usagef("mazebook maze: --weave must be from 0 to 1")
	}
	if *maskFile != "" && *word != "" {
		return usagef("mazebook maze: give --mask or --text, not both")
	}
	if *maskFile != "" || *word != "" {
		if r.Mask, err = readMask(*maskFile, *word); err != nil {
			return usagef("mazebook maze: %v", err)
		}
	}
	switch r.Islands = maze.Islands(*islands); r.Islands {
	case maze.Join, maze.Separate:
	default:
		return usagef("mazebook maze: --islands %q is unknown (known: join, separate)", *islands)
	}
	if r.Algorithm == "" {
		r.Algorithm = plan.DefaultAlgorithm
		if r.Weave > 0 {
			r.Algorithm = "kruskal"
		}
	}
	if _, err := maze.LookupAlgorithm(r.Algorithm); err != nil {
		return usagef("mazebook maze: --algorithm: %v", err)
	}
	solve, err := maze.LookupSolver(*solver)
	if err != nil {
		return usagef("mazebook maze: --solver: %v", err)
	}
	if r.Openings, err = maze.ParseOpenings(*openings); err != nil {
		return usagef("mazebook maze: --openings: %v", err)
	}
	cellPt, err := spec.ParseLength(*cell)
	if err != nil || cellPt <= 0 {
		return usagef("mazebook maze: --cell: give a positive length such as 8mm, not %q", *cell)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var po poster.Options
	if *page == "" {
		for _, name := range []string{"landscape", "portrait", "title", "margin"} {
			if set[name] {
				return usagef("mazebook maze: --%s needs --page", name)
			}
		}
	} else {
		if set["cell"] {
			return usagef("mazebook maze: give --page or --cell, not both: --page fits the cells to the page")
		}
		if po.Width, po.Height, err = spec.ParsePageSize(*page); err != nil {
			return usagef("mazebook maze: --page: %v", err)
		}
		switch {
		case *landscape && *portrait:
			return usagef("mazebook maze: give --landscape or --portrait, not both")
		case *landscape:
			po.Orientation = poster.Landscape
		case *portrait:
			po.Orientation = poster.Portrait
		}
		po.Margin = -1
		if *margin != "" {
			if po.Margin, err = spec.ParseLength(*margin); err != nil || po.Margin < 0 {
				return usagef("mazebook maze: --margin: give a length such as 15mm, not %q", *margin)
			}
		}
		if err := poster.CheckTitle(*title); err != nil {
			return usagef("mazebook maze: --title: %v", err)
		}
		po.Title = *title
	}
	ink, err := spec.ParseInk(*color)
	if err != nil {
		return usagef("mazebook maze: --%v", err)
	}
	mk := draw.Markers(*markers)
	if mk != draw.Squares && mk != draw.Labels && mk != draw.None {
		return usagef("mazebook maze: --markers %q is unknown (known: squares, labels, none)", *markers)
	}
	if *out == "-" {
		*out = "" // the text form, on standard output
	}
	if *animateTo != "" {
		if err := animate.CheckFile(*animateTo); err != nil {
			return usagef("mazebook maze: --animate %v", err)
		}
		if *page != "" {
			return usagef("mazebook maze: --animate draws the maze alone: give no --page")
		}
	}
	txt, _ := format.ForFile(".txt", false)
	f := txt
	if *out != "" {
		if f, err = format.ForFile(*out, false); err != nil {
			return usagef("mazebook maze: -o %v", err)
		}
	}
	if f.Ext == ".png" && (*dpi < 10 || *dpi > 2400) {
		return usagef("mazebook maze: --dpi must be from 10 to 2400")
	}
	g, err := r.Grid()
	if err != nil {
		return usagef("mazebook maze: %v", err)
	}
	// Something is drawn or written as text unless only the stats or only
	// an animation are asked for.
	drawn := *out != "" || !*stats && *animateTo == ""
	if !f.Drawn && *page != "" && drawn {
		return usagef("mazebook maze: --page draws a page: write it as %s", strings.Join(format.Exts(true), ", "))
	}
	if !f.Drawn {
		if _, ok := g.(maze.Rect); !ok && drawn {
			return usagef("mazebook maze: the text form is for rectangles: write a %s as %s", describeShape(r), strings.Join(format.Exts(true), ", "))
		}
	}
	wallPt, wallName, err := spec.ParseWall(*wall)
	if err != nil {
		return usagef("mazebook maze: --wall: %v", err)
	}
	st := draw.Style{Cell: cellPt, Wall: wallPt, Ink: draw.Ink(ink), Markers: mk, Start: "Start", Finish: "Finish"}
	st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor = spec.InkDefaults(ink)
	if *page == "" {
		// A poster fits the wall to the cells it chooses.
		if st.Wall, err = spec.FitWall(wallPt, wallName, cellPt*maze.Clearance(g)); err != nil {
			return usagef("mazebook maze: --wall: %v", err)
		}
	}
	if f.Drawn {
		if g.Cells() > plan.MaxMazeDrawnCells {
			return usagef("mazebook maze: a %s has %d cells; the most drawn as %s is %d (the text form, .txt, takes up to %d)", describeShape(r), g.Cells(), f.Ext, plan.MaxMazeDrawnCells, maze.MaxCells)
		}
		gw, gh := g.Size()
		pw, ph := draw.PageSize(gw, gh, st, mazeMargin)
		if *page != "" {
			pw, ph = po.Width, po.Height // turned or not, the same pixels
		}
		if f.Ext == ".pdf" && (pw > spec.MaxPageSide || ph > spec.MaxPageSide) {
			return usagef("mazebook maze: the maze's page would be %s x %s; PDF readers open pages of at most 200 x 200 in: use a smaller --cell or --size", spec.FormatLength(pw, "in"), spec.FormatLength(ph, "in"))
		}
		if f.Ext == ".png" {
			if err := png.CheckSize(pw, ph, *dpi); err != nil {
				return usagef("mazebook maze: %v", err)
			}
		}
	}
	var outs *outputs
	var dest, anim *output
	if *out != "" || *animateTo != "" {
		outs = newOutputs(e, "maze")
		defer outs.abort()
		if *maskFile != "" {
			outs.input(*maskFile)
		}
	}
	if *out != "" {
		if dest, err = outs.add("-o", *out); err != nil {
			return err
		}
	}
	if *animateTo != "" {
		if anim, err = outs.add("--animate", *animateTo); err != nil {
			return err
		}
	}

	var m *maze.Maze
	if *animateTo != "" {
		film, err := animate.Record(r, solve.Name)
		if err != nil {
			return usagef("mazebook maze: --animate: %v", err)
		}
		if err := film.WriteFile(anim, *animateTo, animate.Options{Style: animate.Style{Maze: st}}); err != nil {
			return err
		}
		m = film.Maze // the maze Make makes
		if *out == "" && !*stats {
			return outs.commit()
		}
	} else if m, err = maze.Make(r); err != nil {
		return usagef("mazebook maze: %v", err)
	}
	var sols [][]int
	if *solution || *stats {
		if sols, err = m.SolveParts(solve.Name); err != nil {
			return err
		}
	}
	if *stats {
		parts := m.MeasureParts(sols)
		mt, score := maze.SumMetrics(parts), maze.ScoreParts(parts)
		report := struct {
			Shape string `json:"shape"`
			Size  string `json:"size"`
			maze.Metrics
			Score float64 `json:"score"`
			Level int     `json:"level"`
		}{shape.Name, shape.Format(r.Size), mt, math.Round(score*10) / 10, maze.LevelOf(score).Number}
		if err := printJSON(e.stdout, report); err != nil {
			return err
		}
		if *out == "" {
			if outs != nil {
				return outs.commit()
			}
			return nil
		}
	}
	if !*solution {
		sols = nil
	}
	pic := format.Picture{Maze: m, DPI: *dpi, Creator: "mazebook " + version, Created: spec.DefaultDate}
	if len(sols) > 0 {
		pic.Solution = sols[0] // the text form is of rectangles: one part
	}
	pic.Title = fmt.Sprintf("%s %s maze %s, seed %d", r.Algorithm, shape.Name, shape.Format(r.Size), *seed)
	if *braid > 0 {
		pic.Title += fmt.Sprintf(", braid %g", *braid)
	}
	switch {
	case f.Drawn && *page != "":
		po.Style, po.WallName = st, wallName
		p, err := poster.Layout(m, po, sols...)
		if err != nil {
			return usagef("mazebook maze: %v", err)
		}
		pic.Page = p.Page
		if *title != "" {
			pic.Title = *title
		}
	case f.Drawn:
		pic.Page = draw.Page(m, st, mazeMargin, sols...)
	}
	if *out == "" {
		if err := f.Write(e.stdout, pic); err != nil {
			return err
		}
		if outs != nil {
			return outs.commit()
		}
		return nil
	}
	if err := f.Write(dest, pic); err != nil {
		return err
	}
	return outs.commit()
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

// readMask reads a mask from a file (.png, .jpg, .jpeg or .txt) or sets a
// word in the embedded font.
func readMask(file, word string) (*maze.Bitmap, error) {
	if word != "" {
		b, err := mask.FromWord(word)
		if err != nil {
			return nil, fmt.Errorf("--text: %v", err)
		}
		return b, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("--mask: %v", pathErr(err))
	}
	defer f.Close()
	var b *maze.Bitmap
	if strings.HasSuffix(strings.ToLower(file), ".txt") {
		data, err := io.ReadAll(io.LimitReader(f, 16<<20))
		if err != nil {
			return nil, fmt.Errorf("--mask %s: %v", file, err)
		}
		b, err = mask.FromText(string(data))
		if err != nil {
			return nil, fmt.Errorf("--mask %s: %v", file, err)
		}
		return b, nil
	}
	b, err = mask.FromImage(f)
	if err != nil {
		return nil, fmt.Errorf("--mask %s: %v", file, err)
	}
	return b, nil
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
