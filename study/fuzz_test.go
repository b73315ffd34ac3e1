package study

import (
	"strings"
	"testing"
)

// FuzzRead: no study file panics the reader; every trial it keeps can be
// made again from its recipe's words, within the cells a study plays;
// and what it skips is counted, its examples bounded.
func FuzzRead(f *testing.F) {
	f.Add(`{"time":"2026-11-25T10:00:00Z","participant":"A1","source":"play","shape":"rectangle","size":"10x10","algorithm":"backtracker","seed":1,"first_move_ms":100,"solve_ms":900,"moves":20,"wrong_cells":0,"solved":true}` + "\n")
	f.Add(`{"participant":"A1","shape":"circle","size":"5","inner":2.5,"algorithm":"prim","seed":3,"entrance":[0,1],"exit":[4,2],"solve_ms":5}` + "\n{")
	f.Add(`{"participant":"A1","shape":"rectangle","size":"10000x10000","algorithm":"prim","seed":3,"solve_ms":5}` + "\n")
	f.Add("\n\n\x00")
	f.Add(strings.Repeat("x", MaxLine+10) + "\nx\n" + strings.Repeat("y\r\n", 20))
	f.Fuzz(func(t *testing.T, data string) {
		trials, skipped, _ := Read(strings.NewReader(data), "fuzz.jsonl")
		for _, tr := range trials {
			if _, err := tr.Recipe(); err != nil {
				t.Fatalf("kept a trial whose recipe does not read: %v", err)
			}
			if n, err := tr.cells(); err != nil || n > MaxCells {
				t.Fatalf("kept a trial of %d cells (%v)", n, err)
			}
			if !ValidParticipant(tr.Participant) {
				t.Fatalf("kept participant %q", tr.Participant)
			}
		}
		total := 0
		for kind, n := range skipped.Kinds {
			total += n
			kept := 0
			for _, e := range skipped.Examples {
				if e.Kind == kind {
					kept++
				}
			}
			if kept != min(n, MaxExamples) {
				t.Fatalf("%d lines of %q skipped, %d kept", n, kind, kept)
			}
		}
		if total != skipped.Lines || len(skipped.Examples) > MaxExamples*len(skipped.Kinds) {
			t.Fatalf("skipped %d lines, counted %d, kept %d", skipped.Lines, total, len(skipped.Examples))
		}
	})
}
