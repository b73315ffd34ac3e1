package layout_test

import (
	"io"
	"os"
	"testing"

	"mazebook/layout"
	"mazebook/layout/pdf"
)

// BenchmarkBuild500 builds the 500-maze example and writes its PDF: the
// big-book target is under 20 s and 1 GB on a 2-core machine.
//
//	go test -run '^$' -bench Build500 -benchmem ./layout
func BenchmarkBuild500(b *testing.B) {
	data, err := os.ReadFile("../examples/500-mazes.yaml")
	if err != nil {
		b.Fatal(err)
	}
	spec, err := layout.ParseSpec("500-mazes.yaml", data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		book, err := layout.Build(spec)
		if err != nil {
			b.Fatal(err)
		}
		if err := pdf.Write(io.Discard, book.Pages, pdf.Metadata{Title: spec.Title}); err != nil {
			b.Fatal(err)
		}
	}
}
