package studio

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// Field is a field of the studio's form: the spec key it edits (a path
// such as "page.size"; "sections.*.count" for each section's), the kind
// of input, the value the spec takes when the key is not written, and
// the values it allows when they are few.
type Field struct {
	Path    string   `json:"path"`
	Kind    string   `json:"kind"` // text, number, select, check
	Default string   `json:"default"`
	Choices []string `json:"choices,omitempty"`
	// Suggest are values offered (a datalist) where others are allowed.
	Suggest []string `json:"suggest,omitempty"`
}

// fields returns the form's fields: the book's, then each section's.
func fields() []Field {
	perPage := make([]string, len(spec.PerPageChoices))
	for i, n := range spec.PerPageChoices {
		perPage[i] = strconv.Itoa(n)
	}
	var sizes []string
	for _, ps := range spec.PageSizes {
		sizes = append(sizes, ps.Name)
	}
	algos := append([]string{"", spec.Random}, maze.AlgorithmNames()...)
	fs := []Field{
		{Path: "title", Kind: "text"},
		{Path: "subtitle", Kind: "text"},
		{Path: "author", Kind: "text"},
		{Path: "language", Kind: "select", Choices: spec.Languages},
		// A spec without a seed takes one drawn from its title: no
		// fixed default to show (see spec.TitleSeed).
		{Path: "seed", Kind: "number"},
		{Path: "page.size", Kind: "text", Suggest: sizes},
		{Path: "page.orientation", Kind: "select", Choices: []string{"portrait", "landscape"}},
		{Path: "page.margin", Kind: "text"},
		{Path: "preset", Kind: "select", Choices: []string{"", "kdp"}},
		{Path: "title_page", Kind: "check"},
		{Path: "answers.enabled", Kind: "check"},
		{Path: "answers.per_page", Kind: "select", Choices: perPage},
		{Path: "teacher_edition", Kind: "check"},
		{Path: "style.color", Kind: "select", Choices: draw.InkNames()},
		{Path: "style.markers", Kind: "select", Choices: draw.MarkerNames()},
		{Path: "style.name_line", Kind: "check"},
		{Path: "theme", Kind: "select", Choices: append([]string{"", theme.Random}, theme.Names()...)},
		{Path: "style.motifs", Kind: "check"},

		{Path: "sections.*.title", Kind: "text"},
		{Path: "sections.*.count", Kind: "number"},
		{Path: "sections.*.shape", Kind: "select", Choices: maze.ShapeNames()},
		{Path: "sections.*.size", Kind: "text"},
		{Path: "sections.*.difficulty", Kind: "text", Suggest: []string{"easy", "medium", "hard", "expert", "1", "5", "10", "easy..hard", "2..8"}},
		{Path: "sections.*.ages", Kind: "text", Suggest: []string{"4-6", "6-8", "8-10", "12+"}},
		{Path: "sections.*.algorithm", Kind: "select", Choices: algos},
		{Path: "sections.*.per_page", Kind: "select", Choices: perPage},
		{Path: "sections.*.openings", Kind: "select", Choices: append([]string{""}, maze.OpeningsNames()...)},
		{Path: "sections.*.caption", Kind: "text"},
		{Path: "sections.*.instructions", Kind: "text"},
	}
	// Each field's default is the spec's own (spec.Default), never
	// restated here.
	for i := range fs {
		fs[i].Default, _ = spec.Default(fs[i].Path)
	}
	return fs
}

// fieldFor returns the field a path is edited by ("sections.2.count" by
// "sections.*.count"), or false.
func fieldFor(path string) (Field, bool) {
	generic := path
	if rest, ok := strings.CutPrefix(path, "sections."); ok {
		i := strings.IndexByte(rest, '.')
		if i < 0 {
			return Field{}, false
		}
		if _, err := strconv.Atoi(rest[:i]); err != nil {
			return Field{}, false
		}
		generic = "sections.*." + rest[i+1:]
	}
	for _, f := range fields() {
		if f.Path == generic {
			return f, true
		}
	}
	return Field{}, false
}

// Model is what the form shows of a spec: the value written at each of
// the form's paths (absent when not written), and the number of
// sections.
type Model struct {
	Values   map[string]string `json:"values"`
	Sections int               `json:"sections"`
}

// parseDoc parses a spec's YAML as a node tree: the document's mapping,
// or an empty one for an empty spec.
func parseDoc(data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if doc.Kind == 0 {
		return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}, nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("the spec is not a mapping of keys to values")
	}
	return &doc, nil
}

// readModel reads the form's values from a spec's YAML.
func readModel(data []byte) (*Model, error) {
	doc, err := parseDoc(data)
	if err != nil {
		return nil, err
	}
	root := doc.Content[0]
	m := &Model{Values: map[string]string{}}
	get := func(base *yaml.Node, path string) (string, bool) {
		n := base
		for _, k := range strings.Split(path, ".") {
			if n.Kind == yaml.AliasNode {
				n = n.Alias
			}
			if n.Kind != yaml.MappingNode {
				return "", false
			}
			n = lookup(n, k)
			if n == nil {
				return "", false
			}
		}
		if n.Kind != yaml.ScalarNode {
			return "", false
		}
		return n.Value, true
	}
	for _, f := range fields() {
		if strings.HasPrefix(f.Path, "sections.") {
			continue
		}
		if v, ok := get(root, f.Path); ok {
			m.Values[f.Path] = v
		}
	}
	if a := lookup(root, "answers"); a != nil && a.Kind == yaml.ScalarNode {
		m.Values["answers.enabled"] = a.Value
	}
	if secs := lookup(root, "sections"); secs != nil && secs.Kind == yaml.SequenceNode {
		m.Sections = len(secs.Content)
		for i, sec := range secs.Content {
			for _, f := range fields() {
				key, ok := strings.CutPrefix(f.Path, "sections.*.")
				if !ok {
					continue
				}
				if v, ok := get(sec, key); ok {
					m.Values[fmt.Sprintf("sections.%d.%s", i, key)] = v
				}
			}
		}
	}
	return m, nil
}

// lookup returns the value of key in mapping n, or nil.
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// Edit is a change the form makes to a spec: values to set (an empty
// value removes the key, leaving the spec's default), and at most one
// change to the sections.
type Edit struct {
	Set map[string]string `json:"set"`
	// Op is "add" (a section after the last, like it), "remove" (section
	// Index), "up" or "down" (move section Index), or empty.
	Op    string `json:"op"`
	Index int    `json:"index"`
}

// maxSections is the most sections the form adds up to.
const maxSections = 200

// applyEdit returns the spec's YAML with an edit made, keeping its other
// keys and its comments.
func applyEdit(data []byte, e Edit) ([]byte, error) {
	doc, err := parseDoc(data)
	if err != nil {
		return nil, err
	}
	if e.Op == "" && len(e.Set) > 0 {
		if out, ok := editInPlace(data, e.Set); ok {
			if _, err := parseDoc(out); err == nil {
				return out, nil
			}
		}
	}
	root := doc.Content[0]
	for path, v := range e.Set {
		f, ok := fieldFor(path)
		if !ok {
			return nil, say.Errorf("the form has no field %q", path)
		}
		parts := strings.Split(path, ".")
		if parts[0] == "sections" {
			secs := lookup(root, "sections")
			idx, _ := strconv.Atoi(parts[1])
			if secs == nil || secs.Kind != yaml.SequenceNode || idx >= len(secs.Content) {
				return nil, say.Errorf("there is no section %s", parts[1])
			}
		}
		if err := setPath(root, parts, v, f.Kind); err != nil {
			return nil, err
		}
	}
	if e.Op != "" {
		secs := lookup(root, "sections")
		if secs == nil {
			secs = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			root.Content = append(root.Content, scalar("sections", "!!str"), secs)
		}
		if secs.Kind != yaml.SequenceNode {
			return nil, errors.New("sections is not a list")
		}
		n := len(secs.Content)
		if e.Op != "add" && (e.Index < 0 || e.Index >= n) {
			verb := map[string]string{"remove": "remove", "up": "move up", "down": "move down"}[e.Op]
			if verb == "" {
				return nil, say.Errorf("unknown change %q", e.Op)
			}
			return nil, say.Errorf("there is no such section to %s: the book has %d", verb, n)
		}
		switch e.Op {
		case "add":
			if n >= maxSections {
				return nil, say.Errorf("the form adds at most %d sections", maxSections)
			}
			sec := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			if n > 0 && secs.Content[n-1].Kind == yaml.MappingNode {
				// Like the last section, but for its title and id.
				last := secs.Content[n-1]
				for i := 0; i+1 < len(last.Content); i += 2 {
					k := last.Content[i].Value
					if k == "title" || k == "id" {
						continue
					}
					sec.Content = append(sec.Content, scalar(k, "!!str"), copyNode(last.Content[i+1]))
				}
			} else {
				sec.Content = append(sec.Content, scalar("count", "!!str"), scalar("4", ""))
			}
			sec.Content = append([]*yaml.Node{scalar("title", "!!str"), scalar(fmt.Sprintf("Section %d", n+1), "!!str")}, sec.Content...)
			secs.Content = append(secs.Content, sec)
		case "remove":
			secs.Content = append(secs.Content[:e.Index], secs.Content[e.Index+1:]...)
		case "up", "down":
			j := e.Index - 1
			if e.Op == "down" {
				j = e.Index + 1
			}
			if j >= 0 && j < n {
				secs.Content[e.Index], secs.Content[j] = secs.Content[j], secs.Content[e.Index]
			}
		default:
			return nil, say.Errorf("unknown change %q", e.Op)
		}
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// setPath sets the scalar at path under mapping n to v (removing it when
// v is empty), making the mappings on the way; kind is the field's.
func setPath(n *yaml.Node, path []string, v, kind string) error {
	for i, k := range path {
		last := i == len(path)-1
		switch n.Kind {
		case yaml.MappingNode:
			val := lookup(n, k)
			if last {
				if v == "" {
					removeKey(n, k)
					return nil
				}
				tag := "!!str"
				if kind == "number" || kind == "check" || kind == "select" {
					tag = "" // resolved: 4 is a number, true a boolean, "x" text
				}
				if val != nil && val.Kind == yaml.ScalarNode {
					val.Value, val.Tag, val.Style = v, tag, 0
				} else if val != nil {
					*val = *scalar(v, tag)
				} else {
					n.Content = append(n.Content, scalar(k, "!!str"), scalar(v, tag))
				}
				return nil
			}
			if val == nil {
				if v == "" {
					return nil
				}
				val = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
				n.Content = append(n.Content, scalar(k, "!!str"), val)
			} else if val.Kind == yaml.ScalarNode && k == "answers" {
				// answers: false becomes {enabled: false}.
				old := *val
				*val = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{scalar("enabled", "!!str"), &old}}
			} else if val.Kind == yaml.ScalarNode {
				// page: a4 is not a mapping: the form's key replaces it.
				*val = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			}
			n = val
		case yaml.SequenceNode:
			idx, err := strconv.Atoi(k)
			if err != nil || idx < 0 || idx >= len(n.Content) {
				return say.Errorf("there is no section %s", k)
			}
			n = n.Content[idx]
			if n.Kind != yaml.MappingNode {
				return say.Errorf("section %d is not a mapping", idx+1)
			}
			if last {
				return errors.New("a section is not a value")
			}
		default:
			return say.Errorf("%s is not a mapping", strings.Join(path[:i], "."))
		}
	}
	return nil
}

func removeKey(n *yaml.Node, key string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content = append(n.Content[:i], n.Content[i+2:]...)
			return
		}
	}
}

func scalar(v, tag string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: v, Tag: tag}
	if tag == "" {
		n.Tag = (&yaml.Node{Kind: yaml.ScalarNode, Value: v}).ShortTag()
	}
	return n
}

// copyNode copies a node tree, without its comments.
func copyNode(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	c.Content = nil
	for _, x := range n.Content {
		c.Content = append(c.Content, copyNode(x))
	}
	return &c
}

// places maps the line and column of every value (and key) in a spec to
// its path ("sections.0.count"), for placing errors on the form's fields.
func places(data []byte) map[[2]int]string {
	doc, err := parseDoc(data)
	if err != nil {
		return nil
	}
	out := map[[2]int]string{}
	type item struct {
		n    *yaml.Node
		path string
	}
	stack := []item{{doc.Content[0], ""}}
	join := func(a, b string) string {
		if a == "" {
			return b
		}
		return a + "." + b
	}
	for len(stack) > 0 && len(out) < 100000 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch it.n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(it.n.Content); i += 2 {
				k, v := it.n.Content[i], it.n.Content[i+1]
				p := join(it.path, k.Value)
				if _, ok := out[[2]int{k.Line, k.Column}]; !ok {
					out[[2]int{k.Line, k.Column}] = p
				}
				out[[2]int{v.Line, v.Column}] = p
				stack = append(stack, item{v, p})
			}
		case yaml.SequenceNode:
			for i, v := range it.n.Content {
				p := join(it.path, strconv.Itoa(i))
				if _, ok := out[[2]int{v.Line, v.Column}]; !ok {
					out[[2]int{v.Line, v.Column}] = p
				}
				stack = append(stack, item{v, p})
			}
		}
	}
	return out
}
