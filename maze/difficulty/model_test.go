package difficulty

import (
	"strings"
	"testing"
)

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

// FuzzModelComment: no comment (a study file's name is in it) makes a
// model that reads otherwise.
func FuzzModelComment(f *testing.F) {
	f.Add("from class.jsonl")
	f.Add("a\rpeople: []\u2028x\u0085y")
	f.Fuzz(func(t *testing.T, comment string) {
		m := Model{People: []Person{{Name: "ourclass", Sight: 6, Pull: 2.5, Step: 1, Turn: 0.2, Look: 0.05, Wrong: 0.16}}}
		got, err := ParseModel("m.yaml", m.Format(comment))
		if err != nil || len(got.People) != 1 || got.People[0] != m.People[0] {
			t.Fatalf("%q: %v %v", comment, got, err)
		}
	})
}

// A model file's problems name the file, the line and the key.
func TestParseModelErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"people:\n  - name: a\n    sight: -1\n    step: 1\n", "m.yaml:3: people[0].sight must be from 0 to 50, not -1"},
		{"people:\n  - name: a\n    step: 1\n  - name: a\n    step: 2\n", `m.yaml:4: people[1].name: "a" is given twice`},
		{"people:\n  - name: two words\n    step: 1\n", `m.yaml:2: people[0].name: "two words" must be a word`},
		{"people:\n  - name: a\n", "m.yaml:2: people[0]: every weight is 0"},
		{"people:\n  - name: a\n    speed: 3\n", "m.yaml:3: unknown key speed in a difficulty model"},
		{"people: []\n", "lists 1 to 8 people"},
	} {
		_, err := ParseModel("m.yaml", []byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// No comment, whatever its characters (a study file's name), spills into
// the model: the model reads back as written.
func TestModelCommentStaysAComment(t *testing.T) {
	m := Model{People: []Person{{Name: "ourclass", Sight: 6, Pull: 2.5, Step: 1, Turn: 0.2, Look: 0.05, Wrong: 0.16}}}
	for _, name := range []string{"a\rpeople: []", "a\u2028people: []", "a\u0085people: []", "a\u2029x", "a\x0bb\x0cc\x00d", "a\r\n- name: evil"} {
		data := m.Format("fitted from " + name + ".jsonl\nsecond line")
		got, err := ParseModel("m.yaml", data)
		if err != nil || len(got.People) != 1 || got.People[0] != m.People[0] {
			t.Errorf("%q: the model reads back as %v (%v):\n%s", name, got, err, data)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if !strings.HasPrefix(line, "# ") && !strings.HasPrefix(line, "people:") && !strings.HasPrefix(line, "  ") {
				t.Errorf("%q: a line outside the comment: %q", name, line)
			}
		}
	}
}
