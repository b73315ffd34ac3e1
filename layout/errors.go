package layout

import (
	"fmt"
	"sort"
	"strings"
)

// SpecError is a problem in a spec, with the place it was found.
type SpecError struct {
	File      string
	Line, Col int // 1-based; 0 when the problem has no single place
	Msg       string
}

func (e *SpecError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// SpecErrors is every problem found in a spec, in the order of the file.
type SpecErrors []*SpecError

func (l SpecErrors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// sort orders the errors by their place in the file; errors without a
// place come last.
func (l SpecErrors) sort() {
	key := func(e *SpecError) (int, int) {
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
