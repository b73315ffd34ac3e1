package spec

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestTextTemplates checks what a caption, header or footer may use: the
// features a caption needs work, and everything that could make a
// template's work or output unbounded is refused when the spec is read,
// at the template's line and column.
func TestTextTemplates(t *testing.T) {
	ok := []struct{ src, want string }{
		{"{{.Label}} {{.Number}}", "Maze 7"},
		{"{{printf \"%03d\" .Number}}", "007"},
		{"{{printf \"%-5s|\" .Label}}", "Maze |"},
		{"{{printf \"%[1]d-%[1]d\" .Number}}", "7-7"},
		{"{{upper .Label}} {{lower .Section}}", "MAZE warm-up"},
		{"{{if gt .Number 5}}big{{else}}small{{end}}", "big"},
		{"{{with .Section}}[{{.}}]{{end}}", "[Warm-up]"},
		{"{{$n := .Number}}{{if and (eq $n 7) (not false)}}seven{{end}}", "seven"},
		{"{{len .Section}}", "7"},
		{"{{print .Width \"x\" .Height}}", "12x9"},
		{"  {{.Number}}  ", "7"},
	}
	data := CaptionData{Label: "Maze", Number: 7, Section: "Warm-up", Width: 12, Height: 9}
	for _, tt := range ok {
		tx, err := ParseText("caption", tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		got, err := tx.Execute(data)
		if err != nil || got != tt.want {
			t.Errorf("%s = %q, %v; want %q", tt.src, got, err, tt.want)
		}
	}
	bad := []struct{ src, want string }{
		{"{{range .Seed}}{{end}}", "range is not allowed"},
		{"{{range 1000000000}}x{{end}}", "range is not allowed"},
		{"{{range 100000}}{{range 100000}}x{{end}}{{end}}", "range is not allowed"},
		{"{{if true}}{{range 3}}{{end}}{{end}}", "range is not allowed"},
		{"{{define \"a\"}}{{template \"a\"}}{{end}}{{template \"a\"}}", "may not define templates"},
		{"{{block \"b\" .}}x{{end}}", "may not define templates"},
		{"{{template \"x\"}}", "calling a template"},
		{"{{index .Section 100}}", `"index" is not allowed`},
		{"{{slice .Section 1 2}}", `"slice" is not allowed`},
		{"{{call .Label}}", `"call" is not allowed`},
		{"{{html .Label}}", `"html" is not allowed`},
		{"{{.Label | printf \"%s\" | urlquery}}", `"urlquery" is not allowed`},
		{"{{.Nope", "not a valid template"},
		{strings.Repeat("x", MaxText+1), "characters long"},
	}
	for _, tt := range bad {
		_, err := ParseText("caption", tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.60s: error %v, want %q", tt.src, err, tt.want)
		}
	}
	// Formats that would ask for gigabytes fail when they run.
	for _, src := range []string{`{{printf "%0999999999d" 1}}`, `{{printf "%.100f" 1.0}}`, `{{printf "%*d" 5 1}}`, `{{printf "%-*d" 1000000000 1}}`} {
		tx, err := ParseText("caption", src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if _, err := tx.Execute(data); err == nil || !strings.Contains(err.Error(), "printf") {
			t.Errorf("%s ran: %v", src, err)
		}
	}
	// Output is bounded: 5 verbs of 99 characters, 10 times over, is more
	// than MaxTextOutput.
	src := strings.Repeat(`{{printf "%099d%099d%099d%099d%099d" 1 2 3 4 5}}`, 10)
	tx, err := ParseText("footer", src)
	if err != nil {
		t.Fatal(err)
	}
	tx.File, tx.Line, tx.Col = "book.yaml", 4, 9
	_, err = tx.Execute(PageData{})
	var se *Error
	if !errors.As(err, &se) || se.Line != 4 || se.Col != 9 || !strings.Contains(se.Msg, "more than 4096 bytes") {
		t.Fatalf("a template writing too much: %v", err)
	}
}

// TestTextLimits checks that every text field of a spec is bounded.
func TestTextLimits(t *testing.T) {
	long := strings.Repeat("ab ", 400) // 1200 characters
	for _, key := range []string{"title", "subtitle", "author", "subject"} {
		spec := fmt.Sprintf("%s: %q\nsections: [{}]\n", key, long)
		if _, err := Parse("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "book.yaml:1:") || !strings.Contains(err.Error(), "characters long; the most is 1000") {
			t.Errorf("%s of 1200 characters: %v", key, err)
		}
	}
	for _, key := range []string{"title", "instructions", "caption", "id"} {
		spec := fmt.Sprintf("sections:\n  - %s: %q\n", key, long)
		if _, err := Parse("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "book.yaml:2:") || !strings.Contains(err.Error(), "characters long") {
			t.Errorf("section %s of 1200 characters: %v", key, err)
		}
	}
	spec := fmt.Sprintf("labels: {maze: %q}\nsections: [{}]\n", long)
	if _, err := Parse("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "characters long") {
		t.Errorf("a label of 1200 characters: %v", err)
	}
	spec = fmt.Sprintf("copyright: %q\nsections: [{}]\n", long)
	if _, err := Parse("book.yaml", []byte(spec)); err != nil {
		t.Errorf("a copyright of 1200 characters: %v", err)
	}
	spec = fmt.Sprintf("copyright: %q\nsections: [{}]\n", strings.Repeat(long, 5))
	if _, err := Parse("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "the most is 5000") {
		t.Errorf("a copyright of 6000 characters: %v", err)
	}
}

// TestSpecSizeAndDocuments checks the spec's own limits: its size, one
// YAML document, at most MaxSections sections.
func TestSpecSizeAndDocuments(t *testing.T) {
	big := "sections: [{}]\n# " + strings.Repeat("x", MaxSpecSize) + "\n"
	if _, err := Parse("book.yaml", []byte(big)); err == nil || !strings.Contains(err.Error(), "larger than 1024 KB") {
		t.Errorf("a spec over 1 MB: %v", err)
	}
	// A device is no spec: /dev/zero is refused at once, never read.
	done := make(chan error, 1)
	go func() { _, err := Read("/dev/zero"); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/zero as a spec: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("reading /dev/zero as a spec does not stop")
	}
	for _, tt := range []struct{ spec, want string }{
		{"sections: [{}]\n---\ntitle: x\n", "book.yaml:2: the spec holds a second YAML document"},
		{"sections: [{}]\n---\n", "book.yaml:2: the spec holds a second YAML document"},
		{"sections: [{}]\n---\nsections: [\n", "book.yaml:3: the spec is not valid YAML"},
		{"sections:\n" + strings.Repeat("  - {}\n", MaxSections+1), "book.yaml:2:3: the spec has 1001 sections; the most is 1000"},
	} {
		_, err := Parse("book.yaml", []byte(tt.spec))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.40q: %v, want %q", tt.spec, err, tt.want)
		}
	}
	// A spec ending its only document with "..." or starting it with
	// "---" is one document.
	for _, s := range []string{"---\nsections: [{}]\n", "sections: [{}]\n...\n"} {
		if _, err := Parse("book.yaml", []byte(s)); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// TestErrorsBounded checks that a spec with thousands of problems gets a
// bounded report, and that one bad value gets one message.
func TestErrorsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("sections:\n")
	for i := range 300 {
		fmt.Fprintf(&b, "  - {count: %d, colour: red}\n", i+1)
	}
	_, err := Parse("book.yaml", []byte(b.String()))
	var se Errors
	if !errors.As(err, &se) || len(se) != 300 {
		t.Fatalf("%d errors: %v", len(se), err)
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != MaxReported+1 || lines[MaxReported] != "... and 250 more problems" {
		t.Errorf("the report has %d lines, ending %q", len(lines), lines[len(lines)-1])
	}
	for _, tt := range []string{
		"sections: [{cell: 6m}]\n",
		"sections: [{cell: 0mm}]\n",
		"sections: [{cell: -3mm}]\n",
		"sections: [{count: 99999}]\n",
		"sections: [{per_page: 13}]\n",
		"sections: [{per_page: 5}]\n",
		"sections: [{braid: 2}]\n",
		"sections: [{size: 0x5}]\n",
		"sections: [{size: 99999x99999}]\n",
		"page: {margin: 10m}\nsections: [{}]\n",
		"page: {margin: {top: 99cm}}\nsections: [{}]\n",
		"page: {size: 900x9in}\nsections: [{}]\n",
		"style: {wall: 99}\nsections: [{}]\n",
		"seed: -1\nsections: [{}]\n",
		"sections: [{difficulty: 11}]\n",
		"sections: [{ages: 200}]\n",
	} {
		_, err := Parse("book.yaml", []byte(tt))
		if err == nil {
			t.Errorf("%q: accepted", tt)
			continue
		}
		if errors.As(err, &se) && len(se) != 1 {
			t.Errorf("%q: %d messages for one bad value:\n%v", tt, len(se), err)
		}
	}
}
