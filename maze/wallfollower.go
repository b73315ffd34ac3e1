package maze

import "fmt"

// wallFollower returns the right-hand (or left-hand) wall follower of seed
// 003: keep one hand on the wall and walk; at each cell turn towards the
// hand if you can, else go straight, else turn away, else go back. Sides
// must be numbered clockwise, as Rect's are. The walk starts facing into the
// maze through the entrance when from is the entrance cell, else facing
// side 0. A follower that comes back to a cell facing the way it already
// faced there is walking in a circle: the goal is not on a wall it can
// follow (an exit inside the maze, or an island of a braided maze), and it
// says so instead of walking forever.
func wallFollower(right bool) func(m *Maze, from, to int) (Solution, error) {
	name := "left-hand"
	if right {
		name = "right-hand"
	}
	return func(m *Maze, from, to int) (Solution, error) {
		g := m.Grid
		sides := g.Sides()
		heading := 0
		if from == m.Entrance.Cell {
			heading = g.Opposite(m.Entrance.Side)
		}
		// Turns to try, in order: towards the hand, straight, away, back.
		turns := []int{1, 0, sides - 1, sides / 2}
		if !right {
			turns = []int{sides - 1, 0, 1, sides / 2}
		}
		seen := make([]uint8, g.Cells()) // bit h: been here facing h
		walk := []int{from}
		for c := from; c != to; {
			if seen[c]&(1<<uint(heading)) != 0 {
				return Solution{Walk: walk, Visited: len(walk)}, fmt.Errorf("%s: the wall never leads to cell %d: after %d steps the walk is back where it was, facing the same way", name, to, len(walk)-1)
			}
			seen[c] |= 1 << uint(heading)
			moved := false
			for _, t := range turns {
				s := (heading + t) % sides
				if m.Linked(c, s) {
					c = g.Neighbor(c, s)
					heading = s
					walk = append(walk, c)
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
