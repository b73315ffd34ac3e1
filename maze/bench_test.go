package maze

import (
	"fmt"
	"testing"
)

// benchSizes are the sizes generators and solvers are measured at.
var benchSizes = []int{100, 1000, 4000}

// slowAt is the largest size each slow generator is measured at.
var slowAt = map[string]int{"aldous-broder": 1000}

func BenchmarkGenerate(b *testing.B) {
	for _, a := range Algorithms() {
		for _, n := range benchSizes {
			if lim, ok := slowAt[a.Name]; ok && n > lim {
				continue
			}
			b.Run(fmt.Sprintf("%s/%dx%d", a.Name, n, n), func(b *testing.B) {
				g := Rect{W: n, H: n}
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					a.Generate(g, uint64(i))
				}
				b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mcells/s")
			})
		}
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, n := range benchSizes {
		m, _ := Algorithms()[0].Generate(Rect{W: n, H: n}, 1)
		m.PlaceDoors(Corners, nil)
		for _, s := range Solvers() {
			b.Run(fmt.Sprintf("%s/%dx%d", s.Name, n, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := s.Solve(m, m.Entrance.Cell, m.Exit.Cell); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mcells/s")
			})
		}
		b.Run(fmt.Sprintf("measure/%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m.Measure()
			}
			b.ReportMetric(float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mcells/s")
		})
	}
}

// BenchmarkGenerateRecorded measures generating while recording, at
// 100x100: the price of watching (the same mazes cost nothing extra when
// no one records; compare BenchmarkGenerate).
func BenchmarkGenerateRecorded(b *testing.B) {
	for _, a := range Algorithms() {
		b.Run(a.Name+"/100x100", func(b *testing.B) {
			g := Rect{W: 100, H: 100}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				rec := &Recording{}
				if _, err := a.GenerateRecorded(g, uint64(i), rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
