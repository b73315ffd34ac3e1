package layout_test

import (
	"io"
	"os"
	"runtime"
	"testing"

	"mazebook/layout"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
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
	sp, err := spec.Parse("500-mazes.yaml", data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		book, err := layout.Build(sp, layout.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := pdf.Write(io.Discard, book.Pages, pdf.Metadata{Title: sp.Title}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBookMemory builds a book page by page into a PDF, as 'mazebook
// build' does, and reports the peak heap per drawn cell: the figure
// Plan.Cost's estimate (and so the book budget) rests on.
//
//	go test -run '^$' -bench BookMemory -benchtime 1x ./layout
func BenchmarkBookMemory(b *testing.B) {
	for _, tt := range []struct{ name, spec string }{
		{"100 mazes of 80x110", "page: {size: 24x36in}\nsections:\n  - count: 100\n    size: 80x110\n"},
		{"500 mazes of 20x30", "sections:\n  - count: 500\n    size: 20x30\n    per_page: 2\n"},
		{"one 200in maze", "page: {size: 200x200in}\nsections:\n  - cell: 2mm\n"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			sp, err := spec.Parse("bench.yaml", []byte(tt.spec))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				base, peak := ms.HeapAlloc, ms.HeapAlloc
				book, err := layout.Make(sp, layout.Options{})
				if err != nil {
					b.Fatal(err)
				}
				w := pdf.NewWriter(pdf.Metadata{Title: sp.Title})
				for i := range book.Plan.Pages {
					page, err := book.Page(i)
					if err != nil {
						b.Fatal(err)
					}
					if err := w.Add(&page); err != nil {
						b.Fatal(err)
					}
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc)
				}
				if err := w.Finish(io.Discard); err != nil {
					b.Fatal(err)
				}
				c := book.Plan.Cost()
				b.ReportMetric(float64(peak-base)/float64(c.DrawnCells), "peak-heap-B/drawn-cell")
				b.ReportMetric(float64(peak-base)/(1<<20), "peak-heap-MB")
				b.ReportMetric(c.Bytes/(1<<20), "estimate-MB")
			}
		})
	}
}

// BenchmarkShapePages makes, rates, solves and draws into a PDF one maze
// of every kind of grid at the sizes a page holds: a level-10 maze (about
// 4,200 cells) and a page filled with 2 mm cells (about 11,000).
//
//	go test -run '^$' -bench ShapePages -benchmem ./layout
func BenchmarkShapePages(b *testing.B) {
	heart, err := os.ReadFile("../examples/heart.png")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if err := os.WriteFile(dir+"/heart.png", heart, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, kind := range []struct{ name, keys string }{
		{"rectangle", ""}, {"circle", "shape: circle"}, {"hexagon", "shape: hexagon"}, {"triangle", "shape: triangle"},
		{"heart", "mask: heart.png"}, {"weave", "weave: 0.3"},
	} {
		for _, size := range []struct{ name, keys string }{{"level 10", "difficulty: 10"}, {"2mm page", "cell: 2.2mm"}} {
			b.Run(kind.name+"/"+size.name, func(b *testing.B) {
				src := "page: {size: letter}\nanswers: false\nsections:\n  - {" + kind.keys
				if kind.keys != "" {
					src += ", "
				}
				src += size.keys + "}\n"
				sp, err := spec.Parse(dir+"/bench.yaml", []byte(src))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				cells := 0
				for b.Loop() {
					book, err := layout.Make(sp, layout.Options{})
					if err != nil {
						b.Fatal(err)
					}
					w := pdf.NewWriter(pdf.Metadata{})
					for i := range book.Plan.Pages {
						page, err := book.Page(i)
						if err != nil {
							b.Fatal(err)
						}
						if err := w.Add(&page); err != nil {
							b.Fatal(err)
						}
					}
					if err := w.Finish(io.Discard); err != nil {
						b.Fatal(err)
					}
					cells = book.Mazes[0].Rating.Metrics.Cells
				}
				b.ReportMetric(float64(cells), "cells")
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/maze")
			})
		}
	}
}

// BenchmarkBuild500Shapes builds the 500-maze book of every shape and
// writes its PDF: the target is under 5 s and 1 GB on a 2-core machine.
//
//	go test -run '^$' -bench Build500Shapes -benchmem ./layout
func BenchmarkBuild500Shapes(b *testing.B) {
	sp, err := spec.Read("../examples/500-shapes.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		book, err := layout.Build(sp, layout.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := pdf.Write(io.Discard, book.Pages, pdf.Metadata{Title: sp.Title}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDrawPages draws every page of the 500-maze example and of its
// teacher edition, its mazes made once beforehand: the cost of turning a
// plan and its mazes into display lists alone.
//
//	go test -run '^$' -bench DrawPages -benchmem ./layout
func BenchmarkDrawPages(b *testing.B) {
	sp, err := spec.Read("../examples/500-mazes.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for _, ed := range []struct {
		name    string
		edition plan.Edition
	}{{"student", plan.Student}, {"teacher", plan.Teacher}} {
		b.Run(ed.name, func(b *testing.B) {
			book, err := layout.Make(sp, layout.Options{Edition: ed.edition})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range book.Plan.Pages {
					if _, err := book.Draw(i); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
