package catalogue

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout/spec"
)

// sheetSpec is a series of two volumes in two editions, each volume's
// subtitle translated, with a listing; and a class book with a teacher
// edition, its own ISBN and a subtitle ("Grade 1").
var sheetSpecs = map[string]string{
	"quest.yaml": `title: Maze Quest
author: Ana Rivera
seed: 2026
pad: 24
page: {size: 6x9in, bleed: true}
style: {color: black}
cover:
  paper: white
  back: Mazes that start easy and end with real labyrinths.
listing:
  keywords: [mazes for kids, puzzle book, activity book]
  categories: ["Juvenile Nonfiction / Games & Activities / Mazes"]
  reading_age: 8-12
  cover_finish: glossy
  prices: {USD: 7.99, GBP: 6.49, EUR: 7.49, JPY: 1200}
  ai_content: none
  edition_number: 1
series:
  - {subtitle: Animals, editions: {es: {subtitle: Animales}}}
  - {subtitle: Space, editions: {es: {subtitle: El espacio}}}
editions:
  - {name: en}
  - name: es
    language: es
    title: Misión Laberinto
    listing: {description: Laberintos que empiezan fáciles., keywords: [laberintos para niños]}
sections:
  - {count: 4, size: 8x8}
`,
	"class.yaml": `title: Class Mazes
subtitle: Grade 1
author: Ms Lee
seed: 31
pad: 24
teacher_edition: true
style: {large_print: true, color: black}
listing:
  isbn: 978-0-306-40615-7
  teacher_isbn: 979-10-90636-07-1
  publication_date: 2026-09-01
  ai_content: {texts: some-extensive}
cover: {paper: cream}
sections:
  - {count: 4, size: 6x6, ages: 6-8}
`,
}

// The manifest is an upload sheet: every field KDP's paperback form asks
// that the spec knows, as the form names it, each edition's own
// subtitle, description and keywords, and the teacher edition a row of
// its own, its subtitle the book's with the edition's name, and its own
// ISBN.
func TestUploadSheet(t *testing.T) {
	specs := writeSpecs(t, sheetSpecs)
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	books := t.TempDir()
	if _, err := Build(context.Background(), jobs, Options{Dir: books}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(books, "catalogue.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]map[string]string{}
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, c := range recs[0] {
			row[c] = rec[i]
		}
		rows[row["name"]] = row
	}
	want := map[string]map[string]string{
		"quest-vol-01-en": {"kind": "book", "title": "Maze Quest, Volume 1", "subtitle": "Animals", "author": "Ana Rivera", "series_name": "Maze Quest", "series_number": "1",
			"edition_number": "1", "description": "Mazes that start easy and end with real labyrinths.", "keywords": "mazes for kids; puzzle book; activity book",
			"categories": "Juvenile Nonfiction / Games & Activities / Mazes", "reading_age_min": "8", "reading_age_max": "12", "large_print": "No", "isbn": "",
			"bleed": "Bleed (PDF only)", "cover_finish": "Glossy", "price_usd": "7.99", "price_gbp": "6.49", "price_eur": "7.49", "price_jpy": "1200", "price_cad": "",
			"ai_generated": "No", "ai_texts": "None", "ai_images": "None", "ai_translations": "None",
			"paper": "Black & white interior with white paper", "trim": "6 x 9 in"},
		"quest-vol-02-es": {"title": "Misión Laberinto, Volumen 2", "subtitle": "El espacio", "series_name": "Misión Laberinto", "series_number": "2",
			"description": "Laberintos que empiezan fáciles.", "keywords": "laberintos para niños", "price_usd": "7.99", "language": "es"},
		"class": {"kind": "book", "subtitle": "Grade 1", "isbn": "978-0-306-40615-7", "large_print": "Yes", "bleed": "No Bleed", "publication_date": "2026-09-01",
			"reading_age_min": "6", "reading_age_max": "8", "series_name": "", "cover_finish": "",
			"ai_generated": "Yes", "ai_texts": "Some sections, with extensive editing", "ai_images": "", "paper": "Black & white interior with cream paper",
			"interior": "class.pdf", "teacher": "class-teacher.pdf"},
		"class-teacher": {"kind": "teacher edition", "title": "Class Mazes", "subtitle": "Grade 1 · Teacher edition", "isbn": "979-10-90636-07-1", "author": "Ms Lee",
			"interior": "class-teacher.pdf", "teacher": "", "cover": "class-teacher-cover.pdf", "teacher_cover": "", "large_print": "Yes"},
	}
	for name, cols := range want {
		row, ok := rows[name]
		if !ok {
			t.Errorf("no row %s", name)
			continue
		}
		for c, v := range cols {
			if row[c] != v {
				t.Errorf("%s: %s is %q, want %q", name, c, row[c], v)
			}
		}
	}
	if got := rows["class-teacher"]["pages"]; got == "" || got == rows["class"]["pages"] && rows["class"]["teacher_pages"] != got {
		t.Errorf("the teacher edition's row has %s pages; its book's says %s", got, rows["class"]["teacher_pages"])
	}
	var js struct{ Books []map[string]any }
	jdata, _ := os.ReadFile(filepath.Join(books, "catalogue.json"))
	if err := json.Unmarshal(jdata, &js); err != nil || len(js.Books) != len(recs)-1 {
		t.Fatalf("catalogue.json: %v, %d books", err, len(js.Books))
	}
	for _, b := range js.Books {
		if b["name"] == "quest-vol-01-en" {
			if kw, _ := b["keywords"].([]any); len(kw) != 3 || b["price_usd"] != 7.99 || b["price_cad"] != nil {
				t.Errorf("catalogue.json: keywords %v, price_usd %v, price_cad %v", b["keywords"], b["price_usd"], b["price_cad"])
			}
		}
	}

	// The teacher edition's cover keeps the subtitle the title page
	// keeps.
	pdftotext := tooltest.Require(t, "pdftotext")
	out, err := exec.Command(pdftotext, filepath.Join(books, "class-teacher-cover.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(strings.Fields(string(out)), " "); !strings.Contains(text, "Grade 1 · Teacher edition") {
		t.Errorf("the teacher edition's cover says %q, not its subtitle", text)
	}
}
