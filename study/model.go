package study

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/maze"
)

// Model is a difficulty model a spec can name (difficulty_model: FILE):
// the person settings whose times make the score, in place of
// maze.People.
type Model struct {
	People []maze.Person `yaml:"people"`
}

// MaxModelBytes is the largest model file read.
const MaxModelBytes = 1 << 20

// ParseModel reads a difficulty model file, named file in errors: a
// mapping with a list of people, each with a name, sight, pull and the
// four weights (step, turn, look, wrong), none negative, at least one
// weight above zero.
func ParseModel(file string, data []byte) (Model, error) {
	if len(data) > MaxModelBytes {
		return Model{}, fmt.Errorf("%s: a difficulty model is at most %d MB", file, MaxModelBytes>>20)
	}
	var m Model
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil {
		return Model{}, fmt.Errorf("%s: not a difficulty model: %s", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(m.People) == 0 || len(m.People) > 8 {
		return Model{}, fmt.Errorf("%s: a difficulty model lists 1 to 8 people (people: - name: ...)", file)
	}
	seen := map[string]bool{}
	for i, p := range m.People {
		where := fmt.Sprintf("%s: people[%d]", file, i)
		switch {
		case p.Name == "" || len(p.Name) > 32 || strings.ContainsAny(p.Name, " \t\n,"):
			return Model{}, fmt.Errorf("%s: name %q must be a word of 1 to 32 letters", where, p.Name)
		case seen[p.Name]:
			return Model{}, fmt.Errorf("%s: name %q is given twice", where, p.Name)
		}
		seen[p.Name] = true
		for _, v := range []struct {
			key      string
			val, max float64
		}{{"sight", p.Sight, 50}, {"pull", p.Pull, 20}, {"step", p.Step, 1e3}, {"turn", p.Turn, 1e3}, {"look", p.Look, 1e3}, {"wrong", p.Wrong, 1e3}} {
			if math.IsNaN(v.val) || v.val < 0 || v.val > v.max {
				return Model{}, fmt.Errorf("%s: %s must be from 0 to %g, not %g", where, v.key, v.max, v.val)
			}
		}
		if p.Step+p.Turn+p.Look+p.Wrong == 0 {
			return Model{}, fmt.Errorf("%s: every weight is 0: give step, turn, look or wrong", where)
		}
	}
	return m, nil
}

// Format writes the model as a file ParseModel reads, with a comment
// first (each line of it prefixed with "# ").
func (m Model) Format(comment string) []byte {
	var b bytes.Buffer
	for _, line := range strings.Split(strings.TrimSpace(comment), "\n") {
		fmt.Fprintf(&b, "# %s\n", line)
	}
	b.WriteString("people:\n")
	for _, p := range m.People {
		fmt.Fprintf(&b, "  - name: %s\n    sight: %s\n    pull: %s\n    step: %s\n    turn: %s\n    look: %s\n    wrong: %s\n",
			p.Name, num(p.Sight), num(p.Pull), num(p.Step), num(p.Turn), num(p.Look), num(p.Wrong))
	}
	return b.Bytes()
}

func num(v float64) string { return fmt.Sprintf("%.4g", v) }
