// Package templates holds the specs mazebook starts from: the default book
// `mazebook build` makes without a spec, and the starters `mazebook init`
// writes. Each builds as it is.
package templates

import (
	"embed"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

//go:embed *.yaml
var files embed.FS

// Default is the spec of the book built when no spec is given.
func Default() []byte {
	data, _ := files.ReadFile("default.yaml")
	return data
}

// starters maps a starter's name to its file and a one-line description.
var starters = map[string]struct{ file, about string }{
	"book":      {"starter.yaml", "a commented book spec showing every key"},
	"worksheet": {"worksheet.yaml", "a one-page classroom worksheet: one big maze, name and date line"},
}

// StarterNames returns the names of the starter specs, sorted.
func StarterNames() []string {
	names := make([]string, 0, len(starters))
	for n := range starters {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// StarterAs returns the starter spec called name, its comments naming
// file (a spec's path) as the file it is saved in and the PDF its build
// writes next to it.
func StarterAs(name, file string) ([]byte, error) {
	data, _, err := Starter(name)
	if err != nil {
		return nil, err
	}
	s := starters[name]
	base := filepath.Base(file)
	pdf := strings.TrimSuffix(base, filepath.Ext(base)) + ".pdf"
	own := strings.TrimSuffix(s.file, ".yaml")
	if name == "book" {
		own = "book"
	}
	text := strings.ReplaceAll(string(data), own+".yaml", base)
	text = strings.ReplaceAll(text, own+".pdf", pdf)
	return []byte(text), nil
}

// WithSeed returns a starter spec with its seed line set to seed: the
// number after "seed:" of its first such line replaced, its comment kept.
// 'mazebook init' gives every spec it writes a fresh seed, so that two
// books made from one starter do not hold the same mazes.
func WithSeed(spec []byte, seed uint64) []byte {
	lines := strings.SplitAfter(string(spec), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "seed:") {
			continue
		}
		rest := strings.TrimPrefix(l, "seed:")
		n := len(rest) - len(strings.TrimLeft(rest, " "))
		digits := len(rest[n:]) - len(strings.TrimLeft(rest[n:], "0123456789"))
		if digits == 0 {
			break
		}
		tail := rest[n+digits:]
		num := strconv.FormatUint(seed, 10)
		// A comment keeps its column, a space at least before it.
		if comment := strings.TrimLeft(tail, " "); strings.HasPrefix(comment, "#") {
			gap := max(1, len(tail)-len(comment)+digits-len(num))
			tail = strings.Repeat(" ", gap) + comment
		}
		lines[i] = "seed:" + rest[:n] + num + tail
		break
	}
	return []byte(strings.Join(lines, ""))
}

// Starter returns the starter spec called name and its description.
func Starter(name string) (spec []byte, about string, err error) {
	s, ok := starters[name]
	if !ok {
		return nil, "", fmt.Errorf("template %q is unknown (known: %s)", name, strings.Join(StarterNames(), ", "))
	}
	data, err := files.ReadFile(s.file)
	if err != nil {
		return nil, "", err
	}
	return data, s.about, nil
}
