package stats

import (
	"bytes"
	"encoding/csv"
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
	if r := rows[2]; r.Shape != "circle" || r.Size != "3 rings" || r.Section != "section-2" || r.Level != 3 {
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
	page := Chart("A book", typeface.Bold, WordsFor("en"), rows)
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
		page := Chart(w.ChartTitle(tt.title), typeface.Bold, w, nil)
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
