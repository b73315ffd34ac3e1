// Package stats measures every maze of a book (its shape, size, level,
// score, solution, ...) as rows for a table, CSV or JSON, and draws the
// book's difficulty curve as a chart.
package stats

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"mazebook/layout"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// Row is one maze of a book, measured: where it is, how it was made and
// how difficult it is.
type Row struct {
	Page      int    `json:"page"`
	Number    int    `json:"number"`
	Section   string `json:"section"`
	Shape     string `json:"shape"`
	Algorithm string `json:"algorithm"`
	// Size is the size as the shape writes it ("20x30", "12 rings"), and
	// Cells its number of cells.
	Size  string `json:"size"`
	Cells int    `json:"cells"`
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
	// Steps are the steps each person setting is expected to take (see
	// difficulty.People), by name (steps_NAME in the CSV and JSON).
	Steps map[string]float64 `json:"-"`
	// Times are each person setting's time (see difficulty.Person.Time), in
	// steps of the pencil, by name (time_NAME); Effort combines them
	// (see difficulty.Effort).
	Times map[string]float64 `json:"-"`
	// people names the person settings, in their order.
	people []string
	Effort float64 `json:"effort"`
	// Candidates is how many candidate mazes the search rated for this
	// one, and CandidateEffort their mean effort.
	Candidates      int     `json:"candidates"`
	CandidateEffort float64 `json:"candidate_effort"`
}

// Rows measures every maze of the book, in book order.
func Rows(b *layout.Book) []Row {
	rows := make([]Row, len(b.Mazes))
	for i, made := range b.Mazes {
		mp := b.Plan.Mazes[i]
		r := made.Rating
		shape, _ := maze.LookupShape(made.Recipe.Shape)
		rows[i] = Row{
			Page: mp.Page, Number: mp.Number, Section: b.Plan.Spec.Sections[mp.Section].Label(),
			Shape: shape.Name, Algorithm: made.Recipe.Algorithm, Size: shape.Format(made.Recipe.Size), Cells: r.Metrics.Cells,
			Level: r.Level, Score: round1(r.Score),
			SolutionLength: r.Metrics.SolutionLength, Turns: r.Metrics.Turns,
			Decisions:   min(r.Metrics.Decisions, r.Metrics.DecisionsFromExit),
			DeadEnds:    r.Metrics.DeadEnds,
			SolverSteps: round1(made.Maze.SolverSteps(maze.DeriveSeed(made.Recipe.Seed, "walker"))),
			Steps:       map[string]float64{},
			Times:       map[string]float64{},
			Effort:      round1(r.Effort),
			Candidates:  made.Seen.Candidates, CandidateEffort: round1(made.Seen.Effort),
		}
		for j, p := range b.Plan.Spec.People {
			rows[i].Steps[p.Name] = round1(r.Steps[j])
			rows[i].Times[p.Name] = round1(r.Times[j])
			rows[i].people = append(rows[i].people, p.Name)
		}
	}
	return rows
}

func round1(v float64) float64 {
	return float64(int64(float64(v*10)+0.5)) / 10
}

// Header names the columns of the table and the CSV: a person setting's
// expected steps are in the column steps_NAME, its time in time_NAME.
// These are the built-in settings' (difficulty.People); a book with a
// difficulty_model has its own (see Columns).
var Header = header(names(difficulty.People()))

func names(people []difficulty.Person) []string {
	var out []string
	for _, p := range people {
		out = append(out, p.Name)
	}
	return out
}

func header(people []string) []string {
	h := []string{"page", "number", "section", "shape", "algorithm", "size", "cells", "level", "score", "solution_length", "turns", "decisions", "dead_ends", "solver_steps"}
	for _, p := range people {
		h = append(h, "steps_"+p)
	}
	for _, p := range people {
		h = append(h, "time_"+p)
	}
	return append(h, "effort", "candidates", "candidate_effort")
}

// Columns names the columns of rows: Header, with the person settings
// of their book.
func Columns(rows []Row) []string {
	if len(rows) == 0 || rows[0].people == nil {
		return Header
	}
	return header(rows[0].people)
}

// People names the person settings of the row's book: difficulty.People's for
// a row made by hand.
func (s Row) People() []string {
	if s.people == nil {
		return names(difficulty.People())
	}
	return s.people
}

func (s Row) fields() []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	out := []string{
		strconv.Itoa(s.Page), strconv.Itoa(s.Number), s.Section, s.Shape, s.Algorithm,
		s.Size, strconv.Itoa(s.Cells), strconv.Itoa(s.Level), f(s.Score),
		strconv.Itoa(s.SolutionLength), strconv.Itoa(s.Turns), strconv.Itoa(s.Decisions),
		strconv.Itoa(s.DeadEnds), f(s.SolverSteps),
	}
	for _, p := range s.People() {
		out = append(out, f(s.Steps[p]))
	}
	for _, p := range s.People() {
		out = append(out, f(s.Times[p]))
	}
	return append(out, f(s.Effort), strconv.Itoa(s.Candidates), f(s.CandidateEffort))
}

// ChartColumns are the columns a chart can show (see Chart): the score,
// the effort, and each person setting's steps.
func ChartColumns() []string {
	c := []string{"score", "effort"}
	for _, p := range difficulty.People() {
		c = append(c, "steps_"+p.Name, "time_"+p.Name)
	}
	return c
}

// ChartColumn reports whether column may name a column a chart shows: one
// of ChartColumns, or steps_NAME or time_NAME of a setting a difficulty
// model names.
func ChartColumn(column string) bool {
	if slices.Contains(ChartColumns(), column) {
		return true
	}
	for _, prefix := range []string{"steps_", "time_"} {
		if name, ok := strings.CutPrefix(column, prefix); ok && name != "" {
			return true
		}
	}
	return false
}

// Value returns the row's value in one of ChartColumns, and whether it is
// one.
func (s Row) Value(column string) (float64, bool) {
	switch column {
	case "score":
		return s.Score, true
	case "effort":
		return s.Effort, true
	}
	if name, ok := strings.CutPrefix(column, "steps_"); ok {
		if v, ok := s.Steps[name]; ok {
			return v, true
		}
	}
	if name, ok := strings.CutPrefix(column, "time_"); ok {
		if v, ok := s.Times[name]; ok {
			return v, true
		}
	}
	return 0, false
}

// Section sums up the mazes of one section of a book: what the candidate
// search bought.
type Section struct {
	Section string `json:"section"`
	Mazes   int    `json:"mazes"`
	// Effort is the mean effort of the section's mazes; Candidates how
	// many candidates the search rated for them, and CandidateEffort the
	// mean effort of those candidates.
	Effort          float64 `json:"effort"`
	Candidates      int     `json:"candidates"`
	CandidateEffort float64 `json:"candidate_effort"`
}

// Sections sums up rows by section, in the order the sections come.
func Sections(rows []Row) []Section {
	var out []Section
	at := map[string]int{}
	for _, r := range rows {
		i, ok := at[r.Section]
		if !ok {
			i = len(out)
			at[r.Section] = i
			out = append(out, Section{Section: r.Section})
		}
		s := &out[i]
		s.Mazes++
		s.Effort += r.Effort
		s.Candidates += r.Candidates
		s.CandidateEffort += float64(r.CandidateEffort * float64(r.Candidates))
	}
	for i := range out {
		s := &out[i]
		s.Effort = round1(s.Effort / float64(s.Mazes))
		if s.Candidates > 0 {
			s.CandidateEffort = round1(s.CandidateEffort / float64(s.Candidates))
		}
	}
	return out
}

// SectionHeader names the columns of the sections' table.
var SectionHeader = []string{"section", "mazes", "effort", "candidates", "candidate_effort"}

// WriteSections writes the sections' summary as a table aligned in
// columns: for each section, the mean effort of its mazes against the
// mean effort of every candidate the search rated for them.
func WriteSections(w io.Writer, sections []Section) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	line := func(f ...string) {
		for _, c := range f {
			fmt.Fprint(tw, c, "\t")
		}
		fmt.Fprintln(tw)
	}
	line(SectionHeader...)
	for _, s := range sections {
		line(s.Section, strconv.Itoa(s.Mazes), strconv.FormatFloat(s.Effort, 'f', 1, 64), strconv.Itoa(s.Candidates), strconv.FormatFloat(s.CandidateEffort, 'f', 1, 64))
	}
	return tw.Flush()
}

// textColumns are the columns whose values are words, not numbers.
var textColumns = map[string]bool{"section": true, "shape": true, "algorithm": true, "size": true}

// MarshalJSON writes the row as a JSON object with the columns of its
// book (see Columns), in that order.
func (s Row) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	head := header(s.People())
	for i, v := range s.fields() {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(head[i])
		b.Write(key)
		b.WriteByte(':')
		if textColumns[head[i]] {
			v, _ := json.Marshal(v)
			b.Write(v)
		} else {
			b.WriteString(v)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WriteCSV writes rows as CSV with a header line.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(Columns(rows))
	for _, r := range rows {
		cw.Write(r.fields())
	}
	cw.Flush()
	return cw.Error()
}

// WriteTable writes rows as a table aligned in columns.
func WriteTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	line := func(f []string) {
		for _, c := range f {
			fmt.Fprint(tw, c, "\t")
		}
		fmt.Fprintln(tw)
	}
	line(Columns(rows))
	for _, r := range rows {
		line(r.fields())
	}
	return tw.Flush()
}
