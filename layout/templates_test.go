package layout

import (
	"errors"
	"strings"
	"testing"
	"time"

	"mazebook/layout/spec"
)

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
			var sp *spec.Book
			var err error
			go func() {
				defer close(done)
				sp, err = spec.Parse("book.yaml", []byte(tt.spec))
				if err == nil {
					var b *Book
					if b, err = Make(sp, Options{}); err == nil {
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
			var se spec.Errors
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want spec.Errors with %q", err, tt.want)
			}
			if (sp != nil) != tt.atBuild {
				t.Errorf("found when the spec was read: %v, want %v", sp == nil, !tt.atBuild)
			}
		})
	}
}
