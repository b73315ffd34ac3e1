package spec

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/words"
)

// Labels are the words mazebook prints on its own, in the book's
// language (see words.Labels).
type Labels = words.Labels

// Languages are the languages mazebook sets a book in: every word it
// prints on its own is in each (see package words).
var Languages = words.Codes()

// unset are the languages mazebook knows it cannot set yet, with why.
var unset = map[string]say.Text{
	"ar": say.T("Arabic needs pages laid out right to left, which mazebook does not do yet"),
}

// LabelsFor returns the built-in labels of a language, English when the
// language is unknown.
func LabelsFor(language string) Labels { return words.Or(language).Labels }

// language reads the language key: one of Languages; one mazebook cannot
// set yet is refused with why.
func (d *decoder) language(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "language")
	if !ok {
		return
	}
	if why, ok := unset[v]; ok {
		d.errorf(n, "language %q: %s; the languages mazebook sets are %s", v, why, strings.Join(Languages, ", "))
		return
	}
	if !slices.Contains(Languages, v) {
		d.errorf(n, "language %q is unknown (known: %s)", v, strings.Join(Languages, ", "))
		return
	}
	d.spec.Language = v
}
