// Package difficulty is the difficulty model of package maze's mazes,
// beside it as image/draw is beside image: the person settings (Person,
// People) and their expected walks (Expect), the score that combines
// their times (Rate, RateFor, SolveAndRate) and its ten levels (Levels,
// LevelCells). It also reads and writes difficulty model files: the
// person settings as 'mazebook calibrate' writes them and a spec's
// difficulty_model names them. The spec reader, the studio and the study
// all read them here. Package maze knows nothing of it.
package difficulty

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Model is a difficulty model a spec can name (difficulty_model: FILE):
// the person settings whose times make the score, in place of
// People.
type Model struct {
	People []Person `yaml:"people"`
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
		if seen[p.Name] {
			return Model{}, fmt.Errorf("%s: %q is given twice", where("name"), p.Name)
		}
		seen[p.Name] = true
		if key, err := CheckPerson(p); err != nil {
			switch key {
			case "":
				return Model{}, fmt.Errorf("%s:%d: people[%d]: %v", file, line(i, ""), i, err)
			case "name":
				return Model{}, fmt.Errorf("%s: %v", where(key), err)
			}
			return Model{}, fmt.Errorf("%s %v", where(key), err)
		}
	}
	return m, nil
}

// Bounds of a person setting in a model file.
const (
	MaxSight  = 50
	MaxPull   = 20
	MaxWeight = 1000
)

// CheckPerson says what is wrong with a person setting of a model, and
// the key it is wrong in ("" for the setting as a whole), or nil: the
// bounds a model file is read within.
func CheckPerson(p Person) (key string, err error) {
	if p.Name == "" || len(p.Name) > 32 || strings.ContainsAny(p.Name, " \t\n,") || controlName(p.Name) {
		return "name", fmt.Errorf("%q must be a word of 1 to 32 letters", p.Name)
	}
	for _, v := range []struct {
		key      string
		val, max float64
	}{{"sight", p.Sight, MaxSight}, {"pull", p.Pull, MaxPull}, {"step", p.Step, MaxWeight}, {"turn", p.Turn, MaxWeight}, {"look", p.Look, MaxWeight}, {"wrong", p.Wrong, MaxWeight}} {
		if math.IsNaN(v.val) || v.val < 0 || v.val > v.max {
			return v.key, fmt.Errorf("must be from 0 to %g, not %g", v.max, v.val)
		}
	}
	if p.Step+p.Turn+p.Look+p.Wrong == 0 {
		return "", errors.New("every weight is 0: give step, turn, look or wrong")
	}
	return "", nil
}

// controlName reports whether a name holds a character that breaks a
// line or a comment (a control character, a Unicode line or paragraph
// separator).
func controlName(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }) >= 0
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
// first: each of its lines prefixed with "# ". Whatever would end a
// comment line in YAML (a carriage return, a next line, a line or
// paragraph separator, as in a file name) starts a comment line of its
// own, and other control characters are written as escapes, so that
// the comment can never spill into the model.
func (m Model) Format(comment string) []byte {
	var b bytes.Buffer
	for _, line := range commentLines(comment) {
		fmt.Fprintf(&b, "# %s\n", line)
	}
	b.WriteString("people:\n")
	for _, p := range m.People {
		fmt.Fprintf(&b, "  - name: %s\n    sight: %s\n    pull: %s\n    step: %s\n    turn: %s\n    look: %s\n    wrong: %s\n",
			p.Name, num(p.Sight), num(p.Pull), num(p.Step), num(p.Turn), num(p.Look), num(p.Wrong))
	}
	return b.Bytes()
}

// commentLines splits a comment into lines that hold no line break of
// YAML's and no control character.
func commentLines(comment string) []string {
	var lines []string
	var line strings.Builder
	for _, r := range strings.TrimSpace(comment) {
		switch {
		case r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			lines = append(lines, line.String())
			line.Reset()
		case r == '\t':
			line.WriteRune(r)
		case unicode.IsControl(r) || r == '\ufeff' || r == utf8.RuneError:
			q := strconv.QuoteRune(r)
			line.WriteString(q[1 : len(q)-1])
		default:
			line.WriteRune(r)
		}
	}
	return append(lines, line.String())
}

func num(v float64) string { return fmt.Sprintf("%.4g", v) }
