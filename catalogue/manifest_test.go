package catalogue

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"":                   "",
		"Maze Quest":         "Maze Quest",
		"=HYPERLINK(\"x\")":  "'=HYPERLINK(\"x\")",
		"+1":                 "'+1",
		"-1":                 "'-1",
		"@SUM(A1)":           "'@SUM(A1)",
		"\tx":                "'\tx",
		"\rx":                "'\rx",
		"a=b":                "a=b",
		"'=already":          "'=already",
		"specs/-o=evil.yaml": "specs/-o=evil.yaml",
	} {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzManifest: whatever a spec's title, subtitle, name or error holds,
// catalogue.csv reads back as one row a book, each cell the value or,
// for one a spreadsheet would read as a formula, the value after a ';
// no cell starts as a formula; catalogue.json holds the values as they
// are. (encoding/csv reads a CR LF inside a field back as LF.)
func FuzzManifest(f *testing.F) {
	f.Add("=HYPERLINK(\"http://evil.example\",\"x\")", "+1", "-o=evil", "@err")
	f.Add("Maze Quest", "a \"quoted\", comma", "name\nwith newline", "line\r\nbreak")
	f.Add("\tTab", "\rCR", "", "")
	f.Fuzz(func(t *testing.T, title, subtitle, name, errText string) {
		for _, s := range []string{title, subtitle, name, errText} {
			if !utf8.ValidString(s) {
				t.Skip("a spec is UTF-8 text")
			}
		}
		r := Result{Job: Job{Spec: "specs/" + name + ".yaml", Name: name}, Title: title, Subtitle: subtitle}
		if errText != "" {
			r.Err = errors.New(errText)
		}
		c, j, err := Manifest([]Result{r, {Job: Job{Spec: "b.yaml", Name: "b"}, Title: "B"}})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(c)).ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("%d rows (%v):\n%q", len(rows), err, c)
		}
		want := r.row(KindBook)
		for i, cell := range rows[1] {
			if cell != SafeCell(want[i]) && cell != strings.ReplaceAll(SafeCell(want[i]), "\r\n", "\n") {
				t.Fatalf("column %s: %q, want %q", ManifestColumns[i], cell, SafeCell(want[i]))
			}
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Fatalf("column %s starts as a formula: %q", ManifestColumns[i], cell)
			}
		}
		var books struct{ Books []map[string]any }
		if err := json.Unmarshal(j, &books); err != nil || len(books.Books) != 2 || books.Books[0]["title"] != title {
			t.Fatalf("the JSON manifest: %v %v", err, books)
		}
	})
}
