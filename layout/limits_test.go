package layout

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"mazebook/layout/typeface"
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
	var se *SpecError
	if !errors.As(err, &se) || se.Line != 4 || se.Col != 9 || !strings.Contains(se.Msg, "more than 4096 bytes") {
		t.Fatalf("a template writing too much: %v", err)
	}
}

// TestTemplatesInSpecs checks that template problems are spec errors at
// the template's place, both when the spec is read and when the book is
// built on real data, and that validate (which builds without writing)
// sees them.
func TestTemplatesInSpecs(t *testing.T) {
	tests := []struct {
		name, spec string
		want       string
		atBuild    bool // found only on real data
	}{
		{"range", "sections:\n  - caption: '{{range .Seed}}{{end}}'\n", "book.yaml:2:14: caption: range is not allowed", false},
		{"huge range", "sections:\n  - caption: '{{range 1000000000}}x{{end}}'\n", "book.yaml:2:14: caption: range is not allowed", false},
		{"nested range", "header: '{{range 100000}}{{range 100000}}{{end}}{{end}}'\nsections: [{}]\n", "book.yaml:1:9: header: range is not allowed", false},
		{"unknown variable", "footer: '{{.Nope}}'\nsections: [{}]\n", "book.yaml:1:9: footer: in {{.Nope}}: there is no variable .Nope", false},
		{"fails on maze 2", "sections:\n  - count: 3\n    caption: '{{if eq .Number 2}}{{lt .Section 3}}{{end}}'\n", "book.yaml:3:14: maze 2: caption: in {{lt .Section 3}}: error calling lt", true},
		{"too much on page 3", "footer: '{{if eq .Page 3}}" + strings.Repeat(`{{printf "%099d%099d%099d%099d%099d" 1 2 3 4 5}}`, 10) + "{{end}}'\nsections: [{count: 5}]\n", "book.yaml:1:9: page 3: footer: it writes more than 4096 bytes", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var spec *Spec
			var err error
			go func() {
				defer close(done)
				spec, err = ParseSpec("book.yaml", []byte(tt.spec))
				if err == nil {
					var b *Book
					if b, err = Make(spec, Options{}); err == nil {
						for i := range b.Plan.Pages {
							if _, err = b.Page(i); err != nil {
								break
							}
						}
					}
				}
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the spec hangs")
			}
			var se SpecErrors
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want SpecErrors with %q", err, tt.want)
			}
			if (spec != nil) != tt.atBuild {
				t.Errorf("found when the spec was read: %v, want %v", spec == nil, !tt.atBuild)
			}
		})
	}
}

// TestTextLimits checks that every text field of a spec is bounded.
func TestTextLimits(t *testing.T) {
	long := strings.Repeat("ab ", 400) // 1200 characters
	for _, key := range []string{"title", "subtitle", "author", "subject"} {
		spec := fmt.Sprintf("%s: %q\nsections: [{}]\n", key, long)
		if _, err := ParseSpec("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "book.yaml:1:") || !strings.Contains(err.Error(), "characters long; the most is 1000") {
			t.Errorf("%s of 1200 characters: %v", key, err)
		}
	}
	for _, key := range []string{"title", "instructions", "caption", "id"} {
		spec := fmt.Sprintf("sections:\n  - %s: %q\n", key, long)
		if _, err := ParseSpec("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "book.yaml:2:") || !strings.Contains(err.Error(), "characters long") {
			t.Errorf("section %s of 1200 characters: %v", key, err)
		}
	}
	spec := fmt.Sprintf("labels: {maze: %q}\nsections: [{}]\n", long)
	if _, err := ParseSpec("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "characters long") {
		t.Errorf("a label of 1200 characters: %v", err)
	}
	spec = fmt.Sprintf("copyright: %q\nsections: [{}]\n", long)
	if _, err := ParseSpec("book.yaml", []byte(spec)); err != nil {
		t.Errorf("a copyright of 1200 characters: %v", err)
	}
	spec = fmt.Sprintf("copyright: %q\nsections: [{}]\n", strings.Repeat(long, 5))
	if _, err := ParseSpec("book.yaml", []byte(spec)); err == nil || !strings.Contains(err.Error(), "the most is 5000") {
		t.Errorf("a copyright of 6000 characters: %v", err)
	}
}

// TestSpecSizeAndDocuments checks the spec's own limits: its size, one
// YAML document, at most MaxSections sections.
func TestSpecSizeAndDocuments(t *testing.T) {
	big := "sections: [{}]\n# " + strings.Repeat("x", MaxSpecSize) + "\n"
	if _, err := ParseSpec("book.yaml", []byte(big)); err == nil || !strings.Contains(err.Error(), "larger than 1024 KB") {
		t.Errorf("a spec over 1 MB: %v", err)
	}
	// Reading stops at the limit: /dev/zero is refused at once.
	done := make(chan error, 1)
	go func() { _, err := ReadSpec("/dev/zero"); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "larger than") {
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
		_, err := ParseSpec("book.yaml", []byte(tt.spec))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.40q: %v, want %q", tt.spec, err, tt.want)
		}
	}
	// A spec ending its only document with "..." or starting it with
	// "---" is one document.
	for _, s := range []string{"---\nsections: [{}]\n", "sections: [{}]\n...\n"} {
		if _, err := ParseSpec("book.yaml", []byte(s)); err != nil {
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
	_, err := ParseSpec("book.yaml", []byte(b.String()))
	var se SpecErrors
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
		_, err := ParseSpec("book.yaml", []byte(tt))
		if err == nil {
			t.Errorf("%q: accepted", tt)
			continue
		}
		if errors.As(err, &se) && len(se) != 1 {
			t.Errorf("%q: %d messages for one bad value:\n%v", tt, len(se), err)
		}
	}
}

// TestBookBudget checks that a book too big to build is refused when it
// is planned, at the section that draws the most, with the estimate.
func TestBookBudget(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"sections:\n  - count: 10000\n    size: 88x124\n", "book.yaml:2:12: the book draws 218.2 million maze cells"},
		{"page: {size: 24x36in}\nsections:\n  - {count: 10, size: 10x10}\n  - count: 2000\n    size: 80x110\n", "book.yaml:4:12: the book draws 35.2 million maze cells"},
		{"answers: false\npage: {size: 24x36in}\nsections:\n  - cell: 2mm\n    count: 200\n", "book.yaml:5:12: the book draws"},
	}
	for _, tt := range tests {
		spec, err := ParseSpec("book.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		_, err = MakePlan(spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "GB of memory") {
			t.Errorf("%q: %v, want %q", tt.spec, err, tt.want)
		}
	}
	// The largest book allowed is allowed.
	spec, err := ParseSpec("book.yaml", []byte("answers: false\npage: {size: 24x36in}\nsections:\n  - count: 2000\n    size: 100x100\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(spec)
	if err != nil {
		t.Fatalf("a book of exactly %d drawn cells: %v", MaxDrawnCells, err)
	}
	if c := plan.Cost(); c.DrawnCells != MaxDrawnCells || c.Bytes > 2<<30 {
		t.Errorf("cost %+v", c)
	}
}

// TestFitWidth checks that fitting cuts a text at the longest prefix that
// fits with its ellipsis, whatever its length (BenchmarkFitWidth shows the
// cost stays linear).
func TestFitWidth(t *testing.T) {
	for _, n := range []int{0, 1, 10, 1000, 100000} {
		s := strings.Repeat("Laberinto número ", n/17+1)[:n]
		s = strings.ToValidUTF8(s, "")
		for _, width := range []float64{5, 50, 300} {
			got := fitWidth(s, 11, typeface.Regular, width)
			if got == s {
				if typeface.Width(typeface.Regular, 11, s) > width {
					t.Errorf("%d runes at %g: not cut", n, width)
				}
				continue
			}
			prefix := strings.TrimSuffix(got, "…")
			if !strings.HasPrefix(s, prefix) || !utf8.ValidString(got) {
				t.Fatalf("%d runes at %g: %q is not a prefix with an ellipsis", n, width, got)
			}
			if w := typeface.Width(typeface.Regular, 11, got); w > width+1e-9 && prefix != "" {
				t.Errorf("%d runes at %g: %q is %g wide", n, width, got, w)
			}
			// One more rune would not fit.
			if len(prefix) < len(s) {
				_, size := utf8.DecodeRuneInString(s[len(prefix):])
				if w := typeface.Width(typeface.Regular, 11, s[:len(prefix)+size]+"…"); w <= width {
					t.Errorf("%d runes at %g: %q could hold one more rune", n, width, got)
				}
			}
		}
	}
}

// BenchmarkFitWidth fits 100 KB of text in a caption's width: linear in
// the text's length (it was quadratic, 110 s a page).
func BenchmarkFitWidth(b *testing.B) {
	s := strings.Repeat("Laberinto número 12 · ", 100_000/22)
	for b.Loop() {
		fitWidth(s, 11, typeface.Regular, 300)
	}
}
