package spec

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/words"
)

// Labels are the words mazebook prints on its own, in the book's
// language (see words.Labels).
type Labels = words.Labels

// Languages are the languages mazebook sets a book in: every word it
// prints on its own is in each (see package words).
var Languages = words.Codes()

// RTL reports whether a language is written right to left: its pages
// are laid out mirrored, paragraphs set from the right.
func RTL(language string) bool { return words.Or(language).RTL }

// LabelsFor returns the built-in labels of a language, English when the
// language is unknown.
func LabelsFor(language string) Labels { return words.Or(language).Labels }

// language reads the language key: one of Languages.
func (d *decoder) language(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "language")
	if !ok {
		return
	}
	if !slices.Contains(Languages, v) {
		d.errorf(n, "language %q is unknown (known: %s)", v, strings.Join(Languages, ", "))
		return
	}
	d.spec.Language = v
}
