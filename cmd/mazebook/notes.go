package main

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/layout/spec"
)

// specNotes returns notes on a spec that builds but does less than it
// says, each naming the file and line of the key: style.motifs (the
// book's or a section's) with no theme whose pictures it would draw.
func specNotes(path string, sp *spec.Book) []string {
	if sp.Theme != "" {
		return nil
	}
	motifs := false
	for _, s := range sp.Sections {
		motifs = motifs || s.Style.Motifs
	}
	if !motifs {
		return nil
	}
	where := path
	if data, err := files.ReadFile(path, spec.MaxSpecSize); err == nil {
		if n := findKey(data, "motifs"); n != nil {
			where = fmt.Sprintf("%s:%d:%d", path, n.Line, n.Column)
		}
	}
	return []string{fmt.Sprintf("%s: style.motifs draws the pictures of the book's theme in the corners of its pages, and the book has no theme: no motif is drawn (give theme: NAME, or leave motifs out)", where)}
}

// findKey returns the first key called name in a YAML document's
// mappings, at any depth, whose value is true; nil for none.
func findKey(data []byte, name string) *yaml.Node {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil {
		return nil
	}
	stack := []*yaml.Node{&root}
	for len(stack) > 0 {
		n := stack[0]
		stack = stack[1:]
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k, v := n.Content[i], n.Content[i+1]; k.Value == name && v.Kind == yaml.ScalarNode && v.Value == "true" {
					return k
				}
			}
		}
		stack = append(stack, n.Content...)
	}
	return nil
}
