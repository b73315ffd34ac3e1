package maze

import (
	"fmt"
	"math"
)

// Walker settings: how a simulated person solves a maze.
const (
	// walkerGreed is the chance that the walker, at a fork, takes the
	// untried way whose cell lies nearest the goal; otherwise it picks one
	// of the untried ways at random.
	walkerGreed = 0.75
	// WalkerTrials is the number of walks SolverSteps averages: half from
	// the entrance, half from the exit.
	WalkerTrials = 8
)

// SolverSteps simulates a person solving the maze and returns the mean
// number of steps a walk takes, over WalkerTrials walks, half from the
// entrance to the exit and half back, as people also solve mazes from the
// exit. The walker sees the goal but not the walls ahead: at a fork it
// usually takes the untried way that heads toward the goal, sometimes
// another, remembers where it has been (as a pencil does), and walks back
// out of every dead end it enters. Every move, back and forth, is a step.
// The walks draw from a generator seeded with seed, so the result is
// reproducible; a maze whose exit cannot be reached returns +Inf.
func (m *Maze) SolverSteps(seed uint64) float64 {
	if m.parts != nil {
		// The parts one after the other.
		total := 0.0
		for i, p := range m.parts {
			one := *m
			one.parts, one.Entrance, one.Exit = nil, p.Entrance, p.Exit
			total += one.SolverSteps(DeriveSeed(seed, "part", fmt.Sprint(i)))
		}
		return total
	}
	if m.Entrance.Cell < 0 || m.Exit.Cell < 0 {
		return math.Inf(1)
	}
	r := NewRand(seed)
	total := 0
	for t := range WalkerTrials {
		from, to := m.Entrance.Cell, m.Exit.Cell
		if t%2 == 1 {
			from, to = to, from
		}
		steps, ok := m.walk(from, to, r)
		if !ok {
			return math.Inf(1)
		}
		total += steps
	}
	return float64(total) / WalkerTrials
}

// walk is one goal-seeking depth-first walk from cell from to cell to; it
// returns the number of moves made.
func (m *Maze) walk(from, to int, r *Rand) (int, bool) {
	g := m.Grid
	goal := g.Center(to)
	dist := func(c int) float64 {
		p := g.Center(c)
		return math.Hypot(p.X-goal.X, p.Y-goal.Y)
	}
	seen := newBitset(g.Cells())
	seen.set(from)
	stack := []int32{int32(from)}
	steps := 0
	var ways, links []int
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		if c == to {
			return steps, true
		}
		ways = ways[:0]
		links = m.Links(c, links[:0])
		for _, nb := range links {
			if !seen.has(nb) {
				ways = append(ways, nb)
			}
		}
		if len(ways) == 0 {
			stack = stack[:len(stack)-1] // walk back
			if len(stack) > 0 {
				steps++
			}
			continue
		}
		next := ways[0]
		if len(ways) > 1 {
			if r.Float64() < walkerGreed {
				for _, w := range ways[1:] {
					if dist(w) < dist(next) {
						next = w
					}
				}
			} else {
				next = ways[r.IntN(len(ways))]
			}
		}
		seen.set(next)
		stack = append(stack, int32(next))
		steps++
	}
	return steps, false
}
