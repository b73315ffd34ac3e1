package stats

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// TestRows measures a small book of two shapes and writes its table, CSV
// and chart.
func TestRows(t *testing.T) {
	sp, err := spec.Parse("s.yaml", []byte("sections:\n  - {title: Squares, size: 6x5, count: 2}\n  - {shape: circle, size: 3, count: 1, difficulty: 3}\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Make(sp, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := Rows(b)
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if r := rows[0]; r.Section != "Squares" || r.Shape != "rectangle" || r.Size != "6x5" || r.Cells != 30 || r.Score <= 0 || r.SolverSteps <= 0 {
		t.Errorf("row 1: %+v", r)
	}
	if r := rows[2]; r.Shape != "circle" || r.Size != "3 rings" || r.Section != "section-2" || r.Level != 3 ||
		r.Candidates < 1 || r.Effort <= 0 || r.Steps["young"] <= 0 || r.Steps["older"] <= 0 {
		t.Errorf("row 3: %+v", r)
	}
	var c bytes.Buffer
	if err := WriteCSV(&c, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(recs) != 4 || strings.Join(recs[0], ",") != strings.Join(Header, ",") {
		t.Fatalf("CSV: %v %v", recs, err)
	}
	var tab bytes.Buffer
	if err := WriteTable(&tab, rows); err != nil || len(strings.Split(strings.TrimSpace(tab.String()), "\n")) != 4 {
		t.Fatalf("table: %v\n%s", err, tab.String())
	}
	page := Chart("A book", typeface.Bold, WordsFor("en"), rows, "score")
	if err := page.Check(); err != nil {
		t.Fatal(err)
	}
	bars := 0
	for _, it := range page.Items {
		if f, ok := it.(*display.Fill); ok && f.Box.H > 0 && f.Color == LevelColor(rows[2].Level) {
			bars++
		}
	}
	if bars == 0 {
		t.Error("the chart has no bar in the colour of the circle's level")
	}
}

// TestChartOfSteps: a chart of a setting's steps draws each bar as tall
// as its steps on a scale that holds the tallest, with no level bands, and
// names its axis.
func TestChartOfSteps(t *testing.T) {
	rows := []Row{
		{Number: 1, Level: 1, Score: 20, Steps: map[string]float64{"young": 30}},
		{Number: 2, Level: 2, Score: 30, Steps: map[string]float64{"young": 120}},
	}
	for _, tt := range []struct {
		by, axis string
		top      float64 // the scale
		values   []float64
	}{
		{"steps_young", "steps (young)", 150, []float64{30, 120}}, // a tick every 50
		{"score", "score", 100, []float64{20, 30}},
		{"", "score", 100, []float64{20, 30}},
	} {
		page := Chart("Steps", typeface.Bold, WordsFor("en"), rows, tt.by)
		var bars []display.Box
		var texts []string
		shaded := 0
		for _, it := range page.Items {
			switch x := it.(type) {
			case *display.Fill:
				if x.Color == LevelColor(1) || x.Color == LevelColor(2) {
					bars = append(bars, x.Box)
				} else {
					shaded++
				}
			case *display.Text:
				texts = append(texts, x.Text)
			}
		}
		if len(bars) != 2 || !slices.Contains(texts, tt.axis) || !slices.Contains(texts, fmt.Sprint(tt.top)) {
			t.Fatalf("%q: %d bars, texts %q", tt.by, len(bars), texts)
		}
		// The bars' heights are in the ratio of the values.
		if r := bars[1].H / bars[0].H; math.Abs(r-tt.values[1]/tt.values[0]) > 1e-9 {
			t.Errorf("%q: bars in the ratio %g, want %g", tt.by, r, tt.values[1]/tt.values[0])
		}
		if (tt.by == "steps_young") != (shaded == 0) {
			t.Errorf("%q: %d shaded bands", tt.by, shaded)
		}
	}
}

// TestSections sums up a book's rows by section: the mean effort of the
// mazes and of every candidate the search rated.
func TestSections(t *testing.T) {
	rows := []Row{
		{Section: "a", Effort: 10, Candidates: 1, CandidateEffort: 10},
		{Section: "b", Effort: 40, Candidates: 3, CandidateEffort: 20},
		{Section: "a", Effort: 30, Candidates: 3, CandidateEffort: 50},
	}
	got := Sections(rows)
	want := []Section{
		{Section: "a", Mazes: 2, Effort: 20, Candidates: 4, CandidateEffort: 40},
		{Section: "b", Mazes: 1, Effort: 40, Candidates: 3, CandidateEffort: 20},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Sections = %+v, want %+v", got, want)
	}
	var b bytes.Buffer
	if err := WriteSections(&b, got); err != nil || !strings.Contains(b.String(), "candidate_effort") || strings.Count(b.String(), "\n") != 3 {
		t.Errorf("table: %v\n%s", err, b.String())
	}
}

// TestChartSpeaksTheBooksLanguage: a Spanish book's chart is in Spanish.
func TestChartSpeaksTheBooksLanguage(t *testing.T) {
	tests := []struct {
		language, title string
		want            []string
	}{
		{"en", "Mazes", []string{"Mazes: difficulty of each maze", "level", "score", "maze"}},
		{"es", "Laberintos", []string{"Laberintos: dificultad de cada laberinto", "nivel", "puntuación", "laberinto"}},
		{"es", "", []string{"Dificultad de cada laberinto"}},
		{"xx", "", []string{"Difficulty of each maze"}},
	}
	for _, tt := range tests {
		w := WordsFor(tt.language)
		page := Chart(w.ChartTitle(tt.title), typeface.Bold, w, nil, "")
		var texts []string
		for _, it := range page.Items {
			if x, ok := it.(*display.Text); ok {
				texts = append(texts, x.Text)
			}
		}
		for _, want := range tt.want {
			if !slices.Contains(texts, want) {
				t.Errorf("%s chart %q has no %q: %q", tt.language, tt.title, want, texts)
			}
		}
	}
}
