package layout

import (
	"errors"
	"testing"

	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/templates"
)

// FuzzParseSpec feeds arbitrary bytes to the spec parser and the planner:
// they must never panic, and must either succeed or return spec.Errors with
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
		"sections: [{kind: steps}]", "sections: [{kind: steps, every: 1, columns: 12, size: 40x40, solver: tremaux}]",
		"sections: [{kind: steps, shape: circle, size: 3, openings: center, solver: right-hand}]", "page: {size: 2in x 2in}\nsections: [{kind: steps, columns: 1}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sp, err := spec.Parse("fuzz.yaml", data)
		if err != nil {
			var se spec.Errors
			if !errors.As(err, &se) || len(se) == 0 {
				t.Fatalf("error is not spec.Errors: %v", err)
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
		p, err := plan.Make(sp, plan.Student)
		if err != nil {
			var se spec.Errors
			if !errors.As(err, &se) {
				t.Fatalf("plan error is not spec.Errors: %v", err)
			}
			return
		}
		if len(p.Mazes) > 0 && len(p.Mazes) <= 4 {
			small := true
			for _, m := range p.Mazes {
				small = small && m.Cells <= 2500
			}
			if small {
				// A level a size cannot reach is a spec error; nothing
				// else may fail.
				var se spec.Errors
				if _, err := Build(sp, Options{}); err != nil && !errors.As(err, &se) {
					t.Fatalf("planned but did not build: %v", err)
				}
			}
		}
	})
}
