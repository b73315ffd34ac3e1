// Package say holds what mazebook says to people, as values: a message
// is written in English, as a fmt format and its arguments, and kept so,
// the format and the arguments apart, until it is shown. Its String (or
// an error's Error) is its English text; mazebook/internal/tell says it
// in another language, where the message is shown (a spec's errors, the
// command line, the studio).
//
// The package knows no language but English, so that the packages that
// make messages (the maze core among them) depend on no language's
// words.
package say

import (
	"fmt"
	"strings"
)

// Text is a message: an English format and its arguments.
type Text struct {
	format string
	args   []any
	// plural is set for a Plural: format holds its forms, separated by
	// '|', and args its count.
	plural bool
}

// T returns the message of a format and its arguments.
func T(format string, args ...any) Text { return Text{format: format, args: args} }

// Plural returns a counted phrase: one is what English says of 1 of it,
// other of any other count (each may hold %d, where n goes: "%d maze",
// "%d mazes"). A language's catalogue gives its forms under the key
// "one|other", separated by '|', one for each of the plural categories
// its whole numbers take (see mazebook/internal/tell.Forms).
func Plural(n int, one, other string) Text {
	return Text{format: one + "|" + other, args: []any{n}, plural: true}
}

// String returns the message in English.
func (t Text) String() string {
	if t.plural {
		forms := strings.Split(t.format, "|")
		n := t.args[0].(int)
		f := forms[len(forms)-1]
		if n == 1 || n == -1 {
			// English's one: a whole number whose absolute value is 1.
			f = forms[0]
		}
		if strings.Contains(f, "%") {
			return fmt.Sprintf(f, n)
		}
		return f
	}
	// %w wraps an error in Errorf; here it is the error's text.
	return fmt.Sprintf(strings.ReplaceAll(t.format, "%w", "%v"), t.args...)
}

// Format returns the message's English format; a Plural's is its forms,
// "one|other".
func (t Text) Format() string { return t.format }

// Args returns the message's arguments; a Plural's is its count.
// Callers must not change them.
func (t Text) Args() []any { return t.args }

// IsPlural reports whether the message is a Plural.
func (t Text) IsPlural() bool { return t.plural }

// Error is an error whose text can be said in other languages.
type Error struct {
	Text
	err error // fmt.Errorf of the text, for its English words and wrapping
}

// Errorf returns an error of a format and its arguments, as fmt.Errorf
// does (%w wraps), whose text can also be said in other languages.
func Errorf(format string, args ...any) error {
	return &Error{Text{format: format, args: args}, fmt.Errorf(format, args...)}
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the errors the format wrapped with %w.
func (e *Error) Unwrap() []error {
	switch u := e.err.(type) {
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	}
	return nil
}

// Names are words said by name rather than as a literal format (T of a
// value): the difficulty levels' names, which a message says in its own
// language, "(nivel 3, fácil)". Each has a translation in every
// catalogue, as every format does.
var Names = []string{"easy", "medium", "hard", "expert"}
