package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/maze"
)

func runMaze(e *env, args []string) error {
	fs := newFlags(e, "maze", "[flags] -o FILE", "Make one maze. The format follows FILE's extension: .svg, .pdf, .png or .txt\n(the pixel matrix: '#' wall, ' ' passage). Without -o, print the text to standard output.")
	algorithm := fs.String("algorithm", "backtracker", "the generator (see 'mazebook algorithms')")
	size := fs.String("size", "20x20", "the size in cells, `COLUMNSxROWS`")
	seed := fs.Uint64("seed", 1, "the seed: the same seed gives the same maze")
	openings := fs.String("openings", "corners", "where the entrance and exit go: corners, sides or longest")
	solution := fs.Bool("solution", false, "draw the solution")
	out := fs.String("o", "", "write to `FILE` (.svg, .pdf, .png or .txt)")
	cell := fs.String("cell", "8mm", "the cell size, a `LENGTH` in mm, cm, in or pt")
	wall := fs.String("wall", "medium", "wall thickness: thin, medium, thick or a `LENGTH`")
	markers := fs.String("markers", "squares", "entrance and exit markers: squares, labels or none")
	dpi := fs.Float64("dpi", 96, "resolution of a .png")
	braid := fs.Float64("braid", 0, "share of dead ends to remove, adding loops: 0 (perfect) to 1 (no dead ends)")
	solver := fs.String("solver", "bfs", "the solver that draws the solution (see 'mazebook algorithms --solvers')")
	stats := fs.Bool("stats", false, "print the maze's metrics as JSON on standard output (and draw nothing unless -o is given)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("mazebook maze: unexpected argument %q (the output goes after -o)", pos[0])
	}

	alg, err := maze.LookupAlgorithm(*algorithm)
	if err != nil {
		return usagef("mazebook maze: --algorithm: %v", err)
	}
	if !(*braid >= 0 && *braid <= 1) {
		return usagef("mazebook maze: --braid must be from 0 to 1")
	}
	solve, err := maze.LookupSolver(*solver)
	if err != nil {
		return usagef("mazebook maze: --solver: %v", err)
	}
	w, h, err := layout.ParseMazeSize(*size)
	if err != nil {
		return usagef("mazebook maze: --size: %v", err)
	}
	open, err := maze.ParseOpenings(*openings)
	if err != nil {
		return usagef("mazebook maze: --openings: %v", err)
	}
	cellPt, err := layout.ParseLength(*cell)
	if err != nil || cellPt <= 0 {
		return usagef("mazebook maze: --cell: give a positive length such as 8mm, not %q", *cell)
	}
	wallPt, name, err := layout.ParseWall(*wall)
	if err == nil {
		wallPt, err = layout.FitWall(wallPt, name, cellPt)
	}
	if err != nil {
		return usagef("mazebook maze: --wall: %v", err)
	}
	mk := layout.Markers(*markers)
	if mk != layout.MarkSquares && mk != layout.MarkLabels && mk != layout.MarkNone {
		return usagef("mazebook maze: --markers %q is unknown (known: squares, labels, none)", *markers)
	}
	if *out == "-" {
		*out = "" // the text form, on standard output
	}
	ext := strings.ToLower(filepath.Ext(*out))
	if *out != "" && ext != ".svg" && ext != ".pdf" && ext != ".png" && ext != ".txt" {
		return usagef("mazebook maze: -o %s: the extension must be .svg, .pdf, .png or .txt", *out)
	}
	if ext == ".png" && (*dpi < 10 || *dpi > 2400) {
		return usagef("mazebook maze: --dpi must be from 10 to 2400")
	}
	st := layout.MazeStyle{
		Cell: cellPt, Wall: wallPt,
		WallColor: display.Black, SolutionColor: display.Color{R: 214, G: 40, B: 40},
		EntranceColor: display.Color{R: 214, G: 40, B: 40}, ExitColor: display.Color{R: 244, G: 160, B: 160},
		Markers: mk, Start: "Start", Finish: "Finish",
	}
	if ext == ".svg" || ext == ".pdf" || ext == ".png" {
		if w*h > layout.MaxMazeDrawnCells {
			return usagef("mazebook maze: a %dx%d maze has %d cells; the most drawn as %s is %d (the text form, .txt, takes up to %d)", w, h, w*h, ext, layout.MaxMazeDrawnCells, maze.MaxCells)
		}
		pw, ph := layout.MazePageSize(float64(w), float64(h), st, mazeMargin)
		if ext == ".pdf" && (pw > layout.MaxPageSide || ph > layout.MaxPageSide) {
			return usagef("mazebook maze: the maze's page would be %s x %s; PDF readers open pages of at most 200 x 200 in: use a smaller --cell or --size", layout.FormatLength(pw, "in"), layout.FormatLength(ph, "in"))
		}
		if ext == ".png" {
			if err := png.CheckSize(pw, ph, *dpi); err != nil {
				return usagef("mazebook maze: %v", err)
			}
		}
	}
	var outs *outputs
	var dest *output
	if *out != "" {
		outs = newOutputs(e, "maze")
		defer outs.abort()
		if dest, err = outs.add("-o", *out); err != nil {
			return err
		}
	}

	g, _ := maze.NewRect(w, h)
	m, err := alg.Generate(g, *seed)
	if err != nil {
		return usagef("mazebook maze: %v", err)
	}
	maze.Braid(m, *braid, maze.NewRand(maze.DeriveSeed(*seed, "braid")))
	if err := m.PlaceDoors(open, maze.NewRand(maze.DeriveSeed(*seed, "doors"))); err != nil {
		return err
	}
	var sol []int
	if *solution || *stats {
		s, err := solve.Solve(m, m.Entrance.Cell, m.Exit.Cell)
		if err != nil {
			return err
		}
		sol = s.Path
	}
	if *stats {
		mt := m.MeasurePath(sol)
		score := maze.Score(mt)
		report := struct {
			maze.Metrics
			Score float64 `json:"score"`
			Level int     `json:"level"`
		}{mt, math.Round(score*10) / 10, maze.LevelOf(score).Number}
		if err := printJSON(e.stdout, report); err != nil {
			return err
		}
		if *out == "" {
			return nil
		}
	}
	if !*solution {
		sol = nil
	}

	if ext == ".txt" || *out == "" {
		text, err := m.Text()
		if err != nil {
			return err
		}
		if *solution {
			text = markSolution(text, m, sol)
		}
		if *out == "" {
			_, err := e.stdout.Write(text)
			return err
		}
		if _, err := dest.Write(text); err != nil {
			return err
		}
		return outs.commit()
	}

	page := layout.MazePage(m, st, sol, mazeMargin)
	title := fmt.Sprintf("%s maze %dx%d, seed %d", alg.Name, w, h, *seed)
	if *braid > 0 {
		title += fmt.Sprintf(", braid %g", *braid)
	}
	data, err := renderPage(ext, page, title, *dpi)
	if err != nil {
		return err
	}
	if _, err := dest.Write(data); err != nil {
		return err
	}
	return outs.commit()
}

// mazeMargin is the margin around a maze on the page 'mazebook maze'
// draws, in points.
const mazeMargin = 18

// markSolution writes the solution into the text matrix as '.'.
func markSolution(text []byte, m *maze.Maze, path []int) []byte {
	g := m.Grid.(maze.Rect)
	stride := 2*g.W + 2
	out := append([]byte(nil), text...)
	set := func(px, py int) { out[py*stride+px] = '.' }
	for i, c := range path {
		x, y := g.XY(c)
		set(2*x+1, 2*y+1)
		if i > 0 {
			px, py := g.XY(path[i-1])
			set(x+px+1, y+py+1)
		}
	}
	for _, d := range []maze.Door{m.Entrance, m.Exit} {
		x, y := g.XY(d.Cell)
		dx := [4]int{0, 1, 0, -1}[d.Side]
		dy := [4]int{-1, 0, 1, 0}[d.Side]
		set(2*x+1+dx, 2*y+1+dy)
	}
	return out
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
