package spec

import (
	"fmt"
	"sort"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
)

// Error is a problem in a spec, with the place it was found.
type Error struct {
	File      string
	Line, Col int    // 1-based; 0 when the problem has no single place
	Msg       string // in English
	text      say.Text
}

// newError returns an Error at a place, its message a format and its
// arguments that can also be said in other languages.
func newError(file string, line, col int, format string, args ...any) *Error {
	t := say.T(format, args...)
	return &Error{File: file, Line: line, Col: col, Msg: t.String(), text: t}
}

// Message returns the problem, without its place, in a language ("en",
// "es", ...): in English where the language has no words for it.
func (e *Error) Message(lang string) string {
	if e.text.Format() == "" {
		return e.Msg
	}
	return tell.In(lang, e.text)
}

// In returns the error, with its place, in a language ("en", "es", ...).
func (e *Error) In(lang string) string {
	return strings.Replace(e.Error(), e.Msg, e.Message(lang), 1)
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errors is every problem found in a spec, in the order of the file.
type Errors []*Error

// MaxReported is the most problems Errors.Error lists; it then says
// how many more there are.
const MaxReported = 50

func (l Errors) Error() string {
	n := min(len(l), MaxReported)
	msgs := make([]string, n, n+1)
	for i, e := range l[:n] {
		msgs[i] = e.Error()
	}
	if more := len(l) - n; more > 0 {
		msgs = append(msgs, say.Plural(more, "... and %d more problem", "... and %d more problems").String())
	}
	return strings.Join(msgs, "\n")
}

// Sorted returns the errors ordered by their place in the file, errors
// without a place last.
func (l Errors) Sorted() Errors {
	l.sort()
	return l
}

// sort orders the errors by their place in the file; errors without a
// place come last.
func (l Errors) sort() {
	key := func(e *Error) (int, int) {
		if e.Line == 0 {
			return 1 << 30, 0
		}
		return e.Line, e.Col
	}
	sort.SliceStable(l, func(i, j int) bool {
		li, ci := key(l[i])
		lj, cj := key(l[j])
		return li < lj || li == lj && ci < cj
	})
}
