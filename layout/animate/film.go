// Package animate turns the recording of a maze being made and solved
// (see maze.Recording) into pictures: an animated GIF, an animated SVG
// that plays in a browser with no script, and storyboards, pages of small
// numbered frames for a class. A Film holds what was recorded; its frames
// are states (walls standing, each cell's mark) at chosen moments, drawn
// as display items, so every backend draws them and every shape a maze
// takes is drawn as layout/draw draws it.
package animate

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"mazebook/maze"
)

// Film is a maze's making and, when a solver is named, its solving, as
// recorded step by step.
type Film struct {
	// Maze is the finished maze, with its doors.
	Maze *maze.Maze
	// Algorithm and Solver name the generator and the solver ("" when
	// the film shows no solving).
	Algorithm, Solver string
	// Make and Solve are the steps recorded while the maze was made and
	// while it was solved.
	Make, Solve []maze.Step
	// Path is the solution found, from the entrance to the exit.
	Path []int
	// building is true when the generator builds walls (recursive
	// division): its carves open the grid first and are not moves.
	building bool
}

// MaxCells is the most cells a film is made of: every frame draws every
// cell.
const MaxCells = 40_000

// Record makes the maze recipe r describes, recording its generator, and
// solves it with the solver called solver ("" solves nothing), recording
// the search. The maze is the one maze.Make makes.
func Record(r maze.Recipe, solver string) (*Film, error) {
	if r.Weave > 0 {
		return nil, errors.New("a weave cannot be animated (its crossings are drawn over each other)")
	}
	if r.Islands == maze.Separate && r.Mask != nil {
		return nil, errors.New("a mask whose islands are kept apart cannot be animated: join them")
	}
	g, err := r.Grid()
	if err != nil {
		return nil, err
	}
	if g.Cells() > MaxCells {
		return nil, fmt.Errorf("a maze of %d cells is too large to animate (the most is %d)", g.Cells(), MaxCells)
	}
	var s maze.Solver
	if solver != "" {
		if s, err = maze.LookupSolver(solver); err != nil {
			return nil, err
		}
	}
	rec := &maze.Recording{}
	m, err := maze.MakeRecorded(r, rec)
	if err != nil {
		return nil, err
	}
	f := &Film{Maze: m, Algorithm: r.Algorithm, Make: rec.Steps}
	for _, st := range f.Make {
		if st.Op == maze.OpBuild {
			f.building = true
			break
		}
	}
	if solver == "" {
		return f, nil
	}
	srec := &maze.Recording{}
	m.Record(srec)
	sol, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell)
	m.Record(nil)
	if err != nil {
		return nil, err
	}
	f.Solver, f.Solve, f.Path = s.Name, srec.Steps, sol.Path
	return f, nil
}

// Phase is what a frame shows.
type Phase int

// The phases of a film.
const (
	// Making is the generator at work.
	Making Phase = iota
	// Made is the finished maze, its marks cleared.
	Made
	// Solving is the solver at work.
	Solving
	// Solved is the finished maze with its solution.
	Solved
)

// Mark is what a cell shows in a frame.
type Mark uint8

// The marks of cells.
const (
	None Mark = iota
	// In is a cell in the maze (Prim's I, a cell a walk joined).
	In
	// Frontier is Prim's F.
	Frontier
	// Stack is a cell on the backtracker's stack, or the growing tree's
	// active list.
	Stack
	// Walk is a cell on Wilson's loop-erased walk.
	Walk
	// Hunted is the cell hunt-and-kill's hunt found.
	Hunted
	// Set is a cell of a set of joined cells (Kruskal, Eller) bigger
	// than itself; its colour is its set's.
	Set
	// Reached is a cell a search reached, at the distance in Value.
	Reached
	// Thread is a cell on Trémaux's thread (marked once).
	Thread
	// Dead is a cell Trémaux's thread was rolled back over (marked
	// twice).
	Dead
	// Trail is a cell a wall follower has walked through.
	Trail
	// Filled is a dead end dead-end filling filled.
	Filled
)

// State is the maze at one moment of a film.
type State struct {
	// Maze has the passages open at this moment and the finished maze's
	// doors.
	Maze *maze.Maze
	// Marks holds each cell's mark, Value the distance of a Reached cell.
	Marks []Mark
	Value []int32
	// Head is the cell a walker stands on, -1 for none.
	Head int
	// Phase is what the state shows.
	Phase Phase
	// Carves counts the generator's moves so far (carves, or for
	// recursive division the walls built), Steps the solver's steps.
	Carves, Steps int
	// sets is a union-find forest of the cells Kruskal and Eller merged;
	// number holds each set's number (by its root), counted as sets of
	// two cells or more are formed.
	sets   []int32
	number map[int]int
	film   *Film
}

// SetOf returns the representative of cell c's set, and the set's size.
func (s *State) SetOf(c int) (root, size int) {
	for s.sets[c] >= 0 {
		c = int(s.sets[c])
	}
	return c, int(-s.sets[c])
}

func (s *State) union(a, b int) {
	a, _ = s.SetOf(a)
	b, _ = s.SetOf(b)
	if a == b {
		return
	}
	if s.sets[a] > s.sets[b] { // keep the bigger set's root, and number
		a, b = b, a
	}
	if s.sets[a] == -1 { // two single cells: a new set
		s.number[a] = len(s.number) + 1
	}
	s.sets[a] += s.sets[b]
	s.sets[b] = int32(a)
}

// SetNumber returns the number of cell c's set, counted as sets of two
// cells or more are formed from 1; 0 for a cell alone.
func (s *State) SetNumber(c int) int {
	root, size := s.SetOf(c)
	if size < 2 {
		return 0
	}
	return s.number[root]
}

func (f *Film) start() *State {
	n := f.Maze.Grid.Cells()
	m := maze.New(f.Maze.Grid)
	m.SetParts(f.Maze.Parts())
	s := &State{Maze: m, Marks: make([]Mark, n), Value: make([]int32, n), Head: -1, sets: make([]int32, n), number: map[int]int{}, film: f}
	for i := range s.sets {
		s.sets[i] = -1
	}
	return s
}

// apply applies one step of the generator (solving false) or the solver.
func (s *State) apply(st maze.Step, solving bool) {
	c := int(st.Cell)
	switch st.Op {
	case maze.OpCarve:
		s.Maze.Carve(c, int(st.Side))
		if !s.film.building {
			s.Carves++
		}
		if s.Marks[c] == Set || s.Marks[c] == None {
			if nb := s.Maze.Grid.Neighbor(c, int(st.Side)); nb >= 0 && s.sets[c] != -1 {
				// Kruskal and Eller merged them just before: mark both.
				s.Marks[c], s.Marks[nb] = Set, Set
			}
		}
	case maze.OpBuild:
		s.Maze.Build(c, int(st.Side))
		s.Carves++
	case maze.OpFrontier:
		s.Marks[c] = Frontier
	case maze.OpIn:
		s.Marks[c] = In
	case maze.OpPush:
		if solving {
			s.Marks[c] = Thread
		} else {
			s.Marks[c] = Stack
		}
		s.Head = c
	case maze.OpPop:
		if solving {
			s.Marks[c] = Dead
		} else {
			s.Marks[c] = In
		}
		s.Head = -1
	case maze.OpWalk:
		s.Head = c
		switch {
		case solving:
			s.Marks[c] = Trail
		case s.Marks[c] == None:
			s.Marks[c] = Walk
		}
	case maze.OpErase:
		s.Marks[c] = None
	case maze.OpMerge:
		s.union(c, int(st.Value))
	case maze.OpHunt:
		s.Marks[c] = Hunted
		s.Head = c
	case maze.OpReach:
		s.Marks[c], s.Value[c] = Reached, st.Value
		s.Head = c
	case maze.OpFill:
		s.Marks[c] = Filled
	}
	if solving {
		s.Steps++
	}
}

// clear takes every mark off.
func (s *State) clear() {
	for i := range s.Marks {
		s.Marks[i], s.Value[i] = None, 0
	}
	s.Head = -1
}

// Moves returns the number of the generator's moves (carves, or for
// recursive division walls built) and of the solver's steps: what
// Frames counts in.
func (f *Film) Moves() (making, solving int) {
	for _, st := range f.Make {
		if st.Op == maze.OpBuild || st.Op == maze.OpCarve && !f.building {
			making++
		}
	}
	return making, len(f.Solve)
}

// MaxDistance returns the largest distance the solver's search recorded:
// the depth of its wavefront.
func (f *Film) MaxDistance() int32 {
	var d int32
	for _, st := range f.Solve {
		if st.Op == maze.OpReach {
			d = max(d, st.Value)
		}
	}
	return d
}

// Play calls frame with the state of the film at each frame: every
// makeEvery generator moves while the maze is made (a frame just before
// the move, from the first; then the last move's), the finished maze (Made), every solveEvery solver steps,
// and the solved maze. frame may keep nothing of the state it is given:
// the state changes after it returns. Play stops at the first error frame
// returns, and returns it.
func (f *Film) Play(makeEvery, solveEvery int, frame func(*State) error) error {
	makeEvery, solveEvery = max(makeEvery, 1), max(solveEvery, 1)
	s := f.start()
	for _, st := range f.Make {
		move := st.Op == maze.OpBuild || st.Op == maze.OpCarve && !f.building
		if move && s.Carves%makeEvery == 0 {
			if err := frame(s); err != nil {
				return err
			}
		}
		s.apply(st, false)
	}
	if err := frame(s); err != nil {
		return err
	}
	s.clear()
	s.Phase = Made
	if err := frame(s); err != nil {
		return err
	}
	if f.Solver == "" {
		return nil
	}
	s.Phase = Solving
	for i, st := range f.Solve {
		s.apply(st, true)
		if (i+1)%solveEvery == 0 && i+1 < len(f.Solve) {
			if err := frame(s); err != nil {
				return err
			}
		}
	}
	if err := frame(s); err != nil {
		return err
	}
	s.Phase, s.Head = Solved, -1
	return frame(s)
}

// Every returns the number of moves per frame that keeps n moves within
// budget frames.
func Every(n, budget int) int {
	if budget < 1 {
		budget = 1
	}
	return max(1, (n+budget-1)/budget)
}

// Exts are the extensions of the files an animation is written as.
var Exts = []string{".gif", ".svg"}

// CheckFile returns an error unless the file name ends in one of Exts.
func CheckFile(name string) error {
	if extOf(name) == "" {
		return fmt.Errorf("%q: an animation is written as .gif or .svg", name)
	}
	return nil
}

func extOf(name string) string {
	for _, e := range Exts {
		if len(name) > len(e) && strings.EqualFold(name[len(name)-len(e):], e) {
			return e
		}
	}
	return ""
}

// WriteFile writes the film as the file name's extension says (see Exts).
func (f *Film) WriteFile(w io.Writer, name string, o Options) error {
	switch extOf(name) {
	case ".gif":
		return f.WriteGIF(w, o)
	case ".svg":
		return f.WriteSVG(w, o)
	}
	return CheckFile(name)
}

// frontier reports whether the film's generator grows the maze from a
// frontier (see maze.Algorithm's Frontier), whose cells its boards
// label.
func (f *Film) frontier() bool {
	a, err := maze.LookupAlgorithm(f.Algorithm)
	return err == nil && a.Frontier
}
