package maze

import (
	"fmt"
	"slices"
	"testing"
)

// recordGrids are the grids the recording tests carve: a rectangle and
// every other shape.
func recordGrids(t *testing.T) []Grid {
	t.Helper()
	grids := []Grid{Rect{W: 13, H: 9}}
	for _, sh := range Shapes() {
		if sh.Name == Rectangle {
			continue
		}
		g, err := sh.New(sh.ForCells(120, 1))
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g)
	}
	return grids
}

// samePassages reports the first cell and side where a and b differ.
func samePassages(a, b *Maze) error {
	for c := 0; c < a.Grid.Cells(); c++ {
		for s := 0; s < a.Grid.Sides(c); s++ {
			if a.Linked(c, s) != b.Linked(c, s) {
				return fmt.Errorf("cell %d side %d: linked %v, replayed %v", c, s, a.Linked(c, s), b.Linked(c, s))
			}
		}
	}
	return nil
}

// replay applies the carves and builds of rec, in order, to a maze on g
// with every wall standing.
func replay(g Grid, rec *Recording) *Maze {
	m := New(g)
	for _, st := range rec.Steps {
		switch st.Op {
		case OpCarve:
			m.Carve(int(st.Cell), int(st.Side))
		case OpBuild:
			m.Build(int(st.Cell), int(st.Side))
		}
	}
	return m
}

func TestRecordingReplaysToTheSameMaze(t *testing.T) {
	for _, g := range recordGrids(t) {
		for _, a := range Algorithms() {
			if !a.Supports(g) {
				continue
			}
			for seed := uint64(1); seed <= 3; seed++ {
				name := fmt.Sprintf("%s/%s/seed %d", a.Name, describeGrid(g), seed)
				plain, err := a.Generate(g, seed)
				if err != nil {
					t.Fatal(err)
				}
				rec := &Recording{}
				watched, err := a.GenerateRecorded(g, seed, rec)
				if err != nil {
					t.Fatal(err)
				}
				if err := samePassages(plain, watched); err != nil {
					t.Errorf("%s: recording changed the maze: %v", name, err)
				}
				carves := 0
				for _, st := range rec.Steps {
					if st.Op == OpCarve {
						carves++
					}
				}
				if carves < g.Cells()-1 {
					t.Errorf("%s: %d carves recorded for %d cells", name, carves, g.Cells())
				}
				if err := samePassages(plain, replay(g, rec)); err != nil {
					t.Errorf("%s: the replayed carves differ: %v", name, err)
				}
				if watched.Recording() != nil {
					t.Errorf("%s: the maze still records after Generate", name)
				}
			}
		}
	}
}

func TestMakeRecordedBraidReplays(t *testing.T) {
	r := Recipe{Algorithm: "wilson", Size: Size{W: 15, H: 11}, Seed: 4, Braid: 0.5, Openings: Corners}
	plain, err := Make(r)
	if err != nil {
		t.Fatal(err)
	}
	rec := &Recording{}
	watched, err := MakeRecorded(r, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := samePassages(plain, watched); err != nil {
		t.Fatal(err)
	}
	if plain.Passages() < plain.Grid.Cells() {
		t.Fatalf("braid 0.5 added no loop: %d passages", plain.Passages())
	}
	if err := samePassages(plain, replay(plain.Grid, rec)); err != nil {
		t.Fatalf("the braided maze does not replay: %v", err)
	}
}

// TestPrimRecordsFrontierInvariant checks, before every carve and at the
// end, that the cells recorded F are exactly the cells not yet I beside an
// I cell, and that each carve joins an F cell to an I cell.
func TestPrimRecordsFrontierInvariant(t *testing.T) {
	a, _ := LookupAlgorithm("prim")
	for _, g := range recordGrids(t) {
		rec := &Recording{}
		if _, err := a.GenerateRecorded(g, 7, rec); err != nil {
			t.Fatal(err)
		}
		n := g.Cells()
		label := make([]uint8, n)
		check := func(at int) {
			for c := 0; c < n; c++ {
				if label[c] == labelI {
					continue
				}
				beside := false
				for s := 0; s < g.Sides(c); s++ {
					if nb := g.Neighbor(c, s); nb >= 0 && label[nb] == labelI {
						beside = true
					}
				}
				if beside != (label[c] == labelF) {
					t.Fatalf("%s step %d: cell %d labelled %d, beside an I cell: %v", describeGrid(g), at, c, label[c], beside)
				}
			}
		}
		for i, st := range rec.Steps {
			c := int(st.Cell)
			switch st.Op {
			case OpCarve:
				check(i)
				nb := g.Neighbor(c, int(st.Side))
				if label[c] != labelF || label[nb] != labelI {
					t.Fatalf("%s step %d: carve from a cell labelled %d into one labelled %d", describeGrid(g), i, label[c], label[nb])
				}
			case OpIn:
				label[c] = labelI
			case OpFrontier:
				if label[c] != labelU {
					t.Fatalf("%s step %d: cell %d labelled F twice or after I", describeGrid(g), i, c)
				}
				label[c] = labelF
			default:
				t.Fatalf("prim recorded %v", st.Op)
			}
		}
		check(len(rec.Steps))
		for c := range label {
			if label[c] != labelI {
				t.Fatalf("cell %d is not I at the end", c)
			}
		}
	}
}

// TestStateRecordings checks the characteristic states the generators
// record: the backtracker's stack carves only from its top, Wilson carves
// exactly its loop-erased walk, Kruskal merges the two cells it carves
// between, Aldous-Broder's walker steps between neighbours.
func TestStateRecordings(t *testing.T) {
	g := Rect{W: 11, H: 8}
	gen := func(name string) []Step {
		a, _ := LookupAlgorithm(name)
		rec := &Recording{}
		if _, err := a.GenerateRecorded(g, 3, rec); err != nil {
			t.Fatal(err)
		}
		return rec.Steps
	}
	// Backtracker: each carve leaves the top of the stack and pushes the
	// cell across; the stack empties at the end.
	var stack []int32
	for i, st := range gen("backtracker") {
		switch st.Op {
		case OpPush:
			stack = append(stack, st.Cell)
		case OpPop:
			if len(stack) == 0 || stack[len(stack)-1] != st.Cell {
				t.Fatalf("backtracker step %d: pops %d, not the top of %v", i, st.Cell, stack)
			}
			stack = stack[:len(stack)-1]
		case OpCarve:
			if stack[len(stack)-1] != st.Cell {
				t.Fatalf("backtracker step %d: carves from %d, not the top of the stack", i, st.Cell)
			}
		}
	}
	if len(stack) != 0 {
		t.Fatalf("backtracker: %d cells left on the stack", len(stack))
	}
	// Wilson: the cells carved after a walk are the walk, in order.
	var walk []int32
	for i, st := range gen("wilson") {
		switch st.Op {
		case OpWalk:
			if k := slices.Index(walk, st.Cell); k >= 0 {
				t.Fatalf("wilson step %d: cell %d walked again without an erasure", i, st.Cell)
			}
			walk = append(walk, st.Cell)
		case OpErase:
			if len(walk) == 0 || walk[len(walk)-1] != st.Cell {
				t.Fatalf("wilson step %d: erases %d, not the walk's end", i, st.Cell)
			}
			walk = walk[:len(walk)-1]
		case OpCarve:
			if len(walk) == 0 || walk[0] != st.Cell {
				t.Fatalf("wilson step %d: carves from %d, not the walk's first cell %v", i, st.Cell, walk)
			}
			walk = walk[1:]
		}
	}
	// Kruskal: every carve follows the merge of its two cells.
	var merge *Step
	for i, st := range gen("kruskal") {
		switch st.Op {
		case OpMerge:
			merge = &st
		case OpCarve:
			nb := g.Neighbor(int(st.Cell), int(st.Side))
			if merge == nil || merge.Cell != st.Cell || int(merge.Value) != nb {
				t.Fatalf("kruskal step %d: carve %d-%d without its merge", i, st.Cell, nb)
			}
			merge = nil
		}
	}
	// Aldous-Broder: the walker steps from a cell to a neighbour.
	prev := -1
	for i, st := range gen("aldous-broder") {
		if st.Op != OpWalk {
			continue
		}
		if prev >= 0 && !slices.ContainsFunc([]int{0, 1, 2, 3}, func(s int) bool { return g.Neighbor(prev, s) == int(st.Cell) }) {
			t.Fatalf("aldous-broder step %d: jumps from %d to %d", i, prev, st.Cell)
		}
		prev = int(st.Cell)
	}
	if prev < 0 {
		t.Fatal("aldous-broder recorded no walk")
	}
}

func TestSolverRecordings(t *testing.T) {
	r := Recipe{Algorithm: "backtracker", Size: Size{W: 14, H: 10}, Seed: 2, Braid: 0.3, Openings: Corners}
	m, err := Make(r)
	if err != nil {
		t.Fatal(err)
	}
	from, to := m.Entrance.Cell, m.Exit.Cell
	dist := m.Distances(from)
	for _, s := range Solvers() {
		plain, perr := s.Solve(m, from, to)
		rec := &Recording{}
		m.Record(rec)
		watched, werr := s.Solve(m, from, to)
		m.Record(nil)
		if (perr == nil) != (werr == nil) || !slices.Equal(plain.Path, watched.Path) || !slices.Equal(plain.Walk, watched.Walk) {
			t.Fatalf("%s: recording changed the solution", s.Name)
		}
		if len(rec.Steps) == 0 {
			t.Fatalf("%s recorded nothing", s.Name)
		}
		switch s.Name {
		case "bfs":
			for _, st := range rec.Steps {
				if st.Op != OpReach || st.Value != dist[st.Cell] {
					t.Fatalf("bfs: %v at cell %d distance %d, the maze says %d", st.Op, st.Cell, st.Value, dist[st.Cell])
				}
			}
		case "right-hand", "left-hand":
			var walk []int
			for _, st := range rec.Steps {
				walk = append(walk, int(st.Cell))
			}
			if !slices.Equal(walk, plain.Walk) {
				t.Fatalf("%s: the recorded walk is not the solver's", s.Name)
			}
		case "tremaux":
			var thread []int
			for _, st := range rec.Steps {
				switch st.Op {
				case OpPush:
					thread = append(thread, int(st.Cell))
				case OpPop:
					thread = thread[:len(thread)-1]
				}
			}
			if !slices.Equal(thread, plain.Path) {
				t.Fatalf("tremaux: the recorded thread %v is not the path %v", thread, plain.Path)
			}
		case "dead-end-filling":
			for _, st := range rec.Steps {
				if st.Op != OpFill || slices.Contains(plain.Path, int(st.Cell)) {
					t.Fatalf("dead-end-filling: %v of cell %d on the path", st.Op, st.Cell)
				}
			}
		}
	}
}
