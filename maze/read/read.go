// Package read reads a rectangular maze that someone else drew into a
// *maze.Maze: mazebook's own text matrix ('#' wall, ' ' passage), the
// common text styles of other tools (+--+ / |  | box drawing, Unicode box
// drawing, the matrix with two characters per pixel and S/G marks), and a
// PNG or JPEG picture of a maze (a clean image, a screenshot, a photo of a
// printed page taken straight on).
//
// Openings in the outer wall become the maze's doors; start and goal
// marks inside it (S and G in text, coloured squares in a picture) become
// doors Inside their cells. When a picture shows no grid, Read falls back
// to the pixels themselves: it finds a way through the picture's free
// pixels between two openings, and says so in the Result.
//
// Everything is pure: bytes in, a maze or a plain error out.
package read

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"mazebook/maze"
)

// Limits on what Read accepts.
const (
	// MaxTextBytes is the largest text maze read: 16 MiB.
	MaxTextBytes = 16 << 20
	// MaxPixels is the most pixels a picture may have: 40 megapixels.
	MaxPixels = 40_000_000
	// maxCandidates is the most openings and marks Read chooses a pair
	// from.
	maxCandidates = 16
)

// Options say how to read.
type Options struct {
	// Wall and Passage, when not 0, are the characters of walls and of
	// passages in a text matrix, instead of the defaults ('#' or '█' for
	// a wall; space or '.' for a passage).
	Wall, Passage rune
	// Start and Goal, when not nil, are the cells to go from and to,
	// [column, row] from [0, 0] at the top left, instead of the marks
	// and openings read: a cell with a gap in the outer wall is entered
	// or left through it, another is a start or a goal inside it. Given
	// one, the other is the opening or mark farthest from it.
	Start, Goal *maze.At
}

// Kind is what Read found.
type Kind string

// The kinds of input.
const (
	// Matrix is the pixel matrix: 2H+1 rows of 2W+1 characters.
	Matrix Kind = "text matrix"
	// Doubled is the pixel matrix with two characters per pixel.
	Doubled Kind = "text matrix, two characters a pixel"
	// Box is box drawing: +--+ and |  |, or Unicode's box characters.
	Box Kind = "box drawing"
	// Picture is a PNG or JPEG read on its grid.
	Picture Kind = "picture"
	// PixelRoute is a PNG or JPEG whose grid could not be found, solved
	// on its free pixels.
	PixelRoute Kind = "picture, solved on its pixels"
	// SVGPicture is an SVG drawing, drawn and read on its grid.
	SVGPicture Kind = "SVG drawing"
)

// Result is what Read read.
type Result struct {
	// Maze is the maze read, with its entrance and exit; nil on the pixel
	// route.
	Maze *maze.Maze
	Kind Kind
	// Pitch is the distance between the walls of a picture's grid and
	// Wall their thickness, in pixels (0 for text).
	Pitch, Wall float64
	// Skew is the angle a picture was turned by, in degrees.
	Skew float64
	// Openings counts the openings in the outer wall and the start and
	// goal marks found.
	Openings int
	// Loops is the number of independent loops (passages - cells +
	// parts); Perfect is true when every cell can be reached and there
	// are no loops.
	Loops   int
	Perfect bool
	// Doors says why the start and the goal are where they are: "the
	// start and goal marked", "the two openings, one marked", "given", ...
	Doors string
	// Notes say what Read chose or guessed (which two of many openings,
	// ...).
	Notes []string
	// cands are the openings and marks the doors were chosen from.
	cands []candidate
	// Pixels is the way through a picture with no grid, found on its free
	// pixels (Kind PixelRoute).
	Pixels *Pixels
}

// String is the one-line report: "read a 31x23 maze, pitch 12 px, 2
// openings, perfect: yes, 0 loops".
func (r *Result) String() string {
	var b strings.Builder
	if r.Pixels != nil {
		fmt.Fprintf(&b, "no grid found in a %dx%d picture: solved on its pixels, a way of %d pixels between %d openings",
			r.Pixels.Image.Bounds().Dx(), r.Pixels.Image.Bounds().Dy(), len(r.Pixels.Path), r.Openings)
	} else {
		g := r.Maze.Grid.(maze.Rect)
		fmt.Fprintf(&b, "read a %dx%d maze", g.W, g.H)
		if r.Pitch > 0 {
			fmt.Fprintf(&b, ", pitch %s px, wall %s px", num(r.Pitch), num(r.Wall))
			if r.Skew != 0 {
				fmt.Fprintf(&b, ", turned %s°", num(r.Skew))
			}
		} else {
			fmt.Fprintf(&b, " (%s)", r.Kind)
		}
		yes := "no"
		if r.Perfect {
			yes = "yes"
		}
		fmt.Fprintf(&b, ", %d openings, perfect: %s, %d loops", r.Openings, yes, r.Loops)
		if r.Doors != "" {
			fmt.Fprintf(&b, "; start %s, goal %s (%s)", where(g, r.Maze.Entrance), where(g, r.Maze.Exit), r.Doors)
		}
	}
	for _, n := range r.Notes {
		b.WriteString("; ")
		b.WriteString(n)
	}
	return b.String()
}

// where says where a door is: "[0, 3] west", "[4, 4] inside".
func where(g maze.Rect, d maze.Door) string {
	x, y := g.XY(d.Cell)
	side := "inside"
	if d.Side >= 0 && d.Side < 4 {
		side = [4]string{"north", "east", "south", "west"}[d.Side]
	}
	return fmt.Sprintf("[%d, %d] %s", x, y, side)
}

func num(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	return strings.TrimSuffix(s, ".0")
}

// Errors Read returns, wrapped with the reason.
var (
	// ErrNoMaze: nothing in the input looks like a maze.
	ErrNoMaze = errors.New("no maze found")
	// ErrNotGrid: walls were found but not on a rectangular grid.
	ErrNotGrid = errors.New("not a grid")
	// ErrNoOpenings: the maze has fewer than two openings or marks.
	ErrNoOpenings = errors.New("no openings")
	// ErrNoWay: the exit cannot be reached from the entrance.
	ErrNoWay = errors.New("the exit cannot be reached from the entrance")
	// ErrTooLarge: the input is larger than the limits.
	ErrTooLarge = errors.New("too large")
	// ErrBadDoor: a start or goal given is not a cell of the maze read.
	ErrBadDoor = errors.New("no such cell")
)

// Read reads a maze from data: a PNG or a JPEG when it begins as one, an
// SVG drawing when its first element is svg, else text.
func Read(data []byte, opt Options) (*Result, error) {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")), bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return Image(bytes.NewReader(data), opt)
	case isSVG(data):
		return SVG(data, opt)
	}
	return Text(data, opt)
}

// Role is what a door candidate was marked as.
type role int

const (
	unmarked role = iota
	start
	goal
)

// candidate is an opening in the outer wall or a mark inside a cell.
type candidate struct {
	door maze.Door
	role role
}

// finish chooses the entrance and exit among the candidates, sets them,
// and measures the maze. When no two can be chosen it returns the maze
// read, without doors, with the error: doors given (Options.Start and
// Goal) may still solve it.
func finish(m *maze.Maze, kind Kind, cands []candidate, notes []string) (*Result, error) {
	r := &Result{Maze: m, Kind: kind, Notes: notes, cands: cands}
	in, out, n, why, err := choose(m, cands)
	r.Openings = n
	r.Loops, r.Perfect = loops(m)
	if err != nil {
		return r, err
	}
	r.Doors = why
	m.SetDoors(in, out)
	return r, nil
}

// withDoors returns what a reader read, with the doors opt gives, if any,
// in place of those chosen (and the error of a maze with too few
// openings forgiven).
func withDoors(r *Result, err error, opt Options) (*Result, error) {
	if opt.Start == nil && opt.Goal == nil {
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	if r == nil || r.Maze == nil {
		if err == nil {
			err = errors.New("a maze read on its pixels has no cells to start from")
		}
		return nil, err
	}
	m := r.Maze // too few or too many openings: the doors given decide
	g := m.Grid.(maze.Rect)
	door := func(at *maze.At, name string) (maze.Door, error) {
		x, y := at[0], at[1]
		if x < 0 || y < 0 || x >= g.W || y >= g.H {
			return maze.Door{}, fmt.Errorf("%w: the %s [%d, %d] is outside the %dx%d maze read (columns 0 to %d, rows 0 to %d)", ErrBadDoor, name, x, y, g.W, g.H, g.W-1, g.H-1)
		}
		c := g.Cell(x, y)
		for _, cd := range r.cands {
			if cd.door.Cell == c && !cd.door.IsInside() {
				return cd.door, nil // through its gap in the outer wall
			}
		}
		return maze.Door{Cell: c, Side: maze.Inside}, nil
	}
	var in, out maze.Door
	var derr error
	if opt.Start != nil {
		if in, derr = door(opt.Start, "start"); derr != nil {
			return nil, derr
		}
	}
	if opt.Goal != nil {
		if out, derr = door(opt.Goal, "goal"); derr != nil {
			return nil, derr
		}
	}
	switch {
	case opt.Start == nil:
		in, derr = farthestFrom(m, r.cands, out)
	case opt.Goal == nil:
		out, derr = farthestFrom(m, r.cands, in)
	}
	if derr != nil {
		return nil, derr
	}
	m.SetDoors(in, out)
	r.Doors = "given"
	r.Loops, r.Perfect = loops(m)
	return r, nil
}

// farthestFrom returns the opening or mark farthest from door d through
// the maze.
func farthestFrom(m *maze.Maze, cands []candidate, d maze.Door) (maze.Door, error) {
	dist := m.Distances(d.Cell)
	best, far := maze.Door{}, int32(-1)
	for _, c := range cands {
		if c.door.Cell != d.Cell && dist[c.door.Cell] > far {
			best, far = c.door, dist[c.door.Cell]
		}
	}
	if far < 0 {
		return best, fmt.Errorf("%w: no other opening or mark to go to or from: give both the start and the goal", ErrNoOpenings)
	}
	return best, nil
}

// choose picks the entrance and the exit: the marked start and goal when
// there are, else the two openings, else the two farthest apart through
// the maze. It also returns the number of openings and marks, those of
// one cell counted once.
func choose(m *maze.Maze, cands []candidate) (in, out maze.Door, n int, why string, err error) {
	// A mark in a cell and a gap of the same cell, or the same gap seen
	// twice, are one; two gaps of one cell stay two (a maze of one cell
	// is entered on one side and left on another).
	var cs []candidate
	seen := map[int]int{}
	for _, c := range cands {
		if i, ok := seen[c.door.Cell]; ok && (c.door.IsInside() || cs[i].door.IsInside() || c.door == cs[i].door) {
			if cs[i].role == unmarked {
				cs[i].role = c.role
			}
			if cs[i].door.IsInside() && !c.door.IsInside() {
				cs[i].door = c.door // the way out rather than the mark
			}
			continue
		}
		seen[c.door.Cell] = len(cs)
		cs = append(cs, c)
	}
	if len(cs) < 2 && len(cands) == 2 {
		cs = cands // one cell, entered by a gap, its goal marked in it
	}
	var starts, goals []int
	for i, c := range cs {
		switch c.role {
		case start:
			starts = append(starts, i)
		case goal:
			goals = append(goals, i)
		}
	}
	switch {
	case len(cs) == 0:
		return in, out, len(cs), "", fmt.Errorf("%w: the outer wall has no gap and no start or goal is marked (give them with --start and --goal)", ErrNoOpenings)
	case len(cs) == 1:
		return in, out, len(cs), "", fmt.Errorf("%w: only one opening was found; a maze needs an entrance and an exit (give the other with --start or --goal)", ErrNoOpenings)
	case len(cs) > maxCandidates:
		return in, out, len(cs), "", fmt.Errorf("%w: %d openings; mark the start and the goal (S and G), or give them (--start and --goal)", ErrNotGrid, len(cs))
	case len(starts) == 1 && len(goals) == 1:
		return cs[starts[0]].door, cs[goals[0]].door, len(cs), "the start and goal marked", nil
	case len(cs) == 2:
		a, b := cs[0], cs[1]
		if a.role == goal || b.role == start {
			a, b = b, a
		}
		why := "the two openings, the first in reading order the start"
		if a.role == start || b.role == goal {
			why = "the two openings, one marked"
		}
		return a.door, b.door, len(cs), why, nil
	}
	// More than two: the pair farthest apart through the maze, keeping a
	// lone start or goal.
	dist := make([][]int32, len(cs))
	for i, c := range cs {
		dist[i] = m.Distances(c.door.Cell)
	}
	bi, bj, best := -1, -1, int32(-1)
	for i := range cs {
		for j := range cs {
			if i == j || len(starts) == 1 && i != starts[0] || len(goals) == 1 && j != goals[0] {
				continue
			}
			if d := dist[i][cs[j].door.Cell]; d > best || (d == best && i < j && bi > bj) {
				bi, bj, best = i, j, d
			}
		}
	}
	if bi < 0 {
		bi, bj = 0, 1
	}
	if bi > bj && len(starts) != 1 && len(goals) != 1 {
		bi, bj = bj, bi
	}
	return cs[bi].door, cs[bj].door, len(cs), fmt.Sprintf("the two of %d openings farthest apart through the maze", len(cs)), nil
}

// loops returns the number of independent loops of m and whether it is
// perfect: connected, with no loop.
func loops(m *maze.Maze) (int, bool) {
	n := m.Grid.Cells()
	seen := make([]bool, n)
	parts := 0
	var stack, links []int
	for c := 0; c < n; c++ {
		if seen[c] {
			continue
		}
		parts++
		seen[c] = true
		stack = append(stack[:0], c)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			links = m.Links(x, links[:0])
			for _, nb := range links {
				if !seen[nb] {
					seen[nb] = true
					stack = append(stack, nb)
				}
			}
		}
	}
	l := m.Passages() - n + parts
	return l, l == 0 && parts == 1
}

// Solve solves the maze read with the solver called name and returns the
// path, or an error that says the exit cannot be reached.
func (r *Result) Solve(solver string) ([]int, error) {
	if r.Maze == nil {
		return nil, errors.New("a maze read on its pixels has no cells to solve")
	}
	s, err := maze.LookupSolver(solver)
	if err != nil {
		return nil, err
	}
	if r.Maze.ShortestPath(r.Maze.Entrance.Cell, r.Maze.Exit.Cell) == nil {
		return nil, ErrNoWay
	}
	sol, err := s.Solve(r.Maze, r.Maze.Entrance.Cell, r.Maze.Exit.Cell)
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrNoWay, err)
	}
	return sol.Path, nil
}
