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
	// Notes say what Read chose or guessed (which two of many openings,
	// ...).
	Notes []string
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
	}
	for _, n := range r.Notes {
		b.WriteString("; ")
		b.WriteString(n)
	}
	return b.String()
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
)

// Read reads a maze from data: a PNG or a JPEG when it begins as one, an
// SVG drawing when its first element is svg, else text.
func Read(data []byte, opt Options) (*Result, error) {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")), bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return Image(bytes.NewReader(data), opt)
	case isSVG(data):
		return SVG(data)
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
// and measures the maze.
func finish(m *maze.Maze, kind Kind, cands []candidate, notes []string) (*Result, error) {
	r := &Result{Maze: m, Kind: kind, Notes: notes}
	in, out, n, note, err := choose(m, cands)
	r.Openings = n
	if err != nil {
		return nil, err
	}
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	m.SetDoors(in, out)
	r.Loops, r.Perfect = loops(m)
	return r, nil
}

// choose picks the entrance and the exit: the marked start and goal when
// there are, else the two openings, else the two farthest apart through
// the maze. It also returns the number of openings and marks, those of
// one cell counted once.
func choose(m *maze.Maze, cands []candidate) (in, out maze.Door, n int, note string, err error) {
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
		return in, out, len(cs), "", fmt.Errorf("%w: the outer wall has no gap and no start or goal is marked", ErrNoOpenings)
	case len(cs) == 1:
		return in, out, len(cs), "", fmt.Errorf("%w: only one opening was found; a maze needs an entrance and an exit", ErrNoOpenings)
	case len(cs) > maxCandidates:
		return in, out, len(cs), "", fmt.Errorf("%w: %d openings; mark the start and the goal (S and G)", ErrNotGrid, len(cs))
	case len(starts) == 1 && len(goals) == 1:
		return cs[starts[0]].door, cs[goals[0]].door, len(cs), "", nil
	case len(cs) == 2:
		a, b := cs[0], cs[1]
		if a.role == goal || b.role == start {
			a, b = b, a
		}
		return a.door, b.door, len(cs), "", nil
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
	return cs[bi].door, cs[bj].door, len(cs), fmt.Sprintf("%d openings: took the two farthest apart", len(cs)), nil
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
