package study

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
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
		return Model{}, modelError(file, err)
	}
	// The nodes again, for the line of each person's problem.
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root)
	line := func(i int, key string) int {
		n := &root
		if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
			n = n.Content[0]
		}
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value != "people" || n.Content[j+1].Kind != yaml.SequenceNode || i >= len(n.Content[j+1].Content) {
				continue
			}
			item := n.Content[j+1].Content[i]
			for k := 0; k+1 < len(item.Content); k += 2 {
				if item.Content[k].Value == key {
					return item.Content[k+1].Line
				}
			}
			return item.Line
		}
		return 0
	}
	if len(m.People) == 0 || len(m.People) > 8 {
		return Model{}, fmt.Errorf("%s: a difficulty model lists 1 to 8 people (people: - name: ...)", file)
	}
	seen := map[string]bool{}
	for i, p := range m.People {
		where := func(key string) string { return fmt.Sprintf("%s:%d: people[%d].%s", file, line(i, key), i, key) }
		switch {
		case p.Name == "" || len(p.Name) > 32 || strings.ContainsAny(p.Name, " \t\n,"):
			return Model{}, fmt.Errorf("%s: %q must be a word of 1 to 32 letters", where("name"), p.Name)
		case seen[p.Name]:
			return Model{}, fmt.Errorf("%s: %q is given twice", where("name"), p.Name)
		}
		seen[p.Name] = true
		for _, v := range []struct {
			key      string
			val, max float64
		}{{"sight", p.Sight, 50}, {"pull", p.Pull, 20}, {"step", p.Step, 1e3}, {"turn", p.Turn, 1e3}, {"look", p.Look, 1e3}, {"wrong", p.Wrong, 1e3}} {
			if math.IsNaN(v.val) || v.val < 0 || v.val > v.max {
				return Model{}, fmt.Errorf("%s must be from 0 to %g, not %g", where(v.key), v.max, v.val)
			}
		}
		if p.Step+p.Turn+p.Look+p.Wrong == 0 {
			return Model{}, fmt.Errorf("%s:%d: people[%d]: every weight is 0: give step, turn, look or wrong", file, line(i, ""), i)
		}
	}
	return m, nil
}

var (
	unknownField = regexp.MustCompile(`^line (\d+): field (\S+) not found`)
	atLine       = regexp.MustCompile(`^line (\d+): (.*)$`)
)

// modelError says what the YAML decoder found wrong with a model file,
// at its line: an unknown key with the keys a person takes.
func modelError(file string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := unknownField.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: unknown key %s in a difficulty model (a person takes name, sight, pull, step, turn, look and wrong)", file, m[1], m[2])
	}
	if m := atLine.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: not a difficulty model: %s", file, m[1], m[2])
	}
	return fmt.Errorf("%s: not a difficulty model: %s", file, msg)
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
