// Package spec reads a book's YAML spec into a Book: every value checked
// and placed at the line and column it was written (so that every problem
// found, all at once, names its place: book.yaml:12:5: ...), every default
// settled here and nowhere else, text templates parsed and bounded, and
// the masks and fonts it names read from their files. Nothing downstream asks
// the YAML anything again.
package spec
