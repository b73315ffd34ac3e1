package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkSpeedTable runs the command-line rows of the speed table (see
// docs/speed.md and scripts/speed.sh) inside the test binary, so that a
// profile can be taken of each:
//
//	go test -run '^$' -bench SpeedTable -benchmem -benchtime 1x ./cmd/mazebook
//	go test -run '^$' -bench 'SpeedTable/png' -cpuprofile cpu.out ./cmd/mazebook
//
// The sizes are the table's; the peak memory of a row is the script's to
// measure (/usr/bin/time), since a benchmark reports what was allocated.
func BenchmarkSpeedTable(b *testing.B) {
	for _, row := range []struct {
		name string
		args []string // {} is replaced by a file in a temporary folder
	}{
		{"stats/backtracker-4000", []string{"maze", "--size", "4000x4000", "--stats"}},
		{"stats/kruskal-4000", []string{"maze", "--size", "4000x4000", "--algorithm", "kruskal", "--stats"}},
		{"pdf/1000", []string{"maze", "--size", "1000x1000", "--cell", "2mm", "-o", "{}.pdf"}},
		{"svg/1000", []string{"maze", "--size", "1000x1000", "--cell", "2mm", "-o", "{}.svg"}},
		{"png/1000", []string{"maze", "--size", "1000x1000", "--cell", "2mm", "-o", "{}.png"}},
		{"gif/prim-50", []string{"maze", "--size", "50x50", "--algorithm", "prim", "--animate", "{}.gif"}},
		{"gif/200", []string{"maze", "--size", "200x200", "--animate", "{}.gif"}},
		{"stats/braid-2000", []string{"maze", "--size", "2000x2000", "--braid", "1", "--stats"}},
	} {
		b.Run(row.name, func(b *testing.B) {
			dir := b.TempDir()
			args := append([]string(nil), row.args...)
			for i, a := range args {
				if len(a) > 2 && a[:2] == "{}" {
					args[i] = filepath.Join(dir, "out"+a[2:])
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				e := &env{stdout: io.Discard, stderr: io.Discard}
				if code := run(context.Background(), e, args); code != 0 {
					b.Fatalf("mazebook %v: exit %d", args, code)
				}
			}
		})
	}
}
