package layout

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"mazebook/maze"
)

// MazeStats is one maze of a book, measured: where it is, how it was
// made and how difficult it is.
type MazeStats struct {
	Page      int    `json:"page"`
	Number    int    `json:"number"`
	Section   string `json:"section"`
	Algorithm string `json:"algorithm"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	// Level is the level whose band holds Score; Score the difficulty
	// score (see maze.Score).
	Level          int     `json:"level"`
	Score          float64 `json:"score"`
	SolutionLength int     `json:"solution_length"`
	Turns          int     `json:"turns"`
	// Decisions counts the decision points on the solution from whichever
	// end has fewer.
	Decisions int `json:"decisions"`
	DeadEnds  int `json:"dead_ends"`
	// SolverSteps is the mean number of steps a simulated person takes
	// to solve the maze (see maze.Maze.SolverSteps).
	SolverSteps float64 `json:"solver_steps"`
}

// Stats measures every maze of the book, in book order.
func (b *Book) Stats() []MazeStats {
	rows := make([]MazeStats, len(b.Mazes))
	for i, m := range b.Mazes {
		mp := b.Plan.Mazes[i]
		r := b.Ratings[i]
		rows[i] = MazeStats{
			Page: mp.Page, Number: mp.Number, Section: sectionLabel(&b.Plan.Spec.Sections[mp.Section]),
			Algorithm: mp.Algorithm, Width: mp.Width, Height: mp.Height,
			Level: r.Level, Score: round1(r.Score),
			SolutionLength: r.Metrics.SolutionLength, Turns: r.Metrics.Turns,
			Decisions:   min(r.Metrics.Decisions, r.Metrics.DecisionsFromExit),
			DeadEnds:    r.Metrics.DeadEnds,
			SolverSteps: round1(m.SolverSteps(maze.DeriveSeed(mp.Seed, "walker"))),
		}
	}
	return rows
}

func sectionLabel(sec *Section) string {
	if sec.Title != "" {
		return sec.Title
	}
	return sec.ID
}

func round1(v float64) float64 {
	return float64(int64(v*10+0.5)) / 10
}

var statsHeader = []string{"page", "number", "section", "algorithm", "width", "height", "level", "score", "solution_length", "turns", "decisions", "dead_ends", "solver_steps"}

func (s MazeStats) fields() []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	return []string{
		strconv.Itoa(s.Page), strconv.Itoa(s.Number), s.Section, s.Algorithm,
		strconv.Itoa(s.Width), strconv.Itoa(s.Height), strconv.Itoa(s.Level), f(s.Score),
		strconv.Itoa(s.SolutionLength), strconv.Itoa(s.Turns), strconv.Itoa(s.Decisions),
		strconv.Itoa(s.DeadEnds), f(s.SolverSteps),
	}
}

// WriteStatsCSV writes rows as CSV with a header line.
func WriteStatsCSV(w io.Writer, rows []MazeStats) error {
	cw := csv.NewWriter(w)
	cw.Write(statsHeader)
	for _, r := range rows {
		cw.Write(r.fields())
	}
	cw.Flush()
	return cw.Error()
}

// WriteStatsTable writes rows as a table aligned in columns.
func WriteStatsTable(w io.Writer, rows []MazeStats) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	line := func(f []string) {
		for _, c := range f {
			fmt.Fprint(tw, c, "\t")
		}
		fmt.Fprintln(tw)
	}
	line(statsHeader)
	for _, r := range rows {
		line(r.fields())
	}
	return tw.Flush()
}
