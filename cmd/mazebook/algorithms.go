package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"mazebook/maze"
)

func runAlgorithms(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "algorithms", "[--solvers | --shapes | --stats]", "List the maze generators, one per line: name, what it does, and the grids it can carve\n(shapes, masks, weaves).")
	solvers := fs.Bool("solvers", false, "list the solvers instead")
	shapes := fs.Bool("shapes", false, "list the shapes instead, with how their sizes are written")
	stats := fs.Bool("stats", false, "print a table of each generator's average metrics over a sample of mazes")
	size := fs.String("size", "30x30", "with --stats: the size of the sample mazes, `COLUMNSxROWS`")
	samples := fs.Int("samples", 20, "with --stats: mazes per generator")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	switch {
	case *stats:
		rect, _ := maze.LookupShape(maze.Rectangle)
		sz, err := rect.Parse(*size)
		if err != nil {
			return usagef("--size: %v", err)
		}
		w, h := sz.W, sz.H
		if *samples < 1 || *samples > 10000 {
			return usagef("--samples must be from 1 to 10000")
		}
		if w*h*(*samples) > maxTextureCells {
			return usagef("--stats over %d mazes of %dx%d measures %d cells per generator; the most is %d million: give a smaller --size or fewer --samples", *samples, w, h, w*h*(*samples), maxTextureCells/1_000_000)
		}
		return textureTable(e.stdout, w, h, *samples)
	case *shapes:
		for _, sh := range maze.Shapes() {
			fmt.Fprintf(e.stdout, "%-9s  %s; size: %s; a cell: %s\n", sh.Name, sh.Description, sh.Sizes, sh.Coords)
		}
	case *solvers:
		list := maze.Solvers()
		width := 0
		for _, s := range list {
			width = max(width, len(s.Name))
		}
		for _, s := range list {
			fmt.Fprintf(e.stdout, "%-*s  %s\n", width, s.Name, s.Description)
		}
	default:
		algs := maze.Algorithms()
		width := 0
		for _, a := range algs {
			width = max(width, len(a.Name))
		}
		for _, a := range algs {
			crude := ""
			if a.Crude {
				crude = " (by name only: algorithm: random leaves it out of books)"
			}
			fmt.Fprintf(e.stdout, "%-*s  %s [%s]%s\n", width, a.Name, a.Description, strings.Join(a.Grids(), ", "), crude)
		}
	}
	return nil
}

// maxTextureCells bounds the cells --stats makes per generator, so that
// the table takes seconds, not hours.
const maxTextureCells = 10_000_000

// textureTable prints each generator's average metrics over samples mazes.
func textureTable(out io.Writer, w, h, samples int) error {
	rows, err := maze.Textures(w, h, samples)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "algorithm\tsolution\tturns\tdecisions\tdead ends\tdead-end depth\tbranches\tlongest straight\thorizontal\toff solution\t\n")
	for _, r := range rows {
		m := r.Mean
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f\t%.1f\t%.1f\t%.2f\t%.2f\t\n", r.Algorithm, m.SolutionLength, m.Turns, m.Decisions, m.DeadEnds, m.DeadEndDepthMean, m.Branches, m.LongestStraight, m.HorizontalBias, m.OffSolution)
	}
	return tw.Flush()
}
