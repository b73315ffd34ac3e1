package study

import (
	"strings"
	"testing"
)

// FuzzRead: no study file panics the reader, and every trial it keeps
// can be made again from its recipe's words.
func FuzzRead(f *testing.F) {
	f.Add(`{"time":"2026-11-25T10:00:00Z","participant":"A1","source":"play","shape":"rectangle","size":"10x10","algorithm":"backtracker","seed":1,"first_move_ms":100,"solve_ms":900,"moves":20,"wrong_cells":0,"solved":true}` + "\n")
	f.Add(`{"participant":"A1","shape":"circle","size":"5","algorithm":"prim","seed":3,"entrance":[0,1],"exit":[4,2],"solve_ms":5}` + "\n{")
	f.Add("\n\n\x00")
	f.Fuzz(func(t *testing.T, data string) {
		trials, _, _ := Read(strings.NewReader(data), "fuzz.jsonl")
		for _, tr := range trials {
			if _, err := tr.Recipe(); err != nil {
				t.Fatalf("kept a trial whose recipe does not read: %v", err)
			}
			if !ValidParticipant(tr.Participant) {
				t.Fatalf("kept participant %q", tr.Participant)
			}
		}
	})
}

// FuzzParseModel: no model file panics the parser, and a model it
// accepts has settings in their ranges.
func FuzzParseModel(f *testing.F) {
	f.Add("people:\n  - name: ourclass\n    sight: 6\n    pull: 2.5\n    step: 1\n    turn: 0.2\n    look: 0.05\n    wrong: 0.16\n")
	f.Add("people: []\n")
	f.Add("people:\n  - {name: a, step: .nan}\n")
	f.Fuzz(func(t *testing.T, data string) {
		m, err := ParseModel("fuzz.yaml", []byte(data))
		if err != nil {
			return
		}
		for _, p := range m.People {
			if p.Step < 0 || p.Turn < 0 || p.Look < 0 || p.Wrong < 0 || p.Step+p.Turn+p.Look+p.Wrong == 0 {
				t.Fatalf("accepted %+v", p)
			}
		}
	})
}
