package maze

import "fmt"

// wallFollower returns the right-hand (or left-hand) wall follower of seed
// 003: keep one hand on the wall and walk; at each cell turn towards the
// hand if you can, else go straight on, else turn away, else go back. The
// turns come from the grid: a cell's sides are numbered clockwise, so
// standing in a cell having come in through side in, the sides met turning
// from the right hand to the left are in-1, in-2, ... and last in itself,
// the way back (see turnOrder). The walk starts as if it had come in
// through the entrance (or the exit, walking back). A follower that comes
// back to a cell through the side it came in by before is walking in a
// circle: the goal is not on a wall it can follow (an exit inside the
// maze, or an island of a braided maze), and it says so instead of walking
// forever.
func wallFollower(right bool) func(m *Maze, from, to int) (Solution, error) {
	name := "left-hand"
	if right {
		name = "right-hand"
	}
	return func(m *Maze, from, to int) (Solution, error) {
		g := m.Grid
		adj := newAdjacency(g)
		in := startSide(m, from)
		seen := make([]uint8, g.Cells()) // bit s: come in through side s
		walk := []int{from}
		m.note(OpWalk, from)
		for c := from; c != to; {
			if seen[c]&(1<<uint(in)) != 0 {
				return Solution{Walk: walk, Visited: len(walk)}, &LoopError{Solver: name, Goal: to, Steps: len(walk) - 1}
			}
			seen[c] |= 1 << uint(in)
			moved := false
			n, open := adj.sides(c), m.PassageSides(c)
			for k := 1; k <= n; k++ {
				s := turn(n, in, k, right)
				if open>>uint(s)&1 != 0 {
					in = adj.opposite(c, s)
					c = adj.across(c, s)
					walk = append(walk, c)
					m.note(OpWalk, c)
					moved = true
					break
				}
			}
			if !moved {
				return Solution{Walk: walk, Visited: 1}, fmt.Errorf("%s: cell %d has no passage", name, c)
			}
		}
		return Solution{Path: CutLoops(walk), Walk: walk, Visited: len(walk)}, nil
	}
}

// turn returns the k-th side (k from 1 to n) of a cell of n sides, come
// in through side in, in the order a hand on the right wall (or the left)
// tries them: nearest the hand first, the way back (k = n) last.
func turn(n, in, k int, right bool) int {
	if right {
		s := in - k
		if s < 0 {
			s += n
		}
		return s
	}
	s := in + k
	if s >= n {
		s -= n
	}
	return s
}

// LoopError is the error of a wall follower whose walk comes back to a
// cell through the side it came in by before, without reaching its goal:
// it would go round in circles for ever, as the goal is not on a wall it
// can follow (a goal inside the maze, on an island of walls). The
// Solution returned with it has no Path and its Walk runs up to the step
// that closed the circle, so that the walk can be shown.
type LoopError struct {
	// Solver is the follower's name, Goal the cell it never reached, and
	// Steps the steps it walked (one less than the walk's cells).
	Solver      string
	Goal, Steps int
}

func (e *LoopError) Error() string {
	return fmt.Sprintf("%s: the wall never leads to cell %d: after %d steps the walk is back where it was, facing the same way", e.Solver, e.Goal, e.Steps)
}

// startSide returns the side a walk starting in cell c is taken to have
// come in by: its door's when c has one (the entrance, or the exit when
// walking back), else the side half-way round from side 0 (as if it had
// walked in facing side 0).
func startSide(m *Maze, c int) int {
	if s, ok := m.doorSide(c); ok {
		return s
	}
	return m.Grid.Sides(c) / 2
}
