package studio

import (
	"math"
	"net/http"
	"strconv"

	"mazebook/layout"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/play"
	"mazebook/study"
)

// maxPlayCells is the most cells a maze played in the browser has: the
// most a study records.
const maxPlayCells = study.MaxCells

// playSide is one side of a cell, for the game in the browser: where it
// lies (a polyline: two points, more along an arc), the cell across it
// (-1 for none), whether it is open, and the heading of a step through
// it, in radians (0 east, π/2 south: y grows downwards).
type playSide struct {
	Points  [][2]float64 `json:"p"`
	To      int          `json:"to"`
	Open    bool         `json:"open"`
	Heading float64      `json:"h"`
	// None is set for a side that is not there (the place of a side
	// another cell took): it has no points and is never drawn.
	None bool `json:"x,omitempty"`
}

// playCell is a cell: its centre and its sides.
type playCell struct {
	Center [2]float64 `json:"c"`
	Sides  []playSide `json:"s"`
}

// playMaze is a maze as the game in the browser reads it.
type playMaze struct {
	Number   int        `json:"number"`
	Shape    string     `json:"shape"`
	Width    float64    `json:"width"`
	Height   float64    `json:"height"`
	Cells    []playCell `json:"cells"`
	Entrance int        `json:"entrance"`
	Exit     int        `json:"exit"`
	// EntranceSide and ExitSide are the doors' sides, -1 for a start or
	// goal inside its cell.
	EntranceSide int `json:"entranceSide"`
	ExitSide     int `json:"exitSide"`
	// Story and Ending are, in a themed book, the maze's story (what the
	// child sets out to do) and how it ends (what the game says at the
	// goal), in the book's language; empty without a theme.
	Story  string `json:"story,omitempty"`
	Ending string `json:"ending,omitempty"`
	// Radius is the torch's reach in steps: the terminal game's.
	Radius int `json:"radius"`
	// Seed is the maze's seed, in decimal digits: a string, which
	// JavaScript reads exactly (a number above 2^53 it rounds).
	Seed string `json:"seed"`
	// Trial and View are, for a study's class, the id of the trial the
	// studio opened (every report names it) and the view the study
	// plays the maze in: the page offers no other.
	Trial string `json:"trial,omitempty"`
	View  string `json:"view,omitempty"`
}

// playable describes a maze for the game.
func playable(m *maze.Maze) playMaze {
	g := m.Grid
	w, h := g.Size()
	pm := playMaze{Width: w, Height: h, Cells: make([]playCell, g.Cells()),
		Entrance: m.Entrance.Cell, Exit: m.Exit.Cell, EntranceSide: m.Entrance.Side, ExitSide: m.Exit.Side}
	if pm.EntranceSide < 0 {
		pm.EntranceSide = -1
	}
	if pm.ExitSide < 0 {
		pm.ExitSide = -1
	}
	for c := range pm.Cells {
		ctr := g.Center(c)
		pc := playCell{Center: [2]float64{round3(ctr.X), round3(ctr.Y)}}
		for s := 0; s < g.Sides(c); s++ {
			to := g.Neighbor(c, s)
			if to == maze.NoSide {
				pc.Sides = append(pc.Sides, playSide{To: -1, None: true, Heading: round3(g.Heading(c, s))})
				continue
			}
			e := g.Side(c, s)
			ps := playSide{To: -1, Open: m.IsOpen(c, s), Heading: round3(g.Heading(c, s)), Points: edgePoints(e)}
			if to >= 0 {
				ps.To = to
			}
			pc.Sides = append(pc.Sides, ps)
		}
		pm.Cells[c] = pc
	}
	return pm
}

// edgePoints returns a side as a polyline: its ends, and points between
// along an arc.
func edgePoints(e maze.Edge) [][2]float64 {
	if !e.IsArc() {
		return [][2]float64{{round3(e.A.X), round3(e.A.Y)}, {round3(e.B.X), round3(e.B.Y)}}
	}
	a0 := math.Atan2(e.A.Y-e.Center.Y, e.A.X-e.Center.X)
	sweep := e.Sweep()
	n := max(2, int(math.Ceil(math.Abs(sweep)/(math.Pi/16))))
	pts := make([][2]float64, 0, n+1)
	for i := 0; i <= n; i++ {
		a := a0 + sweep*float64(i)/float64(n)
		pts = append(pts, [2]float64{round3(e.Center.X + float64(e.Radius*math.Cos(a))), round3(e.Center.Y + float64(e.Radius*math.Sin(a)))})
	}
	return pts
}

func round3(v float64) float64 { return math.Round(float64(v*1000)) / 1000 }

// mazeJSON answers with maze n of the book's plan (from 1), for the game.
func (s *Server) mazeJSON(w http.ResponseWriter, r *http.Request) {
	e := s.ready(w, r)
	if e == nil {
		return
	}
	serveMaze(w, r, e.book)
}

// serveMaze answers with maze n (the path's, from 1) of a book, for the
// game.
func serveMaze(w http.ResponseWriter, r *http.Request, b *layout.Book) {
	pm, _, err := playableMaze(r.PathValue("n"), b)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pm)
}

// playableMaze returns maze n (from 1, as a path says it) of a book, for
// the game, and n.
func playableMaze(path string, b *layout.Book) (playMaze, int, error) {
	n, err := strconv.Atoi(path)
	mazes := b.Mazes
	if err != nil || n < 1 || n > len(mazes) {
		return playMaze{}, 0, errorf(http.StatusNotFound, "there is no maze %q: the book has %d", path, len(mazes))
	}
	m := mazes[n-1].Maze
	if m.Grid.Cells() > maxPlayCells {
		return playMaze{}, 0, errorf(http.StatusUnprocessableEntity, "maze %d has %d cells: the studio plays mazes of at most %d", n, m.Grid.Cells(), maxPlayCells)
	}
	pm := playable(m)
	if spec.RTL(b.Plan.Spec.Language) {
		pm.mirror() // as printed
	}
	pm.Number = b.Plan.Mazes[n-1].Number
	pm.Shape = mazes[n-1].Recipe.Shape
	if pm.Shape == "" {
		pm.Shape = maze.Rectangle
	}
	if pair, ok := b.Plan.Pair(n - 1); ok {
		lang := b.Plan.Spec.Language
		pm.Story, pm.Ending = pair.StoryIn(lang), pair.EndingIn(lang)
	}
	pm.Radius = play.DefaultRadius
	pm.Seed = strconv.FormatUint(mazes[n-1].Recipe.Seed, 10)
	return pm, n, nil
}
