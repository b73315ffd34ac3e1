package maze

import (
	"fmt"
	"reflect"
	"testing"
)

// TestMeetRectAsBFS holds the search from both ends to the search from
// one: on every perfect generator's rectangles, of every shape of
// rectangle and every placing of the doors (a start and a goal inside
// cells too), from a maze of one cell to ones of several rounds, the way
// is the one breadth-first search finds.
func TestMeetRectAsBFS(t *testing.T) {
	sizes := []Size{{W: 1, H: 1}, {W: 1, H: 9}, {W: 9, H: 1}, {W: 2, H: 2}, {W: 7, H: 5}, {W: 40, H: 30}, {W: 400, H: 300}}
	for _, a := range Algorithms() {
		if !a.Perfect {
			continue
		}
		for _, size := range sizes {
			for _, o := range OpeningsNames() {
				if testing.Short() && size.W*size.H > 10000 && o != string(Corners) {
					continue
				}
				name := fmt.Sprintf("%s/%dx%d/%s", a.Name, size.W, size.H, o)
				m, err := Make(Recipe{Size: size, Algorithm: a.Name, Openings: Openings(o), Seed: uint64(size.W*31 + size.H)})
				if err != nil {
					continue // an opening this size cannot hold
				}
				want := m.ShortestPath(m.Entrance.Cell, m.Exit.Cell)
				got, ok := m.meetRect(m.Grid.(Rect), m.Entrance.Cell, m.Exit.Cell)
				if !ok || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: meetRect gives %d cells (ok %v), breadth-first search %d", name, len(got), ok, len(want))
				}
				// From any cell to any other, the doors aside.
				n := size.W * size.H
				from, to := (n*3)/7, (n*5)/9
				want = m.ShortestPath(from, to)
				got, ok = m.meetRect(m.Grid.(Rect), from, to)
				if !ok || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: meetRect from %d to %d gives %d cells (ok %v), breadth-first search %d", name, from, to, len(got), ok, len(want))
				}
			}
		}
	}
}

// TestMeetRectRoundLoops runs the search from both ends where its ways
// back may be lost, on mazes with loops and on mazes apart: it ends, and
// a way it gives is a walk through passages from one end to the other.
func TestMeetRectRoundLoops(t *testing.T) {
	for _, r := range []Recipe{
		{Size: Size{W: 60, H: 40}, Algorithm: "backtracker", Braid: 1, Seed: 1},
		{Size: Size{W: 400, H: 300}, Algorithm: "kruskal", Braid: 0.5, Seed: 2},
		{Size: Size{W: 300, H: 300}, Algorithm: "backtracker", Braid: 0.05, Seed: 3},
	} {
		m, err := Make(r)
		if err != nil {
			t.Fatal(err)
		}
		// Also with every passage of a column closed: the doors apart.
		apart := m.clone()
		g := apart.Grid.(Rect)
		for y := range g.H {
			apart.Build(y*g.W+g.W/2, East)
		}
		for _, m := range []*Maze{m, apart} {
			from, to := m.Entrance.Cell, m.Exit.Cell
			path, ok := m.meetRect(m.Grid.(Rect), from, to)
			if !ok {
				continue
			}
			if path[0] != from || path[len(path)-1] != to {
				t.Fatalf("%+v: a way from %d to %d, not from %d to %d", r, path[0], path[len(path)-1], from, to)
			}
			for i := 1; i < len(path); i++ {
				if !m.joined(path[i-1], path[i]) {
					t.Fatalf("%+v: step %d of the way, from %d to %d, goes through a wall", r, i, path[i-1], path[i])
				}
			}
		}
	}
}

// TestMeetRectWaysBackMixed runs the search from both ends where the
// search from one end reaches a cell twice, from its east and from its
// south, and the side back it keeps (the two sides' bits together) is
// the west, a wall: the way back is refused there, not walked through
// the wall and off the maze.
func TestMeetRectWaysBackMixed(t *testing.T) {
	// 0 1 2    passages 8-5, 8-7, 5-4, 7-4 (a loop), 4-1, and 7-6-3;
	// 3 4 5    4's west is a wall, and across it lies 3, whose way back
	// 6 7 8    leads to 8.
	m := New(Rect{W: 3, H: 3})
	m.Carve(8, North)
	m.Carve(8, West)
	m.Carve(5, West)
	m.Carve(7, North)
	m.Carve(4, North)
	m.Carve(7, West)
	m.Carve(6, North)
	path, ok := m.meetRect(m.Grid.(Rect), 8, 1)
	if ok {
		for i := 1; i < len(path); i++ {
			if !m.joined(path[i-1], path[i]) {
				t.Fatalf("step %d of the way %v goes through a wall", i, path)
			}
		}
	}
}

// joined reports whether cells a and b have a passage between them.
func (m *Maze) joined(a, b int) bool {
	for _, c := range m.Links(a, nil) {
		if c == b {
			return true
		}
	}
	return false
}

// clone returns a copy of m that can be changed apart from it.
func (m *Maze) clone() *Maze {
	c := *m
	c.open = append([]uint8(nil), m.open...)
	return &c
}

// TestMeetRectLoopAcross runs the search from both ends on a maze
// with a loop across its way through, each of the ways a passage
// between two cells of the way side by side can make: the searches end,
// and a way they give is a walk through passages between the doors.
func TestMeetRectLoopAcross(t *testing.T) {
	base, err := Make(Recipe{Size: Size{W: 400, H: 300}, Algorithm: "backtracker", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	g := base.Grid.(Rect)
	path := base.Solution()
	onPath := make(map[int]int, len(path))
	for i, c := range path {
		onPath[c] = i
	}
	loops, found := 0, 0
	for i, c := range path {
		j, ok := onPath[c+1]
		if c%g.W == g.W-1 || !ok || j < i+2 || base.joined(c, c+1) {
			continue
		}
		m := base.clone()
		m.Carve(c, East)
		loops++
		got, ok := m.meetRect(g, m.Entrance.Cell, m.Exit.Cell)
		if !ok {
			continue
		}
		found++
		if got[0] != m.Entrance.Cell || got[len(got)-1] != m.Exit.Cell {
			t.Fatalf("loop %d-%d: a way from %d to %d", c, c+1, got[0], got[len(got)-1])
		}
		for k := 1; k < len(got); k++ {
			if !m.joined(got[k-1], got[k]) {
				t.Fatalf("loop %d-%d: step %d of the way goes through a wall", c, c+1, k)
			}
		}
	}
	if loops < 100 {
		t.Fatalf("only %d loops across the way", loops)
	}
	t.Logf("%d loops, a way found across %d", loops, found)
}
