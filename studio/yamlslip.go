package studio

import (
	"bytes"
	"strings"

	"mazebook/internal/say"
)

// yamlSlip looks, in a spec the YAML parser cannot read, for the line of
// the slip a person most likely made, at or before the line the parser
// named (reported; 0 when it named none). The parser names where it gave
// up, which can be far below the slip: a quote opened and not closed on
// its line makes it read on, across the lines below, to the end of the
// text. yamlSlip finds, the first on a line of its own: a quote opened
// and not closed, a [ or { not closed, a tab in the indentation. It
// returns the line and what is wrong there, or 0.
func yamlSlip(data []byte, reported int) (int, say.Text) {
	lines := bytes.Split(data, []byte("\n"))
	last := len(lines)
	if reported > 0 && reported < last {
		last = reported
	}
	for i := 0; i < last; i++ {
		line := strings.TrimRight(string(lines[i]), "\r")
		body := strings.TrimLeft(line, " \t")
		if body == "" || body[0] == '#' {
			continue
		}
		if strings.Contains(line[:len(line)-len(body)], "\t") {
			return i + 1, say.T("a tab in the indentation (YAML indents with spaces)")
		}
		if what, ok := unclosed(body); ok {
			return i + 1, what
		}
	}
	return 0, say.Text{}
}

// unclosed reports whether a line's value (after "key:" or "- ") opens
// a quote, a [ or a { it does not close, and says which.
func unclosed(body string) (say.Text, bool) {
	v := body
	for {
		switch {
		case strings.HasPrefix(v, "- "):
			v = strings.TrimLeft(v[2:], " ")
			continue
		case v != "" && v[0] != '"' && v[0] != '\'' && v[0] != '[' && v[0] != '{':
			// A plain key: its value follows ": ".
			if k := strings.Index(v, ": "); k >= 0 && !strings.Contains(v[:k], " #") {
				v = strings.TrimLeft(v[k+2:], " ")
				continue
			}
			return say.Text{}, false
		}
		break
	}
	if v == "" {
		return say.Text{}, false
	}
	switch v[0] {
	case '"', '\'':
		if !closesQuote(v) {
			return say.T("a quote opened on this line is not closed on it"), true
		}
	case '[', '{':
		if !closesFlow(v) {
			return say.T("a %s opened on this line is not closed on it", v[:1]), true
		}
	}
	return say.Text{}, false
}

// closesQuote reports whether the quoted text v starts closes on its
// line: a double quote not escaped by a backslash, a single quote not
// doubled.
func closesQuote(v string) bool {
	q := v[0]
	for i := 1; i < len(v); i++ {
		switch {
		case q == '"' && v[i] == '\\':
			i++
		case v[i] == q && q == '\'' && i+1 < len(v) && v[i+1] == '\'':
			i++
		case v[i] == q:
			return true
		}
	}
	return false
}

// closesFlow reports whether the [ or { v starts closes on its line,
// quotes and a comment after it set aside.
func closesFlow(v string) bool {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '"', '\'':
			end := strings.IndexByte(v[i+1:], c)
			if end < 0 {
				return false
			}
			i += end + 1
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return true
			}
		case '#':
			if i > 0 && v[i-1] == ' ' {
				return false
			}
		}
	}
	return false
}
