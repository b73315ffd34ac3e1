package spec

import (
	"errors"
	"strings"
	"testing"
)

// FuzzText feeds arbitrary templates to the caption parser: a template is
// refused or it runs, on every kind of data, to an output of at most
// MaxTextOutput bytes or a Error placed where it was written; it
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
				var se *Error
				if !errors.As(err, &se) || se.Msg == "" {
					t.Fatalf("%q: error %v is not a Error", src, err)
				}
				continue
			}
			if len(out) > MaxTextOutput {
				t.Fatalf("%q wrote %d bytes", src, len(out))
			}
		}
	})
}
