package main

import (
	"mazebook/layout/spec"
)

// specNotes returns the spec's notes (see spec.Book.Notes) as lines, each
// naming the file and line of the key it is about.
func specNotes(sp *spec.Book) []string {
	var out []string
	for _, n := range sp.Notes() {
		out = append(out, n.Error())
	}
	return out
}
