package layout

import (
	"errors"
	"strings"
	"testing"

	"mazebook/templates"
)

// FuzzParseSpec feeds arbitrary bytes to the spec parser and the planner:
// they must never panic, and must either succeed or return SpecErrors with
// a file name in every message. The seed corpus runs in plain go test.
func FuzzParseSpec(f *testing.F) {
	f.Add(templates.Default())
	for _, name := range templates.StarterNames() {
		data, _, _ := templates.Starter(name)
		f.Add(data)
	}
	for _, s := range []string{
		"", "{}", "[]", "sections:", "sections: []", "sections: [{}]", "sections: [{size: 1x1}]",
		"sections: [{size: 99999x99999}]", "sections: [{cell: 0mm}]", "sections: [{count: 10000, per_page: 12, size: 2x2}]",
		"page: {size: 1mm x 1mm}\nsections: [{count: 1}]", "page: {margin: {inside: auto, outside: 1in}, bleed: true}\nsections: [{count: 3}]",
		"style: {wall: 0.1pt}\nsections: [{size: 3x3}]", "&a [*a]", "sections: &a [*a]", "a: !!binary AAAA",
		"sections:\n  - caption: '{{.Number}} {{.Page}}'\n", "sections: [{caption: '{{range .}}'}]",
		"seed: 99999999999999999999999", "title: \"\\u0000\"\nsections: [{count: 1}]",
		"header: '{{.Nope}}'\nsections: [{count: 1}]",
		"sections: [{difficulty: 2..8, count: 4}]", "sections: [{difficulty: expert, size: 3x3}]", "sections: [{ages: 4-6, per_page: 4, count: 4}]",
		"sections: [{ages: 12+, difficulty: easy..hard, count: 3}]", "sections: [{difficulty: '0..11'}]", "start_on_right: true\nsection_pages: true\ncopyright: x\ntitle_page: true\nsections: [{count: 3}, {count: 2}]",
		"sections: [{}]\n---\ntitle: x\n", "page: {size: 1e308in x 5in}\nsections: [{}]", "page: {size: 200x200in, bleed: true}\nsections: [{}]",
		"sections:\n  - count: 10000\n    size: 88x124\n", "sections: [{caption: '{{range 1000000000}}x{{end}}'}]", "footer: '{{printf \"%0999999999d\" 1}}'\nsections: [{}]",
		"sections: [{cell: 6m}]", "title: \"\\U0001F600\"\nsections: [{}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, err := ParseSpec("fuzz.yaml", data)
		if err != nil {
			var se SpecErrors
			if !errors.As(err, &se) || len(se) == 0 {
				t.Fatalf("error is not SpecErrors: %v", err)
			}
			for _, e := range se {
				if e.File != "fuzz.yaml" || e.Msg == "" {
					t.Fatalf("error without a place or message: %+v", e)
				}
			}
			return
		}
		// Keep the fuzzer away from building books of thousands of
		// mazes; planning them is cheap and must not fail oddly.
		plan, err := MakePlan(spec)
		if err != nil {
			var se SpecErrors
			if !errors.As(err, &se) {
				t.Fatalf("plan error is not SpecErrors: %v", err)
			}
			return
		}
		if len(plan.Mazes) > 0 && len(plan.Mazes) <= 4 {
			small := true
			for _, m := range plan.Mazes {
				small = small && m.Width*m.Height <= 2500
			}
			if small {
				// A level a size cannot reach is a spec error; nothing
				// else may fail.
				var se SpecErrors
				if _, err := Build(spec); err != nil && !errors.As(err, &se) {
					t.Fatalf("planned but did not build: %v", err)
				}
			}
		}
	})
}

// FuzzText feeds arbitrary templates to the caption parser: a template is
// refused or it runs, on every kind of data, to an output of at most
// MaxTextOutput bytes or a SpecError placed where it was written; it
// never panics nor runs away (range and template calls are refused, so
// its work is bounded by its length). The seed corpus runs in plain go
// test.
func FuzzText(f *testing.F) {
	for _, s := range []string{
		"{{.Label}} {{.Number}}", "{{printf \"%03d\" .Number}}", "{{upper .Section}}", "{{if gt .Number 3}}x{{else}}y{{end}}",
		"{{range .Seed}}{{end}}", "{{range 1000000000}}x{{end}}", "{{define \"a\"}}{{template \"a\"}}{{end}}{{template \"a\"}}",
		"{{printf \"%0999999999d\" 1}}", "{{printf \"%*d\" 1000000 1}}", "{{printf \"%[2]*[1]d\" 1 1000000}}", "{{index .Section 100}}",
		"{{with $x := .Label}}{{$x}}{{end}}", "{{len .Label}}{{print .Seed}}", "{{.Nope}}", "{{", "}}", "{{/* c */}}", "{{- .Label -}}",
		"{{printf \"%v\" .}}", "{{printf \"%#v\" .}}", "{{.Label | printf \"%099s\" | printf \"%099s%099s\"}}", "{{break}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tx, err := ParseText("caption", src)
		if err != nil {
			return
		}
		for _, data := range []any{CaptionData{}, CaptionData{Label: "Laberinto", Number: 12, Section: strings.Repeat("ñ", 1000), Seed: 1<<64 - 1}, PageData{Page: 3}} {
			out, err := tx.Execute(data)
			if err != nil {
				var se *SpecError
				if !errors.As(err, &se) || se.Msg == "" {
					t.Fatalf("%q: error %v is not a SpecError", src, err)
				}
				continue
			}
			if len(out) > MaxTextOutput {
				t.Fatalf("%q wrote %d bytes", src, len(out))
			}
		}
	})
}
