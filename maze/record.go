package maze

// Op is what one recorded step did (see Step).
type Op uint8

// The steps a generator or a solver records. Every generator records its
// carves (and recursive division the walls it builds); the ones named
// below record their own state too.
const (
	// OpCarve opened side Side of cell Cell (and the neighbour's facing
	// side): every generator, and braiding.
	OpCarve Op = iota + 1
	// OpBuild closed side Side of cell Cell: recursive division's walls.
	OpBuild
	// OpFrontier labelled cell Cell F, the frontier: Prim.
	OpFrontier
	// OpIn made cell Cell part of the maze: Prim's I label, and every
	// generator that grows a tree (Aldous-Broder, Wilson, hunt-and-kill,
	// the growing tree).
	OpIn
	// OpPush put cell Cell on a stack: the backtracker's stack, the growing
	// tree's active cells, Trémaux's thread.
	OpPush
	// OpPop took cell Cell off the stack (for Trémaux, the thread rolled
	// back up over it: the cell is marked twice, a dead end).
	OpPop
	// OpWalk moved a walker into cell Cell: Wilson's loop-erased walk,
	// Aldous-Broder's and hunt-and-kill's walkers, the wall followers'
	// walk.
	OpWalk
	// OpErase erased cell Cell from Wilson's walk: the walk made a loop.
	OpErase
	// OpMerge merged the set of cell Cell with the set of cell Value:
	// Kruskal and Eller (the carve that joins them follows).
	OpMerge
	// OpHunt is hunt-and-kill's hunt finding cell Cell: a cell outside
	// the maze beside it, where the next walk starts.
	OpHunt
	// OpReach is a search reaching cell Cell at distance Value from the
	// start: BFS's wavefront, DFS, Dijkstra and A*.
	OpReach
	// OpFill filled cell Cell as a dead end: dead-end filling.
	OpFill
)

// opNames are the names of the ops, for messages.
var opNames = [...]string{OpCarve: "carve", OpBuild: "build", OpFrontier: "frontier", OpIn: "in", OpPush: "push", OpPop: "pop", OpWalk: "walk", OpErase: "erase", OpMerge: "merge", OpHunt: "hunt", OpReach: "reach", OpFill: "fill"}

// String returns the op's name.
func (o Op) String() string {
	if int(o) < len(opNames) && opNames[o] != "" {
		return opNames[o]
	}
	return "op?"
}

// Step is one recorded step of a generator or a solver.
type Step struct {
	Op Op
	// Side is the side of Cell a carve or a build concerns, else 0.
	Side int8
	// Cell is the cell the step concerns.
	Cell int32
	// Value is the other cell of a merge, the distance of a reach, else 0.
	Value int32
}

// Recording is the steps a generator or a solver took, in order. A maze
// records into one while Maze.Record has given it one; the generators and
// solvers make exactly the same maze and the same solution whether or not
// they are recorded (a rectangle's fast loops step aside for the general
// ones, which make the same maze), and cost one nil check per carve when
// no one records.
type Recording struct {
	Steps []Step
}

// add appends a step; kept out of line so that the callers' nil checks
// stay cheap.
//
//go:noinline
func (r *Recording) add(op Op, c, s, v int) {
	r.Steps = append(r.Steps, Step{Op: op, Side: int8(s), Cell: int32(c), Value: int32(v)})
}

// Record makes the maze record into rec every step of the generators and
// solvers that work on it from now on, until Record(nil).
func (m *Maze) Record(rec *Recording) { m.rec = rec }

// Recording returns the recording the maze records into, nil when none.
func (m *Maze) Recording() *Recording { return m.rec }

// note records a step when the maze is recorded.
func (m *Maze) note(op Op, c int) {
	if m.rec != nil {
		m.rec.add(op, c, 0, 0)
	}
}

// GenerateRecorded is Generate, recording every carve and state change of
// the generator in rec (nil records nothing). The maze is the one
// Generate makes.
func (a Algorithm) GenerateRecorded(g Grid, seed uint64, rec *Recording) (*Maze, error) {
	if !a.Supports(g) {
		return nil, errCannotCarve(a, g)
	}
	if err := connected(g); err != nil {
		return nil, err
	}
	m := New(g)
	m.rec = rec
	a.Carve(m, NewRand(seed))
	m.rec = nil
	return m, nil
}

// MakeRecorded is Make, recording in rec (nil records nothing) every step
// of the generator and of the braiding that follows it. The maze is the
// one Make makes. A mask whose islands are kept apart is made island by
// island; its recording holds the carves only.
func MakeRecorded(r Recipe, rec *Recording) (*Maze, error) {
	return makeMaze(r, rec)
}
